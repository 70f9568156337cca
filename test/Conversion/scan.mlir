// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// A scan of 256 elements laid out as 2 registers x 32 lanes x 4 warps: one
// register step (no exchange), five lane steps (a butterfly shuffle each),
// two warp steps (store to scratch, barrier, load the partner warp's
// slots, barrier). The scratch holds every thread's 2 values (1 KiB).

// CHECK: tile.shared_bytes = 1024 : i64
// CHECK-LABEL: llvm.func @cumsum
// CHECK-COUNT-10: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
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
