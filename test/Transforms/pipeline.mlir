// RUN: tile-opt %s -split-input-file -tile-pipeline | FileCheck %s --check-prefixes=CHECK,S3
// RUN: tile-opt %s -split-input-file -tile-pipeline=num-stages=2 | FileCheck %s --check-prefixes=CHECK,S2
// RUN: tile-opt %s -split-input-file -tile-pipeline=num-stages=4 | FileCheck %s --check-prefixes=CHECK,S4
// RUN: tile-opt %s -split-input-file -tile-pipeline=num-stages=1 | FileCheck %s --check-prefixes=CHECK,OFF
// tile-pipeline on the lecture's K loop as tile-dot-operands-to-shared
// leaves it (both factors loaded, stored into a swizzled buffer and read
// back as dot operands). With S stages (default 3): each buffer becomes an
// S-deep stack allocated before the loop; a prologue starts the copies of
// iterations 0 .. S-2 into stages 0 .. S-2 (one commit group per
// iteration, the copies masked off past the upper bound); the loop carries
// the pointers S-1 iterations ahead plus the stage it reads and the stage it
// writes; each iteration first waits until at most S-2 groups are in
// flight, reads its stage, then (after the last read) starts the copies of
// iteration i+S-1 into the write stage, and both stage indices wrap around
// at S. After the loop everything is waited for. num-stages=1 leaves the
// loop alone.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#shared1 = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

// A is masked along K (other = 0), B is not masked.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %{{[^:]+}}: !tile.ptr<f16> {{[^,]*}}, %{{[^:]+}}: !tile.ptr<f16> {{[^,]*}}, %[[K:[^:]+]]: i32

// Three stages: 3-deep stacks, two prologue groups (iterations 0 and 1 into
// stages 0 and 1), the loop reads stage 0 and writes stage 2 first.
// S3: %[[SA:.*]] = tile.local_alloc -> !tile.memdesc<3x64x32xf16, #shared>
// S3-NEXT: %[[SB:.*]] = tile.local_alloc -> !tile.memdesc<3x32x64xf16, #shared1>
// S3-NEXT: tile.barrier
// Iteration 0 (lb + 0 * step): its mask, the pointers of iteration 1, the
// copies of A (mask and in-range) and B (in-range only) into stage 0.
// S3-NEXT: %[[Z0:.*]] = arith.constant 0 : i32
// S3-NEXT: %[[O0:.*]] = arith.muli %[[STEP:[^,]+]], %[[Z0]] : i32
// S3-NEXT: %[[IV0:.*]] = arith.addi %[[LB:[^,]+]], %[[O0]] : i32
// S3-NEXT: %[[ST0:.*]] = arith.constant 0 : i32
// S3-NEXT: %[[IVS0:.*]] = tile.splat %[[IV0]] : tensor<1x32xi32, #blocked>
// S3-NEXT: %[[KK0:.*]] = arith.addi %{{.*}}, %[[IVS0]]
// S3-NEXT: %[[KS0:.*]] = tile.splat %[[K]]
// S3-NEXT: %[[KM0:.*]] = arith.cmpi slt, %[[KK0]], %[[KS0]]
// S3-NEXT: %[[M0:.*]] = tile.broadcast %[[KM0]] : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
// S3-NEXT: %[[PA1:.*]] = tile.addptr %[[PA0:[^,]+]], %[[INCA:[^ ]+]] : tensor<64x32x!tile.ptr<f16>, #blocked>
// S3-NEXT: %[[PB1:.*]] = tile.addptr %[[PB0:[^,]+]], %[[INCB:[^ ]+]] : tensor<32x64x!tile.ptr<f16>, #blocked1>
// S3-NEXT: %[[IN0:.*]] = arith.cmpi slt, %[[IV0]], %[[K]] : i32
// S3-NEXT: %[[IN0A:.*]] = tile.splat %[[IN0]] : tensor<64x32xi1, #blocked>
// S3-NEXT: %[[MA0:.*]] = arith.andi %[[M0]], %[[IN0A]] : tensor<64x32xi1, #blocked>
// S3-NEXT: %[[VA0:.*]] = tile.memdesc_subview %[[SA]][%[[ST0]]] : !tile.memdesc<3x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
// S3-NEXT: %[[TA0:.*]] = tile.async_copy %[[PA0]], %[[VA0]] mask %[[MA0]] : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tile.memdesc<64x32xf16, #shared>
// S3-NEXT: %[[IN0B:.*]] = tile.splat %[[IN0]] : tensor<32x64xi1, #blocked1>
// S3-NEXT: %[[VB0:.*]] = tile.memdesc_subview %[[SB]][%[[ST0]]] : !tile.memdesc<3x32x64xf16, #shared1> -> !tile.memdesc<32x64xf16, #shared1>
// S3-NEXT: %[[TB0:.*]] = tile.async_copy %[[PB0]], %[[VB0]] mask %[[IN0B]] : tensor<32x64x!tile.ptr<f16>, #blocked1> -> !tile.memdesc<32x64xf16, #shared1>
// S3-NEXT: tile.async_commit_group %[[TA0]], %[[TB0]]
// Iteration 1 (lb + 1 * step) into stage 1, from the pointers of iteration
// 1; the pointers of iteration 2 go into the loop.
// S3-NEXT: %[[Z1:.*]] = arith.constant 1 : i32
// S3-NEXT: %[[O1:.*]] = arith.muli %[[STEP]], %[[Z1]] : i32
// S3-NEXT: %[[IV1:.*]] = arith.addi %[[LB]], %[[O1]] : i32
// S3-NEXT: %[[ST1:.*]] = arith.constant 1 : i32
// S3-NEXT: tile.splat %[[IV1]] : tensor<1x32xi32, #blocked>
// S3: %[[PA2:.*]] = tile.addptr %[[PA1]], %[[INCA]]
// S3-NEXT: %[[PB2:.*]] = tile.addptr %[[PB1]], %[[INCB]]
// S3-NEXT: %[[IN1:.*]] = arith.cmpi slt, %[[IV1]], %[[K]] : i32
// S3-NEXT: %[[IN1A:.*]] = tile.splat %[[IN1]]
// S3-NEXT: %[[MA1:.*]] = arith.andi %{{.*}}, %[[IN1A]]
// S3-NEXT: %[[VA1:.*]] = tile.memdesc_subview %[[SA]][%[[ST1]]]
// S3-NEXT: %[[TA1:.*]] = tile.async_copy %[[PA1]], %[[VA1]] mask %[[MA1]]
// S3-NEXT: %[[IN1B:.*]] = tile.splat %[[IN1]]
// S3-NEXT: %[[VB1:.*]] = tile.memdesc_subview %[[SB]][%[[ST1]]]
// S3-NEXT: %[[TB1:.*]] = tile.async_copy %[[PB1]], %[[VB1]] mask %[[IN1B]]
// S3-NEXT: tile.async_commit_group %[[TA1]], %[[TB1]]
// S3-NOT: tile.async_copy
// S3: %[[R0:.*]] = arith.constant 0 : i32
// S3-NEXT: %[[W0:.*]] = arith.constant 2 : i32
// S3-NEXT: %[[R:.*]]:5 = scf.for %[[IV:[^ ]+]] = %[[LB]] to %[[K]] step %[[STEP]] iter_args(%[[ACC:[^ ]+]] = %{{[^ ]+}}, %[[PA:[^ ]+]] = %[[PA2]], %[[PB:[^ ]+]] = %[[PB2]], %[[RS:[^ ]+]] = %[[R0]], %[[WS:[^ ]+]] = %[[W0]]) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<32x64x!tile.ptr<f16>, #blocked1>, i32, i32)
// The body: wait for this iteration's group (one younger group may stay in
// flight), read the read stage.
// S3-NEXT: tile.async_wait {num = 1 : i32}
// S3-NEXT: %[[VA:.*]] = tile.memdesc_subview %[[SA]][%[[RS]]]
// S3-NEXT: %[[VB:.*]] = tile.memdesc_subview %[[SB]][%[[RS]]]
// S3-NOT: tile.load
// S3-NOT: tile.local_alloc
// S3-NOT: tile.async_copy
// S3: %[[LA:.*]] = tile.local_load %[[VA]] : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #tile.dot_operand<opIdx = 0
// S3-NEXT: %[[LBV:.*]] = tile.local_load %[[VB]] : !tile.memdesc<32x64xf16, #shared1> -> tensor<32x64xf16, #tile.dot_operand<opIdx = 1
// After the last read: iteration i + 2 (iv + 2 * step) into the write stage,
// from the carried pointers, which advance by one iteration.
// S3-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
// S3-NEXT: %[[DIST:.*]] = arith.muli %[[STEP]], %[[TWO]] : i32
// S3-NEXT: %[[IVN:.*]] = arith.addi %[[IV]], %[[DIST]] : i32
// S3-NEXT: %[[IVSN:.*]] = tile.splat %[[IVN]] : tensor<1x32xi32, #blocked>
// S3-NEXT: %[[KKN:.*]] = arith.addi %{{.*}}, %[[IVSN]]
// S3-NEXT: %[[KSN:.*]] = tile.splat %[[K]]
// S3-NEXT: %[[KMN:.*]] = arith.cmpi slt, %[[KKN]], %[[KSN]]
// S3-NEXT: %[[MN:.*]] = tile.broadcast %[[KMN]]
// S3-NEXT: %[[PAN:.*]] = tile.addptr %[[PA]], %[[INCA]]
// S3-NEXT: %[[PBN:.*]] = tile.addptr %[[PB]], %[[INCB]]
// S3-NEXT: %[[INN:.*]] = arith.cmpi slt, %[[IVN]], %[[K]] : i32
// S3-NEXT: %[[INNA:.*]] = tile.splat %[[INN]] : tensor<64x32xi1, #blocked>
// S3-NEXT: %[[MAN:.*]] = arith.andi %[[MN]], %[[INNA]]
// S3-NEXT: %[[WA:.*]] = tile.memdesc_subview %[[SA]][%[[WS]]]
// S3-NEXT: %[[TAN:.*]] = tile.async_copy %[[PA]], %[[WA]] mask %[[MAN]]
// S3-NEXT: %[[INNB:.*]] = tile.splat %[[INN]] : tensor<32x64xi1, #blocked1>
// S3-NEXT: %[[WB:.*]] = tile.memdesc_subview %[[SB]][%[[WS]]]
// S3-NEXT: %[[TBN:.*]] = tile.async_copy %[[PB]], %[[WB]] mask %[[INNB]]
// S3-NEXT: tile.async_commit_group %[[TAN]], %[[TBN]]
// S3-NEXT: %[[D:.*]] = tile.dot %[[LA]], %[[LBV]], %[[ACC]]
// S3-NOT: tile.async_copy
// Both stage indices: (s + 1 == 3) ? 0 : s + 1.
// S3: %[[ONE:.*]] = arith.constant 1 : i32
// S3-NEXT: %[[NIL:.*]] = arith.constant 0 : i32
// S3-NEXT: %[[RS1:.*]] = arith.addi %[[RS]], %[[ONE]] : i32
// S3-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// S3-NEXT: %[[RWRAP:.*]] = arith.cmpi eq, %[[RS1]], %[[C3]] : i32
// S3-NEXT: %[[RSN:.*]] = arith.select %[[RWRAP]], %[[NIL]], %[[RS1]] : i32
// S3-NEXT: %[[ONEW:.*]] = arith.constant 1 : i32
// S3-NEXT: %[[NILW:.*]] = arith.constant 0 : i32
// S3-NEXT: %[[WS1:.*]] = arith.addi %[[WS]], %[[ONEW]] : i32
// S3-NEXT: %[[C3W:.*]] = arith.constant 3 : i32
// S3-NEXT: %[[WWRAP:.*]] = arith.cmpi eq, %[[WS1]], %[[C3W]] : i32
// S3-NEXT: %[[WSN:.*]] = arith.select %[[WWRAP]], %[[NILW]], %[[WS1]] : i32
// S3-NEXT: scf.yield %[[D]], %[[PAN]], %[[PBN]], %[[RSN]], %[[WSN]] :
// S3-NEXT: }
// S3-NEXT: tile.async_wait {num = 0 : i32}
// S3-NEXT: return %[[R]]#0

// Two stages: 2-deep stacks, one prologue group, the loop waits for all
// groups, carries the pointers one iteration ahead, writes stage 1 first and
// copies iteration i + 1.
// S2: tile.local_alloc -> !tile.memdesc<2x64x32xf16, #shared>
// S2-NEXT: tile.local_alloc -> !tile.memdesc<2x32x64xf16, #shared1>
// S2: %[[PA1:.*]] = tile.addptr %[[PA0:[^,]+]], %[[INCA:[^ ]+]] : tensor<64x32x!tile.ptr<f16>, #blocked>
// S2: tile.async_copy %[[PA0]]
// S2-COUNT-1: tile.async_commit_group
// S2-NOT: tile.async_copy
// S2: %[[W0:.*]] = arith.constant 1 : i32
// S2-NEXT: scf.for {{.*}} iter_args(%{{[^ ]+}} = %{{[^ ]+}}, %[[PA:[^ ]+]] = %[[PA1]], %{{[^ ]+}} = %{{[^ ]+}}, %[[RS:[^ ]+]] = %{{[^ ]+}}, %[[WS:[^ ]+]] = %[[W0]]) -> ({{.*}}, i32, i32)
// S2-NEXT: tile.async_wait {num = 0 : i32}
// S2-NEXT: tile.memdesc_subview %{{.*}}[%[[RS]]] : !tile.memdesc<2x64x32xf16, #shared>
// S2: tile.local_load
// S2-NEXT: tile.local_load
// S2-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// S2-NEXT: arith.muli %{{.*}}, %[[ONE]] : i32
// S2: tile.memdesc_subview %{{.*}}[%[[WS]]] : !tile.memdesc<2x64x32xf16, #shared>
// S2-NEXT: tile.async_copy %[[PA]],
// S2: tile.async_commit_group
// S2-NEXT: tile.dot
// S2: %[[C2:.*]] = arith.constant 2 : i32
// S2-NEXT: arith.cmpi eq, %{{.*}}, %[[C2]] : i32
// S2: scf.yield
// S2-NEXT: }
// S2-NEXT: tile.async_wait {num = 0 : i32}

// Four stages: 4-deep stacks, three prologue groups (stages 0, 1, 2), two
// groups may stay in flight, iteration i + 3 goes into stage 3 first.
// S4: %[[SA:.*]] = tile.local_alloc -> !tile.memdesc<4x64x32xf16, #shared>
// S4-NEXT: tile.local_alloc -> !tile.memdesc<4x32x64xf16, #shared1>
// S4: arith.muli
// S4-NEXT: arith.addi
// S4-NEXT: %[[ST0:.*]] = arith.constant 0 : i32
// S4: tile.memdesc_subview %[[SA]][%[[ST0]]]
// S4: tile.async_commit_group
// S4: arith.muli
// S4-NEXT: arith.addi
// S4-NEXT: %[[ST1:.*]] = arith.constant 1 : i32
// S4: tile.memdesc_subview %[[SA]][%[[ST1]]]
// S4: tile.async_commit_group
// S4: arith.muli
// S4-NEXT: arith.addi
// S4-NEXT: %[[ST2:.*]] = arith.constant 2 : i32
// S4: tile.memdesc_subview %[[SA]][%[[ST2]]]
// S4: tile.async_commit_group
// S4-NOT: tile.async_copy
// S4: %[[W0:.*]] = arith.constant 3 : i32
// S4-NEXT: scf.for {{.*}}, %[[RS:[^ ]+]] = %{{[^ ]+}}, %[[WS:[^ ]+]] = %[[W0]]) -> ({{.*}}, i32, i32)
// S4-NEXT: tile.async_wait {num = 2 : i32}
// S4-NEXT: tile.memdesc_subview %[[SA]][%[[RS]]]
// S4: tile.local_load
// S4-NEXT: tile.local_load
// S4-NEXT: %[[THREE:.*]] = arith.constant 3 : i32
// S4-NEXT: arith.muli %{{.*}}, %[[THREE]] : i32
// S4: tile.memdesc_subview %[[SA]][%[[WS]]]
// S4-NEXT: tile.async_copy
// S4: %[[C4:.*]] = arith.constant 4 : i32
// S4-NEXT: arith.cmpi eq, %{{.*}}, %[[C4]] : i32
// S4: scf.yield
// S4-NEXT: }
// S4-NEXT: tile.async_wait {num = 0 : i32}

// One stage: the loop is left as it was.
// OFF-NOT: tile.async
// OFF-NOT: memdesc<{{[0-9]+}}x64x32
// OFF: scf.for
// OFF-NEXT: tile.splat
// OFF: tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<64x32x!tile.ptr<f16>, #blocked>
// OFF-NEXT: tile.local_alloc %{{.*}} : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
// OFF-NEXT: tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>, #blocked1>
// OFF-NEXT: tile.local_alloc
// OFF-NOT: tile.async
// OFF: return
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
}

// -----

// The loops below feed one factor, A (64x32 f16, 16-byte vectors per
// thread), into a tensor-core product. @single has the shape the pass
// handles; each of the others differs from it in one respect that the pass
// must not pipeline, and keeps its plain load (with that respect undone,
// each is pipelined). A use of the carried pointers through an op of stage
// 0: pipeline-carried-uses.mlir.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// S3-LABEL: func.func @single(
// S3: tile.local_alloc -> !tile.memdesc<3x64x32xf16, #shared>
// S3: tile.async_copy
// S3: scf.for
// S3-NOT: tile.load
// S3: tile.async_copy
// S3: scf.yield
// S3-NEXT: }
// S3-NEXT: tile.async_wait {num = 0 : i32}
// OFF-LABEL: func.func @single(
// OFF-NOT: tile.async_copy
// OFF: tile.load
module attributes {tile.num_warps = 4 : i32} {
func.func @single(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %av = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

// Masked-off elements must read 1.0, which a zero-filling copy cannot do.
// CHECK-LABEL: func.func @nonzero_other(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK: tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<64x32x!tile.ptr<f16>, #blocked>
// CHECK-NEXT: tile.local_alloc %{{.*}} : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
// CHECK-NOT: tile.async
// CHECK: return
func.func @nonzero_other(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ones = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %ivs = tile.splat %iv : tensor<1x32xi32, #blocked>
    %kk = arith.addi %k, %ivs : tensor<1x32xi32, #blocked>
    %Ks = tile.splat %K : tensor<1x32xi32, #blocked>
    %km = arith.cmpi slt, %kk, %Ks : tensor<1x32xi32, #blocked>
    %mask = tile.broadcast %km : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %av = tile.load %pa mask %mask other %ones : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

// Cache and eviction hints have no cp.async form here: both loads stay.
// CHECK-LABEL: func.func @cache_hints(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK-NEXT: tile.load %{{.*}} cache = cg : tensor<64x32x!tile.ptr<f16>, #blocked>
// CHECK-NEXT: tile.local_alloc
// CHECK-NEXT: tile.load %{{.*}} evict = evict_last : tensor<64x32x!tile.ptr<f16>, #blocked>
// CHECK-NEXT: tile.local_alloc
// CHECK-NOT: tile.async
// CHECK: return
func.func @cache_hints(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap, %pc = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %av = tile.load %pa cache = cg : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %cv = tile.load %pc evict = evict_last : tensor<64x32x!tile.ptr<f16>, #blocked>
    %mc = tile.local_alloc %cv : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %lc = tile.local_load %mc : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %d2 = tile.dot %lc, %b, %d : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %pc2 = tile.addptr %pc, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d2, %pa2, %pc2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

// The carried pointers are returned: the loop carries them twice, this
// iteration's (returned) and those S-1 iterations ahead (copied from), in
// an iter_arg after the stage indices.
// CHECK-LABEL: func.func @pointer_used_after(
// S3: %[[P0:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tile.ptr<f16>, #blocked>
// S3: %[[INC:.*]] = tile.splat
// S3: tile.async_copy %[[P0]],
// S3: %[[P2:.*]] = tile.addptr %{{.*}}, %[[INC]]
// S3: tile.async_copy
// S3: %[[R:.*]]:5 = scf.for {{.*}} iter_args(%{{[^ ]+}} = %{{[^ ]+}}, %[[CUR:[^ ]+]] = %[[P0]], %{{[^ ]+}} = %{{[^ ]+}}, %{{[^ ]+}} = %{{[^ ]+}}, %[[AHEAD:[^ ]+]] = %[[P2]])
// S3: %[[NEXTAHEAD:.*]] = tile.addptr %[[AHEAD]], %[[INC]]
// S3: tile.async_copy %[[AHEAD]],
// S3: %[[NEXTCUR:.*]] = tile.addptr %[[CUR]], %[[INC]]
// S3: scf.yield %{{[^,]+}}, %[[NEXTCUR]], %{{[^,]+}}, %{{[^,]+}}, %[[NEXTAHEAD]] :
// S3: tile.async_wait {num = 0 : i32}
// S3-NEXT: return %[[R]]#0, %[[R]]#1
// OFF-NOT: tile.async
func.func @pointer_used_after(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32, %b: tensor<32x64xf16, #dotB>) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %av = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
}

// The carried pointers also feed a store of this iteration.
// CHECK-LABEL: func.func @pointer_used_by_store(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.local_alloc %
// CHECK-NOT: tile.async
// CHECK: return
func.func @pointer_used_by_store(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %zA = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %av = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    tile.store %pa, %zA : tensor<64x32x!tile.ptr<f16>, #blocked>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

// The loaded block is also added into a carried sum.
// CHECK-LABEL: func.func @load_used_twice(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK-NEXT: %[[V:.*]] = tile.load
// CHECK-NEXT: tile.local_alloc %[[V]]
// CHECK: arith.addf %{{.*}}, %[[V]]
// CHECK-NOT: tile.async
// CHECK: return
func.func @load_used_twice(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32, %b: tensor<32x64xf16, #dotB>) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #blocked>) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %zA = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap, %sum = %zA) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xf16, #blocked>) : i32 {
    %av = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %s = arith.addf %sum, %av : tensor<64x32xf16, #blocked>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2, %s : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xf16, #blocked>
  }
  return %r#0, %r#2 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #blocked>
}

// Rows of A a runtime stride apart along K: one f16 (2 bytes) per access,
// narrower than any cp.async.
// CHECK-LABEL: func.func @narrow(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.local_alloc %
// CHECK-NOT: tile.async
// CHECK: return
func.func @narrow(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %sak: i32, %K: i32, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %saks = tile.splat %sak : tensor<1x32xi32, #blocked>
  %koff = arith.muli %k, %saks : tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %koff : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %av = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

// The mask depends on a value loaded in the loop (not pure): stage 0
// cannot be computed ahead.
// CHECK-LABEL: func.func @impure_mask(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK: tile.load %{{.*}} mask
// CHECK-NEXT: tile.local_alloc %
// CHECK-NOT: tile.async
// CHECK: return
func.func @impure_mask(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %lim: !tile.ptr<i32>, %K: i32, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %l = tile.load %lim : !tile.ptr<i32>
    %on = arith.cmpi sgt, %l, %iv : i32
    %mask = tile.splat %on : tensor<64x32xi1, #blocked>
    %av = tile.load %pa mask %mask : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

// An index induction variable: only i32 loops are pipelined.
// CHECK-LABEL: func.func @index_loop(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.local_alloc %
// CHECK-NOT: tile.async
// CHECK: return
func.func @index_loop(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: index, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %ap = tile.addptr %as, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %ap) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) {
    %av = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}
}
