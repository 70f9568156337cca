// RUN: tile-opt %s -split-input-file -tile-insert-barriers | FileCheck %s
// tile-insert-barriers: a tile.barrier goes before a shared-memory access
// that reads bytes written since the last barrier (RAW) or writes bytes
// read or written since then (WAR, WAW), following the offsets that
// tile-allocate-shared recorded (given explicitly here): across loop
// iterations, out of scf.if branches, and for scratch users (which read and
// write their whole range). Accesses to disjoint bytes need none.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// RAW: a buffer written (by local_alloc's source or local_store) and then
// read. Buffers at disjoint offsets are written back to back, and read
// back to back after one barrier; a write to a third range after the reads
// needs none; reading %a again after that needs none either.
// CHECK-LABEL: func.func @raw_and_disjoint(
// CHECK-NEXT: %[[A:.*]] = tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: %[[B:.*]] = tile.local_alloc {offset = 4096 : i64}
// CHECK-NEXT: tile.local_store %{{.*}}, %[[B]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[A]]
// CHECK-NEXT: tile.local_load %[[B]]
// CHECK-NEXT: %[[C:.*]] = tile.local_alloc %{{.*}} {offset = 8192 : i64}
// CHECK-NEXT: tile.local_load %[[A]]
// CHECK-NEXT: return
func.func @raw_and_disjoint(%x: tensor<64x32xf16, #blocked>) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<64x32xf16, #shared>
  tile.local_store %x, %b : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %c = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 8192 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %la2 = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %la, %lb, %la2 : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}

// WAR and WAW on one range: a buffer at the bytes of one just read, and a
// store over bytes just written. A barrier already there is not repeated.
// CHECK-LABEL: func.func @war_waw(
// CHECK-NEXT: %[[A:.*]] = tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[A]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[B:.*]] = tile.local_alloc %{{.*}} {offset = 2048 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_store %{{.*}}, %[[B]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[B]]
// CHECK-NEXT: return
func.func @war_waw(%x: tensor<64x32xf16, #blocked>) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %b = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 2048 : i64} -> !tile.memdesc<64x32xf16, #shared>
  tile.local_store %x, %b : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  tile.barrier
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %la, %lb : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}

// A stack of buffers is one range: a store through one subview and a load
// through another are ordered.
// CHECK-LABEL: func.func @subviews(
// CHECK: tile.local_store
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
func.func @subviews(%x: tensor<64x32xf16, #blocked>, %i: i32, %j: i32) -> tensor<64x32xf16, #blocked> {
  %s = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16, #shared>
  %v = tile.memdesc_subview %s[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  %w = tile.memdesc_subview %s[%j] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  tile.local_store %x, %v : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %l = tile.local_load %w : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %l : tensor<64x32xf16, #blocked>
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// WAR across iterations: the body writes two buffers, then reads them; the
// next iteration's writes must wait for this one's reads, so the body starts
// with a barrier, and a second one orders its writes before its reads.
// CHECK-LABEL: func.func @loop(
// CHECK: scf.for
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[A:.*]] = tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: %[[B:.*]] = tile.local_alloc %{{.*}} {offset = 4096 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[A]]
// CHECK-NEXT: tile.local_load %[[B]]
// CHECK-NOT: tile.barrier
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @loop(%x: tensor<64x32xf16, #blocked>, %n: index) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64x32xf16, #blocked>) {
    %a = tile.local_alloc %acc : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
    %b = tile.local_alloc %acc : tensor<64x32xf16, #blocked> {offset = 4096 : i64} -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %la, %lb : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  return %r : tensor<64x32xf16, #blocked>
}

// A loop that only reads a buffer written before it: one barrier before the
// loop orders the write before every read; none inside the loop.
// CHECK-LABEL: func.func @loop_reads(
// CHECK: tile.local_alloc
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: tile.barrier
// CHECK: tile.local_load
// CHECK-NOT: tile.barrier
// CHECK: return
func.func @loop_reads(%x: tensor<64x32xf16, #blocked>, %n: index) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64x32xf16, #blocked>) {
    %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %la : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  return %r : tensor<64x32xf16, #blocked>
}

// A write inside the loop to bytes read after it: the read waits (the
// loop may have run).
// CHECK-LABEL: func.func @loop_then_read(
// CHECK: scf.for
// CHECK: tile.local_store
// CHECK-NEXT: }
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
func.func @loop_then_read(%x: tensor<64x32xf16, #blocked>, %n: index) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  scf.for %i = %c0 to %n step %c1 {
    tile.local_store %x, %a : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  }
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %la : tensor<64x32xf16, #blocked>
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// A write in one branch of an scf.if, a read after it: the barrier goes
// after the scf.if. A write before it and reads in both branches: a barrier
// at the start of each branch.
// CHECK-LABEL: func.func @branches(
// CHECK: scf.if
// CHECK-NEXT: tile.local_store
// CHECK-NEXT: }
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: tile.local_store
// CHECK-NEXT: scf.if
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK: } else {
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK: return
func.func @branches(%x: tensor<64x32xf16, #blocked>, %c: i1) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<64x32xf16, #shared>
  scf.if %c {
    tile.local_store %x, %a : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  }
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  tile.local_store %x, %b : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %r = scf.if %c -> (tensor<64x32xf16, #blocked>) {
    %l1 = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    scf.yield %l1 : tensor<64x32xf16, #blocked>
  } else {
    %l2 = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    scf.yield %l2 : tensor<64x32xf16, #blocked>
  }
  return %la, %r : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}

// A barrier in one branch does not order the other: a write in the else
// branch is still pending after the scf.if.
// CHECK-LABEL: func.func @one_branch_synced(
// CHECK: scf.if
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
// CHECK: } else {
// CHECK-NEXT: tile.local_store
// CHECK: }
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load
func.func @one_branch_synced(%x: tensor<64x32xf16, #blocked>, %c: i1) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %b = tile.local_alloc {offset = 4096 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %r = scf.if %c -> (tensor<64x32xf16, #blocked>) {
    %l1 = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    scf.yield %l1 : tensor<64x32xf16, #blocked>
  } else {
    tile.local_store %x, %b : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    scf.yield %x : tensor<64x32xf16, #blocked>
  }
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %r, %lb : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// Scratch users: a conversion (32x32 f32, 4 KiB) whose scratch reuses the
// bytes of a buffer just read waits for those reads; a second one at other
// bytes does not wait; a reduction across warps (1 KiB) over bytes the
// first conversion used waits; a buffer read after them at its own bytes
// does not.
// CHECK-LABEL: func.func @scratch(
// CHECK-NEXT: %[[A:.*]] = tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: %[[B:.*]] = tile.local_alloc %{{.*}} {offset = 8192 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[A]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.convert_layout %{{.*}} {tile.scratch_offset = 0 : i64}
// CHECK-NEXT: tile.convert_layout %{{.*}} {tile.scratch_offset = 4096 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.reduce sum %{{.*}} {axis = 1 : i32, tile.scratch_offset = 1024 : i64}
// CHECK-NEXT: tile.local_load %[[B]]
// CHECK-NEXT: return
func.func @scratch(%x: tensor<64x32xf16, #blocked>, %y: tensor<32x32xf32, #rows>, %z: tensor<64x64xf32, #rows>)
    -> (tensor<64x32xf16, #blocked>, tensor<32x32xf32, #cols>, tensor<32x32xf32, #cols>, tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %b = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 8192 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %c1 = tile.convert_layout %y {tile.scratch_offset = 0 : i64} : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
  %c2 = tile.convert_layout %y {tile.scratch_offset = 4096 : i64} : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
  %r = tile.reduce sum %z {axis = 1 : i32, tile.scratch_offset = 1024 : i64} : tensor<64x64xf32, #rows> -> tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %la, %c1, %c2, %r, %lb : tensor<64x32xf16, #blocked>, tensor<32x32xf32, #cols>, tensor<32x32xf32, #cols>, tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>, tensor<64x32xf16, #blocked>
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// A buffer that tile-allocate-shared placed in the bytes of an earlier
// scratch user (scratch lives during its op only): its source is written
// after a barrier, once every thread has read the conversion's scratch.
// CHECK-LABEL: func.func @buffer_after_scratch(
// CHECK-NEXT: tile.convert_layout %{{.*}} {tile.scratch_offset = 0 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[A:.*]] = tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.local_load %[[A]]
// CHECK-NEXT: return
func.func @buffer_after_scratch(%x: tensor<64x32xf16, #blocked>, %y: tensor<32x32xf32, #rows>)
    -> (tensor<32x32xf32, #cols>, tensor<64x32xf16, #blocked>) {
  %c = tile.convert_layout %y {tile.scratch_offset = 0 : i64} : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> {offset = 0 : i64} -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %c, %la : tensor<32x32xf32, #cols>, tensor<64x32xf16, #blocked>
}

// -----

// A while loop is a loop too: the condition's block then the body's, over
// and over. A relaxed scalar compare-and-swap in the condition (its old
// value goes through 8 bytes of scratch) waits at the top of every trip
// for the previous trip's reads; the empty body needs none.
// CHECK-LABEL: func.func @while_scratch(
// CHECK: scf.while
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[OLD:.*]] = tile.atomic_cas
// CHECK: } do {
// CHECK-NOT: tile.barrier
// CHECK: scf.yield
func.func @while_scratch(%lock: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.while : () -> () {
    %old = tile.atomic_cas %lock, %c0, %c1 sem = relaxed scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
    %busy = arith.cmpi eq, %old, %c1 : i32
    scf.condition(%busy)
  } do {
    scf.yield
  }
  return
}

// -----

// The lock pattern itself: a scalar compare-and-swap that releases
// (acq_rel) after the program's stores is lowered after a barrier of its
// own (every thread's earlier writes come before the one thread's
// release), which orders the previous trip's reads of the scratch too: no
// second barrier.
// CHECK-LABEL: func.func @while_lock(
// CHECK: scf.while
// CHECK-NEXT: %[[OLD:.*]] = tile.atomic_cas {{.*}} {tile.scratch_offset = 0 : i64}
// CHECK-NOT: tile.barrier
// CHECK: return
func.func @while_lock(%lock: !tile.ptr<i32>, %out: tensor<128x!tile.ptr<i32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = arith.constant dense<1> : tensor<128xi32>
  tile.store %out, %v : tensor<128x!tile.ptr<i32>>
  scf.while : () -> () {
    %old = tile.atomic_cas %lock, %c0, %c1 sem = acq_rel scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
    %busy = arith.cmpi eq, %old, %c1 : i32
    scf.condition(%busy)
  } do {
    scf.yield
  }
  return
}

// -----

// Inside the lock: a release with no global writes since the last barrier
// (the lock's own compare-and-swap began with one) needs none before it
// and is marked so; the release after the section's stores keeps its own.
// Without stores before it, the compare-and-swap needs no release barrier
// either, but its scratch does: a tile.barrier at the top of each trip.
// CHECK-LABEL: func.func @lock_section(
// CHECK: scf.while
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.atomic_cas {{.*}} {tile.no_release_barrier, tile.scratch_offset = 0 : i64}
// CHECK: tile.atomic_rmw xchg, %arg1, {{.*}} {tile.no_release_barrier
// CHECK: tile.store
// CHECK-NEXT: tile.atomic_rmw xchg, %arg0
// CHECK-NOT: tile.no_release_barrier
// CHECK: return
func.func @lock_section(%lock: !tile.ptr<i32>, %seen: !tile.ptr<i32>, %out: tensor<128x!tile.ptr<i32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = arith.constant dense<1> : tensor<128xi32>
  scf.while : () -> () {
    %old = tile.atomic_cas %lock, %c0, %c1 sem = acq_rel scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
    %busy = arith.cmpi eq, %old, %c1 : i32
    scf.condition(%busy)
  } do {
    scf.yield
  }
  %s = tile.atomic_rmw xchg, %seen, %c1 sem = acq_rel scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
  tile.store %out, %v : tensor<128x!tile.ptr<i32>>
  %r = tile.atomic_rmw xchg, %lock, %c0 sem = acq_rel scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
  return
}

// -----

// Layer norm backward's critical section: every thread reads the flag, then
// thread 0 sets it. The barrier before the exchange stays: without it a warp
// could read the flag after thread 0 set it and take the other branch. The
// unlock right after it needs none: only thread 0 acted since that barrier.
// CHECK-LABEL: func.func @read_then_set(
// CHECK: tile.load %arg1
// CHECK-NOT: tile.no_release_barrier
// CHECK: tile.atomic_rmw xchg, %arg1, {{.*}} {tile.scratch_offset = 0 : i64}
// CHECK-NEXT: tile.atomic_rmw xchg, %arg0, {{.*}} {tile.no_release_barrier
// CHECK: return
func.func @read_then_set(%lock: !tile.ptr<i32>, %seen: !tile.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.while : () -> () {
    %old = tile.atomic_cas %lock, %c0, %c1 sem = acq_rel scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
    %busy = arith.cmpi eq, %old, %c1 : i32
    scf.condition(%busy)
  } do {
    scf.yield
  }
  %count = tile.load %seen : !tile.ptr<i32>
  %s = tile.atomic_rmw xchg, %seen, %c1 sem = acq_rel scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
  %r = tile.atomic_rmw xchg, %lock, %c0 sem = acq_rel scope = gpu {tile.scratch_offset = 0 : i64} : !tile.ptr<i32>
  return %count : i32
}
