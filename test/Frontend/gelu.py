# The lecture's GeLU kernel (second listing, with the GeLU formula), verbatim.
# RUN: tilec %s --emit ast | FileCheck %s --check-prefix=AST
# RUN: tilec %s --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --emit tile | FileCheck %s

import triton
import triton.language as tl

@triton.jit
def triton_gelu_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)      # 当前块 ID
    start = pid * BLOCK_SIZE         # 该块的起始位置
    offsets = start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < num_elements    # 处理边界

    x = tl.load(x_ptr + offsets, mask=mask)
    # 计算 GeLU 公式
    a = 0.79788456 * (x + 0.044715 * x * x * x)
    exp = tl.exp(2 * a)
    tanh = (exp - 1) / (exp + 1)
    y = 0.5 * x * (1 + tanh)

    tl.store(y_ptr + offsets, y, mask=mask)

# AST checks: statements with line:column, operators fully parenthesised.
# AST: kernel triton_gelu_kernel @9:1
# AST-NEXT:   param x_ptr @9:24
# AST-NEXT:   param y_ptr @9:31
# AST-NEXT:   param num_elements @9:38
# AST-NEXT:   param BLOCK_SIZE: tl.constexpr @9:52
# AST-NEXT:   body
# AST-NEXT:     assign @10:5 pid = tl.program_id(axis=0)
# AST-NEXT:     assign @11:5 start = (pid * BLOCK_SIZE)
# AST-NEXT:     assign @12:5 offsets = (start + tl.arange(0, BLOCK_SIZE))
# AST-NEXT:     assign @13:5 mask = (offsets < num_elements)
# AST-NEXT:     assign @15:5 x = tl.load((x_ptr + offsets), mask=mask)
# AST-NEXT:     assign @17:5 a = (0.79788456 * (x + (((0.044715 * x) * x) * x)))
# AST-NEXT:     assign @18:5 exp = tl.exp((2 * a))
# AST-NEXT:     assign @19:5 tanh = ((exp - 1) / (exp + 1))
# AST-NEXT:     assign @20:5 y = ((0.5 * x) * (1 + tanh))
# AST-NEXT:     expr @22:5 tl.store((y_ptr + offsets), y, mask=mask)

# The tile dialect MLIRGen emits for signature *fp32:16,*fp32:16,i32,1024.
# CHECK-LABEL: func.func @triton_gelu_kernel(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "x_ptr"}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "y_ptr"}, %arg2: i32 {tile.name = "num_elements"}) attributes {tile.constexprs = {BLOCK_SIZE = 1024 : i32}} {
# CHECK-NEXT: %[[V0:[a-z0-9_]+]] = tile.program_id 0 : i32
# CHECK-NEXT: %[[VC1024_I32:[a-z0-9_]+]] = arith.constant 1024 : i32
# CHECK-NEXT: %[[V1:[a-z0-9_]+]] = arith.muli %[[V0]], %[[VC1024_I32]] : i32
# CHECK-NEXT: %[[V2:[a-z0-9_]+]] = tile.make_range 0, 1024 : tensor<1024xi32>
# CHECK-NEXT: %[[V3:[a-z0-9_]+]] = tile.splat %[[V1]] : tensor<1024xi32>
# CHECK-NEXT: %[[V4:[a-z0-9_]+]] = arith.addi %[[V3]], %[[V2]] : tensor<1024xi32>
# CHECK-NEXT: %[[V5:[a-z0-9_]+]] = tile.splat %arg2 : tensor<1024xi32>
# CHECK-NEXT: %[[V6:[a-z0-9_]+]] = arith.cmpi slt, %[[V4]], %[[V5]] : tensor<1024xi32>
# CHECK-NEXT: %[[V7:[a-z0-9_]+]] = tile.splat %arg0 : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[V8:[a-z0-9_]+]] = tile.addptr %[[V7]], %[[V4]] : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
# CHECK-NEXT: %[[V9:[a-z0-9_]+]] = tile.load %[[V8]] mask %[[V6]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant 4.471500e-02 : f32
# CHECK-NEXT: %[[V10:[a-z0-9_]+]] = tile.splat %[[VCST]] : tensor<1024xf32>
# CHECK-NEXT: %[[V11:[a-z0-9_]+]] = arith.mulf %[[V10]], %[[V9]] : tensor<1024xf32>
# CHECK-NEXT: %[[V12:[a-z0-9_]+]] = arith.mulf %[[V11]], %[[V9]] : tensor<1024xf32>
# CHECK-NEXT: %[[V13:[a-z0-9_]+]] = arith.mulf %[[V12]], %[[V9]] : tensor<1024xf32>
# CHECK-NEXT: %[[V14:[a-z0-9_]+]] = arith.addf %[[V9]], %[[V13]] : tensor<1024xf32>
# CHECK-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 0.797884583 : f32
# CHECK-NEXT: %[[V15:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<1024xf32>
# CHECK-NEXT: %[[V16:[a-z0-9_]+]] = arith.mulf %[[V15]], %[[V14]] : tensor<1024xf32>
# CHECK-NEXT: %[[VCST_1:[a-z0-9_]+]] = arith.constant 2.000000e+00 : f32
# CHECK-NEXT: %[[V17:[a-z0-9_]+]] = tile.splat %[[VCST_1]] : tensor<1024xf32>
# CHECK-NEXT: %[[V18:[a-z0-9_]+]] = arith.mulf %[[V17]], %[[V16]] : tensor<1024xf32>
# CHECK-NEXT: %[[V19:[a-z0-9_]+]] = math.exp %[[V18]] : tensor<1024xf32>
# CHECK-NEXT: %[[VCST_2:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# CHECK-NEXT: %[[V20:[a-z0-9_]+]] = tile.splat %[[VCST_2]] : tensor<1024xf32>
# CHECK-NEXT: %[[V21:[a-z0-9_]+]] = arith.subf %[[V19]], %[[V20]] : tensor<1024xf32>
# CHECK-NEXT: %[[VCST_3:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# CHECK-NEXT: %[[V22:[a-z0-9_]+]] = tile.splat %[[VCST_3]] : tensor<1024xf32>
# CHECK-NEXT: %[[V23:[a-z0-9_]+]] = arith.addf %[[V19]], %[[V22]] : tensor<1024xf32>
# CHECK-NEXT: %[[V24:[a-z0-9_]+]] = arith.divf %[[V21]], %[[V23]] : tensor<1024xf32>
# CHECK-NEXT: %[[VCST_4:[a-z0-9_]+]] = arith.constant 5.000000e-01 : f32
# CHECK-NEXT: %[[V25:[a-z0-9_]+]] = tile.splat %[[VCST_4]] : tensor<1024xf32>
# CHECK-NEXT: %[[V26:[a-z0-9_]+]] = arith.mulf %[[V25]], %[[V9]] : tensor<1024xf32>
# CHECK-NEXT: %[[VCST_5:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# CHECK-NEXT: %[[V27:[a-z0-9_]+]] = tile.splat %[[VCST_5]] : tensor<1024xf32>
# CHECK-NEXT: %[[V28:[a-z0-9_]+]] = arith.addf %[[V27]], %[[V24]] : tensor<1024xf32>
# CHECK-NEXT: %[[V29:[a-z0-9_]+]] = arith.mulf %[[V26]], %[[V28]] : tensor<1024xf32>
# CHECK-NEXT: %[[V30:[a-z0-9_]+]] = tile.splat %arg1 : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: %[[V31:[a-z0-9_]+]] = tile.addptr %[[V30]], %[[V4]] : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
# CHECK-NEXT: tile.store %[[V31]], %[[V29]] mask %[[V6]] : tensor<1024x!tile.ptr<f32>>
# CHECK-NEXT: return
# CHECK-NEXT: }
