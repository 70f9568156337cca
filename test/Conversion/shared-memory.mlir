// RUN: tile-opt %s -split-input-file -tile-to-llvm -verify-diagnostics | FileCheck %s
// Lowering of the shared-memory ops with explicit layouts and offsets (as
// tile-allocate-shared leaves them): a buffer is a pointer into the extern
// @tile_shared array at its offset; local_alloc/local_store/local_load move
// each thread's registers with the widest access that the register layout
// composed with the buffer's layout allows (16 bytes at most, one element
// where consecutive registers are not consecutive in the buffer);
// memdesc_subview steps over whole buffers; tile.barrier is bar.sync 0.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// Eight consecutive f16 per thread into 8-element swizzled vectors: two
// 16-byte stores and, after the barrier, two 16-byte loads per thread. The
// lane bits that pick rows 2 and 4 land at 64 + 8 and 128 + 16 elements:
// the rows' vectors are XORed with their phase.
// CHECK: llvm.mlir.global external @tile_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @vectors(
// CHECK: %[[SH:.*]] = llvm.mlir.addressof @tile_shared : !llvm.ptr<3>
// CHECK: %[[BASE:.*]] = llvm.getelementptr %[[SH]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-DAG: arith.constant 72 : i32
// CHECK-DAG: arith.constant 144 : i32
// CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NOT: llvm.store {{.*}} : f16, !llvm.ptr<3>
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.load {{.*}} -> f16
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-NOT: tile.
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 5120 : i64} {
func.func @vectors(%p: !tile.ptr<f16>, %s: f16) {
  %x = tile.splat %s : tensor<64x32xf16, #blocked>
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 1024 : i64} -> !tile.memdesc<64x32xf16, #shared>
  tile.barrier
  %l = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %ps = tile.splat %p : tensor<64x32x!tile.ptr<f16>, #blocked>
  tile.store %ps, %l : tensor<64x32x!tile.ptr<f16>, #blocked>
  return
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#scalar = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 8, order = [1, 0]>
#pairs = #tile.swizzled_shared<vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]>

// A swizzle of single elements moves every row's elements by its phase:
// rows start at odd offsets, so one element per access (16 stores, 16
// loads). Pairs swizzled: 4-byte accesses.
// CHECK-LABEL: llvm.func @scalar(
// CHECK-NOT: vector<
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK-NOT: vector<
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> f16
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-LABEL: llvm.func @pairs(
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4096 : i64} {
func.func @scalar(%p: !tile.ptr<f16>, %s: f16) {
  %x = tile.splat %s : tensor<64x32xf16, #blocked>
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #scalar>
  %l = tile.local_load %a : !tile.memdesc<64x32xf16, #scalar> -> tensor<64x32xf16, #blocked>
  %ps = tile.splat %p : tensor<64x32x!tile.ptr<f16>, #blocked>
  tile.store %ps, %l : tensor<64x32x!tile.ptr<f16>, #blocked>
  return
}
func.func @pairs(%s: f16) {
  %x = tile.splat %s : tensor<64x32xf16, #blocked>
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #pairs>
  tile.local_store %x, %a : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #pairs>
  return
}
}

// -----

#b32 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#s32 = #tile.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
#col = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#rowmajor = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
#colmajor = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>

// Eight consecutive f32 per thread: two 16-byte vectors, not one 32-byte
// access.
// CHECK-LABEL: llvm.func @f32(
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// A column-major register layout (8 consecutive rows per thread): 16-byte
// vectors into a buffer that keeps dim 0 contiguous, single elements into
// a row-major one.
// CHECK-LABEL: llvm.func @column_major(
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: vector<
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @f32(%s: f32) {
  %x = tile.splat %s : tensor<32x32xf32, #b32>
  %a = tile.local_alloc %x : tensor<32x32xf32, #b32> {offset = 0 : i64} -> !tile.memdesc<32x32xf32, #s32>
  return
}
func.func @column_major(%s: f16) {
  %x = tile.splat %s : tensor<64x32xf16, #col>
  %a = tile.local_alloc %x : tensor<64x32xf16, #col> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #colmajor>
  %b = tile.local_alloc %x : tensor<64x32xf16, #col> {offset = 4096 : i64} -> !tile.memdesc<64x32xf16, #rowmajor>
  return
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// Buffer %i of a stack of two 4 KiB buffers at byte 256: 256 + 4096 * %i.
// CHECK-LABEL: llvm.func @subview(
// CHECK-SAME: %{{.*}}: f16, %[[I:.*]]: i32)
// CHECK: %[[SH:.*]] = llvm.mlir.addressof @tile_shared : !llvm.ptr<3>
// CHECK: %[[BASE:.*]] = llvm.getelementptr %[[SH]][256] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[C:.*]] = arith.constant 4096 : i32
// CHECK: %[[OFF:.*]] = arith.muli %[[I]], %[[C]] : i32
// CHECK: %[[VIEW:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[PTR:.*]] = llvm.getelementptr %[[VIEW]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: llvm.store %{{.*}}, %[[PTR]] {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8448 : i64} {
func.func @subview(%s: f16, %i: i32) {
  %x = tile.splat %s : tensor<64x32xf16, #blocked>
  %a = tile.local_alloc {offset = 256 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %v = tile.memdesc_subview %a[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  tile.local_store %x, %v : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}
}

// -----

#b32 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#s32 = #tile.swizzled_shared<vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>

// A 32-bit dot operand (kWidth = 1) is not read with ldmatrix (16-bit
// only): its fragments (rows g and g + 8, columns t and t + 4) are single
// elements, 16 per thread for 64x16 over 2 x 2 warps.
// CHECK-LABEL: llvm.func @tf32_operand(
// CHECK-NOT: nvvm.ldmatrix
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4096 : i64} {
func.func @tf32_operand(%s: f32) {
  %x = tile.splat %s : tensor<64x16xf32, #b32>
  %a = tile.local_alloc %x : tensor<64x16xf32, #b32> {offset = 0 : i64} -> !tile.memdesc<64x16xf32, #s32>
  tile.barrier
  %l = tile.local_load %a : !tile.memdesc<64x16xf32, #s32> -> tensor<64x16xf32, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>>
  return
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
module attributes {tile.num_warps = 4 : i32} {
func.func @no_offset(%s: f16) {
  %x = tile.splat %s : tensor<64x32xf16, #blocked>
  // Checked before the conversion starts: one error, no legalization noise.
  // expected-error @+1 {{'tile.local_alloc' op has no offset: run tile-allocate-shared first}}
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}
}
