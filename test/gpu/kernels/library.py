# Triton's library functions that its standard library builds from others:
# tl.philox with its own counters, tl.uint_to_uniform_float,
# tl.pair_uniform_to_normal, tl.swizzle2d, tl.softmax, tl.ravel,
# tl.broadcast, and tl.assume hints. tools/gpu/compare_cases.py runs them
# beside Triton on the same source (words, uniform floats and the swizzle
# bit for bit).
import triton
import triton.language as tl


@triton.jit
def library_random(words_ptr, uniform_ptr, normal_ptr, n, seed,
                   BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    tl.assume(pid >= 0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    # Counters of our own: (i, 3 i, 7, 0).
    w0, w1, w2, w3 = tl.philox(seed, offs, offs * 3, 7, 0)
    tl.store(words_ptr + 4 * offs, w0, mask=mask)
    tl.store(words_ptr + 4 * offs + 1, w1, mask=mask)
    tl.store(words_ptr + 4 * offs + 2, w2, mask=mask)
    tl.store(words_ptr + 4 * offs + 3, w3, mask=mask)
    u0 = tl.uint_to_uniform_float(w0)
    u1 = tl.uint_to_uniform_float(w1)
    tl.store(uniform_ptr + offs, u0, mask=mask)
    z0, z1 = tl.pair_uniform_to_normal(u0, u1)
    tl.store(normal_ptr + 2 * offs, z0, mask=mask)
    tl.store(normal_ptr + 2 * offs + 1, z1, mask=mask)


@triton.jit
def library_swizzle(out_ptr, size_i, size_j, GROUP: tl.constexpr):
    # Program (i, j) of a size_i x size_j grid writes its swizzled (i, j).
    i = tl.program_id(0)
    j = tl.program_id(1)
    tl.assume(i >= 0)
    tl.assume(j >= 0)
    new_i, new_j = tl.swizzle2d(i, j, size_i, size_j, GROUP)
    tl.store(out_ptr + 2 * (i * size_j + j), new_i)
    tl.store(out_ptr + 2 * (i * size_j + j) + 1, new_j)


@triton.jit
def library_rows(x_ptr, soft_ptr, flat_ptr, sum_ptr, ROWS: tl.constexpr,
                 COLS: tl.constexpr):
    # One ROWS x COLS tile per program: its softmax along the rows and along
    # the columns, the tile flattened, and row + column index sums through
    # tl.broadcast.
    base = tl.program_id(0) * ROWS * COLS
    r = tl.arange(0, ROWS)[:, None]
    c = tl.arange(0, COLS)[None, :]
    x = tl.load(x_ptr + base + r * COLS + c)
    tl.store(soft_ptr + 2 * base + r * COLS + c,
             tl.softmax(x, dim=1, keep_dims=True))
    tl.store(soft_ptr + 2 * base + ROWS * COLS + r * COLS + c, x.softmax())
    tl.store(flat_ptr + base + tl.arange(0, ROWS * COLS), tl.ravel(x))
    rows, cols = tl.broadcast(r, c)
    tl.store(sum_ptr + base + r * COLS + c, rows * 1000 + cols)


@triton.jit
def library_table(table_ptr, sizes_ptr, out_ptr, BLOCK: tl.constexpr):
    # Program g copies buffer g, found through a table of int64 addresses
    # (as grouped GEMMs find their matrices), zero-padded to BLOCK, and
    # writes its words reinterpreted as uint32 and shifted right.
    g = tl.program_id(0)
    src = tl.load(table_ptr + g).to(tl.pointer_type(tl.float32))
    n = tl.load(sizes_ptr + g)
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + 2 * g * BLOCK + offs, tl.load(src + offs, mask=mask,
                                                     other=0.0))
    words = (src + offs).to(tl.pointer_type(tl.uint32))
    shifted = tl.load(words, mask=mask, other=0) >> 1
    tl.store(out_ptr.to(tl.pointer_type(tl.uint32)) + (2 * g + 1) * BLOCK + offs,
             shifted)
