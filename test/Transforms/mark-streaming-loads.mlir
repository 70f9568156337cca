// RUN: tile-opt %s -split-input-file -tile-mark-streaming-loads | FileCheck %s

// Row-sum: each program reads its own row once and only reduces it.
// CHECK-LABEL: func.func @row_sum
// CHECK: tile.load %{{.*}} mask %{{.*}} other %{{.*}} cache = lu :
// CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
func.func @row_sum(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id 0 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %acc = scf.for %start = %c0 to %n step %c16 iter_args(%a = %zero) -> (tensor<16xf32>) : i32 {
    %r = tile.make_range 0, 16 : tensor<16xi32>
    %s = tile.splat %start : tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %ns = tile.splat %n : tensor<16xi32>
    %m = arith.cmpi slt, %cols, %ns : tensor<16xi32>
    %off = arith.muli %pid, %n : i32
    %row = tile.addptr %x, %off : !tile.ptr<f32>, i32
    %rows = tile.splat %row : tensor<16x!tile.ptr<f32>>
    %p = tile.addptr %rows, %cols : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    %o = arith.constant dense<0.0> : tensor<16xf32>
    %v = tile.load %p mask %m other %o : tensor<16x!tile.ptr<f32>>
    %sum = arith.addf %a, %v : tensor<16xf32>
    scf.yield %sum : tensor<16xf32>
  }
  %total = tile.reduce sum %acc {axis = 0 : i32} : tensor<16xf32> -> f32
  %q = tile.addptr %out, %pid : !tile.ptr<f32>, i32
  tile.store %q, %total : !tile.ptr<f32>
  return
}

// -----

// Softmax-like: the loaded block is stored again (after arithmetic), so the
// load keeps the default caching.
// CHECK-LABEL: func.func @stored_again
// CHECK: tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
// CHECK-NOT: cache = lu
func.func @stored_again(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %pid = tile.program_id 0 : i32
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %row = tile.addptr %x, %pid : !tile.ptr<f32>, i32
  %rows = tile.splat %row : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %rows, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  %m = tile.reduce max %v {axis = 0 : i32} : tensor<16xf32> -> f32
  %ms = tile.splat %m : tensor<16xf32>
  %d = arith.subf %v, %ms : tensor<16xf32>
  %out = tile.addptr %y, %pid : !tile.ptr<f32>, i32
  %outs = tile.splat %out : tensor<16x!tile.ptr<f32>>
  %q = tile.addptr %outs, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %q, %d : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// Every program reads the same block (no tl.program_id in the address):
// other programs will want it cached.
// CHECK-LABEL: func.func @shared_block
// CHECK-NOT: cache = lu
func.func @shared_block(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %pid = tile.program_id 0 : i32
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %xs = tile.splat %x : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %xs, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  %s = tile.reduce sum %v {axis = 0 : i32} : tensor<16xf32> -> f32
  %q = tile.addptr %out, %pid : !tile.ptr<f32>, i32
  tile.store %q, %s : !tile.ptr<f32>
  return
}

// -----

// Two passes over the same rows (mean, then variance): the second load
// wants the first one's lines kept, so neither is marked.
// CHECK-LABEL: func.func @two_passes
// CHECK-NOT: cache = lu
func.func @two_passes(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %pid = tile.program_id 0 : i32
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %row = tile.addptr %x, %pid : !tile.ptr<f32>, i32
  %rows = tile.splat %row : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %rows, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  %s = tile.reduce sum %v {axis = 0 : i32} : tensor<16xf32> -> f32
  %w = tile.load %p : tensor<16x!tile.ptr<f32>>
  %sq = arith.mulf %w, %w : tensor<16xf32>
  %t = tile.reduce sum %sq {axis = 0 : i32} : tensor<16xf32> -> f32
  %u = arith.addf %s, %t : f32
  %q = tile.addptr %out, %pid : !tile.ptr<f32>, i32
  tile.store %q, %u : !tile.ptr<f32>
  return
}

// -----

// The loaded block is used as offsets of another load (a gather): not only
// reduced, so not marked. A hint the user wrote is kept as it is.
// CHECK-LABEL: func.func @gather_and_user_hint
// CHECK: %[[IDX:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<i32>>
// CHECK: tile.load %{{.*}} evict = evict_last : tensor<16x!tile.ptr<f32>>
// CHECK-NOT: cache = lu
func.func @gather_and_user_hint(%i: !tile.ptr<i32>, %x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %pid = tile.program_id 0 : i32
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %irow = tile.addptr %i, %pid : !tile.ptr<i32>, i32
  %irows = tile.splat %irow : tensor<16x!tile.ptr<i32>>
  %ip = tile.addptr %irows, %r : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %idx = tile.load %ip : tensor<16x!tile.ptr<i32>>
  %xrow = tile.addptr %x, %pid : !tile.ptr<f32>, i32
  %xrows = tile.splat %xrow : tensor<16x!tile.ptr<f32>>
  %xp = tile.addptr %xrows, %idx : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %xp evict = evict_last : tensor<16x!tile.ptr<f32>>
  %s = tile.reduce sum %v {axis = 0 : i32} : tensor<16xf32> -> f32
  %q = tile.addptr %out, %pid : !tile.ptr<f32>, i32
  tile.store %q, %s : !tile.ptr<f32>
  return
}
