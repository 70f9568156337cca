# The lecture's softmax kernel (second listing), verbatim.
# RUN: tilec %s --emit ast | FileCheck %s --check-prefix=AST
# RUN: tilec %s --signature '*fp32:16,*fp32:16,i32,i32,i32,1024' --emit tile | FileCheck %s

import triton
import triton.language as tl

@triton.jit
def triton_softmax_kernel(x_ptr, y_ptr, x_row_stride, y_row_stride, num_cols, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK_SIZE)

    x_ptrs = x_ptr + row_idx * x_row_stride + col_offsets
    x_row = tl.load(x_ptrs, mask=col_offsets < num_cols, other=float("-inf"))

    x_row = x_row - tl.max(x_row, axis=0)
    numerator = tl.exp(x_row)
    denominator = tl.sum(numerator, axis=0)
    y_row = numerator / denominator

    y_ptrs = y_ptr + row_idx * y_row_stride + col_offsets
    tl.store(y_ptrs, y_row, mask=col_offsets < num_cols)

# AST checks: statements with line:column, operators fully parenthesised.
# AST: kernel triton_softmax_kernel @9:1
# AST-NEXT:   param x_ptr @9:27
# AST-NEXT:   param y_ptr @9:34
# AST-NEXT:   param x_row_stride @9:41
# AST-NEXT:   param y_row_stride @9:55
# AST-NEXT:   param num_cols @9:69
# AST-NEXT:   param BLOCK_SIZE: tl.constexpr @9:79
# AST-NEXT:   body
# AST-NEXT:     assign @10:5 row_idx = tl.program_id(0)
# AST-NEXT:     assign @11:5 col_offsets = tl.arange(0, BLOCK_SIZE)
# AST-NEXT:     assign @13:5 x_ptrs = ((x_ptr + (row_idx * x_row_stride)) + col_offsets)
# AST-NEXT:     assign @14:5 x_row = tl.load(x_ptrs, mask=(col_offsets < num_cols), other=float("-inf"))
# AST-NEXT:     assign @16:5 x_row = (x_row - tl.max(x_row, axis=0))
# AST-NEXT:     assign @17:5 numerator = tl.exp(x_row)
# AST-NEXT:     assign @18:5 denominator = tl.sum(numerator, axis=0)
# AST-NEXT:     assign @19:5 y_row = (numerator / denominator)
# AST-NEXT:     assign @21:5 y_ptrs = ((y_ptr + (row_idx * y_row_stride)) + col_offsets)
# AST-NEXT:     expr @22:5 tl.store(y_ptrs, y_row, mask=(col_offsets < num_cols))

# The tile dialect MLIRGen emits for signature *fp32:16,*fp32:16,i32,i32,i32,1024.
# CHECK-LABEL: func.func @triton_softmax_kernel(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "x_ptr"}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "y_ptr"}, %arg2: i32 {tile.name = "x_row_stride"}, %arg3: i32 {tile.name = "y_row_stride"}, %arg4: i32 {tile.name = "num_cols"}) attributes {tile.constexprs = {BLOCK_SIZE = 1024 : i32}} {
# CHECK-NEXT: %[[V0:[a-z0-9_]+]] = tile.program_id 0 : i32
# CHECK-NEXT: %[[V1:[a-z0-9_]+]] = tile.make_range 0, 1024 : tensor<1024xi32>
# CHECK-NEXT: %[[V2:[a-z0-9_]+]] = arith.muli %[[V0]], %arg2 : i32
# CHECK-NEXT: %[[V3:[a-z0-9_]+]] = tile.addptr %arg0, %[[V2]] : !tile.ptr<f32>, i32
# CHECK-NEXT: %[[V4:[a-z0-9_]+]] = tile.splat %[[V3]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[V5:[a-z0-9_]+]] = tile.addptr %[[V4]], %[[V1]] : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
# CHECK-NEXT: %[[V6:[a-z0-9_]+]] = tile.splat %arg4 : tensor<1024xi32>
# CHECK-NEXT: %[[V7:[a-z0-9_]+]] = arith.cmpi slt, %[[V1]], %[[V6]] : tensor<1024xi32>
# CHECK-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant 0xFF800000 : f32
# CHECK-NEXT: %[[V8:[a-z0-9_]+]] = tile.splat %[[VCST]] : tensor<1024xf32>
# CHECK-NEXT: %[[V9:[a-z0-9_]+]] = tile.load %[[V5]] mask %[[V7]] other %[[V8]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[V10:[a-z0-9_]+]] = tile.reduce max %[[V9]] {axis = 0 : i32} : tensor<1024xf32> -> f32
# CHECK-NEXT: %[[V11:[a-z0-9_]+]] = tile.splat %[[V10]] : tensor<1024xf32>
# CHECK-NEXT: %[[V12:[a-z0-9_]+]] = arith.subf %[[V9]], %[[V11]] : tensor<1024xf32>
# CHECK-NEXT: %[[V13:[a-z0-9_]+]] = math.exp %[[V12]] : tensor<1024xf32>
# CHECK-NEXT: %[[V14:[a-z0-9_]+]] = tile.reduce sum %[[V13]] {axis = 0 : i32} : tensor<1024xf32> -> f32
# CHECK-NEXT: %[[V15:[a-z0-9_]+]] = tile.splat %[[V14]] : tensor<1024xf32>
# CHECK-NEXT: %[[V16:[a-z0-9_]+]] = arith.divf %[[V13]], %[[V15]] : tensor<1024xf32>
# CHECK-NEXT: %[[V17:[a-z0-9_]+]] = arith.muli %[[V0]], %arg3 : i32
# CHECK-NEXT: %[[V18:[a-z0-9_]+]] = tile.addptr %arg1, %[[V17]] : !tile.ptr<f32>, i32
# CHECK-NEXT: %[[V19:[a-z0-9_]+]] = tile.splat %[[V18]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[V20:[a-z0-9_]+]] = tile.addptr %[[V19]], %[[V1]] : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
# CHECK-NEXT: %[[V21:[a-z0-9_]+]] = tile.splat %arg4 : tensor<1024xi32>
# CHECK-NEXT: %[[V22:[a-z0-9_]+]] = arith.cmpi slt, %[[V1]], %[[V21]] : tensor<1024xi32>
# CHECK-NEXT: tile.store %[[V20]], %[[V16]] mask %[[V22]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: return
# CHECK-NEXT: }
