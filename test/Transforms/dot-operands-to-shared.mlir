// RUN: tile-opt %s -split-input-file -tile-dot-operands-to-shared | FileCheck %s
// tile-dot-operands-to-shared: a tile.convert_layout into a #tile.dot_operand
// layout becomes a tile.local_alloc of the source into a #tile.swizzled_shared
// buffer and a tile.local_load from it before each use (before the use's
// ancestor in the conversion's block when the use is nested). The buffer
// keeps the source's contiguous dimension (order) with 16-byte vectors
// (vec), rows of one 128-byte line share a phase (perPhase) and there are
// as many phases as a row has vectors, at most 8 (maxPhase). Conversions
// into other layouts are left alone.

#blockedA = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blockedB = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// A 64x32 f16, rows of 64 bytes: two rows per line, four phases.
// B 32x64 f16, rows of 128 bytes: one row per line, eight phases.
// CHECK-DAG: #[[BA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4]
// CHECK-DAG: #[[BB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8]
// CHECK-DAG: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-DAG: #[[SA:[^ ]+]] = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-DAG: #[[SB:[^ ]+]] = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-LABEL: func.func @ab(
// CHECK-SAME: %[[A:[^:]*]]: tensor<64x32xf16, #[[BA]]>, %[[B:[^:]*]]: tensor<32x64xf16, #[[BB]]>, %[[ACC:[^:]*]]: tensor<64x64xf32, #[[MMA]]>)
// CHECK-NOT: tile.convert_layout
// Both buffers are written before either is read.
// CHECK-NEXT: %[[MA:.*]] = tile.local_alloc %[[A]] : tensor<64x32xf16, #[[BA]]> -> !tile.memdesc<64x32xf16, #[[SA]]>
// CHECK-NEXT: %[[MB:.*]] = tile.local_alloc %[[B]] : tensor<32x64xf16, #[[BB]]> -> !tile.memdesc<32x64xf16, #[[SB]]>
// CHECK-NEXT: %[[LA:.*]] = tile.local_load %[[MA]] : !tile.memdesc<64x32xf16, #[[SA]]> -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK-NEXT: %[[LB:.*]] = tile.local_load %[[MB]] : !tile.memdesc<32x64xf16, #[[SB]]> -> tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[LA]], %[[LB]], %[[ACC]]
// CHECK-NEXT: return %[[D]]
module attributes {tile.num_warps = 4 : i32} {
func.func @ab(%a: tensor<64x32xf16, #blockedA>, %b: tensor<32x64xf16, #blockedB>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %ca = tile.convert_layout %a : tensor<64x32xf16, #blockedA> -> tensor<64x32xf16, #dotA>
  %cb = tile.convert_layout %b : tensor<32x64xf16, #blockedB> -> tensor<32x64xf16, #dotB>
  %d = tile.dot %ca, %cb, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  return %d : tensor<64x64xf32, #mma>
}
}

// -----

// A column-major source (dim 0 contiguous in each thread: A^T loaded with
// M fastest): the buffer keeps M contiguous, order = [0, 1], and its
// "rows" are the 64 M elements of one k, 128 bytes.
#colA = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
// CHECK: #[[SC:[^ ]+]] = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>
// CHECK-LABEL: func.func @column_major(
// CHECK: %[[M:.*]] = tile.local_alloc %{{.*}} : tensor<64x32xf16, #{{[^ ]+}}> -> !tile.memdesc<64x32xf16, #[[SC]]>
// CHECK: tile.local_load %[[M]] : !tile.memdesc<64x32xf16, #[[SC]]> -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0
// CHECK-NOT: tile.convert_layout
module attributes {tile.num_warps = 4 : i32} {
func.func @column_major(%a: tensor<64x32xf16, #colA>) -> tensor<64x32xf16, #dotA> {
  %ca = tile.convert_layout %a : tensor<64x32xf16, #colA> -> tensor<64x32xf16, #dotA>
  return %ca : tensor<64x32xf16, #dotA>
}
}

// -----

// Other shapes and element types: a 16x16 f16 tile (rows of 32 bytes: four
// rows per line, two phases), a 16x128 bf16 one (rows of 256 bytes: the
// phases stop at 8), and 32-bit factors (kWidth = 1: four elements per
// 16-byte vector; 64x16 f32 has rows of 64 bytes).
#b16 = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b128 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#b32 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-DAG: #[[S16:[^ ]+]] = #tile.swizzled_shared<vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]>
// CHECK-DAG: #[[S128:[^ ]+]] = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-DAG: #[[S32:[^ ]+]] = #tile.swizzled_shared<vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-LABEL: func.func @shapes(
// CHECK: tile.local_alloc %{{.*}} -> !tile.memdesc<16x16xf16, #[[S16]]>
// CHECK: tile.local_alloc %{{.*}} -> !tile.memdesc<16x128xbf16, #[[S128]]>
// CHECK: tile.local_alloc %{{.*}} -> !tile.memdesc<64x16xf32, #[[S32]]>
// CHECK-NOT: tile.convert_layout
module attributes {tile.num_warps = 4 : i32} {
func.func @shapes(%a: tensor<16x16xf16, #b16>, %b: tensor<16x128xbf16, #b128>, %c: tensor<64x16xf32, #b32>)
    -> (tensor<16x16xf16, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>,
        tensor<16x128xbf16, #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>>,
        tensor<64x16xf32, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>>) {
  %ca = tile.convert_layout %a : tensor<16x16xf16, #b16> -> tensor<16x16xf16, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>
  %cb = tile.convert_layout %b : tensor<16x128xbf16, #b128> -> tensor<16x128xbf16, #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>>
  %cc = tile.convert_layout %c : tensor<64x16xf32, #b32> -> tensor<64x16xf32, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>>
  return %ca, %cb, %cc : tensor<16x16xf16, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>, tensor<16x128xbf16, #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>>, tensor<64x16xf32, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>>
}
}

// -----

// A factor converted outside a loop and used inside it: one buffer, read
// just before the loop (the use's ancestor in the conversion's block). Each
// conversion has a second use after the loop: still one buffer each, read
// again before that use.
#blockedA = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blockedB = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
// CHECK-LABEL: func.func @hoisted(
// CHECK: %[[MA:.*]] = tile.local_alloc
// CHECK: %[[MB:.*]] = tile.local_alloc
// CHECK: %[[LA:.*]] = tile.local_load %[[MA]]
// CHECK-NEXT: %[[LB1:.*]] = tile.local_load %[[MB]]
// CHECK-NEXT: %[[LOOP:.*]] = scf.for
// CHECK-NEXT: tile.dot %[[LA]], %[[LB1]]
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[LA2:.*]] = tile.local_load %[[MA]]
// CHECK-NEXT: %[[LB2:.*]] = tile.local_load %[[MB]]
// CHECK-NEXT: tile.dot %[[LA2]], %[[LB2]], %[[LOOP]]
// CHECK-NOT: tile.local_alloc
// CHECK-NOT: tile.convert_layout
module attributes {tile.num_warps = 4 : i32} {
func.func @hoisted(%a: tensor<64x32xf16, #blockedA>, %b: tensor<32x64xf16, #blockedB>, %acc: tensor<64x64xf32, #mma>, %n: index) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ca = tile.convert_layout %a : tensor<64x32xf16, #blockedA> -> tensor<64x32xf16, #dotA>
  %cb = tile.convert_layout %b : tensor<32x64xf16, #blockedB> -> tensor<32x64xf16, #dotB>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) {
    %d = tile.dot %ca, %cb, %x : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %e = tile.dot %ca, %cb, %r : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  return %e : tensor<64x64xf32, #mma>
}
}

// -----

// Inside a loop body (the matmul's K loop): the allocation and the read
// stay in the body.
#blockedA = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
// CHECK-LABEL: func.func @in_loop(
// CHECK: scf.for
// CHECK-NEXT: %[[X:.*]] = tile.load
// CHECK-NEXT: %[[M:.*]] = tile.local_alloc %[[X]]
// CHECK-NEXT: %[[L:.*]] = tile.local_load %[[M]]
// CHECK-NEXT: tile.dot %[[L]]
// CHECK-NEXT: scf.yield
module attributes {tile.num_warps = 4 : i32} {
func.func @in_loop(%p: tensor<64x32x!tile.ptr<f16>, #blockedA>, %b: tensor<32x64xf16, #dotB>, %acc: tensor<64x64xf32, #mma>, %n: index) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) {
    %a = tile.load %p : tensor<64x32x!tile.ptr<f16>, #blockedA>
    %ca = tile.convert_layout %a : tensor<64x32xf16, #blockedA> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %ca, %b, %x : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  return %r : tensor<64x64xf32, #mma>
}
}

// -----

// Conversions into register layouts that are not dot operands stay.
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-LABEL: func.func @other_conversions(
// CHECK-NOT: tile.local_alloc
// CHECK: tile.convert_layout %{{.*}} : tensor<64x64xf32, #{{[^ ]+}}> -> tensor<64x64xf32, #{{[^ ]+}}>
// CHECK: tile.convert_layout %{{.*}} : tensor<64x64xf32, #{{[^ ]+}}> -> tensor<64x64xf32, #{{[^ ]+}}>
// CHECK-NOT: tile.local_alloc
module attributes {tile.num_warps = 4 : i32} {
func.func @other_conversions(%x: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %b = tile.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  %m = tile.convert_layout %b : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
  return %m : tensor<64x64xf32, #mma>
}
}
