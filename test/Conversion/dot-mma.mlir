// RUN: split-file %s %t
// RUN: tile-opt %t/explicit.mlir -split-input-file -tile-to-llvm | FileCheck %t/explicit.mlir
// RUN: tile-opt %t/pipeline.mlir -tile-assign-layouts -tile-dot-operands-to-shared -tile-allocate-shared -tile-insert-barriers -tile-to-llvm | FileCheck %t/pipeline.mlir
// tile.dot on the tensor cores: the factors are stored to swizzled shared
// buffers from their coalesced register layouts (16-byte vectors), read
// back into #tile.dot_operand layouts with ldmatrix (the plain form where
// the buffer keeps K contiguous, i.e. A row-major or B column-major; the
// transposed form, layout = #nvvm.mma_layout<col>, where it keeps M or N
// contiguous), and multiplied with one nvvm.mma.sync m16n8k16 per 16x8
// accumulator tile and 16-wide K step, each step accumulating into the
// previous one's result. explicit.mlir gives the layouts, buffers and
// offsets; pipeline.mlir starts from unlaid-out IR and runs the passes that
// produce them.

//--- explicit.mlir

#blockedA = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blockedB = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#sharedA = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sharedB = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// 64x32 A (K contiguous) and 32x64 B (N contiguous) over 2 x 2 warps: each
// warp multiplies 32 rows by 32 columns, 2 x 4 instruction tiles, 2 K steps:
// 16 words of A (four plain ldmatrix.x4), 16 of B (four transposed
// ldmatrix.x4), 16 mma.sync.
// CHECK-LABEL: llvm.func @row_major(
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// The first K step starts from the zero accumulator, the second from the
// first's results.
// CHECK: %[[D0:.*]] = nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: %[[E0:.*]] = llvm.extractvalue %[[D0]][0]
// CHECK-NEXT: %[[E1:.*]] = llvm.extractvalue %[[D0]][1]
// CHECK-NEXT: %[[E2:.*]] = llvm.extractvalue %[[D0]][2]
// CHECK-NEXT: %[[E3:.*]] = llvm.extractvalue %[[D0]][3]
// CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[%[[E0]], %[[E1]], %[[E2]], %[[E3]]]
// CHECK-COUNT-14: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: llvm.intr.fma
// CHECK-NOT: tile.
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @row_major(%sa: f16, %sb: f16, %c: !tile.ptr<f32>) {
  %a = tile.splat %sa : tensor<64x32xf16, #blockedA>
  %b = tile.splat %sb : tensor<32x64xf16, #blockedB>
  %ma = tile.local_alloc %a : tensor<64x32xf16, #blockedA> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #sharedA>
  %mb = tile.local_alloc %b : tensor<32x64xf16, #blockedB> {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #sharedB>
  tile.barrier
  %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #sharedA> -> tensor<64x32xf16, #dotA>
  %lb = tile.local_load %mb : !tile.memdesc<32x64xf16, #sharedB> -> tensor<32x64xf16, #dotB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %la, %lb, %zero : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #mma>
  tile.store %cs, %d : tensor<64x64x!tile.ptr<f32>, #mma>
  return
}
}

// -----

#colA = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#colB = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
#sharedA = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>
#sharedB = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// The same product from column-major factors (A with M contiguous, B with
// K contiguous): A takes the transposed ldmatrix, B the plain one; bf16.
// CHECK-LABEL: llvm.func @column_major(
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-COUNT-16: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @column_major(%sa: bf16, %sb: bf16, %c: !tile.ptr<f32>) {
  %a = tile.splat %sa : tensor<64x32xbf16, #colA>
  %b = tile.splat %sb : tensor<32x64xbf16, #colB>
  %ma = tile.local_alloc %a : tensor<64x32xbf16, #colA> {offset = 0 : i64} -> !tile.memdesc<64x32xbf16, #sharedA>
  %mb = tile.local_alloc %b : tensor<32x64xbf16, #colB> {offset = 4096 : i64} -> !tile.memdesc<32x64xbf16, #sharedB>
  tile.barrier
  %la = tile.local_load %ma : !tile.memdesc<64x32xbf16, #sharedA> -> tensor<64x32xbf16, #dotA>
  %lb = tile.local_load %mb : !tile.memdesc<32x64xbf16, #sharedB> -> tensor<32x64xbf16, #dotB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %la, %lb, %zero : tensor<64x32xbf16, #dotA>, tensor<32x64xbf16, #dotB> -> tensor<64x64xf32, #mma>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #mma>
  tile.store %cs, %d : tensor<64x64x!tile.ptr<f32>, #mma>
  return
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// One instruction per warp (32x16x16): A is one 16x16 fragment (x4), B one
// 16x8 fragment (x2, transposed); 8-byte stores where each thread holds
// four consecutive halves.
// CHECK-LABEL: llvm.func @one_tile(
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<4xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 2048 : i64} {
func.func @one_tile(%s: f16, %c: !tile.ptr<f32>) {
  %a = tile.splat %s : tensor<32x16xf16, #blocked>
  %b = tile.splat %s : tensor<16x16xf16, #blocked>
  %ma = tile.local_alloc %a : tensor<32x16xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<32x16xf16, #shared>
  %mb = tile.local_alloc %b : tensor<16x16xf16, #blocked> {offset = 1024 : i64} -> !tile.memdesc<16x16xf16, #shared>
  tile.barrier
  %la = tile.local_load %ma : !tile.memdesc<32x16xf16, #shared> -> tensor<32x16xf16, #dotA>
  %lb = tile.local_load %mb : !tile.memdesc<16x16xf16, #shared> -> tensor<16x16xf16, #dotB>
  %zero = arith.constant dense<0.0> : tensor<32x16xf32, #mma>
  %d = tile.dot %la, %lb, %zero : tensor<32x16xf16, #dotA>, tensor<16x16xf16, #dotB> -> tensor<32x16xf32, #mma>
  %cs = tile.splat %c : tensor<32x16x!tile.ptr<f32>, #mma>
  tile.store %cs, %d : tensor<32x16x!tile.ptr<f32>, #mma>
  return
}
}

//--- pipeline.mlir

// From IR without layouts: 16-byte global loads of both factors, 16-byte
// stores into their buffers (A at 0, B at 4096), one barrier, ldmatrix
// (plain for A, transposed for B), 16 mma.sync, no FMA. The product goes to
// its store's coalesced layout through a 16 KiB scratch over the factors'
// dead buffers: a barrier (the ldmatrix reads are done), 8-byte stores, a
// barrier, 16-byte loads, 16-byte global stores.
// CHECK: module attributes {{.*}}tile.shared_bytes = 16384 : i64
// CHECK-LABEL: llvm.func @dot(
// CHECK-COUNT-2: "ld.global.v4.b32
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-COUNT-2: "ld.global.v4.b32
// CHECK: llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-4: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
// CHECK-COUNT-4: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32
// CHECK-COUNT-16: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: llvm.intr.fma
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-COUNT-8: "st.global.v4.b32
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: tile.
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32} {
func.func @dot(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %r64 = tile.make_range 0, 64 : tensor<64xi32>
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %c64c = arith.constant dense<64> : tensor<64x1xi32>
  %rows64 = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %cols32 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arow = arith.muli %rows64, %c32 : tensor<64x1xi32>
  %arowb = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %acolb = tile.broadcast %cols32 : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
  %rows32 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols64 = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %brow = arith.muli %rows32, %c64 : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tile.broadcast %cols64 : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %bs = tile.splat %b : tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %av, %bv, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %crow = arith.muli %rows64, %c64c : tensor<64x1xi32>
  %crowb = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = tile.broadcast %cols64 : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
}
