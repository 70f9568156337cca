# An assignment makes a tensor of a Python number, as Triton's visit_Assign
# does (to_tensor): `a = -7` is an int32 scalar, and what follows computes
# with Triton's typed semantics (C's division and modulo, fp32 overflow),
# folded by the canonicalizer in the type's own arithmetic. So does a
# helper's `return 16`. Types by range: int32, uint32, int64, uint64; fp32,
# or fp64 where fp32 cannot hold the magnitude; int1. The values below are
# what Triton 3.6 stored (or printed) for the same code on the H200.
# RUN: tilec %s --kernel typed --signature '*i32,*fp32' --emit tile | tile-opt --canonicalize | FileCheck %s --check-prefix=TYPED
# RUN: tilec %s --kernel types --signature '*i64' -o %t.ptx 2>&1 | FileCheck %s --check-prefix=TYPES --match-full-lines --strict-whitespace
# RUN: tilec %s --kernel unsigned_ops --signature '*i64' --emit tile | tile-opt --canonicalize | FileCheck %s --check-prefix=UNSIGNED
# RUN: tilec %s --kernel long_range --signature '*i64,i32' --emit tile | FileCheck %s --check-prefix=RANGE

import triton
import triton.language as tl


@triton.jit
def sixteen():
    return 16


@triton.jit
def typed(i_ptr, f_ptr):
    a = -7
    tl.store(i_ptr + 0, a // 2)
    tl.store(i_ptr + 1, a % 3)
    tl.store(i_ptr + 2, a >> 1)
    b = 2**31 - 1
    tl.store(i_ptr + 3, b + 1)
    h = 1e30
    tl.store(f_ptr + 0, h * h / h)
    c = 7
    tl.store(f_ptr + 1, c / 2)
    tl.store(f_ptr + 2, sixteen() * 2.5)

# C's division and modulo on int32, then int32 wrap-around:
# TYPED-DAG: arith.constant -3 : i32
# TYPED-DAG: arith.constant -1 : i32
# TYPED-DAG: arith.constant -4 : i32
# TYPED-DAG: arith.constant -2147483648 : i32
# 1e30 * 1e30 is inf in fp32:
# TYPED-DAG: arith.constant 0x7F800000 : f32
# TYPED-DAG: arith.constant 3.500000e+00 : f32
# TYPED-DAG: arith.constant 4.000000e+01 : f32


@triton.jit
def types(out_ptr):
    a, b, c, d = 5, 2**31, 2**40, 2**63
    tl.static_print(a, a.dtype, b.dtype, c.dtype, d.dtype)
    e, f, g, h = 1e300, 1e-40, True, -0.0
    tl.static_print(e.dtype, f.dtype, g.dtype, h.dtype, h)
    r = min(3, 5)
    tl.static_print(r, sixteen(), (a, 2.5))
    x: tl.constexpr = 3
    tl.static_print(x, x * 2)
    y = x
    tl.static_print(y)
    tl.store(out_ptr, a + d)

# TYPES:int32[] int32 uint32 int64 uint64
# TYPES-NEXT:fp64 fp64 int1 fp32 fp32[]
# TYPES-NEXT:int32[] int32[] (int32[], 2.5)
# TYPES-NEXT:3 6
# TYPES-NEXT:int32[]


@triton.jit
def unsigned_ops(out_ptr):
    a = 2**31
    tl.store(out_ptr + 0, a >> 1)
    b = 2**31 + 1
    tl.store(out_ptr + 1, b // 3)
    c = -1
    tl.store(out_ptr + 2, (c < a).to(tl.int64))
    tl.store(out_ptr + 3, 2**63)

# uint32 shifts logically and divides unsigned; int32 -1 against a uint32
# compares unsigned; 2**63 is a uint64 that wraps in the int64 store.
# UNSIGNED-DAG: arith.constant 1073741824 : i64
# UNSIGNED-DAG: arith.constant 715827883 : i64
# UNSIGNED-DAG: arith.constant 0 : i64
# UNSIGNED-DAG: arith.constant -9223372036854775808 : i64


# 64-bit loop bounds, as Triton counts them: range(n, 2**40, 2**39) loops
# in int64 (the bound was an int32 out of range).
@triton.jit
def long_range(out_ptr, n):
    r = 0
    for i in range(n, 2**40, 2**39):
        r += 1
    tl.store(out_ptr, r)

# RANGE: %[[LB:.*]] = arith.extsi %arg1 : i32 to i64
# RANGE: scf.for %{{.*}} = %[[LB]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32)  : i64
