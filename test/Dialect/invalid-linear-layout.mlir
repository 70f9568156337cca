// RUN: tile-opt %s -split-input-file -verify-diagnostics
// Verifier errors of #tile.linear (TileAttrs.cpp): one case per message.

// expected-error @+1 {{linear layout needs at least one dimension}}
func.func @rank0(%x: tensor<f32, #tile.linear<shape = [], register = [], lane = [], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{linear layout shape must be powers of two, got 48}}
func.func @shape(%x: tensor<48xf32, #tile.linear<shape = [48], register = [], lane = [[1], [2], [4], [8], [16]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{linear layout of more than 2^30 elements}}
func.func @too_big(%x: tensor<65536x65536xf32, #tile.linear<shape = [65536, 65536], register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{linear layout has too many register or warp bases}}
func.func @warps(%x: tensor<2048xf32, #tile.linear<shape = [2048], register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64], [128], [256], [512], [1024]]>>) {
  return
}

// -----

// expected-error @+1 {{register bases must have 2 coordinates each}}
func.func @coordinates(%x: tensor<32x2xf32, #tile.linear<shape = [32, 2], register = [[1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{lane basis coordinate 32 is outside dimension 0 of size 32}}
func.func @outside(%x: tensor<32xf32, #tile.linear<shape = [32], register = [], lane = [[1], [2], [4], [8], [32]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{linear layout needs 5 lane bases (32 lanes), got 4}}
func.func @lanes(%x: tensor<16xf32, #tile.linear<shape = [16], register = [], lane = [[1], [2], [4], [8]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{linear layout leaves elements of the tensor to no thread}}
func.func @not_surjective(%x: tensor<64xf32, #tile.linear<shape = [64], register = [], lane = [[1], [2], [4], [8], [16]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{linear layout of shape [32] on a tensor of shape [64]}}
func.func @tensor_shape(%x: tensor<64xf32, #tile.linear<shape = [32], register = [], lane = [[1], [2], [4], [8], [16]], warp = []>>) {
  return
}
