// RUN: tile-opt %s -split-input-file -tile-pipeline=num-stages=3 | FileCheck %s
// tile-pipeline on the key/value loop of attention's backward (the shape
// of test/gpu/kernels/attention.py's attention_bwd_kv, one product of each
// kind): Q^T is loaded once and feeds two products, S^T = K Q^T from its
// buffer and dK += dS^T Q through a transposed view; the row statistics
// (a vector of 32 f32) reach the second product through exp2; the row
// offset `row` is carried, and both this iteration's mask and the
// statistics' pointers use it.
//
// Q^T's two buffers (same type) become one stack of stages, read through
// the same stage view. The statistics get a plain rank-1 buffer of their
// own, copied with the factors and read in the layout their conversion
// wanted (the conversion goes). `row` is carried twice: this iteration's
// value for the mask, and the one S - 1 iterations ahead for the copies.

// CHECK: #[[PLAIN:[^ ]+]] = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
// CHECK-LABEL: func.func @stats(
// CHECK-SAME: %[[K:[^:]+]]: !tile.memdesc<64x64xf16, #shared>
// CHECK: %[[QB:.*]] = tile.local_alloc -> !tile.memdesc<3x64x32xf16, #shared1>
// CHECK-NEXT: %[[SB:.*]] = tile.local_alloc -> !tile.memdesc<3x32xf32, #[[PLAIN]]>
// CHECK: %[[R1:.*]] = arith.addi %c0_i32, %c32_i32 : i32
// CHECK: tile.async_copy %{{.*}} : tensor<64x32x!tile.ptr<f16>, #blocked1> -> !tile.memdesc<64x32xf16, #shared1>
// CHECK: tile.async_copy %{{.*}} : tensor<32x!tile.ptr<f32>, #blocked> -> !tile.memdesc<32xf32, #[[PLAIN]]>
// CHECK-NEXT: tile.async_commit_group
// CHECK: %[[R2:.*]] = arith.addi %[[R1]], %c32_i32 : i32
// CHECK: tile.async_commit_group
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]+]] = %cst, %{{[^ ]+}} = %{{[^,]+}}, %[[ROW:[^ ]+]] = %c0_i32, %[[RS:[^ ]+]] = %{{[^,]+}}, %{{[^ ]+}} = %{{[^,]+}}, %[[AHEAD:[^ ]+]] = %[[R2]])
// CHECK-NEXT: tile.async_wait {num = 1 : i32}
// CHECK-NEXT: %[[QV:.*]] = tile.memdesc_subview %[[QB]][%[[RS]]]
// CHECK-NEXT: %[[SV:.*]] = tile.memdesc_subview %[[SB]][%[[RS]]]
// CHECK-NEXT: tile.splat %[[ROW]] : tensor<32xi32, #tile.slice<dim = 0, parent = #wgmma1>>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.local_load %[[SV]] : !tile.memdesc<32xf32, #[[PLAIN]]> -> tensor<32xf32, #tile.slice<dim = 0, parent = #wgmma1>>
// CHECK-NEXT: tile.warpgroup_dot %[[K]], %[[QV]], %cst_0 :
// CHECK: %[[QT:.*]] = tile.memdesc_trans %[[QV]]
// CHECK-NEXT: tile.warpgroup_dot %{{.*}}, %[[QT]], %[[ACC]] {pendings = 1 : i32}
// CHECK: tile.splat %[[AHEAD]] : tensor<32xi32, #blocked>
// CHECK: %[[NEXTAHEAD:.*]] = arith.addi %[[AHEAD]], %c32_i32 : i32
// CHECK: tile.async_copy
// CHECK: tile.async_copy
// CHECK: %[[NEXTROW:.*]] = arith.addi %[[ROW]], %c32_i32 : i32
// CHECK: scf.yield %{{[^,]+}}, %{{[^,]+}}, %[[NEXTROW]], %{{[^,]+}}, %{{[^,]+}}, %[[NEXTAHEAD]] :
// CHECK: tile.warpgroup_dot_wait
// CHECK: tile.async_wait {num = 0 : i32}

#blocked2 = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#blocked3 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#shared1 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#wgmma1 = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 32>
#dotA = #tile.dot_operand<opIdx = 0, parent = #wgmma, kWidth = 2>
#cols = #tile.slice<dim = 0, parent = #wgmma1>

module attributes {tile.num_warps = 4 : i32, tile.target = "sm_90a"} {
func.func @stats(%k: !tile.memdesc<64x64xf16, #shared>, %q: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %s: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #wgmma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c2048 = arith.constant 2048 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #wgmma>
  %zs = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #wgmma1>
  %rc = tile.make_range 0, 32 : tensor<32xi32, #cols>
  %rb = tile.make_range 0, 32 : tensor<32xi32, #blocked3>
  // Q^T's pointers: q + d + 64 * m, d contiguous.
  %d = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked2>>
  %d1 = tile.expand_dims %d {axis = 1 : i32} : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked2>> -> tensor<64x1xi32, #blocked2>
  %m = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked2>>
  %m1 = tile.expand_dims %m {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked2>> -> tensor<1x32xi32, #blocked2>
  %c64s = tile.splat %c64 : tensor<1x32xi32, #blocked2>
  %m64 = arith.muli %m1, %c64s : tensor<1x32xi32, #blocked2>
  %qs = tile.splat %q : tensor<64x1x!tile.ptr<f16>, #blocked2>
  %qd = tile.addptr %qs, %d1 : tensor<64x1x!tile.ptr<f16>, #blocked2>, tensor<64x1xi32, #blocked2>
  %qdb = tile.broadcast %qd : tensor<64x1x!tile.ptr<f16>, #blocked2> -> tensor<64x32x!tile.ptr<f16>, #blocked2>
  %mb = tile.broadcast %m64 : tensor<1x32xi32, #blocked2> -> tensor<64x32xi32, #blocked2>
  %qt0 = tile.addptr %qdb, %mb : tensor<64x32x!tile.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
  %r:3 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %qp = %qt0, %row = %c0) -> (tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked2>, i32) : i32 {
    %rowc = tile.splat %row : tensor<32xi32, #cols>
    %rowb = tile.splat %row : tensor<32xi32, #blocked3>
    %colsc = arith.addi %rowc, %rc : tensor<32xi32, #cols>
    %colsb = arith.addi %rowb, %rb : tensor<32xi32, #blocked3>
    %qt = tile.load %qp : tensor<64x32x!tile.ptr<f16>, #blocked2>
    %sp = tile.splat %s : tensor<32x!tile.ptr<f32>, #blocked3>
    %sptrs = tile.addptr %sp, %colsb : tensor<32x!tile.ptr<f32>, #blocked3>, tensor<32xi32, #blocked3>
    %st = tile.load %sptrs : tensor<32x!tile.ptr<f32>, #blocked3>
    %stc = tile.convert_layout %st : tensor<32xf32, #blocked3> -> tensor<32xf32, #cols>
    %qa = tile.local_alloc %qt : tensor<64x32xf16, #blocked2> -> !tile.memdesc<64x32xf16, #shared1>
    %sc = tile.warpgroup_dot %k, %qa, %zs : !tile.memdesc<64x64xf16, #shared>, !tile.memdesc<64x32xf16, #shared1> -> tensor<64x32xf32, #wgmma1>
    %st1 = tile.expand_dims %stc {axis = 0 : i32} : tensor<32xf32, #cols> -> tensor<1x32xf32, #wgmma1>
    %stb = tile.broadcast %st1 : tensor<1x32xf32, #wgmma1> -> tensor<64x32xf32, #wgmma1>
    %diff = arith.subf %sc, %stb : tensor<64x32xf32, #wgmma1>
    %p = math.exp2 %diff : tensor<64x32xf32, #wgmma1>
    %c1x = tile.expand_dims %colsc {axis = 0 : i32} : tensor<32xi32, #cols> -> tensor<1x32xi32, #wgmma1>
    %ns = tile.splat %n : tensor<1x32xi32, #wgmma1>
    %in = arith.cmpi slt, %c1x, %ns : tensor<1x32xi32, #wgmma1>
    %inb = tile.broadcast %in : tensor<1x32xi1, #wgmma1> -> tensor<64x32xi1, #wgmma1>
    %pm = arith.select %inb, %p, %zs : tensor<64x32xi1, #wgmma1>, tensor<64x32xf32, #wgmma1>
    %ph = arith.truncf %pm : tensor<64x32xf32, #wgmma1> to tensor<64x32xf16, #wgmma1>
    %pa = tile.convert_layout %ph : tensor<64x32xf16, #wgmma1> -> tensor<64x32xf16, #dotA>
    %qb = tile.local_alloc %qt : tensor<64x32xf16, #blocked2> -> !tile.memdesc<64x32xf16, #shared1>
    %qbt = tile.memdesc_trans %qb : !tile.memdesc<64x32xf16, #shared1> -> !tile.memdesc<32x64xf16, #shared>
    %acc2 = tile.warpgroup_dot %pa, %qbt, %acc : tensor<64x32xf16, #dotA>, !tile.memdesc<32x64xf16, #shared> -> tensor<64x64xf32, #wgmma>
    %inc = tile.splat %c2048 : tensor<64x32xi32, #blocked2>
    %qp2 = tile.addptr %qp, %inc : tensor<64x32x!tile.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
    %row2 = arith.addi %row, %c32 : i32
    scf.yield %acc2, %qp2, %row2 : tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked2>, i32
  }
  return %r#0 : tensor<64x64xf32, #wgmma>
}
}

// -----

// The same loop storing through the statistics' pointers: a load copied
// ahead could pass a store it depends on, so only the factor Q^T goes
// through a stack of stages (its pointers depend on nothing the loop
// writes); the statistics stay an ordinary load and conversion.

// CHECK-LABEL: func.func @stats_store(
// CHECK: tile.local_alloc -> !tile.memdesc<3x64x32xf16, #shared1>
// CHECK-NOT: tile.local_alloc
// CHECK: scf.for
// CHECK: %[[ST:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f32>, #blocked>
// CHECK-NEXT: tile.convert_layout %[[ST]]
// CHECK: tile.store
#blocked2 = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#blocked3 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#shared1 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#wgmma1 = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 32>
#dotA = #tile.dot_operand<opIdx = 0, parent = #wgmma, kWidth = 2>
#cols = #tile.slice<dim = 0, parent = #wgmma1>

module attributes {tile.num_warps = 4 : i32, tile.target = "sm_90a"} {
func.func @stats_store(%k: !tile.memdesc<64x64xf16, #shared>, %q: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %s: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #wgmma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c2048 = arith.constant 2048 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #wgmma>
  %zs = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #wgmma1>
  %rc = tile.make_range 0, 32 : tensor<32xi32, #cols>
  %rb = tile.make_range 0, 32 : tensor<32xi32, #blocked3>
  // Q^T's pointers: q + d + 64 * m, d contiguous.
  %d = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked2>>
  %d1 = tile.expand_dims %d {axis = 1 : i32} : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked2>> -> tensor<64x1xi32, #blocked2>
  %m = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked2>>
  %m1 = tile.expand_dims %m {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked2>> -> tensor<1x32xi32, #blocked2>
  %c64s = tile.splat %c64 : tensor<1x32xi32, #blocked2>
  %m64 = arith.muli %m1, %c64s : tensor<1x32xi32, #blocked2>
  %qs = tile.splat %q : tensor<64x1x!tile.ptr<f16>, #blocked2>
  %qd = tile.addptr %qs, %d1 : tensor<64x1x!tile.ptr<f16>, #blocked2>, tensor<64x1xi32, #blocked2>
  %qdb = tile.broadcast %qd : tensor<64x1x!tile.ptr<f16>, #blocked2> -> tensor<64x32x!tile.ptr<f16>, #blocked2>
  %mb = tile.broadcast %m64 : tensor<1x32xi32, #blocked2> -> tensor<64x32xi32, #blocked2>
  %qt0 = tile.addptr %qdb, %mb : tensor<64x32x!tile.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
  %r:3 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %qp = %qt0, %row = %c0) -> (tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked2>, i32) : i32 {
    %rowc = tile.splat %row : tensor<32xi32, #cols>
    %rowb = tile.splat %row : tensor<32xi32, #blocked3>
    %colsc = arith.addi %rowc, %rc : tensor<32xi32, #cols>
    %colsb = arith.addi %rowb, %rb : tensor<32xi32, #blocked3>
    %qt = tile.load %qp : tensor<64x32x!tile.ptr<f16>, #blocked2>
    %sp = tile.splat %s : tensor<32x!tile.ptr<f32>, #blocked3>
    %sptrs = tile.addptr %sp, %colsb : tensor<32x!tile.ptr<f32>, #blocked3>, tensor<32xi32, #blocked3>
    %st = tile.load %sptrs : tensor<32x!tile.ptr<f32>, #blocked3>
    %stc = tile.convert_layout %st : tensor<32xf32, #blocked3> -> tensor<32xf32, #cols>
    %qa = tile.local_alloc %qt : tensor<64x32xf16, #blocked2> -> !tile.memdesc<64x32xf16, #shared1>
    %sc = tile.warpgroup_dot %k, %qa, %zs : !tile.memdesc<64x64xf16, #shared>, !tile.memdesc<64x32xf16, #shared1> -> tensor<64x32xf32, #wgmma1>
    %st1 = tile.expand_dims %stc {axis = 0 : i32} : tensor<32xf32, #cols> -> tensor<1x32xf32, #wgmma1>
    %stb = tile.broadcast %st1 : tensor<1x32xf32, #wgmma1> -> tensor<64x32xf32, #wgmma1>
    %diff = arith.subf %sc, %stb : tensor<64x32xf32, #wgmma1>
    %p = math.exp2 %diff : tensor<64x32xf32, #wgmma1>
    %c1x = tile.expand_dims %colsc {axis = 0 : i32} : tensor<32xi32, #cols> -> tensor<1x32xi32, #wgmma1>
    %ns = tile.splat %n : tensor<1x32xi32, #wgmma1>
    %in = arith.cmpi slt, %c1x, %ns : tensor<1x32xi32, #wgmma1>
    %inb = tile.broadcast %in : tensor<1x32xi1, #wgmma1> -> tensor<64x32xi1, #wgmma1>
    %pm = arith.select %inb, %p, %zs : tensor<64x32xi1, #wgmma1>, tensor<64x32xf32, #wgmma1>
    %ph = arith.truncf %pm : tensor<64x32xf32, #wgmma1> to tensor<64x32xf16, #wgmma1>
    %pa = tile.convert_layout %ph : tensor<64x32xf16, #wgmma1> -> tensor<64x32xf16, #dotA>
    %qb = tile.local_alloc %qt : tensor<64x32xf16, #blocked2> -> !tile.memdesc<64x32xf16, #shared1>
    %qbt = tile.memdesc_trans %qb : !tile.memdesc<64x32xf16, #shared1> -> !tile.memdesc<32x64xf16, #shared>
    %acc2 = tile.warpgroup_dot %pa, %qbt, %acc : tensor<64x32xf16, #dotA>, !tile.memdesc<32x64xf16, #shared> -> tensor<64x64xf32, #wgmma>
    %inc = tile.splat %c2048 : tensor<64x32xi32, #blocked2>
    %qp2 = tile.addptr %qp, %inc : tensor<64x32x!tile.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
    %row2 = arith.addi %row, %c32 : i32
    tile.store %sptrs, %st : tensor<32x!tile.ptr<f32>, #blocked3>
    scf.yield %acc2, %qp2, %row2 : tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked2>, i32
  }
  return %r#0 : tensor<64x64xf32, #wgmma>
}
}

// -----

// The statistics found through an index loaded in the same iteration
// (stats[idx[row + j]]): the index block goes ahead through a buffer of its
// own, but the statistics' pointers need this iteration's index, so their
// load stays where it is, reading the index from its stage; Q^T is staged
// as before.

// CHECK-LABEL: func.func @indirect(
// CHECK: tile.local_alloc -> !tile.memdesc<3x64x32xf16, #shared1>
// CHECK-NEXT: tile.local_alloc -> !tile.memdesc<3x32xi32, #{{[^>]+}}>
// CHECK-NOT: tile.local_alloc
// CHECK: scf.for
// CHECK: %[[IDX:.*]] = tile.local_load %{{.*}} : !tile.memdesc<32xi32, #{{[^>]+}}> -> tensor<32xi32, #blocked>
// CHECK: %[[SP:.*]] = tile.addptr %{{.*}}, %[[IDX]] : tensor<32x!tile.ptr<f32>, #blocked>
// CHECK-NEXT: %[[ST:.*]] = tile.load %[[SP]] : tensor<32x!tile.ptr<f32>, #blocked>
// CHECK-NEXT: tile.convert_layout %[[ST]]
#blocked2 = #tile.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#blocked3 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#shared1 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#wgmma1 = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 32>
#dotA = #tile.dot_operand<opIdx = 0, parent = #wgmma, kWidth = 2>
#cols = #tile.slice<dim = 0, parent = #wgmma1>

module attributes {tile.num_warps = 4 : i32, tile.target = "sm_90a"} {
func.func @indirect(%k: !tile.memdesc<64x64xf16, #shared>, %q: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %s: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %i: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #wgmma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c2048 = arith.constant 2048 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #wgmma>
  %zs = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #wgmma1>
  %rc = tile.make_range 0, 32 : tensor<32xi32, #cols>
  %rb = tile.make_range 0, 32 : tensor<32xi32, #blocked3>
  // Q^T's pointers: q + d + 64 * m, d contiguous.
  %d = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked2>>
  %d1 = tile.expand_dims %d {axis = 1 : i32} : tensor<64xi32, #tile.slice<dim = 1, parent = #blocked2>> -> tensor<64x1xi32, #blocked2>
  %m = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked2>>
  %m1 = tile.expand_dims %m {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked2>> -> tensor<1x32xi32, #blocked2>
  %c64s = tile.splat %c64 : tensor<1x32xi32, #blocked2>
  %m64 = arith.muli %m1, %c64s : tensor<1x32xi32, #blocked2>
  %qs = tile.splat %q : tensor<64x1x!tile.ptr<f16>, #blocked2>
  %qd = tile.addptr %qs, %d1 : tensor<64x1x!tile.ptr<f16>, #blocked2>, tensor<64x1xi32, #blocked2>
  %qdb = tile.broadcast %qd : tensor<64x1x!tile.ptr<f16>, #blocked2> -> tensor<64x32x!tile.ptr<f16>, #blocked2>
  %mb = tile.broadcast %m64 : tensor<1x32xi32, #blocked2> -> tensor<64x32xi32, #blocked2>
  %qt0 = tile.addptr %qdb, %mb : tensor<64x32x!tile.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
  %r:3 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %qp = %qt0, %row = %c0) -> (tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked2>, i32) : i32 {
    %rowc = tile.splat %row : tensor<32xi32, #cols>
    %rowb = tile.splat %row : tensor<32xi32, #blocked3>
    %colsc = arith.addi %rowc, %rc : tensor<32xi32, #cols>
    %colsb = arith.addi %rowb, %rb : tensor<32xi32, #blocked3>
    %qt = tile.load %qp : tensor<64x32x!tile.ptr<f16>, #blocked2>
    %sp = tile.splat %s : tensor<32x!tile.ptr<f32>, #blocked3>
    %ip = tile.splat %i : tensor<32x!tile.ptr<i32>, #blocked3>
    %iptrs = tile.addptr %ip, %colsb : tensor<32x!tile.ptr<i32>, #blocked3>, tensor<32xi32, #blocked3>
    %idx = tile.load %iptrs : tensor<32x!tile.ptr<i32>, #blocked3>
    %sptrs = tile.addptr %sp, %idx : tensor<32x!tile.ptr<f32>, #blocked3>, tensor<32xi32, #blocked3>
    %st = tile.load %sptrs : tensor<32x!tile.ptr<f32>, #blocked3>
    %stc = tile.convert_layout %st : tensor<32xf32, #blocked3> -> tensor<32xf32, #cols>
    %qa = tile.local_alloc %qt : tensor<64x32xf16, #blocked2> -> !tile.memdesc<64x32xf16, #shared1>
    %sc = tile.warpgroup_dot %k, %qa, %zs : !tile.memdesc<64x64xf16, #shared>, !tile.memdesc<64x32xf16, #shared1> -> tensor<64x32xf32, #wgmma1>
    %st1 = tile.expand_dims %stc {axis = 0 : i32} : tensor<32xf32, #cols> -> tensor<1x32xf32, #wgmma1>
    %stb = tile.broadcast %st1 : tensor<1x32xf32, #wgmma1> -> tensor<64x32xf32, #wgmma1>
    %diff = arith.subf %sc, %stb : tensor<64x32xf32, #wgmma1>
    %p = math.exp2 %diff : tensor<64x32xf32, #wgmma1>
    %c1x = tile.expand_dims %colsc {axis = 0 : i32} : tensor<32xi32, #cols> -> tensor<1x32xi32, #wgmma1>
    %ns = tile.splat %n : tensor<1x32xi32, #wgmma1>
    %in = arith.cmpi slt, %c1x, %ns : tensor<1x32xi32, #wgmma1>
    %inb = tile.broadcast %in : tensor<1x32xi1, #wgmma1> -> tensor<64x32xi1, #wgmma1>
    %pm = arith.select %inb, %p, %zs : tensor<64x32xi1, #wgmma1>, tensor<64x32xf32, #wgmma1>
    %ph = arith.truncf %pm : tensor<64x32xf32, #wgmma1> to tensor<64x32xf16, #wgmma1>
    %pa = tile.convert_layout %ph : tensor<64x32xf16, #wgmma1> -> tensor<64x32xf16, #dotA>
    %qb = tile.local_alloc %qt : tensor<64x32xf16, #blocked2> -> !tile.memdesc<64x32xf16, #shared1>
    %qbt = tile.memdesc_trans %qb : !tile.memdesc<64x32xf16, #shared1> -> !tile.memdesc<32x64xf16, #shared>
    %acc2 = tile.warpgroup_dot %pa, %qbt, %acc : tensor<64x32xf16, #dotA>, !tile.memdesc<32x64xf16, #shared> -> tensor<64x64xf32, #wgmma>
    %inc = tile.splat %c2048 : tensor<64x32xi32, #blocked2>
    %qp2 = tile.addptr %qp, %inc : tensor<64x32x!tile.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
    %row2 = arith.addi %row, %c32 : i32
    scf.yield %acc2, %qp2, %row2 : tensor<64x64xf32, #wgmma>, tensor<64x32x!tile.ptr<f16>, #blocked2>, i32
  }
  return %r#0 : tensor<64x64xf32, #wgmma>
}
}

