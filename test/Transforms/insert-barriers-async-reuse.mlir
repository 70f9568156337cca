// RUN: tile-opt %s -tile-pipeline -canonicalize -tile-allocate-shared -tile-insert-barriers | FileCheck %s
// Two pipelined K loops one after the other (two products in one kernel).
// The first loop's stacks are dead after it, so the second loop's stacks
// get the same bytes. The second loop's prologue copies (cp.async) write
// into stages 0 and 1 of those bytes while another thread may still be in
// the first loop's last iteration, reading its stage with ldmatrix (stage
// (n - 1) % 3, which can be 0 or 1), and while the first loop's last,
// masked-off copies (zero fills) of other threads may still land there.
// Only a barrier after the first loop's final wait and before the second
// prologue's first copy orders them; the one that tile-insert-barriers
// puts before the second loop comes after those copies.
// CHECK-LABEL: func.func @two_loops(
// CHECK: tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<3x64x32xf16, #shared>
// CHECK: scf.for
// CHECK: tile.local_load
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<3x64x32xf16, #shared>
// CHECK-NOT: tile.async_copy
// CHECK: tile.barrier
// CHECK-NOT: scf.for
// CHECK: tile.async_copy
// CHECK: scf.for
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#shared1 = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>





module attributes {tile.num_warps = 4 : i32} {
func.func @two_loops(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32, #mma> {
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
  %r2:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %r#0, %pa = %ap, %pb = %bp) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>) : i32 {
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
  return %r2#0 : tensor<64x64xf32, #mma>
}
}
