# tl.map_elementwise(scalar_fn, *args): the inputs are broadcast to one
# shape (a runtime scalar or a number is splatted) and scalar_fn, a
# @triton.jit function of the file, is inlined into a tile.map_elementwise
# region on one element of each: a branch on the element is an scf.if per
# element, so the exponential runs only where x <= 0. A tuple return gives
# a tuple of blocks; unsigned inputs stay unsigned inside (divui).
# RUN: tilec %s --kernel selu --signature '*fp32:16,*fp32:16,i32,fp32,1024' --emit tile | FileCheck %s
# RUN: tilec %s --kernel selu --signature '*fp32:16,*fp32:16,i32,fp32,1024' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel divmod --signature '*u32:16,*u32:16,*u32:16,256' --emit tile | FileCheck %s --check-prefix=DIVMOD
# RUN: tilec %s --kernel divmod --signature '*u32:16,*u32:16,*u32:16,256' -o %t2.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t2.ptx -o %t2.cubin %}
# RUN: tilec %s --kernel scalars --signature '*fp32:16,fp32' --emit tile | FileCheck %s --check-prefix=SCALARS
# With pack=2 scalar_fn takes two elements of each input (input by input)
# and returns two values of each result (result by result).
# RUN: tilec %s --kernel pairs --signature '*i32:16,*i32:16,*i32:16,*i32:16,1024' --emit tile | FileCheck %s --check-prefix=PAIRS
# RUN: tilec %s --kernel pairs --signature '*i32:16,*i32:16,*i32:16,*i32:16,1024' -o %t3.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t3.ptx -o %t3.cubin %}

import triton
import triton.language as tl


@triton.jit
def selu_scalar(x, alpha):
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)


# CHECK-LABEL: func.func @selu(
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[A:.*]] = tile.splat %arg3 : tensor<1024xf32>
# CHECK: tile.map_elementwise %[[X]], %[[A]] : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32> {
# CHECK-NEXT: ^bb0(%[[E:.*]]: f32, %[[S:.*]]: f32):
# CHECK: %[[P:.*]] = arith.cmpf ogt, %[[E]]
# CHECK: scf.if %[[P]] -> (f32) {
# CHECK-NEXT: scf.yield %[[E]] : f32
# CHECK-NEXT: } else {
# CHECK: math.exp %[[E]] : f32
# CHECK: arith.mulf %[[S]]
# CHECK: tile.map_return %{{.*}} : f32
# PTX-LABEL: .entry selu(
# PTX-COUNT-8: ex2.approx.f32
# PTX-NOT: ex2.approx.f32
@triton.jit
def selu(x_ptr, y_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.map_elementwise(selu_scalar, x, alpha)
    tl.store(y_ptr + offs, y, mask=mask)


@triton.jit
def divmod_scalar(a, b):
    return a // b, a % b


# DIVMOD-LABEL: func.func @divmod(
# DIVMOD: %{{.*}}:2 = tile.map_elementwise %{{.*}}, %{{.*}} : (tensor<256xi32>, tensor<256xi32>) -> (tensor<256xi32>, tensor<256xi32>) {
# DIVMOD: arith.divui
# DIVMOD: arith.remui
# DIVMOD: tile.map_return %{{.*}}, %{{.*}} : i32, i32
@triton.jit
def divmod(a_ptr, q_ptr, r_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    q, r = tl.map_elementwise(divmod_scalar, a, tl.full([BLOCK], 7, tl.uint32))
    tl.store(q_ptr + offs, q)
    tl.store(r_ptr + offs, r)


# Only scalars: an ordinary call, no region.
# SCALARS-LABEL: func.func @scalars(
# SCALARS-NOT: tile.map_elementwise
# SCALARS: scf.if
@triton.jit
def scalars(y_ptr, x):
    tl.store(y_ptr, tl.map_elementwise(selu_scalar, x, 1.5))


@triton.jit
def pair_mix(a0, a1, b0, b1):
    return a0 + b1, a1 * b0, a0 - a1, b1


# PAIRS-LABEL: func.func @pairs(
# PAIRS: %{{.*}}:2 = tile.map_elementwise %{{.*}}, %{{.*}} {pack = 2 : i32} : (tensor<1024xi32>, tensor<1024xi32>) -> (tensor<1024xi32>, tensor<1024xi32>) {
# PAIRS-NEXT: ^bb0(%[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[B0:.*]]: i32, %[[B1:.*]]: i32):
# PAIRS-DAG: %[[S0:.*]] = arith.addi %[[A0]], %[[B1]] : i32
# PAIRS-DAG: %[[S1:.*]] = arith.muli %[[A1]], %[[B0]] : i32
# PAIRS-DAG: %[[D0:.*]] = arith.subi %[[A0]], %[[A1]] : i32
# PAIRS: tile.map_return %[[S0]], %[[S1]], %[[D0]], %[[B1]] : i32, i32, i32, i32
@triton.jit
def pairs(a_ptr, b_ptr, s_ptr, d_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    s, d = tl.map_elementwise(pair_mix, a, b, pack=2)
    tl.store(s_ptr + offs, s)
    tl.store(d_ptr + offs, d)
