# Shape ops on the GPU: a tiled transpose through tl.trans, and a product
# with a transposed factor (a @ b.T). test/gpu/gpu_shapes_test.cpp checks
# them against the CPU.
import triton
import triton.language as tl


@triton.jit
def transpose(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # y (N x M) = x (M x N) transposed, one BM x BN tile per program.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    inside = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=inside)
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(x),
             mask=tl.trans(inside))


@triton.jit
def matmul_bt(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
              BN: tl.constexpr, BK: tl.constexpr):
    # c (M x N, fp32) = a (M x K) @ b.T with b stored N x K, all row-major.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rn[:, None] * K + (k + rk)[None, :],
                    mask=(rn[:, None] < N) & ((k + rk)[None, :] < K), other=0.0)
        acc = tl.dot(a, b.T, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def row_scans(x_ptr, sum_ptr, prod_ptr, arg_ptr, n_cols, BLOCK: tl.constexpr):
    # Per row: the cumulative sum, the reversed cumulative product, and the
    # index of the maximum (the first one), over the first n_cols columns.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.store(sum_ptr + row * n_cols + cols, tl.cumsum(x, axis=0), mask=mask)
    p = tl.where(mask, x, 1.0)
    tl.store(prod_ptr + row * n_cols + cols, tl.cumprod(p, 0, reverse=True),
             mask=mask)
    tl.store(arg_ptr + row, tl.argmax(tl.where(mask, x, float("-inf")), 0))


@triton.jit
def swap_pairs(x_ptr, y_ptr, z_ptr, BLOCK: tl.constexpr):
    # y swaps the elements of each pair of x; z[i] = x[2i] + x[2i+1]:
    # reshape, split, interleave and a reduction of a reshaped block.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    pairs = tl.reshape(x, (BLOCK // 2, 2))
    even, odd = tl.split(pairs)
    tl.store(y_ptr + offs, tl.interleave(odd, even))
    halves = tl.program_id(0) * (BLOCK // 2) + tl.arange(0, BLOCK // 2)
    tl.store(z_ptr + halves, tl.sum(tl.join(even, odd), 1))
