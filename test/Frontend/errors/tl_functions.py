# Names Triton has that tilec does not: "not supported yet", by name.
# RUN: not tilec %s --kernel merge --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=MERGE
# RUN: not tilec %s --kernel fp8 --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=FP8
# RUN: not tilec %s --kernel float_or --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=FLOAT

import triton
import triton.language as tl


@triton.jit
def merge(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 16), tl.bitonic_merge(x))


@triton.jit
def fp8(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 16), x.to(tl.float8e4b15).to(tl.float32))


@triton.jit
def float_or(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr, tl.reduce_or(x, 0))

# MERGE: tl_functions.py:13:40: error: tl.bitonic_merge is not supported yet
# FP8: tl_functions.py:19:48: error: tl.float8e4b15 is not supported yet (tilec has the fp8 types float8e4nv and float8e5)
# FLOAT: tl_functions.py:25:34: error: tl.reduce_or() needs integers, got fp32
