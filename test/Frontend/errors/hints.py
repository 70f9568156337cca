# Hints with the wrong number of values or non-positive ones are located
# errors, as in Triton (one value per dimension, one for a scalar).
# RUN: not tilec %s --kernel per_dim --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=DIMS
# RUN: not tilec %s --kernel zero --signature 'i32' 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: not tilec %s --kernel runtime --signature 'i32' 2>&1 | FileCheck %s --check-prefix=RUNTIME

import triton
import triton.language as tl


@triton.jit
def per_dim(p):
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    # DIMS: hints.py:[[@LINE+1]]:36: error: tl.max_contiguous() needs 2 values for block<16x16xi32>, got 1
    offs = tl.max_contiguous(offs, 16)
    tl.store(p + offs, 1.0)


@triton.jit
def zero(n):
    # ZERO: hints.py:[[@LINE+1]]:27: error: tl.multiple_of() needs positive 32-bit integers, got 0
    m = tl.multiple_of(n, 0)


@triton.jit
def runtime(n):
    # RUNTIME: hints.py:[[@LINE+1]]:27: error: tl.multiple_of() needs compile-time integers
    m = tl.multiple_of(n, n)
