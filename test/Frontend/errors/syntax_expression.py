# An operator without its right operand.
# RUN: not tilec %s --emit ast 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, n):
    offsets = n * (1 + ) * 2

# CHECK: {{.*}}syntax_expression.py:10:24: error: expected expression, got ')'
# CHECK-NEXT: {{^}}    offsets = n * (1 + ) * 2
# CHECK-NEXT: {{^ *\^$}}
