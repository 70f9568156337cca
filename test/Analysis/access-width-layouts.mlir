// RUN: tile-opt %s -split-input-file -tile-test-axis-info=accesses-only -verify-diagnostics
// getAccessVectorWidth on layouts given in the IR: a layout's elements per
// thread are moved in vectors only as wide as the pointers' alignment
// allows. (tile-assign-layouts gives a misaligned access no layout wider
// than that; see test/Transforms/assign-layouts-misaligned.mlir.)

#b8 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// 2-D, f16, 8 a thread along the rows: vectors of 8 when the row stride is
// a multiple of 16 elements, of 1 when it is unknown (a row may start
// anywhere).
func.func @rows(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}, %odd: i32) {
  %rows = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #b8>>
  %cols = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #b8>>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #tile.slice<dim = 1, parent = #b8>> -> tensor<64x1xi32, #b8>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #tile.slice<dim = 0, parent = #b8>> -> tensor<1x64xi32, #b8>
  %cb = tile.broadcast %c2 : tensor<1x64xi32, #b8> -> tensor<64x64xi32, #b8>
  %xs = tile.splat %x : tensor<64x64x!tile.ptr<f16>, #b8>
  %st = tile.splat %stride : tensor<64x1xi32, #b8>
  %ro = arith.muli %r2, %st : tensor<64x1xi32, #b8>
  %rb = tile.broadcast %ro : tensor<64x1xi32, #b8> -> tensor<64x64xi32, #b8>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32, #b8>
  %xp = tile.addptr %xs, %offs : tensor<64x64x!tile.ptr<f16>, #b8>, tensor<64x64xi32, #b8>
  // expected-remark @below {{access vector width = 8}}
  %v = tile.load %xp : tensor<64x64x!tile.ptr<f16>, #b8>
  %sto = tile.splat %odd : tensor<64x1xi32, #b8>
  %roo = arith.muli %r2, %sto : tensor<64x1xi32, #b8>
  %rbo = tile.broadcast %roo : tensor<64x1xi32, #b8> -> tensor<64x64xi32, #b8>
  %offso = arith.addi %rbo, %cb : tensor<64x64xi32, #b8>
  %xpo = tile.addptr %xs, %offso : tensor<64x64x!tile.ptr<f16>, #b8>, tensor<64x64xi32, #b8>
  // expected-remark @below {{access vector width = 1}}
  tile.store %xpo, %v : tensor<64x64x!tile.ptr<f16>, #b8>
  return
}
