# tl.reduce, tl.associative_scan and tl.xor_sum with @triton.jit combine
# functions on the GPU. test/gpu/gpu_combine_test.cpp checks them against
# the CPU.
import triton
import triton.language as tl


@triton.jit
def _argmax(v0, i0, v1, i1):
    # The larger value; on a tie the smaller index (commutative).
    take = (v1 > v0) | ((v1 == v0) & (i1 < i0))
    return tl.where(take, v1, v0), tl.where(take, i1, i0)


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def _max(a, b):
    return tl.maximum(a, b)


@triton.jit
def _affine(a0, b0, a1, b1):
    # Composes x -> a0 * x + b0 then x -> a1 * x + b1: associative, not
    # commutative, so the scan must keep the order.
    return a0 * a1, b0 * a1 + b1


@triton.jit
def row_argmax(x_ptr, val_ptr, idx_ptr, n_rows, n_cols, BM: tl.constexpr,
               BN: tl.constexpr):
    # The maximum of each row of x (n_rows x n_cols) and its first column.
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask,
                other=float("-inf"))
    idx = tl.broadcast_to(cols[None, :], (BM, BN))
    v, i = tl.reduce((x, idx), 1, _argmax)
    tl.store(val_ptr + rows, v, mask=rows < n_rows)
    tl.store(idx_ptr + rows, i, mask=rows < n_rows)


@triton.jit
def col_prod(x_ptr, y_ptr, n_rows, n_cols, BM: tl.constexpr, BN: tl.constexpr):
    # The product down each column of x (n_rows <= BM).
    rows = tl.arange(0, BM)
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask,
                other=1.0)
    tl.store(y_ptr + cols, x.reduce(0, _mul), mask=cols < n_cols)


@triton.jit
def running_max(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # The running maximum within each block of BLOCK elements.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=float("-inf"))
    tl.store(y_ptr + offs, tl.associative_scan(x, 0, _max), mask=offs < n)


@triton.jit
def col_running_max(x_ptr, y_ptr, n_rows, n_cols, BM: tl.constexpr,
                    BN: tl.constexpr):
    # The running maximum down each column (n_rows <= BM).
    rows = tl.arange(0, BM)
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offs = rows[:, None] * n_cols + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=float("-inf"))
    tl.store(y_ptr + offs, tl.associative_scan(x, 0, _max), mask=mask)


@triton.jit
def row_affine(a_ptr, b_ptr, ya_ptr, yb_ptr, n_cols, BLOCK: tl.constexpr,
               REVERSE: tl.constexpr):
    # Per row, the composition of the affine maps (a[c], b[c]) from column 0
    # to c (with REVERSE, from c to the last). Padding is the identity.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    a = tl.load(a_ptr + row * n_cols + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + row * n_cols + cols, mask=mask, other=0.0)
    sa, sb = tl.associative_scan((a, b), 0, _affine, reverse=REVERSE)
    tl.store(ya_ptr + row * n_cols + cols, sa, mask=mask)
    tl.store(yb_ptr + row * n_cols + cols, sb, mask=mask)


@triton.jit
def row_xor(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    # The xor of each row's elements.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0)
    tl.store(y_ptr + row, tl.xor_sum(x, axis=0))


@triton.jit
def _selu_flag(x, alpha):
    # SELU's shape on one element, and whether x was positive: only the
    # negative side evaluates the exponential.
    if x > 0:
        return x, 1
    else:
        return alpha * (tl.exp(x) - 1), 0


@triton.jit
def map_selu(x_ptr, alpha_ptr, y_ptr, flag_ptr, n_rows, n_cols,
             BM: tl.constexpr, BN: tl.constexpr):
    # tl.map_elementwise over a [BM, BN] block, alpha one per row
    # (broadcast along the row).
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offs = rows[:, None] * n_cols + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask)
    alpha = tl.load(alpha_ptr + rows, mask=rows < n_rows)
    y, flag = tl.map_elementwise(_selu_flag, x, alpha[:, None])
    tl.store(y_ptr + offs, y, mask=mask)
    tl.store(flag_ptr + offs, flag, mask=mask)


@triton.jit
def _pair_mix(a0, a1, b0, b1):
    # Two consecutive elements of a and of b; two results of two elements
    # each. Every output tells which inputs it got.
    return a0 + b1, a1 + 10 * b0, a0 * b0, a1 * b1


@triton.jit
def map_pairs(a_ptr, b_ptr, s_ptr, p_ptr, n, BLOCK: tl.constexpr):
    # tl.map_elementwise with pack=2 (compared with Triton bit for bit).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    s, p = tl.map_elementwise(_pair_mix, a, b, pack=2)
    tl.store(s_ptr + offs, s, mask=mask)
    tl.store(p_ptr + offs, p, mask=mask)
