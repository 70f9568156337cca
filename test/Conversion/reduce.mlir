// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// Softmax-shaped: two reductions to a scalar, each over registers, then
// five butterfly shuffles, then the four warps through shared memory.

module attributes {tile.num_warps = 4 : i32} {
func.func @softmax(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %xs: i32, %ys: i32, %n: i32) {
  %row = tile.program_id 0 : i32
  %cols = tile.make_range 0, 1024 : tensor<1024xi32>
  %o = arith.muli %row, %xs : i32
  %xb = tile.addptr %x, %o : !tile.ptr<f32>, i32
  %xsplat = tile.splat %xb : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xsplat, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %m = arith.cmpi slt, %cols, %ns : tensor<1024xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1024xf32>
  %v = tile.load %xp mask %m other %ninf : tensor<1024x!tile.ptr<f32>>
  %mx = tile.reduce max %v {axis = 0 : i32} : tensor<1024xf32> -> f32
  %mxs = tile.splat %mx : tensor<1024xf32>
  %d = arith.subf %v, %mxs : tensor<1024xf32>
  %e = math.exp %d : tensor<1024xf32>
  %s = tile.reduce sum %e {axis = 0 : i32} : tensor<1024xf32> -> f32
  %ss = tile.splat %s : tensor<1024xf32>
  %q = arith.divf %e, %ss : tensor<1024xf32>
  %yo = arith.muli %row, %ys : i32
  %yb = tile.addptr %y, %yo : !tile.ptr<f32>, i32
  %ysplat = tile.splat %yb : tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ysplat, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %q mask %m : tensor<1024x!tile.ptr<f32>>
  tile.store %y, %s : !tile.ptr<f32>
  return
}
}

// CHECK: module attributes {{.*}}tile.shared_bytes = 32 : i64
// CHECK: llvm.mlir.global external @tile_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @softmax
// CHECK: "mov.b32 $0, $3;{{.*}}@$2 ld.global.b32 $0, [ $1 + 0 ];"
// CHECK: arith.maxnumf {{.*}} : f32
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load {{.*}} !llvm.ptr<3> -> f32
// CHECK: ex2.approx.f32
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// The scalar store is made by one thread only.
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]]
// CHECK: "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r" %{{.*}}, %[[FIRST]]
