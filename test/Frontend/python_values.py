# Compile-time values follow Python's semantics exactly (PyValue.h): floor
# division and modulo of floats as CPython's, exact int/float comparisons,
# correctly rounded conversions, Python's min/max (the first of equals),
# ints of any size. Each store below writes a Python value through Triton's
# to_tensor (fp32 for these floats, then the pointee's type).
# RUN: tilec %s --kernel floats --signature '*fp64' --emit tile | FileCheck %s --check-prefix=FLOATS
# RUN: tilec %s --kernel ints --signature '*i64' --emit tile | FileCheck %s --check-prefix=INTS

import triton
import triton.language as tl


@triton.jit
def floats(x_ptr):
    tl.store(x_ptr + 0, -5.0 // float('inf'))
    tl.store(x_ptr + 1, float('inf') // 1)
    tl.store(x_ptr + 2, -0.0 % 5)
    tl.store(x_ptr + 3, float('-0'))
    tl.store(x_ptr + 4, float(2**63 - 1))
    tl.store(x_ptr + 5, (2**53 + 1 == float(2**53)) + 0.5)
    tl.store(x_ptr + 6, 7.5 % -2)
    tl.store(x_ptr + 7, min(2, 1.5) + max(1.0, 1) + (-8.0) ** 3)

# FLOATS: arith.constant -1.000000e+00 : f64
# FLOATS: arith.constant 0xFFF8000000000000 : f64
# FLOATS: arith.constant 0.000000e+00 : f64
# FLOATS: arith.constant -0.000000e+00 : f64
# FLOATS: arith.constant 9.2233720368547758E+18 : f64
# FLOATS: arith.constant 5.000000e-01 : f64
# FLOATS: arith.constant -5.000000e-01 : f64
# FLOATS: arith.constant -5.095000e+02 : f64


@triton.jit
def ints(x_ptr):
    tl.store(x_ptr + 0, (-1) ** 3)
    tl.store(x_ptr + 1, -7 // 2 * 10 + -7 % 3)
    tl.store(x_ptr + 2, int(1e30) % 10**18)
    tl.store(x_ptr + 3, (2**100 + 5) >> 98)
    tl.store(x_ptr + 4, min(2**70, 3) + max(True, 0) + abs(-2**63) // 2**62)
    tl.store(x_ptr + 5, (2**64 - 1) & -2**8)
    tl.store(x_ptr + 6, triton.next_power_of_2(0) + triton.cdiv(-7, 2))
    tl.store(x_ptr + 7, (2**63 < 2.0**63 + 2048) + 10 * (2**64 == 2.0**64))
    # Triton takes max(x) of one number (Python does not) and gives x.
    tl.store(x_ptr + 8, max(1) * 100 + min(4, 2, 3))

# INTS: arith.constant -1 : i64
# INTS: arith.constant -38 : i64
# int(1e30) is 1000000000000000019884624838656
# INTS: arith.constant 19884624838656 : i64
# INTS: arith.constant 4 : i64
# INTS: arith.constant 6 : i64
# 2**64 - 256 is a uint64, stored in an int64
# INTS: arith.constant -256 : i64
# INTS: arith.constant -3 : i64
# INTS: arith.constant 11 : i64
# INTS: arith.constant 102 : i64
