// RUN: tile-opt %s -split-input-file -tile-prefetch-next-programs="distance-bytes=4096 min-programs=1" | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-prefetch-next-programs=distance-bytes=0 | FileCheck %s --check-prefix=DISABLED
// RUN: tile-opt %s -split-input-file -tile-prefetch-next-programs=distance-bytes=128 | FileCheck %s --check-prefix=MIN
// RUN: tile-opt %s -split-input-file -tile-prefetch-next-programs="distance-bytes=4096 min-programs=1 max-arith-per-load=1" | FileCheck %s --check-prefix=COMPUTE

// Softmax-shaped: one row per program, stored again after arithmetic. The
// row of program pid + 64 (4096 bytes / 64-byte blocks) is prefetched: the
// base recomputed for that program, the mask's bound giving the bytes, and
// nothing past the last program.
// CHECK-LABEL: func.func @softmax_row
// CHECK: %[[V:.*]] = tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<16x!tile.ptr<f32>>
// CHECK-NEXT: %[[PID:.*]] = tile.program_id 0 : i32
// CHECK-NEXT: %[[D:.*]] = arith.constant 64 : i32
// CHECK-NEXT: %[[NXT:.*]] = arith.addi %[[PID]], %[[D]] : i32
// CHECK-NEXT: %[[ROWOFF:.*]] = arith.muli %[[NXT]], %arg2 : i32
// CHECK-NEXT: %[[ROW:.*]] = tile.addptr %arg0, %[[ROWOFF]] : !tile.ptr<f32>, i32
// CHECK: %[[COUNT:.*]] = arith.minsi %arg3, %{{.*}} : i32
// CHECK-NEXT: %[[NPROG:.*]] = tile.num_programs 0 : i32
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi slt, %[[NXT]], %[[NPROG]] : i32
// CHECK: %[[B:.*]] = arith.muli %[[COUNT]], %{{.*}} : i32
// CHECK-NEXT: %[[BYTES:.*]] = arith.select %[[IN]], %[[B]], %{{.*}} : i32
// CHECK: tile.prefetch %[[ROW]], %[[BYTES]] : !tile.ptr<f32>
// CHECK: math.exp
// CHECK: tile.store
// DISABLED-NOT: tile.prefetch
// More than one block arith/math op for the one load (cmpi, exp):
// compute-bound by that limit, so nothing is prefetched anywhere.
// COMPUTE-NOT: tile.prefetch
// 128 bytes are two 64-byte blocks, below the default minimum of 64 programs.
// MIN-LABEL: func.func @softmax_row
// MIN: tile.program_id 0 : i32
// MIN: tile.program_id 0 : i32
// MIN-NEXT: arith.constant 64 : i32
func.func @softmax_row(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %stride: i32, %n: i32) {
  %pid = tile.program_id 0 : i32
  %off = arith.muli %pid, %stride : i32
  %row = tile.addptr %x, %off : !tile.ptr<f32>, i32
  %cols = tile.make_range 0, 16 : tensor<16xi32>
  %rows = tile.splat %row : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %rows, %cols : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %ns = tile.splat %n : tensor<16xi32>
  %m = arith.cmpi slt, %cols, %ns : tensor<16xi32>
  %inf = arith.constant dense<0xFF800000> : tensor<16xf32>
  %v = tile.load %p mask %m other %inf : tensor<16x!tile.ptr<f32>>
  %e = math.exp %v : tensor<16xf32>
  %yrow = tile.addptr %y, %off : !tile.ptr<f32>, i32
  %yrows = tile.splat %yrow : tensor<16x!tile.ptr<f32>>
  %q = tile.addptr %yrows, %cols : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %q, %e mask %m : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// GeLU-shaped: offsets pid * 16 + arange(0, 16) from an argument pointer;
// program pid + 64 loads elements [0, min(16, n - (pid + 64) * 16)).
// CHECK-LABEL: func.func @elementwise
// CHECK: tile.load
// CHECK: %[[NXT:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[START:.*]] = arith.muli %[[NXT]], %{{.*}} : i32
// CHECK: %[[LEFT:.*]] = arith.subi %arg2, %[[START]] : i32
// CHECK-NEXT: %[[COUNT:.*]] = arith.minsi %[[LEFT]], %{{.*}} : i32
// CHECK: %[[P:.*]] = tile.addptr %arg0, %[[START]] : !tile.ptr<f32>, i32
// CHECK-NEXT: tile.prefetch %[[P]], %{{.*}} : !tile.ptr<f32>
func.func @elementwise(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id 0 : i32
  %c16 = arith.constant 16 : i32
  %start = arith.muli %pid, %c16 : i32
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %s = tile.splat %start : tensor<16xi32>
  %offs = arith.addi %s, %r : tensor<16xi32>
  %ns = tile.splat %n : tensor<16xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<16xi32>
  %xs = tile.splat %x : tensor<16x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %xp mask %m : tensor<16x!tile.ptr<f32>>
  %ys = tile.splat %y : tensor<16x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %yp, %v mask %m : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// Left alone: data only reduced (row-sum), a load in a loop, a load with a
// cache hint of its own, a mask of another form, a row whose address comes
// from memory.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: tile.prefetch
func.func @left_alone(%x: !tile.ptr<f32>, %idx: !tile.ptr<i32>, %y: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id 0 : i32
  %row = tile.addptr %x, %pid : !tile.ptr<f32>, i32
  %rows = tile.splat %row : tensor<16x!tile.ptr<f32>>
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %p = tile.addptr %rows, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  // Only reduced.
  %a = tile.load %p : tensor<16x!tile.ptr<f32>>
  %sum = tile.reduce sum %a {axis = 0 : i32} : tensor<16xf32> -> f32
  %yp = tile.addptr %y, %pid : !tile.ptr<f32>, i32
  tile.store %yp, %sum : !tile.ptr<f32>
  // In a loop.
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %b = tile.load %p : tensor<16x!tile.ptr<f32>>
    %ys = tile.splat %y : tensor<16x!tile.ptr<f32>>
    %q = tile.addptr %ys, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    tile.store %q, %b : tensor<16x!tile.ptr<f32>>
  }
  // A cache hint of its own.
  %ys2 = tile.splat %y : tensor<16x!tile.ptr<f32>>
  %q2 = tile.addptr %ys2, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %c = tile.load %p cache = cg : tensor<16x!tile.ptr<f32>>
  tile.store %q2, %c : tensor<16x!tile.ptr<f32>>
  // A mask that is not `offsets < bound`.
  %ns = tile.splat %n : tensor<16xi32>
  %m = arith.cmpi sgt, %r, %ns : tensor<16xi32>
  %off2 = arith.addi %pid, %n : i32
  %row3 = tile.addptr %x, %off2 : !tile.ptr<f32>, i32
  %rows3 = tile.splat %row3 : tensor<16x!tile.ptr<f32>>
  %p3 = tile.addptr %rows3, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %d = tile.load %p3 mask %m : tensor<16x!tile.ptr<f32>>
  tile.store %q2, %d : tensor<16x!tile.ptr<f32>>
  // The row's offset is loaded from memory.
  %ip = tile.addptr %idx, %pid : !tile.ptr<i32>, i32
  %k = tile.load %ip : !tile.ptr<i32>
  %row4 = tile.addptr %x, %k : !tile.ptr<f32>, i32
  %rows4 = tile.splat %row4 : tensor<16x!tile.ptr<f32>>
  %p4 = tile.addptr %rows4, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %e = tile.load %p4 : tensor<16x!tile.ptr<f32>>
  tile.store %q2, %e : tensor<16x!tile.ptr<f32>>
  return
}
