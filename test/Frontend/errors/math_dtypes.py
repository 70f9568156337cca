# The math functions take fp32 or fp64, as Triton's math.py checks them
# (_check_dtype): an fp16, bf16 or integer block or runtime scalar is a
# located error naming what to do; a compile-time number computes in fp32.
# RUN: not tilec %s --kernel exp_fp16 --signature '*fp16:16,128' 2>&1 | FileCheck %s --check-prefix=FP16
# RUN: not tilec %s --kernel exp_fp16 --signature '*bf16:16,128' 2>&1 | FileCheck %s --check-prefix=BF16
# RUN: not tilec %s --kernel log2_int --signature '*i32:16,128' 2>&1 | FileCheck %s --check-prefix=INT
# RUN: not tilec %s --kernel sqrt_scalar --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: not tilec %s --kernel member --signature '*fp16:16,128' 2>&1 | FileCheck %s --check-prefix=MEMBER
# RUN: tilec %s --kernel exp_fp16 --signature '*fp32:16,128' -o %t.ptx
# RUN: tilec %s --kernel exp_fp16 --signature '*fp64:16,128' -o %t.ptx
# RUN: tilec %s --kernel upcast --signature '*fp16:16,128' -o %t.ptx
# RUN: tilec %s --kernel constant --signature '*fp32:16' -o %t.ptx
# tl.sigmoid is 1 / (1 + tl.exp(-x)) in Triton: the same check, at the argument.
# RUN: not tilec %s --kernel sigmoid_of --signature '*fp16:16,128' 2>&1 | FileCheck %s --check-prefix=SIGMOID16
# RUN: not tilec %s --kernel sigmoid_of --signature '*i32:16,128' 2>&1 | FileCheck %s --check-prefix=SIGMOIDINT
# RUN: tilec %s --kernel sigmoid_of --signature '*fp32:16,128' -o %t.ptx
# RUN: tilec %s --kernel sigmoid_of --signature '*fp64:16,128' -o %t.ptx
# RUN: tilec %s --kernel sigmoid_constant --signature '*fp32:16' --emit tile | FileCheck %s --check-prefix=SIGMOIDCONST
# tl.abs takes any number, as in Triton.
# RUN: tilec %s --kernel absolute --signature '*fp16:16,128' -o %t.ptx
# RUN: tilec %s --kernel absolute --signature '*bf16:16,128' -o %t.ptx
# RUN: tilec %s --kernel absolute --signature '*i32:16,128' -o %t.ptx

import triton
import triton.language as tl


@triton.jit
def exp_fp16(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    # FP16: math_dtypes.py:[[@LINE+2]]:35: error: tl.exp() takes fp32 or fp64, got block<128xfp16> (as in Triton); convert it first, e.g. x.to(tl.float32)
    # BF16: math_dtypes.py:[[@LINE+1]]:35: error: tl.exp() takes fp32 or fp64, got block<128xbf16>
    tl.store(x_ptr + offs, tl.exp(x))


@triton.jit
def log2_int(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    # INT: math_dtypes.py:[[@LINE+1]]:22: error: tl.log2() takes fp32 or fp64, got block<128xi32>
    y = tl.math.log2(tl.load(x_ptr + offs))
    tl.store(x_ptr + offs, y.to(tl.int32))


@triton.jit
def sqrt_scalar(x_ptr, n):
    # SCALAR: math_dtypes.py:[[@LINE+1]]:29: error: tl.sqrt() takes fp32 or fp64, got i32
    tl.store(x_ptr, tl.sqrt(n))


@triton.jit
def member(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    # MEMBER: math_dtypes.py:[[@LINE+1]]:28: error: tl.sin() takes fp32 or fp64, got block<128xfp16>
    tl.store(x_ptr + offs, x.sin())


@triton.jit
def upcast(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.exp(x.to(tl.float32)).to(tl.float16))


@triton.jit
def constant(x_ptr):
    tl.store(x_ptr, tl.exp(1.0) + tl.cos(2))


@triton.jit
def absolute(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.abs(x) + abs(x))


@triton.jit
def sigmoid_of(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    # SIGMOID16: math_dtypes.py:[[@LINE+2]]:39: error: tl.sigmoid() takes fp32 or fp64, got block<128xfp16> (as in Triton); convert it first, e.g. x.to(tl.float32)
    # SIGMOIDINT: math_dtypes.py:[[@LINE+1]]:39: error: tl.sigmoid() takes fp32 or fp64, got block<128xi32>
    tl.store(x_ptr + offs, tl.sigmoid(x))


@triton.jit
def sigmoid_constant(x_ptr):
    # SIGMOIDCONST: arith.negf %{{.*}} : f32
    # SIGMOIDCONST: math.exp %{{.*}} : f32
    tl.store(x_ptr, tl.sigmoid(2))
