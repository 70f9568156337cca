# An unclosed bracket is reported where it opens.
# RUN: not tilec %s --emit ast 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, n):
    tl.store(x_ptr + tl.arange(0, 16), 1.0

# CHECK: {{.*}}syntax_unclosed.py:10:13: error: '(' was never closed
# CHECK-NEXT: {{^}}    tl.store(x_ptr + tl.arange(0, 16), 1.0
# CHECK-NEXT: {{^ *\^$}}
