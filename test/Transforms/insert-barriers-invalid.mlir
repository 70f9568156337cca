// RUN: tile-opt %s -split-input-file -tile-insert-barriers -verify-diagnostics
// tile-insert-barriers needs the offsets of tile-allocate-shared: a shared
// memory access whose buffer or scratch has none is an error (also inside a
// loop, whose body the pass walks more than once), never a guess.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @unallocated_alloc(%x: tensor<64x32xf16, #blocked>) {
  // expected-error @+1 {{'tile.local_alloc' op accesses shared memory that tile-allocate-shared has not placed}}
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @unallocated_load(%x: tensor<64x32xf16, #blocked>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.local_alloc -> !tile.memdesc<64x32xf16, #shared>
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'tile.local_load' op accesses shared memory that tile-allocate-shared has not placed}}
    %l = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  }
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @unallocated_store(%x: tensor<64x32xf16, #blocked>, %i: i32) {
  %a = tile.local_alloc -> !tile.memdesc<2x64x32xf16, #shared>
  %v = tile.memdesc_subview %a[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  // expected-error @+1 {{'tile.local_store' op accesses shared memory that tile-allocate-shared has not placed}}
  tile.local_store %x, %v : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
func.func @unallocated_scratch(%y: tensor<32x32xf32, #rows>) -> tensor<32x32xf32, #cols> {
  // expected-error @+1 {{'tile.convert_layout' op accesses shared memory that tile-allocate-shared has not placed}}
  %c = tile.convert_layout %y : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
  return %c : tensor<32x32xf32, #cols>
}
