# fp8 round trips: fp32 values converted to the fp8 pointee type (round to
# nearest even, saturating), stored, loaded back and widened to fp32.
# tools/gpu/compare_triton.py checks both outputs bit for bit against
# Triton's run of this file.
import triton
import triton.language as tl


@triton.jit
def fp8_round_trip(x_ptr, q_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(q_ptr + offs, x.to(q_ptr.dtype.element_ty), mask=m)
    back = tl.load(q_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, back.to(tl.float32), mask=m)
