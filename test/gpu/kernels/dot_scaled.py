# C = A B for operands in microscaling formats (tl.dot_scaled): A is M x K,
# B is K x N, each in A_FORMAT / B_FORMAT ("e2m1" packs two values a byte
# along K), with one e8m0 scale byte per 32 elements along K (A's scales
# M x K/32, B's N x K/32). M, N, K are multiples of the blocks. FAST_MATH
# leaves out the NaN of scale byte 0xFF.
import triton
import triton.language as tl


@triton.jit
def mx_matmul(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, M, N, K,
              stride_am, stride_bk, stride_sa, stride_sb,
              BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
              A_FORMAT: tl.constexpr, B_FORMAT: tl.constexpr,
              FAST_MATH: tl.constexpr):
    A_PACK: tl.constexpr = 2 if A_FORMAT == "e2m1" else 1
    B_PACK: tl.constexpr = 2 if B_FORMAT == "e2m1" else 1
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        rka = k // A_PACK + tl.arange(0, BK // A_PACK)
        rkb = k // B_PACK + tl.arange(0, BK // B_PACK)
        rs = k // 32 + tl.arange(0, BK // 32)
        a = tl.load(a_ptr + rm[:, None] * stride_am + rka[None, :])
        b = tl.load(b_ptr + rkb[:, None] * stride_bk + rn[None, :])
        sa = tl.load(a_scale_ptr + rm[:, None] * stride_sa + rs[None, :])
        sb = tl.load(b_scale_ptr + rn[:, None] * stride_sb + rs[None, :])
        acc = tl.dot_scaled(a, sa, A_FORMAT, b, sb, B_FORMAT, acc,
                            fast_math=FAST_MATH)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
