// RUN: tile-opt %s -split-input-file -tile-assign-layouts | FileCheck %s
// Misaligned accesses (rows of an unknown stride: 2-byte aligned bf16) keep
// the layout that coalesces them, one vector of their width a thread; the
// aligned accesses of their tile narrow to it, and a conversion goes where
// the two cannot share a layout, on the value computed fewer times.

// RMSNorm over rows in a persistent loop: the weight (16-byte aligned,
// loaded once) takes the rows' layout, one element a thread, rather than
// giving them its 8 (each warp access of a row would span 16 sectors).
// CHECK: #[[B1:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
// CHECK-NOT: #tile.blocked
// CHECK-LABEL: func.func @rms_rows(
// CHECK: tile.load %{{.*}} mask %{{.*}} : tensor<4096x!tile.ptr<bf16>, #[[B1]]>
// CHECK: scf.for
// CHECK: tile.load %{{.*}} mask %{{.*}} : tensor<4096x!tile.ptr<bf16>, #[[B1]]>
// CHECK: tile.store %{{.*}}, %{{.*}} mask %{{.*}} : tensor<4096x!tile.ptr<bf16>, #[[B1]]>
// CHECK-NOT: tile.convert_layout
module attributes {tile.num_warps = 2 : i32} {
func.func @rms_rows(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %w: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %y: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %stride: i32, %rows: i32) {
  %cols = tile.make_range 0, 4096 : tensor<4096xi32>
  %n = arith.constant dense<3000> : tensor<4096xi32>
  %mask = arith.cmpi slt, %cols, %n : tensor<4096xi32>
  %ws = tile.splat %w : tensor<4096x!tile.ptr<bf16>>
  %wp = tile.addptr %ws, %cols : tensor<4096x!tile.ptr<bf16>>, tensor<4096xi32>
  %wv = tile.load %wp mask %mask : tensor<4096x!tile.ptr<bf16>>
  %wf = arith.extf %wv : tensor<4096xbf16> to tensor<4096xf32>
  %pid = tile.program_id 0 : i32
  %step = tile.num_programs 0 : i32
  scf.for %row = %pid to %rows step %step : i32 {
    %start = arith.muli %row, %stride : i32
    %xrow = tile.addptr %x, %start : !tile.ptr<bf16>, i32
    %xs = tile.splat %xrow : tensor<4096x!tile.ptr<bf16>>
    %xp = tile.addptr %xs, %cols : tensor<4096x!tile.ptr<bf16>>, tensor<4096xi32>
    %xv = tile.load %xp mask %mask : tensor<4096x!tile.ptr<bf16>>
    %xf = arith.extf %xv : tensor<4096xbf16> to tensor<4096xf32>
    %sq = arith.mulf %xf, %xf : tensor<4096xf32>
    %s = tile.reduce sum %sq {axis = 0 : i32} : tensor<4096xf32> -> f32
    %r = math.rsqrt %s : f32
    %rs = tile.splat %r : tensor<4096xf32>
    %xn = arith.mulf %xf, %rs : tensor<4096xf32>
    %o = arith.mulf %xn, %wf : tensor<4096xf32>
    %ob = arith.truncf %o : tensor<4096xf32> to tensor<4096xbf16>
    %yrow = tile.addptr %y, %start : !tile.ptr<bf16>, i32
    %ys = tile.splat %yrow : tensor<4096x!tile.ptr<bf16>>
    %yp = tile.addptr %ys, %cols : tensor<4096x!tile.ptr<bf16>>, tensor<4096xi32>
    tile.store %yp, %ob mask %mask : tensor<4096x!tile.ptr<bf16>>
  }
  return
}
}

// -----

// Two misaligned rows, one 4-byte aligned (a stride of even elements), one
// 2-byte aligned: the narrower goes first and the other narrows to it,
// rather than the narrower holding 2 a thread.
// CHECK: #[[B1:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-NOT: #tile.blocked
// CHECK-LABEL: func.func @narrowest_first(
// CHECK: tile.load %{{.*}} : tensor<2048x!tile.ptr<bf16>, #[[B1]]>
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<2048x!tile.ptr<bf16>, #[[B1]]>
// CHECK-NOT: tile.convert_layout
func.func @narrowest_first(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %y: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %even: i32 {tile.divisibility = 2 : i32}, %odd: i32) {
  %pid = tile.program_id 0 : i32
  %cols = tile.make_range 0, 2048 : tensor<2048xi32>
  %xstart = arith.muli %pid, %even : i32
  %xrow = tile.addptr %x, %xstart : !tile.ptr<bf16>, i32
  %xs = tile.splat %xrow : tensor<2048x!tile.ptr<bf16>>
  %xp = tile.addptr %xs, %cols : tensor<2048x!tile.ptr<bf16>>, tensor<2048xi32>
  %xv = tile.load %xp : tensor<2048x!tile.ptr<bf16>>
  %ystart = arith.muli %pid, %odd : i32
  %yrow = tile.addptr %y, %ystart : !tile.ptr<bf16>, i32
  %ys = tile.splat %yrow : tensor<2048x!tile.ptr<bf16>>
  %yp = tile.addptr %ys, %cols : tensor<2048x!tile.ptr<bf16>>, tensor<2048xi32>
  tile.store %yp, %xv : tensor<2048x!tile.ptr<bf16>>
  return
}

// -----

// A misaligned row loaded once, added to aligned blocks in a loop: the
// blocks keep 16 bytes a thread, and the row is converted to their layout
// once, before the loop, where it was loaded coalesced.
// CHECK-DAG: #[[B8:.*]] = #tile.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[B1:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @row_outside_loop(
// CHECK: %[[ROW:.*]] = tile.load %{{.*}} : tensor<4096x!tile.ptr<bf16>, #[[B1]]>
// CHECK: %[[ROW8:.*]] = tile.convert_layout %[[ROW]] : tensor<4096xbf16, #[[B1]]> -> tensor<4096xbf16, #[[B8]]>
// CHECK: scf.for
// CHECK:   %[[X:.*]] = tile.load %{{.*}} : tensor<4096x!tile.ptr<bf16>, #[[B8]]>
// CHECK:   %[[S:.*]] = arith.addf %[[X]], %[[ROW8]] : tensor<4096xbf16, #[[B8]]>
// CHECK:   tile.store %{{.*}}, %[[S]] : tensor<4096x!tile.ptr<bf16>, #[[B8]]>
func.func @row_outside_loop(%b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %x: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %y: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %stride: i32, %n: i32) {
  %pid = tile.program_id 0 : i32
  %start = arith.muli %pid, %stride : i32
  %cols = tile.make_range 0, 4096 : tensor<4096xi32>
  %brow = tile.addptr %b, %start : !tile.ptr<bf16>, i32
  %bs = tile.splat %brow : tensor<4096x!tile.ptr<bf16>>
  %bp = tile.addptr %bs, %cols : tensor<4096x!tile.ptr<bf16>>, tensor<4096xi32>
  %bv = tile.load %bp : tensor<4096x!tile.ptr<bf16>>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c4096 : i32
    %xr = tile.addptr %x, %off : !tile.ptr<bf16>, i32
    %xs = tile.splat %xr : tensor<4096x!tile.ptr<bf16>>
    %xp = tile.addptr %xs, %cols : tensor<4096x!tile.ptr<bf16>>, tensor<4096xi32>
    %xv = tile.load %xp : tensor<4096x!tile.ptr<bf16>>
    %s = arith.addf %xv, %bv : tensor<4096xbf16>
    %yr = tile.addptr %y, %off : !tile.ptr<bf16>, i32
    %ys = tile.splat %yr : tensor<4096x!tile.ptr<bf16>>
    %yp = tile.addptr %ys, %cols : tensor<4096x!tile.ptr<bf16>>, tensor<4096xi32>
    tile.store %yp, %s : tensor<4096x!tile.ptr<bf16>>
  }
  return
}

// -----

// Rows of a 2-D tile and a weight broadcast along them: the weight cannot
// take the tile's layout (its slice is not a blocked layout), so it keeps
// its 16-byte loads and the conversion lands on it; the rows stay coalesced.
// CHECK-DAG: #[[T:.*]] = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[W:.*]] = #tile.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @rows_2d(
// CHECK-DAG: tile.load %{{.*}} : tensor<16x1024x!tile.ptr<bf16>, #[[T]]>
// CHECK-DAG: %[[WV:.*]] = tile.load %{{.*}} : tensor<1024x!tile.ptr<bf16>, #[[W]]>
// CHECK: tile.convert_layout %[[WV]] : tensor<1024xbf16, #[[W]]> -> tensor<1024xbf16, #tile.slice<dim = 0, parent = #[[T]]>>
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<16x1024x!tile.ptr<bf16>, #[[T]]>
func.func @rows_2d(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %w: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %y: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %stride: i32) {
  %rows = tile.make_range 0, 16 : tensor<16xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %st = tile.splat %stride : tensor<16x1xi32>
  %ro = arith.muli %r2, %st : tensor<16x1xi32>
  %rb = tile.broadcast %ro : tensor<16x1xi32> -> tensor<16x1024xi32>
  %cols = tile.make_range 0, 1024 : tensor<1024xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<1024xi32> -> tensor<1x1024xi32>
  %cb = tile.broadcast %c2 : tensor<1x1024xi32> -> tensor<16x1024xi32>
  %off = arith.addi %rb, %cb : tensor<16x1024xi32>
  %xs = tile.splat %x : tensor<16x1024x!tile.ptr<bf16>>
  %xp = tile.addptr %xs, %off : tensor<16x1024x!tile.ptr<bf16>>, tensor<16x1024xi32>
  %xv = tile.load %xp : tensor<16x1024x!tile.ptr<bf16>>
  %ws = tile.splat %w : tensor<1024x!tile.ptr<bf16>>
  %wp = tile.addptr %ws, %cols : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  %wv = tile.load %wp : tensor<1024x!tile.ptr<bf16>>
  %w2 = tile.expand_dims %wv {axis = 0 : i32} : tensor<1024xbf16> -> tensor<1x1024xbf16>
  %wb = tile.broadcast %w2 : tensor<1x1024xbf16> -> tensor<16x1024xbf16>
  %o = arith.mulf %xv, %wb : tensor<16x1024xbf16>
  %ys = tile.splat %y : tensor<16x1024x!tile.ptr<bf16>>
  %yp = tile.addptr %ys, %off : tensor<16x1024x!tile.ptr<bf16>>, tensor<16x1024xi32>
  tile.store %yp, %o : tensor<16x1024x!tile.ptr<bf16>>
  return
}
