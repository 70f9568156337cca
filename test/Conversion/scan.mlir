// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// A scan of 256 elements laid out as 2 registers x 32 lanes x 4 warps: the
// thread's two elements are one chunk, scanned serially (one add); the
// chunk's total then takes five lane steps (a butterfly shuffle each, one
// per chunk, not per element) and two warp steps (store to scratch,
// barrier, load the partner warp's slot, barrier); each element finally
// adds what comes before its chunk. The scratch holds one slot a thread
// (512 bytes).

// CHECK: tile.shared_bytes = 512 : i64
// CHECK-LABEL: llvm.func @cumsum
// CHECK: %[[FIRST:.*]] = llvm.bitcast {{.*}} : i32 to f32
// CHECK: %[[SECOND:.*]] = llvm.bitcast {{.*}} : i32 to f32
// CHECK: %[[PAIR:.*]] = arith.addf %[[FIRST]], %[[SECOND]] : f32
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: arith.addf %[[E:[0-9]+]], %[[FIRST]] : f32
// CHECK: arith.addf %[[E]], %[[PAIR]] : f32
module attributes {tile.num_warps = 4 : i32} {
func.func @cumsum(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %s = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>>
  %y = tile.scan sum %v {axis = 0 : i32} : tensor<256xf32>
  tile.store %p, %y : tensor<256x!tile.ptr<f32>>
  return
}
}
