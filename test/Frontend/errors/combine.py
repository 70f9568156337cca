# Misused tl.reduce / tl.associative_scan / tl.xor_sum are located errors.
# RUN: not tilec %s --kernel not_jit --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOTJIT
# RUN: not tilec %s --kernel returns --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=RETURNS
# RUN: not tilec %s --kernel nothing --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOTHING
# RUN: not tilec %s --kernel shapes --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SHAPES
# RUN: not tilec %s --kernel scalar --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: not tilec %s --kernel block_return --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BLOCKRET
# RUN: not tilec %s --kernel scan_axis --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SCANAXIS
# RUN: not tilec %s --kernel xor_float --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=XORF
# RUN: not tilec %s --kernel missing_fn --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MISSING

import triton
import triton.language as tl


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def _pair(a0, b0, a1, b1):
    return a0 + a1


@triton.jit
def _none(a, b):
    a + b


@triton.jit
def _block(a, b):
    return tl.zeros((4,), tl.float32)


@triton.jit
def not_jit(p):
    x = tl.load(p + tl.arange(0, 16))
    # NOTJIT: combine.py:[[@LINE+1]]:25: error: tl.reduce(): combine_fn must be a @triton.jit function, got the function 'tl.maximum'
    y = tl.reduce(x, 0, tl.maximum)


@triton.jit
def returns(p):
    x = tl.load(p + tl.arange(0, 16))
    # RETURNS: combine.py:[[@LINE+1]]:40: error: tl.associative_scan(): combine_fn returns 1 value but the input has 2 blocks
    y = tl.associative_scan((x, x), 0, _pair)


@triton.jit
def nothing(p):
    x = tl.load(p + tl.arange(0, 16))
    # NOTHING: combine.py:[[@LINE+1]]:25: error: tl.reduce(): combine_fn returns 0 values but the input has 1 block
    y = tl.reduce(x, 0, _none)


@triton.jit
def shapes(p):
    x = tl.load(p + tl.arange(0, 16))
    z = tl.load(p + tl.arange(0, 32))
    # SHAPES: combine.py:[[@LINE+1]]:19: error: tl.reduce(): the input blocks have different shapes, block<16xfp32> and block<32xfp32>
    y = tl.reduce((x, z), 0, _pair)


@triton.jit
def scalar(p):
    # SCALAR: combine.py:[[@LINE+1]]:19: error: tl.reduce() needs a block or a tuple of blocks, got a value of type fp32
    y = tl.reduce(tl.load(p), 0, _add)


@triton.jit
def block_return(p):
    x = tl.load(p + tl.arange(0, 16))
    # BLOCKRET: combine.py:[[@LINE+1]]:25: error: tl.reduce(): combine_fn must return scalars, got block<4xfp32>
    y = tl.reduce(x, 0, _block)


@triton.jit
def scan_axis(p):
    x = tl.load(p + tl.arange(0, 16))
    # SCANAXIS: combine.py:[[@LINE+1]]:32: error: tl.associative_scan(): axis 1 is out of range for a block of rank 1
    y = tl.associative_scan(x, 1, _add)


@triton.jit
def xor_float(p):
    x = tl.load(p + tl.arange(0, 16))
    # XORF: combine.py:[[@LINE+1]]:20: error: tl.xor_sum() needs integers, got fp32
    y = tl.xor_sum(x)


@triton.jit
def missing_fn(p):
    x = tl.load(p + tl.arange(0, 16))
    # MISSING: combine.py:[[@LINE+1]]:9: error: tl.reduce() missing required argument 'combine_fn'
    y = tl.reduce(x, 0)
