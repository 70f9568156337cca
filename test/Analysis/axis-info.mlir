// RUN: tile-opt %s -split-input-file -tile-test-axis-info -verify-diagnostics
// Contiguity, divisibility and constancy of the values of typical kernels.
// Remarks on an op with regions describe the entry block's arguments.

// GeLU-like offsets: pid * BLOCK + arange, pointers and masks.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #2: contiguity = [1], divisibility = [1], constancy = [1]}}
// expected-remark @below {{arg #3: contiguity = [1], divisibility = [4], constancy = [1]}}
func.func @gelu_offsets(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %n: i32 {tile.divisibility = 16 : i32}, %m: i32,
                        %y: !tile.ptr<f32>) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = tile.program_id 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant = 1024}}
  %c1024 = arith.constant 1024 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
  %start = arith.muli %pid, %c1024 : i32
  // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
  %s = tile.splat %start : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
  %offs = arith.addi %s, %r : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024]}}
  %p = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  // Bytes: gcd(16, 1024 elements * 4 bytes).
  // expected-remark @below {{contiguity = [1024], divisibility = [16], constancy = [1]}}
  %ptrs = tile.addptr %p, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
  %q = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
  %qtrs = tile.addptr %q, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024]}}
  %ns = tile.splat %n : tensor<1024xi32>
  // offs < n flips at n, a multiple of 16: uniform over aligned runs of 16.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %mask_rhs = arith.cmpi sgt, %ns, %offs : tensor<1024xi32>
  // offs <= n flips at n + 1: nothing aligned.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %mask_le = arith.cmpi sle, %offs, %ns : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
  %ms = tile.splat %m : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %mask_m = arith.cmpi slt, %offs, %ms : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %both = arith.andi %mask, %mask_m : tensor<1024xi1>
  return
}

// -----

// 2-D offsets rows[:, None] * stride + cols[None, :].
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [16], constancy = [1]}}
func.func @offsets_2d(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %stride: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %rows = tile.make_range 0, 64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1]}}
  %cols = tile.make_range 0, 32 : tensor<32xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 1]}}
  %st = tile.splat %stride : tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
  %rs = arith.muli %r2, %st : tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 32]}}
  %rb = tile.broadcast %rs : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [1, 1]}}
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [64, 1]}}
  %cb = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 16], constancy = [1, 1]}}
  %offs = arith.addi %rb, %cb : tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 32]}}
  %p = tile.splat %x : tensor<64x32x!tile.ptr<f32>>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [4, 16], constancy = [1, 1]}}
  %ptrs = tile.addptr %p, %offs : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>
  return
}

// -----

// Loops: the induction variable of range(0, n, 64) is a multiple of 64, and
// a loop-carried offset vector reaches a fixpoint.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [1], constancy = [1]}}
func.func @loop(%n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant = 64}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0, 64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64], constant = 64}}
  %step = arith.constant dense<64> : tensor<64xi32>
  // expected-remark @below {{arg #0: contiguity = [1], divisibility = [64], constancy = [1]}}
  // expected-remark @below {{arg #1: contiguity = [64], divisibility = [64], constancy = [1]}}
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %last = scf.for %k = %c0 to %n step %c64 iter_args(%offs = %r) -> (tensor<64xi32>) : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64]}}
    %ks = tile.splat %k : tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
    %cols = arith.addi %ks, %r : tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
    %next = arith.addi %offs, %step : tensor<64xi32>
    scf.yield %next : tensor<64xi32>
  }
  return
}

// -----

// Division and remainder by constants, shifts, selects, casts.
func.func @div_rem() {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0, 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant = 16}}
  %c16 = arith.constant dense<16> : tensor<128xi32>
  // Aligned runs of 16 consecutive values share a quotient.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %q = arith.divsi %r, %c16 : tensor<128xi32>
  // ... and a remainder run.
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1]}}
  %m = arith.remsi %r, %c16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128], constant = 4}}
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [16]}}
  %qs = arith.shli %q, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %sr = arith.shrsi %r, %c4 : tensor<128xi32>
  // Multiplying by a constant 1 changes nothing.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant = 1}}
  %one = arith.constant dense<1> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %same = arith.muli %r, %one : tensor<128xi32>
  // m < 4 flips at multiples of 4.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %lt = arith.cmpi slt, %m, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant = 1}}
  %true = arith.constant dense<true> : tensor<128xi1>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %sel_true = arith.select %true, %r, %m : tensor<128xi1>, tensor<128xi32>
  // Runs of 4: the condition is uniform there and both sides consecutive.
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %sel = arith.select %lt, %r, %m : tensor<128xi1>, tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %wide = arith.extsi %r : tensor<128xi32> to tensor<128xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [16]}}
  %and = arith.andi %qs, %c16 : tensor<128xi32>
  return
}

// -----

// Scalars: constants fold, and a select on a scalar condition is uniform.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [1], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [1], constancy = [1]}}
func.func @scalars(%c: i1, %a: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant = 24}}
  %c24 = arith.constant 24 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant = 10}}
  %c10 = arith.constant 10 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant = 14}}
  %d = arith.subi %c24, %c10 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant = 4}}
  %rem = arith.remsi %c24, %c10 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant = 1}}
  %lt = arith.cmpi slt, %c10, %c24 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %s = arith.select %c, %c24, %c10 : i32
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0, 64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %r2 = tile.make_range 64, 128 : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %sel = arith.select %c, %r, %r2 : tensor<64xi32>
  return
}

// -----

// Hints (tl.multiple_of, tl.max_contiguous, tl.max_constancy): on a kernel
// argument they are argument attributes, on other values attributes of the
// defining op. They raise what the rules proved, never lower it; contiguity
// and constancy stay within the dimension, divisibility keeps its power-of-two
// part.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [8], constancy = [1]}}
// expected-remark @below {{arg #2: contiguity = [1], divisibility = [32], constancy = [1]}}
// expected-remark @below {{arg #3: contiguity = [1], divisibility = [4], constancy = [1]}}
func.func @hints(%p: !tile.ptr<f32> {tile.multiple_of = array<i32: 16>},
                 %n: i32 {tile.multiple_of = array<i32: 24>},
                 %m: i32 {tile.divisibility = 32 : i32, tile.multiple_of = array<i32: 8>},
                 %q: !tile.ptr<i32>) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = tile.program_id 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %start = arith.muli %pid, %n {tile.multiple_of = array<i32: 64>} : i32
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0, 64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64]}}
  %s = tile.splat %start : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %offs = arith.addi %s, %r : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [64]}}
  %qs = tile.splat %q : tensor<64x!tile.ptr<i32>>
  // expected-remark @below {{contiguity = [64], divisibility = [4], constancy = [1]}}
  %qr = tile.addptr %qs, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  // Gathered indices: nothing known until the hints say so.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %idx = tile.load %qr : tensor<64x!tile.ptr<i32>>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %hinted = arith.addi %idx, %r {tile.multiple_of = array<i32: 16>, tile.max_contiguous = array<i32: 1000>} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8]}}
  %uniform = arith.muli %idx, %idx {tile.max_constancy = array<i32: 8>} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %ps = tile.splat %p : tensor<64x!tile.ptr<f32>>
  return
}
