// RUN: tile-opt %s -split-input-file -tile-to-llvm | FileCheck %s
// Lowering of the asynchronous copies with explicit layouts and offsets:
// tile.async_copy becomes one nvvm.cp.async.shared.global per vector of
// each thread, as wide as the buffer's layout, the pointers' contiguity and
// alignment and the mask's constancy all allow (16 bytes with cache = cg,
// which only exists at that width; 8 or 4 bytes with cache = ca). A masked
// copy gives cp.async a source size, select(mask, width, 0): a masked-off
// vector copies nothing and fills zeros; an unmasked one has no size.
// tile.async_commit_group is cp.async.commit_group, tile.async_wait {num}
// cp.async.wait_group num. (Copies narrower than 4 bytes: async-copy-invalid.mlir.)

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// A 64x32 f16 block, rows %sam apart, rows masked against %M, into stage 1
// of a stack of two 4 KiB buffers at byte 0: each thread copies two 16-byte
// vectors (registers 0-7 and 8-15, rows r and r + 32), each with its own
// row's mask bit; the second lands 32 rows (1024 elements) further.
// CHECK-LABEL: llvm.func @masked(
// CHECK-SAME: %[[A:[^:]+]]: !llvm.ptr<1> {llvm.align = 16 : i64}, %{{[^:]+}}: i32, %[[M:[^:]+]]: i32)
// CHECK: %[[G0:.*]] = llvm.getelementptr %[[A]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK-COUNT-7: llvm.getelementptr %[[A]]
// CHECK-NEXT: %[[G8:.*]] = llvm.getelementptr %[[A]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK: %[[IN0:.*]] = arith.cmpi slt, %{{.*}}, %[[M]] : i32
// CHECK-NEXT: %[[IN8:.*]] = arith.cmpi slt, %{{.*}}, %[[M]] : i32
// CHECK: %[[SH:.*]] = llvm.mlir.addressof @tile_shared : !llvm.ptr<3>
// CHECK: %[[BYTES:.*]] = arith.constant 4096 : i32
// CHECK-NEXT: %[[STAGE:.*]] = arith.muli %{{.*}}, %[[BYTES]] : i32
// CHECK-NEXT: %[[BUF:.*]] = llvm.getelementptr %[[SH]][%[[STAGE]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[FULL:.*]] = arith.constant 16 : i32
// CHECK-NEXT: %[[NONE:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[D0:.*]] = llvm.getelementptr %[[BUF]][%[[OFF:.*]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: %[[SIZE0:.*]] = arith.select %[[IN0]], %[[FULL]], %[[NONE]] : i32
// CHECK-NEXT: nvvm.cp.async.shared.global %[[D0]], %[[G0]], 16, cache = cg, %[[SIZE0]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NEXT: %[[ROWS:.*]] = arith.constant 1024 : i32
// CHECK-NEXT: %[[OFF8:.*]] = arith.xori %[[OFF]], %[[ROWS]] : i32
// CHECK-NEXT: %[[D8:.*]] = llvm.getelementptr %[[BUF]][%[[OFF8]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: %[[SIZE8:.*]] = arith.select %[[IN8]], %[[FULL]], %[[NONE]] : i32
// CHECK-NEXT: nvvm.cp.async.shared.global %[[D8]], %[[G8]], 16, cache = cg, %[[SIZE8]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: nvvm.cp.async
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NOT: nvvm.cp.async
// CHECK-NOT: tile.
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @masked(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %M: i32) {
  %rm = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked>>
  %m = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked>> -> tensor<64x1xi32, #blocked>
  %sams = tile.splat %sam : tensor<64x1xi32, #blocked>
  %moff = arith.muli %m, %sams : tensor<64x1xi32, #blocked>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %moffb = tile.broadcast %moff : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %off = arith.addi %moffb, %kb : tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %Ms = tile.splat %M : tensor<64x1xi32, #blocked>
  %mm = arith.cmpi slt, %m, %Ms : tensor<64x1xi32, #blocked>
  %mask = tile.broadcast %mm : tensor<64x1xi1, #blocked> -> tensor<64x32xi1, #blocked>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %c1 = arith.constant 1 : i32
  %v = tile.memdesc_subview %s[%c1] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %ap, %v mask %mask : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %g = tile.async_commit_group %t
  %w = tile.async_wait {num = 1 : i32}
  return
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#pairs = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// Unmasked, 16-byte aligned and contiguous: two 16-byte copies without a
// source size; waiting for all groups is wait_group 0.
// CHECK-LABEL: llvm.func @unmasked(
// CHECK-NOT: arith.select
// CHECK-COUNT-2: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>{{$}}
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK-NOT: arith.select
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: arith.constant
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK: llvm.return

// The same layout, but the mask (k < %K, %K a multiple of 4 only) is
// constant over 4 elements: four 8-byte copies (cache = ca), each sized by
// the mask bit of its first element (registers 0, 4, 8, 12). Only two
// compares are made: the analysis knows the mask is constant over runs of
// 4 columns and over all rows, so registers 8 and 12 (32 rows below 0 and
// 4) repeat registers 0 and 4, and the lowering computes each value once.
// CHECK-LABEL: llvm.func @mask_runs_of_four(
// CHECK: %[[G0:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK-COUNT-3: llvm.getelementptr %arg0
// CHECK-NEXT: %[[G4:.*]] = llvm.getelementptr %arg0
// CHECK-COUNT-3: llvm.getelementptr %arg0
// CHECK-NEXT: %[[G8:.*]] = llvm.getelementptr %arg0
// CHECK-COUNT-3: llvm.getelementptr %arg0
// CHECK-NEXT: %[[G12:.*]] = llvm.getelementptr %arg0
// CHECK: %[[K0:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : i32
// CHECK-NEXT: %[[K4:.*]] = arith.cmpi slt
// CHECK-NOT: arith.cmpi
// CHECK: %[[S0:.*]] = arith.select %[[K0]], %[[FULL:c8_i32[_0-9]*]], %[[NONE:c0_i32[_0-9]*]] : i32
// CHECK-NEXT: nvvm.cp.async.shared.global %{{.*}}, %[[G0]], 8, cache = ca, %[[S0]]
// CHECK: %[[S4:.*]] = arith.select %[[K4]], %[[FULL]], %[[NONE]] : i32
// CHECK-NEXT: nvvm.cp.async.shared.global %{{.*}}, %[[G4]], 8, cache = ca, %[[S4]]
// CHECK: %[[S8:.*]] = arith.select %[[K0]], %[[FULL]], %[[NONE]] : i32
// CHECK-NEXT: nvvm.cp.async.shared.global %{{.*}}, %[[G8]], 8, cache = ca, %[[S8]]
// CHECK: %[[S12:.*]] = arith.select %[[K4]], %[[FULL]], %[[NONE]] : i32
// CHECK-NEXT: nvvm.cp.async.shared.global %{{.*}}, %[[G12]], 8, cache = ca, %[[S12]]
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.return

// The mask (k < %K, %K of unknown divisibility) may change between any two
// elements: each 16-byte copy stays whole, predicated on "not at the edge"
// and sized 16 when all 8 lanes are in (0, a zero fill, when none is); at
// the edge each lane is loaded on its own (0 where masked off) and stored to
// shared memory at once.
// CHECK-LABEL: llvm.func @mask_varies_inside(
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.cg.shared.global [ $1 + 0 ], [ $2 + 0 ], 16, $3;", "b,r,l,r"
// CHECK: "mov.b16 $0, 0;\0A\09@$2 ld.global.b16 $0, [ $1 + 0 ];", "=h,l,b"
// CHECK: "@$0 st.shared.b16 [ $1 + 0 ], $2;", "b,r,h"
// CHECK: "mov.b16 $0, 0;\0A\09@$2 ld.global.b16 $0, [ $1 + 0 ];", "=h,l,b"
// CHECK: "@$0 st.shared.b16 [ $1 + 2 ], $2;", "b,r,h"
// CHECK: "@$0 st.shared.b16 [ $1 + 14 ], $2;", "b,r,h"
// CHECK: "@$0 cp.async.cg.shared.global [ $1 + 0 ], [ $2 + 0 ], 16, $3;"
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.return

// Pointers only 8-byte aligned: four unmasked 8-byte copies.
// CHECK-LABEL: llvm.func @align8(
// CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>{{$}}
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.return

// Two f16 per thread and row: eight 4-byte copies.
// CHECK-LABEL: llvm.func @four_bytes(
// CHECK-COUNT-8: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 4, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>{{$}}
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4096 : i64} {
func.func @unmasked(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}) {
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %ap, %s : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %g = tile.async_commit_group %t
  %w = tile.async_wait {num = 0 : i32}
  return
}
func.func @mask_runs_of_four(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 4 : i32}) {
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %Ks = tile.splat %K : tensor<64x32xi32, #blocked>
  %mask = arith.cmpi slt, %kb, %Ks : tensor<64x32xi32, #blocked>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %ap, %s mask %mask : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}
func.func @mask_varies_inside(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32) {
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %Ks = tile.splat %K : tensor<64x32xi32, #blocked>
  %mask = arith.cmpi slt, %kb, %Ks : tensor<64x32xi32, #blocked>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %ap, %s mask %mask : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}
func.func @align8(%a: !tile.ptr<f16> {tile.divisibility = 8 : i32}) {
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %ap, %s : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}
func.func @four_bytes(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}) {
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #pairs>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #pairs>> -> tensor<1x32xi32, #pairs>
  %kb = tile.broadcast %k : tensor<1x32xi32, #pairs> -> tensor<64x32xi32, #pairs>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #pairs>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #pairs>, tensor<64x32xi32, #pairs>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %ap, %s : tensor<64x32x!tile.ptr<f16>, #pairs> -> !tile.memdesc<64x32xf16, #shared>
  return
}
}

// -----

#row = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#plain = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// 32 f32 over 4 warps (attention's row statistics): every warp holds the
// same 32 values. Only warp 0 copies (the owner predicate: warp id & 3 ==
// 0), as inline assembly with the predicate and the mask's source size;
// the other warps' identical writes would race.
// CHECK-LABEL: llvm.func @replicated(
// CHECK: %[[WARP:.*]] = {{.*}}
// CHECK: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[BITS:.*]] = arith.andi %{{.*}}, %[[THREE]] : i32
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[OWNER:.*]] = arith.cmpi eq, %[[BITS]], %[[ZERO]] : i32
// CHECK: %[[SIZE:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.ca.shared.global [ $1 + 0 ], [ $2 + 0 ], 4, $3;", "b,r,l,r" %[[OWNER]], %[[ADDR]], %{{.*}}, %[[SIZE]]
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 128 : i64} {
func.func @replicated(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %r = tile.make_range 0, 32 : tensor<32xi32, #row>
  %ps = tile.splat %p : tensor<32x!tile.ptr<f32>, #row>
  %ptrs = tile.addptr %ps, %r : tensor<32x!tile.ptr<f32>, #row>, tensor<32xi32, #row>
  %ns = tile.splat %n : tensor<32xi32, #row>
  %mask = arith.cmpi slt, %r, %ns : tensor<32xi32, #row>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<32xf32, #plain>
  %t = tile.async_copy %ptrs, %s mask %mask : tensor<32x!tile.ptr<f32>, #row> -> !tile.memdesc<32xf32, #plain>
  %g = tile.async_commit_group %t
  return
}
}
