# 16- and 64-bit floats through loads, arithmetic and stores (the vector
# path: 8 halves or 2 doubles in 16 bytes), with the store converting to the
# output's type. test/gpu/gpu_dtypes_test.cpp runs it for several pairs of
# element types.
import triton
import triton.language as tl


@triton.jit
def scale_shift(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, x * 2.0 + 1.0, mask=mask)
