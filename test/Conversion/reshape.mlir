// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// reshape, split and join keep row-major order. tile-assign-layouts gives
// their operands the layouts their results' ask for (LayoutRules' Regroup:
// the same elements in the same registers), so each thread only renumbers
// the values it holds: no scratch, no barrier, no shared memory access.

// CHECK: tile.shared_bytes = 0 : i64
// CHECK-LABEL: llvm.func @pairs
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32} {
func.func @pairs(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %s = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>>
  %m = tile.reshape %v : tensor<256xf32> -> tensor<128x2xf32>
  %a, %b = tile.split %m : tensor<128x2xf32> -> tensor<128xf32>
  %j = tile.join %b, %a : tensor<128xf32> -> tensor<128x2xf32>
  %w = tile.reshape %j : tensor<128x2xf32> -> tensor<256xf32>
  tile.store %p, %w : tensor<256x!tile.ptr<f32>>
  return
}
}

