# tl.reduce and tl.associative_scan with a @triton.jit combine_fn become
# tile.combine_reduce / tile.combine_scan: the combine_fn is inlined into
# the op's region on two scalars of each operand's element type, and
# tl.xor_sum is a combine_reduce with arith.xori. Several operands (a value
# and its index) travel together through shuffles and scratch.
# RUN: tilec %s --kernel combine --signature '*fp32:16,*i32:16,*fp32:16,*i32:16,64' --emit tile | FileCheck %s
# RUN: tilec %s --kernel combine --signature '*fp32:16,*i32:16,*fp32:16,*i32:16,64' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel scans --signature '*fp32:16,*fp32:16,1024' --emit tile | FileCheck %s --check-prefix=SCAN
# RUN: tilec %s --kernel scans --signature '*fp32:16,*fp32:16,1024' -o %t2.ptx
# RUN: FileCheck %s --check-prefix=SCANPTX < %t2.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t2.ptx -o %t2.cubin %}
# RUN: tilec %s --kernel flat --signature '*i32:16,*i32:16' --emit tile | FileCheck %s --check-prefix=FLAT
# RUN: tilec %s --kernel flat --signature '*i32:16,*i32:16' -o %t3.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t3.ptx -o %t3.cubin %}
# RUN: tilec %s --kernel one_tuple --signature '*fp32:16,*fp32:16' --emit tile | FileCheck %s --check-prefix=ONE

import triton
import triton.language as tl


@triton.jit
def _argmax_combine(v0, i0, v1, i1):
    take = (v1 > v0) | ((v1 == v0) & (i1 < i0))
    return tl.where(take, v1, v0), tl.where(take, i1, i0)


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def _max(a, b):
    return tl.maximum(a, b)


@triton.jit
def _recurrence(a0, b0, a1, b1):
    # x[i] = a[i] * x[i-1] + b[i]: associative, not commutative.
    return a0 * a1, b0 * a1 + b1


# CHECK-LABEL: func.func @combine
# CHECK: %{{.*}}:2 = tile.combine_reduce %{{.*}}, %{{.*}} {axis = 1 : i32} : tensor<64x64xf32>, tensor<64x64xi32> -> tensor<64xf32>, tensor<64xi32> {
# CHECK-NEXT: ^bb0(%[[V0:[a-z0-9_]+]]: f32, %[[I0:[a-z0-9_]+]]: i32, %[[V1:[a-z0-9_]+]]: f32, %[[I1:[a-z0-9_]+]]: i32):
# CHECK: arith.cmpf ogt, %[[V1]], %[[V0]] : f32
# CHECK: arith.select
# CHECK: tile.combine_return %{{.*}}, %{{.*}} : f32, i32
# CHECK: tile.combine_reduce %{{.*}} {axis = 0 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
# CHECK: arith.mulf
# CHECK: tile.combine_reduce %{{.*}} {axis = 0 : i32} : tensor<4096xi32> -> i32 {
# CHECK: arith.xori
# CHECK: tile.splat %{{.*}} : tensor<1x1xi32>
# PTX: shfl.sync.bfly.b32
# PTX: bar.sync 0;
@triton.jit
def combine(x_ptr, i_ptr, y_ptr, j_ptr, N: tl.constexpr):
    rows = tl.arange(0, N)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    idx = tl.broadcast_to(cols, (N, N))
    v, i = tl.reduce((x, idx), 1, _argmax_combine)
    tl.store(y_ptr + tl.arange(0, N), v)
    tl.store(j_ptr + tl.arange(0, N), i)
    p = x.reduce(0, _mul)
    tl.store(y_ptr + N + tl.arange(0, N), p)
    bits = tl.load(i_ptr + rows * N + cols)
    tl.store(j_ptr + N + tl.arange(0, 1)[:, None], tl.xor_sum(bits, keep_dims=True))


# SCAN-LABEL: func.func @scans
# SCAN: tile.combine_scan %{{.*}} {axis = 0 : i32} : tensor<1024xf32> -> tensor<1024xf32> {
# SCAN: arith.maxnumf
# SCAN: %{{.*}}:2 = tile.combine_scan %{{.*}}, %{{.*}} {axis = 0 : i32, reverse} : tensor<1024xf32>, tensor<1024xf32> -> tensor<1024xf32>, tensor<1024xf32> {
# SCAN: tile.combine_return
# 1024 elements over 128 threads: registers, lanes and warps all scan.
# SCANPTX: shfl.sync.bfly.b32
# SCANPTX: bar.sync 0;
@triton.jit
def scans(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    running = tl.associative_scan(x, 0, _max)
    a, b = tl.associative_scan((x, x + 1.0), axis=0, combine_fn=_recurrence,
                               reverse=True)
    tl.store(y_ptr + offs, running + a + b)


# FLAT-LABEL: func.func @flat
# FLAT: tile.reshape %{{.*}} : tensor<8x16xi32> -> tensor<128xi32>
# FLAT: tile.combine_reduce %{{.*}} {axis = 0 : i32} : tensor<128xi32> -> i32
# FLAT: tile.combine_scan %{{.*}} {axis = 1 : i32} : tensor<8x16xi32> -> tensor<8x16xi32>
@triton.jit
def flat(x_ptr, y_ptr):
    offs = tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(x_ptr + offs)
    total = tl.reduce(x, None, _max)
    tl.store(y_ptr + offs, x.associative_scan(-1, _mul) + total)


@triton.jit
def _add1(a, b):
    return (a + b,)


# A tuple of one block gives a tuple of one result, as in Triton.
# ONE-LABEL: func.func @one_tuple
# ONE: tile.combine_scan %{{.*}} : tensor<128xf32> -> tensor<128xf32>
# ONE: tile.combine_reduce %{{.*}} : tensor<128xf32> -> f32
@triton.jit
def one_tuple(x_ptr, y_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    r = tl.associative_scan((x,), 0, _add1)
    s = tl.reduce((x,), 0, _add1)
    tl.store(y_ptr + offs, r[0] + s[0])
