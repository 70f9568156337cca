// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// A gather stores the source's elements at their row-major slots of its
// scratch (16 x 32 fp32: 2 KiB), a barrier, and loads each result element
// from the slot of its coordinates with the index (wrapped into the axis:
// and 31) along the axis. The reshape that makes the offsets stays in
// registers (its layout is the range's, reshaped).

// CHECK: tile.shared_bytes = 2048 : i64
// CHECK-LABEL: llvm.func @gather
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[C31:.*]] = arith.constant 31 : i32
// CHECK: arith.andi %{{.*}}, %[[C31]] : i32
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
module attributes {tile.num_warps = 4 : i32} {
func.func @gather(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %ip: !tile.ptr<i32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 512 : tensor<512xi32>
  %o = tile.reshape %r : tensor<512xi32> -> tensor<16x32xi32>
  %is = tile.splat %ip : tensor<16x32x!tile.ptr<i32>>
  %ipp = tile.addptr %is, %o : tensor<16x32x!tile.ptr<i32>>, tensor<16x32xi32>
  %i = tile.load %ipp : tensor<16x32x!tile.ptr<i32>>
  %s = tile.splat %x : tensor<16x32x!tile.ptr<f32>>
  %p = tile.addptr %s, %o : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %v = tile.load %p : tensor<16x32x!tile.ptr<f32>>
  %y = tile.gather %v[%i] {axis = 1 : i32} : tensor<16x32xf32>, tensor<16x32xi32> -> tensor<16x32xf32>
  tile.store %p, %y : tensor<16x32x!tile.ptr<f32>>
  return
}
}
