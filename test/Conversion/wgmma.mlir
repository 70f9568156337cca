// RUN: split-file %s %t
// RUN: tile-opt %t/lowering.mlir -split-input-file -tile-to-llvm | FileCheck %t/lowering.mlir
// RUN: tile-opt %t/errors.mlir -split-input-file -tile-to-llvm -verify-diagnostics=only-expected
// Lowering of tile.warpgroup_dot (wgmma, sm_90a) with explicit layouts and
// offsets, as tile-allocate-shared and tile-insert-barriers leave them:
// wgmma.fence, then per 64-row tile of the warpgroup one asm statement
// with a wgmma.mma_async m64nNk16 per 16 elements of K, its 32 (N / 2)
// accumulators tied in and out once ("=f" x 32, "0".."31"), two 64-bit
// matrix descriptors per K step ("l") and scale-d for the first step ("r";
// 0 for a product from zero, whose accumulators are then undef; the later
// steps take predicate q, true), then wgmma.commit_group and
// wgmma.wait_group <pendings>. One statement per tile leaves LLVM no
// accumulator copies to place between instructions (ptxas serializes
// every wgmma when a move reads registers wgmma is writing, C7514). A
// descriptor is (address & 0x3ffff) >> 4, in 32 bits, zero-extended and
// or-ed with a constant: the leading byte offset >> 4 at bit 16 (1 for a
// K-major factor; rows x swizzle for an MN-major one), the stride byte
// offset (8 rows x swizzle) >> 4 at bit 32 and the swizzle mode at bit 62
// (1: 128 bytes, 2: 64, 3: 32). The transpose flags say whether A and B are
// MN-major (A with M contiguous, B with N contiguous: #tile.nvmma_shared
// transposed = true for A, false for B). Later K steps and tiles add their
// byte offset / 16 to the first descriptor. tile.fence_async_shared is
// fence.proxy.async.shared::cta; tile.warpgroup_dot_wait a wait_group on the
// tied accumulators. The shared array is 1024-byte aligned when a buffer is
// an nvmma one. A transposed product (tf32, B in registers) is the last
// case of lowering.mlir. errors.mlir: the shapes the lowering refuses.

//--- lowering.mlir

// fp16 64x64x32 on one warpgroup. A 64x32 K-major in the 64-byte swizzle
// at 0: SBO 8 x 64 = 512 bytes (32 at bit 32), LBO 1, mode 2:
// 0x8000002000010000. B 32x64 MN-major in the 128-byte swizzle at 4096:
// SBO 1024 bytes (64), LBO 32 rows x 128 = 4096 bytes (256), mode 1:
// 0x4000004001000000. Transpose flags 0 (A K-major), 1 (B MN-major). The
// second K step starts 16 elements on: 32 bytes into A's rows, 16 rows
// (2048 bytes) into B. The accumulator is zero: scale-d 0 for the first
// step, undef inputs.
// CHECK: llvm.mlir.global external @tile_shared() {addr_space = 3 : i32, alignment = 1024 : i64}
// CHECK-LABEL: llvm.func @f16(
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "fence.proxy.async.shared::cta;", ""
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[A:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK-NEXT: %[[B:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK: %[[AM:.*]] = llvm.and %[[A]], %{{.*}} : i32
// CHECK-NEXT: %[[AS:.*]] = llvm.lshr %[[AM]], %{{.*}} : i32
// CHECK-NEXT: %[[AC:.*]] = llvm.mlir.constant(-9223371899415756800 : i64) : i64
// CHECK-NEXT: %[[AX:.*]] = llvm.zext %[[AS]] : i32 to i64
// CHECK-NEXT: %[[AD0:.*]] = llvm.or %[[AX]], %[[AC]] : i64
// CHECK: %[[BM:.*]] = llvm.and %[[B]], %{{.*}} : i32
// CHECK-NEXT: %[[BS:.*]] = llvm.lshr %[[BM]], %{{.*}} : i32
// CHECK-NEXT: %[[BC:.*]] = llvm.mlir.constant(4611686293322072064 : i64) : i64
// CHECK-NEXT: %[[BX:.*]] = llvm.zext %[[BS]] : i32 to i64
// CHECK-NEXT: %[[BD0:.*]] = llvm.or %[[BX]], %[[BC]] : i64
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;", ""
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : f32
// Later K steps advance the descriptors by their byte offset over 16:
// A by 32 / 16, B by 2048 / 16.
// CHECK: %[[AO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[AD1:.*]] = llvm.add %[[AD0]], %[[AO]] : i64
// CHECK-NEXT: %[[BO:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-NEXT: %[[BD1:.*]] = llvm.add %[[BD0]], %[[BO]] : i64
// CHECK-NEXT: %[[M0:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "{ .reg .pred p, q; setp.ne.b32 p, $68, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1, 0, 1; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $66, $67, q, 1, 1, 0, 1; }", "{{(=f,){32}(([0-9]|[12][0-9]|3[01]),){32}l}},l,l,l,r" %[[U]], {{.*}}, %[[AD0]], %[[BD0]], %[[AD1]], %[[BD1]], %[[Z]] : ({{.*}}) -> !llvm.struct<(f32, {{.*}})>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[M0]][0]
// CHECK-NOT: wgmma.mma_async
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.commit_group.sync.aligned;", ""
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;", "{{(=f,){32}(([0-9]|[12][0-9]|3[01]),){31}31}}"
// CHECK-NOT: wgmma
// CHECK: llvm.return
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @f16(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  tile.fence_async_shared
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// B column-major (transposed = true: K contiguous, 64-byte rows of 32 K
// elements): K-major, flags 0, 0; B's descriptor is A's kind (LBO 1, SBO
// 512, mode 2) and its second K step is 32 bytes on, like A's.
// CHECK-LABEL: llvm.func @kmajor_b(
// CHECK: llvm.mlir.constant(-9223371899415756800 : i64)
// CHECK: llvm.mlir.constant(-9223371899415756800 : i64)
// CHECK: %[[AO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: llvm.add %{{.*}}, %[[AO]] : i64
// CHECK-NEXT: %[[BO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: llvm.add %{{.*}}, %[[BO]] : i64
// CHECK-NEXT: llvm.inline_asm {{.*}}"{ .reg .pred p, q; setp.ne.b32 p, $68, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $66, $67, q, 1, 1, 0, 0; }"
// CHECK-NOT: wgmma.mma_async
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = true>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @kmajor_b(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  tile.fence_async_shared
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// A column-major (transposed = true: M contiguous, 128-byte rows of 64 M
// elements): MN-major, flags 1, 1; A's descriptor is B's kind (32 rows x
// 128 bytes = LBO 256, SBO 64, mode 1) and its K step 16 rows (2048 bytes).
// CHECK-LABEL: llvm.func @mnmajor_a(
// CHECK-COUNT-2: llvm.mlir.constant(4611686293322072064 : i64)
// CHECK-COUNT-2: llvm.mlir.constant(128 : i64)
// CHECK: llvm.inline_asm {{.*}}"{ .reg .pred p, q; setp.ne.b32 p, $68, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1, 1, 1; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $66, $67, q, 1, 1, 1, 1; }"
// CHECK-NOT: wgmma.mma_async
#nvA = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @mnmajor_a(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  tile.fence_async_shared
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// bf16 64x64x16: one K step. A's rows are 32 bytes (the 32-byte swizzle:
// SBO 256 bytes = 16, mode 3: 0xC000001000010000); B has 16 rows (LBO
// 16 x 128 = 2048 bytes = 128: 0x4000004000800000).
// CHECK-LABEL: llvm.func @bf16(
// CHECK: llvm.mlir.constant(-4611685949707845632 : i64)
// CHECK: llvm.mlir.constant(4611686293313683456 : i64)
// CHECK: llvm.inline_asm {{.*}}"{ .reg .pred p, q; setp.ne.b32 p, $66, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1, 0, 1; }", "{{(=f,){32}(([0-9]|[12][0-9]|3[01]),){32}l}},l,r"
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK-NEXT: "wgmma.wait_group.sync.aligned 0;"
#nvA = #tile.nvmma_shared<swizzle = 32, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4096 : i64} {
func.func @bf16(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x16xbf16, #nvA>
  %b = tile.local_alloc {offset = 2048 : i64} -> !tile.memdesc<16x64xbf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  tile.fence_async_shared
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x16xbf16, #nvA>, !tile.memdesc<16x64xbf16, #nvB> -> tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// pendings = 1 leaves one group running (wait_group 1); the
// tile.warpgroup_dot_wait after it completes it (wait_group 0), on the
// product's accumulators.
// CHECK-LABEL: llvm.func @pendings(
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK-NEXT: %[[W:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 1;"
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[W]][0]
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;", "{{[^"]*}}" %[[R0]],
// CHECK-NOT: wgmma
// CHECK: llvm.return
#nvA = #tile.nvmma_shared<swizzle = 32, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4096 : i64} {
func.func @pendings(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x16xf16, #nvA>
  %b = tile.local_alloc {offset = 2048 : i64} -> !tile.memdesc<16x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  tile.fence_async_shared
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero {pendings = 1 : i32} : !tile.memdesc<64x16xf16, #nvA>, !tile.memdesc<16x64xf16, #nvB> -> tensor<64x64xf32, #wg>
  %d2 = tile.warpgroup_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d2 : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// 128x64 on one warpgroup: two m64 tiles, the second 64 rows (64 x 64
// bytes = 4096) into A; one statement per tile with its 2 K steps.
// Descriptors advance by offset / 16: A by 32 / 16 = 2 for the first
// tile's second step, 4096 / 16 = 256 and 4128 / 16 = 258 for the second
// tile's; B by 2048 / 16 = 128.
// CHECK-LABEL: llvm.func @two_tiles(
// CHECK: %[[AO:.*]] = llvm.mlir.constant(2 : i64)
// CHECK: %[[BO:.*]] = llvm.mlir.constant(128 : i64)
// CHECK: llvm.inline_asm {{.*}}"{ .reg .pred p, q; setp.ne.b32 p, $68, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1, 0, 1; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $66, $67, q, 1, 1, 0, 1; }"
// CHECK: llvm.mlir.constant(256 : i64)
// CHECK: llvm.mlir.constant(258 : i64)
// CHECK: llvm.mlir.constant(128 : i64)
// CHECK: llvm.inline_asm {{.*}}"{ .reg .pred p, q; setp.ne.b32 p, $68, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1, 0, 1; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $66, $67, q, 1, 1, 0, 1; }"
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.wait_group.sync.aligned 0;", "{{(=f,){64}0,}}1,2,
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 12288 : i64} {
func.func @two_tiles(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<128x32xf16, #nvA>
  %b = tile.local_alloc {offset = 8192 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #wg>
  tile.fence_async_shared
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<128x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<128x64xf32, #wg>
  %p = tile.splat %c : tensor<128x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<128x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// 128x64 on two warpgroups (8 warps): warpgroup tid / 128 starts 64 rows
// (4096 bytes) further into A; one tile each, 2 K steps.
// CHECK-LABEL: llvm.func @warpgroups(
// CHECK: %[[A:.*]] = llvm.ptrtoint
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[G:.*]] = arith.divui %[[TID]], %[[C128]] : i32
// CHECK-NEXT: %[[C4096:.*]] = arith.constant 4096 : i32
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[G]], %[[C4096]] : i32
// CHECK-NEXT: %[[AG:.*]] = llvm.add %[[A]], %[[OFF]] : i32
// CHECK: %[[AM:.*]] = llvm.and %[[AG]]
// CHECK-NEXT: %[[AS:.*]] = llvm.lshr %[[AM]]
// CHECK: %[[AX:.*]] = llvm.zext %[[AS]]
// CHECK-NEXT: %[[AD:.*]] = llvm.or %[[AX]]
// CHECK: llvm.add %[[AD]]
// CHECK: llvm.inline_asm {{.*}}"{ .reg .pred p, q; setp.ne.b32 p, $68, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1, 0, 1; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $30, $31}, $66, $67, q, 1, 1, 0, 1; }"
// CHECK-NOT: wgmma.mma_async
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64>
module attributes {tile.num_warps = 8 : i32, tile.shared_bytes = 12288 : i64} {
func.func @warpgroups(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<128x32xf16, #nvA>
  %b = tile.local_alloc {offset = 8192 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #wg>
  tile.fence_async_shared
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<128x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<128x64xf32, #wg>
  %p = tile.splat %c : tensor<128x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<128x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// fp32 factors in tf32, both K-major (A with K contiguous, B transposed =
// true): per 8 of K one m64n64k8 .tf32 instruction with no transpose flags;
// 16 of K in 64-byte rows: the second K step is 32 bytes on in both (2 in
// the descriptors' units).
// CHECK-LABEL: llvm.func @tf32(
// CHECK: llvm.mlir.constant(2 : i64)
// CHECK: llvm.mlir.constant(2 : i64)
// CHECK: { .reg .pred p, q; setp.ne.b32 p, $68, 0; setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0, $1, {{.*}}, $30, $31}, $64, $65, p, 1, 1; wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0, $1, {{.*}}, $30, $31}, $66, $67, q, 1, 1; }
// CHECK-NOT: wgmma.mma_async
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 32, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 64, elementBits = 32, transposed = true>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @tf32(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x16xf32, #nvA>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<16x64xf32, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  tile.barrier
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x16xf32, #nvA>, !tile.memdesc<16x64xf32, #nvB> -> tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// A transposed tf32 product, 64x64x32 on one warpgroup (D^T = B^T A^T):
// B's fragments come from registers (a tile.local_load into the dot operand
// layout, 8-byte ld.shared here: one 64-row tile of N leaves a thread two
// consecutive elements), A is the instruction's K-major B operand: swizzle
// 128 at 0, SBO 1024 bytes (64 at bit 32), LBO 1, mode 1. Per K step of 8:
// one m64n64k8 .tf32 with the 32 accumulators tied, four b32 fragment
// registers ("r") and A's descriptor, 32 bytes (2) further each step. No
// transpose flags.
// CHECK-LABEL: llvm.func @tf32_transposed(
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK: %[[AC:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
// CHECK: %[[AD0:.*]] = llvm.or %{{.*}}, %[[AC]] : i64
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;", ""
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : f32 to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{ .reg .pred p; setp.ne.b32 p, $69, 0; wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0, $1, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1; }", "{{(=f,){32}(([0-9]|[12][0-9]|3[01]),){32}r,r,r,r,l,r}}" {{.*}}, %[[AD0]], %{{[^ ]+}} :
// CHECK: %[[AO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[AD1:.*]] = llvm.add %[[AD0]], %[[AO]] : i64
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : f32 to i32
// CHECK-NEXT: llvm.inline_asm {{.*}}m64n64k8.f32.tf32.tf32{{.*}}, %[[AD1]], %{{[^ ]+}} :
// CHECK-COUNT-2: m64n64k8.f32.tf32.tf32
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK: llvm.return
#nvA32 = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
#wgt = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>
#fragB = #tile.dot_operand<opIdx = 1, parent = #wgt, kWidth = 1>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 16384 : i64} {
func.func @tf32_transposed(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf32, #nvA32>
  %bs = tile.local_alloc {offset = 8192 : i64} -> !tile.memdesc<32x64xf32, #nvA32>
  %b = tile.local_load %bs : !tile.memdesc<32x64xf32, #nvA32> -> tensor<32x64xf32, #fragB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wgt>
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x32xf32, #nvA32>, tensor<32x64xf32, #fragB> -> tensor<64x64xf32, #wgt>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wgt>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wgt>
  return
}
}

// -----

// A in registers (attention's P @ V): the first product's accumulator,
// rounded to f16, converted to #tile.dot_operand<opIdx = 0> of the second
// product's layout by renumbering registers only (no shared memory). Each
// of A's four b32 fragment registers packs two f16 ((g, 2t..), (g+8, 2t..),
// (g, 2t+8..), (g+8, 2t+8..)), all of them before the fence (ptxas fences
// each instruction itself otherwise, C7519). B is the transposed view of a
// 64x32 buffer (tile.memdesc_trans: the same address): K-major, 64-byte
// swizzle, descriptor 0x8000002000010000; per K step of 16 one m64n64k16
// with the 32 accumulators tied ($32..$63 in), {$64..$67} from registers,
// B's descriptor (32 bytes, 2, further each step), scale-d, and one
// transpose flag (B's: 0).
// CHECK-LABEL: llvm.func @register_a(
// CHECK-NOT: llvm.load
// CHECK-NOT: llvm.store
// CHECK: %[[BC:.*]] = llvm.mlir.constant(-9223371899415756800 : i64) : i64
// CHECK: %[[BD0:.*]] = llvm.or %{{.*}}, %[[BC]] : i64
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;", ""
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{ .reg .pred p; setp.ne.b32 p, $69, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1, 0; }", "{{(=f,){32}(([0-9]|[12][0-9]|3[01]),){32}r,r,r,r,l,r}}" {{.*}}, %[[BD0]], %{{[^ ]+}} :
// CHECK: %[[BO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[BD1:.*]] = llvm.add %[[BD0]], %[[BO]] : i64
// CHECK: llvm.inline_asm {{.*}}m64n64k16.f32.f16.f16{{.*}}, %[[BD1]], %{{[^ ]+}} :
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK: llvm.return
#nvK = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvKT = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = true>
#wg32 = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 32>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#fragA = #tile.dot_operand<opIdx = 0, parent = #wg, kWidth = 2>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 4096 : i64} {
func.func @register_a(%c: !tile.ptr<f32>, %x: f32) {
  %s = tile.splat %x : tensor<64x32xf32, #wg32>
  %k = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvK>
  %kt = tile.memdesc_trans %k : !tile.memdesc<64x32xf16, #nvK> -> !tile.memdesc<32x64xf16, #nvKT>
  %p = arith.truncf %s : tensor<64x32xf32, #wg32> to tensor<64x32xf16, #wg32>
  %pa = tile.convert_layout %p : tensor<64x32xf16, #wg32> -> tensor<64x32xf16, #fragA>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  %d = tile.warpgroup_dot %pa, %kt, %zero : tensor<64x32xf16, #fragA>, !tile.memdesc<32x64xf16, #nvKT> -> tensor<64x64xf32, #wg>
  %q = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %q, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

//--- errors.mlir

// An accumulator layout whose instruction is narrower than B (instrN = 32
// for N = 64).
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 32>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @instr_n(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  // expected-error @+1 {{'tile.warpgroup_dot' op wgmma lowering takes m64n64k16 tiles stacked along M, warpgroups first}}
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// 32 rows: less than one warpgroup's m64 tile.
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @m32(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<32x32xf16, #nvA>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32, #wg>
  // expected-error @+1 {{'tile.warpgroup_dot' op wgmma lowering takes m64n64k16 tiles stacked along M, warpgroups first}}
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<32x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<32x64xf32, #wg>
  %p = tile.splat %c : tensor<32x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<32x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// An unswizzled buffer (swizzle = 0): no descriptor for it.
#nvA = #tile.nvmma_shared<swizzle = 0, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 8192 : i64} {
func.func @unswizzled(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wg>
  // expected-error @+1 {{'tile.warpgroup_dot' op factors need swizzled #tile.nvmma_shared buffers}}
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wg>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wg>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wg>
  return
}
}

// -----

// A transposed product whose A buffer is unswizzled: no descriptor for it.
#nvA0 = #tile.nvmma_shared<swizzle = 0, elementBits = 32, transposed = false>
#wgt = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64, transposed = true>
#fragB = #tile.dot_operand<opIdx = 1, parent = #wgt, kWidth = 1>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
module attributes {tile.num_warps = 4 : i32, tile.shared_bytes = 16384 : i64} {
func.func @transposed_unswizzled(%c: !tile.ptr<f32>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf32, #nvA0>
  %bs = tile.local_alloc {offset = 8192 : i64} -> !tile.memdesc<32x64xf32, #nvB>
  %b = tile.local_load %bs : !tile.memdesc<32x64xf32, #nvB> -> tensor<32x64xf32, #fragB>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wgt>
  // expected-error @+1 {{'tile.warpgroup_dot' op a needs a swizzled K-major #tile.nvmma_shared buffer}}
  %d = tile.warpgroup_dot %a, %b, %zero : !tile.memdesc<64x32xf32, #nvA0>, tensor<32x64xf32, #fragB> -> tensor<64x64xf32, #wgt>
  %p = tile.splat %c : tensor<64x64x!tile.ptr<f32>, #wgt>
  tile.store %p, %d : tensor<64x64x!tile.ptr<f32>, #wgt>
  return
}
}
