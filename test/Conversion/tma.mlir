// RUN: tile-opt %s -split-input-file -tile-to-llvm | FileCheck %s
// Lowering of TMA copies and mbarriers. A tensor map parameter becomes a
// 128-byte by-value grid constant (`.param .align 64 .b8 [128]`); a
// tile.tma_copy into a 64x128 f16 buffer with a 128-byte swizzle is two
// `cp.async.bulk.tensor` boxes of 64 columns (coordinates innermost first:
// the column, +64 for the second box, then the row), the second 64 x 128
// bytes further into the buffer, both issued by thread 0 when the
// predicate holds. The mbarrier ops are PTX's; init, expect and inval run
// on thread 0, the wait (a try_wait.parity loop) on every thread.

#nvmma = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#bar = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

// CHECK-LABEL: llvm.func @tma(
// CHECK-SAME: %[[MAP:[^:]+]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[TID]], %{{.*}} : i32
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$0 mbarrier.init.shared::cta.b64 [$1], 1;\0A\09@$0 fence.mbarrier_init.release.cluster;", "b,r"
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 16384;", "b,r"
// CHECK: %[[P:.*]] = arith.andi %{{.*}}, %[[PRED:[^ ]+]] : i1
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[P]], %{{.*}}, %[[MAP]], %[[COL:[^,]+]], %[[ROW:[^,]+]], %{{.*}} :
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-NEXT: %[[COL2:.*]] = arith.addi %[[COL]], %[[C64]] : i32
// CHECK: %[[OFF:.*]] = arith.constant 8192 : i32
// CHECK-NEXT: %[[DST2:.*]] = arith.addi %{{.*}}, %[[OFF]] : i32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}cp.async.bulk.tensor{{.*}} %[[P]], %[[DST2]], %[[MAP]], %[[COL2]], %[[ROW]], %{{.*}} :
// CHECK: llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;{{.*}}bra.uni wait_mbarrier;
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r"
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 16392 : i64, tile.target = "sm_90a"} {
  func.func @tma(%map: !tile.tensormap, %row: i32, %col: i32, %pred: i1, %phase: i32) {
    %dst = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x128xf16, #nvmma>
    %bar = tile.local_alloc {offset = 16384 : i64} -> !tile.memdesc<1x1xi64, #bar>
    tile.mbarrier_init %bar, 1 : !tile.memdesc<1x1xi64, #bar>
    tile.mbarrier_expect %bar, 16384, %pred : !tile.memdesc<1x1xi64, #bar>
    tile.tma_copy %map[%row, %col], %dst, %bar, %pred : !tile.memdesc<64x128xf16, #nvmma>, !tile.memdesc<1x1xi64, #bar>
    tile.mbarrier_wait %bar, %phase : !tile.memdesc<1x1xi64, #bar>
    tile.mbarrier_inval %bar : !tile.memdesc<1x1xi64, #bar>
    return
  }
}
