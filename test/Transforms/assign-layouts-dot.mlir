// RUN: tile-opt %s -split-input-file -tile-assign-layouts | FileCheck %s
// tile-assign-layouts on tile.dot: for fp16 or bf16 factors with K a
// multiple of 16 the accumulator and the result take a #tile.mma layout
// (warps tiled over M and N, so that each warp's share is as square as the
// shape allows), which goes first: a loop-carried accumulator keeps it
// through the loop. The factors keep the layouts that coalesce their loads
// and are converted to the matching #tile.dot_operand layouts (opIdx 0 and
// 1, kWidth 2) just for the product. Any other product (fp32 factors, K not
// a multiple of 16) takes whatever layout reaches it, here the store's, and
// its factors are not converted. An fp32 store of an mma result keeps the
// layout that coalesces it (16 bytes a thread) and the result is converted
// once; in the lecture's loop the carried pointers keep their loads'
// layouts (@matmul_loop).

// 32x16 x 16x32 fp16 on 4 warps: 2 x 2 warps of 16x16 each. Each load
// keeps a blocked layout that coalesces it, and a conversion takes it to
// its dot operand layout.
// CHECK: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-LABEL: func.func @dot
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<f16>, #[[LA:blocked[0-9]*]]>
// CHECK: %[[CA:.*]] = tile.convert_layout %[[A]] : tensor<32x16xf16, #[[LA]]> -> tensor<32x16xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f16>, #[[LB:blocked[0-9]*]]>
// CHECK: %[[CB:.*]] = tile.convert_layout %[[B]] : tensor<16x32xf16, #[[LB]]> -> tensor<16x32xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>>
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[Z]] : tensor<32x16xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>, tensor<16x32xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>> -> tensor<32x32xf32, #[[MMA]]>
// CHECK: tile.store
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

// The lecture's K loop, bf16 on 8 warps, 64x64 (x32): 2 x 4 warps of 32x16.
// The factors' loads keep 16 bytes a thread; their conversions stay in the
// body next to them; the accumulator enters, stays and leaves the loop in
// the mma layout, with no conversion inside the loop.
// CHECK-DAG: #[[LA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]>
// CHECK-DAG: #[[LB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
// CHECK-DAG: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 4]>
// CHECK-LABEL: func.func @dot_bf16
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[X:.*]] = %[[Z]]) -> (tensor<64x64xf32, #[[MMA]]>) {
// CHECK-NEXT: %[[A:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<bf16>, #[[LA]]>
// CHECK-NEXT: %[[CA:.*]] = tile.convert_layout %[[A]] : tensor<64x32xbf16, #[[LA]]> -> tensor<64x32xbf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK-NEXT: %[[B:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<bf16>, #[[LB]]>
// CHECK-NEXT: %[[CB:.*]] = tile.convert_layout %[[B]] : tensor<32x64xbf16, #[[LB]]> -> tensor<32x64xbf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[X]] : {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: scf.yield %[[D]] : tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: }
// CHECK: tile.store

module attributes {tile.num_warps = 8 : i32} {
func.func @dot_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: index) {
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

// -----

// fp32 factors with precision = ieee: no tensor cores; the product, its
// factors and the store share the store's layout, with no conversion. (In
// tf32, the default, they take the mma path like fp16.)
// CHECK: #[[L:[^ ]+]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-NOT: #tile.mma
// CHECK-LABEL: func.func @dot
// CHECK-NOT: tile.convert_layout
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<f32>, #[[L]]>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>, #[[L]]>
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} precision = ieee : tensor<32x16xf32, #[[L]]>, tensor<16x32xf32, #[[L]]> -> tensor<32x32xf32, #[[L]]>
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

// -----

// fp16 with K = 8, not a whole mma.sync k step: the general path, no mma
// layout, no dot operand conversions.
// CHECK-NOT: #tile.mma
// CHECK-LABEL: func.func @dot_k8
// CHECK-NOT: #tile.dot_operand
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x8xf16, #[[L:[^ ]+]]>, tensor<8x32xf16, #{{[^ ]+}}> -> tensor<32x32xf32, #[[L]]>
// CHECK-NOT: #tile.dot_operand

module attributes {tile.num_warps = 4 : i32} {
func.func @dot_k8(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r16 = tile.make_range 0, 8 : tensor<8xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %c16 = arith.constant dense<8> : tensor<32x1xi32>
  %c32 = arith.constant dense<32> : tensor<8x1xi32>
  %rows32 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols16 = tile.expand_dims %r16 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %arow = arith.muli %rows32, %c16 : tensor<32x1xi32>
  %arowb = tile.broadcast %arow : tensor<32x1xi32> -> tensor<32x8xi32>
  %acolb = tile.broadcast %cols16 : tensor<1x8xi32> -> tensor<32x8xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<32x8xi32>
  %as = tile.splat %a : tensor<32x8x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<32x8x!tile.ptr<f16>>, tensor<32x8xi32>
  %av = tile.load %ap : tensor<32x8x!tile.ptr<f16>>
  %rows16 = tile.expand_dims %r16 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %cols32 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %brow = arith.muli %rows16, %c32 : tensor<8x1xi32>
  %browb = tile.broadcast %brow : tensor<8x1xi32> -> tensor<8x32xi32>
  %bcolb = tile.broadcast %cols32 : tensor<1x32xi32> -> tensor<8x32xi32>
  %boff = arith.addi %browb, %bcolb : tensor<8x32xi32>
  %bs = tile.splat %b : tensor<8x32x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<8x32x!tile.ptr<f16>>, tensor<8x32xi32>
  %bv = tile.load %bp : tensor<8x32x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %av, %bv, %zero : tensor<32x8xf16>, tensor<8x32xf16> -> tensor<32x32xf32>
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

// The lecture's matmul loop in fp16 on 4 warps (64x64, K step 32), as
// tilec's front end writes it: the pointers are carried by the loop, both
// loads are masked, the result goes through the ReLU into a masked fp32
// store. The A load (64x32) and the B load (32x64) are anchors of their
// own: each keeps the layout that coalesces it, 16-byte vectors along its
// contiguous dimension, 4 lanes per 64-byte row of A, 8 per 128-byte row of
// B (B does not join A's layout); the carried pointers keep those layouts
// through the loop, with no conversion of pointers anywhere; the
// accumulator takes the mma layout, and is converted once after the loop to
// the layout that coalesces the store, which the ReLU and the store's
// pointers and mask share.
// CHECK-DAG: #[[LA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[LB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-LABEL: func.func @matmul_loop(
// CHECK-NOT: tile.convert_layout
// CHECK: %[[A0:.*]] = tile.addptr %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[LA]]>, tensor<64x32xi32, #[[LA]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[B0:.*]] = tile.addptr %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[LB]]>, tensor<32x64xi32, #[[LB]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[R:.*]]:3 = scf.for %{{.*}} iter_args(%[[ACC:[^ ]+]] = %{{[^ ]+}}, %[[PA:[^ ]+]] = %[[A0]], %[[PB:[^ ]+]] = %[[B0]]) -> (tensor<64x64xf32, #[[MMA]]>, tensor<64x32x!tile.ptr<f16>, #[[LA]]>, tensor<32x64x!tile.ptr<f16>, #[[LB]]>)
// CHECK-NOT: tile.convert_layout
// CHECK: %[[A:.*]] = tile.load %[[PA]] mask %{{.*}} other %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[LA]]>
// CHECK-NEXT: %[[CA:.*]] = tile.convert_layout %[[A]] : tensor<64x32xf16, #[[LA]]> -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[B:.*]] = tile.load %[[PB]] mask %{{.*}} other %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[LB]]>
// CHECK-NEXT: %[[CB:.*]] = tile.convert_layout %[[B]] : tensor<32x64xf16, #[[LB]]> -> tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[ACC]] : {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[NA:.*]] = tile.addptr %[[PA]], %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[LA]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[NB:.*]] = tile.addptr %[[PB]], %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[LB]]>
// CHECK-NEXT: scf.yield %[[D]], %[[NA]], %[[NB]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[C:.*]] = tile.convert_layout %[[R]]#0 : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[LC:blocked[0-9]*]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[RELU:.*]] = arith.maxnumf %[[C]], %{{.*}} : tensor<64x64xf32, #[[LC]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.store %{{.*}}, %[[RELU]] mask %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[LC]]>
// CHECK-NOT: tile.convert_layout
// CHECK: return
module attributes {tile.num_warps = 4 : i32} {
func.func @matmul_loop(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}, %scm: i32 {tile.divisibility = 16 : i32}) {
  %zero16 = arith.constant 0.000000e+00 : f16
  %zero32 = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %pm = tile.program_id 0 : i32
  %pn = tile.program_id 1 : i32
  %m0 = arith.muli %pm, %c64 : i32
  %r64 = tile.make_range 0, 64 : tensor<64xi32>
  %m0s = tile.splat %m0 : tensor<64xi32>
  %im = arith.addi %m0s, %r64 : tensor<64xi32>
  %n0 = arith.muli %pn, %c64 : i32
  %n0s = tile.splat %n0 : tensor<64xi32>
  %in = arith.addi %n0s, %r64 : tensor<64xi32>
  %ik = tile.make_range 0, 32 : tensor<32xi32>
  %imc = tile.expand_dims %im {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tile.splat %sam : tensor<64x1xi32>
  %aro = arith.muli %imc, %sams : tensor<64x1xi32>
  %as = tile.splat %a : tensor<64x1x!tile.ptr<f16>>
  %arp = tile.addptr %as, %aro : tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>
  %ikr = tile.expand_dims %ik {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arpb = tile.broadcast %arp : tensor<64x1x!tile.ptr<f16>> -> tensor<64x32x!tile.ptr<f16>>
  %ikrb = tile.broadcast %ikr : tensor<1x32xi32> -> tensor<64x32xi32>
  %ap = tile.addptr %arpb, %ikrb : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %ikc = tile.expand_dims %ik {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = tile.splat %sbk : tensor<32x1xi32>
  %bro = arith.muli %ikc, %sbks : tensor<32x1xi32>
  %bs = tile.splat %b : tensor<32x1x!tile.ptr<f16>>
  %brp = tile.addptr %bs, %bro : tensor<32x1x!tile.ptr<f16>>, tensor<32x1xi32>
  %inr = tile.expand_dims %in {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brpb = tile.broadcast %brp : tensor<32x1x!tile.ptr<f16>> -> tensor<32x64x!tile.ptr<f16>>
  %inrb = tile.broadcast %inr : tensor<1x64xi32> -> tensor<32x64xi32>
  %bp = tile.addptr %brpb, %inrb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %acc0, %pa = %ap, %pb = %bp) -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>) : i32 {
    %Ms = tile.splat %M : tensor<64x1xi32>
    %mrow = arith.cmpi slt, %imc, %Ms : tensor<64x1xi32>
    %ks = tile.splat %k : tensor<1x32xi32>
    %kk = arith.addi %ikr, %ks : tensor<1x32xi32>
    %Ks = tile.splat %K : tensor<1x32xi32>
    %kcol = arith.cmpi slt, %kk, %Ks : tensor<1x32xi32>
    %mrowb = tile.broadcast %mrow : tensor<64x1xi1> -> tensor<64x32xi1>
    %kcolb = tile.broadcast %kcol : tensor<1x32xi1> -> tensor<64x32xi1>
    %amask = arith.andi %mrowb, %kcolb : tensor<64x32xi1>
    %aother = tile.splat %zero16 : tensor<64x32xf16>
    %av = tile.load %pa mask %amask other %aother : tensor<64x32x!tile.ptr<f16>>
    %ks2 = tile.splat %k : tensor<32x1xi32>
    %kk2 = arith.addi %ikc, %ks2 : tensor<32x1xi32>
    %Ks2 = tile.splat %K : tensor<32x1xi32>
    %krow = arith.cmpi slt, %kk2, %Ks2 : tensor<32x1xi32>
    %Ns = tile.splat %N : tensor<1x64xi32>
    %ncol = arith.cmpi slt, %inr, %Ns : tensor<1x64xi32>
    %krowb = tile.broadcast %krow : tensor<32x1xi1> -> tensor<32x64xi1>
    %ncolb = tile.broadcast %ncol : tensor<1x64xi1> -> tensor<32x64xi1>
    %bmask = arith.andi %krowb, %ncolb : tensor<32x64xi1>
    %bother = tile.splat %zero16 : tensor<32x64xf16>
    %bv = tile.load %pb mask %bmask other %bother : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %av, %bv, %acc : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %inca = tile.splat %c32 : tensor<64x32xi32>
    %pa2 = tile.addptr %pa, %inca : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %kstep = arith.muli %sbk, %c32 : i32
    %incb = tile.splat %kstep : tensor<32x64xi32>
    %pb2 = tile.addptr %pb, %incb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pa2, %pb2 : tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>
  }
  %zeros = tile.splat %zero32 : tensor<64x64xf32>
  %relu = arith.maxnumf %r#0, %zeros : tensor<64x64xf32>
  %scms = tile.splat %scm : tensor<64x1xi32>
  %cro = arith.muli %imc, %scms : tensor<64x1xi32>
  %cs = tile.splat %c : tensor<64x1x!tile.ptr<f32>>
  %crp = tile.addptr %cs, %cro : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
  %crpb = tile.broadcast %crp : tensor<64x1x!tile.ptr<f32>> -> tensor<64x64x!tile.ptr<f32>>
  %inrb2 = tile.broadcast %inr : tensor<1x64xi32> -> tensor<64x64xi32>
  %cp = tile.addptr %crpb, %inrb2 : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %Ms2 = tile.splat %M : tensor<64x1xi32>
  %cmrow = arith.cmpi slt, %imc, %Ms2 : tensor<64x1xi32>
  %Ns2 = tile.splat %N : tensor<1x64xi32>
  %cncol = arith.cmpi slt, %inr, %Ns2 : tensor<1x64xi32>
  %cmrowb = tile.broadcast %cmrow : tensor<64x1xi1> -> tensor<64x64xi1>
  %cncolb = tile.broadcast %cncol : tensor<1x64xi1> -> tensor<64x64xi1>
  %cmask = arith.andi %cmrowb, %cncolb : tensor<64x64xi1>
  tile.store %cp, %relu mask %cmask : tensor<64x64x!tile.ptr<f32>>
  return
}
}

// -----

// A product stored as fp16 through pointers of unknown alignment (a matrix
// address loaded from a table, a row stride without a known divisor, as in
// Triton's grouped GEMM tutorial): each thread can store 2 bytes at a
// time, so the store keeps the layout that coalesces its lanes (one
// element a thread, 32 lanes along a row: 64 contiguous bytes per warp)
// and the result is converted once, in fp16. Taking the loads' layout (8
// consecutive elements a thread) would scatter each warp's 2-byte stores
// over 16 sectors, 6x the L2 writes.
// CHECK: #[[LC:[^ ]+]] = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @unaligned_store
// CHECK: %[[D:.*]] = tile.dot
// CHECK: %[[H:.*]] = arith.truncf %[[D]] : tensor<64x64xf32, #[[MMA:[^>]+]]> to tensor<64x64xf16, #[[MMA]]>
// CHECK: %[[CH:.*]] = tile.convert_layout %[[H]] : tensor<64x64xf16, #[[MMA]]> -> tensor<64x64xf16, #[[LC]]>
// CHECK: tile.store %{{.*}}, %[[CH]] : tensor<64x64x!tile.ptr<f16>, #[[LC]]>
module attributes {tile.num_warps = 4 : i32} {
func.func @unaligned_store(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f16>, %ldc: i32) {
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
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %rows32 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols64 = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %rows32, %c64 : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %cols64 : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %h = arith.truncf %d : tensor<64x64xf32> to tensor<64x64xf16>
  %ldcs = tile.splat %ldc : tensor<64x1xi32>
  %crow = arith.muli %rows64, %ldcs : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %cols64 : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f16>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  tile.store %cp, %h : tensor<64x64x!tile.ptr<f16>>
  return
}
}
