// RUN: tile-opt %s -split-input-file -tile-assign-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-assign-layouts=wgmma=false | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s -split-input-file -tile-assign-layouts=wgmma=false | FileCheck %s --check-prefix=NOWG
// RUN: tile-opt %s -split-input-file -tile-assign-layouts=transposed-tf32=false | FileCheck %s --check-prefix=NOTR
// tile-assign-layouts on sm_90a (module attribute tile.target = "sm_90a"):
// an fp16 or bf16 tile.dot whose warps form whole warpgroups, with 64 or
// 128 rows of M per warpgroup and N a power of two from 16 to 256 (at most
// 128 accumulators a thread), takes the wgmma layout: warpgroups stacked
// along M (warpsPerCTA = [numWarps, 1]), one instruction as wide as N
// (instrN = N). Its factors keep the layouts that coalesce their loads: no
// conversion (wgmma reads them from shared memory, see
// dot-operands-to-shared-wgmma.mlir). Everything else takes #tile.mma as
// on sm_80 (assign-layouts-dot.mlir): no target, another target (sm_80, or
// sm_90 without the a), 2 warps, M = 32, four m64
// tiles per warpgroup (M = 256 on 4 warps), N = 8. With wgmma=false (OFF)
// no product takes the wgmma layout. Row-major fp32 factors (tf32) take the
// transposed wgmma layout (@tf32 below).
// NOWG-NOT: wgmma

// fp16 64x64x32 on one warpgroup: wgmma, instrN = 64. The loads keep 16
// bytes a thread and feed the product directly; the store keeps the layout
// that coalesces it (16 bytes a thread), through one conversion of the
// product.
// CHECK-DAG: #[[LA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[LB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[LC:[^ ]+]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-NOT: #tile.mma
// CHECK-LABEL: func.func @f16_64x64x32(
// CHECK-NOT: tile.convert_layout
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[LA]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[LB]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} : tensor<64x32xf16, #[[LA]]>, tensor<32x64xf16, #[[LB]]> -> tensor<64x64xf32, #[[WG]]>
// CHECK-NEXT: %[[C:.*]] = tile.convert_layout %[[D]] : tensor<64x64xf32, #[[WG]]> -> tensor<64x64xf32, #[[LC]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.store %{{.*}}, %[[C]] : tensor<64x64x!tile.ptr<f32>, #[[LC]]>
// CHECK-NOT: tile.convert_layout
// OFF: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// OFF-NOT: #tile.wgmma
// OFF-LABEL: func.func @f16_64x64x32(
// OFF: tile.convert_layout %{{.*}} -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// OFF: tile.convert_layout %{{.*}} -> tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>>
// OFF: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @f16_64x64x32(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 64 : tensor<64xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<64x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<64x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %crow = arith.muli %im, %sc : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
}

// -----

// The same product without tile.target: mma.sync, its factors converted.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-NOT: #tile.wgmma
// CHECK-LABEL: func.func @no_target(
// CHECK: tile.convert_layout %{{.*}} -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK: tile.convert_layout %{{.*}} -> tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>>
// CHECK: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// OFF-LABEL: func.func @no_target(
// OFF: tile.dot {{.*}} -> tensor<64x64xf32, #mma>
module attributes {tile.num_warps = 4 : i32} {
func.func @no_target(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 64 : tensor<64xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<64x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<64x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %crow = arith.muli %im, %sc : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
}

// -----

// sm_80: mma.sync.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-NOT: #tile.wgmma
// CHECK-LABEL: func.func @sm80(
// CHECK: tile.convert_layout %{{.*}} -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
module attributes {tile.target = "sm_80", tile.num_warps = 4 : i32} {
func.func @sm80(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 64 : tensor<64xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<64x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<64x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %crow = arith.muli %im, %sc : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
}

// -----

// sm_90 without the a (no wgmma in PTX for it): mma.sync.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-NOT: #tile.wgmma
// CHECK-LABEL: func.func @sm90(
// CHECK: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
module attributes {tile.target = "sm_90", tile.num_warps = 4 : i32} {
func.func @sm90(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 64 : tensor<64xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<64x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<64x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %crow = arith.muli %im, %sc : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
}

// -----

// 2 warps are half a warpgroup: mma.sync over 1 x 2 warps.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [1, 2]>
// CHECK-NOT: #tile.wgmma
// CHECK-LABEL: func.func @warps2(
// CHECK: tile.convert_layout %{{.*}} -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
module attributes {tile.target = "sm_90a", tile.num_warps = 2 : i32} {
func.func @warps2(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 64 : tensor<64xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<64x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<64x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %crow = arith.muli %im, %sc : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
}

// -----

// fp32 factors (tf32), both contiguous along their rows (A along K, B
// along N): the product is computed transposed, D^T = B^T A^T, in the
// transposed wgmma layout (instrN = M = 64; the warpgroup's 64 rows run
// along N). The loads keep the layouts that coalesce them (16 bytes a
// thread) and feed the product with no conversion; the store goes through
// one. With transposed-tf32=false (NOTR) this 64x64 tile takes mma.sync
// m16n8k8, operands of kWidth 1, as wgmma with a transposing B load does
// not pay at this size.
// CHECK-DAG: #[[LA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[LB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[WGT:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>
// CHECK-LABEL: func.func @tf32(
// CHECK-NOT: tile.convert_layout
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf32, #[[LA]]>, tensor<32x64xf32, #[[LB]]> -> tensor<64x64xf32, #[[WGT]]>
// CHECK-NEXT: tile.convert_layout %{{.*}} : tensor<64x64xf32, #[[WGT]]> -> tensor<64x64xf32, #{{[^>]+}}>
// NOTR: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// NOTR-NOT: transposed = true
// NOTR-LABEL: func.func @tf32(
// NOTR: tile.convert_layout %{{.*}} -> tensor<64x32xf32, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 1>>
// NOTR: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @tf32(%a: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 64 : tensor<64xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<64x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<64x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f32>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f32>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f32>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %crow = arith.muli %im, %sc : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
}

// -----

// M = 32 is less than a warpgroup's 64 rows: mma.sync.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [1, 4]>
// CHECK-NOT: #tile.wgmma
// CHECK-LABEL: func.func @m32(
// CHECK: tile.convert_layout %{{.*}} -> tensor<32x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK: tile.dot {{.*}} -> tensor<32x64xf32, #[[MMA]]>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @m32(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 32 : tensor<32xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<32x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<32x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<32x1xi32>
  %arowb = tile.broadcast %arow : tensor<32x1xi32> -> tensor<32x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<32x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<32x32xi32>
  %as = tile.splat %a : tensor<32x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<32x32x!tile.ptr<f16>>, tensor<32x32xi32>
  %av = tile.load %ap : tensor<32x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<32x32xf16>, tensor<32x64xf16> -> tensor<32x64xf32>
  %crow = arith.muli %im, %sc : tensor<32x1xi32>
  %crowb = tile.broadcast %crow : tensor<32x1xi32> -> tensor<32x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<32x64xi32>
  %cs = tile.splat %c : tensor<32x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi32>
  tile.store %cp, %d : tensor<32x64x!tile.ptr<f32>>
  return
}
}

// -----

// bf16 128x128 on one warpgroup: two m64 tiles along M, instrN = 128 (64
// accumulators a thread per tile).
// CHECK: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128>
// CHECK-NOT: #tile.mma
// CHECK-LABEL: func.func @bf16_128x128(
// CHECK-NOT: tile.convert_layout
// CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x32xbf16, #{{[^ ]+}}>, tensor<32x128xbf16, #{{[^ ]+}}> -> tensor<128x128xf32, #[[WG]]>
// CHECK-NEXT: tile.convert_layout %[[D]] : tensor<128x128xf32, #[[WG]]> -> tensor<128x128xf32, #blocked{{[0-9]*}}>
// CHECK-NOT: tile.convert_layout
// OFF-LABEL: func.func @bf16_128x128(
// OFF: tile.dot {{.*}} -> tensor<128x128xf32, #mma>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @bf16_128x128(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 128 : tensor<128xi32>
  %rn = tile.make_range 0, 128 : tensor<128xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<128x1xi32>
  %sn = arith.constant dense<128> : tensor<32x1xi32>
  %sc = arith.constant dense<128> : tensor<128x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<128x1xi32>
  %arowb = tile.broadcast %arow : tensor<128x1xi32> -> tensor<128x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<128x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<128x32xi32>
  %as = tile.splat %a : tensor<128x32x!tile.ptr<bf16>>
  %ap = tile.addptr %as, %aoff : tensor<128x32x!tile.ptr<bf16>>, tensor<128x32xi32>
  %av = tile.load %ap : tensor<128x32x!tile.ptr<bf16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x128xi32>
  %bcolb = tile.broadcast %in : tensor<1x128xi32> -> tensor<32x128xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x128xi32>
  %bs = tile.splat %b : tensor<32x128x!tile.ptr<bf16>>
  %bp = tile.addptr %bs, %boff : tensor<32x128x!tile.ptr<bf16>>, tensor<32x128xi32>
  %bv = tile.load %bp : tensor<32x128x!tile.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %d = tile.dot %av, %bv, %zero : tensor<128x32xbf16>, tensor<32x128xbf16> -> tensor<128x128xf32>
  %crow = arith.muli %im, %sc : tensor<128x1xi32>
  %crowb = tile.broadcast %crow : tensor<128x1xi32> -> tensor<128x128xi32>
  %ccolb = tile.broadcast %in : tensor<1x128xi32> -> tensor<128x128xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<128x128xi32>
  %cs = tile.splat %c : tensor<128x128x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
  tile.store %cp, %d : tensor<128x128x!tile.ptr<f32>>
  return
}
}

// -----

// 8 warps, two warpgroups of 64 rows each.
// CHECK: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64>
// CHECK-LABEL: func.func @warps8(
// CHECK-NOT: tile.convert_layout
// CHECK: tile.dot {{.*}} -> tensor<128x64xf32, #[[WG]]>
// OFF-LABEL: func.func @warps8(
// OFF: tile.dot {{.*}} -> tensor<128x64xf32, #mma>
module attributes {tile.target = "sm_90a", tile.num_warps = 8 : i32} {
func.func @warps8(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 128 : tensor<128xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<128x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<128x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<128x1xi32>
  %arowb = tile.broadcast %arow : tensor<128x1xi32> -> tensor<128x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<128x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<128x32xi32>
  %as = tile.splat %a : tensor<128x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<128x32x!tile.ptr<f16>>, tensor<128x32xi32>
  %av = tile.load %ap : tensor<128x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<128x32xf16>, tensor<32x64xf16> -> tensor<128x64xf32>
  %crow = arith.muli %im, %sc : tensor<128x1xi32>
  %crowb = tile.broadcast %crow : tensor<128x1xi32> -> tensor<128x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<128x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<128x64xi32>
  %cs = tile.splat %c : tensor<128x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<128x64x!tile.ptr<f32>>, tensor<128x64xi32>
  tile.store %cp, %d : tensor<128x64x!tile.ptr<f32>>
  return
}
}

// -----

// M = 256 on one warpgroup would be four m64 tiles (more than two):
// mma.sync.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [4, 1]>
// CHECK-NOT: #tile.wgmma
// CHECK-LABEL: func.func @m256(
// CHECK: tile.dot {{.*}} -> tensor<256x64xf32, #[[MMA]]>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @m256(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 256 : tensor<256xi32>
  %rn = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<256x1xi32>
  %sn = arith.constant dense<64> : tensor<32x1xi32>
  %sc = arith.constant dense<64> : tensor<256x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<256xi32> -> tensor<256x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<256x1xi32>
  %arowb = tile.broadcast %arow : tensor<256x1xi32> -> tensor<256x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<256x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<256x32xi32>
  %as = tile.splat %a : tensor<256x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<256x32x!tile.ptr<f16>>, tensor<256x32xi32>
  %av = tile.load %ap : tensor<256x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<256x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<256x32xf16>, tensor<32x64xf16> -> tensor<256x64xf32>
  %crow = arith.muli %im, %sc : tensor<256x1xi32>
  %crowb = tile.broadcast %crow : tensor<256x1xi32> -> tensor<256x64xi32>
  %ccolb = tile.broadcast %in : tensor<1x64xi32> -> tensor<256x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<256x64xi32>
  %cs = tile.splat %c : tensor<256x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<256x64x!tile.ptr<f32>>, tensor<256x64xi32>
  tile.store %cp, %d : tensor<256x64x!tile.ptr<f32>>
  return
}
}

// -----

// N = 8 is narrower than the 16 the wgmma layout takes: mma.sync.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [4, 1]>
// CHECK-NOT: #tile.wgmma
// CHECK-LABEL: func.func @n8(
// CHECK: tile.dot {{.*}} -> tensor<64x8xf32, #[[MMA]]>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @n8(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rm = tile.make_range 0, 64 : tensor<64xi32>
  %rn = tile.make_range 0, 8 : tensor<8xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %sk = arith.constant dense<32> : tensor<64x1xi32>
  %sn = arith.constant dense<8> : tensor<32x1xi32>
  %sc = arith.constant dense<8> : tensor<64x1xi32>
  %im = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ik = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %im, %sk : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %ik : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %kc = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in = tile.expand_dims %rn {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %brow = arith.muli %kc, %sn : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x8xi32>
  %bcolb = tile.broadcast %in : tensor<1x8xi32> -> tensor<32x8xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x8xi32>
  %bs = tile.splat %b : tensor<32x8x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x8x!tile.ptr<f16>>, tensor<32x8xi32>
  %bv = tile.load %bp : tensor<32x8x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x8xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x8xf16> -> tensor<64x8xf32>
  %crow = arith.muli %im, %sc : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x8xi32>
  %ccolb = tile.broadcast %in : tensor<1x8xi32> -> tensor<64x8xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x8xi32>
  %cs = tile.splat %c : tensor<64x8x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x8x!tile.ptr<f32>>, tensor<64x8xi32>
  tile.store %cp, %d : tensor<64x8x!tile.ptr<f32>>
  return
}
}

// -----

// A K loop in bf16 (64x64, K step 32): the accumulator enters, stays and
// leaves the loop in the wgmma layout; the loads in the body feed the
// product with no conversion; the store after the loop takes its own
// layout through one conversion.
// CHECK: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-LABEL: func.func @loop_bf16(
// CHECK-NOT: tile.convert_layout
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[WG]]>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[X:.*]] = %[[Z]]) -> (tensor<64x64xf32, #[[WG]]>) {
// CHECK-NEXT: %[[A:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<bf16>, #{{[^ ]+}}>
// CHECK-NEXT: %[[B:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<bf16>, #{{[^ ]+}}>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[X]] : {{.*}} -> tensor<64x64xf32, #[[WG]]>
// CHECK-NEXT: scf.yield %[[D]] : tensor<64x64xf32, #[[WG]]>
// CHECK-NEXT: }
// CHECK-NEXT: %[[C:.*]] = tile.convert_layout %[[R]] : tensor<64x64xf32, #[[WG]]> -> tensor<64x64xf32, #[[LC:blocked[0-9]*]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.store %{{.*}}, %[[C]] : tensor<64x64x!tile.ptr<f32>, #[[LC]]>
// OFF-LABEL: func.func @loop_bf16(
// OFF: scf.for {{.*}} -> (tensor<64x64xf32, #mma>)
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @loop_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: index) {
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %r64 = tile.make_range 0, 64 : tensor<64xi32>
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %rows64 = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %cols32 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %rows64, %c32 : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %cols32 : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<bf16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %rows32 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols64 = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %rows32, %c64 : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %cols64 : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<bf16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32>) {
    %av = tile.load %ap : tensor<64x32x!tile.ptr<bf16>>
    %bv = tile.load %bp : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %av, %bv, %x : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %c64c = arith.constant dense<64> : tensor<64x1xi32>
  %crow = arith.muli %rows64, %c64c : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %cols64 : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %acc : tensor<64x64x!tile.ptr<f32>>
  return
}
}
