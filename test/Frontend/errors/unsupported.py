# Python constructs kernels cannot use: each is a located error.
# RUN: not tilec %s --kernel while_loop --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=WHILE
# RUN: not tilec %s --kernel lambda_expr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=LAMBDA
# RUN: not tilec %s --kernel comprehension --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=COMP
# RUN: not tilec %s --kernel try_stmt --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=TRY
# RUN: not tilec %s --kernel with_stmt --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=WITH
# RUN: not tilec %s --kernel nested_def --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=DEF
# RUN: not tilec %s --kernel early_return --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=RETURN
# RUN: not tilec %s --kernel return_value --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=VALUE
# RUN: not tilec %s --kernel break_stmt --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=BREAK
# RUN: not tilec %s --kernel continue_stmt --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=CONTINUE
# RUN: not tilec %s --kernel store_subscript --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SUBSCRIPT

import triton
import triton.language as tl


@triton.jit
def while_loop(x_ptr, n):
    while n > 0:
        n -= 1
    else: pass


@triton.jit
def lambda_expr(x_ptr):
    f = lambda v: v + 1


@triton.jit
def comprehension(x_ptr):
    xs = [i * 2 for i in range(4)]


@triton.jit
def try_stmt(x_ptr):
    try:
        tl.store(x_ptr, 1.0)
    except Exception:
        pass


@triton.jit
def with_stmt(x_ptr):
    with open("f") as f:
        pass


@triton.jit
def nested_def(x_ptr):
    def helper(v):
        return v
    tl.store(x_ptr, 1.0)


@triton.jit
def early_return(x_ptr, n):
    for i in range(n):
        return
    tl.store(x_ptr, 1.0)


@triton.jit
def return_value(x_ptr):
    return 1


@triton.jit
def break_stmt(x_ptr, n):
    for i in range(n):
        break


@triton.jit
def continue_stmt(x_ptr, n):
    for i in range(n):
        continue


@triton.jit
def store_subscript(x_ptr):
    r = tl.arange(0, 16)
    r[0] = 1

# WHILE: {{.*}}unsupported.py:20:5: error: unsupported construct: while-else
# WHILE-NEXT: {{^}}    while n > 0:
# WHILE-NEXT: {{^ *\^$}}

# LAMBDA: {{.*}}unsupported.py:27:9: error: unsupported construct: lambda
# LAMBDA-NEXT: {{^}}    f = lambda v: v + 1
# LAMBDA-NEXT: {{^ *\^$}}

# COMP: {{.*}}unsupported.py:32:10: error: unsupported construct: list comprehension
# COMP-NEXT: {{^}}    xs = [i * 2 for i in range(4)]
# COMP-NEXT: {{^ *\^$}}

# TRY: {{.*}}unsupported.py:37:5: error: unsupported construct: try statement
# TRY-NEXT: {{^}}    try:
# TRY-NEXT: {{^ *\^$}}

# WITH: {{.*}}unsupported.py:45:5: error: unsupported construct: with statement
# WITH-NEXT: {{^}}    with open("f") as f:
# WITH-NEXT: {{^ *\^$}}

# DEF: {{.*}}unsupported.py:51:5: error: unsupported construct: nested function definition
# DEF-NEXT: {{^}}    def helper(v):
# DEF-NEXT: {{^ *\^$}}

# RETURN: {{.*}}unsupported.py:59:9: error: 'return' inside a loop is not supported (nor in Triton)
# RETURN-NEXT: {{^}}        return
# RETURN-NEXT: {{^ *\^$}}

# VALUE: {{.*}}unsupported.py:65:5: error: kernels cannot return a value
# VALUE-NEXT: {{^}}    return 1
# VALUE-NEXT: {{^ *\^$}}

# BREAK: {{.*}}unsupported.py:71:9: error: unsupported construct: break
# BREAK-NEXT: {{^}}        break
# BREAK-NEXT: {{^ *\^$}}

# CONTINUE: {{.*}}unsupported.py:77:9: error: unsupported construct: continue
# CONTINUE-NEXT: {{^}}        continue
# CONTINUE-NEXT: {{^ *\^$}}

# SUBSCRIPT: {{.*}}unsupported.py:83:5: error: only names can be assigned to; blocks are immutable
# SUBSCRIPT-NEXT: {{^}}    r[0] = 1
# SUBSCRIPT-NEXT: {{^ *\^$}}
