// RUN: tile-opt %s -split-input-file -tile-remove-layout-conversions | FileCheck %s

#b2 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#s1 = #tile.slice<dim = 1, parent = #b2>
#b1 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// An index chain (range, splat, add) is recomputed in the target layout;
// the original stays for its other user.
// CHECK-DAG: #[[B2:.*]] = #tile.blocked<sizePerThread = [1, 4]
// CHECK-DAG: #[[B1:.*]] = #tile.blocked<sizePerThread = [1]
// CHECK-LABEL: func.func @index_chain(
// CHECK-NOT: tile.convert_layout
// CHECK-DAG: %[[R:.*]] = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #[[B2]]>>
// CHECK-DAG: %[[R1:.*]] = tile.make_range 0, 32 : tensor<32xi32, #[[B1]]>
// CHECK-DAG: %[[K1:.*]] = tile.splat %{{.*}} : tensor<32xi32, #[[B1]]>
// CHECK-DAG: %[[O1:.*]] = arith.addi %[[K1]], %[[R1]] : tensor<32xi32, #[[B1]]>
// CHECK-DAG: tile.expand_dims %{{.*}} {axis = 1 : i32}
// CHECK: return %[[O1]], %{{.*}} : tensor<32xi32, #[[B1]]>
func.func @index_chain(%k: i32) -> (tensor<32xi32, #b1>, tensor<32x1xi32, #b2>) {
  %r = tile.make_range 0, 32 : tensor<32xi32, #s1>
  %ks = tile.splat %k : tensor<32xi32, #s1>
  %o = arith.addi %ks, %r : tensor<32xi32, #s1>
  %e = tile.expand_dims %o {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #b2>
  %c = tile.convert_layout %o : tensor<32xi32, #s1> -> tensor<32xi32, #b1>
  return %c, %e : tensor<32xi32, #b1>, tensor<32x1xi32, #b2>
}

// -----

#b2 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#s1 = #tile.slice<dim = 1, parent = #b2>
#b1 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// Loaded and reduced values are not recomputed; a constant is, and the
// original goes when nothing else uses it.
// CHECK-LABEL: func.func @expensive(
// CHECK: %[[X:.*]] = tile.load
// CHECK: %[[S:.*]] = tile.reduce sum %[[X]]
// CHECK: %[[C:.*]] = tile.convert_layout %[[S]] : tensor<32xf32, #tile.slice<dim = 1, parent = #{{.*}}>> -> tensor<32xf32, #[[B1:.*]]>
// CHECK-NOT: tile.convert_layout
// CHECK: %[[Z:.*]] = arith.constant dense<1.000000e+00> : tensor<32xf32, #[[B1]]>
// CHECK-NOT: arith.constant
// CHECK: arith.addf %[[C]], %[[Z]] : tensor<32xf32, #[[B1]]>
func.func @expensive(%p: tensor<32x32x!tile.ptr<f32>, #b2>) -> tensor<32xf32, #b1> {
  %x = tile.load %p : tensor<32x32x!tile.ptr<f32>, #b2>
  %s = tile.reduce sum %x {axis = 1 : i32} : tensor<32x32xf32, #b2> -> tensor<32xf32, #s1>
  %c = tile.convert_layout %s : tensor<32xf32, #s1> -> tensor<32xf32, #b1>
  %one = arith.constant dense<1.0> : tensor<32xf32, #s1>
  %d = tile.convert_layout %one : tensor<32xf32, #s1> -> tensor<32xf32, #b1>
  %a = arith.addf %c, %d : tensor<32xf32, #b1>
  return %a : tensor<32xf32, #b1>
}

// -----

#b2 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b3 = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// A broadcast row index moves to another 2-D layout: the range underneath
// is recomputed as the slice of the new layout.
// CHECK-DAG: #[[B3:.*]] = #tile.blocked<sizePerThread = [4, 1]
// CHECK-LABEL: func.func @expand_chain(
// CHECK-NOT: tile.convert_layout
// CHECK: %[[R:.*]] = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #[[B3]]>>
// CHECK: %[[E:.*]] = tile.expand_dims %[[R]] {axis = 1 : i32} : tensor<32xi32, #tile.slice<dim = 1, parent = #[[B3]]>> -> tensor<32x1xi32, #[[B3]]>
// CHECK: %[[B:.*]] = tile.broadcast %[[E]] : tensor<32x1xi32, #[[B3]]> -> tensor<32x32xi32, #[[B3]]>
// CHECK: return %[[B]]
func.func @expand_chain() -> tensor<32x32xi32, #b3> {
  %r = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #b2>>
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #tile.slice<dim = 1, parent = #b2>> -> tensor<32x1xi32, #b2>
  %b = tile.broadcast %e : tensor<32x1xi32, #b2> -> tensor<32x32xi32, #b2>
  %c = tile.convert_layout %b : tensor<32x32xi32, #b2> -> tensor<32x32xi32, #b3>
  return %c : tensor<32x32xi32, #b3>
}

// -----

#b1 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// A conversion to the layout the value has is dropped.
// CHECK-LABEL: func.func @same_layout(
// CHECK-NEXT: return %arg0
func.func @same_layout(%a: tensor<32xf32, #b1>) -> tensor<32xf32, #b1> {
  %c = tile.convert_layout %a : tensor<32xf32, #b1> -> tensor<32xf32, #b1>
  return %c : tensor<32xf32, #b1>
}

// -----

// A product's accumulator converted and then only narrowed (fp32 to fp16,
// i32 to i8): the narrowing moves before the conversion, which then moves
// half (a quarter) of the bytes. A conversion with another user keeps its
// order.
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128>
#bl = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[WG:.*]] = #tile.wgmma
// CHECK-DAG: #[[BL:.*]] = #tile.blocked
// CHECK-LABEL: func.func @narrow_first(
// CHECK: %[[H:.*]] = arith.truncf %arg0 : tensor<128x128xf32, #[[WG]]> to tensor<128x128xf16, #[[WG]]>
// CHECK: %[[C:.*]] = tile.convert_layout %[[H]] : tensor<128x128xf16, #[[WG]]> -> tensor<128x128xf16, #[[BL]]>
// CHECK: tile.store %arg1, %[[C]]
// CHECK: %[[B:.*]] = arith.trunci %arg2 : tensor<128x128xi32, #[[WG]]> to tensor<128x128xi8, #[[WG]]>
// CHECK: %[[CB:.*]] = tile.convert_layout %[[B]] : tensor<128x128xi8, #[[WG]]> -> tensor<128x128xi8, #[[BL]]>
// CHECK: tile.store %arg3, %[[CB]]
// CHECK: %[[K:.*]] = tile.convert_layout %arg0 : tensor<128x128xf32, #[[WG]]> -> tensor<128x128xf32, #[[BL]]>
// CHECK: arith.truncf %[[K]] : tensor<128x128xf32, #[[BL]]>
// CHECK: return %[[K]]
func.func @narrow_first(%acc: tensor<128x128xf32, #wg>, %p: tensor<128x128x!tile.ptr<f16>, #bl>, %iacc: tensor<128x128xi32, #wg>, %q: tensor<128x128x!tile.ptr<i8>, #bl>) -> tensor<128x128xf32, #bl> {
  %c = tile.convert_layout %acc : tensor<128x128xf32, #wg> -> tensor<128x128xf32, #bl>
  %h = arith.truncf %c : tensor<128x128xf32, #bl> to tensor<128x128xf16, #bl>
  tile.store %p, %h : tensor<128x128x!tile.ptr<f16>, #bl>
  %ci = tile.convert_layout %iacc : tensor<128x128xi32, #wg> -> tensor<128x128xi32, #bl>
  %b = arith.trunci %ci : tensor<128x128xi32, #bl> to tensor<128x128xi8, #bl>
  tile.store %q, %b : tensor<128x128x!tile.ptr<i8>, #bl>
  %k = tile.convert_layout %acc : tensor<128x128xf32, #wg> -> tensor<128x128xf32, #bl>
  %kh = arith.truncf %k : tensor<128x128xf32, #bl> to tensor<128x128xf16, #bl>
  tile.store %p, %kh : tensor<128x128x!tile.ptr<f16>, #bl>
  return %k : tensor<128x128xf32, #bl>
}
