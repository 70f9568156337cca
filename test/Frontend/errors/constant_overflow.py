# Compile-time integers are 64-bit: what Python computes exactly but does
# not fit, and what Python raises on, are located errors, never a wrapped
# value.
# RUN: not tilec %s --kernel neg_min --signature '*i64' 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not tilec %s --kernel abs_min --signature '*i64' 2>&1 | FileCheck %s --check-prefix=ABS
# RUN: not tilec %s --kernel int_inf --signature '*i64' 2>&1 | FileCheck %s --check-prefix=INF
# RUN: not tilec %s --kernel int_nan --signature '*i64' 2>&1 | FileCheck %s --check-prefix=NAN
# RUN: not tilec %s --kernel int_big --signature '*i64' 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: not tilec %s --kernel zero_pow --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=POW
# RUN: not tilec %s --kernel zero_pow_float --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FPOW
# RUN: not tilec %s --kernel scalar_range --signature '*i64' 2>&1 | FileCheck %s --check-prefix=SCALAR
# (A comparison with 3000000000 is in uint32, as Triton types the number: test/Frontend/unsigned_promotion.py.)
# RUN: tilec %s --kernel scalar_widened --signature '*i64' --emit tile | FileCheck %s --check-prefix=WIDENED
# RUN: tilec %s --kernel in_range --signature '*i64' --emit tile | FileCheck %s --check-prefix=OK

import triton
import triton.language as tl


@triton.jit
def neg_min(x_ptr):
    tl.store(x_ptr, -(-2**62 * 2))


@triton.jit
def abs_min(x_ptr):
    tl.store(x_ptr, abs(-2**62 * 2))


@triton.jit
def int_inf(x_ptr):
    tl.store(x_ptr, int(float('inf')))


@triton.jit
def int_nan(x_ptr):
    tl.store(x_ptr, int(float('nan')))


@triton.jit
def int_big(x_ptr):
    tl.store(x_ptr, int(1e30))


@triton.jit
def zero_pow(x_ptr):
    tl.store(x_ptr, 0 ** -1)


@triton.jit
def zero_pow_float(x_ptr):
    tl.store(x_ptr, 0.0 ** -2.5)


@triton.jit
def in_range(x_ptr):
    tl.store(x_ptr, -(-2**62 * 2 + 1) + int(-9.2e18) + abs(-7) + int(2.5))

# NEG: {{.*}}constant_overflow.py:22:21: error: integer overflow in a compile-time expression
# NEG-NEXT: {{^}}    tl.store(x_ptr, -(-2**62 * 2))
# NEG-NEXT: {{^}}                    ^{{$}}

# ABS: {{.*}}constant_overflow.py:27:21: error: integer overflow in a compile-time expression
# ABS-NEXT: {{^}}    tl.store(x_ptr, abs(-2**62 * 2))

# INF: {{.*}}constant_overflow.py:32:21: error: cannot convert float infinity to integer
# INF-NEXT: {{^}}    tl.store(x_ptr, int(float('inf')))

# NAN: {{.*}}constant_overflow.py:37:21: error: cannot convert float nan to integer

# BIG: {{.*}}constant_overflow.py:42:21: error: integer overflow in a compile-time expression: int() of a float outside the 64-bit range

# POW: {{.*}}constant_overflow.py:47:21: error: division by zero in a compile-time expression
# POW-NEXT: {{^}}    tl.store(x_ptr, 0 ** -1)

# FPOW: {{.*}}constant_overflow.py:52:21: error: division by zero in a compile-time expression

# -(-2**63 + 1) + (-9200000000000000000) + 7 + 2
# OK: arith.constant 23372036854775816 : i64


# A Python int takes the runtime operand's type (int32 here), as in Triton,
# which rejects one that does not fit instead of wrapping it.
@triton.jit
def scalar_range(x_ptr):
    pid = tl.program_id(0)
    tl.atomic_add(x_ptr, (1 << 40) + pid)
# SCALAR: constant_overflow.py:[[# @LINE - 1]]:27: error: scalar 1099511627776 is out of range for type int32


@triton.jit
def scalar_widened(x_ptr):
    pid = tl.program_id(0)
    tl.atomic_add(x_ptr, (1 << 40) + pid.to(tl.int64))
# WIDENED-LABEL: func.func @scalar_widened
# WIDENED: arith.constant 1099511627776 : i64
