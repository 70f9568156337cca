# A dedent to a level that never existed.
# RUN: not tilec %s --emit ast 2>&1 | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, n):
    if n > 0:
        tl.store(x_ptr, 1.0)
      tl.store(x_ptr, 2.0)

# CHECK: {{.*}}syntax_indent.py:12:7: error: unindent does not match any outer indentation level
# CHECK-NEXT: {{^}}      tl.store(x_ptr, 2.0)
# CHECK-NEXT: {{^ *\^$}}
