// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// tile.prefetch: thread 0 issues one bulk prefetch of the range rounded
// inwards to 16 bytes, and nothing when the range is empty.

module attributes {tile.num_warps = 4 : i32} {
func.func @prefetch(%x: !tile.ptr<f32>, %bytes: i32) {
  tile.prefetch %x, %bytes : !tile.ptr<f32>
  return
}
}

// CHECK-LABEL: llvm.func @prefetch
// CHECK: %[[START:.*]] = llvm.ptrtoint %arg0 : !llvm.ptr<1> to i64
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %arg1, %{{.*}} : i32
// CHECK: %[[END:.*]] = arith.addi %[[START]], %{{.*}} : i64
// CHECK: %[[MASK:.*]] = arith.constant -16 : i64
// CHECK: %[[FIFTEEN:.*]] = arith.constant 15 : i64
// CHECK: %[[UP:.*]] = arith.addi %[[START]], %[[FIFTEEN]] : i64
// CHECK: %[[FIRST:.*]] = arith.andi %[[UP]], %[[MASK]] : i64
// CHECK: %[[LAST:.*]] = arith.andi %[[END]], %[[MASK]] : i64
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ugt, %[[LAST]], %[[FIRST]] : i64
// CHECK: %[[SIZE:.*]] = arith.subi %[[LAST]], %[[FIRST]] : i64
// CHECK: %[[SIZE32:.*]] = arith.trunci %[[SIZE]] : i64 to i32
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[T0:.*]] = arith.cmpi eq, %[[TID]], %{{.*}} : i32
// CHECK: %[[A:.*]] = arith.andi %[[POS]], %[[NONEMPTY]] : i1
// CHECK: %[[PRED:.*]] = arith.andi %[[A]], %[[T0]] : i1
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$2 cp.async.bulk.prefetch.L2.global [$0], $1;", "l,r,b" %[[FIRST]], %[[SIZE32]], %[[PRED]] : (i64, i32, i1) -> ()
