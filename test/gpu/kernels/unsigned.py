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


@triton.jit
def unsigned_promotion(u8_ptr, i8_ptr, i32_ptr, u32_ptr, i64_ptr, u64_ptr,
                       out_ptr, wide_ptr, f_ptr, n, BLOCK: tl.constexpr):
    # Mixed operands promote as Triton's integer_promote_impl: u8 + i32 is
    # int32, u32 + i32 uint32, u32 + i64 int64, u64 + i64 uint64, i8 + u32
    # uint32 (the i8 widened with its sign); `// 3` shows the signedness.
    # Comparisons and tl.minimum/maximum type Python numbers as tensors;
    # `>>` shifts as its left operand is signed; typed constants convert
    # like blocks. The inputs have bit 7, 31 or 63 set in about half of
    # the elements.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(u8_ptr + offs, mask=m)
    f = tl.load(i8_ptr + offs, mask=m)
    b = tl.load(i32_ptr + offs, mask=m)
    c = tl.load(u32_ptr + offs, mask=m)
    d = tl.load(i64_ptr + offs, mask=m)
    e = tl.load(u64_ptr + offs, mask=m)
    tl.store(out_ptr + offs, (a + b) // 3, mask=m)
    tl.store(out_ptr + n + offs, (c + b) // 3, mask=m)
    tl.store(out_ptr + 2 * n + offs, (f + c) // 3, mask=m)
    cmp = (a < 200).to(tl.int32) + (b < 3000000000).to(tl.int32) * 2
    cmp += (c > -1).to(tl.int32) * 4 + (b < 2**40).to(tl.int32) * 8
    cmp += (c < b).to(tl.int32) * 16 + (f < c).to(tl.int32) * 32
    tl.store(out_ptr + 3 * n + offs, cmp, mask=m)
    tl.store(out_ptr + 4 * n + offs, tl.maximum(a, 100) + tl.minimum(c, b),
             mask=m)
    tl.store(out_ptr + 5 * n + offs,
             tl.where(b > 0, a, b) // 3 + tl.where(b > 0, c, 7) // 3, mask=m)
    tl.store(out_ptr + 6 * n + offs, (b >> (c & 31)) // 3, mask=m)
    tl.store(out_ptr + 7 * n + offs, (c >> (b & 31)) + (-8 >> (b & 31)),
             mask=m)
    tl.store(out_ptr + 8 * n + offs, (-c) // 3 + (~c) // 7, mask=m)
    tl.store(out_ptr + 9 * n + offs, tl.cdiv(c, 7) + tl.umulhi(c, c ^ 12345),
             mask=m)
    minus_one = -1
    big = 2**31
    tl.store(out_ptr + 10 * n + offs, (c + minus_one) // 3 + (b + big) // 3,
             mask=m)
    tl.store(wide_ptr + offs, (c + d) // 3, mask=m)
    tl.store(wide_ptr + n + offs, (e + d) // 3, mask=m)
    tl.store(wide_ptr + 2 * n + offs, (~e) // 3 + tl.umulhi(e, e ^ 987654321),
             mask=m)
    tl.store(f_ptr + offs, c / 2, mask=m)
    tl.store(f_ptr + n + offs, tl.uint_to_uniform_float(c), mask=m)
    tl.store(f_ptr + 2 * n + offs, tl.uint_to_uniform_float(e), mask=m)


@triton.jit
def unsigned_conversions(u8_ptr, i8_ptr, i32_ptr, u32_ptr, u64_ptr, f_ptr,
                         g_ptr, out_ptr, wide_ptr, short_ptr, fout_ptr,
                         dout_ptr, hout_ptr, bytes_ptr, n,
                         BLOCK: tl.constexpr):
    # Conversions by the source's signedness (zeros for unsigned sources),
    # to floats with uitofp and from floats with fptoui for unsigned types,
    # stores converting to the pointee, tl.full, tl.zeros_like, a loop
    # carrying a u32 with a uint32 induction variable, and bitcasts.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(u8_ptr + offs, mask=m)
    s = tl.load(i8_ptr + offs, mask=m)
    b = tl.load(i32_ptr + offs, mask=m)
    c = tl.load(u32_ptr + offs, mask=m)
    e = tl.load(u64_ptr + offs, mask=m)
    f = tl.load(f_ptr + offs, mask=m)
    g = tl.load(g_ptr + offs, mask=m)
    tl.store(out_ptr + offs, a.to(tl.int32) // 3, mask=m)
    tl.store(out_ptr + n + offs, tl.cast(s, tl.uint32) // 3, mask=m)
    tl.store(out_ptr + 2 * n + offs, (c.to(tl.uint8) // 3).to(tl.int32)
             + c.to(tl.int1).to(tl.int32) * 1000, mask=m)
    tl.store(out_ptr + 3 * n + offs, f.to(tl.uint32), mask=m)
    tl.store(out_ptr + 4 * n + offs, f.to(tl.uint8), mask=m)
    tl.store(out_ptr + 5 * n + offs, tl.full([BLOCK], tl.load(u8_ptr + 1), tl.int32)
             + tl.full([BLOCK], tl.load(i8_ptr + 1), tl.uint32) // 3, mask=m)
    tl.store(out_ptr + 6 * n + offs, (tl.zeros_like(c) - 1) // 3, mask=m)
    tl.store(out_ptr + 7 * n + offs, f.to(tl.uint32, bitcast=True) >> 23, mask=m)
    o = tl.load(u32_ptr + offs, mask=m & (offs % 2 == 0), other=f)
    tl.store(out_ptr + 8 * n + offs, o, mask=m)
    acc = c
    for i in range(0, tl.load(u32_ptr + 2) % 4 + 2):
        acc = (acc >> 1) + i // 3
    tl.store(out_ptr + 9 * n + offs, acc, mask=m)
    tl.store(wide_ptr + offs, c, mask=m)
    tl.store(wide_ptr + n + offs, b.to(tl.uint64), mask=m)
    tl.store(wide_ptr + 2 * n + offs, c.to(tl.uint64) // 3, mask=m)
    tl.store(wide_ptr + 3 * n + offs, g.to(tl.uint64), mask=m)
    tl.store(short_ptr + offs, e, mask=m)
    tl.store(fout_ptr + offs, c.to(tl.float32), mask=m)
    tl.store(fout_ptr + n + offs, a, mask=m)
    tl.store(fout_ptr + 2 * n + offs, (c > 2**31).to(tl.float32), mask=m)
    tl.store(dout_ptr + offs, e.to(tl.float64), mask=m)
    tl.store(hout_ptr + offs, a.to(tl.float16), mask=m)
    tl.store(bytes_ptr + offs, c.to(tl.uint8) // 3, mask=m)


@triton.jit
def _max_with_index(a, i, b, j):
    return tl.where(a > b, a, b), tl.where(a > b, i, j)


@triton.jit
def unsigned_narrow_reductions(u8_ptr, u16_ptr, u32_ptr, i32_ptr, u64_ptr,
                               out_ptr, wide_ptr, bytes_ptr, umax_ptr,
                               BLOCK: tl.constexpr):
    # One row of BLOCK elements per program: sums and scans of u8/u16/bool
    # (uint32), tl.max of u8 (int32), with indices (u8), tl.cumprod of u8
    # (u8), u64 extremes, a tl.reduce of (u32, i32), sorts and topk of u8,
    # a histogram of u8 values, and atomic max/min through *u32.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + row * BLOCK + offs)
    h = tl.load(u16_ptr + row * BLOCK + offs)
    c = tl.load(u32_ptr + row * BLOCK + offs)
    d = tl.load(i32_ptr + row * BLOCK + offs)
    e = tl.load(u64_ptr + row * BLOCK + offs)
    base = out_ptr + row * (4 * BLOCK + 16)
    tl.store(base, tl.sum(a, 0) - 100000)
    tl.store(base + 1, tl.sum(a > 127, 0) - 1000)
    tl.store(base + 2, tl.max(a, 0) + 1)
    v, i = tl.max(a, 0, return_indices=True)
    tl.store(base + 3, (v + 1).to(tl.int32) * 1000 + i)
    tl.store(base + 4, tl.argmin(e, 0))
    mx, j = tl.reduce((c, d), 0, _max_with_index)
    tl.store(base + 5, mx >> 1)
    tl.store(base + 6, j >> 1)
    tl.store(base + 16 + offs, tl.cumsum(h, 0) - 70000)
    tl.store(base + 16 + BLOCK + offs, tl.sort(a))
    tl.store(base + 16 + 2 * BLOCK + tl.arange(0, 16), tl.topk(a, 16))
    # Of the u8 values widened first: Triton 3.6 fails to lower a histogram
    # of uint8 ('llvm.and' op requires the same type for all operands).
    tl.store(base + 16 + 3 * BLOCK + offs, tl.histogram(a.to(tl.int32), BLOCK))
    tl.store(wide_ptr + row * 2, tl.sum(c, 0, dtype=tl.int64) // 3)
    tl.store(wide_ptr + row * 2 + 1, tl.max(e, 0))
    tl.store(bytes_ptr + row * BLOCK + offs, tl.cumprod(a, 0) // 3)
    tl.atomic_max(umax_ptr + offs % 16, c)
    tl.atomic_min(umax_ptr + 16 + offs % 16, c)
