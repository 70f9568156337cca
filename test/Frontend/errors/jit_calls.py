# Calls of @triton.jit functions that cannot be inlined: each error at its
# place, with the source line and a caret.
# RUN: not tilec %s --kernel recursive --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=RECURSE
# RUN: not tilec %s --kernel early --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=EARLY
# RUN: not tilec %s --kernel missing --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec %s --kernel keyword --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=KEYWORD
# RUN: not tilec %s --kernel twice --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=TWICE
# RUN: not tilec %s --kernel many --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MANY
# (A runtime value for a tl.constexpr parameter is accepted: ../jit_calls.py.)

import triton
import triton.language as tl


@triton.jit
def down(n: tl.constexpr):
    return down(n - 1)


@triton.jit
def clamp(x, lo):
    for i in range(lo):
        return lo
    return x


@triton.jit
def scale(x, factor, N: tl.constexpr = 4):
    return x * factor * N


@triton.jit
def recursive(x_ptr):
    tl.store(x_ptr, down(3))


@triton.jit
def early(x_ptr, n):
    tl.store(x_ptr, clamp(n, 0))


@triton.jit
def missing(x_ptr):
    tl.store(x_ptr, scale(1.0))


@triton.jit
def keyword(x_ptr):
    tl.store(x_ptr, scale(1.0, 2.0, M=3))


@triton.jit
def twice(x_ptr):
    tl.store(x_ptr, scale(1.0, 2.0, factor=3.0))


@triton.jit
def many(x_ptr):
    tl.store(x_ptr, scale(1.0, 2.0, 3, 4))

# RECURSE: jit_calls.py:17:12: error: recursive call of 'down': @triton.jit functions are inlined and cannot recurse
# RECURSE-NEXT: {{^}}    return down(n - 1)
# RECURSE-NEXT: {{^ *\^$}}
# EARLY: jit_calls.py:23:9: error: 'return' inside a loop is not supported (nor in Triton)
# MISSING: jit_calls.py:44:21: error: scale() missing required argument 'factor'
# KEYWORD: jit_calls.py:49:39: error: scale() got an unexpected keyword argument 'M'
# TWICE: jit_calls.py:54:44: error: scale() got multiple values for argument 'factor'
# MANY: jit_calls.py:59:40: error: scale() takes 3 arguments but 4 were given
