# tl.static_print's sep and end are compile-time strings, as print()'s.
# RUN: not tilec %s --kernel k --signature '*fp32' 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    tl.static_print(1, 2, sep=3)
# CHECK: static_print.py:[[# @LINE - 1]]:31: error: tl.static_print(): sep must be a string, got the constant 3
# CHECK-NEXT: {{^}}    tl.static_print(1, 2, sep=3)
# CHECK-NEXT: {{^}}                              ^{{$}}
