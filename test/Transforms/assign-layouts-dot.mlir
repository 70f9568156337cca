// RUN: tile-opt %s -split-input-file -tile-assign-layouts | FileCheck %s
// tile.dot's factors keep the layouts their producers give them (no
// conversion); the accumulator and the result share one layout: for fp16 or
// bf16 factors the one mma.sync produces (warps along N), which then wins
// over the store's, otherwise whatever reaches it (here the store's).

// CHECK: #[[MMA:.*]] = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: func.func @dot
// CHECK-NOT: tile.convert_layout
// CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16, #{{.*}}>, tensor<16x32xf16, #{{.*}}> -> tensor<32x32xf32, #[[MMA]]>
// CHECK: tile.store %{{.*}}, %[[D]] : tensor<32x32x!tile.ptr<f32>, #[[MMA]]>
// CHECK-NOT: tile.convert_layout
module attributes {tile.num_warps = 4 : i32} {
func.func @dot(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
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
  %as = tile.splat %a : tensor<32x16x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<32x16x!tile.ptr<f16>>, tensor<32x16xi32>
  %av = tile.load %ap : tensor<32x16x!tile.ptr<f16>>
  %rows16 = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %cols32 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %brow = arith.muli %rows16, %c32 : tensor<16x1xi32>
  %browb = tile.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bcolb = tile.broadcast %cols32 : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bcolb : tensor<16x32xi32>
  %bs = tile.splat %b : tensor<16x32x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<16x32x!tile.ptr<f16>>, tensor<16x32xi32>
  %bv = tile.load %bp : tensor<16x32x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %av, %bv, %zero : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
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

// -----

// CHECK: #[[L:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @dot
// CHECK-NOT: tile.convert_layout
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<f32>, #[[L]]>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>, #[[L]]>
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} : tensor<32x16xf32, #[[L]]>, tensor<16x32xf32, #[[L]]> -> tensor<32x32xf32, #[[L]]>
// CHECK: tile.store %{{.*}}, %[[D]] : tensor<32x32x!tile.ptr<f32>, #[[L]]>
// CHECK-NOT: tile.convert_layout
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
  %d = tile.dot %av, %bv, %zero : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
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
