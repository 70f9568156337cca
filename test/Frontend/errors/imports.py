# Functions imported from other files (Inputs/imports/): each error at its
# place, with the source line and a caret; an error inside an imported
# file points into that file.
# RUN: rm -rf %t.dir && cp -r %S/../Inputs/imports %t.dir && cp %s %t.dir/kernel.py && cd %t.dir
# RUN: not tilec kernel.py --kernel missing_file --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FILE
# RUN: not tilec kernel.py --kernel not_jit --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOTJIT
# RUN: not tilec kernel.py --kernel no_member --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MEMBER
# RUN: not tilec kernel.py --kernel recursive --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=RECURSE
# RUN: not tilec kernel.py --kernel cycle --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CYCLE
# RUN: not tilec kernel.py --kernel old_mac --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CR
# RUN: sed 's/^#@ //' kernel.py > broken_kernel.py
# RUN: not tilec broken_kernel.py --kernel missing_file --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BROKEN

import triton
import triton.language as tl

import activations
from .activations import host_helper
from .no_such_helpers import relu
from .recursion import ping
from .cycle_a import f as cyclic
from .crlf import bad_cr
#@ from .broken import bad


@triton.jit
def missing_file(x_ptr):
    tl.store(x_ptr, relu(tl.load(x_ptr)))


@triton.jit
def not_jit(x_ptr):
    tl.store(x_ptr, host_helper(tl.load(x_ptr)))


@triton.jit
def no_member(x_ptr):
    tl.store(x_ptr, activations.gelu(tl.load(x_ptr)))


@triton.jit
def recursive(x_ptr):
    tl.store(x_ptr, ping(tl.load(x_ptr)))

@triton.jit
def cycle(x_ptr):
    tl.store(x_ptr, cyclic(tl.load(x_ptr)))

@triton.jit
def old_mac(x_ptr):
    tl.store(x_ptr, bad_cr(tl.load(x_ptr)))

# FILE: kernel.py:28:21: error: 'relu' is imported from '.no_such_helpers', but there is no file no_such_helpers.py
# FILE-NEXT: tl.store(x_ptr, relu(tl.load(x_ptr)))
# FILE-NEXT: ^
# NOTJIT: kernel.py:33:21: error: 'host_helper' is imported from activations.py, which has no @triton.jit function 'host_helper'
# MEMBER: kernel.py:38:33: error: module 'activations' (activations.py) has no @triton.jit function 'gelu'
# RECURSE: recursion.py:13:12: error: recursive call of 'ping': @triton.jit functions are inlined and cannot recurse
# BROKEN: broken.py:7:15: error: expected expression, got newline
# CYCLE: kernel.py:47:21: error: 'f' is imported in a cycle
# An imported file with old Mac line ends ("\r"): the right line shown.
# CR: crlf.py:5:16: error: unknown name 'nowhere'
# CR-NEXT: return x + nowhere
# CR-NEXT: ^
