# The lecture's row-sum kernel (second listing), verbatim: the loop carries
# `acc`, a block, through scf.for.
# RUN: tilec %s --emit ast | FileCheck %s --check-prefix=AST
# RUN: tilec %s --signature '*fp32,*fp32,i32,1024' --emit tile | FileCheck %s

import triton
import triton.language as tl

@triton.jit
def row_sum_kernel(x_ptr, out_ptr, N, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)

    for start in range(0, N, BLOCK_SIZE):    # 遍历所有块片
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
        acc += x

    result = tl.sum(acc, axis=0)    # 最终归约
    tl.store(out_ptr + row, result)

# AST checks: statements with line:column, operators fully parenthesised.
# AST: kernel row_sum_kernel @10:1
# AST-NEXT:   param x_ptr @10:20
# AST-NEXT:   param out_ptr @10:27
# AST-NEXT:   param N @10:36
# AST-NEXT:   param BLOCK_SIZE: tl.constexpr @10:39
# AST-NEXT:   body
# AST-NEXT:     assign @11:5 row = tl.program_id(0)
# AST-NEXT:     assign @12:5 acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
# AST-NEXT:     for @14:5 start in range(0, N, BLOCK_SIZE)
# AST-NEXT:       assign @15:9 cols = (start + tl.arange(0, BLOCK_SIZE))
# AST-NEXT:       assign @16:9 mask = (cols < N)
# AST-NEXT:       assign @17:9 x = tl.load(((x_ptr + (row * N)) + cols), mask=mask, other=0.0)
# AST-NEXT:       augassign @18:9 acc += x
# AST-NEXT:     assign @20:5 result = tl.sum(acc, axis=0)
# AST-NEXT:     expr @21:5 tl.store((out_ptr + row), result)

# The tile dialect MLIRGen emits for signature *fp32,*fp32,i32,1024.
# CHECK-LABEL: func.func @row_sum_kernel(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}, %arg1: !tile.ptr<f32> {tile.name = "out_ptr"}, %arg2: i32 {tile.name = "N"}) attributes {tile.constexprs = {BLOCK_SIZE = 1024 : i32}} {
# CHECK-NEXT: %[[V0:[a-z0-9_]+]] = tile.program_id 0 : i32
# CHECK-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<1024xf32>
# CHECK-NEXT: %[[VC0_I32:[a-z0-9_]+]] = arith.constant 0 : i32
# CHECK-NEXT: %[[VC1024_I32:[a-z0-9_]+]] = arith.constant 1024 : i32
# CHECK-NEXT: %[[V1:[a-z0-9_]+]] = scf.for %[[AARG3:[a-z0-9_]+]] = %[[VC0_I32]] to %arg2 step %[[VC1024_I32]] iter_args(%[[AARG4:[a-z0-9_]+]] = %[[VCST]]) -> (tensor<1024xf32>)  : i32 {
# CHECK-NEXT: %[[V4:[a-z0-9_]+]] = tile.make_range 0, 1024 : tensor<1024xi32>
# CHECK-NEXT: %[[V5:[a-z0-9_]+]] = tile.splat %[[AARG3]] : tensor<1024xi32>
# CHECK-NEXT: %[[V6:[a-z0-9_]+]] = arith.addi %[[V5]], %[[V4]] : tensor<1024xi32>
# CHECK-NEXT: %[[V7:[a-z0-9_]+]] = tile.splat %arg2 : tensor<1024xi32>
# CHECK-NEXT: %[[V8:[a-z0-9_]+]] = arith.cmpi slt, %[[V6]], %[[V7]] : tensor<1024xi32>
# CHECK-NEXT: %[[V9:[a-z0-9_]+]] = arith.muli %[[V0]], %arg2 : i32
# CHECK-NEXT: %[[V10:[a-z0-9_]+]] = tile.addptr %arg0, %[[V9]] : !tile.ptr<f32>, i32
# CHECK-NEXT: %[[V11:[a-z0-9_]+]] = tile.splat %[[V10]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[V12:[a-z0-9_]+]] = tile.addptr %[[V11]], %[[V6]] : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
# CHECK-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# CHECK-NEXT: %[[V13:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<1024xf32>
# CHECK-NEXT: %[[V14:[a-z0-9_]+]] = tile.load %[[V12]] mask %[[V8]] other %[[V13]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[V15:[a-z0-9_]+]] = arith.addf %[[AARG4]], %[[V14]] : tensor<1024xf32>
# CHECK-NEXT: scf.yield %[[V15]] : tensor<1024xf32>
# CHECK-NEXT: }
# CHECK-NEXT: %[[V2:[a-z0-9_]+]] = tile.reduce sum %[[V1]] {axis = 0 : i32} : tensor<1024xf32> -> f32
# CHECK-NEXT: %[[V3:[a-z0-9_]+]] = tile.addptr %arg1, %[[V0]] : !tile.ptr<f32>, i32
# CHECK-NEXT: tile.store %[[V3]], %[[V2]] : !tile.ptr<f32>
# CHECK-NEXT: return
# CHECK-NEXT: }
