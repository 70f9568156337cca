// RUN: tile-opt %s | tile-opt | FileCheck %s
// Round trip of the tensor-core and shared-memory layouts (#tile.mma,
// #tile.wgmma, #tile.dot_operand, #tile.swizzled_shared, #tile.nvmma_shared),
// slices of every distributed parent, the !tile.memdesc type and the
// shared-memory ops (local_alloc with and without a source and offset,
// local_store, local_load, memdesc_subview, barrier), and Hopper's
// tile.warpgroup_dot (pendings elided at its default 0),
// tile.warpgroup_dot_wait and tile.fence_async_shared.

// CHECK-DAG: #[[BLOCKED:[^ ]+]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[BLOCKED3:[^ ]+]] = #tile.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>
// CHECK-DAG: #[[MMA:[^ ]+]] = #tile.mma<warpsPerCTA = [2, 2]>
// CHECK-DAG: #[[WGMMA:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-DAG: #[[WGMMA2:[^ ]+]] = #tile.wgmma<warpsPerCTA = [8, 2], instrN = 256>
// CHECK-DAG: #[[SHARED:[^ ]+]] = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-DAG: #[[SHAREDT:[^ ]+]] = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]>
// CHECK-DAG: #[[SHARED1D:[^ ]+]] = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
// CHECK-DAG: #[[NVMMA:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
// CHECK-DAG: #[[NVMMAT:[^ ]+]] = #tile.nvmma_shared<swizzle = 0, elementBits = 32, transposed = true>
// CHECK-DAG: #[[NV64:[^ ]+]] = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
// CHECK-DAG: #[[NV128T:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
// CHECK-DAG: #[[WG8:[^ ]+]] = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 128>
// CHECK-DAG: #[[WGT:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128, transposed = true>

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#wgmma2 = #tile.wgmma<warpsPerCTA = [8, 2], instrN = 256>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#dotA32 = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sharedT = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]>
#shared1d = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nvmma = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#nvmmaT = #tile.nvmma_shared<swizzle = 0, elementBits = 32, transposed = true>

// CHECK-LABEL: func.func @register_layouts
// CHECK-SAME: tensor<64x64xf32, #[[MMA]]>
// CHECK-SAME: tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
// CHECK-SAME: tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>>
// CHECK-SAME: tensor<64x8xf32, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 1>>
// CHECK-SAME: tensor<64x64xf32, #[[WGMMA]]>
// CHECK-SAME: tensor<128x512xf32, #[[WGMMA2]]>
func.func @register_layouts(%acc: tensor<64x64xf32, #mma>,
                            %a: tensor<64x32xf16, #dotA>,
                            %b: tensor<32x64xf16, #dotB>,
                            %a32: tensor<64x8xf32, #dotA32>,
                            %w: tensor<64x64xf32, #wgmma>,
                            %w2: tensor<128x512xf32, #wgmma2>) -> tensor<64x64xf32, #mma> {
  // A tensor-core product: factors in the dot operand layouts of the
  // accumulator's mma layout.
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>, tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>> -> tensor<64x64xf32, #[[MMA]]>
  %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  // Slices of an mma, a wgmma and a slice parent.
  // CHECK: tile.reduce max %{{.*}} {axis = 1 : i32} : tensor<64x64xf32, #[[MMA]]> -> tensor<64xf32, #tile.slice<dim = 1, parent = #[[MMA]]>>
  %r = tile.reduce max %d {axis = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64xf32, #tile.slice<dim = 1, parent = #mma>>
  // CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xf32, #tile.slice<dim = 1, parent = #[[MMA]]>> -> tensor<64x1xf32, #[[MMA]]>
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<64xf32, #tile.slice<dim = 1, parent = #mma>> -> tensor<64x1xf32, #mma>
  // CHECK: tile.reduce sum %{{.*}} {axis = 0 : i32} : tensor<64x64xf32, #[[WGMMA]]> -> tensor<64xf32, #tile.slice<dim = 0, parent = #[[WGMMA]]>>
  %ws = tile.reduce sum %w {axis = 0 : i32} : tensor<64x64xf32, #wgmma> -> tensor<64xf32, #tile.slice<dim = 0, parent = #wgmma>>
  // CHECK: tile.make_range 0, 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.slice<dim = 2, parent = #[[BLOCKED3]]>>>
  %nested = tile.make_range 0, 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.slice<dim = 2, parent = #tile.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>>>>
  // CHECK: tile.convert_layout %{{.*}} : tensor<64x64xf32, #[[WGMMA]]> -> tensor<64x64xf32, #[[MMA]]>
  %c = tile.convert_layout %w : tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #mma>
  return %d : tensor<64x64xf32, #mma>
}

// CHECK-LABEL: func.func @memdesc_types
// CHECK-SAME: !tile.memdesc<64x32xf16, #[[SHARED]]>
// CHECK-SAME: !tile.memdesc<2x64x32xf16, #[[SHARED]]>
// CHECK-SAME: !tile.memdesc<128x64xbf16, #[[NVMMA]]>
// CHECK-SAME: !tile.memdesc<32x32xf32, #[[NVMMAT]]>
// CHECK-SAME: !tile.memdesc<16x8xi8, #[[SHAREDT]]>
// CHECK-SAME: !tile.memdesc<5x32xf32, #[[SHARED1D]]>
func.func @memdesc_types(%m0: !tile.memdesc<64x32xf16, #shared>,
                         %m1: !tile.memdesc<2x64x32xf16, #shared>,
                         %m2: !tile.memdesc<128x64xbf16, #nvmma>,
                         %m3: !tile.memdesc<32x32xf32, #nvmmaT>,
                         %m4: !tile.memdesc<16x8xi8, #sharedT>,
                         %m5: !tile.memdesc<5x32xf32, #shared1d>) {
  return
}

// CHECK-LABEL: func.func @shared_ops
func.func @shared_ops(%x: tensor<64x32xf16, #blocked>, %i: i32) -> (tensor<64x32xf16, #dotA>, tensor<64x32xf16, #blocked>) {
  // CHECK: %[[A:.*]] = tile.local_alloc %{{.*}} : tensor<64x32xf16, #[[BLOCKED]]> -> !tile.memdesc<64x32xf16, #[[SHARED]]>
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  // CHECK: %[[B:.*]] = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<64x32xf16, #[[SHARED]]>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<64x32xf16, #shared>
  // CHECK: tile.local_alloc %{{.*}} : tensor<64x32xf16, #[[BLOCKED]]> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #[[SHARED]]>
  %c = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  // CHECK: tile.local_store %{{.*}}, %[[B]] : tensor<64x32xf16, #[[BLOCKED]]> -> !tile.memdesc<64x32xf16, #[[SHARED]]>
  tile.local_store %x, %b : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  // CHECK: tile.barrier
  tile.barrier
  // CHECK: tile.local_load %[[A]] : !tile.memdesc<64x32xf16, #[[SHARED]]> -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>>
  %l = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
  // CHECK: %[[S:.*]] = tile.local_alloc -> !tile.memdesc<4x64x32xf16, #[[SHARED]]>
  %stack = tile.local_alloc -> !tile.memdesc<4x64x32xf16, #shared>
  // CHECK: %[[V:.*]] = tile.memdesc_subview %[[S]][%{{.*}}] : !tile.memdesc<4x64x32xf16, #[[SHARED]]> -> !tile.memdesc<64x32xf16, #[[SHARED]]>
  %view = tile.memdesc_subview %stack[%i] : !tile.memdesc<4x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  // CHECK: tile.local_load %[[V]] : !tile.memdesc<64x32xf16, #[[SHARED]]> -> tensor<64x32xf16, #[[BLOCKED]]>
  %m = tile.local_load %view : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %l, %m : tensor<64x32xf16, #dotA>, tensor<64x32xf16, #blocked>
}

// Stages of a stack of buffers in an nvmma layout; an unencoded tensor.
// CHECK-LABEL: func.func @nvmma_stack
func.func @nvmma_stack(%x: tensor<128x64xbf16>, %i: i32) -> tensor<128x64xbf16> {
  // CHECK: tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x128x64xbf16, #[[NVMMA]]>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x128x64xbf16, #nvmma>
  // CHECK: tile.memdesc_subview %{{.*}}[%{{.*}}] : !tile.memdesc<2x128x64xbf16, #[[NVMMA]]> -> !tile.memdesc<128x64xbf16, #[[NVMMA]]>
  %v = tile.memdesc_subview %s[%i] : !tile.memdesc<2x128x64xbf16, #nvmma> -> !tile.memdesc<128x64xbf16, #nvmma>
  // CHECK: tile.local_store %{{.*}}, %{{.*}} : tensor<128x64xbf16> -> !tile.memdesc<128x64xbf16, #[[NVMMA]]>
  tile.local_store %x, %v : tensor<128x64xbf16> -> !tile.memdesc<128x64xbf16, #nvmma>
  // CHECK: tile.local_load %{{.*}} : !tile.memdesc<128x64xbf16, #[[NVMMA]]> -> tensor<128x64xbf16>
  %l = tile.local_load %v : !tile.memdesc<128x64xbf16, #nvmma> -> tensor<128x64xbf16>
  return %l : tensor<128x64xbf16>
}

// wgmma products: fp16 with a K-major A (64-byte swizzle) and an MN-major B
// on one warpgroup, the fence, a second product left running
// (pendings = 1), and the wait that completes it; bf16 on two warpgroups
// with a transposed (K-major) B.
// (#wgmma and #nvmma, swizzle 128, are the ones above.)
#wgmma8 = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 128>
#nvmma64 = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvmma128T = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
// CHECK-LABEL: func.func @warpgroup_dot(
// CHECK-SAME: %[[A:[^:]*]]: !tile.memdesc<64x32xf16, #[[NV64]]>, %[[B:[^:]*]]: !tile.memdesc<32x64xf16, #[[NVMMA]]>, %[[C:[^:]*]]: tensor<64x64xf32, #[[WGMMA]]>
// CHECK-NEXT: tile.fence_async_shared{{$}}
// CHECK-NEXT: %[[D0:.*]] = tile.warpgroup_dot %[[A]], %[[B]], %[[C]] : !tile.memdesc<64x32xf16, #[[NV64]]>, !tile.memdesc<32x64xf16, #[[NVMMA]]> -> tensor<64x64xf32, #[[WGMMA]]>{{$}}
// CHECK-NEXT: %[[D1:.*]] = tile.warpgroup_dot %[[A]], %[[B]], %[[D0]] {pendings = 1 : i32} : !tile.memdesc<64x32xf16, #[[NV64]]>, !tile.memdesc<32x64xf16, #[[NVMMA]]> -> tensor<64x64xf32, #[[WGMMA]]>
// CHECK-NEXT: %[[W:.*]] = tile.warpgroup_dot_wait %[[D1]] {pendings = 0 : i32} : tensor<64x64xf32, #[[WGMMA]]>
// CHECK-NEXT: %[[E:.*]] = tile.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tile.memdesc<128x64xbf16, #[[NVMMA]]>, !tile.memdesc<64x128xbf16, #[[NV128T]]> -> tensor<128x128xf32, #[[WG8]]>{{$}}
// CHECK-NEXT: return %[[W]], %[[E]]
func.func @warpgroup_dot(%a: !tile.memdesc<64x32xf16, #nvmma64>, %b: !tile.memdesc<32x64xf16, #nvmma>, %c: tensor<64x64xf32, #wgmma>,
                         %a2: !tile.memdesc<128x64xbf16, #nvmma>, %b2: !tile.memdesc<64x128xbf16, #nvmma128T>, %c2: tensor<128x128xf32, #wgmma8>)
    -> (tensor<64x64xf32, #wgmma>, tensor<128x128xf32, #wgmma8>) {
  tile.fence_async_shared
  %d0 = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<64x32xf16, #nvmma64>, !tile.memdesc<32x64xf16, #nvmma> -> tensor<64x64xf32, #wgmma>
  %d1 = tile.warpgroup_dot %a, %b, %d0 {pendings = 1 : i32} : !tile.memdesc<64x32xf16, #nvmma64>, !tile.memdesc<32x64xf16, #nvmma> -> tensor<64x64xf32, #wgmma>
  %w = tile.warpgroup_dot_wait %d1 {pendings = 0 : i32} : tensor<64x64xf32, #wgmma>
  %e = tile.warpgroup_dot %a2, %b2, %c2 {pendings = 0 : i32} : !tile.memdesc<128x64xbf16, #nvmma>, !tile.memdesc<64x128xbf16, #nvmma128T> -> tensor<128x128xf32, #wgmma8>
  return %w, %e : tensor<64x64xf32, #wgmma>, tensor<128x128xf32, #wgmma8>
}

// A tf32 product computed transposed (D^T = B^T A^T): the accumulator in a
// transposed #tile.wgmma (instrN = M, warps along N), B in registers as its
// dot operand 1, A in a K-major buffer.
#wgmmaT = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128, transposed = true>
#dotBT = #tile.dot_operand<opIdx = 1, parent = #wgmmaT, kWidth = 1>
#nvmma32 = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
// CHECK-LABEL: func.func @warpgroup_dot_transposed(
// CHECK: tile.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tile.memdesc<128x32xf32, #{{[^>]+}}>, tensor<32x128xf32, #tile.dot_operand<opIdx = 1, parent = #[[WGT]], kWidth = 1>> -> tensor<128x128xf32, #[[WGT]]>{{$}}
func.func @warpgroup_dot_transposed(%a: !tile.memdesc<128x32xf32, #nvmma32>, %b: tensor<32x128xf32, #dotBT>, %c: tensor<128x128xf32, #wgmmaT>) -> tensor<128x128xf32, #wgmmaT> {
  %d = tile.warpgroup_dot %a, %b, %c : !tile.memdesc<128x32xf32, #nvmma32>, tensor<32x128xf32, #dotBT> -> tensor<128x128xf32, #wgmmaT>
  return %d : tensor<128x128xf32, #wgmmaT>
}

// A register A (16-bit, #tile.dot_operand<opIdx = 0> of the untransposed
// accumulator layout) times B read through a transposed view.
#wgmmaR = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64>
#dotAR = #tile.dot_operand<opIdx = 0, parent = #wgmmaR, kWidth = 2>
#nvK = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#nvKT = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
// CHECK-LABEL: func.func @warpgroup_dot_register_a(
// CHECK: %[[KT:.*]] = tile.memdesc_trans %{{.*}} : !tile.memdesc<64x64xf16, #{{[^>]+}}> -> !tile.memdesc<64x64xf16, #{{[^>]+}}>
// CHECK-NEXT: tile.warpgroup_dot %{{.*}}, %[[KT]], %{{.*}} : tensor<128x64xf16, #tile.dot_operand<opIdx = 0, parent = #{{[^,]+}}, kWidth = 2>>, !tile.memdesc<64x64xf16, #{{[^>]+}}> -> tensor<128x64xf32, #{{[^>]+}}>{{$}}
func.func @warpgroup_dot_register_a(%a: tensor<128x64xf16, #dotAR>, %k: !tile.memdesc<64x64xf16, #nvK>, %c: tensor<128x64xf32, #wgmmaR>) -> tensor<128x64xf32, #wgmmaR> {
  %kt = tile.memdesc_trans %k : !tile.memdesc<64x64xf16, #nvK> -> !tile.memdesc<64x64xf16, #nvKT>
  %d = tile.warpgroup_dot %a, %kt, %c : tensor<128x64xf16, #dotAR>, !tile.memdesc<64x64xf16, #nvKT> -> tensor<128x64xf32, #wgmmaR>
  return %d : tensor<128x64xf32, #wgmmaR>
}
