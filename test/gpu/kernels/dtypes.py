# 16- and 64-bit floats through loads, arithmetic and stores (the vector
# path: 8 halves or 2 doubles in 16 bytes), with the store converting to the
# output's type. test/gpu/gpu_dtypes_test.cpp runs it for several pairs of
# element types.
import triton
import triton.language as tl

import scale_helpers
from .scale_helpers import finish


@triton.jit
def scale_shift(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, x * 2.0 + 1.0, mask=mask)


# The same through @triton.jit helpers (inlined per call), a string
# constexpr that picks a branch at compile time, and the output's element
# type from its pointer (y_ptr.dtype.element_ty): the result must be the
# same bits as scale_shift's.
@triton.jit
def _scale(x, factor):
    return x * factor


@triton.jit
def _shift(x, by=1.0):
    return x + by


@triton.jit
def _finish(y, MODE: tl.constexpr):
    if MODE == "negate_twice":
        y = -(-y)
    return y


@triton.jit
def scale_shift_helpers(x_ptr, y_ptr, n, MODE: tl.constexpr,
                        BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = _finish(_shift(_scale(x, 2.0)), MODE)
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=mask)


# The same through the helpers of another file (kernels/scale_helpers.py),
# by module and by name, and its tl.constexpr global FACTOR.
@triton.jit
def scale_shift_imported(x_ptr, y_ptr, n, MODE: tl.constexpr,
                         BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = finish(scale_helpers.shift(scale_helpers.scale(x, scale_helpers.FACTOR)),
               MODE)
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=mask)
