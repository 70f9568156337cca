// RUN: tile-opt %s -tile-assign-layouts=rematerialize=false | FileCheck %s
// Without rematerialisation, an arange needed in two slice layouts is
// converted from one to the other.

// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @two_slices(
// CHECK: %[[R:.*]] = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = [[D:0|1]], parent = #[[B]]>>
// CHECK: tile.convert_layout %[[R]] : tensor<32xi32, #tile.slice<dim = [[D]], parent = #[[B]]>> -> tensor<32xi32, #tile.slice<dim = {{0|1}}, parent = #[[B]]>>
// CHECK-NOT: tile.make_range
func.func @two_slices(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 32 : tensor<32xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ro = arith.muli %r2, %c32 : tensor<32x1xi32>
  %rb = tile.broadcast %ro : tensor<32x1xi32> -> tensor<32x32xi32>
  %c2 = tile.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<32x32xi32>
  %offs = arith.addi %rb, %cb : tensor<32x32xi32>
  %xs = tile.splat %x : tensor<32x32x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  %v = tile.load %xp : tensor<32x32x!tile.ptr<f32>>
  tile.store %xp, %v : tensor<32x32x!tile.ptr<f32>>
  return
}
