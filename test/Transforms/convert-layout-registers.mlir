// RUN: tile-opt %s -tile-allocate-shared -tile-insert-barriers | FileCheck %s --check-prefix=TILE
// RUN: tile-opt %s -tile-allocate-shared -tile-insert-barriers -tile-to-llvm | FileCheck %s --check-prefix=LLVM
// A tile.convert_layout whose lanes and warps hold the same elements under
// both layouts lowers to a renumbering of registers and touches no shared
// memory (test/Conversion/convert-layout.mlir). So tile-allocate-shared
// gives it no scratch (the module needs no shared memory) and
// tile-insert-barriers puts no barrier around it, even in a loop where a
// scratch user would need one at the top of every iteration.

#rows = #tile.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]>

// TILE: module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 0 : i64}
// TILE-LABEL: func.func @permute_in_loop(
// TILE-NOT: tile.barrier
// TILE: scf.for
// TILE-NEXT: tile.convert_layout %{{[^ ]+}} : tensor<2x256xf32, #{{[^ ]+}}> -> tensor<2x256xf32, #{{[^ ]+}}>
// TILE-NEXT: tile.convert_layout %{{[^ ]+}} : tensor<2x256xf32, #{{[^ ]+}}> -> tensor<2x256xf32, #{{[^ ]+}}>
// TILE-NOT: tile.barrier
// TILE: return
// LLVM-NOT: @tile_shared
// LLVM-LABEL: llvm.func @permute_in_loop(
// LLVM-NOT: nvvm.barrier0
// LLVM-NOT: !llvm.ptr<3>
// LLVM: llvm.return
module attributes {tile.num_warps = 4 : i32} {
func.func @permute_in_loop(%p: !tile.ptr<f32>, %x: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.splat %x : tensor<2x256xf32, #rows>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %v) -> (tensor<2x256xf32, #rows>) : i32 {
    %c = tile.convert_layout %a : tensor<2x256xf32, #rows> -> tensor<2x256xf32, #cols>
    %back = tile.convert_layout %c : tensor<2x256xf32, #cols> -> tensor<2x256xf32, #rows>
    %s = arith.addf %back, %a : tensor<2x256xf32, #rows>
    scf.yield %s : tensor<2x256xf32, #rows>
  }
  %ps = tile.splat %p : tensor<2x256x!tile.ptr<f32>, #rows>
  tile.store %ps, %r : tensor<2x256x!tile.ptr<f32>, #rows>
  return
}
}
