// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | grep -c "nvvm.shfl.sync" | FileCheck %s --check-prefix=SHUFFLES
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | grep -c "nvvm.barrier0" | FileCheck %s --check-prefix=BARRIERS
// Sorting 256 elements laid out as 2 registers x 32 lanes x 4 warps:
// Triton's bitonic network has 36 compare-exchange steps (stage s has s
// steps, along coordinate bits s-1 down to 0). Along bit 0 the partner is
// the thread's other register; along bits 1-5 a lane, one butterfly
// shuffle per register (25 such steps, 50 shuffles); along bits 6-7 a warp,
// through scratch with a barrier after the stores and after the loads (3
// such steps, 6 barriers). The scratch holds every thread's 2 values.

// CHECK: tile.shared_bytes = 1024 : i64
// CHECK-LABEL: llvm.func @sort
// CHECK: arith.cmpf ogt
// CHECK: arith.select
// SHUFFLES: 50
// BARRIERS: 6
module attributes {tile.num_warps = 4 : i32} {
func.func @sort(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %s = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>>
  %y = tile.sort %v descending : tensor<256xf32>
  tile.store %p, %y : tensor<256x!tile.ptr<f32>>
  return
}
}
