// RUN: split-file %s %t
// RUN: tile-opt %t/explicit.mlir -tile-insert-barriers | FileCheck %t/explicit.mlir
// RUN: tile-opt %t/pipelined.mlir -split-input-file -tile-pipeline -canonicalize -tile-allocate-shared -tile-insert-barriers | FileCheck %t/pipelined.mlir
// tile-insert-barriers with tile.warpgroup_dot, which reads both factors'
// buffers through the async proxy (wgmma): when it must wait at a barrier
// for writes to them from registers (tile.local_alloc with a source,
// tile.local_store), a tile.fence_async_shared goes right before that
// barrier, so that the writing threads' stores become visible to the async
// proxy; completed tile.async_copy (cp.async) writes need none. A barrier that a tile.local_load waits at gets no fence, nor
// does one before a write over what a product read. explicit.mlir gives
// the offsets; pipelined.mlir runs tile-pipeline and tile-allocate-shared
// on the lecture's K loop with a wgmma product on one and two
// warpgroups. (A barrier placed for another access that the product then
// relies on: insert-barriers-wgmma-relied.mlir.) A register A reads no
// buffer (@register_a).

//--- explicit.mlir

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#nvA = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nvB = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>

// Both factors written, then read by a tile.warpgroup_dot: the fence goes
// right before the barrier. A second product reading the same buffers
// needs neither. A store into A's buffer after the products waits at a
// barrier (the products' reads), with no fence (nothing stored from
// registers since the last one); the product after it reads bytes written
// since then: fence and barrier again.
// CHECK-LABEL: func.func @fence(
// CHECK-NEXT: %[[A:.*]] = tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: %[[B:.*]] = tile.local_alloc %{{.*}} {offset = 4096 : i64}
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[D:.*]] = tile.warpgroup_dot %[[A]], %[[B]], %{{.*}}
// CHECK-NEXT: %[[E:.*]] = tile.warpgroup_dot %[[A]], %[[B]], %[[D]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_store %{{.*}}, %[[A]]
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.warpgroup_dot %[[A]], %[[B]], %[[E]]
// CHECK-NEXT: return
func.func @fence(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %acc: tensor<64x64xf32, #wgmma>) -> tensor<64x64xf32, #wgmma> {
  %ma = tile.local_alloc %a : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %mb = tile.local_alloc %b : tensor<32x64xf16, #blocked> {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
  %d = tile.warpgroup_dot %ma, %mb, %acc : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wgmma>
  %e = tile.warpgroup_dot %ma, %mb, %d : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wgmma>
  tile.local_store %a, %ma : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #nvA>
  %f = tile.warpgroup_dot %ma, %mb, %e : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wgmma>
  return %f : tensor<64x64xf32, #wgmma>
}

// A read by tile.local_load (ordinary loads, the generic proxy): a barrier,
// no fence.
// CHECK-LABEL: func.func @local_load(
// CHECK-NEXT: tile.local_alloc
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: return
func.func @local_load(%x: tensor<64x32xf16, #blocked>) -> tensor<64x32xf16, #blocked> {
  %m = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %l = tile.local_load %m : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %l : tensor<64x32xf16, #blocked>
}

// The K loop without pipelining: the stores of iteration i + 1 wait for
// iteration i's product at a barrier (no fence: nothing was stored from
// registers since the last one); the product waits for the stores at the
// fence and a second barrier.
// CHECK-LABEL: func.func @loop(
// CHECK: scf.for
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_alloc
// CHECK-NEXT: tile.local_alloc
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.warpgroup_dot
// CHECK-NEXT: scf.yield
func.func @loop(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #wgmma>, %n: index) -> tensor<64x64xf32, #wgmma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #wgmma>) {
    %a = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %b = tile.load %pb : tensor<32x64x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %a : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
    %mb = tile.local_alloc %b : tensor<32x64xf16, #blocked> {offset = 4096 : i64} -> !tile.memdesc<32x64xf16, #nvB>
    %d = tile.warpgroup_dot %ma, %mb, %x : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wgmma>
    scf.yield %d : tensor<64x64xf32, #wgmma>
  }
  return %r : tensor<64x64xf32, #wgmma>
}

// Asynchronous copies into stages of two stacks: their bytes count as
// written at the wait, after which the product waits at a barrier; cp.async
// needs no fence.
// CHECK-LABEL: func.func @async(
// CHECK: tile.async_commit_group
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.warpgroup_dot
func.func @async(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #wgmma>, %i: i32) -> tensor<64x64xf32, #wgmma> {
  %sa = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #nvA>
  %sb = tile.local_alloc {offset = 8192 : i64} -> !tile.memdesc<2x32x64xf16, #nvB>
  %va = tile.memdesc_subview %sa[%i] : !tile.memdesc<2x64x32xf16, #nvA> -> !tile.memdesc<64x32xf16, #nvA>
  %vb = tile.memdesc_subview %sb[%i] : !tile.memdesc<2x32x64xf16, #nvB> -> !tile.memdesc<32x64xf16, #nvB>
  %ta = tile.async_copy %pa, %va : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #nvA>
  %tb = tile.async_copy %pb, %vb : tensor<32x64x!tile.ptr<f16>, #blocked> -> !tile.memdesc<32x64xf16, #nvB>
  %g = tile.async_commit_group %ta, %tb
  %w = tile.async_wait {num = 0 : i32}
  %d = tile.warpgroup_dot %va, %vb, %acc : !tile.memdesc<64x32xf16, #nvA>, !tile.memdesc<32x64xf16, #nvB> -> tensor<64x64xf32, #wgmma>
  return %d : tensor<64x64xf32, #wgmma>
}

// A product with A in registers reads only B's buffer, here through a
// transposed view: the store into it (from registers) gets the fence and
// the barrier; the register operand needs neither and is no access.
#fragA = #tile.dot_operand<opIdx = 0, parent = #wgmma, kWidth = 2>
#nvBT = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#blockedBT = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @register_a(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: tile.memdesc_trans
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.warpgroup_dot
// CHECK-NEXT: return
func.func @register_a(%a: tensor<64x32xf16, #fragA>, %k: tensor<64x32xf16, #blockedBT>, %acc: tensor<64x64xf32, #wgmma>) -> tensor<64x64xf32, #wgmma> {
  %sk = tile.local_alloc %k : tensor<64x32xf16, #blockedBT> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #nvA>
  %kt = tile.memdesc_trans %sk : !tile.memdesc<64x32xf16, #nvA> -> !tile.memdesc<32x64xf16, #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = true>>
  %d = tile.warpgroup_dot %a, %kt, %acc : tensor<64x32xf16, #fragA>, !tile.memdesc<32x64xf16, #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = true>> -> tensor<64x64xf32, #wgmma>
  return %d : tensor<64x64xf32, #wgmma>
}

//--- pipelined.mlir

// The pipelined loop (3 stages, one warpgroup): after the wait, the loop's
// one barrier (no fence: the stages are filled by cp.async), then the
// product, which runs on
// (pendings = 1) while the copies of iteration i + 2 are issued; no barrier
// after it. tile-pipeline's barrier before the prologue needs no fence (no
// product reads before it). After the loop the product completes
// (warpgroup_dot_wait), then the last copies.
// CHECK-LABEL: func.func @matmul(
// CHECK: tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<3x64x32xf16, #shared>
// CHECK-NEXT: tile.local_alloc {offset = 12288 : i64} -> !tile.memdesc<3x32x64xf16, #shared1>
// CHECK-NEXT: tile.barrier
// CHECK-NOT: tile.barrier
// CHECK-NOT: tile.fence_async_shared
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait {num = 1 : i32}
// CHECK-NOT: tile.barrier
// CHECK-NOT: tile.fence_async_shared
// CHECK: tile.barrier
// CHECK-NEXT: %[[D:.*]] = tile.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} {pendings = 1 : i32}
// CHECK-NOT: tile.barrier
// CHECK-NOT: tile.fence_async_shared
// CHECK: tile.async_copy
// CHECK-NOT: tile.barrier
// CHECK: tile.async_copy
// CHECK-NOT: tile.barrier
// CHECK: scf.yield %[[D]]
// CHECK-NEXT: }
// CHECK-NEXT: tile.warpgroup_dot_wait %{{.*}}#0 {pendings = 0 : i32}
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NOT: tile.barrier
// CHECK: return
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#shared = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#shared1 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
module attributes {tile.target = "sm_90a", tile.num_warps = 4 : i32} {
func.func @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32, #wgmma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wgmma>
  %zA = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  // A: 64x32, a + m * sam + k.
  %rm = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked>>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %m = tile.expand_dims %rm {axis = 1 : i32} : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked>> -> tensor<64x1xi32, #blocked>
  %sams = tile.splat %sam : tensor<64x1xi32, #blocked>
  %moff = arith.muli %m, %sams : tensor<64x1xi32, #blocked>
  %as = tile.splat %a : tensor<64x1x!tile.ptr<f16>, #blocked>
  %arow = tile.addptr %as, %moff : tensor<64x1x!tile.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %arowb = tile.broadcast %arow : tensor<64x1x!tile.ptr<f16>, #blocked> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %ap = tile.addptr %arowb, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  // B: 32x64, b + k * sbk + n.
  %rk1 = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #blocked1>>
  %rn = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #blocked1>>
  %k1 = tile.expand_dims %rk1 {axis = 1 : i32} : tensor<32xi32, #tile.slice<dim = 1, parent = #blocked1>> -> tensor<32x1xi32, #blocked1>
  %sbks = tile.splat %sbk : tensor<32x1xi32, #blocked1>
  %koff = arith.muli %k1, %sbks : tensor<32x1xi32, #blocked1>
  %bs = tile.splat %b : tensor<32x1x!tile.ptr<f16>, #blocked1>
  %brow = tile.addptr %bs, %koff : tensor<32x1x!tile.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
  %n = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #tile.slice<dim = 0, parent = #blocked1>> -> tensor<1x64xi32, #blocked1>
  %browb = tile.broadcast %brow : tensor<32x1x!tile.ptr<f16>, #blocked1> -> tensor<32x64x!tile.ptr<f16>, #blocked1>
  %nb = tile.broadcast %n : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1>
  %bp = tile.addptr %browb, %nb : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
  %inca = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %kstep = arith.muli %sbk, %c32 : i32
  %incb = tile.splat %kstep : tensor<32x64xi32, #blocked1>
  %r:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap, %pb = %bp) -> (tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>) : i32 {
    %ivs = tile.splat %iv : tensor<1x32xi32, #blocked>
    %kk = arith.addi %k, %ivs : tensor<1x32xi32, #blocked>
    %Ks = tile.splat %K : tensor<1x32xi32, #blocked>
    %km = arith.cmpi slt, %kk, %Ks : tensor<1x32xi32, #blocked>
    %mask = tile.broadcast %km : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %av = tile.load %pa mask %mask other %zA : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %bv = tile.load %pb : tensor<32x64x!tile.ptr<f16>, #blocked1>
    %mb = tile.local_alloc %bv : tensor<32x64xf16, #blocked1> -> !tile.memdesc<32x64xf16, #shared1>
    %d = tile.warpgroup_dot %ma, %mb, %acc : !tile.memdesc<64x32xf16, #shared>, !tile.memdesc<32x64xf16, #shared1> -> tensor<64x64xf32, #wgmma>
    %pa2 = tile.addptr %pa, %inca : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %pb2 = tile.addptr %pb, %incb : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
    scf.yield %d, %pa2, %pb2 : tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>
  }
  return %r#0 : tensor<64x64xf32, #wgmma>
}
}

// -----

// Two warpgroups (8 warps, 128x64): the same, plus tile-pipeline's barrier
// right after the product (every warpgroup's previous product complete
// before any thread's copies overwrite its stage); no fence anywhere.
// CHECK-LABEL: func.func @matmul_w8(
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait {num = 1 : i32}
// CHECK-NOT: tile.barrier
// CHECK-NOT: tile.fence_async_shared
// CHECK: tile.barrier
// CHECK-NEXT: tile.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} {pendings = 1 : i32} : !tile.memdesc<128x32xf16, #shared>, !tile.memdesc<32x64xf16, #shared1> -> tensor<128x64xf32, #wgmma>
// CHECK-NEXT: tile.barrier
// CHECK-NOT: tile.barrier
// CHECK-NOT: tile.fence_async_shared
// CHECK: scf.yield
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#wgmma = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64>
#shared = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#shared1 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
module attributes {tile.target = "sm_90a", tile.num_warps = 8 : i32} {
func.func @matmul_w8(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<128x64xf32, #wgmma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #wgmma>
  %zA = arith.constant dense<0.0> : tensor<128x32xf16, #blocked>
  // A: 128x32, a + m * sam + k.
  %rm = tile.make_range 0, 128 : tensor<128xi32, #tile.slice<dim = 1, parent = #blocked>>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %m = tile.expand_dims %rm {axis = 1 : i32} : tensor<128xi32, #tile.slice<dim = 1, parent = #blocked>> -> tensor<128x1xi32, #blocked>
  %sams = tile.splat %sam : tensor<128x1xi32, #blocked>
  %moff = arith.muli %m, %sams : tensor<128x1xi32, #blocked>
  %as = tile.splat %a : tensor<128x1x!tile.ptr<f16>, #blocked>
  %arow = tile.addptr %as, %moff : tensor<128x1x!tile.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %arowb = tile.broadcast %arow : tensor<128x1x!tile.ptr<f16>, #blocked> -> tensor<128x32x!tile.ptr<f16>, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
  %ap = tile.addptr %arowb, %kb : tensor<128x32x!tile.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
  // B: 32x64, b + k * sbk + n.
  %rk1 = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #blocked1>>
  %rn = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #blocked1>>
  %k1 = tile.expand_dims %rk1 {axis = 1 : i32} : tensor<32xi32, #tile.slice<dim = 1, parent = #blocked1>> -> tensor<32x1xi32, #blocked1>
  %sbks = tile.splat %sbk : tensor<32x1xi32, #blocked1>
  %koff = arith.muli %k1, %sbks : tensor<32x1xi32, #blocked1>
  %bs = tile.splat %b : tensor<32x1x!tile.ptr<f16>, #blocked1>
  %brow = tile.addptr %bs, %koff : tensor<32x1x!tile.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
  %n = tile.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #tile.slice<dim = 0, parent = #blocked1>> -> tensor<1x64xi32, #blocked1>
  %browb = tile.broadcast %brow : tensor<32x1x!tile.ptr<f16>, #blocked1> -> tensor<32x64x!tile.ptr<f16>, #blocked1>
  %nb = tile.broadcast %n : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1>
  %bp = tile.addptr %browb, %nb : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
  %inca = tile.splat %c32 : tensor<128x32xi32, #blocked>
  %kstep = arith.muli %sbk, %c32 : i32
  %incb = tile.splat %kstep : tensor<32x64xi32, #blocked1>
  %r:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap, %pb = %bp) -> (tensor<128x64xf32, #wgmma>, tensor<128x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>) : i32 {
    %ivs = tile.splat %iv : tensor<1x32xi32, #blocked>
    %kk = arith.addi %k, %ivs : tensor<1x32xi32, #blocked>
    %Ks = tile.splat %K : tensor<1x32xi32, #blocked>
    %km = arith.cmpi slt, %kk, %Ks : tensor<1x32xi32, #blocked>
    %mask = tile.broadcast %km : tensor<1x32xi1, #blocked> -> tensor<128x32xi1, #blocked>
    %av = tile.load %pa mask %mask other %zA : tensor<128x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<128x32xf16, #blocked> -> !tile.memdesc<128x32xf16, #shared>
    %bv = tile.load %pb : tensor<32x64x!tile.ptr<f16>, #blocked1>
    %mb = tile.local_alloc %bv : tensor<32x64xf16, #blocked1> -> !tile.memdesc<32x64xf16, #shared1>
    %d = tile.warpgroup_dot %ma, %mb, %acc : !tile.memdesc<128x32xf16, #shared>, !tile.memdesc<32x64xf16, #shared1> -> tensor<128x64xf32, #wgmma>
    %pa2 = tile.addptr %pa, %inca : tensor<128x32x!tile.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %pb2 = tile.addptr %pb, %incb : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
    scf.yield %d, %pa2, %pb2 : tensor<128x64xf32, #wgmma>, tensor<128x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>
  }
  return %r#0 : tensor<128x64xf32, #wgmma>
}
}
