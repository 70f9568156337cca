// RUN: tile-opt %s -split-input-file -tile-assign-layouts -tile-allocate-shared -tile-to-llvm -verify-diagnostics | FileCheck %s
// Math that NVPTX cannot select (erf, pow... in any width; exp, sin... in
// fp64) and tile.extern_elementwise become calls of libdevice functions,
// declared in the module (tilec links libdevice in). fp32 exp keeps its
// approx instruction.

// CHECK-DAG: llvm.func @__nv_erff(f32) -> f32
// CHECK-DAG: llvm.func @__nv_exp(f64) -> f64
// CHECK-DAG: llvm.func @__nv_tanhf(f32) -> f32
// CHECK-LABEL: llvm.func @math
// CHECK: llvm.call @__nv_erff
// CHECK: ex2.approx.f32
// CHECK: llvm.call @__nv_exp
// CHECK: llvm.call @__nv_tanhf
module attributes {tile.num_warps = 4 : i32} {
func.func @math(%x: !tile.ptr<f32>, %d: !tile.ptr<f64>) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %s = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %p : tensor<128x!tile.ptr<f32>>
  %e = math.erf %v : tensor<128xf32>
  %f = math.exp %e : tensor<128xf32>
  %ds = tile.splat %d : tensor<128x!tile.ptr<f64>>
  %dp = tile.addptr %ds, %r : tensor<128x!tile.ptr<f64>>, tensor<128xi32>
  %dv = tile.load %dp : tensor<128x!tile.ptr<f64>>
  %de = math.exp %dv : tensor<128xf64>
  tile.store %dp, %de : tensor<128x!tile.ptr<f64>>
  %t = tile.extern_elementwise "__nv_tanhf"(%f) : (tensor<128xf32>) -> tensor<128xf32>
  tile.store %p, %t : tensor<128x!tile.ptr<f32>>
  return
}
}

// -----

// One symbol called with two signatures is an error at the second call.
module attributes {tile.num_warps = 4 : i32} {
func.func @clash(%a: f32, %b: f64, %x: !tile.ptr<f32>, %y: !tile.ptr<f64>) {
  %t = tile.extern_elementwise "__nv_tanhf"(%a) : (f32) -> f32
  // expected-error @+1 {{calls __nv_tanhf as '(f64) -> f64' but an earlier call has '(f32) -> f32'}}
  %u = tile.extern_elementwise "__nv_tanhf"(%b) : (f64) -> f64
  tile.store %x, %t : !tile.ptr<f32>
  tile.store %y, %u : !tile.ptr<f64>
  return
}
}
