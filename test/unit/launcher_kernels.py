# A kernel that only takes arguments, for runtime_launcher_fakedriver_test:
# the fake driver records what its generated launcher passes (tilec --emit
# cpp with the signature in runtime.cmake).
import triton
import triton.language as tl


@triton.jit
def typed_args(p_ptr, h_ptr, n, m, u, f, d, flag, h, one, BLOCK: tl.constexpr):
    pass
