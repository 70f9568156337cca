// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// Cache hints become PTX qualifiers on every instruction of the access,
// the lane-by-lane fallback of a mask that may change inside a vector too.

module attributes {tile.num_warps = 4 : i32} {
func.func @hints(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ys = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %a = tile.load %xp mask %m cache = lu : tensor<1024x!tile.ptr<f32>>
  %b = tile.load %xp evict = evict_first : tensor<1024x!tile.ptr<f32>>
  %c = tile.load %xp cache = cg : tensor<1024x!tile.ptr<f32>>
  %s = arith.addf %a, %b : tensor<1024xf32>
  %t = arith.addf %s, %c : tensor<1024xf32>
  tile.store %yp, %t mask %m cache = cs : tensor<1024x!tile.ptr<f32>>
  tile.store %yp, %t evict = evict_last : tensor<1024x!tile.ptr<f32>>
  return
}
}

// CHECK-LABEL: llvm.func @hints
// CHECK: "mov.b32 $0, 0;{{.*}}mov.b32 $3, 0;{{.*}}@$5 ld.global.lu.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];{{.*}}@$6 ld.global.lu.b32 $0, [ $4 + 0 ];
// CHECK: "ld.global.L1::evict_first.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];"
// CHECK: "ld.global.cg.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];"
// CHECK: "@$1 st.global.cs.v4.b32 [ $0 + 0 ], {{.*}}@$2 st.global.cs.b32 [ $0 + 0 ]
// CHECK: "st.global.L1::evict_last.v4.b32 [ $0 + 0 ], { $1, $2, $3, $4 };"
