# fp8 is only loaded, stored, selected, moved and converted: what computes
# with it is an error at the operand, as Triton has no fp8 arithmetic (its
# pass manager fails on x + x): sums and scans (unless dtype= widens them),
# sorts (which compare), argmax, comparisons, negation; and an fp8 value
# has no common type with an integer.
# RUN: not tilec %s --signature '*fp8e4nv,*fp32,sum' 2>&1 | FileCheck %s --check-prefix=SUM
# RUN: not tilec %s --signature '*fp8e4nv,*fp32,cumsum' 2>&1 | FileCheck %s --check-prefix=CUMSUM
# RUN: not tilec %s --signature '*fp8e4nv,*fp32,sort' 2>&1 | FileCheck %s --check-prefix=SORT
# RUN: not tilec %s --signature '*fp8e4nv,*fp32,argmax' 2>&1 | FileCheck %s --check-prefix=ARGMAX
# RUN: not tilec %s --signature '*fp8e4nv,*fp32,compare' 2>&1 | FileCheck %s --check-prefix=COMPARE
# RUN: not tilec %s --signature '*fp8e4nv,*fp32,negate' 2>&1 | FileCheck %s --check-prefix=NEGATE
# RUN: not tilec %s --signature '*fp8e4nv,*fp32,with_int' 2>&1 | FileCheck %s --check-prefix=INT
# RUN: tilec %s --signature '*fp8e4nv,*fp32,sum_fp32' -o %t.ptx

import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, out_ptr, OP: tl.constexpr):
    o = tl.arange(0, 16)
    x = tl.load(x_ptr + o)
    if OP == "sum":
        # SUM: fp8_arithmetic.py:[[@LINE+1]]:34: error: arithmetic on fp8e4nv is not supported: convert it first, e.g. x.to(tl.float32)
        tl.store(out_ptr, tl.sum(x, 0))
    if OP == "sum_fp32":
        tl.store(out_ptr, tl.sum(x, 0, dtype=tl.float32))
    if OP == "cumsum":
        # CUMSUM: fp8_arithmetic.py:[[@LINE+1]]:41: error: arithmetic on fp8e4nv is not supported
        tl.store(out_ptr + o, tl.cumsum(x, 0))
    if OP == "sort":
        # SORT: fp8_arithmetic.py:[[@LINE+1]]:39: error: arithmetic on fp8e4nv is not supported
        tl.store(out_ptr + o, tl.sort(x))
    if OP == "argmax":
        # ARGMAX: fp8_arithmetic.py:[[@LINE+1]]:27: error: arithmetic on fp8e4nv is not supported
        tl.store(out_ptr, tl.argmax(x, 0))
    if OP == "compare":
        # COMPARE: fp8_arithmetic.py:[[@LINE+1]]:31: error: arithmetic on fp8e4nv is not supported
        tl.store(out_ptr + o, x > x)
    if OP == "negate":
        # NEGATE: fp8_arithmetic.py:[[@LINE+1]]:32: error: arithmetic on fp8e4nv is not supported
        tl.store(out_ptr + o, -x)
    if OP == "with_int":
        # INT: fp8_arithmetic.py:[[@LINE+1]]:50: error: fp8e4nv and i32 have no common type: as in Triton, fp8 mixes only with floating-point types
        tl.store(out_ptr + o, tl.where(o > 3, x, o))
