// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// fp16 under a mask that may change inside a 16-byte vector (n has no known
// divisibility): each vector of 8 halves is one predicated 128-bit access
// when all its lanes are in; otherwise each lane is its own predicated
// 16-bit access (off when the vector was taken), and a select picks the
// vector's or the lane's value.

module attributes {tile.num_warps = 4 : i32} {
func.func @half_copy(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32) {
  %pid = tile.program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %ss = tile.splat %start : tensor<1024xi32>
  %offs = arith.addi %ss, %r : tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f16>>
  %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  %zero = arith.constant dense<0.0> : tensor<1024xf16>
  %v = tile.load %xp mask %m other %zero : tensor<1024x!tile.ptr<f16>>
  %ys = tile.splat %y : tensor<1024x!tile.ptr<f16>>
  %yp = tile.addptr %ys, %offs : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  tile.store %yp, %v mask %m : tensor<1024x!tile.ptr<f16>>
  return
}
}

// CHECK-LABEL: llvm.func @half_copy
// CHECK: llvm.inline_asm has_side_effects {{.*}}"{{.*}}@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];"
// CHECK: llvm.inline_asm has_side_effects {{.*}}"{{.*}}@$2 ld.global.b16 $0, [ $1 + 0 ];"
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f16
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };"
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$1 st.global.b16 [ $0 + 0 ], $2;"
