# A pointer is never a constant: Triton has no null pointer value
# (tl.full of a pointer dtype is refused), and an int64 becomes a pointer
# through .to(tl.pointer_type(...)). tl.zeros and tl.full of a pointer type
# are located errors at their dtype, also inside a combine_fn, where a
# pointer constant was an unlocated "failed to legalize operation
# 'arith.constant'".
# RUN: not tilec %s --kernel reduce_kernel --signature '*i64,*i64' 2>&1 | FileCheck %s --check-prefix=REDUCE
# RUN: not tilec %s --kernel scan_kernel --signature '*i64,*i64' 2>&1 | FileCheck %s --check-prefix=SCAN
# RUN: not tilec %s --kernel full_kernel --signature '*i64' 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: tilec %s --kernel cast_kernel --signature '*i64,*i64' -o %t.ptx

import triton
import triton.language as tl


@triton.jit
def null_plus(a, b):
    # REDUCE: pointer_constants.py:[[@LINE+2]]:22: error: tl.zeros(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
    # SCAN: pointer_constants.py:[[@LINE+1]]:22: error: tl.zeros(): dtype must be a number type
    p = tl.zeros((), tl.pointer_type(tl.float32))
    return a + b + (p + 1).to(tl.int64)


@triton.jit
def cast_plus(a, b):
    p = tl.full((), 0, tl.int64).to(tl.pointer_type(tl.float32))
    return a + b + (p + 1).to(tl.int64)


@triton.jit
def reduce_kernel(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(out_ptr, tl.reduce(x, 0, null_plus))


@triton.jit
def scan_kernel(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(out_ptr + tl.arange(0, 16), tl.associative_scan(x, 0, null_plus))


@triton.jit
def full_kernel(out_ptr):
    # FULL: pointer_constants.py:[[@LINE+1]]:24: error: tl.full(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
    p = tl.full((), 0, tl.pointer_type(tl.float32))
    tl.store(out_ptr, p.to(tl.int64))


@triton.jit
def cast_kernel(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(out_ptr, tl.reduce(x, 0, cast_plus))
