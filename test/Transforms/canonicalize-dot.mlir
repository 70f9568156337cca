// RUN: tile-opt %s -split-input-file -canonicalize | FileCheck %s
// tile.dot's canonicalization (FoldAddIntoDot): `acc + dot(a, b, 0)`, with
// the product on either side of the addition and its zero a splat constant
// or a splatted scalar, becomes `dot(a, b, acc)`. It does not fire when the
// product's accumulator is not +0.0 (including -0.0), when the product has
// another use, or on a subtraction.

#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// CHECK-LABEL: func.func @acc_plus_dot(
// CHECK-SAME: %[[A:[^:]*]]: tensor<64x32xf16, {{.*}}>, %[[B:[^:]*]]: tensor<32x64xf16, {{.*}}>, %[[ACC:[^:]*]]: tensor<64x64xf32, {{.*}}>)
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]] : tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #{{.*}}, kWidth = 2>>, tensor<32x64xf16, #tile.dot_operand<opIdx = 1, parent = #{{.*}}, kWidth = 2>> -> tensor<64x64xf32, #{{.*}}>
// CHECK-NEXT: return %[[D]]
func.func @acc_plus_dot(%a: tensor<64x32xf16, #dotA>, %b: tensor<32x64xf16, #dotB>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %a, %b, %zero : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  %s = arith.addf %acc, %d : tensor<64x64xf32, #mma>
  return %s : tensor<64x64xf32, #mma>
}

// CHECK-LABEL: func.func @dot_plus_acc(
// CHECK-SAME: %[[A:[^:]*]]: tensor<32x16xf32>, %[[B:[^:]*]]: tensor<16x32xf32>, %[[ACC:[^:]*]]: tensor<32x32xf32>)
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]] : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
// CHECK-NEXT: return %[[D]]
func.func @dot_plus_acc(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %acc: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %zero : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
  %s = arith.addf %d, %acc : tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// The zero as tile.splat of a scalar constant (what tl.zeros gives).
// CHECK-LABEL: func.func @splat_zero(
// CHECK-SAME: %[[A:[^:]*]]: tensor<32x16xf16>, %[[B:[^:]*]]: tensor<16x32xf16>, %[[ACC:[^:]*]]: tensor<32x32xf32>)
// CHECK-NOT: arith.addf
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]]
// CHECK-NOT: arith.addf
// CHECK: return %[[D]]
func.func @splat_zero(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %acc: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %z = arith.constant 0.0 : f32
  %zero = tile.splat %z : tensor<32x32xf32>
  %d = tile.dot %a, %b, %zero : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
  %s = arith.addf %acc, %d : tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// In a K loop (the lecture's `acc += tl.dot(a, b)`): the loop-carried
// accumulator goes into the product.
// CHECK-LABEL: func.func @loop(
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<32x32xf32>)
// CHECK-NEXT: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK-NEXT: scf.yield %[[D]]
func.func @loop(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %n: index) -> tensor<32x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32>) {
    %d = tile.dot %a, %b, %zero : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
    %s = arith.addf %acc, %d : tensor<32x32xf32>
    scf.yield %s : tensor<32x32xf32>
  }
  return %r : tensor<32x32xf32>
}

// -----

// The product already accumulates into something other than zero: adding
// `acc` is a second sum, kept.
// CHECK-LABEL: func.func @nonzero_acc(
// CHECK-SAME: %[[A:[^:]*]]: tensor<32x16xf16>, %[[B:[^:]*]]: tensor<16x32xf16>, %[[ACC:[^:]*]]: tensor<32x32xf32>, %[[C:[^:]*]]: tensor<32x32xf32>)
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[D]]
// CHECK-NEXT: return %[[S]]
func.func @nonzero_acc(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %acc: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tile.dot %a, %b, %c : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
  %s = arith.addf %acc, %d : tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// A constant accumulator that is not zero.
// CHECK-LABEL: func.func @one_acc(
// CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00>
// CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[ONE]]
// CHECK: arith.addf %{{.*}}, %[[D]]
func.func @one_acc(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %acc: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %one = arith.constant dense<1.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %one : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
  %s = arith.addf %acc, %d : tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// The pattern only recognises a +0.0 accumulator; -0.0 is left alone.
// CHECK-LABEL: func.func @negative_zero_acc(
// CHECK: %[[NZ:.*]] = arith.constant dense<-0.000000e+00>
// CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[NZ]]
// CHECK: arith.addf %{{.*}}, %[[D]]
func.func @negative_zero_acc(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %acc: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %nz = arith.constant dense<-0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %nz : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
  %s = arith.addf %acc, %d : tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// The product has a second use: folding would compute it twice.
// CHECK-LABEL: func.func @two_uses(
// CHECK-SAME: %[[A:[^:]*]]: tensor<32x16xf16>, %[[B:[^:]*]]: tensor<16x32xf16>, %[[ACC:[^:]*]]: tensor<32x32xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ZERO]]
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[D]]
// CHECK: return %[[S]], %[[D]]
// CHECK-NOT: tile.dot
func.func @two_uses(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %acc: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>) {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %zero : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
  %s = arith.addf %acc, %d : tensor<32x32xf32>
  return %s, %d : tensor<32x32xf32>, tensor<32x32xf32>
}

// A difference is not a sum.
// CHECK-LABEL: func.func @sub(
// CHECK: %[[D:.*]] = tile.dot
// CHECK: arith.subf %{{.*}}, %[[D]]
func.func @sub(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %acc: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %zero : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
  %s = arith.subf %acc, %d : tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}
