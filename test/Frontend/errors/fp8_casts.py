# Integers do not convert to or from fp8, as in Triton ("cannot cast
# int32[constexpr[16]] to <['16'], fp8e4nv>"): every path through the front
# end's one conversion routine says so at the source, .to, tl.cast, a store
# through an fp8 pointer, the dtype of tl.sum and tl.cumsum, a condition.
# Through a float they convert (fp8_through_float).
# RUN: not tilec %s --kernel to_fp8 --signature '*fp8e4nv' 2>&1 | FileCheck %s --check-prefix=TO
# RUN: not tilec %s --kernel cast_fp8 --signature '*fp8e5' 2>&1 | FileCheck %s --check-prefix=CAST
# RUN: not tilec %s --kernel store_fp8 --signature '*fp8e4nv' 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: not tilec %s --kernel sum_fp8 --signature '*fp8e4nv' 2>&1 | FileCheck %s --check-prefix=SUM
# RUN: not tilec %s --kernel cumsum_fp8 --signature '*fp8e4nv' 2>&1 | FileCheck %s --check-prefix=CUMSUM
# RUN: not tilec %s --kernel scalar_to_fp8 --signature '*fp8e4nv,i32' 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: not tilec %s --kernel from_fp8 --signature '*fp8e5,*i32' 2>&1 | FileCheck %s --check-prefix=FROM
# RUN: not tilec %s --kernel fp8_condition --signature '*fp8e5,*i32' 2>&1 | FileCheck %s --check-prefix=COND

import triton
import triton.language as tl


@triton.jit
def to_fp8(out_ptr):
    # TO: fp8_casts.py:[[@LINE+3]]:9: error: cannot cast i32 to fp8e4nv: as in Triton, fp8 converts only to and from floating-point types (go through one, e.g. x.to(tl.float32))
    # TO-NEXT: x = tl.arange(0, 16).to(tl.float8e4nv)
    # TO-NEXT: ^
    x = tl.arange(0, 16).to(tl.float8e4nv)
    tl.store(out_ptr + tl.arange(0, 16), x)


@triton.jit
def cast_fp8(out_ptr):
    # CAST: fp8_casts.py:[[@LINE+1]]:9: error: cannot cast i32 to fp8e5: as in Triton
    x = tl.cast(tl.arange(0, 16), tl.float8e5)
    tl.store(out_ptr + tl.arange(0, 16), x)


@triton.jit
def store_fp8(out_ptr):
    # STORE: fp8_casts.py:[[@LINE+1]]:5: error: cannot cast i32 to fp8e4nv: as in Triton
    tl.store(out_ptr + tl.arange(0, 16), tl.arange(0, 16))


@triton.jit
def sum_fp8(out_ptr):
    # SUM: fp8_casts.py:[[@LINE+1]]:48: error: tl.sum(): dtype cannot be fp8e4nv, which has no arithmetic; sum in tl.float16 or tl.float32
    z = tl.sum(tl.arange(0, 16), axis=0, dtype=tl.float8e4nv)
    tl.store(out_ptr, z)


@triton.jit
def cumsum_fp8(out_ptr):
    # CUMSUM: fp8_casts.py:[[@LINE+1]]:51: error: tl.cumsum(): dtype cannot be fp8e4nv, which has no arithmetic; sum in tl.float16 or tl.float32
    z = tl.cumsum(tl.arange(0, 16), axis=0, dtype=tl.float8e4nv)
    tl.store(out_ptr + tl.arange(0, 16), z)


@triton.jit
def scalar_to_fp8(out_ptr, n):
    # SCALAR: fp8_casts.py:[[@LINE+1]]:23: error: cannot cast i32 to fp8e4nv: as in Triton
    tl.store(out_ptr, n.to(tl.float8e4nv))


@triton.jit
def from_fp8(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # FROM: fp8_casts.py:[[@LINE+1]]:42: error: cannot cast fp8e5 to i32: as in Triton
    tl.store(out_ptr + tl.arange(0, 16), x.to(tl.int32))


@triton.jit
def fp8_condition(x_ptr, out_ptr):
    x = tl.load(x_ptr)
    # COND: fp8_casts.py:[[@LINE+1]]:8: error: cannot cast fp8e5 to i1: as in Triton
    if x:
        tl.store(out_ptr, 1)
