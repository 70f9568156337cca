# Globals a kernel may not read, as in Triton: each error at the use, with
# the source line and a caret.
# RUN: not tilec %s --kernel host_value --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: not tilec %s --kernel plain_int --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=PLAIN
# RUN: not tilec %s --kernel annotated --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ANNOTATED
# RUN: not tilec %s --kernel itself --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ITSELF
# RUN: not tilec %s --kernel not_dtype --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOTDTYPE

import torch
import triton
import triton.language as tl

DEVICE = torch.device("cuda")
N = 4
M: tl.constexpr = 4
LOOP = tl.constexpr(LOOP + 1)
RANGE = tl.arange


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
def not_dtype(x_ptr):
    tl.store(x_ptr, RANGE)

# HOST: globals.py:22:21: error: cannot read the global 'DEVICE' in a @triton.jit function: as in Triton, kernels read only globals made with tl.constexpr (`DEVICE = tl.constexpr(...)`) and dtypes
# HOST-NEXT: tl.store(x_ptr, DEVICE)
# HOST-NEXT: ^
# PLAIN: globals.py:27:21: error: cannot read the global 'N'
# ANNOTATED: globals.py:32:21: error: the global 'M' is annotated, which Triton does not support: write `M = tl.constexpr(...)` for a value kernels read
# ITSELF: globals.py:16:21: error: the global 'LOOP' refers to itself
# NOTDTYPE: globals.py:42:21: error: the global 'RANGE' is the function 'tl.arange', not a tl.constexpr value or a dtype a kernel may read
