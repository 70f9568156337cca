# A kernel that only takes arguments, for runtime_launcher_fakedriver_test:
# the fake driver records what its generated launcher passes (tilec --emit
# cpp with the signature in runtime.cmake).
import triton
import triton.language as tl


@triton.jit
def typed_args(p_ptr, h_ptr, n, m, u, f, d, flag, h, one, BLOCK: tl.constexpr):
    pass


# out += x in place, under @triton.autotune: tilec --autotune --emit cpp makes
# one launcher of its three configs, which the fake driver runs (it emulates
# accumulate_kernel at the BLOCK_SIZE runtime.cmake gives it, whatever the
# config) and which zeroes out_ptr before each timed run.
@triton.autotune(configs=[triton.Config({"BLOCK_SIZE": 128}, num_warps=4),
                          triton.Config({"BLOCK_SIZE": 256}, num_warps=4),
                          triton.Config({"BLOCK_SIZE": 512}, num_warps=8,
                                        num_stages=2)],
                 key=["n"], reset_to_zero=["out_ptr"])
@triton.jit
def accumulate_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    out = tl.load(out_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, out + x, mask=mask)
