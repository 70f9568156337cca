# Host code is skipped without being parsed, but it must still be Python
# that tokenizes: here a string never ends.
# RUN: not tilec %s --emit ast 2>&1 | FileCheck %s

import triton
import triton.language as tl

print("unterminated)

# CHECK: {{.*}}syntax_host_code.py:8:7: error: unterminated string literal
# CHECK-NEXT: {{^}}print("unterminated)
# CHECK-NEXT: {{^ *\^$}}
