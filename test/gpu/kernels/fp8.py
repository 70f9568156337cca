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


@triton.jit
def fp8_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_bk, stride_bn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # C = A B for fp8 A (M x K, row-major) and B (K x N, row-major or
    # column-major through its strides), fp32 C.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk +
                    rn[None, :] * stride_bn)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
