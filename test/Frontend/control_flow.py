# Conditional expressions with runtime conditions (scf.if with a result),
# comparisons of blocks joined with &, tl.where with a scalar condition, sums of
# booleans (in uint32, as Triton sums tl.int1), compile-time tuples and
# builtins, casts, bitwise and shift operators, and nested loops whose if carries a scalar.
# RUN: tilec %s --kernel expressions --signature '*fp32,i32,fp32' --emit tile | FileCheck %s --check-prefix=EXPR
# RUN: tilec %s --kernel nested_loops --signature '*fp32,i32' --emit tile | FileCheck %s --check-prefix=NESTED

import triton
import triton.language as tl

@triton.jit
def expressions(x_ptr, n, f):
    r = tl.arange(0, 16)
    a, b = 1, n
    c = f if n > 2 else 0
    v = tl.load(x_ptr + r, mask=(0 < r) & (r < n))
    m = v > 0
    s = tl.sum(m)
    tl.static_assert(r.shape[0] == 16, "sixteen")
    w = tl.where(n > 3, v, 1.0)
    q = max(a, 2, len(r.shape))
    tl.store(x_ptr + r, w + c + s + q + b + v.to(tl.int1) + v.to(tl.int8, bitcast=False))
    tl.store(x_ptr, -f + (~n) + (n << 2) + (n >> 1) + (n ^ 3))

@triton.jit
def nested_loops(x_ptr, n):
    x = 1
    for i in range(n):
        for j in range(i, n, 2):
            if j > 3:
                x = x + j
    tl.store(x_ptr, x)

# Checks for kernel expressions.
# EXPR-LABEL: func.func @expressions(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}, %arg1: i32 {tile.name = "n"}, %arg2: f32 {tile.name = "f"}) attributes {tile.constexprs = {}} {
# EXPR-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 16 : tensor<16xi32>
# `a = 1` makes an int32 tensor, as in Triton:
# EXPR-NEXT: %[[A:[a-z0-9_]+]] = arith.constant 1 : i32
# EXPR-NEXT: %[[VC2_I32:[a-z0-9_]+]] = arith.constant 2 : i32
# EXPR-NEXT: %[[V1:[a-z0-9_]+]] = arith.cmpi sgt, %arg1, %[[VC2_I32]] : i32
# EXPR-NEXT: %[[V2:[a-z0-9_]+]] = scf.if %[[V1]] -> (f32) {
# EXPR-NEXT: scf.yield %arg2 : f32
# EXPR-NEXT: } else {
# EXPR-NEXT: %[[VCST_5:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# EXPR-NEXT: scf.yield %[[VCST_5]] : f32
# EXPR-NEXT: }
# EXPR-NEXT: %[[V3:[a-z0-9_]+]] = tile.splat %arg0 : tensor<16x!tile.ptr<f32>>
# EXPR-NEXT: %[[V4:[a-z0-9_]+]] = tile.addptr %[[V3]], %[[V0]] : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
# EXPR-NEXT: %[[VC0_I32:[a-z0-9_]+]] = arith.constant 0 : i32
# EXPR-NEXT: %[[V5:[a-z0-9_]+]] = tile.splat %[[VC0_I32]] : tensor<16xi32>
# EXPR-NEXT: %[[V6:[a-z0-9_]+]] = arith.cmpi slt, %[[V5]], %[[V0]] : tensor<16xi32>
# EXPR-NEXT: %[[V7:[a-z0-9_]+]] = tile.splat %arg1 : tensor<16xi32>
# EXPR-NEXT: %[[V8:[a-z0-9_]+]] = arith.cmpi slt, %[[V0]], %[[V7]] : tensor<16xi32>
# EXPR-NEXT: %[[V9:[a-z0-9_]+]] = arith.andi %[[V6]], %[[V8]] : tensor<16xi1>
# EXPR-NEXT: %[[V10:[a-z0-9_]+]] = tile.load %[[V4]] mask %[[V9]] : tensor<16x!tile.ptr<f32>>
# `v > 0` makes 0 an int32 tensor first, as Triton's __gt__ (to_tensor):
# EXPR-NEXT: %[[VC0:[a-z0-9_]+]] = arith.constant 0 : i32
# EXPR-NEXT: %[[VCST:[a-z0-9_]+]] = arith.sitofp %[[VC0]] : i32 to f32
# EXPR-NEXT: %[[V11:[a-z0-9_]+]] = tile.splat %[[VCST]] : tensor<16xf32>
# EXPR-NEXT: %[[V12:[a-z0-9_]+]] = arith.cmpf ogt, %[[V10]], %[[V11]] : tensor<16xf32>
# EXPR-NEXT: %[[V13:[a-z0-9_]+]] = arith.extui %[[V12]] : tensor<16xi1> to tensor<16xi32>
# EXPR-NEXT: %[[V14:[a-z0-9_]+]] = tile.reduce sum %[[V13]] {axis = 0 : i32} : tensor<16xi32> -> i32
# EXPR-NEXT: %[[VC3_I32:[a-z0-9_]+]] = arith.constant 3 : i32
# EXPR-NEXT: %[[V15:[a-z0-9_]+]] = arith.cmpi sgt, %arg1, %[[VC3_I32]] : i32
# EXPR-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# EXPR-NEXT: %[[V16:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<16xf32>
# EXPR-NEXT: %[[V17:[a-z0-9_]+]] = tile.splat %[[V15]] : tensor<16xi1>
# EXPR-NEXT: %[[V18:[a-z0-9_]+]] = arith.select %[[V17]], %[[V10]], %[[V16]] : tensor<16xi1>, tensor<16xf32>
# max(a, 2, len(r.shape)) on the tensor `a`:
# EXPR-NEXT: %[[TWO:[a-z0-9_]+]] = arith.constant 2 : i32
# EXPR-NEXT: %[[MAX1:[a-z0-9_]+]] = arith.maxsi %[[A]], %[[TWO]] : i32
# EXPR-NEXT: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i32
# EXPR-NEXT: %[[Q:[a-z0-9_]+]] = arith.maxsi %[[MAX1]], %[[ONE]] : i32
# EXPR-NEXT: %[[V19:[a-z0-9_]+]] = tile.splat %arg0 : tensor<16x!tile.ptr<f32>>
# EXPR-NEXT: %[[V20:[a-z0-9_]+]] = tile.addptr %[[V19]], %[[V0]] : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
# EXPR-NEXT: %[[V21:[a-z0-9_]+]] = tile.splat %[[V2]] : tensor<16xf32>
# EXPR-NEXT: %[[V22:[a-z0-9_]+]] = arith.addf %[[V18]], %[[V21]] : tensor<16xf32>
# EXPR-NEXT: %[[V23:[a-z0-9_]+]] = arith.uitofp %[[V14]] : i32 to f32
# EXPR-NEXT: %[[V24:[a-z0-9_]+]] = tile.splat %[[V23]] : tensor<16xf32>
# EXPR-NEXT: %[[V25:[a-z0-9_]+]] = arith.addf %[[V22]], %[[V24]] : tensor<16xf32>
# EXPR-NEXT: %[[QF:[a-z0-9_]+]] = arith.sitofp %[[Q]] : i32 to f32
# EXPR-NEXT: %[[V26:[a-z0-9_]+]] = tile.splat %[[QF]] : tensor<16xf32>
# EXPR-NEXT: %[[V27:[a-z0-9_]+]] = arith.addf %[[V25]], %[[V26]] : tensor<16xf32>
# EXPR-NEXT: %[[V28:[a-z0-9_]+]] = arith.sitofp %arg1 : i32 to f32
# EXPR-NEXT: %[[V29:[a-z0-9_]+]] = tile.splat %[[V28]] : tensor<16xf32>
# EXPR-NEXT: %[[V30:[a-z0-9_]+]] = arith.addf %[[V27]], %[[V29]] : tensor<16xf32>
# EXPR-NEXT: %[[VCST_2:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# EXPR-NEXT: %[[V31:[a-z0-9_]+]] = tile.splat %[[VCST_2]] : tensor<16xf32>
# EXPR-NEXT: %[[V32:[a-z0-9_]+]] = arith.cmpf une, %[[V10]], %[[V31]] : tensor<16xf32>
# EXPR-NEXT: %[[V33:[a-z0-9_]+]] = arith.uitofp %[[V32]] : tensor<16xi1> to tensor<16xf32>
# EXPR-NEXT: %[[V34:[a-z0-9_]+]] = arith.addf %[[V30]], %[[V33]] : tensor<16xf32>
# EXPR-NEXT: %[[V35:[a-z0-9_]+]] = arith.fptosi %[[V10]] : tensor<16xf32> to tensor<16xi8>
# EXPR-NEXT: %[[V36:[a-z0-9_]+]] = arith.sitofp %[[V35]] : tensor<16xi8> to tensor<16xf32>
# EXPR-NEXT: %[[V37:[a-z0-9_]+]] = arith.addf %[[V34]], %[[V36]] : tensor<16xf32>
# EXPR-NEXT: tile.store %[[V20]], %[[V37]] : tensor<16x!tile.ptr<f32>>
# EXPR-NEXT: %[[V38:[a-z0-9_]+]] = arith.negf %arg2 : f32
# EXPR-NEXT: %[[VC:[a-z0-9_]+]]-1_i32 = arith.constant -1 : i32
# EXPR-NEXT: %[[V39:[a-z0-9_]+]] = arith.xori %arg1, %[[VC]]-1_i32 : i32
# EXPR-NEXT: %[[V40:[a-z0-9_]+]] = arith.sitofp %[[V39]] : i32 to f32
# EXPR-NEXT: %[[V41:[a-z0-9_]+]] = arith.addf %[[V38]], %[[V40]] : f32
# EXPR-NEXT: %[[VC2_I32_3:[a-z0-9_]+]] = arith.constant 2 : i32
# EXPR-NEXT: %[[V42:[a-z0-9_]+]] = arith.shli %arg1, %[[VC2_I32_3]] : i32
# EXPR-NEXT: %[[V43:[a-z0-9_]+]] = arith.sitofp %[[V42]] : i32 to f32
# EXPR-NEXT: %[[V44:[a-z0-9_]+]] = arith.addf %[[V41]], %[[V43]] : f32
# EXPR-NEXT: %[[VC1_I32:[a-z0-9_]+]] = arith.constant 1 : i32
# EXPR-NEXT: %[[V45:[a-z0-9_]+]] = arith.shrsi %arg1, %[[VC1_I32]] : i32
# EXPR-NEXT: %[[V46:[a-z0-9_]+]] = arith.sitofp %[[V45]] : i32 to f32
# EXPR-NEXT: %[[V47:[a-z0-9_]+]] = arith.addf %[[V44]], %[[V46]] : f32
# EXPR-NEXT: %[[VC3_I32_4:[a-z0-9_]+]] = arith.constant 3 : i32
# EXPR-NEXT: %[[V48:[a-z0-9_]+]] = arith.xori %arg1, %[[VC3_I32_4]] : i32
# EXPR-NEXT: %[[V49:[a-z0-9_]+]] = arith.sitofp %[[V48]] : i32 to f32
# EXPR-NEXT: %[[V50:[a-z0-9_]+]] = arith.addf %[[V47]], %[[V49]] : f32
# EXPR-NEXT: tile.store %arg0, %[[V50]] : !tile.ptr<f32>
# EXPR-NEXT: return
# EXPR-NEXT: }

# Checks for kernel nested_loops.
# NESTED-LABEL: func.func @nested_loops(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}, %arg1: i32 {tile.name = "n"}) attributes {tile.constexprs = {}} {
# NESTED-NEXT: %[[VC1_I32_0:[a-z0-9_]+]] = arith.constant 1 : i32
# NESTED-NEXT: %[[VC0_I32:[a-z0-9_]+]] = arith.constant 0 : i32
# NESTED-NEXT: %[[VC1_I32:[a-z0-9_]+]] = arith.constant 1 : i32
# NESTED-NEXT: %[[V0:[a-z0-9_]+]] = scf.for %[[AARG2:[a-z0-9_]+]] = %[[VC0_I32]] to %arg1 step %[[VC1_I32]] iter_args(%[[AARG3:[a-z0-9_]+]] = %[[VC1_I32_0]]) -> (i32)  : i32 {
# NESTED-NEXT: %[[VC2_I32:[a-z0-9_]+]] = arith.constant 2 : i32
# NESTED-NEXT: %[[V2:[a-z0-9_]+]] = scf.for %[[AARG4:[a-z0-9_]+]] = %[[AARG2]] to %arg1 step %[[VC2_I32]] iter_args(%[[AARG5:[a-z0-9_]+]] = %[[AARG3]]) -> (i32)  : i32 {
# NESTED-NEXT: %[[VC3_I32:[a-z0-9_]+]] = arith.constant 3 : i32
# NESTED-NEXT: %[[V3:[a-z0-9_]+]] = arith.cmpi sgt, %[[AARG4]], %[[VC3_I32]] : i32
# NESTED-NEXT: %[[V4:[a-z0-9_]+]] = scf.if %[[V3]] -> (i32) {
# NESTED-NEXT: %[[V5:[a-z0-9_]+]] = arith.addi %[[AARG5]], %[[AARG4]] : i32
# NESTED-NEXT: scf.yield %[[V5]] : i32
# NESTED-NEXT: } else {
# NESTED-NEXT: scf.yield %[[AARG5]] : i32
# NESTED-NEXT: }
# NESTED-NEXT: scf.yield %[[V4]] : i32
# NESTED-NEXT: }
# NESTED-NEXT: scf.yield %[[V2]] : i32
# NESTED-NEXT: }
# NESTED-NEXT: %[[V1:[a-z0-9_]+]] = arith.sitofp %[[V0]] : i32 to f32
# NESTED-NEXT: tile.store %arg0, %[[V1]] : !tile.ptr<f32>
# NESTED-NEXT: return
# NESTED-NEXT: }
