// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// tile.dot of fp32 factors (the general path): the factors stored through
// shared memory at their row-major positions, a barrier, then one fp32 fma
// per accumulator element and k in an scf.for over K.

module attributes {tile.num_warps = 4 : i32} {
func.func @dot(%a: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r16 = tile.make_range 0, 16 : tensor<16xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %c16 = arith.constant dense<16> : tensor<32x1xi32>
  %c32 = arith.constant dense<32> : tensor<16x1xi32>
  %rows32 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols16 = tile.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %arow = arith.muli %rows32, %c16 : tensor<32x1xi32>
  %arowb = tile.broadcast %arow : tensor<32x1xi32> -> tensor<32x16xi32>
  %acolb = tile.broadcast %cols16 : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<32x16xi32>
  %as = tile.splat %a : tensor<32x16x!tile.ptr<f32>>
  %ap = tile.addptr %as, %aoff : tensor<32x16x!tile.ptr<f32>>, tensor<32x16xi32>
  %av = tile.load %ap : tensor<32x16x!tile.ptr<f32>>
  %rows16 = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %cols32 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %brow = arith.muli %rows16, %c32 : tensor<16x1xi32>
  %browb = tile.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bcolb = tile.broadcast %cols32 : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bcolb : tensor<16x32xi32>
  %bs = tile.splat %b : tensor<16x32x!tile.ptr<f32>>
  %bp = tile.addptr %bs, %boff : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %bv = tile.load %bp : tensor<16x32x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %av, %bv, %zero precision = ieee : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
  %crow = arith.muli %rows32, %c16 : tensor<32x1xi32>
  %c2 = arith.addi %crow, %crow : tensor<32x1xi32>
  %crowb = tile.broadcast %c2 : tensor<32x1xi32> -> tensor<32x32xi32>
  %ccolb = tile.broadcast %cols32 : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<32x32xi32>
  %cs = tile.splat %c : tensor<32x32x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  tile.store %cp, %d : tensor<32x32x!tile.ptr<f32>>
  return
}
}

// CHECK-LABEL: llvm.func @dot
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[C0:[a-z0-9]+]] = %{{.*}}, {{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32)  : i32 {
// CHECK: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// Each thread holds two rows (and four columns) of the accumulator.
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.intr.fma(%[[A]], %[[B]], %[[C0]]) : (f32, f32, f32) -> f32
// CHECK-COUNT-7: llvm.intr.fma
// CHECK: scf.yield
// CHECK-NOT: tile.
