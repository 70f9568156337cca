# A syntax error names the token it expected.
# RUN: not tilec %s --emit ast 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, n):
    for i in range(n)
        tl.store(x_ptr, 1.0)

# CHECK: {{.*}}syntax_colon.py:10:22: error: expected ':' after the for header, got newline
# CHECK-NEXT: {{^}}    for i in range(n)
# CHECK-NEXT: {{^ *\^$}}
