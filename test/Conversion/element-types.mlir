// RUN: tile-opt %s -split-input-file -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// Element types other than fp32: 64-bit elements move in b64 registers, and
// half-precision transcendental functions compute in fp32.

// CHECK-LABEL: llvm.func @copy_f64
// CHECK: "ld.global.v2.b64 { $0, $1 }, [ $2 + 0 ];", "=l,=l,l"
// CHECK: "st.global.v2.b64 [ $0 + 0 ], { $1, $2 };", "l,l,l"
module attributes {tile.num_warps = 4 : i32} {
func.func @copy_f64(%x: !tile.ptr<f64> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f64> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %xs = tile.splat %x : tensor<256x!tile.ptr<f64>>
  %xp = tile.addptr %xs, %r : tensor<256x!tile.ptr<f64>>, tensor<256xi32>
  %v = tile.load %xp : tensor<256x!tile.ptr<f64>>
  %ys = tile.splat %y : tensor<256x!tile.ptr<f64>>
  %yp = tile.addptr %ys, %r : tensor<256x!tile.ptr<f64>>, tensor<256xi32>
  tile.store %yp, %v : tensor<256x!tile.ptr<f64>>
  return
}
}

// -----

// CHECK-LABEL: llvm.func @exp_f16
// CHECK: "ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];"
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: ex2.approx.f32
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK: "st.global.v4.b32
module attributes {tile.num_warps = 4 : i32} {
func.func @exp_f16(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f16>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  %v = tile.load %xp : tensor<1024x!tile.ptr<f16>>
  %e = math.exp %v : tensor<1024xf16>
  tile.store %xp, %e : tensor<1024x!tile.ptr<f16>>
  return
}
}
