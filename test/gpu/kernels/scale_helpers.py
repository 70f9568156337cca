# @triton.jit helpers that kernels/dtypes.py imports (scale_shift_imported):
# functions of another file, inlined at each call, resolving their own
# names (_negate) in this file; FACTOR is read as scale_helpers.FACTOR.
import triton
import triton.language as tl

# A global kernels may read (Triton's rule: made with tl.constexpr).
FACTOR = tl.constexpr(2.0)


@triton.jit
def scale(x, factor):
    return x * factor


@triton.jit
def shift(x, by=1.0):
    return x + by


@triton.jit
def _negate(y):
    return -y


@triton.jit
def finish(y, MODE: tl.constexpr):
    if MODE == "negate_twice":
        y = _negate(_negate(y))
    return y
