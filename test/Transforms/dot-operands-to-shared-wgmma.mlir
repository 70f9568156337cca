// RUN: tile-opt %s -split-input-file -tile-dot-operands-to-shared | FileCheck %s
// tile-dot-operands-to-shared on a tile.dot with a #tile.wgmma accumulator
// (tile-assign-layouts gives it on sm_90a; its factors keep their load
// layouts): each factor goes into its own tile.local_alloc, right before the
// product, in a #tile.nvmma_shared buffer (PTX's canonical swizzle as wide
// as the factor's contiguous rows: 32, 64 or at most 128 bytes; transposed
// when the source holds dimension 0 contiguously), and the product becomes
// a tile.warpgroup_dot of the two buffers and the accumulator (pendings
// left at 0). No local_load, no tile.dot, no conversion remains. A
// product with an mma accumulator beside it keeps the ldmatrix path
// (dot-operands-to-shared.mlir). The last case, attention's loop: a
// register A, a transposed factor, and a factor stored before its loop.

#blockedA = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blockedB = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>

// A 64x32 f16 with K contiguous: rows of 64 bytes, the 64-byte swizzle.
// B 32x64 f16 with N contiguous: rows of 128 bytes, the 128-byte swizzle;
// neither transposed.
// CHECK-DAG: #[[BA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4]
// CHECK-DAG: #[[BB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8]
// CHECK-DAG: #[[SA:[^ ]+]] = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
// CHECK-DAG: #[[SB:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
// CHECK-DAG: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-LABEL: func.func @ab(
// CHECK-SAME: %[[A:[^:]*]]: tensor<64x32xf16, #[[BA]]>, %[[B:[^:]*]]: tensor<32x64xf16, #[[BB]]>, %[[ACC:[^:]*]]: tensor<64x64xf32, #[[WG]]>)
// CHECK-NEXT: %[[MA:.*]] = tile.local_alloc %[[A]] : tensor<64x32xf16, #[[BA]]> -> !tile.memdesc<64x32xf16, #[[SA]]>
// CHECK-NEXT: %[[MB:.*]] = tile.local_alloc %[[B]] : tensor<32x64xf16, #[[BB]]> -> !tile.memdesc<32x64xf16, #[[SB]]>
// CHECK-NEXT: %[[D:.*]] = tile.warpgroup_dot %[[MA]], %[[MB]], %[[ACC]] : !tile.memdesc<64x32xf16, #[[SA]]>, !tile.memdesc<32x64xf16, #[[SB]]> -> tensor<64x64xf32, #[[WG]]>{{$}}
// CHECK-NEXT: return %[[D]]
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @ab(%a: tensor<64x32xf16, #blockedA>, %b: tensor<32x64xf16, #blockedB>, %acc: tensor<64x64xf32, #wgmma>) -> tensor<64x64xf32, #wgmma> {
  %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #blockedA>, tensor<32x64xf16, #blockedB> -> tensor<64x64xf32, #wgmma>
  return %d : tensor<64x64xf32, #wgmma>
}
}

// -----

// Column-major sources (dimension 0 contiguous in each thread): B^T loaded
// with K fastest keeps K contiguous, rows of 32 K elements (64 bytes):
// the 64-byte swizzle, transposed (a K-major B); A loaded with M fastest
// keeps M contiguous, rows of 64 M elements (128 bytes): the 128-byte
// swizzle, transposed (an MN-major A).
#colA = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#colB = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-DAG: #[[TB:[^ ]+]] = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = true>
// CHECK-DAG: #[[TA:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
// CHECK-LABEL: func.func @column_major(
// CHECK-NEXT: %[[MA:.*]] = tile.local_alloc %{{.*}} : tensor<64x32xf16, #{{[^ ]+}}> -> !tile.memdesc<64x32xf16, #[[TA]]>
// CHECK-NEXT: %[[MB:.*]] = tile.local_alloc %{{.*}} : tensor<32x64xf16, #{{[^ ]+}}> -> !tile.memdesc<32x64xf16, #[[TB]]>
// CHECK-NEXT: tile.warpgroup_dot %[[MA]], %[[MB]], %{{.*}} : !tile.memdesc<64x32xf16, #[[TA]]>, !tile.memdesc<32x64xf16, #[[TB]]> -> tensor<64x64xf32, #{{[^ ]+}}>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @column_major(%a: tensor<64x32xf16, #colA>, %b: tensor<32x64xf16, #colB>, %acc: tensor<64x64xf32, #wgmma>) -> tensor<64x64xf32, #wgmma> {
  %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #colA>, tensor<32x64xf16, #colB> -> tensor<64x64xf32, #wgmma>
  return %d : tensor<64x64xf32, #wgmma>
}
}

// -----

// Other widths: bf16 128x64 x 64x128 (rows of 128 and 256 bytes: the
// swizzle stops at 128), and fp16 64x16 x 16x64 (A's rows of 32 bytes: the
// 32-byte swizzle).
#b64 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b128 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#b16 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]>
#wgmma128 = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-DAG: #[[S32:[^ ]+]] = #tile.nvmma_shared<swizzle = 32, elementBits = 16, transposed = false>
// CHECK-DAG: #[[S128:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
// CHECK-LABEL: func.func @widths(
// CHECK: tile.local_alloc %{{.*}} -> !tile.memdesc<128x64xbf16, #[[S128]]>
// CHECK-NEXT: tile.local_alloc %{{.*}} -> !tile.memdesc<64x128xbf16, #[[S128]]>
// CHECK-NEXT: tile.warpgroup_dot {{.*}} -> tensor<128x128xf32,
// CHECK-NEXT: tile.local_alloc %{{.*}} -> !tile.memdesc<64x16xf16, #[[S32]]>
// CHECK-NEXT: tile.local_alloc %{{.*}} -> !tile.memdesc<16x64xf16, #[[S128]]>
// CHECK-NEXT: tile.warpgroup_dot {{.*}} -> tensor<64x64xf32,
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @widths(%a: tensor<128x64xbf16, #b64>, %b: tensor<64x128xbf16, #b128>, %acc: tensor<128x128xf32, #wgmma128>,
                  %a2: tensor<64x16xf16, #b16>, %b2: tensor<16x64xf16, #b64>, %acc2: tensor<64x64xf32, #wgmma>)
    -> (tensor<128x128xf32, #wgmma128>, tensor<64x64xf32, #wgmma>) {
  %d = tile.dot %a, %b, %acc : tensor<128x64xbf16, #b64>, tensor<64x128xbf16, #b128> -> tensor<128x128xf32, #wgmma128>
  %d2 = tile.dot %a2, %b2, %acc2 : tensor<64x16xf16, #b16>, tensor<16x64xf16, #b64> -> tensor<64x64xf32, #wgmma>
  return %d, %d2 : tensor<128x128xf32, #wgmma128>, tensor<64x64xf32, #wgmma>
}
}

// -----

// The K loop: the loads, their buffers and the product stay in the body,
// the accumulator carried. A product with an mma accumulator after the loop
// keeps its conversions' swizzled buffers and ldmatrix reads.
#blockedA = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blockedB = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
// CHECK-DAG: #[[LA:[^ ]+]] = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
// CHECK-DAG: #[[LB:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
// CHECK-DAG: #[[SW:[^ ]+]] = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-LABEL: func.func @in_loop(
// CHECK: scf.for
// CHECK-NEXT: %[[X:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<f16>
// CHECK-NEXT: %[[Y:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>
// CHECK-NEXT: %[[MA:.*]] = tile.local_alloc %[[X]] : {{.*}} -> !tile.memdesc<64x32xf16, #[[LA]]>
// CHECK-NEXT: %[[MB:.*]] = tile.local_alloc %[[Y]] : {{.*}} -> !tile.memdesc<32x64xf16, #[[LB]]>
// CHECK-NEXT: %[[D:.*]] = tile.warpgroup_dot %[[MA]], %[[MB]], %{{.*}} :
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: %[[M:.*]] = tile.local_alloc %{{.*}} -> !tile.memdesc<64x32xf16, #[[SW]]>
// CHECK: tile.local_load %[[M]] : !tile.memdesc<64x32xf16, #[[SW]]> -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0
// CHECK: tile.dot
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @in_loop(%pa: tensor<64x32x!tile.ptr<f16>, #blockedA>, %pb: tensor<32x64x!tile.ptr<f16>, #blockedB>, %acc: tensor<64x64xf32, #wgmma>,
                   %a: tensor<64x32xf16, #blockedA>, %b: tensor<32x64xf16, #dotB>, %acc2: tensor<64x64xf32, #mma>, %n: index)
    -> (tensor<64x64xf32, #wgmma>, tensor<64x64xf32, #mma>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #wgmma>) {
    %va = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blockedA>
    %vb = tile.load %pb : tensor<32x64x!tile.ptr<f16>, #blockedB>
    %d = tile.dot %va, %vb, %x : tensor<64x32xf16, #blockedA>, tensor<32x64xf16, #blockedB> -> tensor<64x64xf32, #wgmma>
    scf.yield %d : tensor<64x64xf32, #wgmma>
  }
  %ca = tile.convert_layout %a : tensor<64x32xf16, #blockedA> -> tensor<64x32xf16, #dotA>
  %e = tile.dot %ca, %b, %acc2 : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  return %r, %e : tensor<64x64xf32, #wgmma>, tensor<64x64xf32, #mma>
}
}

// -----

// A transposed product (tf32, D^T = B^T A^T): A goes into a K-major
// buffer, wgmma's shared operand; B, contiguous along N, into a 128-byte
// swizzled buffer in its own orientation and back out into the registers
// wgmma reads (#tile.dot_operand<opIdx = 1> of the transposed layout), and
// the product takes those registers.
#ba = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#bb = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#wgt = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128, transposed = true>
// CHECK-DAG: #[[S32:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
// CHECK-DAG: #[[WGT:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128, transposed = true>
// CHECK-LABEL: func.func @transposed(
// CHECK-SAME: %[[A:[^:]*]]: tensor<128x32xf32, #{{[^>]+}}>, %[[B:[^:]*]]: tensor<32x128xf32, #{{[^>]+}}>, %[[ACC:[^:]*]]: tensor<128x128xf32, #[[WGT]]>)
// CHECK-NEXT: %[[MA:.*]] = tile.local_alloc %[[A]] : {{.*}} -> !tile.memdesc<128x32xf32, #[[S32]]>
// CHECK-NEXT: %[[MB:.*]] = tile.local_alloc %[[B]] : {{.*}} -> !tile.memdesc<32x128xf32, #[[S32]]>
// CHECK-NEXT: %[[RB:.*]] = tile.local_load %[[MB]] : !tile.memdesc<32x128xf32, #[[S32]]> -> tensor<32x128xf32, #tile.dot_operand<opIdx = 1, parent = #[[WGT]], kWidth = 1>>
// CHECK-NEXT: %[[D:.*]] = tile.warpgroup_dot %[[MA]], %[[RB]], %[[ACC]] : !tile.memdesc<128x32xf32, #[[S32]]>, tensor<32x128xf32, #tile.dot_operand<opIdx = 1, parent = #[[WGT]], kWidth = 1>> -> tensor<128x128xf32, #[[WGT]]>{{$}}
// CHECK-NEXT: return %[[D]]
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @transposed(%a: tensor<128x32xf32, #ba>, %b: tensor<32x128xf32, #bb>, %acc: tensor<128x128xf32, #wgt>) -> tensor<128x128xf32, #wgt> {
  %d = tile.dot %a, %b, %acc : tensor<128x32xf32, #ba>, tensor<32x128xf32, #bb> -> tensor<128x128xf32, #wgt>
  return %d : tensor<128x128xf32, #wgt>
}
}

// -----

// Attention's loop: Q does not change in the loop, so its buffer is filled
// once, before it; K.T is stored as K was loaded and read through a
// transposed view (so the pipeliner can copy K into the buffer), and the
// transpose goes; P, the first product's accumulator rounded to f16, is
// already where wgmma's register operand A wants it: a register-only
// conversion, no buffer.
#bq = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#bkt = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]>
#acc = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64>
// CHECK-DAG: #[[S:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
// CHECK-DAG: #[[ST:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
// CHECK-DAG: #[[ACC:[^ ]+]] = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64>
// CHECK-LABEL: func.func @attention(
// CHECK-SAME: %[[Q:[^:]*]]: tensor<128x64xf16,
// CHECK: %[[QS:.*]] = tile.local_alloc %[[Q]] : {{.*}} -> !tile.memdesc<128x64xf16, #[[S]]>
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[K:.*]] = tile.load
// CHECK-NEXT: %[[KS:.*]] = tile.local_alloc %[[K]] : tensor<64x64xf16, #{{[^>]+}}> -> !tile.memdesc<64x64xf16, #[[S]]>
// CHECK-NEXT: %[[KT:.*]] = tile.memdesc_trans %[[KS]] : !tile.memdesc<64x64xf16, #[[S]]> -> !tile.memdesc<64x64xf16, #[[ST]]>
// CHECK-NEXT: %[[QK:.*]] = tile.warpgroup_dot %[[QS]], %[[KT]], %{{.*}} : !tile.memdesc<128x64xf16, #[[S]]>, !tile.memdesc<64x64xf16, #[[ST]]> -> tensor<128x64xf32, #[[ACC]]>
// CHECK-NEXT: %[[P:.*]] = arith.truncf %[[QK]]
// CHECK-NEXT: %[[V:.*]] = tile.load
// CHECK-NEXT: %[[PR:.*]] = tile.convert_layout %[[P]] : tensor<128x64xf16, #[[ACC]]> -> tensor<128x64xf16, #tile.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>>
// CHECK-NEXT: %[[VS:.*]] = tile.local_alloc %[[V]] : {{.*}} -> !tile.memdesc<64x64xf16, #[[S]]>
// CHECK-NEXT: tile.warpgroup_dot %[[PR]], %[[VS]], %{{.*}} : tensor<128x64xf16, #tile.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>>, !tile.memdesc<64x64xf16, #[[S]]> -> tensor<128x64xf32, #[[ACC]]>
// CHECK-NOT: tile.trans
// CHECK-NOT: tile.local_load
module attributes {tile.target = "sm_90a", tile.num_warps = 8 : i32} {
func.func @attention(%q: tensor<128x64xf16, #bq>, %pk: tensor<64x64x!tile.ptr<f16>, #bq>, %pv: tensor<64x64x!tile.ptr<f16>, #bq>, %n: index) -> tensor<128x64xf32, #acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #acc>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%o = %zero) -> (tensor<128x64xf32, #acc>) {
    %k = tile.load %pk : tensor<64x64x!tile.ptr<f16>, #bq>
    %kt = tile.trans %k, [1, 0] : tensor<64x64xf16, #bq> -> tensor<64x64xf16, #bkt>
    %s = tile.dot %q, %kt, %zero : tensor<128x64xf16, #bq>, tensor<64x64xf16, #bkt> -> tensor<128x64xf32, #acc>
    %p = arith.truncf %s : tensor<128x64xf32, #acc> to tensor<128x64xf16, #acc>
    %v = tile.load %pv : tensor<64x64x!tile.ptr<f16>, #bq>
    %d = tile.dot %p, %v, %o : tensor<128x64xf16, #acc>, tensor<64x64xf16, #bq> -> tensor<128x64xf32, #acc>
    scf.yield %d : tensor<128x64xf32, #acc>
  }
  return %r : tensor<128x64xf32, #acc>
}
}
