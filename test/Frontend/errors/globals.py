# Globals a kernel may not read, as in Triton: each error at the use, with
# the source line and a caret.
# RUN: not tilec %s --kernel host_value --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: not tilec %s --kernel plain_int --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=PLAIN
# RUN: not tilec %s --kernel annotated --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ANNOTATED
# RUN: not tilec %s --kernel itself --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ITSELF
# RUN: not tilec %s --kernel host_call --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=HOSTCALL
# RUN: not tilec %s --kernel host_module --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=HOSTMODULE

import torch
import triton
import triton.language as tl

DEVICE = torch.device("cuda")
N = 4
M: int = 4
LOOP = tl.constexpr(LOOP + 1)
RSQRT = find_function("rsqrt")
LOWEST = tl.constexpr(torch.finfo(torch.float32).min)


@triton.jit
def host_value(x_ptr):
    tl.store(x_ptr, DEVICE)


@triton.jit
def plain_int(x_ptr):
    tl.store(x_ptr, N)


@triton.jit
def annotated(x_ptr):
    tl.store(x_ptr, M)


@triton.jit
def itself(x_ptr):
    tl.store(x_ptr, LOOP)


@triton.jit
def host_call(x_ptr):
    tl.store(x_ptr, RSQRT(1.0))


@triton.jit
def host_module(x_ptr):
    tl.store(x_ptr, LOWEST)

# HOST: globals.py:24:21: error: cannot read the global 'DEVICE' in a @triton.jit function: it is bound to what the host function 'torch.device' returns, and tilec does not run host code
# HOST-NEXT: tl.store(x_ptr, DEVICE)
# HOST-NEXT: ^
# PLAIN: globals.py:29:21: error: cannot read the global 'N' in a @triton.jit function: as in Triton, kernels read only globals made with tl.constexpr (`N = tl.constexpr(...)`), dtypes and Triton's or @triton.jit functions
# ANNOTATED: globals.py:34:21: error: cannot read the global 'M' in a @triton.jit function: it is annotated, but not as tl.constexpr (`M: tl.constexpr = ...` is a value kernels read)
# ITSELF: globals.py:17:21: error: the global 'LOOP' refers to itself
# HOSTCALL: globals.py:44:21: error: cannot read the global 'RSQRT' in a @triton.jit function: it is bound to what the host function 'find_function' returns, and tilec does not run host code
# HOSTMODULE: globals.py:19:23: error: 'torch' is bound by a top-level import of 'torch', host code that kernels cannot use (they may use Triton's modules, and the @triton.jit functions and tl.constexpr globals of the Python files tilec finds)
# HOSTMODULE-NEXT: LOWEST = tl.constexpr(torch.finfo(torch.float32).min)
