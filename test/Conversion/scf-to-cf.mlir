// RUN: tile-opt %s --tile-scf-to-cf | FileCheck %s

// tile-scf-to-cf lowers what convert-scf-to-cf lowers, with its patterns:
// two ifs in a row (lowered the last first, each block split moving only
// the ops up to the next if), an if inside a loop (lowered before the loop,
// whose body then has several blocks), and a while loop.

// CHECK-LABEL: func.func @ifs
func.func @ifs(%c: i1, %d: i1, %x: i32) -> i32 {
  // CHECK: cf.cond_br %arg0, ^[[T1:.*]], ^[[E1:.*]]
  // CHECK: ^[[T1]]:
  // CHECK: cf.br ^[[J1:.*]](%{{.*}} : i32)
  // CHECK: ^[[E1]]:
  // CHECK: cf.br ^[[J1]](%arg2 : i32)
  // CHECK: ^[[J1]](%[[A:.*]]: i32):
  // CHECK: cf.cond_br %arg1, ^[[T2:.*]], ^[[E2:.*]]
  // CHECK: ^[[J2:.*]](%[[B:.*]]: i32):
  // CHECK: return %[[B]]
  // CHECK-NOT: scf.
  %a = scf.if %c -> i32 {
    %one = arith.constant 1 : i32
    %s = arith.addi %x, %one : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %d -> i32 {
    %m = arith.muli %a, %a : i32
    scf.yield %m : i32
  } else {
    scf.yield %a : i32
  }
  return %b : i32
}

// CHECK-LABEL: func.func @loops
func.func @loops(%n: index, %c: i1, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: cf.br ^[[HEAD:.*]](%{{.*}}, %arg2 : index, i32)
  // CHECK: ^[[HEAD]](%[[I:.*]]: index, %[[ACC:.*]]: i32):
  // CHECK: arith.cmpi slt, %[[I]], %arg0
  // CHECK: cf.cond_br %arg1
  // CHECK: arith.addi %[[I]], %{{.*}} : index
  // CHECK: cf.br ^[[HEAD]]
  // CHECK-NOT: scf.
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> i32 {
    %v = scf.if %c -> i32 {
      %t = arith.addi %acc, %acc : i32
      scf.yield %t : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %v : i32
  }
  %w = scf.while (%y = %r) : (i32) -> i32 {
    %zero = arith.constant 0 : i32
    %more = arith.cmpi sgt, %y, %zero : i32
    scf.condition(%more) %y : i32
  } do {
  ^bb0(%y: i32):
    %one = arith.constant 1 : i32
    %z = arith.subi %y, %one : i32
    scf.yield %z : i32
  }
  return %w : i32
}
