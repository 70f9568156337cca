// RUN: tile-opt %s -split-input-file -tile-assign-layouts -tile-allocate-shared -tile-to-llvm | FileCheck %s
// tile.ptr_cast: pointers to other pointers are the same LLVM pointer (no
// instruction), addresses become pointers through inttoptr and back through
// ptrtoint, one per held value of a block (one each here: 128 values on 4 warps).

// CHECK-LABEL: llvm.func @table_load
// CHECK: %[[ADDR:.*]] = llvm.inline_asm {{.*}}ld.global.b64{{.*}} -> i64
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr<1>
// CHECK: llvm.getelementptr %[[PTR]]
func.func @table_load(%table: !tile.ptr<i64>, %out: !tile.ptr<f32>) {
  %a = tile.load %table : !tile.ptr<i64>
  %p = tile.ptr_cast %a : i64 to !tile.ptr<f32>
  %c1 = arith.constant 1 : i32
  %q = tile.addptr %p, %c1 : !tile.ptr<f32>, i32
  %v = tile.load %q : !tile.ptr<f32>
  tile.store %out, %v : !tile.ptr<f32>
  return
}

// -----

// CHECK-LABEL: llvm.func @block_addresses
// CHECK: %[[P:.*]] = llvm.getelementptr %arg0
// CHECK-NEXT: %[[A:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK-NOT: llvm.inttoptr
// CHECK: st.global.b64 {{.*}} %[[A]]
// CHECK: llvm.return
func.func @block_addresses(%x: !tile.ptr<f32>, %out: !tile.ptr<i64>) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %xs = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %ps = tile.addptr %xs, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %hs = tile.ptr_cast %ps : tensor<128x!tile.ptr<f32>> to tensor<128x!tile.ptr<f16>>
  %as = tile.ptr_cast %hs : tensor<128x!tile.ptr<f16>> to tensor<128xi64>
  %os = tile.splat %out : tensor<128x!tile.ptr<i64>>
  %qs = tile.addptr %os, %r : tensor<128x!tile.ptr<i64>>, tensor<128xi32>
  tile.store %qs, %as : tensor<128x!tile.ptr<i64>>
  return
}
