# Counter-based random numbers (tl.randint4x, tl.rand, tl.randn) and a
# seeded dropout built on them. test/gpu/gpu_random_test.cpp compares the
# words and uniform floats bit for bit with a CPU Philox 4x32, the normal
# numbers within a tolerance (the GPU's log and cosine are approximations).
import triton
import triton.language as tl


@triton.jit
def random_words(out_ptr, n, seed, ROUNDS: tl.constexpr, BLOCK: tl.constexpr):
    # out[4 * i + k]: word k of Philox(seed, counter i).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    w0, w1, w2, w3 = tl.randint4x(seed, offs, ROUNDS)
    tl.store(out_ptr + 4 * offs, w0, mask=mask)
    tl.store(out_ptr + 4 * offs + 1, w1, mask=mask)
    tl.store(out_ptr + 4 * offs + 2, w2, mask=mask)
    tl.store(out_ptr + 4 * offs + 3, w3, mask=mask)


@triton.jit
def random_floats(uniform_ptr, normal_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(uniform_ptr + offs, tl.rand(seed, offs), mask=mask)
    tl.store(normal_ptr + offs, tl.randn(seed, offs), mask=mask)


@triton.jit
def seeded_dropout(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    # Keeps x[i] (scaled by 1 / (1 - p)) where the uniform number of counter
    # i is above p: the mask is a function of (seed, i) alone.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    keep = tl.rand(seed, offs) > p
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=mask)
