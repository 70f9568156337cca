# Moving elements along a dimension on the GPU: tl.flip, tl.cat, tl.gather,
# tl.sort, tl.topk and tl.histogram, with masks at ragged edges.
# test/gpu/gpu_permute_test.cpp checks them against the CPU.
import triton
import triton.language as tl


@triton.jit
def flips(x_ptr, y_ptr, z_ptr, n_rows, n_cols, BR: tl.constexpr,
          BC: tl.constexpr):
    # One BR x BC block of x per program (zeros past the edges): y is the
    # block flipped along its columns, z along its rows; both are stored as
    # whole blocks (rows of BC) for the rows that exist.
    rows = tl.program_id(0) * BR + tl.arange(0, BR)
    cols = tl.arange(0, BC)
    inside = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=inside,
                other=0.0)
    out = rows[:, None] * BC + cols[None, :]
    keep = (rows[:, None] < n_rows) & (cols[None, :] < BC)
    tl.store(y_ptr + out, tl.flip(x), mask=keep)
    tl.store(z_ptr + out, x.flip(0), mask=keep)


@triton.jit
def cat_swap(x_ptr, y_ptr, BLOCK: tl.constexpr):
    # Each program's 2 * BLOCK elements with their halves swapped.
    base = tl.program_id(0) * 2 * BLOCK
    offs = tl.arange(0, BLOCK)
    a = tl.load(x_ptr + base + offs)
    b = tl.load(x_ptr + base + BLOCK + offs)
    tl.store(y_ptr + base + tl.arange(0, 2 * BLOCK),
             tl.cat(b, a, can_reorder=True))


@triton.jit
def gathers(x_ptr, col_ptr, row_ptr, y_ptr, z_ptr, n_rows, n_cols,
            BR: tl.constexpr, BC: tl.constexpr, BK: tl.constexpr):
    # y[r][k] = x[r][col[r][k]] (a BR x BK index into the block's columns)
    # and z[k][c] = x[row[k][c]][c] (a BK x BC index into its rows), for the
    # block of rows of each program; masked at the edges.
    rows = tl.program_id(0) * BR + tl.arange(0, BR)
    cols = tl.arange(0, BC)
    ks = tl.arange(0, BK)
    inside = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=inside,
                other=0.0)
    col_mask = rows[:, None] < n_rows
    col = tl.load(col_ptr + rows[:, None] * BK + ks[None, :], mask=col_mask,
                  other=0)
    tl.store(y_ptr + rows[:, None] * BK + ks[None, :], tl.gather(x, col, 1),
             mask=col_mask)
    prog_ks = tl.program_id(0) * BK + ks
    row = tl.load(row_ptr + prog_ks[:, None] * BC + cols[None, :])
    tl.store(z_ptr + prog_ks[:, None] * BC + cols[None, :],
             x.gather(row, axis=0))


@triton.jit
def sort_1d(x_ptr, up_ptr, down_ptr, top_ptr, n, hi, lo, BLOCK: tl.constexpr,
            K: tl.constexpr):
    # The first n elements of x, padded with hi (ascending) or lo
    # (descending): sorted up, sorted down, and the K largest.
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    up = tl.sort(tl.where(mask, x, hi))
    down_in = tl.where(mask, x, lo)
    down = tl.sort(down_in, descending=True)
    tl.store(up_ptr + offs, up, mask=mask)
    tl.store(down_ptr + offs, down, mask=mask)
    tl.store(top_ptr + tl.arange(0, K), tl.topk(down_in, K))


@triton.jit
def sort_2d(x_ptr, up_ptr, down_ptr, n_rows, n_cols, BR: tl.constexpr,
            BC: tl.constexpr):
    # Each row of a BR x BC block sorted both ways (padding: +inf / -inf).
    rows = tl.program_id(0) * BR + tl.arange(0, BR)
    cols = tl.arange(0, BC)
    inside = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offs = rows[:, None] * n_cols + cols[None, :]
    x = tl.load(x_ptr + offs, mask=inside, other=float("inf"))
    tl.store(up_ptr + offs, tl.sort(x, dim=1), mask=inside)
    y = tl.where(inside, x, float("-inf"))
    tl.store(down_ptr + offs, y.sort(descending=True), mask=inside)


@triton.jit
def histograms(x_ptr, h_ptr, n, BLOCK: tl.constexpr, BINS: tl.constexpr):
    # The counts of the first n values of x in bins 0..BINS-1 (values
    # outside them, and the masked-off tail, are not counted).
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(h_ptr + tl.arange(0, BINS), tl.histogram(x, BINS, mask=offs < n))
