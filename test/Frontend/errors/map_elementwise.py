# tl.map_elementwise errors, each at the argument or call it is about.
# RUN: not tilec %s --kernel not_jit --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=NOTJIT
# RUN: not tilec %s --kernel packed --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=PACK
# RUN: not tilec %s --kernel packed --signature '*fp32:16' -D BAD=False 2>&1 | FileCheck %s --check-prefix=PACKCOUNT
# RUN: not tilec %s --kernel no_inputs --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: not tilec %s --kernel pointers --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=POINTER
# RUN: not tilec %s --kernel makes_block --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=BLOCK
# RUN: not tilec %s --kernel makes_block -D FIRST=False --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=INNER
# RUN: not tilec %s --kernel returns_nothing --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: not tilec %s --kernel returns_pointer --signature '*i64:16' 2>&1 | FileCheck %s --check-prefix=RETPTR
# RUN: not tilec %s --kernel pack_types --signature '*i32:16' 2>&1 | FileCheck %s --check-prefix=PACKTYPES
# RUN: not tilec %s --kernel pack_scalars --signature '*i32:16,i32' 2>&1 | FileCheck %s --check-prefix=PACKSCALARS
# RUN: not tilec %s --kernel shapes --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=SHAPES

import triton
import triton.language as tl


@triton.jit
def twice(x):
    return x * 2


@triton.jit
def spread(x):
    return tl.full((4,), x, tl.float32)


@triton.jit
def spread_sum(x):
    return tl.sum(tl.full((4,), x, tl.float32), axis=0)


@triton.jit
def first(a, b):
    return a


@triton.jit
def nothing(x):
    pass


@triton.jit
def not_jit(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    # NOTJIT: map_elementwise.py:[[@LINE+1]]:40: error: tl.map_elementwise(): scalar_fn must be a @triton.jit function, got the function 'tl.exp'
    tl.store(x_ptr, tl.map_elementwise(tl.exp, x))


@triton.jit
def packed(x_ptr, BAD: tl.constexpr = True):
    x = tl.load(x_ptr + tl.arange(0, 128))
    if BAD:
        # PACK: map_elementwise.py:[[@LINE+1]]:47: error: tl.map_elementwise(): pack must be from 1 to 16, got 0
        y = tl.map_elementwise(twice, x, pack=0)
    # PACKCOUNT: map_elementwise.py:[[@LINE+1]]:28: error: tl.map_elementwise(): with pack=2 scalar_fn must return 2 values of each result, got 1
    z = tl.map_elementwise(first, x, pack=2)


@triton.jit
def no_inputs(x_ptr):
    # EMPTY: map_elementwise.py:[[@LINE+1]]:9: error: tl.map_elementwise() needs at least one input block
    y = tl.map_elementwise(twice)


@triton.jit
def pointers(x_ptr):
    # POINTER: map_elementwise.py:[[@LINE+1]]:35: error: tl.map_elementwise() maps numbers, got block<128xpointer<fp32>>
    y = tl.map_elementwise(twice, x_ptr + tl.arange(0, 128))


@triton.jit
def makes_block(x_ptr, FIRST: tl.constexpr = True):
    x = tl.load(x_ptr + tl.arange(0, 128))
    if FIRST:
        # BLOCK: map_elementwise.py:[[@LINE+1]]:32: error: tl.map_elementwise(): scalar_fn must return scalars, got block<4xfp32>
        y = tl.map_elementwise(spread, x)
    # INNER: map_elementwise.py:[[@LINE+1]]:28: error: tl.map_elementwise(): scalar_fn works on one element of each input and cannot make blocks (it makes block<4xfp32>)
    z = tl.map_elementwise(spread_sum, x)


@triton.jit
def returns_nothing(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    # NONE: map_elementwise.py:[[@LINE+1]]:28: error: tl.map_elementwise(): scalar_fn must return at least one value
    y = tl.map_elementwise(nothing, x)


@triton.jit
def shapes(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    y = tl.load(x_ptr + tl.arange(0, 64))
    # SHAPES: map_elementwise.py:[[@LINE+1]]:38: error: cannot broadcast shapes [128] and [64]
    z = tl.map_elementwise(twice, x, y)


@triton.jit
def as_pointer(a):
    return a.to(tl.pointer_type(tl.float32))


@triton.jit
def returns_pointer(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    # RETPTR: map_elementwise.py:[[@LINE+1]]:28: error: tl.map_elementwise(): scalar_fn must return numbers, got pointer<fp32>
    y = tl.map_elementwise(as_pointer, x)


@triton.jit
def int_and_float(a0, a1):
    return a0, 1.5


@triton.jit
def pack_types(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    # PACKTYPES: map_elementwise.py:[[@LINE+1]]:28: error: tl.map_elementwise(): the 2 values of result 0 differ in type (i32 and fp32)
    y = tl.map_elementwise(int_and_float, x, pack=2)


@triton.jit
def pack_scalars(x_ptr, n):
    # PACKSCALARS: map_elementwise.py:[[@LINE+1]]:9: error: tl.map_elementwise() with pack=2 needs at least one input block
    y = tl.map_elementwise(first, n, pack=2)
