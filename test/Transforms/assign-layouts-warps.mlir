// RUN: tile-opt %s -split-input-file -tile-assign-layouts | FileCheck %s
// Warp counts from the module attribute, and tensors smaller than a program.

// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
// CHECK-LABEL: func.func @warps8(
// CHECK: tile.load %{{.*}} : tensor<2048x!tile.ptr<f32>, #[[B]]>
module attributes {tile.num_warps = 8 : i32} {
func.func @warps8(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 2048 : tensor<2048xi32>
  %xs = tile.splat %x : tensor<2048x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
  %v = tile.load %xp : tensor<2048x!tile.ptr<f32>>
  %s = tile.reduce sum %v {axis = 0 : i32} : tensor<2048xf32> -> f32
  tile.store %x, %s : !tile.ptr<f32>
  return
}
}

// -----

// 64 x 128 bf16: 8 elements (16 bytes) per thread along dimension 1, 16
// lanes cover a row, a warp two rows, and the 16 warps stack along dimension 0.
// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [16, 1], order = [1, 0]>
// CHECK-LABEL: func.func @warps16(
// CHECK: tile.load %{{.*}} : tensor<64x128x!tile.ptr<bf16>, #[[B]]>
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<64x128x!tile.ptr<bf16>, #[[B]]>
// num_warps 16 on a 2-D bf16 tile: 8 elements (16 bytes) per thread.
module attributes {tile.num_warps = 16 : i32} {
func.func @warps16(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32}) {
  %rows = tile.make_range 0, 64 : tensor<64xi32>
  %cols = tile.make_range 0, 128 : tensor<128xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c128 = arith.constant dense<128> : tensor<64x1xi32>
  %ro = arith.muli %r2, %c128 : tensor<64x1xi32>
  %rb = tile.broadcast %ro : tensor<64x1xi32> -> tensor<64x128xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %cb = tile.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
  %offs = arith.addi %rb, %cb : tensor<64x128xi32>
  %xs = tile.splat %x : tensor<64x128x!tile.ptr<bf16>>
  %xp = tile.addptr %xs, %offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %v = tile.load %xp : tensor<64x128x!tile.ptr<bf16>>
  tile.store %xp, %v : tensor<64x128x!tile.ptr<bf16>>
  return
}
}

// -----

// One and eight elements for 128 threads: one element per thread, the
// lanes and warps beyond the tensor hold copies.
// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @tiny(
// CHECK: tile.load %{{.*}} : tensor<1x!tile.ptr<f32>, #[[B]]>
// CHECK: tile.load %{{.*}} : tensor<8x!tile.ptr<f32>, #[[B]]>
// Tiny tensors: one and eight elements for 128 threads.
func.func @tiny(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r1 = tile.make_range 0, 1 : tensor<1xi32>
  %x1 = tile.splat %x : tensor<1x!tile.ptr<f32>>
  %p1 = tile.addptr %x1, %r1 : tensor<1x!tile.ptr<f32>>, tensor<1xi32>
  %v1 = tile.load %p1 : tensor<1x!tile.ptr<f32>>
  tile.store %p1, %v1 : tensor<1x!tile.ptr<f32>>
  %r8 = tile.make_range 0, 8 : tensor<8xi32>
  %x8 = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %p8 = tile.addptr %x8, %r8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v8 = tile.load %p8 : tensor<8x!tile.ptr<f32>>
  tile.store %p8, %v8 : tensor<8x!tile.ptr<f32>>
  return
}

// -----

// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @no_memory(
// CHECK: tile.make_range 0, 256 : tensor<256xi32, #[[B]]>
// Nothing touches memory: a default layout, one element per thread.
func.func @no_memory(%x: !tile.ptr<i32>) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %s = tile.reduce sum %r {axis = 0 : i32} : tensor<256xi32> -> i32
  tile.store %x, %s : !tile.ptr<i32>
  return
}
