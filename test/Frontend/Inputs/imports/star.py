import triton
import triton.language as tl


@triton.jit
def negate(x):
    return -x
