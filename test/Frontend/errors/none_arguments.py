# Errors around None arguments (signature entry `None`, -D NAME=None), each
# at its place: a None parameter used as a value, a heuristic that computes
# with one, and -D binding a runtime parameter to anything but None.
# RUN: not tilec %s --kernel use --signature '*fp32,None,i32' 2>&1 | FileCheck %s --check-prefix=USE
# RUN: not tilec %s --kernel heur --signature '*fp32,None' 2>&1 | FileCheck %s --check-prefix=HEUR
# RUN: not tilec %s --kernel use --signature '*fp32,*fp32' -D n=3 2>&1 | FileCheck %s --check-prefix=BIND

import triton
import triton.language as tl


@triton.jit
def use(x_ptr, b_ptr, n):
    tl.store(x_ptr, tl.load(b_ptr + n))


@triton.heuristics({"B": lambda args: args["b_ptr"] + 1})
@triton.jit
def heur(x_ptr, b_ptr, B: tl.constexpr):
    pass

# USE: none_arguments.py:14:29: error: unsupported operand for '+': None
# USE-NEXT: {{^}}    tl.store(x_ptr, tl.load(b_ptr + n))
# USE-NEXT: {{^ *\^$}}
# HEUR: none_arguments.py:17:39: error: heuristic 'B' reads 'b_ptr', which is None: heuristics compute with numbers (test it with 'is None')
# BIND: none_arguments.py:13:23: error: -D n binds parameter 'n', which is not tl.constexpr (only None binds a runtime parameter)
