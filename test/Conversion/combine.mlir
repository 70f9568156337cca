// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-insert-barriers -tile-to-llvm | FileCheck %s
// Combine regions are cloned at every step, on every operand together.
// The reduction of 256 (f32, i32) pairs over 2 registers x 32 lanes x 4
// warps: one combine in the thread, five butterfly rounds (a shuffle per
// operand each), then one slot per warp in each operand's array (16 bytes
// each). The reverse running maximum combines each thread's 2 elements
// into one chunk total, shuffles that at each lane step and exchanges it
// through scratch at its two warp steps (one slot a thread, 512 bytes);
// the affine scan does so for both operands (1 KiB, the module's most).

// CHECK: tile.shared_bytes = 1024 : i64
// CHECK-LABEL: llvm.func @argmax
// CHECK-COUNT-10: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store {{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} -> f32
// CHECK: llvm.load {{.*}} -> i32
// CHECK-LABEL: llvm.func @running_max
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-LABEL: llvm.func @affine
// CHECK-COUNT-10: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-COUNT-2: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
module attributes {tile.num_warps = 4 : i32} {
func.func @argmax(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %o: !tile.ptr<i32>) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %s = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>>
  %m:2 = tile.combine_reduce %v, %r {axis = 0 : i32} : tensor<256xf32>, tensor<256xi32> -> f32, i32 {
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v1, %v0 : f32
    %v2 = arith.select %gt, %v1, %v0 : f32
    %i2 = arith.select %gt, %i1, %i0 : i32
    tile.combine_return %v2, %i2 : f32, i32
  }
  tile.store %o, %m#1 : !tile.ptr<i32>
  return
}

func.func @running_max(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %s = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>>
  %y = tile.combine_scan %v {axis = 0 : i32, reverse} : tensor<256xf32> -> tensor<256xf32> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.maxnumf %a, %b : f32
    tile.combine_return %c : f32
  }
  tile.store %p, %y : tensor<256x!tile.ptr<f32>>
  return
}

func.func @affine(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %s = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>>
  %y:2 = tile.combine_scan %v, %v {axis = 0 : i32} : tensor<256xf32>, tensor<256xf32> -> tensor<256xf32>, tensor<256xf32> {
  ^bb0(%a0: f32, %b0: f32, %a1: f32, %b1: f32):
    %a = arith.mulf %a0, %a1 : f32
    %t = arith.mulf %b0, %a1 : f32
    %b = arith.addf %t, %b1 : f32
    tile.combine_return %a, %b : f32, f32
  }
  %z = arith.addf %y#0, %y#1 : tensor<256xf32>
  tile.store %p, %z : tensor<256x!tile.ptr<f32>>
  return
}
}
