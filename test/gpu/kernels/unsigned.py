"""Unsigned integers, as Triton computes them: floor division, modulo,
right shifts, comparisons, min/max and conversions of u32 and u8 blocks,
and tl.randint's uint32 words (tools/gpu/compare_cases.py runs this file
through tilec and Triton and compares the results bit for bit)."""

import triton
import triton.language as tl


@triton.jit
def unsigned_ops(x_ptr, y_ptr, b_ptr, out_ptr, f_ptr, n, seed,
                 BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m, other=1)
    b = tl.load(b_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x // y, mask=m)
    tl.store(out_ptr + n + offs, x % y, mask=m)
    tl.store(out_ptr + 2 * n + offs, x >> 7, mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.where(x < y, x, y) ^ tl.maximum(x, y),
             mask=m)
    # u8: wraps at 256, divides unsigned, widens with zeros.
    tl.store(out_ptr + 4 * n + offs, ((b + 200) // 3).to(tl.uint32) + b, mask=m)
    tl.store(out_ptr + 5 * n + offs, tl.randint(seed, offs) >> 9, mask=m)
    tl.store(out_ptr + 6 * n + offs, (x > 3000000000).to(tl.uint32), mask=m)
    tl.store(f_ptr + offs, x.to(tl.float32), mask=m)
    tl.store(f_ptr + n + offs, (x.to(tl.float32) * 0.5).to(tl.uint32).to(tl.float32),
             mask=m)


@triton.jit
def _umax(a, b):
    return tl.where(a > b, a, b)


@triton.jit
def unsigned_reductions(x_ptr, out_ptr, BLOCK: tl.constexpr):
    # One row of BLOCK u32 per program: max, min, argmax, argmin, a
    # combine_fn max, the sorted row, its 16 largest.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * BLOCK + offs)
    base = out_ptr + row * (2 * BLOCK + 32)
    tl.store(base, tl.max(x, 0))
    tl.store(base + 1, tl.min(x, 0))
    tl.store(base + 2, tl.argmax(x, 0).to(tl.uint32))
    tl.store(base + 3, tl.argmin(x, 0).to(tl.uint32))
    tl.store(base + 4, tl.reduce(x, 0, _umax))
    tl.store(base + 32 + offs, tl.sort(x))
    tl.store(base + 32 + BLOCK + tl.arange(0, 16), tl.topk(x, 16))


@triton.jit
def unsigned_seeds(seed_ptr, f_ptr, w_ptr, BLOCK: tl.constexpr):
    # One program per seed (an int32, bit 31 set in about half of them):
    # tl.rand of the seed made uint32, as a dropout does with a per-row
    # seed, then tl.randint words for the seed in every width and
    # signedness, for uint32 offsets and for a bool seed. Philox's key is
    # the seed widened by its own signedness (Triton's seed.to(tl.uint64)).
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    seed = tl.load(seed_ptr + row)
    tl.store(f_ptr + row * BLOCK + offs, tl.rand(seed.to(tl.uint32), offs))
    base = w_ptr + row * 10 * BLOCK + offs
    tl.store(base, tl.randint(seed, offs))
    tl.store(base + BLOCK, tl.randint(seed.to(tl.uint32), offs))
    tl.store(base + 2 * BLOCK, tl.randint(seed.to(tl.int8), offs))
    tl.store(base + 3 * BLOCK, tl.randint(seed.to(tl.uint8), offs))
    tl.store(base + 4 * BLOCK, tl.randint(seed.to(tl.int16), offs))
    tl.store(base + 5 * BLOCK, tl.randint(seed.to(tl.uint16), offs))
    tl.store(base + 6 * BLOCK, tl.randint(seed.to(tl.int64), offs))
    tl.store(base + 7 * BLOCK, tl.randint(seed.to(tl.uint32).to(tl.uint64), offs))
    tl.store(base + 8 * BLOCK, tl.randint(seed < 0, offs))
    tl.store(base + 9 * BLOCK, tl.randint(seed, offs.to(tl.uint32) + 2**31))
