// RUN: tile-opt %s -tile-assign-layouts | FileCheck %s
// tile.trans ties its result to its operand with the dimensions permuted:
// a block loaded along its rows (order [1, 0]) and transposed has the same
// threads and registers with order [0, 1], and no conversion is needed
// when the transposed block is only reduced and stored through pointers
// that the same permutation describes.

// CHECK-DAG: #[[ROWS:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[COLS:.*]] = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @transpose_in_registers
// CHECK: tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>, #[[ROWS]]>
// CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32, #[[ROWS]]> -> tensor<32x16xf32, #[[COLS]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<32x16x!tile.ptr<f32>, #[[COLS]]>
module attributes {tile.num_warps = 4 : i32} {
func.func @transpose_in_registers(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %c = tile.make_range 0, 32 : tensor<32xi32>
  %re = tile.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c32 = arith.constant dense<32> : tensor<16x1xi32>
  %rs = arith.muli %re, %c32 : tensor<16x1xi32>
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cb = tile.broadcast %ce : tensor<1x32xi32> -> tensor<16x32xi32>
  %off = arith.addi %rb, %cb : tensor<16x32xi32>
  %xs = tile.splat %x : tensor<16x32x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %off : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %v = tile.load %xp : tensor<16x32x!tile.ptr<f32>>
  %t = tile.trans %v, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  %offt = tile.trans %off, [1, 0] : tensor<16x32xi32> -> tensor<32x16xi32>
  %ys = tile.splat %y : tensor<32x16x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offt : tensor<32x16x!tile.ptr<f32>>, tensor<32x16xi32>
  tile.store %yp, %t : tensor<32x16x!tile.ptr<f32>>
  return
}
}
