import triton
import triton.language as tl


@triton.jit
def program_offset(BLOCK: tl.constexpr):
    return tl.program_id(0) * BLOCK
