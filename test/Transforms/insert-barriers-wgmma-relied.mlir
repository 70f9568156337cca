// RUN: tile-opt %s -split-input-file -tile-insert-barriers | FileCheck %s
// tile-insert-barriers: a tile.warpgroup_dot reads its buffers through the
// async proxy, so stores from registers that it reads (tile.local_alloc
// with a source, tile.local_store) must be followed by a
// tile.fence_async_shared in the writing threads before the barrier that
// orders them, even a barrier placed for another reason that the product
// then relies on. Copies by cp.async need none: their wait and the barrier
// order them for wgmma (as Triton and CUTLASS rely on).

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>

// What tile-pipeline makes of a K loop with an mma.sync product before a
// wgmma one (e.g. tilec on a loop with a 32-row and a 64-row tl.dot on
// sm_90a): the copies into all stages complete at one wait, the
// tile.local_load of the mma factor waits at a barrier for them, and the
// tile.warpgroup_dot after it finds nothing unordered. Its factors were
// written by cp.async: no fence.
// CHECK-LABEL: func.func @barrier_for_local_load(
// CHECK: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: tile.warpgroup_dot
// CHECK-NOT: tile.fence_async_shared
func.func @barrier_for_local_load(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %px: tensor<64x32x!tile.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #wgmma>, %i: i32) -> (tensor<64x32xf16, #blocked>, tensor<64x64xf32, #wgmma>) {
  %sa = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #nvA>
  %sb = tile.local_alloc {offset = 8192 : i64} -> !tile.memdesc<2x32x64xf16, #nvB>
  %sx = tile.local_alloc {offset = 16384 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %va = tile.memdesc_subview %sa[%i] : !tile.memdesc<2x64x32xf16, #nvA> -> !tile.memdesc<64x32xf16, #nvA>
  %vb = tile.memdesc_subview %sb[%i] : !tile.memdesc<2x32x64xf16, #nvB> -> !tile.memdesc<32x64xf16, #nvB>
  %vx = tile.memdesc_subview %sx[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %tx = tile.async_copy %px, %vx : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %ta = tile.async_copy %pa, %va : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #nvA>
  %tb = tile.async_copy %pb, %vb : tensor<32x64x!tile.ptr<f16>, #blocked> -> !tile.memdesc<32x64xf16, #nvB>
  %g = tile.async_commit_group %tx, %ta, %tb
  %w = tile.async_wait {num = 0 : i32}
  %lx = tile.local_load %vx : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %d = tile.warpgroup_dot %va, %vb, %acc : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wgmma>
  return %lx, %d : tensor<64x32xf16, #blocked>, tensor<64x64xf32, #wgmma>
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>

// Factors stored from registers before a loop whose body multiplies them:
// the barrier goes before the loop (one for all iterations), where it is
// the product's, with the fence before it.
// CHECK-LABEL: func.func @barrier_before_loop(
// CHECK: tile.local_alloc
// CHECK-NEXT: tile.local_alloc
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT: tile.warpgroup_dot
func.func @barrier_before_loop(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %acc: tensor<64x64xf32, #wgmma>, %n: index) -> tensor<64x64xf32, #wgmma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ma = tile.local_alloc %a : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %mb = tile.local_alloc %b : tensor<32x64xf16, #blocked> {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #wgmma>) {
    %d = tile.warpgroup_dot %ma, %mb, %x : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wgmma>
    scf.yield %d : tensor<64x64xf32, #wgmma>
  }
  return %r : tensor<64x64xf32, #wgmma>
}
