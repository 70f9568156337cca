// RUN: split-file %s %t
// RUN: tile-opt %t/explicit.mlir -split-input-file -tile-insert-barriers | FileCheck %t/explicit.mlir
// RUN: tile-opt %t/pipelined.mlir -tile-pipeline -canonicalize -tile-allocate-shared -tile-insert-barriers | FileCheck %t/pipelined.mlir
// tile-insert-barriers with asynchronous copies (tile.async_copy): a copy
// writes its buffer when it completes, which the issuing thread learns at
// tile.async_wait; from there on the bytes count as written, so a read of
// them by other threads needs a barrier after the wait (a barrier while
// the copy is in flight orders nothing). Issuing a copy over bytes that were
// read earlier needs no barrier: tile-pipeline orders those by its
// schedule. explicit.mlir gives the offsets; pipelined.mlir runs
// tile-pipeline and tile-allocate-shared on the lecture's K loop, whose
// body then needs exactly one barrier, between its wait and its reads, and
// on the same loop followed by a conversion whose scratch reuses the
// stacks' bytes. (A second pipelined loop whose prologue copies reuse them:
// insert-barriers-async-reuse.mlir.)

//--- explicit.mlir

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// The copy into stage 0 completes at the wait: its read waits at a barrier
// after the wait, while a buffer filled earlier (and already ordered by a
// barrier) is read without one.
// CHECK-LABEL: func.func @wait_then_read(
// CHECK: %[[S:.*]] = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
// CHECK-NEXT: %[[O:.*]] = tile.local_alloc %{{.*}} {offset = 8192 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[V:.*]] = tile.memdesc_subview %[[S]]
// CHECK-NEXT: %[[T:.*]] = tile.async_copy %{{.*}}, %[[V]]
// CHECK-NEXT: tile.async_commit_group %[[T]]
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.local_load %[[O]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[V]]
// CHECK-NEXT: return
func.func @wait_then_read(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %x: tensor<64x32xf16, #blocked>, %i: i32) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %o = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 8192 : i64} -> !tile.memdesc<64x32xf16, #shared>
  tile.barrier
  %v = tile.memdesc_subview %s[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %p, %v : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %g = tile.async_commit_group %t
  %w = tile.async_wait {num = 0 : i32}
  %lo = tile.local_load %o : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %lv = tile.local_load %v : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %lo, %lv : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}

// A barrier between the copy and its wait orders nothing about the copy:
// a second one goes after the wait.
// CHECK-LABEL: func.func @barrier_before_wait(
// CHECK: tile.async_copy
// CHECK-NEXT: tile.async_commit_group
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
func.func @barrier_before_wait(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %i: i32) -> tensor<64x32xf16, #blocked> {
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %v = tile.memdesc_subview %s[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %p, %v : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %g = tile.async_commit_group %t
  tile.barrier
  %w = tile.async_wait {num = 0 : i32}
  %l = tile.local_load %v : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %l : tensor<64x32xf16, #blocked>
}

// Stage 0 is written and read; a copy into stage 1 of the same stack is
// issued right after the read with no barrier between them. Once waited
// for, the copy orders the read of stage 1 after a barrier.
// CHECK-LABEL: func.func @copy_after_read(
// CHECK: tile.local_store %{{.*}}, %[[V0:[^ ]+]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[V0]]
// CHECK-NEXT: %[[T:.*]] = tile.async_copy %{{.*}}, %[[V1:[^ ]+]]
// CHECK-NEXT: tile.async_commit_group %[[T]]
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[V1]]
// CHECK-NEXT: return
func.func @copy_after_read(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %x: tensor<64x32xf16, #blocked>, %i: i32, %j: i32) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %v0 = tile.memdesc_subview %s[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %v1 = tile.memdesc_subview %s[%j] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  tile.local_store %x, %v0 : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %l0 = tile.local_load %v0 : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %t = tile.async_copy %p, %v1 : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %g = tile.async_commit_group %t
  %w = tile.async_wait {num = 0 : i32}
  %l1 = tile.local_load %v1 : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %l0, %l1 : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}

// Completed copies are writes for later writers too (WAW): a store over
// the stack after the wait waits at a barrier; a store to other bytes does
// not.
// CHECK-LABEL: func.func @write_after_wait(
// CHECK: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.local_store %{{.*}}, %[[O:[^ ]+]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_store %{{.*}}, %[[V:[^ ]+]]
// CHECK-NEXT: return
func.func @write_after_wait(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %x: tensor<64x32xf16, #blocked>, %i: i32) {
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %o = tile.local_alloc {offset = 8192 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %v = tile.memdesc_subview %s[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %t = tile.async_copy %p, %v : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %g = tile.async_commit_group %t
  %w = tile.async_wait {num = 0 : i32}
  tile.local_store %x, %o : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  tile.local_store %x, %v : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// Loop-carried: a copy issued in one iteration is waited for and read in
// the next. The body needs one barrier, after its wait and before its read
// (none before the loop: the copy before it is still in flight there), and
// none between the read and the next copy.
// CHECK-LABEL: func.func @carried(
// CHECK-NOT: tile.barrier
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.memdesc_subview
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: tile.memdesc_subview
// CHECK-NEXT: tile.async_copy
// CHECK-NEXT: tile.async_commit_group
// CHECK-NOT: tile.barrier
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: return
func.func @carried(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %v0 = tile.memdesc_subview %s[%c0] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %t0 = tile.async_copy %p, %v0 : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %g0 = tile.async_commit_group %t0
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %rs = %c0, %ws = %c1) -> (tensor<64x32xf16, #blocked>, i32, i32) : i32 {
    %w = tile.async_wait {num = 0 : i32}
    %v = tile.memdesc_subview %s[%rs] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
    %l = tile.local_load %v : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %vw = tile.memdesc_subview %s[%ws] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
    %t = tile.async_copy %p, %vw : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %g = tile.async_commit_group %t
    %sum = arith.addf %acc, %l : tensor<64x32xf16, #blocked>
    scf.yield %sum, %ws, %rs : tensor<64x32xf16, #blocked>, i32, i32
  }
  %wl = tile.async_wait {num = 0 : i32}
  return %r#0 : tensor<64x32xf16, #blocked>
}

//--- pipelined.mlir

// The pipelined lecture loop (3 stages): both 3-deep stacks get their
// offsets (12 KiB each); no barrier before the loop or after it, exactly
// one in the body: after the wait, before the two reads; the copies of
// iteration i + 2 issued after those reads need none.
// CHECK-LABEL: func.func @matmul(
// CHECK: %[[SA:.*]] = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<3x64x32xf16, #shared>
// CHECK-NEXT: %[[SB:.*]] = tile.local_alloc {offset = 12288 : i64} -> !tile.memdesc<3x32x64xf16, #shared1>
// tile-pipeline's barrier before its prologue, and no other before the loop.
// CHECK-NEXT: tile.barrier
// CHECK-NOT: tile.barrier
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait {num = 1 : i32}
// CHECK-NOT: tile.barrier
// CHECK-NOT: tile.local_load
// CHECK: tile.barrier
// CHECK-NEXT: tile.local_load %{{.*}} : !tile.memdesc<64x32xf16, #shared>
// CHECK-NEXT: tile.local_load %{{.*}} : !tile.memdesc<32x64xf16, #shared1>
// CHECK-NOT: tile.barrier
// CHECK: tile.async_copy
// CHECK-NOT: tile.barrier
// CHECK: tile.async_copy
// CHECK-NOT: tile.barrier
// CHECK: tile.dot
// CHECK-NOT: tile.barrier
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NOT: tile.barrier
// CHECK: return
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#shared1 = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>





module attributes {tile.num_warps = 4 : i32} {
func.func @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
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
  %r:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap, %pb = %bp) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>) : i32 {
    %ivs = tile.splat %iv : tensor<1x32xi32, #blocked>
    %kk = arith.addi %k, %ivs : tensor<1x32xi32, #blocked>
    %Ks = tile.splat %K : tensor<1x32xi32, #blocked>
    %km = arith.cmpi slt, %kk, %Ks : tensor<1x32xi32, #blocked>
    %mask = tile.broadcast %km : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %av = tile.load %pa mask %mask other %zA : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %bv = tile.load %pb : tensor<32x64x!tile.ptr<f16>, #blocked1>
    %mb = tile.local_alloc %bv : tensor<32x64xf16, #blocked1> -> !tile.memdesc<32x64xf16, #shared1>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %lb = tile.local_load %mb : !tile.memdesc<32x64xf16, #shared1> -> tensor<32x64xf16, #dotB>
    %d = tile.dot %la, %lb, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inca : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %pb2 = tile.addptr %pb, %incb : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
    scf.yield %d, %pa2, %pb2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

// The copies issued in the last iterations (masked off: they write zeros)
// are still in flight when the loop exits. A conversion after the loop
// whose scratch reuses the stacks' bytes (offset 0) writes there only after
// the final wait and a barrier.
// CHECK-LABEL: func.func @matmul_then_convert(
// CHECK: tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<3x64x32xf16, #shared>
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.convert_layout %{{.*}} {tile.scratch_offset = 0 : i64}
func.func @matmul_then_convert(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
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
  %r:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap, %pb = %bp) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>) : i32 {
    %ivs = tile.splat %iv : tensor<1x32xi32, #blocked>
    %kk = arith.addi %k, %ivs : tensor<1x32xi32, #blocked>
    %Ks = tile.splat %K : tensor<1x32xi32, #blocked>
    %km = arith.cmpi slt, %kk, %Ks : tensor<1x32xi32, #blocked>
    %mask = tile.broadcast %km : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %av = tile.load %pa mask %mask other %zA : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %bv = tile.load %pb : tensor<32x64x!tile.ptr<f16>, #blocked1>
    %mb = tile.local_alloc %bv : tensor<32x64xf16, #blocked1> -> !tile.memdesc<32x64xf16, #shared1>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %lb = tile.local_load %mb : !tile.memdesc<32x64xf16, #shared1> -> tensor<32x64xf16, #dotB>
    %d = tile.dot %la, %lb, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inca : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %pb2 = tile.addptr %pb, %incb : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
    scf.yield %d, %pa2, %pb2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>
  }
  %cv = tile.convert_layout %r#0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked1>
  %e = math.exp %cv : tensor<64x64xf32, #blocked1>
  %back = tile.convert_layout %e : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #mma>
  return %back : tensor<64x64xf32, #mma>
}

}
