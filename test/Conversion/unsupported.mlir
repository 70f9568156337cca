// RUN: tile-opt %s -split-input-file -tile-assign-layouts -tile-allocate-shared -tile-to-llvm -verify-diagnostics

module attributes {tile.num_warps = 4 : i32} {
func.func @erf(%x: !tile.ptr<f32>) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %s = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %p : tensor<128x!tile.ptr<f32>>
  // expected-error @+1 {{'math.erf' has no GPU lowering yet}}
  %e = math.erf %v : tensor<128xf32>
  tile.store %p, %e : tensor<128x!tile.ptr<f32>>
  return
}
}
