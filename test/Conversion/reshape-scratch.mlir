// RUN: tile-opt %s -tile-allocate-shared -tile-to-llvm | FileCheck %s
// A reshape whose operand's layout is not the one its result's asks for
// (here lanes hold consecutive elements, and the result wants each thread's
// pair in its registers) goes through scratch: every held element stored
// at its row-major slot, a barrier, the result's elements loaded. The
// reshape back matches (each thread's pair is two consecutive elements):
// no scratch for it.

// CHECK: tile.shared_bytes = 1024 : i64
// CHECK-LABEL: llvm.func @mismatched
// CHECK-COUNT-2: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.return
#lanes = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#pairs = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#flat = #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {tile.num_warps = 4 : i32} {
func.func @mismatched(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 256 : tensor<256xi32, #lanes>
  %s = tile.splat %x : tensor<256x!tile.ptr<f32>, #lanes>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>, #lanes>, tensor<256xi32, #lanes>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>, #lanes>
  %m = tile.reshape %v : tensor<256xf32, #lanes> -> tensor<128x2xf32, #pairs>
  %w = tile.reshape %m : tensor<128x2xf32, #pairs> -> tensor<256xf32, #flat>
  %r2 = tile.make_range 0, 256 : tensor<256xi32, #flat>
  %s2 = tile.splat %x : tensor<256x!tile.ptr<f32>, #flat>
  %p2 = tile.addptr %s2, %r2 : tensor<256x!tile.ptr<f32>, #flat>, tensor<256xi32, #flat>
  tile.store %p2, %w : tensor<256x!tile.ptr<f32>, #flat>
  return
}
}
