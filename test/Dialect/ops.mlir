// RUN: tile-opt %s | tile-opt | FileCheck %s
// Round trip of every tile op, with and without layouts.

// CHECK-LABEL: func.func @unencoded
func.func @unencoded(%x: !tile.ptr<f32>, %n: i32) {
  // CHECK: tile.program_id 0 : i32
  %pid = tile.program_id 0 : i32
  // CHECK: tile.num_programs 1 : i32
  %np = tile.num_programs 1 : i32
  // CHECK: tile.make_range 0, 1024 : tensor<1024xi32>
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  // CHECK: tile.splat %{{.*}} : tensor<1024x!tile.ptr<f32>>
  %s = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.addptr %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %p = tile.addptr %s, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %c = arith.constant dense<0.0> : tensor<1024xf32>
  // CHECK: tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<1024x!tile.ptr<f32>>
  %v = tile.load %p mask %m other %c : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>>
  %w = tile.load %p : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.reduce max %{{.*}} {axis = 0 : i32} : tensor<1024xf32> -> f32
  %t = tile.reduce max %v {axis = 0 : i32} : tensor<1024xf32> -> f32
  // CHECK: tile.store %{{.*}}, %{{.*}} mask %{{.*}} : tensor<1024x!tile.ptr<f32>>
  tile.store %p, %w mask %m : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}} mask %{{.*}} other %{{.*}} cache = lu : tensor<1024x!tile.ptr<f32>>
  %h = tile.load %p mask %m other %c cache = lu : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}} evict = evict_last : tensor<1024x!tile.ptr<f32>>
  %h2 = tile.load %p evict = evict_last : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.store %{{.*}}, %{{.*}} mask %{{.*}} cache = cs : tensor<1024x!tile.ptr<f32>>
  tile.store %p, %h mask %m cache = cs : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.store %{{.*}}, %{{.*}} evict = evict_first : tensor<1024x!tile.ptr<f32>>
  tile.store %p, %h2 evict = evict_first : tensor<1024x!tile.ptr<f32>>
  // CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<1024xi32> -> tensor<1024x1xi32>
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<1024xi32> -> tensor<1024x1xi32>
  // CHECK: tile.broadcast %{{.*}} : tensor<1024x1xi32> -> tensor<1024x8xi32>
  %b = tile.broadcast %e : tensor<1024x1xi32> -> tensor<1024x8xi32>
  // CHECK: tile.reduce sum %{{.*}} {axis = 1 : i32} : tensor<1024x8xi32> -> tensor<1024xi32>
  %rs = tile.reduce sum %b {axis = 1 : i32} : tensor<1024x8xi32> -> tensor<1024xi32>
  // CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
  tile.store %x, %t : !tile.ptr<f32>
  return
}

// CHECK-LABEL: func.func @encoded
#b2 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#s1 = #tile.slice<dim = 1, parent = #b2>
#b1 = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @encoded(%x: tensor<64x64xf32, #b2>) -> tensor<64xf32, #b1> {
  // CHECK: tile.reduce sum %{{.*}} {axis = 1 : i32} : tensor<64x64xf32, #[[B2:.*]]> -> tensor<64xf32, #tile.slice<dim = 1, parent = #[[B2]]>>
  %r = tile.reduce sum %x {axis = 1 : i32} : tensor<64x64xf32, #b2> -> tensor<64xf32, #s1>
  // CHECK: tile.expand_dims
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<64xf32, #s1> -> tensor<64x1xf32, #b2>
  // CHECK: tile.convert_layout
  %c = tile.convert_layout %r : tensor<64xf32, #s1> -> tensor<64xf32, #b1>
  return %c : tensor<64xf32, #b1>
}

// CHECK-LABEL: func.func @prefetch
func.func @prefetch(%p: !tile.ptr<f32>, %n: i32) {
  // CHECK: tile.prefetch %{{.*}}, %{{.*}} : !tile.ptr<f32>
  tile.prefetch %p, %n : !tile.ptr<f32>
  return
}

// CHECK-LABEL: func.func @dot
func.func @dot(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>) -> tensor<32x64xf32> {
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf32>
  %d = tile.dot %a, %b, %c : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf32>
  return %d : tensor<32x64xf32>
}

// -----

// Atomics on scalars and blocks, with and without masks.
// CHECK-LABEL: func.func @atomics
// CHECK: tile.atomic_rmw add, %{{.*}}, %{{.*}} mask %{{.*}} sem = acq_rel scope = gpu : tensor<128x!tile.ptr<f32>>
// CHECK: tile.atomic_rmw umax, %{{.*}}, %{{.*}} sem = relaxed scope = cta : !tile.ptr<i32>
// CHECK: tile.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} sem = acquire scope = sys : !tile.ptr<i32>
func.func @atomics(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<128xi1>, %s: !tile.ptr<i32>, %i: i32) -> (tensor<128xf32>, i32, i32) {
  %a = tile.atomic_rmw add, %p, %v mask %m sem = acq_rel scope = gpu : tensor<128x!tile.ptr<f32>>
  %b = tile.atomic_rmw umax, %s, %i sem = relaxed scope = cta : !tile.ptr<i32>
  %c = tile.atomic_cas %s, %i, %b sem = acquire scope = sys : !tile.ptr<i32>
  return %a, %b, %c : tensor<128xf32>, i32, i32
}

// CHECK-LABEL: func.func @extern_call
// CHECK: tile.extern_elementwise "__nv_powf"(%{{.*}}, %{{.*}}) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func.func @extern_call(%x: tensor<16xf32>) -> tensor<16xf32> {
  %y = tile.extern_elementwise "__nv_powf"(%x, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %y : tensor<16xf32>
}

// CHECK-LABEL: func.func @transpose
// CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
func.func @transpose(%x: tensor<16x32xf32>) -> tensor<32x16xf32> {
  %y = tile.trans %x, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  return %y : tensor<32x16xf32>
}

// CHECK-LABEL: func.func @scan
// CHECK: tile.scan prod %{{.*}} {axis = 1 : i32, reverse} : tensor<4x16xf32>
func.func @scan(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %y = tile.scan prod %x {axis = 1 : i32, reverse} : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @permutations
func.func @permutations(%x: tensor<16x32xf32>, %i: tensor<16x8xi64>, %c: tensor<16x32xi1>, %v: tensor<64xi8>) {
  // CHECK: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : tensor<16x32xf32>, tensor<16x8xi64> -> tensor<16x8xf32>
  %g = tile.gather %x[%i] {axis = 1 : i32} : tensor<16x32xf32>, tensor<16x8xi64> -> tensor<16x8xf32>
  // CHECK: tile.sort %{{.*}} : tensor<16x32xf32>
  %s = tile.sort %x : tensor<16x32xf32>
  // CHECK: tile.histogram %{{.*}} : tensor<64xi8> -> tensor<4xi32>
  %h = tile.histogram %v : tensor<64xi8> -> tensor<4xi32>
  // CHECK: tile.sort %{{.*}} descending : tensor<16x32xf32>
  %d = tile.sort %x descending : tensor<16x32xf32>
  // CHECK: tile.assert %{{.*}}, "x > 0" : tensor<16x32xi1>
  tile.assert %c, "x > 0" : tensor<16x32xi1>
  return
}

// TMA copies of a tensor descriptor's blocks and the mbarriers they
// complete.
#nvmma = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#bar = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
// CHECK-LABEL: func.func @tma(
// CHECK-SAME: %[[MAP:[^:]+]]: !tile.tensormap
func.func @tma(%map: !tile.tensormap, %p: tensor<64x64x!tile.ptr<f16>>, %c: i32, %pred: i1) {
  // CHECK: tile.load %{{.*}} tma %[[MAP]][%{{.*}}, %{{.*}}] : tensor<64x64x!tile.ptr<f16>>
  %x = tile.load %p tma %map[%c, %c] : tensor<64x64x!tile.ptr<f16>>
  %dst = tile.local_alloc -> !tile.memdesc<64x64xf16, #nvmma>
  %bar = tile.local_alloc -> !tile.memdesc<1x1xi64, #bar>
  // CHECK: tile.mbarrier_init %{{.*}}, 1 : !tile.memdesc<1x1xi64
  tile.mbarrier_init %bar, 1 : !tile.memdesc<1x1xi64, #bar>
  // CHECK: tile.mbarrier_expect %{{.*}}, 8192, %{{.*}} : !tile.memdesc<1x1xi64
  tile.mbarrier_expect %bar, 8192, %pred : !tile.memdesc<1x1xi64, #bar>
  // CHECK: tile.tma_copy %[[MAP]][%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : !tile.memdesc<64x64xf16
  tile.tma_copy %map[%c, %c], %dst, %bar, %pred : !tile.memdesc<64x64xf16, #nvmma>, !tile.memdesc<1x1xi64, #bar>
  // CHECK: tile.mbarrier_wait %{{.*}}, %{{.*}} : !tile.memdesc<1x1xi64
  tile.mbarrier_wait %bar, %c : !tile.memdesc<1x1xi64, #bar>
  // CHECK: tile.mbarrier_inval %{{.*}} : !tile.memdesc<1x1xi64
  tile.mbarrier_inval %bar : !tile.memdesc<1x1xi64, #bar>
  return
}

// A scalar region applied to every element: branches per element.
// CHECK-LABEL: func.func @map_elementwise(
func.func @map_elementwise(%x: tensor<128xf32>, %a: tensor<128xf32>) {
  // CHECK: %{{.*}}:2 = tile.map_elementwise %{{.*}}, %{{.*}} : (tensor<128xf32>, tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi1>) {
  // CHECK: ^bb0(%[[E:.*]]: f32, %{{.*}}: f32):
  // CHECK: scf.if
  // CHECK: tile.map_return %{{.*}}, %{{.*}} : f32, i1
  %y:2 = tile.map_elementwise %x, %a : (tensor<128xf32>, tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi1>) {
  ^bb0(%e: f32, %alpha: f32):
    %zero = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %e, %zero : f32
    %r = scf.if %pos -> (f32) {
      scf.yield %e : f32
    } else {
      %m = arith.mulf %alpha, %e : f32
      scf.yield %m : f32
    }
    tile.map_return %r, %pos : f32, i1
  }
  return
}
