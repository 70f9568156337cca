# Kernels whose reshape, join, split and permute stay in registers (see
# test/tilec/regroup-registers.py), for the Triton comparison: the same
# source runs through tilec and Triton on the same inputs.
import triton
import triton.language as tl


@triton.jit
def regroup_pairs(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Consecutive pairs (a, b) of x become (2a - b, a + b), as a rotation
    # kernel takes the even and odd elements of a row apart.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    a, b = tl.split(tl.reshape(x, (BLOCK // 2, 2)))
    y = tl.reshape(tl.join(a * 2.0 - b, b + a), (BLOCK,))
    tl.store(out_ptr + offs, y, mask=offs < n)


@triton.jit
def regroup_matmul_halves(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                          BN: tl.constexpr, BK: tl.constexpr):
    # C = A B (row-major fp16, M, N, K multiples of the blocks), the tile of
    # C stored as two column halves taken apart in registers.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
    acc = tl.permute(tl.reshape(acc, (BM, 2, BN // 2)), (0, 2, 1))
    left, right = tl.split(acc)
    cols = tl.program_id(1) * BN + tl.arange(0, BN // 2)
    c = c_ptr + rm[:, None] * N + cols[None, :]
    tl.store(c, left.to(tl.float16))
    tl.store(c + BN // 2, right.to(tl.float16))


@triton.jit
def regroup_magnitudes(x_ptr, out_ptr, M, N: tl.constexpr, BM: tl.constexpr):
    # |z|^2 of an M x N matrix of complex numbers stored as (re, im) pairs.
    rows = tl.program_id(0) * BM + tl.arange(0, BM)[:, None]
    inside = rows < M
    z = tl.load(x_ptr + rows * 2 * N + tl.arange(0, 2 * N)[None, :],
                mask=inside, other=0.0)
    re, im = tl.split(tl.reshape(z, (BM, N, 2)))
    tl.store(out_ptr + rows * N + tl.arange(0, N)[None, :], re * re + im * im,
             mask=inside)


@triton.jit
def regroup_cat(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    # Both blocks side by side (tl.cat, order left to the compiler) and
    # interleaved element by element.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    both = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(out_ptr + both, tl.interleave(x, y))
    tl.store(out_ptr + both + 2 * tl.num_programs(0) * BLOCK,
             tl.sort(tl.cat(x, y, can_reorder=True)))


# Masks regrouped as tl.dot_scaled's NaN test first did (expand_dims,
# broadcast_to and reshape of i1 blocks, one of them transposed): each of
# the 32 elements after a byte of s_ptr gets -1 where that byte is 255.
@triton.jit
def regroup_masks(s_ptr, t_ptr, x_ptr, y_ptr, z_ptr, R: tl.constexpr,
                  G: tl.constexpr):
    r = tl.arange(0, R)
    g = tl.arange(0, G)
    k = tl.arange(0, G * 32)
    s = tl.load(s_ptr + r[:, None] * G + g[None, :])
    m = (s.to(tl.int32) & 255) == 255
    m = tl.reshape(tl.broadcast_to(tl.expand_dims(m, 2), (R, G, 32)),
                   (R, G * 32))
    x = tl.load(x_ptr + r[:, None] * (G * 32) + k[None, :])
    tl.store(y_ptr + r[:, None] * (G * 32) + k[None, :], tl.where(m, -1.0, x))
    # The same scales, transposed: z[k, r].
    t = tl.load(t_ptr + r[:, None] * G + g[None, :])
    mt = tl.trans((t.to(tl.int32) & 255) == 255)
    mt = tl.reshape(tl.broadcast_to(tl.expand_dims(mt, 1), (G, 32, R)),
                    (G * 32, R))
    xt = tl.load(x_ptr + k[:, None] * R + r[None, :])
    tl.store(z_ptr + k[:, None] * R + r[None, :], tl.where(mt, -1.0, xt))
