// RUN: tile-opt %s -split-input-file -tile-unroll-loops=factor=2 | FileCheck %s

// A row-sum loop with a runtime bound: the main loop runs two iterations'
// loads at a time, a remainder loop the last odd one.
// CHECK-LABEL: func.func @row_sum
// CHECK: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: %[[STEP2:.*]] = arith.muli %{{.*}}, %[[TWO]] : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP2]]
// CHECK-COUNT-2: tile.load
// CHECK: scf.yield
// CHECK: scf.for
// CHECK-COUNT-1: tile.load
// CHECK: scf.yield
func.func @row_sum(%x: !tile.ptr<f32>, %n: i32) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %acc = scf.for %i = %c0 to %n step %c1024 iter_args(%a = %zero) -> (tensor<1024xf32>) : i32 {
    %s = tile.splat %i : tensor<1024xi32>
    %o = arith.addi %s, %r : tensor<1024xi32>
    %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
    %p = tile.addptr %xs, %o : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %v = tile.load %p : tensor<1024x!tile.ptr<f32>>
    %sum = arith.addf %a, %v : tensor<1024xf32>
    scf.yield %sum : tensor<1024xf32>
  }
  return %acc : tensor<1024xf32>
}

// -----

// Loops without block loads are left alone.
// CHECK-LABEL: func.func @no_loads
// CHECK: scf.for
// CHECK-NOT: scf.for
func.func @no_loads(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %b = arith.addi %a, %i : i32
    scf.yield %b : i32
  }
  return %r : i32
}
