// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// A GeLU-shaped kernel: 16-byte aligned pointers and contiguous offsets give
// 128-bit accesses; a mask that may change inside a vector keeps the vector
// access for the all-in-bounds case and falls back lane by lane.

module attributes {tile.num_warps = 4 : i32} {
func.func @gelu(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "x_ptr"}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "y_ptr"}, %n: i32 {tile.name = "n"}) {
  %pid = tile.program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %ss = tile.splat %start : tensor<1024xi32>
  %offs = arith.addi %ss, %r : tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp mask %m : tensor<1024x!tile.ptr<f32>>
  %e = math.exp %v : tensor<1024xf32>
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %d = arith.addf %e, %one : tensor<1024xf32>
  %q = arith.divf %v, %d : tensor<1024xf32>
  %ys = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %q mask %m : tensor<1024x!tile.ptr<f32>>
  return
}
}

// CHECK-LABEL: llvm.func @gelu
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.tid.x
// A masked load without `other` reads zeros where the mask is off.
// CHECK: llvm.inline_asm has_side_effects {{.*}}"mov.b32 $0, 0;\0A\09mov.b32 $1, 0;\0A\09mov.b32 $2, 0;\0A\09mov.b32 $3, 0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];{{.*}}@$6 ld.global.b32 $0, [ $4 + 0 ];
// CHECK: ex2.approx.f32
// CHECK: "div.full.f32 $0, $1, $2;"
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$1 st.global.v4.b32 [ $0 + 0 ], { ${{[0-9]+}}, ${{[0-9]+}}, ${{[0-9]+}}, ${{[0-9]+}} };
// CHECK-NOT: tile.
