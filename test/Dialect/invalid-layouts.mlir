// RUN: tile-opt %s -split-input-file -verify-diagnostics
// Verifier errors of the tensor-core and shared-memory layouts (TileAttrs.cpp),
// of !tile.memdesc (TileTypes.cpp), and of the ops that use them: tile.dot
// with mma/dot_operand layouts, local_alloc/local_store/local_load and
// memdesc_subview, async_copy and async_wait, warpgroup_dot and
// warpgroup_dot_wait (TileOps.cpp). One case per message.

//===----------------------------------------------------------------------===//
// #tile.slice with the new parents
//===----------------------------------------------------------------------===//

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{slice parent must be a blocked, slice, mma, wgmma or linear layout}}
func.func @slice_of_dot_operand(%x: tensor<16xf16, #tile.slice<dim = 1, parent = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>>) {
  return
}

// -----

// expected-error @+1 {{slice parent must be a blocked, slice, mma, wgmma or linear layout}}
func.func @slice_of_shared(%x: tensor<16xf16, #tile.slice<dim = 1, parent = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>>) {
  return
}

// -----

// expected-error @+1 {{slice dimension 2 is out of range for a parent of rank 2}}
func.func @slice_dim_mma(%x: tensor<16xf32, #tile.slice<dim = 2, parent = #tile.mma<warpsPerCTA = [2, 2]>>>) {
  return
}

// -----

// expected-error @+1 {{slice layout of rank 1 on a tensor of rank 2}}
func.func @slice_rank_mma(%x: tensor<16x16xf32, #tile.slice<dim = 0, parent = #tile.mma<warpsPerCTA = [2, 2]>>>) {
  return
}

//===----------------------------------------------------------------------===//
// #tile.mma
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{warpsPerCTA must have 2 entries, got 3}}
func.func @mma_warps_rank(%x: tensor<32x32xf32, #tile.mma<warpsPerCTA = [2, 2, 1]>>) {
  return
}

// -----

// expected-error @+1 {{warpsPerCTA entries must be powers of two}}
func.func @mma_warps_pow2(%x: tensor<32x32xf32, #tile.mma<warpsPerCTA = [3, 1]>>) {
  return
}

// -----

// expected-error @+1 {{warpsPerCTA entries must be powers of two}}
func.func @mma_warps_zero(%x: tensor<32x32xf32, #tile.mma<warpsPerCTA = [0, 4]>>) {
  return
}

// -----

// expected-error @+1 {{mma layout of rank 2 on a tensor of rank 1}}
func.func @mma_rank(%x: tensor<32xf32, #tile.mma<warpsPerCTA = [2, 2]>>) {
  return
}

//===----------------------------------------------------------------------===//
// #tile.wgmma
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{warpsPerCTA must have 2 entries, got 1}}
func.func @wgmma_warps_rank(%x: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4], instrN = 64>>) {
  return
}

// -----

// expected-error @+1 {{wgmma needs whole warpgroups along M: warpsPerCTA[0] must be a multiple of 4, got 2}}
func.func @wgmma_warpgroups(%x: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [2, 2], instrN = 64>>) {
  return
}

// -----

// expected-error @+1 {{instrN must be a power of two from 8 to 256, got 512}}
func.func @wgmma_instr_n_large(%x: tensor<64x512xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrN = 512>>) {
  return
}

// -----

// expected-error @+1 {{instrN must be a power of two from 8 to 256, got 24}}
func.func @wgmma_instr_n_pow2(%x: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrN = 24>>) {
  return
}

// -----

// expected-error @+1 {{instrN must be a power of two from 8 to 256, got 4}}
func.func @wgmma_instr_n_small(%x: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrN = 4>>) {
  return
}

// -----

// expected-error @+1 {{a transposed wgmma layout puts all warps along N: warpsPerCTA[1] must be 1, got 2}}
func.func @wgmma_transposed_warps(%x: tensor<64x128xf32, #tile.wgmma<warpsPerCTA = [4, 2], instrN = 64, transposed = true>>) {
  return
}

// -----

// Transposed: M is the instruction's width, N whole 64-row tiles.
// expected-error @+1 {{a transposed wgmma layout with instrN = 64 on 4 warps takes shape [64, 2^k * 64], got [128, 64]}}
func.func @wgmma_transposed_m(%x: tensor<128x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>>) {
  return
}

// -----

// expected-error @+1 {{a transposed wgmma layout with instrN = 64 on 8 warps takes shape [64, 2^k * 128], got [64, 64]}}
func.func @wgmma_transposed_n(%x: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64, transposed = true>>) {
  return
}

// -----

// expected-error @+1 {{wgmma layout of rank 2 on a tensor of rank 3}}
func.func @wgmma_rank(%x: tensor<2x64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>>) {
  return
}

//===----------------------------------------------------------------------===//
// #tile.dot_operand
//===----------------------------------------------------------------------===//

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{opIdx must be 0 (a) or 1 (b), got 2}}
func.func @dot_operand_idx(%x: tensor<64x32xf16, #tile.dot_operand<opIdx = 2, parent = #mma, kWidth = 2>>) {
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// expected-error @+1 {{dot operand parent must be an mma or a wgmma layout}}
func.func @dot_operand_blocked_parent(%x: tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #blocked, kWidth = 2>>) {
  return
}

// -----

// Only A (16-bit, kWidth 2) is a register operand of an untransposed product.
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// expected-error @+1 {{a dot operand of a wgmma layout must be operand 1 (kWidth 1) of a transposed one or operand 0 (kWidth 2) of an untransposed one}}
func.func @dot_operand_wgmma_parent_b(%x: tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #wgmma, kWidth = 2>>) {
  return
}

// -----

#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// expected-error @+1 {{a dot operand of a wgmma layout must be operand 1 (kWidth 1) of a transposed one or operand 0 (kWidth 2) of an untransposed one}}
func.func @dot_operand_wgmma_parent_tf32(%x: tensor<64x32xf32, #tile.dot_operand<opIdx = 0, parent = #wgmma, kWidth = 1>>) {
  return
}

// -----

// Only B is a register operand of a transposed product.
#wgmmaT = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>
// expected-error @+1 {{a dot operand of a wgmma layout must be operand 1 (kWidth 1) of a transposed one or operand 0 (kWidth 2) of an untransposed one}}
func.func @dot_operand_wgmma_transposed_a(%x: tensor<64x32xf32, #tile.dot_operand<opIdx = 0, parent = #wgmmaT, kWidth = 1>>) {
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{kWidth must be 1 (tf32) or 2 (fp16/bf16), got 4}}
func.func @dot_operand_kwidth(%x: tensor<64x32xi8, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 4>>) {
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{dot operand layout of rank 2 on a tensor of rank 1}}
func.func @dot_operand_rank(%x: tensor<64xf16, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>) {
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{a dot operand of kWidth 2 holds 16-bit elements, got 'f32'}}
func.func @dot_operand_element(%x: tensor<64x32xf32, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>) {
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{a dot operand of kWidth 1 holds 32-bit elements, got 'bf16'}}
func.func @dot_operand_element_tf32(%x: tensor<32x64xbf16, #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 1>>) {
  return
}

//===----------------------------------------------------------------------===//
// #tile.swizzled_shared and #tile.nvmma_shared
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{vec, perPhase and maxPhase must be powers of two}}
func.func @swizzled_vec(%m: !tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 6, perPhase = 2, maxPhase = 4, order = [1, 0]>>) {
  return
}

// -----

// expected-error @+1 {{vec, perPhase and maxPhase must be powers of two}}
func.func @swizzled_per_phase(%m: !tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 0, maxPhase = 4, order = [1, 0]>>) {
  return
}

// -----

// expected-error @+1 {{vec, perPhase and maxPhase must be powers of two}}
func.func @swizzled_max_phase(%m: !tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 5, order = [1, 0]>>) {
  return
}

// -----

// expected-error @+1 {{order must be a permutation of the dims}}
func.func @swizzled_order(%m: !tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 1]>>) {
  return
}

// -----

// expected-error @+1 {{order must be a permutation of the dims}}
func.func @swizzled_order_gap(%m: !tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [0, 2]>>) {
  return
}

// -----

// expected-error @+1 {{shared layout of rank 3 on a memdesc of rank 2}}
func.func @swizzled_order_rank(%m: !tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [2, 1, 0]>>) {
  return
}

// -----

// expected-error @+1 {{swizzle must be 0, 32, 64 or 128 bytes, got 16}}
func.func @nvmma_swizzle(%m: !tile.memdesc<64x64xf16, #tile.nvmma_shared<swizzle = 16, elementBits = 16, transposed = false>>) {
  return
}

// -----

// expected-error @+1 {{elementBits must be 8, 16 or 32, got 64}}
func.func @nvmma_element_bits(%m: !tile.memdesc<64x64xf64, #tile.nvmma_shared<swizzle = 128, elementBits = 64, transposed = false>>) {
  return
}

//===----------------------------------------------------------------------===//
// !tile.memdesc
//===----------------------------------------------------------------------===//

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// expected-error @+1 {{memdesc needs at least one dimension}}
func.func @memdesc_rank0(%m: !tile.memdesc<f16, #shared>) {
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// expected-error @+1 {{memdesc dimensions must be positive, and powers of two where the layout describes them, got 48}}
func.func @memdesc_pow2(%m: !tile.memdesc<64x48xf16, #shared>) {
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// expected-error @+1 {{memdesc dimensions must be positive, and powers of two where the layout describes them, got 0}}
func.func @memdesc_zero(%m: !tile.memdesc<0x32xf16, #shared>) {
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// expected-error @+1 {{memdesc elements must be integers or floats, got '!tile.ptr<f16>'}}
func.func @memdesc_element(%m: !tile.memdesc<64x32x!tile.ptr<f16>, #shared>) {
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// expected-error @+1 {{memdesc encoding must be a shared layout, got #tile.blocked<}}
func.func @memdesc_encoding(%m: !tile.memdesc<64x32xf16, #blocked>) {
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{memdesc encoding must be a shared layout, got #tile.mma<warpsPerCTA = [2, 2]>}}
func.func @memdesc_encoding_mma(%m: !tile.memdesc<64x32xf16, #mma>) {
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// expected-error @+1 {{shared layout of rank 2 on a memdesc of rank 1}}
func.func @memdesc_rank(%m: !tile.memdesc<64xf16, #shared>) {
  return
}

//===----------------------------------------------------------------------===//
// tile.dot with tensor-core layouts
//===----------------------------------------------------------------------===//

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
func.func @dot_operand_without_mma(%a: tensor<64x32xf16, #dotA>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{factors in dot operand layouts need an mma accumulator}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #blocked> -> tensor<64x64xf32, #blocked>
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
func.func @dot_operand_unencoded_acc(%a: tensor<64x32xf16>, %b: tensor<32x64xf16, #dotB>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{factors in dot operand layouts need an mma accumulator}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
func.func @mma_factor_blocked(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #dotB>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{with an mma accumulator, factor 0 must have layout #tile.dot_operand<opIdx = 0, parent = #tile.mma<warpsPerCTA = [2, 2]>, ...>}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #blocked>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
func.func @mma_factor_swapped(%a: tensor<64x32xf16, #dotA>, %b: tensor<32x64xf16, #dotA>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{with an mma accumulator, factor 1 must have layout #tile.dot_operand<opIdx = 1, parent = #tile.mma<warpsPerCTA = [2, 2]>, ...>}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotA> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
#other = #tile.mma<warpsPerCTA = [4, 1]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #other, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
func.func @mma_factor_other_parent(%a: tensor<64x32xf16, #dotA>, %b: tensor<32x64xf16, #dotB>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{with an mma accumulator, factor 0 must have layout #tile.dot_operand<opIdx = 0, parent = #tile.mma<warpsPerCTA = [2, 2]>, ...>}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
func.func @mma_factor_unencoded(%a: tensor<64x32xf16, #dotA>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{with an mma accumulator, factor 1 must have layout #tile.dot_operand<opIdx = 1, parent = #tile.mma<warpsPerCTA = [2, 2]>, ...>}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #dotA>, tensor<32x64xf16> -> tensor<64x64xf32, #mma>
  return
}

//===----------------------------------------------------------------------===//
// Shared-memory ops
//===----------------------------------------------------------------------===//

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_alloc_shape(%x: tensor<64x64xf16, #blocked>) {
  // expected-error @+1 {{tensor 'tensor<64x64xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' and buffer '!tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>>' must have the same shape and element type}}
  %m = tile.local_alloc %x : tensor<64x64xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_alloc_element(%x: tensor<64x32xbf16, #blocked>) {
  // expected-error @+1 {{must have the same shape and element type}}
  %m = tile.local_alloc %x : tensor<64x32xbf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_store_shape(%x: tensor<32x64xf16, #blocked>, %m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{tensor 'tensor<32x64xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' and buffer '!tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>>' must have the same shape and element type}}
  tile.local_store %x, %m : tensor<32x64xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_load_shape(%m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{tensor 'tensor<64x16xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' and buffer '!tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>>' must have the same shape and element type}}
  %x = tile.local_load %m : !tile.memdesc<64x32xf16, #shared> -> tensor<64x16xf16, #blocked>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_load_element(%m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{must have the same shape and element type}}
  %x = tile.local_load %m : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf32, #blocked>
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_alloc_shared_tensor(%x: tensor<64x32xf16, #shared>) {
  // expected-error @+1 {{the tensor must have a register layout}}
  %m = tile.local_alloc %x : tensor<64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_store_shared_tensor(%x: tensor<64x32xf16, #shared>, %m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{the tensor must have a register layout}}
  tile.local_store %x, %m : tensor<64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @local_load_shared_tensor(%m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{the tensor must have a register layout}}
  %x = tile.local_load %m : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #shared>
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @subview_shape(%m: !tile.memdesc<4x64x32xf16, #shared>, %i: i32) {
  // expected-error @+1 {{the result must be one buffer of the source's leading dimension (same element type and layout)}}
  %v = tile.memdesc_subview %m[%i] : !tile.memdesc<4x64x32xf16, #shared> -> !tile.memdesc<64x64xf16, #shared>
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @subview_element(%m: !tile.memdesc<4x64x32xf16, #shared>, %i: i32) {
  // expected-error @+1 {{the result must be one buffer of the source's leading dimension (same element type and layout)}}
  %v = tile.memdesc_subview %m[%i] : !tile.memdesc<4x64x32xf16, #shared> -> !tile.memdesc<64x32xbf16, #shared>
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#other = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
func.func @subview_layout(%m: !tile.memdesc<4x64x32xf16, #shared>, %i: i32) {
  // expected-error @+1 {{the result must be one buffer of the source's leading dimension (same element type and layout)}}
  %v = tile.memdesc_subview %m[%i] : !tile.memdesc<4x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #other>
  return
}

// -----

#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @subview_same_rank(%m: !tile.memdesc<64x32xf16, #shared>, %i: i32) {
  // expected-error @+1 {{the result must be one buffer of the source's leading dimension (same element type and layout)}}
  %v = tile.memdesc_subview %m[%i] : !tile.memdesc<64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  return
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @async_copy_shape(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{'tile.async_copy' op pointers to 'f16' of shape 'tensor<64x64x!tile.ptr<f16>, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' cannot fill buffer '!tile.memdesc<64x32xf16, #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>>'}}
  %t = tile.async_copy %p, %m : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @async_copy_element(%p: tensor<64x32x!tile.ptr<bf16>, #blocked>, %m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{'tile.async_copy' op pointers to 'bf16' of shape 'tensor<64x32x!tile.ptr<bf16>, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' cannot fill buffer '!tile.memdesc<64x32xf16,}}
  %t = tile.async_copy %p, %m : tensor<64x32x!tile.ptr<bf16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

// A copy fills one buffer of a stack (a subview), not the whole stack.
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @async_copy_stack(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: !tile.memdesc<2x64x32xf16, #shared>) {
  // expected-error @+1 {{cannot fill buffer '!tile.memdesc<2x64x32xf16,}}
  %t = tile.async_copy %p, %m : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<2x64x32xf16, #shared>
  return
}

// -----

// The mask's type follows from the pointers' in the custom form; the
// generic form can disagree.
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @async_copy_mask(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %k: tensor<64x16xi1, #blocked>, %m: !tile.memdesc<64x32xf16, #shared>) {
  // expected-error @+1 {{'tile.async_copy' op failed to verify that mask has the shape of the pointers}}
  %t = "tile.async_copy"(%p, %m, %k) : (tensor<64x32x!tile.ptr<f16>, #blocked>, !tile.memdesc<64x32xf16, #shared>, tensor<64x16xi1, #blocked>) -> !tile.async_token
  return
}

// -----

func.func @async_wait_negative() {
  // expected-error @+1 {{attribute 'num' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  %w = tile.async_wait {num = -1 : i32}
  return
}

//===----------------------------------------------------------------------===//
// tile.warpgroup_dot and tile.warpgroup_dot_wait
//===----------------------------------------------------------------------===//

// -----

// A stack of buffers is not a factor (a subview of it is).
#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_rank(%a: !tile.memdesc<2x64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op operands must be 2-D}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<2x64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_mixed_elements(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xbf16, #nvmmaB>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op factors must both be f16, both bf16, both f32 (tf32) or both the same fp8 type}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xbf16, #nvmmaB> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

// fp32 factors (tf32) must both be K-major: here B runs along N.
#nvmma = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_f32_factors(%a: !tile.memdesc<64x32xf32, #nvmma>, %b: !tile.memdesc<32x64xf32, #nvmma>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op f32 (tf32) and fp8 factors must be K-major: A with K contiguous (transposed = false), B with K contiguous (transposed = true)}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf32, #nvmma>, !tile.memdesc<32x64xf32, #nvmma> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_f16_acc(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x64xf16, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op the accumulator must be f32}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x64xf16, #wgmma>
  return
}

// -----

// K differs: A is 64x32, B 16x64.
#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_inner(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<16x64xf16, #nvmmaB>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op shapes do not multiply: '!tile.memdesc<64x32xf16, #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>>' times '!tile.memdesc<16x64xf16, #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>>' into 'tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>>'}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<16x64xf16, #nvmmaB> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

// The accumulator has A's rows and B's columns: 64x64, not 128x64 (here)
// or 64x32 (next).
#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_acc_shape(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<128x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op shapes do not multiply:}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<128x64xf32, #wgmma>
  return
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma32 = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 32>
func.func @wgdot_acc_columns(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x32xf32, #wgmma32>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op shapes do not multiply:}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x32xf32, #wgmma32>
  return
}

// -----

// A transposed product (D^T = B^T A^T) takes B in registers.
#nvmma = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = true>
#wgmmaT = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>
func.func @wgdot_transposed_b_buffer(%a: !tile.memdesc<64x32xf32, #nvmma>, %b: !tile.memdesc<32x64xf32, #nvmmaB>, %c: tensor<64x64xf32, #wgmmaT>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op with a transposed accumulator layout, b must be a register tensor in #tile.dot_operand<opIdx = 1> of that layout}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf32, #nvmma>, !tile.memdesc<32x64xf32, #nvmmaB> -> tensor<64x64xf32, #wgmmaT>
  return
}

// -----

// B's registers belong to another product's layout (instrN 128, not 64).
#nvmma = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
#wgmmaT = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>
#wgmmaT2 = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128, transposed = true>
func.func @wgdot_transposed_b_parent(%a: !tile.memdesc<64x32xf32, #nvmma>, %b: tensor<32x64xf32, #tile.dot_operand<opIdx = 1, parent = #wgmmaT2, kWidth = 1>>, %c: tensor<64x64xf32, #wgmmaT>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op with a transposed accumulator layout, b must be a register tensor in #tile.dot_operand<opIdx = 1> of that layout}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf32, #nvmma>, tensor<32x64xf32, #tile.dot_operand<opIdx = 1, parent = #wgmmaT2, kWidth = 1>> -> tensor<64x64xf32, #wgmmaT>
  return
}

// -----

// A transposed product reads A as wgmma's K-major B operand.
#nvmmaT = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = true>
#wgmmaT = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>
#dotB = #tile.dot_operand<opIdx = 1, parent = #wgmmaT, kWidth = 1>
func.func @wgdot_transposed_a_mn_major(%a: !tile.memdesc<64x32xf32, #nvmmaT>, %b: tensor<32x64xf32, #dotB>, %c: tensor<64x64xf32, #wgmmaT>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op a must be in a K-major #tile.nvmma_shared buffer (transposed = false)}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf32, #nvmmaT>, tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #wgmmaT>
  return
}

// -----

// Registers for B need a transposed accumulator.
#nvmma = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @wgdot_registers_untransposed(%a: !tile.memdesc<64x32xf32, #nvmma>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op factors must be in #tile.nvmma_shared buffers}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf32, #nvmma>, tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

// A factor in the ldmatrix buffers of mma.sync.
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_swizzled_a(%a: !tile.memdesc<64x32xf16, #shared>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op factors must be in #tile.nvmma_shared buffers}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #shared>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_swizzled_b(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #shared>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op factors must be in #tile.nvmma_shared buffers}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #shared> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
func.func @wgdot_mma_acc(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op the accumulator must have a #tile.wgmma layout}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x64xf32, #mma>
  return
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
func.func @wgdot_unencoded_acc(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op the accumulator must have a #tile.wgmma layout}}
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x64xf32>
  return
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_pendings(%a: !tile.memdesc<64x32xf16, #nvmma>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  %d = tile.warpgroup_dot %a, %b, %c {pendings = -1 : i32} : !tile.memdesc<64x32xf16, #nvmma>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @wgdot_wait_pendings(%c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  %d = tile.warpgroup_dot_wait %c {pendings = -1 : i32} : tensor<64x64xf32, #wgmma>
  return
}

// -----

// A register A (#tile.dot_operand<opIdx = 0>) must belong to the
// accumulator's own (untransposed) layout: here another instrN.
#nvmmaB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#other = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 32>
#fragA = #tile.dot_operand<opIdx = 0, parent = #other, kWidth = 2>
func.func @wgdot_register_a_parent(%a: tensor<64x32xf16, #fragA>, %b: !tile.memdesc<32x64xf16, #nvmmaB>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op a register tensor a must be in #tile.dot_operand<opIdx = 0> of the (untransposed) accumulator layout}}
  %d = tile.warpgroup_dot %a, %b, %c : tensor<64x32xf16, #fragA>, !tile.memdesc<32x64xf16, #nvmmaB> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

// With A in registers, B comes from shared memory.
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#fragA = #tile.dot_operand<opIdx = 0, parent = #wgmma, kWidth = 2>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @wgdot_register_a_b(%a: tensor<64x32xf16, #fragA>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{'tile.warpgroup_dot' op with a register tensor a, b must be in a #tile.nvmma_shared buffer}}
  %d = tile.warpgroup_dot %a, %b, %c : tensor<64x32xf16, #fragA>, tensor<32x64xf16, #blocked> -> tensor<64x64xf32, #wgmma>
  return
}

// -----

// tile.memdesc_trans swaps the dimensions and flips `transposed`.
#s = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#t = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
func.func @memdesc_trans_shape(%x: !tile.memdesc<64x32xf16, #s>) {
  // expected-error @+1 {{'tile.memdesc_trans' op the result must be the 2-d source with its dimensions swapped, got '!tile.memdesc<64x32xf16, #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>>' -> '!tile.memdesc<64x32xf16, #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>>'}}
  %y = tile.memdesc_trans %x : !tile.memdesc<64x32xf16, #s> -> !tile.memdesc<64x32xf16, #t>
  return
}

// -----

#s = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
func.func @memdesc_trans_flag(%x: !tile.memdesc<64x64xf16, #s>) {
  // expected-error @+1 {{'tile.memdesc_trans' op transposes a #tile.nvmma_shared buffer: the result's layout is the source's with `transposed` flipped}}
  %y = tile.memdesc_trans %x : !tile.memdesc<64x64xf16, #s> -> !tile.memdesc<64x64xf16, #s>
  return
}

// -----

#s = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#t = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = true>
func.func @memdesc_trans_swizzle(%x: !tile.memdesc<64x64xf16, #s>) {
  // expected-error @+1 {{'tile.memdesc_trans' op transposes a #tile.nvmma_shared buffer}}
  %y = tile.memdesc_trans %x : !tile.memdesc<64x64xf16, #s> -> !tile.memdesc<64x64xf16, #t>
  return
}

