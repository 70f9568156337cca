// RUN: split-file %s %t
// RUN: tile-opt %t/explicit.mlir -split-input-file -tile-to-llvm | FileCheck %t/explicit.mlir
// RUN: tile-opt %t/loop.mlir -tile-allocate-shared -tile-insert-barriers | FileCheck %t/loop.mlir --check-prefix=TILE
// RUN: tile-opt %t/loop.mlir -tile-allocate-shared -tile-insert-barriers -tile-to-llvm | FileCheck %t/loop.mlir --check-prefix=LLVM
// Lowering of tile.convert_layout. Where lanes and warps hold the same
// elements under both layouts (the same map, or only a thread's register
// order differs), the values are renumbered in registers: no shared memory,
// no barrier. Otherwise every thread stores what it holds into the scratch
// area (row-major; for a matrix with rows of 32 bytes or more the 16-byte
// chunks of a row are XORed with the row number, over the rows that share
// 128 bytes of banks), as wide as the source layout allows, a barrier
// follows, and every thread loads what the destination gives it, as wide as
// that layout allows. explicit.mlir gives the scratch offsets; loop.mlir runs
// tile-allocate-shared and tile-insert-barriers on a conversion in a loop,
// whose next iteration's stores wait for this one's loads at the barrier
// that tile-insert-barriers puts at the top of the body: the lowering adds
// only the one between its stores and its loads.

//--- explicit.mlir

#rows = #tile.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]>
#p4 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#p8 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// 2x256 f32, all lanes and warps along dim 1 under both layouts; each
// thread's 2x2 registers are in row order in one, column order in the
// other: a permutation of registers. The values (row * 256 + column,
// computed in the source order (0,c) (0,c+1) (1,c) (1,c+1)) are stored in
// the destination order (0,c) (1,c) (0,c+1) (1,c+1).
// CHECK-LABEL: llvm.func @register_order(
// CHECK-NOT: !llvm.ptr<3>
// CHECK: %[[V0:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK-NEXT: %[[V1:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK-NEXT: %[[V2:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK-NEXT: %[[V3:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.bitcast %[[V0]] : f32 to i32
// CHECK-NEXT: st.global.b32
// CHECK-NEXT: llvm.bitcast %[[V2]] : f32 to i32
// CHECK-NEXT: st.global.b32
// CHECK-NEXT: llvm.bitcast %[[V1]] : f32 to i32
// CHECK-NEXT: st.global.b32
// CHECK-NEXT: llvm.bitcast %[[V3]] : f32 to i32
// CHECK-NEXT: st.global.b32
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// Rank-1 slices along dim 0 of two layouts that differ only along dim 1
// (which the slice drops): the same layout, nothing to do.
// CHECK-LABEL: llvm.func @same_slice(
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: st.global.b32
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 2048 : i64} {
func.func @register_order(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rr = tile.make_range 0, 2 : tensor<2xi32, #tile.slice<dim = 1, parent = #rows>>
  %rc = tile.make_range 0, 256 : tensor<256xi32, #tile.slice<dim = 0, parent = #rows>>
  %r2 = tile.expand_dims %rr {axis = 1 : i32} : tensor<2xi32, #tile.slice<dim = 1, parent = #rows>> -> tensor<2x1xi32, #rows>
  %c2 = tile.expand_dims %rc {axis = 0 : i32} : tensor<256xi32, #tile.slice<dim = 0, parent = #rows>> -> tensor<1x256xi32, #rows>
  %c256 = arith.constant dense<256> : tensor<2x1xi32, #rows>
  %ro = arith.muli %r2, %c256 : tensor<2x1xi32, #rows>
  %rob = tile.broadcast %ro : tensor<2x1xi32, #rows> -> tensor<2x256xi32, #rows>
  %cb = tile.broadcast %c2 : tensor<1x256xi32, #rows> -> tensor<2x256xi32, #rows>
  %i = arith.addi %rob, %cb : tensor<2x256xi32, #rows>
  %v = arith.sitofp %i : tensor<2x256xi32, #rows> to tensor<2x256xf32, #rows>
  %c = tile.convert_layout %v {tile.scratch_offset = 0 : i64} : tensor<2x256xf32, #rows> -> tensor<2x256xf32, #cols>
  %qr = tile.make_range 0, 2 : tensor<2xi32, #tile.slice<dim = 1, parent = #cols>>
  %qc = tile.make_range 0, 256 : tensor<256xi32, #tile.slice<dim = 0, parent = #cols>>
  %q2 = tile.expand_dims %qr {axis = 1 : i32} : tensor<2xi32, #tile.slice<dim = 1, parent = #cols>> -> tensor<2x1xi32, #cols>
  %qc2 = tile.expand_dims %qc {axis = 0 : i32} : tensor<256xi32, #tile.slice<dim = 0, parent = #cols>> -> tensor<1x256xi32, #cols>
  %q256 = arith.constant dense<256> : tensor<2x1xi32, #cols>
  %qo = arith.muli %q2, %q256 : tensor<2x1xi32, #cols>
  %qob = tile.broadcast %qo : tensor<2x1xi32, #cols> -> tensor<2x256xi32, #cols>
  %qcb = tile.broadcast %qc2 : tensor<1x256xi32, #cols> -> tensor<2x256xi32, #cols>
  %o = arith.addi %qob, %qcb : tensor<2x256xi32, #cols>
  %ps = tile.splat %p : tensor<2x256x!tile.ptr<f32>, #cols>
  %pp = tile.addptr %ps, %o : tensor<2x256x!tile.ptr<f32>, #cols>, tensor<2x256xi32, #cols>
  tile.store %pp, %c : tensor<2x256x!tile.ptr<f32>, #cols>
  return
}
func.func @same_slice(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #p4>>
  %v = arith.sitofp %r : tensor<64xi32, #tile.slice<dim = 1, parent = #p4>> to tensor<64xf32, #tile.slice<dim = 1, parent = #p4>>
  %c = tile.convert_layout %v {tile.scratch_offset = 0 : i64} : tensor<64xf32, #tile.slice<dim = 1, parent = #p4>> -> tensor<64xf32, #tile.slice<dim = 1, parent = #p8>>
  %q = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #p8>>
  %ps = tile.splat %p : tensor<64x!tile.ptr<f32>, #tile.slice<dim = 1, parent = #p8>>
  %pp = tile.addptr %ps, %q : tensor<64x!tile.ptr<f32>, #tile.slice<dim = 1, parent = #p8>>, tensor<64xi32, #tile.slice<dim = 1, parent = #p8>>
  tile.store %pp, %c : tensor<64x!tile.ptr<f32>, #tile.slice<dim = 1, parent = #p8>>
  return
}
}

// -----

#src = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#pairs = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// 32x32 f32 from 4 consecutive elements of a row per thread (lanes 8 along
// a row) to 2 of a row (lanes 4 along a row): the lanes differ, so through
// the scratch at byte 512: two 16-byte stores, a barrier, four 8-byte loads.
// CHECK-LABEL: llvm.func @to_pairs(
// CHECK: %[[SH:.*]] = llvm.mlir.addressof @tile_shared : !llvm.ptr<3>
// CHECK-NEXT: %[[BASE:.*]] = llvm.getelementptr %[[SH]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NOT: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.load {{.*}} -> f32
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// To 4 consecutive elements of a column per thread: the row-major scratch
// has no two of them side by side, so eight 4-byte loads.
// CHECK-LABEL: llvm.func @to_columns(
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: vector<
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4608 : i64} {
func.func @to_pairs(%p: !tile.ptr<f32>, %x: f32) {
  %v = tile.splat %x : tensor<32x32xf32, #src>
  %c = tile.convert_layout %v {tile.scratch_offset = 512 : i64} : tensor<32x32xf32, #src> -> tensor<32x32xf32, #pairs>
  %ps = tile.splat %p : tensor<32x32x!tile.ptr<f32>, #pairs>
  tile.store %ps, %c : tensor<32x32x!tile.ptr<f32>, #pairs>
  return
}
func.func @to_columns(%p: !tile.ptr<f32>, %x: f32) {
  %v = tile.splat %x : tensor<32x32xf32, #src>
  %c = tile.convert_layout %v {tile.scratch_offset = 0 : i64} : tensor<32x32xf32, #src> -> tensor<32x32xf32, #col>
  %ps = tile.splat %p : tensor<32x32x!tile.ptr<f32>, #col>
  tile.store %ps, %c : tensor<32x32x!tile.ptr<f32>, #col>
  return
}
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// A 64x64 f32 mma accumulator (two consecutive elements of a row per
// register pair, rows r and r + 8) to 16-byte row vectors, as before a
// product's store. Both layouts hold columns c, c + 1 of rows r and r + 8
// in one thread, so the scratch puts those four side by side: 16-byte
// stores and 16-byte loads, the bank bits XORed with the row's (arith.xori)
// so that neither side's lanes conflict.
// CHECK-LABEL: llvm.func @mma_to_rows(
// CHECK: arith.xori
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-COUNT-7: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 16384 : i64} {
func.func @mma_to_rows(%p: !tile.ptr<f32>, %x: f32) {
  %v = tile.splat %x : tensor<64x64xf32, #mma>
  %c = tile.convert_layout %v {tile.scratch_offset = 0 : i64} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #rows>
  %ps = tile.splat %p : tensor<64x64x!tile.ptr<f32>, #rows>
  tile.store %ps, %c : tensor<64x64x!tile.ptr<f32>, #rows>
  return
}
}

// -----

#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128>
#one = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

// Tutorial 08's epilogue: a 128x128 fp16 wgmma accumulator to one element
// of 32 columns a lane (its store has no known alignment). Row-major
// scratch would load two bytes at a time; the registers both layouts hold
// (rows r, r + 8, r + 64 and columns 32 apart) become the scratch's lowest
// offsets, so each side moves 8 elements, 16 bytes, at a time: 128
// elements a thread in 16 stores and 16 loads.
// CHECK-LABEL: llvm.func @wgmma_to_one_a_lane(
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 32768 : i64} {
func.func @wgmma_to_one_a_lane(%p: !tile.ptr<f16>, %x: f16) {
  %v = tile.splat %x : tensor<128x128xf16, #wg>
  %c = tile.convert_layout %v {tile.scratch_offset = 0 : i64} : tensor<128x128xf16, #wg> -> tensor<128x128xf16, #one>
  %ps = tile.splat %p : tensor<128x128x!tile.ptr<f16>, #one>
  tile.store %ps, %c : tensor<128x128x!tile.ptr<f16>, #one>
  return
}
}

//--- loop.mlir

#src = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#pairs = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// One conversion per iteration: its stores must wait for the previous
// iteration's loads of the same scratch, so the body starts with a barrier;
// none before the loop, none after the loads.
// TILE-LABEL: func.func @in_loop(
// TILE-NOT: tile.barrier
// TILE: scf.for
// TILE-NEXT: tile.barrier
// TILE-NEXT: tile.convert_layout %{{.*}} {tile.scratch_offset = 0 : i64}
// TILE-NOT: tile.barrier
// TILE: scf.yield
// TILE-NEXT: }
// TILE-NOT: tile.barrier
// TILE: return
// Lowered: that barrier, the stores, the conversion's own barrier, the
// loads, and no third barrier.
// LLVM-LABEL: llvm.func @in_loop(
// LLVM-NOT: nvvm.barrier0
// LLVM: scf.for
// LLVM-NEXT: nvvm.barrier0
// LLVM-NOT: !llvm.ptr<3>
// LLVM: llvm.mlir.addressof @tile_shared
// LLVM-NOT: nvvm.barrier0
// LLVM-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// LLVM-NEXT: nvvm.barrier0
// LLVM-NOT: nvvm.barrier0
// LLVM-COUNT-4: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// LLVM-NOT: nvvm.barrier0
// LLVM: scf.yield
// LLVM-NOT: nvvm.barrier0
// LLVM: llvm.return
module attributes {tile.num_warps = 4 : i32} {
func.func @in_loop(%p: !tile.ptr<f32>, %x: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.splat %x : tensor<32x32xf32, #src>
  %z = arith.constant dense<0.0> : tensor<32x32xf32, #pairs>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<32x32xf32, #pairs>) : i32 {
    %c = tile.convert_layout %v : tensor<32x32xf32, #src> -> tensor<32x32xf32, #pairs>
    %s = arith.addf %acc, %c : tensor<32x32xf32, #pairs>
    scf.yield %s : tensor<32x32xf32, #pairs>
  }
  %ps = tile.splat %p : tensor<32x32x!tile.ptr<f32>, #pairs>
  tile.store %ps, %r : tensor<32x32x!tile.ptr<f32>, #pairs>
  return
}
}
