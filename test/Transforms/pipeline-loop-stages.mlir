// RUN: tile-opt %s -split-input-file -tile-pipeline | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-pipeline=num-stages=1 | FileCheck %s
// tile-pipeline on loops with their own depth (tl.range(..., num_stages=N)
// gives the scf.for a tile.num_stages attribute): the attribute wins over
// the pass's num-stages, whether that is the default 3 or 1 (off). The
// loop is pipeline.mlir's lecture K loop.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#shared1 = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

// tile.num_stages = 2: 2-deep stacks, one prologue group, no younger
// group left in flight by the wait.
// CHECK-LABEL: func.func @two(
// CHECK: tile.local_alloc -> !tile.memdesc<2x64x32xf16, #shared>
// CHECK-NEXT: tile.local_alloc -> !tile.memdesc<2x32x64xf16, #shared1>
// CHECK-COUNT-1: tile.async_commit_group
// CHECK-NOT: tile.async_commit_group
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait {num = 0 : i32}
func.func @two(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32, #mma> {
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
  } {tile.num_stages = 2 : i32}
  return %r#0 : tensor<64x64xf32, #mma>
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#shared1 = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

// tile.num_stages = 4: 4-deep stacks, three prologue groups.
// CHECK-LABEL: func.func @four(
// CHECK: tile.local_alloc -> !tile.memdesc<4x64x32xf16, #shared>
// CHECK-NEXT: tile.local_alloc -> !tile.memdesc<4x32x64xf16, #shared1>
// CHECK-COUNT-3: tile.async_commit_group
// CHECK-NOT: tile.async_commit_group
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait {num = 2 : i32}
func.func @four(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32, #mma> {
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
  } {tile.num_stages = 4 : i32}
  return %r#0 : tensor<64x64xf32, #mma>
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#shared1 = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

// tile.num_stages = 1: the loop is left alone.
// CHECK-LABEL: func.func @one(
// CHECK-NOT: tile.async_copy
// CHECK: scf.for
// CHECK: tile.load
// CHECK: tile.local_alloc %{{.*}} : tensor<64x32xf16, #blocked>
// CHECK-NOT: tile.async_copy
// CHECK: return
func.func @one(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32, #mma> {
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
  } {tile.num_stages = 1 : i32}
  return %r#0 : tensor<64x64xf32, #mma>
}
