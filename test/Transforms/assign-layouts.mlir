// RUN: tile-opt %s -split-input-file -tile-assign-layouts | FileCheck %s
// Layouts of the CS336 kernels: coalesced anchors, slices of 2-D layouts,
// loop-carried values, conversions and rematerialisation.

// GeLU with 16-byte aligned pointers and n a multiple of 16: 4 x f32 (one
// 128-bit access) per thread, 1024 elements = two vectors per thread.
// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @gelu(
// CHECK: tile.make_range 0, 1024 : tensor<1024xi32, #[[B]]>
// CHECK: tile.load %{{.*}} mask %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK: arith.constant dense<5.000000e-01> : tensor<1024xf32, #[[B]]>
// CHECK: math.tanh %{{.*}} : tensor<1024xf32, #[[B]]>
// CHECK: tile.store %{{.*}}, %{{.*}} mask %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK-NOT: tile.convert_layout
func.func @gelu(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  %pid = tile.program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %s = tile.splat %start : tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp mask %mask : tensor<1024x!tile.ptr<f32>>
  %half = arith.constant dense<0.5> : tensor<1024xf32>
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %k = arith.constant dense<0.797884583> : tensor<1024xf32>
  %kx = arith.mulf %k, %v : tensor<1024xf32>
  %t = math.tanh %kx : tensor<1024xf32>
  %tp = arith.addf %one, %t : tensor<1024xf32>
  %hx = arith.mulf %half, %v : tensor<1024xf32>
  %out = arith.mulf %hx, %tp : tensor<1024xf32>
  %ys = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %out mask %mask : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// The same without hints: pointers are only 4-byte aligned.
// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @gelu_nohint(
// CHECK: tile.load %{{.*}} mask %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK: tile.store %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK-NOT: tile.convert_layout
func.func @gelu_nohint(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %s = tile.splat %start : tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp mask %mask : tensor<1024x!tile.ptr<f32>>
  %t = math.tanh %v : tensor<1024xf32>
  %ys = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %t mask %mask : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// Softmax over a row: reductions give scalars, splats take the layout back.
// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @softmax(
// CHECK: %[[OTHER:.*]] = arith.constant dense<0xFF800000> : tensor<1024xf32, #[[B]]>
// CHECK: %[[X:.*]] = tile.load %{{.*}} mask %{{.*}} other %[[OTHER]] : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK: %[[M:.*]] = tile.reduce max %[[X]] {axis = 0 : i32} : tensor<1024xf32, #[[B]]> -> f32
// CHECK: tile.splat %[[M]] : tensor<1024xf32, #[[B]]>
// CHECK: tile.reduce sum %{{.*}} {axis = 0 : i32} : tensor<1024xf32, #[[B]]> -> f32
// CHECK: tile.store %{{.*}}, %{{.*}} mask %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK-NOT: tile.convert_layout
// Softmax over one row: reductions to scalars, splats back.
func.func @softmax(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}, %n: i32) {
  %pid = tile.program_id 0 : i32
  %row = arith.muli %pid, %stride : i32
  %xrow = tile.addptr %x, %row : !tile.ptr<f32>, i32
  %cols = tile.make_range 0, 1024 : tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %ns : tensor<1024xi32>
  %xs = tile.splat %xrow : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1024xf32>
  %v = tile.load %xp mask %mask other %ninf : tensor<1024x!tile.ptr<f32>>
  %m = tile.reduce max %v {axis = 0 : i32} : tensor<1024xf32> -> f32
  %ms = tile.splat %m : tensor<1024xf32>
  %d = arith.subf %v, %ms : tensor<1024xf32>
  %e = math.exp %d : tensor<1024xf32>
  %s = tile.reduce sum %e {axis = 0 : i32} : tensor<1024xf32> -> f32
  %ss = tile.splat %s : tensor<1024xf32>
  %o = arith.divf %e, %ss : tensor<1024xf32>
  %yrow = tile.addptr %y, %row : !tile.ptr<f32>, i32
  %ys = tile.splat %yrow : tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %o mask %mask : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// Row sum over column blocks: the 1-D accumulator is the slice of the tile's
// layout in and around the loop; only the final store converts it, and the
// row indices it stores through are recomputed in the store's layout.
// CHECK-DAG: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[B1:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @rowsum(
// CHECK-DAG: %[[ROWS:.*]] = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK-DAG: %[[ROWS1:.*]] = tile.make_range 0, 32 : tensor<32xi32, #[[B1]]>
// CHECK: tile.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<32xi32, #tile.slice<dim = 1, parent = #[[B]]>> -> tensor<32x1xi32, #[[B]]>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32xf32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<32xf32, #tile.slice<dim = 1, parent = #[[B]]>>)
// CHECK:   tile.load %{{.*}} : tensor<32x128x!tile.ptr<f32>, #[[B]]>
// CHECK:   %[[PART:.*]] = tile.reduce sum %{{.*}} {axis = 1 : i32} : tensor<32x128xf32, #[[B]]> -> tensor<32xf32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK:   %[[NEXT:.*]] = arith.addf %[[ACC]], %[[PART]] : tensor<32xf32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK:   scf.yield %[[NEXT]] : tensor<32xf32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK: %[[OUT:.*]] = tile.convert_layout %[[SUM]] : tensor<32xf32, #tile.slice<dim = 1, parent = #[[B]]>> -> tensor<32xf32, #[[B1]]>
// CHECK: %[[PTRS:.*]] = tile.addptr %{{.*}}, %[[ROWS1]] : tensor<32x!tile.ptr<f32>, #[[B1]]>, tensor<32xi32, #[[B1]]>
// CHECK: tile.store %[[PTRS]], %[[OUT]] : tensor<32x!tile.ptr<f32>, #[[B1]]>
// Row sum: a loop over column blocks carries a 1-D accumulator (the slice
// of the 2-D tile's layout); the result is stored with its own layout.
func.func @rowsum(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %rows = tile.make_range 0, 32 : tensor<32xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %st = tile.splat %stride : tensor<32x1xi32>
  %ro = arith.muli %r2, %st : tensor<32x1xi32>
  %rb = tile.broadcast %ro : tensor<32x1xi32> -> tensor<32x128xi32>
  %cols = tile.make_range 0, 128 : tensor<128xi32>
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %sum = scf.for %k = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<32xf32>) : i32 {
    %ks = tile.splat %k : tensor<128xi32>
    %c = arith.addi %ks, %cols : tensor<128xi32>
    %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %cb = tile.broadcast %c2 : tensor<1x128xi32> -> tensor<32x128xi32>
    %offs = arith.addi %rb, %cb : tensor<32x128xi32>
    %xs = tile.splat %x : tensor<32x128x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %offs : tensor<32x128x!tile.ptr<f32>>, tensor<32x128xi32>
    %v = tile.load %xp : tensor<32x128x!tile.ptr<f32>>
    %part = tile.reduce sum %v {axis = 1 : i32} : tensor<32x128xf32> -> tensor<32xf32>
    %next = arith.addf %acc, %part : tensor<32xf32>
    scf.yield %next : tensor<32xf32>
  }
  %ys = tile.splat %y : tensor<32x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %rows : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
  tile.store %yp, %sum : tensor<32x!tile.ptr<f32>>
  return
}

// -----

// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @rowsum_tile(
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, #[[B]]>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<1024xf32, #[[B]]>)
// CHECK:   %[[X:.*]] = tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK:   arith.addf %[[ACC]], %[[X]] : tensor<1024xf32, #[[B]]>
// CHECK: tile.reduce sum %{{.*}} {axis = 0 : i32} : tensor<1024xf32, #[[B]]> -> f32
// CHECK-NOT: tile.convert_layout
// Row sum accumulating whole tiles: the loop-carried 2-D accumulator keeps
// the loaded tile's layout.
func.func @rowsum_tile(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %cols = tile.make_range 0, 1024 : tensor<1024xi32>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %acc = scf.for %k = %c0 to %n step %c1024 iter_args(%a = %zero) -> (tensor<1024xf32>) : i32 {
    %ks = tile.splat %k : tensor<1024xi32>
    %offs = arith.addi %ks, %cols : tensor<1024xi32>
    %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %v = tile.load %xp : tensor<1024x!tile.ptr<f32>>
    %next = arith.addf %a, %v : tensor<1024xf32>
    scf.yield %next : tensor<1024xf32>
  }
  %s = tile.reduce sum %acc {axis = 0 : i32} : tensor<1024xf32> -> f32
  tile.store %y, %s : !tile.ptr<f32>
  return
}

// -----

// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @softmax_2d(
// CHECK-NOT: tile.convert_layout
// CHECK-DAG: %[[ROWS:.*]] = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK-DAG: %[[COLS:.*]] = tile.make_range 0, 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #[[B]]>>
// CHECK: tile.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<64xi32, #tile.slice<dim = 1, parent = #[[B]]>> -> tensor<64x1xi32, #[[B]]>
// CHECK: tile.broadcast %{{.*}} : tensor<64x1xi32, #[[B]]> -> tensor<64x64xi32, #[[B]]>
// CHECK: tile.expand_dims %[[COLS]] {axis = 0 : i32} : tensor<64xi32, #tile.slice<dim = 0, parent = #[[B]]>> -> tensor<1x64xi32, #[[B]]>
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[B]]>
// CHECK: %[[M:.*]] = tile.reduce max %[[X]] {axis = 1 : i32} : tensor<64x64xf32, #[[B]]> -> tensor<64xf32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK: %[[M2:.*]] = tile.expand_dims %[[M]] {axis = 1 : i32} : tensor<64xf32, #tile.slice<dim = 1, parent = #[[B]]>> -> tensor<64x1xf32, #[[B]]>
// CHECK: %[[MB:.*]] = tile.broadcast %[[M2]] : tensor<64x1xf32, #[[B]]> -> tensor<64x64xf32, #[[B]]>
// CHECK: arith.subf %[[X]], %[[MB]] : tensor<64x64xf32, #[[B]]>
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[B]]>
// CHECK-NOT: tile.convert_layout
// 2-D: offsets rows[:, None] * stride + cols[None, :], a row reduction
// expanded and broadcast back: the slices line up, no conversion.
func.func @softmax_2d(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}) {
  %rows = tile.make_range 0, 64 : tensor<64xi32>
  %cols = tile.make_range 0, 64 : tensor<64xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %st = tile.splat %stride : tensor<64x1xi32>
  %ro = arith.muli %r2, %st : tensor<64x1xi32>
  %rb = tile.broadcast %ro : tensor<64x1xi32> -> tensor<64x64xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %xs = tile.splat %x : tensor<64x64x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %v = tile.load %xp : tensor<64x64x!tile.ptr<f32>>
  %m = tile.reduce max %v {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32>
  %m2 = tile.expand_dims %m {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %mb = tile.broadcast %m2 : tensor<64x1xf32> -> tensor<64x64xf32>
  %d = arith.subf %v, %mb : tensor<64x64xf32>
  %ys = tile.splat %y : tensor<64x64x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %yp, %d : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @remat(
// CHECK-NOT: tile.convert_layout
// CHECK-DAG: %[[C:.*]] = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #[[B]]>>
// CHECK-DAG: %[[R:.*]] = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #[[B]]>>
// CHECK-DAG: tile.expand_dims %[[R]] {axis = 1 : i32}
// CHECK-DAG: tile.expand_dims %[[C]] {axis = 0 : i32}
// CHECK-NOT: tile.convert_layout
// One arange used as both [:, None] and [None, :]: it is recomputed in the
// second slice layout rather than converted.
func.func @remat(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 32 : tensor<32xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ro = arith.muli %r2, %c32 : tensor<32x1xi32>
  %rb = tile.broadcast %ro : tensor<32x1xi32> -> tensor<32x32xi32>
  %c2 = tile.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<32x32xi32>
  %offs = arith.addi %rb, %cb : tensor<32x32xi32>
  %xs = tile.splat %x : tensor<32x32x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  %v = tile.load %xp : tensor<32x32x!tile.ptr<f32>>
  %e = math.exp %v : tensor<32x32xf32>
  tile.store %xp, %e : tensor<32x32x!tile.ptr<f32>>
  return
}

// -----

// scf.if results share the layout of what both branches yield.
// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @branches(
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (tensor<1024xf32, #[[B]]>) {
// CHECK:   math.exp %[[X]] : tensor<1024xf32, #[[B]]>
// CHECK: } else {
// CHECK:   scf.yield %[[X]] : tensor<1024xf32, #[[B]]>
// CHECK: tile.store %{{.*}}, %[[R]] : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK-NOT: tile.convert_layout
func.func @branches(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %c: i1) {
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp : tensor<1024x!tile.ptr<f32>>
  %y = scf.if %c -> tensor<1024xf32> {
    %e = math.exp %v : tensor<1024xf32>
    scf.yield %e : tensor<1024xf32>
  } else {
    scf.yield %v : tensor<1024xf32>
  }
  tile.store %xp, %y : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// Tensors in a function's signature take the default layout, and the
// function type follows.
// CHECK: #[[B:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @signature(
// CHECK-SAME: %{{.*}}: tensor<128xf32, #[[B]]>) -> tensor<128xf32, #[[B]]>
// CHECK: math.exp %{{.*}} : tensor<128xf32, #[[B]]>
func.func @signature(%a: tensor<128xf32>) -> tensor<128xf32> {
  %e = math.exp %a : tensor<128xf32>
  return %e : tensor<128xf32>
}

// -----

// Two loads with different fastest dimensions: each keeps its coalesced
// layout, and the second one's value is converted where they meet.
// CHECK-DAG: #[[ROW:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[COL:.*]] = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @transpose(
// CHECK-DAG: %[[X:.*]] = tile.load %{{.*}} : tensor<32x32x!tile.ptr<f32>, #[[ROW]]>
// CHECK-DAG: %[[Y:.*]] = tile.load %{{.*}} : tensor<32x32x!tile.ptr<f32>, #[[COL]]>
// CHECK: %[[YC:.*]] = tile.convert_layout %[[Y]] : tensor<32x32xf32, #[[COL]]> -> tensor<32x32xf32, #[[ROW]]>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[YC]] : tensor<32x32xf32, #[[ROW]]>
// CHECK: tile.store %{{.*}}, %[[S]] : tensor<32x32x!tile.ptr<f32>, #[[ROW]]>
func.func @transpose(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %c32 = arith.constant dense<32> : tensor<32x32xi32>
  %rows = tile.make_range 0, 32 : tensor<32xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rb = tile.broadcast %r2 : tensor<32x1xi32> -> tensor<32x32xi32>
  %cols = tile.make_range 0, 32 : tensor<32xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<32x32xi32>
  // x[r, c] at r * 32 + c, y[r, c] at r + c * 32.
  %rs = arith.muli %rb, %c32 : tensor<32x32xi32>
  %xo = arith.addi %rs, %cb : tensor<32x32xi32>
  %cs = arith.muli %cb, %c32 : tensor<32x32xi32>
  %yo = arith.addi %rb, %cs : tensor<32x32xi32>
  %xs = tile.splat %x : tensor<32x32x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %xo : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  %ys = tile.splat %y : tensor<32x32x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %yo : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  %xv = tile.load %xp : tensor<32x32x!tile.ptr<f32>>
  %yv = tile.load %yp : tensor<32x32x!tile.ptr<f32>>
  %s = arith.addf %xv, %yv : tensor<32x32xf32>
  tile.store %xp, %s : tensor<32x32x!tile.ptr<f32>>
  return
}

// -----

// fp16 in, fp32 out, both 16 bytes a thread: the store's layout (4 a
// thread) goes first, so that each fp32 store fills whole sectors; the
// fp16 load then moves 8 bytes a thread (256 a warp, still whole sectors)
// rather than the store writing half sectors twice.
// CHECK: #[[B4:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @widen(
// CHECK: tile.load %{{.*}} : tensor<1024x!tile.ptr<f16>, #[[B4]]>
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B4]]>
// CHECK-NOT: tile.convert_layout
func.func @widen(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f16>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  %v = tile.load %xp : tensor<1024x!tile.ptr<f16>>
  %w = arith.extf %v : tensor<1024xf16> to tensor<1024xf32>
  %ys = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %w : tensor<1024x!tile.ptr<f32>>
  return
}
