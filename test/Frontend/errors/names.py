# Unknown names, unknown tl functions, and variables used outside the loop
# or branch that defines them.
# RUN: not tilec %s --kernel unknown_name --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NAME
# RUN: not tilec %s --kernel unknown_tl --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=TL
# RUN: not tilec %s --kernel loop_local --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not tilec %s --kernel branch_local --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: not tilec %s --kernel unknown_attr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ATTR

import triton
import triton.language as tl


@triton.jit
def unknown_name(x_ptr):
    tl.store(x_ptr, foo)


@triton.jit
def unknown_tl(x_ptr):
    tl.store(x_ptr, tl.frobnicate(1.0))


@triton.jit
def loop_local(x_ptr, n):
    for i in range(n):
        y = i * 2
    tl.store(x_ptr, y)


@triton.jit
def branch_local(x_ptr, n):
    if n > 0:
        z = 1.0
    tl.store(x_ptr, z)


@triton.jit
def unknown_attr(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, x.frobnicate)

# NAME: {{.*}}names.py:15:21: error: unknown name 'foo'
# NAME-NEXT: {{^}}    tl.store(x_ptr, foo)
# NAME-NEXT: {{^ *\^$}}

# TL: {{.*}}names.py:20:24: error: unknown function 'tl.frobnicate'
# TL-NEXT: {{^}}    tl.store(x_ptr, tl.frobnicate(1.0))
# TL-NEXT: {{^ *\^$}}

# LOOP: {{.*}}names.py:27:21: error: 'y' is only defined inside the loop at line 25; it has no value after the loop
# LOOP-NEXT: {{^}}    tl.store(x_ptr, y)
# LOOP-NEXT: {{^ *\^$}}

# BRANCH: {{.*}}names.py:34:21: error: 'z' is only defined on one branch of the if at line 32
# BRANCH-NEXT: {{^}}    tl.store(x_ptr, z)
# BRANCH-NEXT: {{^ *\^$}}

# ATTR: {{.*}}names.py:40:23: error: a value of type fp32 has no attribute 'frobnicate'
# ATTR-NEXT: {{^}}    tl.store(x_ptr, x.frobnicate)
# ATTR-NEXT: {{^ *\^$}}
