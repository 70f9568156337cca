// RUN: tile-opt %s -split-input-file -tile-assign-layouts -tile-test-axis-info=accesses-only -verify-diagnostics
// The vector width a lowering gets from AxisInfoAnalysis::getAccessVectorWidth:
// the layout's elements per thread, the pointers' contiguity and alignment
// and the mask's uniformity, whichever is least.

func.func @gelu(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}, %m: i32) {
  %pid = tile.program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %s = tile.splat %start : tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %xs = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %ms = tile.splat %m : tensor<1024xi32>
  %mask_m = arith.cmpi slt, %offs, %ms : tensor<1024xi32>
  // expected-remark @below {{access vector width = 4}}
  %v = tile.load %xp : tensor<1024x!tile.ptr<f32>>
  // A bound that is a multiple of 16 keeps whole vectors in or out.
  // expected-remark @below {{access vector width = 4}}
  %w = tile.load %xp mask %mask : tensor<1024x!tile.ptr<f32>>
  // Any other bound may cut a vector.
  // expected-remark @below {{access vector width = 1}}
  tile.store %xp, %w mask %mask_m : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// 2-D, f16: 8 elements (16 bytes) along the rows when the row stride is a
// multiple of 16 elements.
func.func @rows(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}) {
  %rows = tile.make_range 0, 64 : tensor<64xi32>
  %cols = tile.make_range 0, 64 : tensor<64xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %st = tile.splat %stride : tensor<64x1xi32>
  %ro = arith.muli %r2, %st : tensor<64x1xi32>
  %rb = tile.broadcast %ro : tensor<64x1xi32> -> tensor<64x64xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %xs = tile.splat %x : tensor<64x64x!tile.ptr<f16>>
  %xp = tile.addptr %xs, %offs : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  // expected-remark @below {{access vector width = 8}}
  %v = tile.load %xp : tensor<64x64x!tile.ptr<f16>>
  // expected-remark @below {{access vector width = 8}}
  tile.store %xp, %v : tensor<64x64x!tile.ptr<f16>>
  return
}
