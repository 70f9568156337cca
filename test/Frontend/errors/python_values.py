# What Python (or Triton, on two constexprs) raises on compile-time values
# is a located error; an index past int64 is out of range, not an
# overflow.
# RUN: not tilec %s --kernel tuple_index --signature '*i64' 2>&1 | FileCheck %s --check-prefix=INDEX
# RUN: not tilec %s --kernel min_nan --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NAN
# RUN: not tilec %s --kernel max_nan --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MAXNAN
# RUN: not tilec %s --kernel floor_zero --signature '*i64' 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: not tilec %s --kernel mod_zero --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FZERO
# RUN: not tilec %s --kernel bad_int --signature '*i64' 2>&1 | FileCheck %s --check-prefix=INT
# RUN: not tilec %s --kernel bad_float --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FLOAT
# RUN: not tilec %s --kernel negative_shift --signature '*i64' 2>&1 | FileCheck %s --check-prefix=SHIFT
# RUN: not tilec %s --kernel invert_float --signature '*i64' 2>&1 | FileCheck %s --check-prefix=INVERT
# RUN: not tilec %s --kernel float_to_int_overflow --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=TOFLOAT

import triton
import triton.language as tl


@triton.jit
def tuple_index(x_ptr):
    t = (1, 2, 3)
    tl.store(x_ptr, t[2**63 - 1])
# INDEX: python_values.py:[[# @LINE - 1]]:23: error: tuple index out of range
# INDEX-NEXT: {{^}}    tl.store(x_ptr, t[2**63 - 1])
# INDEX-NEXT: {{^}}                      ^{{$}}


# Python's min gives nan here; Triton's min (tl.minimum) refuses it.
@triton.jit
def min_nan(x_ptr):
    r: tl.constexpr = min(float('nan'), 1.0)
    tl.store(x_ptr, r)
# NAN: python_values.py:[[# @LINE - 2]]:23: error: min() of a NaN is refused, as Triton refuses it


# Python's max gives nan here; Triton's max (tl.maximum) refuses it.
@triton.jit
def max_nan(x_ptr):
    tl.store(x_ptr, max(float('nan'), 1.0))
# MAXNAN: python_values.py:[[# @LINE - 1]]:21: error: max() of a NaN is refused, as Triton refuses it
# MAXNAN-NEXT: {{^}}    tl.store(x_ptr, max(float('nan'), 1.0))
# MAXNAN-NEXT: {{^}}                    ^{{$}}


@triton.jit
def floor_zero(x_ptr):
    tl.store(x_ptr, 1 // 0)
# ZERO: python_values.py:[[# @LINE - 1]]:21: error: division by zero in a compile-time expression


@triton.jit
def mod_zero(x_ptr):
    tl.store(x_ptr, 1.0 % -0.0)
# FZERO: python_values.py:[[# @LINE - 1]]:21: error: division by zero in a compile-time expression


@triton.jit
def bad_int(x_ptr):
    tl.store(x_ptr, int('0x10'))
# INT: python_values.py:[[# @LINE - 1]]:25: error: invalid literal for int() with base 10: '0x10'


@triton.jit
def bad_float(x_ptr):
    tl.store(x_ptr, float('1e'))
# FLOAT: python_values.py:[[# @LINE - 1]]:27: error: could not convert string to float: '1e'


@triton.jit
def negative_shift(x_ptr):
    tl.store(x_ptr, 1 << -1)
# SHIFT: python_values.py:[[# @LINE - 1]]:21: error: negative shift count in a compile-time expression


@triton.jit
def invert_float(x_ptr):
    tl.store(x_ptr, ~1.5)
# INVERT: python_values.py:[[# @LINE - 1]]:21: error: bad operand type for unary ~: 'float'


@triton.jit
def float_to_int_overflow(x_ptr):
    tl.store(x_ptr, 2**1024 * 1.0)
# TOFLOAT: python_values.py:[[# @LINE - 1]]:21: error: integer too large to convert to float in a compile-time expression
