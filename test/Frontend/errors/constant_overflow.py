# Compile-time ints are Python's: exact and unbounded (up to 4096 bits),
# with Python's errors as located errors. A Python int that reaches a
# tensor first takes Triton's to_tensor type (int32, uint32, int64 or
# uint64 by its range; a larger one is an error, as in Triton) and then the
# type it is stored as, so 2**63 wraps in an int64 as Triton's store does.
# RUN: tilec %s --kernel neg_min --signature '*i64' --emit tile | FileCheck %s --check-prefix=NEG
# RUN: tilec %s --kernel abs_min --signature '*i64' --emit tile | FileCheck %s --check-prefix=NEG
# RUN: not tilec %s --kernel int_inf --signature '*i64' 2>&1 | FileCheck %s --check-prefix=INF
# RUN: not tilec %s --kernel int_nan --signature '*i64' 2>&1 | FileCheck %s --check-prefix=NAN
# RUN: not tilec %s --kernel int_big --signature '*i64' 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: tilec %s --kernel int_big_exact --signature '*i64' --emit tile | FileCheck %s --check-prefix=EXACT
# RUN: not tilec %s --kernel zero_pow --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=POW
# RUN: not tilec %s --kernel zero_pow_float --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FPOW
# RUN: not tilec %s --kernel pow_overflow --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=OVERFLOW
# RUN: not tilec %s --kernel pow_complex --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=COMPLEX
# RUN: not tilec %s --kernel pow_huge --signature '*i64' 2>&1 | FileCheck %s --check-prefix=HUGE
# RUN: tilec %s --kernel pow_negative_odd --signature '*i64' --emit tile | FileCheck %s --check-prefix=ODD
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
def int_big_exact(x_ptr):
    tl.store(x_ptr, int(1e30) // 10**12)


@triton.jit
def zero_pow(x_ptr):
    tl.store(x_ptr, 0 ** -1)


@triton.jit
def zero_pow_float(x_ptr):
    tl.store(x_ptr, 0.0 ** -2.5)


@triton.jit
def pow_overflow(x_ptr):
    tl.store(x_ptr, 2.0 ** 1024)


@triton.jit
def pow_complex(x_ptr):
    tl.store(x_ptr, (-8) ** 0.5)


@triton.jit
def pow_huge(x_ptr):
    tl.store(x_ptr, 2 ** (10**9) % 7)


@triton.jit
def pow_negative_odd(x_ptr):
    tl.store(x_ptr, (-1) ** 3 * 1000 + (-2) ** 3)


@triton.jit
def in_range(x_ptr):
    tl.store(x_ptr, -(-2**62 * 2 + 1) + int(-9.2e18) + abs(-7) + int(2.5))

# 2**63 is a uint64 tensor, which wraps in the int64 store.
# NEG: arith.constant -9223372036854775808 : i64

# INF: {{.*}}constant_overflow.py:39:21: error: cannot convert float infinity to integer
# INF-NEXT: {{^}}    tl.store(x_ptr, int(float('inf')))
# INF-NEXT: {{^}}                    ^{{$}}

# NAN: {{.*}}constant_overflow.py:44:21: error: cannot convert float NaN to integer

# int(1e30) is exact, but no tensor type holds it.
# BIG: {{.*}}constant_overflow.py:49:21: error: the int 1000000000000000019884624838656 does not fit in 64 bits: Triton makes a Python int a tensor of int32, uint32, int64 or uint64, and no other
# BIG-NEXT: {{^}}    tl.store(x_ptr, int(1e30))

# 1000000000000000019884624838656 // 10**12
# EXACT: arith.constant 1000000000000000019 : i64

# POW: {{.*}}constant_overflow.py:59:21: error: division by zero in a compile-time expression: 0.0 cannot be raised to a negative power
# POW-NEXT: {{^}}    tl.store(x_ptr, 0 ** -1)
# POW-NEXT: {{^}}                    ^{{$}}

# FPOW: {{.*}}constant_overflow.py:64:21: error: division by zero in a compile-time expression: 0.0 cannot be raised to a negative power

# OVERFLOW: {{.*}}constant_overflow.py:69:21: error: float overflow in a compile-time expression: the result of '**' is out of the range of a float

# COMPLEX: {{.*}}constant_overflow.py:74:22: error: a negative number raised to a fractional power is a complex number, which kernels do not support

# 2 ** (10**9) is refused before it is computed.
# HUGE: {{.*}}constant_overflow.py:79:21: error: integer too large in a compile-time expression: tilec's Python ints have at most 4096 bits

# (-1) ** 3 is -1 (it was 1), (-2) ** 3 is -8.
# ODD: arith.constant -1008 : i64

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
