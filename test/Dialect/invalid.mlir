// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @range_not_pow2() {
  // expected-error @+1 {{range size must be a power of two, got 1000}}
  %r = tile.make_range 0, 1000 : tensor<1000xi32>
  return
}

// -----

func.func @range_shape_mismatch() {
  // expected-error @+1 {{result must be a rank-1 tensor of 64 elements}}
  %r = tile.make_range 0, 64 : tensor<32xi32>
  return
}

// -----

func.func @range_empty() {
  // expected-error @+1 {{needs 0 <= start < end, got [8, 8)}}
  %r = tile.make_range 8, 8 : tensor<1xi32>
  return
}

// -----

func.func @program_id_axis() {
  // expected-error @+1 {{attribute 'axis' failed to satisfy constraint}}
  %p = tile.program_id 3 : i32
  return
}

// -----

func.func @expand_bad_shape(%r: tensor<8xi32>) {
  // expected-error @+1 {{result shape must be the operand's with a 1 inserted at axis 0}}
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  return
}

// -----

func.func @expand_bad_axis(%r: tensor<8xi32>) {
  // expected-error @+1 {{axis 2 is out of range for rank 1}}
  %e = tile.expand_dims %r {axis = 2 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  return
}

// -----

#b2 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b1 = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @expand_bad_layout(%r: tensor<8xi32, #b1>) {
  // expected-error @+1 {{operand layout must be the slice of the result layout along axis 1}}
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<8xi32, #b1> -> tensor<8x1xi32, #b2>
  return
}

// -----

func.func @broadcast_bad(%r: tensor<8x2xi32>) {
  // expected-error @+1 {{can only broadcast dimensions of size 1}}
  %e = tile.broadcast %r : tensor<8x2xi32> -> tensor<8x4xi32>
  return
}

// -----

func.func @broadcast_rank(%r: tensor<8xi32>) {
  // expected-error @+1 {{operand and result must have the same rank}}
  %e = tile.broadcast %r : tensor<8xi32> -> tensor<8x4xi32>
  return
}

// -----

func.func @convert_shape(%r: tensor<8xi32>) {
  // expected-error @+1 {{operand and result must differ in layout only}}
  %e = tile.convert_layout %r : tensor<8xi32> -> tensor<16xi32>
  return
}

// -----

func.func @addptr_mixed(%p: !tile.ptr<f32>, %o: tensor<8xi32>) {
  // expected-error @+1 {{pointer and offset must both be blocks or both be scalars}}
  %e = tile.addptr %p, %o : !tile.ptr<f32>, tensor<8xi32>
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<8x!tile.ptr<f32>>, %o: tensor<8xf32>) {
  // expected-error @+1 {{'other' needs a 'mask'}}
  %v = "tile.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>}> : (tensor<8x!tile.ptr<f32>>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @load_cache_and_evict(%p: tensor<8x!tile.ptr<f32>>) {
  // expected-error @+1 {{cannot have both a cache modifier and an eviction policy}}
  %v = tile.load %p cache = cg evict = evict_first : tensor<8x!tile.ptr<f32>>
  return
}

// -----

func.func @load_store_cache_modifier(%p: tensor<8x!tile.ptr<f32>>) {
  // expected-error @+1 {{cache modifier 'wt' applies to stores, not loads}}
  %v = tile.load %p cache = wt : tensor<8x!tile.ptr<f32>>
  return
}

// -----

func.func @store_load_cache_modifier(%p: tensor<8x!tile.ptr<f32>>, %v: tensor<8xf32>) {
  // expected-error @+1 {{cache modifier 'lu' applies to loads, not stores}}
  tile.store %p, %v cache = lu : tensor<8x!tile.ptr<f32>>
  return
}

// -----

func.func @store_cache_and_evict(%p: tensor<8x!tile.ptr<f32>>, %v: tensor<8xf32>) {
  // expected-error @+1 {{cannot have both a cache modifier and an eviction policy}}
  tile.store %p, %v cache = cs evict = evict_last : tensor<8x!tile.ptr<f32>>
  return
}

// -----

func.func @load_bad_result(%p: tensor<8x!tile.ptr<f32>>) {
  // expected-error @+1 {{result holds what the pointers point to}}
  %v = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>}> : (tensor<8x!tile.ptr<f32>>) -> tensor<8xi32>
  return
}

// -----

func.func @reduce_axis(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %r = tile.reduce sum %x {axis = 2 : i32} : tensor<8x4xf32> -> tensor<8xf32>
  return
}

// -----

func.func @reduce_shape(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{result must be the operand without dimension 1}}
  %r = tile.reduce sum %x {axis = 1 : i32} : tensor<8x4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_rank1(%x: tensor<8xf32>) {
  // expected-error @+1 {{reducing a rank-1 block must give a scalar of its element type}}
  %r = tile.reduce sum %x {axis = 0 : i32} : tensor<8xf32> -> i32
  return
}

// -----

// expected-error @+1 {{threadsPerWarp must multiply to 32, got 16}}
func.func @bad_blocked(%x: tensor<8xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout of rank 1 on a tensor of rank 2}}
func.func @blocked_rank(%x: tensor<8x8xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) {
  return
}

// -----

// expected-error @+1 {{pointee must be an integer or float type, got 'index'}}
func.func @bad_ptr(%x: !tile.ptr<index>) {
  return
}

// -----

func.func @addptr_shape(%p: tensor<8x!tile.ptr<f32>>, %o: tensor<16xi32>) {
  // expected-error @+1 {{pointer and offset must have the same shape}}
  %e = tile.addptr %p, %o : tensor<8x!tile.ptr<f32>>, tensor<16xi32>
  return
}

// -----

func.func @prefetch_block(%p: tensor<8x!tile.ptr<f32>>, %n: i32) {
  // expected-error @+1 {{operand #0 must be}}
  "tile.prefetch"(%p, %n) : (tensor<8x!tile.ptr<f32>>, i32) -> ()
  return
}

// -----

func.func @dot_inner(%a: tensor<32x16xf16>, %b: tensor<32x64xf16>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{'a' is 32x16 and 'b' 32x64: the inner dimensions differ}}
  %d = tile.dot %a, %b, %c : tensor<32x16xf16>, tensor<32x64xf16> -> tensor<32x64xf32>
  return
}

// -----

func.func @dot_types(%a: tensor<32x16xf16>, %b: tensor<16x64xbf16>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{'a' and 'b' must have the same element type, got 'f16' and 'bf16'}}
  %d = tile.dot %a, %b, %c : tensor<32x16xf16>, tensor<16x64xbf16> -> tensor<32x64xf32>
  return
}

// -----

func.func @dot_int(%a: tensor<32x16xi32>, %b: tensor<16x64xi32>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{operands must be f16, bf16, f32 or fp8 (f8E4M3FN, f8E5M2), got 'i32'}}
  %d = tile.dot %a, %b, %c : tensor<32x16xi32>, tensor<16x64xi32> -> tensor<32x64xf32>
  return
}

// -----

func.func @dot_acc_type(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf16>) {
  // expected-error @+1 {{the accumulator must be f32, got 'f16'}}
  %d = tile.dot %a, %b, %c : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf16>
  return
}

// -----

func.func @dot_acc_shape(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{the accumulator must be 32x64}}
  %d = tile.dot %a, %b, %c : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<64x64xf32>
  return
}

// -----

func.func @dot_rank(%a: tensor<16xf16>, %b: tensor<16x64xf16>, %c: tensor<16x64xf32>) {
  // expected-error @+1 {{operands must be 2-D blocks}}
  %d = tile.dot %a, %b, %c : tensor<16xf16>, tensor<16x64xf16> -> tensor<16x64xf32>
  return
}

// -----

func.func @atomic_bitwise_float(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'and' does not apply to 'f32' (floats take add, max, min and xchg)}}
  %a = tile.atomic_rmw and, %p, %v sem = acq_rel scope = gpu : !tile.ptr<f32>
  return
}

// -----

func.func @atomic_half_max(%p: !tile.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'max' does not apply to 'f16' (16-bit floats take add only)}}
  %a = tile.atomic_rmw max, %p, %v sem = acq_rel scope = gpu : !tile.ptr<f16>
  return
}

// -----

func.func @atomic_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{integer atomics take 32- or 64-bit elements, got 'i8'}}
  %a = tile.atomic_rmw add, %p, %v sem = acq_rel scope = gpu : !tile.ptr<i8>
  return
}

// -----

func.func @atomic_cas_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{compare-and-swap takes 16-, 32- or 64-bit elements, got 'i8'}}
  %a = tile.atomic_cas %p, %v, %v sem = acq_rel scope = gpu : !tile.ptr<i8>
  return
}

// -----

func.func @extern_pointer(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{operands must be numbers, got '!tile.ptr<f32>'}}
  %y = tile.extern_elementwise "__nv_f"(%p) : (!tile.ptr<f32>) -> f32
  return
}

// -----

func.func @extern_shapes(%x: tensor<16xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %y = tile.extern_elementwise "__nv_f"(%x) : (tensor<16xf32>) -> tensor<32xf32>
  return
}

// -----

func.func @trans_not_permutation(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{order must be a permutation of 0..1}}
  %y = tile.trans %x, [0, 0] : tensor<16x32xf32> -> tensor<16x32xf32>
  return
}

// -----

func.func @trans_shape(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{result dimension 0 is 16 but operand dimension 1 is 32}}
  %y = tile.trans %x, [1, 0] : tensor<16x32xf32> -> tensor<16x32xf32>
  return
}

// -----

func.func @scan_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{axis 1 is out of range for rank 1}}
  %y = tile.scan sum %x {axis = 1 : i32} : tensor<16xf32>
  return
}

// -----

func.func @scan_bool(%x: tensor<16xi1>) {
  // expected-error @+1 {{scans numbers, got 'i1'}}
  %y = tile.scan sum %x {axis = 0 : i32} : tensor<16xi1>
  return
}

// -----

func.func @reshape_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{reshapes 16 elements into 32}}
  %y = tile.reshape %x : tensor<16xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @split_last(%x: tensor<16x4xf32>) {
  // expected-error @+1 {{the last dimension must be 2}}
  %a, %b = tile.split %x : tensor<16x4xf32> -> tensor<16xf32>
  return
}

// -----

func.func @join_shape(%x: tensor<16xf32>) {
  // expected-error @+1 {{result must be the operands' shape with a last dimension of 2}}
  %y = tile.join %x, %x : tensor<16xf32> -> tensor<16x4xf32>
  return
}

// -----

func.func @print_shapes(%x: tensor<16xf32>, %y: tensor<32xf32>) {
  // expected-error @+1 {{block operands must have one shape}}
  tile.print "x" %x, %y : tensor<16xf32>, tensor<32xf32>
  return
}

// -----

func.func @print_pointer(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{prints numbers}}
  tile.print "p" %p : !tile.ptr<f32>
  return
}

// -----

func.func @print_unsigned_args(%x: tensor<16xi32>) {
  // expected-error @+1 {{unsigned_args needs one entry per operand, got 2 for 1}}
  tile.print "x" %x : tensor<16xi32> {unsigned_args = array<i1: true, false>}
  return
}

// -----

func.func @gather_rank(%x: tensor<16x4xf32>, %i: tensor<16xi32>) {
  // expected-error @+1 {{index has rank 1 but the source has rank 2}}
  %y = tile.gather %x[%i] {axis = 0 : i32} : tensor<16x4xf32>, tensor<16xi32> -> tensor<16xf32>
  return
}

// -----

func.func @gather_axis(%x: tensor<16xf32>, %i: tensor<16xi32>) {
  // expected-error @+1 {{axis 1 is out of range for rank 1}}
  %y = tile.gather %x[%i] {axis = 1 : i32} : tensor<16xf32>, tensor<16xi32> -> tensor<16xf32>
  return
}

// -----

func.func @gather_other_dims(%x: tensor<16x4xf32>, %i: tensor<8x4xi32>) {
  // expected-error @+1 {{index dimension 0 is 8 but the source's is 16}}
  %y = tile.gather %x[%i] {axis = 1 : i32} : tensor<16x4xf32>, tensor<8x4xi32> -> tensor<8x4xf32>
  return
}

// -----

func.func @gather_result_shape(%x: tensor<16xf32>, %i: tensor<8xi32>) {
  // expected-error @+1 {{result shape must be the index's}}
  %y = tile.gather %x[%i] {axis = 0 : i32} : tensor<16xf32>, tensor<8xi32> -> tensor<16xf32>
  return
}

// -----

func.func @gather_result_type(%x: tensor<16xf32>, %i: tensor<16xi32>) {
  // expected-error @+1 {{result element type differs from the source's}}
  %y = tile.gather %x[%i] {axis = 0 : i32} : tensor<16xf32>, tensor<16xi32> -> tensor<16xi32>
  return
}

// -----

func.func @sort_pointers(%p: tensor<16x!tile.ptr<f32>>) {
  // expected-error @+1 {{sorts numbers}}
  %y = tile.sort %p : tensor<16x!tile.ptr<f32>>
  return
}

// -----

func.func @histogram_rank(%x: tensor<4x4xi32>) {
  // expected-error @+1 {{counts a 1-d block into a 1-d block}}
  %h = tile.histogram %x : tensor<4x4xi32> -> tensor<8xi32>
  return
}

// -----

func.func @inline_asm_shapes(%x: tensor<16xi32>, %y: tensor<32xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape}}
  %z = tile.inline_asm "add.s32 $0, $1, $2;", "=r,r,r"(%x, %y) {pack = 1 : i32, pure} : (tensor<16xi32>, tensor<32xi32>) -> tensor<16xi32>
  return
}

// -----

func.func @inline_asm_pack(%x: tensor<16xi32>) {
  // expected-error @+1 {{pack must be 1, 2, 4, 8 or 16, got 3}}
  %z = tile.inline_asm "mov.b32 $0, $1;", "=r,r"(%x) {pack = 3 : i32} : (tensor<16xi32>) -> tensor<16xi32>
  return
}

// -----

func.func @combine_reduce_shapes(%x: tensor<8x4xf32>, %i: tensor<4x8xi32>) {
  // expected-error @+1 {{operands must share one shape and layout}}
  %r:2 = tile.combine_reduce %x, %i {axis = 1 : i32} : tensor<8x4xf32>, tensor<4x8xi32> -> tensor<8xf32>, tensor<4xi32> {
  ^bb0(%a: f32, %b: i32, %c: f32, %d: i32):
    tile.combine_return %a, %b : f32, i32
  }
  return
}

// -----

func.func @combine_reduce_axis(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %r = tile.combine_reduce %x {axis = 2 : i32} : tensor<8x4xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.combine_return %a : f32
  }
  return
}

// -----

func.func @combine_reduce_result(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{each result must be its operand without dimension 1}}
  %r = tile.combine_reduce %x {axis = 1 : i32} : tensor<8x4xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.combine_return %a : f32
  }
  return
}

// -----

func.func @combine_reduce_count(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{needs one result per operand}}
  %r:2 = tile.combine_reduce %x {axis = 1 : i32} : tensor<8x4xf32> -> tensor<8xf32>, tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.combine_return %a : f32
  }
  return
}

// -----

func.func @combine_region_args(%x: tensor<8xf32>) {
  // expected-error @+1 {{the combine region must take 2 scalars: two of each operand's element type}}
  %r = tile.combine_reduce %x {axis = 0 : i32} : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: i32):
    tile.combine_return %a : f32
  }
  return
}

// -----

func.func @combine_return_types(%x: tensor<8xf32>) {
  %r = tile.combine_scan %x {axis = 0 : i32} : tensor<8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.fptosi %a : f32 to i32
    // expected-error @+1 {{must return 1 value of the operands' element types}}
    tile.combine_return %c : i32
  }
  return
}

// -----

func.func @combine_scalar_code(%x: tensor<8xf32>) {
  %r = tile.combine_scan %x {axis = 0 : i32} : tensor<8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{in a combine region must work on scalars}}
    %s = tile.splat %a : tensor<4xf32>
    tile.combine_return %a : f32
  }
  return
}

// -----

func.func @combine_scan_types(%x: tensor<8xf32>) {
  // expected-error @+1 {{results must have the operands' types}}
  %r = tile.combine_scan %x {axis = 0 : i32} : tensor<8xf32> -> tensor<8xi32> {
  ^bb0(%a: f32, %b: f32):
    tile.combine_return %a : f32
  }
  return
}

// -----

func.func @combine_return_parent(%x: f32) {
  // expected-error @+1 {{expects parent op to be one of}}
  tile.combine_return %x : f32
}

// -----

func.func @assert_not_bool(%x: tensor<16xf32>) {
  // expected-error @+1 {{operand #0 must be}}
  tile.assert %x, "x" : tensor<16xf32>
  return
}

// -----

func.func @load_tma_rank(%p: tensor<16x16x!tile.ptr<f16>>, %map: !tile.tensormap, %c: i32) {
  // expected-error @+1 {{a rank-2 block needs 2 TMA coordinates, got 1}}
  %x = tile.load %p tma %map[%c] : tensor<16x16x!tile.ptr<f16>>
  return
}

// -----

func.func @load_tma_scalar(%p: !tile.ptr<f16>, %map: !tile.tensormap, %c: i32) {
  // expected-error @+1 {{a scalar load cannot name a TMA block}}
  %x = tile.load %p tma %map[%c] : !tile.ptr<f16>
  return
}

// -----

#shared = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#bar = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
func.func @tma_copy_coords(%map: !tile.tensormap, %c: i32, %pred: i1) {
  %dst = tile.local_alloc -> !tile.memdesc<64x64xf16, #shared>
  %bar = tile.local_alloc -> !tile.memdesc<1x1xi64, #bar>
  // expected-error @+1 {{a rank-2 buffer needs 2 coordinates, got 1}}
  tile.tma_copy %map[%c], %dst, %bar, %pred : !tile.memdesc<64x64xf16, #shared>, !tile.memdesc<1x1xi64, #bar>
  return
}

// -----

#shared = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#bar = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
func.func @tma_copy_transposed(%map: !tile.tensormap, %c: i32, %pred: i1) {
  %dst = tile.local_alloc -> !tile.memdesc<64x64xf16, #shared>
  %bar = tile.local_alloc -> !tile.memdesc<1x1xi64, #bar>
  // expected-error @+1 {{TMA fills a 2-d #tile.nvmma_shared buffer whose last dimension is contiguous}}
  tile.tma_copy %map[%c, %c], %dst, %bar, %pred : !tile.memdesc<64x64xf16, #shared>, !tile.memdesc<1x1xi64, #bar>
  return
}

// -----

#bar = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
func.func @mbarrier_type(%phase: i32) {
  %bar = tile.local_alloc -> !tile.memdesc<2x1xi64, #bar>
  // expected-error @+1 {{an mbarrier is a buffer of one i64}}
  tile.mbarrier_wait %bar, %phase : !tile.memdesc<2x1xi64, #bar>
  return
}

// -----

#bar = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
func.func @mbarrier_count() {
  %bar = tile.local_alloc -> !tile.memdesc<1x1xi64, #bar>
  // expected-error @+1 {{attribute 'count' failed to satisfy constraint}}
  tile.mbarrier_init %bar, 0 : !tile.memdesc<1x1xi64, #bar>
  return
}

// -----

func.func @load_tma_coords_without_map(%p: tensor<16x!tile.ptr<f16>>, %c: i32) {
  // expected-error @+1 {{TMA coordinates need a tensor map}}
  %x = "tile.load"(%p, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 1>}> : (tensor<16x!tile.ptr<f16>>, i32) -> tensor<16xf16>
  return
}

// -----

func.func @ptr_cast_floats(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{casts pointers to pointers, pointers to i64 or i64 to pointers, not '!tile.ptr<f32>' to 'i32'}}
  %e = tile.ptr_cast %p : !tile.ptr<f32> to i32
  return
}

// -----

func.func @ptr_cast_shape(%p: tensor<8x!tile.ptr<f32>>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %e = tile.ptr_cast %p : tensor<8x!tile.ptr<f32>> to tensor<16x!tile.ptr<f16>>
  return
}

// -----

func.func @ptr_cast_mixed(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{if a result is non-scalar, then at least one operand must be non-scalar}}
  %e = tile.ptr_cast %p : !tile.ptr<f32> to tensor<8xi64>
  return
}

// -----

func.func @ptr_cast_integers(%x: i64) {
  // expected-error @+1 {{casts pointers to pointers, pointers to i64 or i64 to pointers, not 'i64' to 'i32'}}
  %e = tile.ptr_cast %x : i64 to i32
  return
}

// -----

func.func @map_elementwise_shapes(%x: tensor<128xf32>, %y: tensor<64xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %r = tile.map_elementwise %x, %y : (tensor<128xf32>, tensor<64xf32>) -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.map_return %a : f32
  }
  return
}

// -----

func.func @map_elementwise_arguments(%x: tensor<128xf32>) {
  // expected-error @+1 {{the region must take 1 scalar of each operand's element type}}
  %r = tile.map_elementwise %x : (tensor<128xf32>) -> tensor<128xf32> {
  ^bb0(%a: i32):
    %f = arith.sitofp %a : i32 to f32
    tile.map_return %f : f32
  }
  return
}

// -----

func.func @map_elementwise_return(%x: tensor<128xf32>) {
  %r = tile.map_elementwise %x : (tensor<128xf32>) -> tensor<128xi32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{must return 1 scalar of each result's element type}}
    tile.map_return %a : f32
  }
  return
}

// -----

func.func @map_elementwise_block(%x: tensor<128xf32>) {
  %r = tile.map_elementwise %x : (tensor<128xf32>) -> tensor<128xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{in a map_elementwise region must work on scalars}}
    %b = tile.splat %a : tensor<4xf32>
    tile.map_return %a : f32
  }
  return
}

// -----

func.func @map_return_parent(%a: f32) {
  // expected-error @+1 {{expects parent op 'tile.map_elementwise'}}
  tile.map_return %a : f32
}

// -----

#b1 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @map_elementwise_layouts(%x: tensor<256xf32, #b1>, %y: tensor<256xf32, #b2>) {
  // expected-error @+1 {{operands and results must have one shape and layout}}
  %r = tile.map_elementwise %x, %y : (tensor<256xf32, #b1>, tensor<256xf32, #b2>) -> tensor<256xf32, #b1> {
  ^bb0(%a: f32, %b: f32):
    tile.map_return %a : f32
  }
  return
}

// -----

func.func @map_elementwise_pack(%x: tensor<128xf32>, %y: tensor<128xi32>) {
  // expected-error @+1 {{the region must take 2 scalars of each operand's element type}}
  %r = tile.map_elementwise %x, %y {pack = 2 : i32} : (tensor<128xf32>, tensor<128xi32>) -> tensor<128xf32> {
  ^bb0(%a: f32, %b: i32, %c: f32, %d: i32):
    tile.map_return %a, %c : f32, f32
  }
  return
}

// -----

func.func @map_elementwise_pack_zero(%x: tensor<128xf32>) {
  // expected-error @+1 {{pack must be at least 1}}
  %r = tile.map_elementwise %x {pack = 0 : i32} : (tensor<128xf32>) -> tensor<128xf32> {
  ^bb0(%a: f32):
    tile.map_return %a : f32
  }
  return
}

// -----

func.func @map_elementwise_no_operands() {
  // expected-error @+1 {{if a result is non-scalar, then at least one operand must be non-scalar}}
  %r = tile.map_elementwise : () -> tensor<128xf32> {
  ^bb0:
    %c = arith.constant 1.0 : f32
    tile.map_return %c : f32
  }
  return
}

// -----

func.func @map_elementwise_no_results(%x: tensor<128xf32>) {
  // expected-error @+1 {{if an operand is non-scalar, then there must be at least one non-scalar result}}
  tile.map_elementwise %x : (tensor<128xf32>) -> () {
  ^bb0(%a: f32):
    tile.map_return
  }
  return
}

// -----

func.func @map_elementwise_empty() {
  // expected-error @+1 {{needs operands and results}}
  tile.map_elementwise : () -> () {
  ^bb0:
    tile.map_return
  }
  return
}
