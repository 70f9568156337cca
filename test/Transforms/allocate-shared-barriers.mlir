// RUN: tile-opt %s -split-input-file -tile-allocate-shared=max-shared-bytes=1 -tile-insert-barriers | FileCheck %s
// Scratch users whose ops follow one another may share bytes
// (tile-allocate-shared), and tile-insert-barriers sees that through their
// offsets: each user reads and writes its whole range, so the next user of
// the same bytes starts after a barrier, and users at disjoint bytes need
// none.

#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#row = #tile.slice<dim = 1, parent = #rows>

// Softmax's pattern: two reductions across the 4 warps, back to back, both
// at offset 0 (64 results x 4 warps x 4 bytes = 1 KiB, the module's
// total): a barrier between them, none before the first.
// CHECK: module attributes {{.*}}tile.shared_bytes = 1024 : i64}
// CHECK-LABEL: func.func @max_then_sum(
// CHECK-NOT: tile.barrier
// CHECK: tile.reduce max %{{.*}} {axis = 1 : i32, tile.scratch_offset = 0 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.reduce sum %{{.*}} {axis = 1 : i32, tile.scratch_offset = 0 : i64}
// CHECK-NEXT: return
module attributes {tile.num_warps = 4 : i32} {
func.func @max_then_sum(%z: tensor<64x64xf32, #rows>) -> (tensor<64xf32, #row>, tensor<64xf32, #row>) {
  %m = tile.reduce max %z {axis = 1 : i32} : tensor<64x64xf32, #rows> -> tensor<64xf32, #row>
  %s = tile.reduce sum %z {axis = 1 : i32} : tensor<64x64xf32, #rows> -> tensor<64xf32, #row>
  return %m, %s : tensor<64xf32, #row>, tensor<64xf32, #row>
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// Two conversions in a loop share bytes above the buffer %a, which is
// alive over the whole loop: a barrier between them, and one before the
// first for the previous iteration's second (at the top of the body, after
// the barrier before the loop that orders %a's write before its reads).
// The loop's local_load of %a needs none: %a is not written again.
// CHECK: module attributes {{.*}}tile.shared_bytes = 8192 : i64}
// CHECK-LABEL: func.func @loop(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.convert_layout %{{.*}} {tile.scratch_offset = 4096 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.convert_layout %{{.*}} {tile.scratch_offset = 4096 : i64}
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: scf.yield
module attributes {tile.num_warps = 4 : i32} {
func.func @loop(%x: tensor<64x32xf16, #blocked>, %y: tensor<32x32xf32, #rows>, %n: index) -> (tensor<32x32xf32, #rows>, tensor<64x32xf16, #blocked>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y, %l = %x) -> (tensor<32x32xf32, #rows>, tensor<64x32xf16, #blocked>) {
    %t = tile.convert_layout %acc : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
    %u = tile.convert_layout %t : tensor<32x32xf32, #cols> -> tensor<32x32xf32, #rows>
    %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    scf.yield %u, %la : tensor<32x32xf32, #rows>, tensor<64x32xf16, #blocked>
  }
  return %r#0, %r#1 : tensor<32x32xf32, #rows>, tensor<64x32xf16, #blocked>
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#row = #tile.slice<dim = 1, parent = #rows>

// After a 4 KiB buffer, the same two reductions fit side by side within
// the 4 KiB the function needs anyway: the max takes the buffer's bytes (a
// barrier first, for the buffer's reads), the sum the next 1 KiB, with no
// barrier between them.
// CHECK: module attributes {{.*}}tile.shared_bytes = 4096 : i64}
// CHECK-LABEL: func.func @side_by_side(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.reduce max %{{.*}} {axis = 1 : i32, tile.scratch_offset = 0 : i64}
// CHECK-NEXT: tile.reduce sum %{{.*}} {axis = 1 : i32, tile.scratch_offset = 1024 : i64}
// CHECK-NEXT: return
module attributes {tile.num_warps = 4 : i32} {
func.func @side_by_side(%x: tensor<64x32xf16, #blocked>, %z: tensor<64x64xf32, #rows>) -> (tensor<64x32xf16, #blocked>, tensor<64xf32, #row>, tensor<64xf32, #row>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %m = tile.reduce max %z {axis = 1 : i32} : tensor<64x64xf32, #rows> -> tensor<64xf32, #row>
  %s = tile.reduce sum %z {axis = 1 : i32} : tensor<64x64xf32, #rows> -> tensor<64xf32, #row>
  return %la, %m, %s : tensor<64x32xf16, #blocked>, tensor<64xf32, #row>, tensor<64xf32, #row>
}
}
