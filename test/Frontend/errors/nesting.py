# The front end follows nesting only so deep, through inlined calls too:
# past each limit a located error, never a stack overflow (each of these
# crashed, or an import chain of 33 re-exports was called a cycle). The
# limits fit the stack the front end runs on whatever the caller's: the
# runs below have 1 MB of stack on the main thread. Inputs:
# Inputs/make_deep_programs.py.
#
# RUN: rm -rf %t && python3 %S/../Inputs/make_deep_programs.py %t
# RUN: ulimit -s 1024 && not tilec %t/chain_1500.py --kernel kernel --signature '*i32' --emit tile 2>&1 | FileCheck %s --check-prefix=CALLS
# RUN: ulimit -s 1024 && not tilec %t/minus.py --kernel kernel --signature '*i32' --emit tile 2>&1 | FileCheck %s --check-prefix=EXPRESSIONS
# RUN: ulimit -s 1024 && not tilec %t/nested_ifs.py --kernel kernel --signature '*i32,i32' --emit tile 2>&1 | FileCheck %s --check-prefix=STATEMENTS
# RUN: ulimit -s 1024 && not tilec %t/guards.py --kernel kernel --signature '*i32,i32' --emit tile 2>&1 | FileCheck %s --check-prefix=REGIONS
# RUN: ulimit -s 1024 && not tilec %t/imports/kernel.py --kernel kernel --signature '*i32' --emit tile 2>&1 | FileCheck %s --check-prefix=IMPORTS
# RUN: ulimit -s 1024 && not tilec %t/parens.py --kernel kernel --signature '*i32' --emit tile 2>&1 | FileCheck %s --check-prefix=PARSE
#
# Within the limits: 100 nested calls, 33 re-exports, 5000 elifs.
# RUN: ulimit -s 1024 && tilec %t/chain_100.py --kernel kernel --signature '*i32' -o %t/chain.ptx
# RUN: ulimit -s 1024 && tilec %t/exports/kernel.py --kernel kernel --signature '*i32' --emit tile | FileCheck %s --check-prefix=EXPORTS
# RUN: ulimit -s 1024 && tilec %t/elif_5000.py --kernel kernel --signature '*i32,i32' --emit tile -o %t/elif.mlir

# CALLS: chain_1500.py:502:12: error: calls of @triton.jit functions nested too deeply (more than 100 levels)
# CALLS-NEXT: {{^}}    return h100(x) + 1
# CALLS-NEXT: {{^ *\^$}}
# EXPRESSIONS: minus.py:17:28: error: expressions nested too deeply (more than 2000 levels)
# EXPRESSIONS: minus.py:17:28: note: the count goes on through the @triton.jit functions being inlined here, 3 deep
# STATEMENTS: nested_ifs.py:1056:41: error: statements nested too deeply (more than 1000 levels)
# STATEMENTS: note: the count goes on through the @triton.jit functions being inlined here, 11 deep
# REGIONS: guards.py:519:5: error: runtime control flow (if, for, while) nested too deeply (more than 256 levels)
# REGIONS-NEXT: {{^}}    if n == 256:
# IMPORTS: n255.py:2:19: error: imports nested too deeply (more than 256 levels)
# IMPORTS-NEXT: {{^}}from .n256 import g
# PARSE: parens.py:7:1017: error: expression nested too deeply (more than 1000 levels; each link of an operator chain such as a + b + c counts one)
# EXPORTS: arith.addi
