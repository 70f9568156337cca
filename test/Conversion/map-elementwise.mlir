// RUN: tile-opt %s -split-input-file -tile-assign-layouts -tile-allocate-shared -tile-insert-barriers -tile-to-llvm | FileCheck %s
// tile.map_elementwise clones its region once per element the thread
// holds, on that element of each operand, in the operands' layout: 512
// elements on 4 warps are 4 a thread, so 4 compares, 4 branches (scf.if,
// lowered by the later scf-to-cf pass) and 4 exponentials on the taken
// side only; both results come from each clone. No shared memory, no
// barrier, no exchange between threads.

// CHECK: tile.shared_bytes = 0 : i64
// CHECK-LABEL: llvm.func @selu
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: scf.yield %{{.*}} : f32
// CHECK-NEXT: } else {
// CHECK: ex2.approx.f32
// CHECK: scf.yield
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: scf.yield %{{.*}} : f32
// CHECK-NEXT: } else {
// CHECK: ex2.approx.f32
// CHECK: scf.yield
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: scf.yield %{{.*}} : f32
// CHECK-NEXT: } else {
// CHECK: ex2.approx.f32
// CHECK: scf.yield
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: scf.yield %{{.*}} : f32
// CHECK-NEXT: } else {
// CHECK: ex2.approx.f32
// CHECK: scf.yield
// CHECK-NOT: scf.if
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.target = "sm_90a"} {
  func.func @selu(%x_ptr: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y_ptr: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %f_ptr: !tile.ptr<i8> {tile.divisibility = 16 : i32}, %alpha: f32) {
    %r = tile.make_range 0, 512 : tensor<512xi32>
    %px = tile.splat %x_ptr : tensor<512x!tile.ptr<f32>>
    %pxs = tile.addptr %px, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    %x = tile.load %pxs : tensor<512x!tile.ptr<f32>>
    %a = tile.splat %alpha : tensor<512xf32>
    %y:2 = tile.map_elementwise %x, %a : (tensor<512xf32>, tensor<512xf32>) -> (tensor<512xf32>, tensor<512xi1>) {
    ^bb0(%e: f32, %s: f32):
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      %pos = arith.cmpf ogt, %e, %zero : f32
      %v = scf.if %pos -> (f32) {
        scf.yield %e : f32
      } else {
        %ex = math.exp %e : f32
        %em = arith.subf %ex, %one : f32
        %m = arith.mulf %s, %em : f32
        scf.yield %m : f32
      }
      tile.map_return %v, %pos : f32, i1
    }
    %py = tile.splat %y_ptr : tensor<512x!tile.ptr<f32>>
    %pys = tile.addptr %py, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    tile.store %pys, %y#0 : tensor<512x!tile.ptr<f32>>
    %flag = arith.extui %y#1 : tensor<512xi1> to tensor<512xi8>
    %pf = tile.splat %f_ptr : tensor<512x!tile.ptr<i8>>
    %pfs = tile.addptr %pf, %r : tensor<512x!tile.ptr<i8>>, tensor<512xi32>
    tile.store %pfs, %flag : tensor<512x!tile.ptr<i8>>
    return
  }
}

// -----

// pack = 2: one clone per two consecutive elements of a thread, on both
// elements of each operand in turn (a0, a1, b0, b1). 64 elements on 4
// warps are one a thread (the rest of the 128 threads repeat them), so the
// one clone gets a poison second element of each operand and its second
// values are dropped.
// CHECK-LABEL: llvm.func @pairs
// CHECK: %[[PA:.*]] = llvm.mlir.poison : i32
// CHECK: %[[PB:.*]] = llvm.mlir.poison : i32
// CHECK: arith.subi %{{.*}}, %[[PB]] : i32
// CHECK-NOT: arith.subi
// CHECK: llvm.return
module attributes {tile.num_warps = 4 : i32, tile.target = "sm_90a"} {
  func.func @pairs(%a_ptr: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %b_ptr: !tile.ptr<i32> {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0, 64 : tensor<64xi32>
    %pa = tile.splat %a_ptr : tensor<64x!tile.ptr<i32>>
    %pas = tile.addptr %pa, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
    %a = tile.load %pas : tensor<64x!tile.ptr<i32>>
    %pb = tile.splat %b_ptr : tensor<64x!tile.ptr<i32>>
    %pbs = tile.addptr %pb, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
    %b = tile.load %pbs : tensor<64x!tile.ptr<i32>>
    %y = tile.map_elementwise %a, %b {pack = 2 : i32} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32> {
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %d = arith.subi %a0, %b1 : i32
      %e = arith.addi %a1, %b0 : i32
      tile.map_return %d, %e : i32, i32
    }
    tile.store %pas, %y : tensor<64x!tile.ptr<i32>>
    return
  }
}
