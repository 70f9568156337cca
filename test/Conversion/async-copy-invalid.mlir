// RUN: tile-opt %s -split-input-file -tile-to-llvm -verify-diagnostics=only-expected
// tile.async_copy whose threads would copy fewer than 4 bytes at a time
// (cp.async moves 4, 8 or 16) is rejected with a located error. (The
// conversion adds its own "failed to legalize" after it, as for every error
// a lowering pattern reports; only-expected leaves that one out of the
// check.)

// One f16 per thread and row (2 bytes): cp.async has no such width.
#single = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4096 : i64} {
func.func @two_bytes(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}) {
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #single>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #single>> -> tensor<1x32xi32, #single>
  %kb = tile.broadcast %k : tensor<1x32xi32, #single> -> tensor<64x32xi32, #single>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #single>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #single>, tensor<64x32xi32, #single>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  // expected-error @+1 {{'tile.async_copy' op copies 2 bytes a thread; cp.async needs 4, 8 or 16}}
  %t = tile.async_copy %ap, %s : tensor<64x32x!tile.ptr<f16>, #single> -> !tile.memdesc<64x32xf16, #shared>
  return
}
}
