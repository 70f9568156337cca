# Layer normalisation over the last dimension, forward and backward, in the
# idioms of Triton's layer-norm tutorial (our own code): one row per
# program, statistics in fp32 whatever the input type, and a backward pass
# whose weight and bias gradients are summed in GROUPS partial rows, each
# guarded by a spin lock (tl.atomic_cas / tl.atomic_xchg), then reduced by
# a second kernel. tools/gpu/compare_triton.py runs them beside Triton.
import triton
import triton.language as tl


@triton.jit
def layernorm_fwd(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, rstd_ptr, row_stride,
                  n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    inside = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=inside,
                other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    centred = tl.where(inside, x - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(centred * centred, axis=0) / n_cols + eps)
    w = tl.load(w_ptr + cols, mask=inside).to(tl.float32)
    b = tl.load(b_ptr + cols, mask=inside).to(tl.float32)
    y = centred * rstd * w + b
    tl.store(y_ptr + row * row_stride + cols,
             y.to(y_ptr.dtype.element_ty), mask=inside)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)


@triton.jit
def layernorm_bwd_dx(dy_ptr, x_ptr, w_ptr, mean_ptr, rstd_ptr, dx_ptr,
                     partial_dw_ptr, partial_db_ptr, locks_ptr, row_stride,
                     n_cols, GROUPS: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    inside = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=inside,
                other=0.0).to(tl.float32)
    dy = tl.load(dy_ptr + row * row_stride + cols, mask=inside,
                 other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=inside, other=0.0).to(tl.float32)
    mean = tl.load(mean_ptr + row)
    rstd = tl.load(rstd_ptr + row)
    xhat = tl.where(inside, (x - mean) * rstd, 0.0)
    g = tl.where(inside, w * dy, 0.0)
    c1 = tl.sum(xhat * g, axis=0) / n_cols
    c2 = tl.sum(g, axis=0) / n_cols
    dx = (g - (xhat * c1 + c2)) * rstd
    tl.store(dx_ptr + row * row_stride + cols,
             dx.to(dx_ptr.dtype.element_ty), mask=inside)
    # This row's share of dw and db goes into partial row `group`; the
    # first program to take the group's lock writes, later ones add.
    group = row % GROUPS
    lock = locks_ptr + group
    seen = locks_ptr + GROUPS + group
    dw_row = partial_dw_ptr + group * n_cols + cols
    db_row = partial_db_ptr + group * n_cols + cols
    dw = dy * xhat
    db = dy
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.load(seen) == 0:
        tl.atomic_xchg(seen, 1)
    else:
        dw += tl.load(dw_row, mask=inside, other=0.0)
        db += tl.load(db_row, mask=inside, other=0.0)
    tl.store(dw_row, dw, mask=inside)
    tl.store(db_row, db, mask=inside)
    tl.atomic_xchg(lock, 0)


@triton.jit
def layernorm_bwd_dwdb(partial_dw_ptr, partial_db_ptr, dw_ptr, db_ptr, groups,
                       n_cols, ROWS: tl.constexpr, COLS: tl.constexpr):
    # Column block pid of the GROUPS x n_cols partial sums, summed down.
    cols = tl.program_id(0) * COLS + tl.arange(0, COLS)
    dw = tl.zeros((ROWS, COLS), dtype=tl.float32)
    db = tl.zeros((ROWS, COLS), dtype=tl.float32)
    for start in range(0, groups, ROWS):
        rows = start + tl.arange(0, ROWS)
        m = (rows[:, None] < groups) & (cols[None, :] < n_cols)
        offs = rows[:, None] * n_cols + cols[None, :]
        dw += tl.load(partial_dw_ptr + offs, mask=m, other=0.0)
        db += tl.load(partial_db_ptr + offs, mask=m, other=0.0)
    tl.store(dw_ptr + cols, tl.sum(dw, axis=0), mask=cols < n_cols)
    tl.store(db_ptr + cols, tl.sum(db, axis=0), mask=cols < n_cols)
