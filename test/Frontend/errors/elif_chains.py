# Errors about the variables an if/elif/else chain of runtime conditions
# merges: each names the branches concerned.
# RUN: not tilec %s --kernel types --signature '*fp32,i32,fp32' 2>&1 | FileCheck %s --check-prefix=TYPES
# RUN: not tilec %s --kernel some --signature '*fp32,i32,fp32' 2>&1 | FileCheck %s --check-prefix=SOME
# RUN: not tilec %s --kernel number --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=NUMBER

import triton
import triton.language as tl


@triton.jit
def types(out_ptr, n, x):
    if n == 0:
        v = x
    elif n == 1:
        v = n
    else:
        v = x
    tl.store(out_ptr, v)

@triton.jit
def some(out_ptr, n, x):
    if n == 0:
        v = x
    elif n == 1:
        v = x + 1.0
    elif n == 2:
        w = x
    else:
        v = x
    tl.store(out_ptr, v)

@triton.jit
def number(out_ptr, n):
    if n == 0:
        v = tl.zeros([16], dtype=tl.float32)
    elif n == 1:
        v = 1.0
    else:
        v = tl.zeros([16], dtype=tl.float32)
    tl.store(out_ptr + tl.arange(0, 16), v)


# TYPES: {{.*}}elif_chains.py:13:5: error: variable 'v' is fp32 after the branch at line 13 of this if but i32 after the branch at line 15; its type must not depend on a runtime condition
# TYPES-NEXT: {{^}}    if n == 0:
# TYPES-NEXT: {{^ *\^$}}

# SOME: {{.*}}elif_chains.py:31:23: error: 'v' is not defined on every branch of the if at line 23
# SOME-NEXT: {{^}}    tl.store(out_ptr, v)
# SOME-NEXT: {{^ *\^$}}

# `v = 1.0` makes an fp32 scalar tensor, as Triton's assignment does:
# NUMBER: {{.*}}elif_chains.py:35:5: error: variable 'v' is block<16xfp32> after the branch at line 35 of this if but fp32 after the branch at line 37; its type must not depend on a runtime condition
# NUMBER-NEXT: {{^}}    if n == 0:
# NUMBER-NEXT: {{^ *\^$}}
