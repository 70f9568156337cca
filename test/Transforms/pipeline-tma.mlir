// RUN: tile-opt %s -split-input-file -tile-pipeline | tile-opt -split-input-file | FileCheck %s
// tile-pipeline on a K loop whose factors come from tensor descriptor
// parameters (`tma %map[coords]`) into swizzled wgmma buffers: the copies
// become TMA copies. One mbarrier per stage is allocated and initialised
// (by one thread, between two barriers, after a fence for the async
// proxy); each stage's copies count their bytes (64x32 + 32x64 fp16 =
// 8192) on the stage's mbarrier; each iteration waits on the read stage's
// mbarrier with the phase parity it carries, which flips when the read
// stage wraps around; the mbarriers are invalidated after the loop. The
// tensor maps' boxes go to the module for the manifest, and no load names
// a tensor map afterwards.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#shared1 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>

// CHECK: module attributes {tile.num_warps = 4 : i32, tile.target = "sm_90a", tile.tensor_maps = [{box = array<i32: 64, 32>, element = f16, leaves = array<i32: 0, 2, 2, 2>, name = "a_desc", swizzle = 64 : i32}, {box = array<i32: 32, 64>, element = f16, leaves = array<i32: 1, 2, 2, 2>, name = "b_desc", swizzle = 128 : i32}]}
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[AMAP:[^:]+]]: !tile.tensormap {tile.name = "a_desc", {{[^}]*}}}, %[[BMAP:[^:]+]]: !tile.tensormap {tile.name = "b_desc", {{[^}]*}}}
// CHECK: %[[BARS:.*]] = tile.local_alloc -> !tile.memdesc<3x1x1xi64, #{{[^>]*}}>
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK: tile.mbarrier_init %{{.*}}, 1
// CHECK: tile.mbarrier_init %{{.*}}, 1
// CHECK: tile.mbarrier_init %{{.*}}, 1
// CHECK-NEXT: tile.barrier
// Prologue: stages 0 and 1, thread 0 expecting 8192 bytes on each.
// CHECK: %[[BAR0:.*]] = tile.memdesc_subview %[[BARS]]
// CHECK-NEXT: tile.mbarrier_expect %[[BAR0]], 8192, %[[IN0:[^ ]+]]
// CHECK: tile.tma_copy %[[AMAP]][%{{.*}}, %{{.*}}], %{{.*}}, %[[BAR0]], %[[IN0]] : !tile.memdesc<64x32xf16, #shared>
// CHECK: tile.tma_copy %[[BMAP]][%{{.*}}, %{{.*}}], %{{.*}}, %[[BAR0]], %[[IN0]] : !tile.memdesc<32x64xf16, #shared1>
// CHECK-NOT: tile.async_commit_group
// CHECK: tile.mbarrier_expect %{{.*}}, 8192
// CHECK: tile.tma_copy %[[AMAP]]
// CHECK: tile.tma_copy %[[BMAP]]
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[RS:[^ ]+]] = %{{[^,]+}}, %[[WS:[^ ]+]] = %{{[^,]+}}, %[[PH:[^ ]+]] = %{{[^)]+}})
// CHECK-NOT: tile.async_wait
// CHECK: %[[RBAR:.*]] = tile.memdesc_subview %[[BARS]][%[[RS]]]
// CHECK-NEXT: tile.mbarrier_wait %[[RBAR]], %[[PH]]
// CHECK: tile.warpgroup_dot
// The copies of iteration i + 2 into the write stage.
// CHECK: %[[WBAR:.*]] = tile.memdesc_subview %[[BARS]][%[[WS]]]
// CHECK-NEXT: tile.mbarrier_expect %[[WBAR]], 8192
// CHECK: tile.tma_copy %[[AMAP]]{{.*}}, %[[WBAR]]
// CHECK: tile.tma_copy %[[BMAP]]{{.*}}, %[[WBAR]]
// The phase flips when the read stage wraps to 0.
// CHECK: %[[NEXT:.*]] = arith.select %{{.*}} : i32
// CHECK: %[[WRAP:.*]] = arith.cmpi eq, %[[NEXT]], %{{.*}} : i32
// CHECK: %[[FLIP:.*]] = arith.xori %[[PH]], %{{.*}} : i32
// CHECK-NEXT: %[[NPH:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PH]] : i32
// CHECK-NEXT: scf.yield {{.*}}, %[[NPH]] :
// CHECK: tile.barrier
// CHECK-COUNT-3: tile.mbarrier_inval
// CHECK: tile.barrier
// CHECK-NOT: tma %
module attributes {tile.num_warps = 4 : i32, tile.target = "sm_90a"} {
  func.func @matmul(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %k_tiles: i32, %amap: !tile.tensormap {tile.name = "a_desc", tile.tensor_map_of = array<i32: 0, 2, 2, 2>}, %bmap: !tile.tensormap {tile.name = "b_desc", tile.tensor_map_of = array<i32: 1, 2, 2, 2>}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wgmma>
    %pa = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
    %pb = tile.splat %b : tensor<32x64x!tile.ptr<f16>, #blocked1>
    %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%acc0 = %zero) -> (tensor<64x64xf32, #wgmma>) : i32 {
      %kk = arith.muli %k, %c32 : i32
      %x = tile.load %pa tma %amap[%c0, %kk] : tensor<64x32x!tile.ptr<f16>, #blocked>
      %y = tile.load %pb tma %bmap[%kk, %c0] : tensor<32x64x!tile.ptr<f16>, #blocked1>
      %sa = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
      %sb = tile.local_alloc %y : tensor<32x64xf16, #blocked1> -> !tile.memdesc<32x64xf16, #shared1>
      %d = tile.warpgroup_dot %sa, %sb, %acc0 : !tile.memdesc<64x32xf16, #shared>, !tile.memdesc<32x64xf16, #shared1> -> tensor<64x64xf32, #wgmma>
      scf.yield %d : tensor<64x64xf32, #wgmma>
    }
    return
  }
}

// -----

// Without sm_90a there is no TMA: the loads no longer name the tensor maps,
// and the unused map parameters are dropped (no tile.tensor_maps).
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#shared1 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>

// CHECK: module attributes {tile.num_warps = 4 : i32, tile.target = "sm_80"} {
// CHECK-LABEL: func.func @matmul(
// CHECK-NOT: tensormap
// CHECK-NOT: tile.mbarrier
// CHECK-NOT: tile.tma_copy
// CHECK-NOT: tma %
module attributes {tile.num_warps = 4 : i32, tile.target = "sm_80"} {
  func.func @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %k_tiles: i32, %amap: !tile.tensormap {tile.name = "a_desc", tile.tensor_map_of = array<i32: 0, 2, 2, 2>}, %bmap: !tile.tensormap {tile.name = "b_desc", tile.tensor_map_of = array<i32: 1, 2, 2, 2>}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #wgmma>
    %pa = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
    %pb = tile.splat %b : tensor<32x64x!tile.ptr<f16>, #blocked1>
    %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%acc0 = %zero) -> (tensor<64x64xf32, #wgmma>) : i32 {
      %kk = arith.muli %k, %c32 : i32
      %x = tile.load %pa tma %amap[%c0, %kk] : tensor<64x32x!tile.ptr<f16>, #blocked>
      %y = tile.load %pb tma %bmap[%kk, %c0] : tensor<32x64x!tile.ptr<f16>, #blocked1>
      %sa = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
      %sb = tile.local_alloc %y : tensor<32x64xf16, #blocked1> -> !tile.memdesc<32x64xf16, #shared1>
      %d = tile.warpgroup_dot %sa, %sb, %acc0 : !tile.memdesc<64x32xf16, #shared>, !tile.memdesc<32x64xf16, #shared1> -> tensor<64x64xf32, #wgmma>
      scf.yield %d : tensor<64x64xf32, #wgmma>
    }
    return
  }
}


// -----

// Attention's loop on two warpgroups: K is read through a transposed view
// (k.T), V directly, and the second product takes its A from registers.
// Both loads become TMA copies into 3-deep stacks; the view is taken of the
// stage read. Nothing else orders the copies into the stage read one
// iteration earlier after every warpgroup's reads of it: a barrier right
// before them. The second product's result is carried and rescaled before
// the next product (acc * alpha): it runs on into the next iteration
// (pendings 1), with a wait before the rescale and one after the loop,
// inside an scf.if that skips both when the loop runs no iteration (so no
// path with the initial accumulator joins before the wait: C7515).
#bk = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#sk = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#skt = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#acc = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 64>
#pa = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
// CHECK-LABEL: func.func @attention(
// CHECK: %[[KS:.*]] = tile.local_alloc -> !tile.memdesc<3x64x64xf16, #[[SK:[^>]+]]>
// CHECK: %[[VS:.*]] = tile.local_alloc -> !tile.memdesc<3x64x64xf16, #[[SK]]>
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %c0{{.*}}, %arg2 : i32
// CHECK: %[[O:.*]]:4 = scf.if %[[RUNS]] -> (tensor<128x64xf32, #{{[^>]+}}>, i32, i32, i32) {
// CHECK: %[[L:[0-9]+]]:4 = scf.for
// CHECK: tile.mbarrier_wait
// CHECK: %[[K:.*]] = tile.memdesc_subview %[[KS]]
// CHECK: %[[V:.*]] = tile.memdesc_subview %[[VS]]
// CHECK: %[[KT:.*]] = tile.memdesc_trans %[[K]] : !tile.memdesc<64x64xf16, #[[SK]]> -> !tile.memdesc<64x64xf16, #{{[^>]+}}>
// CHECK: %[[S:.*]] = tile.warpgroup_dot %{{.*}}, %[[KT]], %{{.*}} :
// CHECK: %[[P:.*]] = tile.convert_layout
// CHECK: %[[W:.*]] = tile.warpgroup_dot_wait %[[ACC:[^ ]+]] {pendings = 0 : i32}
// CHECK-NEXT: %[[R:.*]] = arith.mulf %[[W]], %[[S]]
// CHECK: tile.warpgroup_dot %[[P]], %[[V]], %[[R]] {pendings = 1 : i32} :
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: arith.constant 2
// CHECK-NEXT: arith.muli
// CHECK: tile.mbarrier_expect %{{.*}}, 16384
// CHECK: tile.tma_copy
// CHECK: tile.tma_copy
// CHECK: scf.yield
// CHECK: %[[LW:.*]] = tile.warpgroup_dot_wait %[[L]]#0 {pendings = 0 : i32}
// CHECK-NEXT: scf.yield %[[LW]], %[[L]]#1, %[[L]]#2, %[[L]]#3
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.*}}
module attributes {tile.num_warps = 8 : i32, tile.target = "sm_90a"} {
  func.func @attention(%k: !tile.ptr<f16>, %v: !tile.ptr<f16>, %n: i32, %q: !tile.memdesc<128x64xf16, #sk>, %kmap: !tile.tensormap {tile.name = "k_desc", tile.tensor_map_of = array<i32: 0, 2, 2, 2>}, %vmap: !tile.tensormap {tile.name = "v_desc", tile.tensor_map_of = array<i32: 1, 2, 2, 2>}) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #acc>
    %pk = tile.splat %k : tensor<64x64x!tile.ptr<f16>, #bk>
    %pv = tile.splat %v : tensor<64x64x!tile.ptr<f16>, #bk>
    %o = scf.for %j = %c0 to %n step %c64 iter_args(%acc0 = %zero) -> (tensor<128x64xf32, #acc>) : i32 {
      %x = tile.load %pk tma %kmap[%j, %c0] : tensor<64x64x!tile.ptr<f16>, #bk>
      %sx = tile.local_alloc %x : tensor<64x64xf16, #bk> -> !tile.memdesc<64x64xf16, #sk>
      %kt = tile.memdesc_trans %sx : !tile.memdesc<64x64xf16, #sk> -> !tile.memdesc<64x64xf16, #skt>
      %s = tile.warpgroup_dot %q, %kt, %zero : !tile.memdesc<128x64xf16, #sk>, !tile.memdesc<64x64xf16, #skt> -> tensor<128x64xf32, #acc>
      %p = arith.truncf %s : tensor<128x64xf32, #acc> to tensor<128x64xf16, #acc>
      %pr = tile.convert_layout %p : tensor<128x64xf16, #acc> -> tensor<128x64xf16, #pa>
      %y = tile.load %pv tma %vmap[%j, %c0] : tensor<64x64x!tile.ptr<f16>, #bk>
      %sy = tile.local_alloc %y : tensor<64x64xf16, #bk> -> !tile.memdesc<64x64xf16, #sk>
      %r = arith.mulf %acc0, %s : tensor<128x64xf32, #acc>
      %d = tile.warpgroup_dot %pr, %sy, %r : tensor<128x64xf16, #pa>, !tile.memdesc<64x64xf16, #sk> -> tensor<128x64xf32, #acc>
      scf.yield %d : tensor<128x64xf32, #acc>
    }
    return
  }
}
