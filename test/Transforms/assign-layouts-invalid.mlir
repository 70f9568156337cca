// RUN: tile-opt %s -split-input-file -tile-assign-layouts -verify-diagnostics

// expected-error @below {{'tile.num_warps' must be a power of two from 1 to 32, got 3}}
module attributes {tile.num_warps = 3 : i32} {
func.func @three_warps() {
  return
}
}

// -----

// expected-error @below {{'tile.num_warps' must be a power of two from 1 to 32, got 64}}
module attributes {tile.num_warps = 64 : i32} {
func.func @too_many_warps() {
  return
}
}

// -----

// expected-error @below {{'tile.num_warps' must be an integer}}
module attributes {tile.num_warps = "four"} {
func.func @warps_not_integer() {
  return
}
}

// -----

#b = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// expected-error @below {{'func.func' op already has tensor layouts; tile-assign-layouts expects none}}
func.func @twice(%x: tensor<8xf32, #b>) {
  return
}

// -----

func.func @no_rule(%i: index) -> i32 {
  %r = tile.make_range 0, 8 : tensor<8xi32>
  // expected-error @below {{'tensor.extract' op has tensors that no layout rule covers}}
  %e = tensor.extract %r[%i] : tensor<8xi32>
  return %e : i32
}

// -----

// Tensors passed between blocks: kernels are single blocks.
// expected-error @below {{'func.func' op has tensors that no layout rule covers}}
func.func @branch() {
  %r = tile.make_range 0, 8 : tensor<8xi32>
  cf.br ^next(%r : tensor<8xi32>)
^next(%a: tensor<8xi32>):
  return
}
