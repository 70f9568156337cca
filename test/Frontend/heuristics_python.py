# A heuristic is plain Python, and tilec computes it as Python does, with
# the kernel's own Python-value rules (PyValue.h): ints do not wrap at 64
# bits. The values below are Triton 3.6's (static_print of the constexpr on
# the H200); stored through an *i64 pointer they wrap as Triton's store does
# (to_tensor makes them uint64, the store casts).
# RUN: tilec %s --kernel heur_max --signature '*i64' --emit tile | FileCheck %s --check-prefix=MAX
# RUN: tilec %s --kernel heur_int --signature '*i64' --emit tile | FileCheck %s --check-prefix=INT
# RUN: tilec %s --kernel heur_np2_big --signature '*i64' --emit tile | FileCheck %s --check-prefix=NP2
# RUN: tilec %s --kernel heur_np2_zero --signature '*i64' --emit tile | FileCheck %s --check-prefix=ZERO
# RUN: tilec %s --kernel heur_strings --signature "" --emit tile 2>&1 >/dev/null | FileCheck %s --check-prefix=STRINGS
# RUN: tilec %s --kernel heur_float --signature '*fp64' --emit tile | FileCheck %s --check-prefix=FLOAT
# RUN: tilec %s --kernel heur_nan --signature "" --emit tile 2>&1 >/dev/null | FileCheck %s --check-prefix=NAN

import triton
import triton.language as tl


@triton.heuristics({'X': lambda args: max(2**62 * 2, 1)})
@triton.jit
def heur_max(out_ptr, X: tl.constexpr):
    tl.store(out_ptr, X)
# MAX: tile.constexprs = {X = 9223372036854775808 : i128}
# MAX: arith.constant -9223372036854775808 : i64


@triton.heuristics({'X': lambda args: int(1e19)})
@triton.jit
def heur_int(out_ptr, X: tl.constexpr):
    tl.store(out_ptr, X)
# INT: tile.constexprs = {X = 10000000000000000000 : i128}
# INT: arith.constant -8446744073709551616 : i64


@triton.heuristics({'X': lambda args: triton.next_power_of_2(2**62 + 1)})
@triton.jit
def heur_np2_big(out_ptr, X: tl.constexpr):
    tl.store(out_ptr, X)
# NP2: tile.constexprs = {X = 9223372036854775808 : i128}


@triton.heuristics({'X': lambda args: triton.next_power_of_2(0)})
@triton.jit
def heur_np2_zero(out_ptr, X: tl.constexpr):
    tl.store(out_ptr, X)
# ZERO: tile.constexprs = {X = 0 : i32}


# Python's floats: floor division with CPython's rules, exact int-float
# comparison (2**53 + 1 is not float(2**53)).
@triton.heuristics({'X': lambda args: -5.0 // float(2**1000) + (2**53 + 1 == float(2**53))})
@triton.jit
def heur_float(out_ptr, X: tl.constexpr):
    tl.store(out_ptr, X)
# FLOAT: tile.constexprs = {X = -1.000000e+00 : f64}


# float() and int() of a string literal parse it as Python does.
@triton.heuristics({'X': lambda args: float('-0'), 'Y': lambda args: float('inf'),
                    'Z': lambda args: int('12')})
@triton.jit
def heur_strings(X: tl.constexpr, Y: tl.constexpr, Z: tl.constexpr):
    tl.static_print(X, Y, Z)
# STRINGS: -0.0 inf 12


# A heuristic's min and max of a NaN are Python's (the first argument wins
# a comparison that is false), where the kernel body refuses them as
# Triton's tl.minimum/tl.maximum do (errors/python_values.py).
@triton.heuristics({'X': lambda args: min(float('nan'), 1.0), 'Y': lambda args: max(float('nan'), 1.0),
                    'Z': lambda args: max(1.0, float('nan'))})
@triton.jit
def heur_nan(X: tl.constexpr, Y: tl.constexpr, Z: tl.constexpr):
    tl.static_print(X, Y, Z)
# NAN: nan nan 1.0
