# Loop-carried variables keep their type; conditions of ifs are scalars;
# range bounds are integers.
# RUN: not tilec %s --kernel scalar_to_block --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=CARRY
# RUN: not tilec %s --kernel block_condition --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=COND
# RUN: not tilec %s --kernel float_bounds --signature '*fp32,fp32' 2>&1 | FileCheck %s --check-prefix=BOUNDS
# RUN: not tilec %s --kernel branch_types --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: not tilec %s --kernel not_range --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ITER

import triton
import triton.language as tl


@triton.jit
def scalar_to_block(x_ptr, n):
    acc = 0.0
    for i in range(n):
        acc = acc + tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr, tl.sum(acc))


@triton.jit
def block_condition(x_ptr):
    r = tl.arange(0, 16)
    if r > 4:
        tl.store(x_ptr, 1.0)


@triton.jit
def float_bounds(x_ptr, f):
    for i in range(f):
        tl.store(x_ptr, 1.0)


@triton.jit
def branch_types(x_ptr, n):
    v = n
    if n > 0:
        v = tl.arange(0, 16)
    tl.store(x_ptr, v)


@triton.jit
def not_range(x_ptr):
    for i in (1, 2):
        tl.store(x_ptr, 1.0)

# CARRY: {{.*}}loops.py:17:9: error: variable 'acc' changes type from fp32 to block<16xfp32> inside the loop; its type must stay the same
# CARRY-NEXT: {{^}}        acc = acc + tl.load(x_ptr + tl.arange(0, 16))
# CARRY-NEXT: {{^ *\^$}}

# COND: {{.*}}loops.py:24:8: error: an if condition must be a scalar, got block<16xi1>; use tl.where for blocks
# COND-NEXT: {{^}}    if r > 4:
# COND-NEXT: {{^ *\^$}}

# BOUNDS: {{.*}}loops.py:30:20: error: range bounds must be integer scalars, got a value of type fp32
# BOUNDS-NEXT: {{^}}    for i in range(f):
# BOUNDS-NEXT: {{^ *\^$}}

# BRANCH: {{.*}}loops.py:37:5: error: variable 'v' is block<16xi32> after the then-branch of this if but i32 after the else-branch; its type must not depend on a runtime condition
# BRANCH-NEXT: {{^}}    if n > 0:
# BRANCH-NEXT: {{^ *\^$}}

# ITER: {{.*}}loops.py:44:14: error: only 'for ... in range(...)' (or tl.range, tl.static_range) loops are supported
# ITER-NEXT: {{^}}    for i in (1, 2):
# ITER-NEXT: {{^ *\^$}}


# A number on one side of a runtime if and a block on the other (Triton
# rejects it: the assignment makes the number a scalar tensor), either
# side.
# RUN: not tilec %s --kernel branch_number --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=NUMBER
# RUN: not tilec %s --kernel branch_number --signature '*fp32:16,i32' -D THEN=False 2>&1 | FileCheck %s --check-prefix=NUMBER2
@triton.jit
def branch_number(x_ptr, n, THEN: tl.constexpr = True):
    offs = tl.arange(0, 128)
    if THEN:
        v = tl.load(x_ptr + offs)
        # NUMBER: loops.py:[[@LINE+1]]:9: error: variable 'v' is fp32 after the then-branch of this if but block<128xfp32> after the else-branch; its type must not depend on a runtime condition
        if n > 0:
            v = 1.0
    else:
        # NUMBER2: loops.py:[[@LINE+1]]:9: error: variable 'v' is block<128xfp32> after the then-branch of this if but i32 after the else-branch
        if n > 0:
            v = tl.load(x_ptr + offs)
        else:
            v = 0
    tl.store(x_ptr + offs, v)
