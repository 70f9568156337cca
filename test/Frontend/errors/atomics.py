# Misused atomics are located errors.
# RUN: not tilec %s --kernel bad_sem --signature '*i32' 2>&1 | FileCheck %s --check-prefix=SEM
# RUN: not tilec %s --kernel bad_scope --signature '*i32' 2>&1 | FileCheck %s --check-prefix=SCOPE
# RUN: not tilec %s --kernel bitwise_float --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BITF
# RUN: not tilec %s --kernel half_max --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=HALF
# RUN: not tilec %s --kernel byte_add --signature '*i8' 2>&1 | FileCheck %s --check-prefix=BYTE
# RUN: not tilec %s --kernel block_through_scalar --signature '*i32' 2>&1 | FileCheck %s --check-prefix=BLOCK
# RUN: not tilec %s --kernel not_a_pointer --signature 'i32' 2>&1 | FileCheck %s --check-prefix=NOPTR
# RUN: not tilec %s --kernel pointer_value --signature '*i64' 2>&1 | FileCheck %s --check-prefix=PVAL
# RUN: not tilec %s --kernel cas_bool --signature '*i1' 2>&1 | FileCheck %s --check-prefix=CAS

import triton
import triton.language as tl


@triton.jit
def bad_sem(p):
    # SEM: atomics.py:[[@LINE+1]]:29: error: tl.atomic_add(): sem must be "acquire", "release", "acq_rel" or "relaxed", got the string 'seq_cst'
    tl.atomic_add(p, 1, sem="seq_cst")


@triton.jit
def bad_scope(p):
    # SCOPE: atomics.py:[[@LINE+1]]:32: error: tl.atomic_xchg(): scope must be "gpu", "cta" or "sys", got the constant 3
    tl.atomic_xchg(p, 1, scope=3)


@triton.jit
def bitwise_float(p):
    # BITF: atomics.py:[[@LINE+1]]:18: error: tl.atomic_or() does not support fp32 elements
    tl.atomic_or(p, 1.0)


@triton.jit
def half_max(p):
    # HALF: atomics.py:[[@LINE+1]]:19: error: tl.atomic_max() does not support fp16 elements
    tl.atomic_max(p, 1.0)


@triton.jit
def byte_add(p):
    # BYTE: atomics.py:[[@LINE+1]]:19: error: tl.atomic_add() does not support i8 elements
    tl.atomic_add(p, 1)


@triton.jit
def block_through_scalar(p):
    # BLOCK: atomics.py:[[@LINE+1]]:22: error: tl.atomic_add(): val is a block but the pointer is a single pointer
    tl.atomic_add(p, tl.arange(0, 16))


@triton.jit
def not_a_pointer(n):
    # NOPTR: atomics.py:[[@LINE+1]]:19: error: expected a pointer or a block of pointers, got a value of type i32
    tl.atomic_add(n, 1)


@triton.jit
def pointer_value(p):
    # PVAL: atomics.py:[[@LINE+1]]:23: error: tl.atomic_xchg(): val must be a number or a block of numbers, got a value of type pointer<i64>
    tl.atomic_xchg(p, p)


@triton.jit
def cas_bool(p):
    # CAS: atomics.py:[[@LINE+1]]:19: error: tl.atomic_cas() does not support i1 elements (it takes 16-, 32- and 64-bit ones)
    tl.atomic_cas(p, 0, 1)
