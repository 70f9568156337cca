// RUN: tile-opt %s -split-input-file -tile-allocate-shared=max-shared-bytes=1 | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-allocate-shared | FileCheck %s --check-prefix=APART
// With max-shared-bytes=1 every function passes the limit, so scratch areas
// share bytes as they do in a kernel that would not fit otherwise; by
// default (the target's limit, which these fit) no two scratch areas share
// bytes, and no barrier separates their ops.
// tile-allocate-shared: every tile.local_alloc gets a byte offset, every op
// whose lowering needs scratch (a reduction across warps, a layout
// conversion, an FMA tile.dot) gets tile.scratch_offset, and the module gets
// tile.shared_bytes, the largest total of its functions. A buffer lives from
// its allocation to its last use (through subviews and transposed views; a
// use inside a loop that does not contain the allocation keeps it for the
// whole loop); scratch lives during its op. Regions alive at the same time
// get disjoint ranges, 16-byte aligned (1024-byte aligned for
// #tile.nvmma_shared buffers), first fit in program order; others may share
// bytes, scratch with scratch too.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// Two 4 KiB buffers written before either is read: side by side.
// CHECK: module attributes {{.*}}tile.shared_bytes = 8192 : i64}
// CHECK-LABEL: func.func @live_together(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: tile.local_alloc %{{.*}} {offset = 4096 : i64}
module attributes {tile.num_warps = 4 : i32} {
func.func @live_together(%x: tensor<64x32xf16, #blocked>) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %b = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %la, %lb : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#tiny = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

// The module needs what its largest function needs.
// CHECK: module attributes {{.*}}tile.shared_bytes = 4112 : i64}
// One buffer is dead before the next is allocated: both at 0.
// CHECK-LABEL: func.func @one_after_another(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: tile.local_load
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: tile.local_load
// An 8-byte buffer alive with a 4 KiB one: the next offset is rounded up
// to 16 bytes.
// CHECK-LABEL: func.func @aligned(
// CHECK: tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x2xf16
// CHECK: tile.local_alloc %{{.*}} {offset = 16 : i64} -> !tile.memdesc<64x32xf16
module attributes {tile.num_warps = 4 : i32} {
func.func @one_after_another(%x: tensor<64x32xf16, #blocked>) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %b = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %la, %lb : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>
}
func.func @aligned(%x: tensor<64x32xf16, #blocked>, %y: tensor<2x2xf16, #blocked>) -> (tensor<2x2xf16, #blocked>, tensor<64x32xf16, #blocked>) {
  %s = tile.local_alloc -> !tile.memdesc<2x2xf16, #tiny>
  tile.local_store %y, %s : tensor<2x2xf16, #blocked> -> !tile.memdesc<2x2xf16, #tiny>
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %ls = tile.local_load %s : !tile.memdesc<2x2xf16, #tiny> -> tensor<2x2xf16, #blocked>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %ls, %la : tensor<2x2xf16, #blocked>, tensor<64x32xf16, #blocked>
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// %a is allocated before the loop and read in it: the next iteration reads
// it again, so it lives to the end of the loop and %b, allocated in the
// body after the last read of %a, must not take its bytes. %b and %c, both
// allocated and read within one iteration, share theirs.
// (The module's total is @subview's, 12 KiB.)
// CHECK: module attributes {{.*}}tile.shared_bytes = 12288 : i64}
// CHECK-LABEL: func.func @loop(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: scf.for
// CHECK: tile.local_load
// CHECK: tile.local_alloc %{{.*}} {offset = 4096 : i64}
// CHECK: tile.local_load
// CHECK: tile.local_alloc %{{.*}} {offset = 4096 : i64}
// CHECK: tile.local_load
// CHECK: scf.yield
// The same ops without the loop: every buffer is dead before the next.
// CHECK-LABEL: func.func @straight(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// A buffer read through a subview lives until the subview's last use.
// CHECK-LABEL: func.func @subview(
// CHECK: tile.local_alloc {offset = 0 : i64} -> !tile.memdesc<2x64x32xf16
// CHECK: tile.local_alloc %{{.*}} {offset = 8192 : i64}
module attributes {tile.num_warps = 4 : i32} {
func.func @loop(%x: tensor<64x32xf16, #blocked>, %n: index) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64x32xf16, #blocked>) {
    %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %b = tile.local_alloc %la : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %c = tile.local_alloc %lb : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %lc = tile.local_load %c : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %lc : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  return %r : tensor<64x32xf16, #blocked>
}
func.func @straight(%x: tensor<64x32xf16, #blocked>) -> tensor<64x32xf16, #blocked> {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %b = tile.local_alloc %la : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %c = tile.local_alloc %lb : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %lc = tile.local_load %c : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %lc : tensor<64x32xf16, #blocked>
}
func.func @subview(%x: tensor<64x32xf16, #blocked>, %i: i32) -> tensor<64x32xf16, #blocked> {
  %s = tile.local_alloc -> !tile.memdesc<2x64x32xf16, #shared>
  %v = tile.memdesc_subview %s[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  tile.local_store %x, %v : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %b = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %lv = tile.local_load %v : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %r = arith.addf %lv, %lb : tensor<64x32xf16, #blocked>
  return %r : tensor<64x32xf16, #blocked>
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// Scratch: a conversion of 32x32 f32 (4 KiB) while the buffer %a is alive
// (read after it) goes above it, at 4096. After %a's last read, a
// reduction of 64x64 f32 along the axis its 4 warps split (64 results x 4
// warps x 4 bytes) takes offset 0, %a's bytes; the reduction along the
// other axis needs no scratch; a second reduction across warps takes 1024,
// bytes no scratch area used, within the 8 KiB the function needs anyway,
// rather than share the first one's (which would need a barrier between
// them). A second conversion finds no such bytes within 8 KiB and takes
// the lowest free offset, 0, as does a buffer allocated after all of them
// (tile-insert-barriers orders each one's writes after the reads of the
// one before, allocate-shared-barriers.mlir).
// CHECK: module attributes {{.*}}tile.shared_bytes = 8192 : i64}
// APART: module attributes {{.*}}tile.shared_bytes = 12288 : i64}
// APART-LABEL: func.func @scratch(
// APART: tile.convert_layout %{{.*}} {tile.scratch_offset = 4096 : i64}
// APART: tile.reduce sum %{{.*}} {axis = 1 : i32, tile.scratch_offset = 0 : i64}
// APART: tile.reduce max %{{.*}} {axis = 1 : i32, tile.scratch_offset = 1024 : i64}
// APART: tile.convert_layout %{{.*}} {tile.scratch_offset = 8192 : i64}
// CHECK-LABEL: func.func @scratch(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: tile.convert_layout %{{.*}} {tile.scratch_offset = 4096 : i64}
// CHECK: tile.local_load
// CHECK: tile.reduce sum %{{.*}} {axis = 1 : i32, tile.scratch_offset = 0 : i64}
// CHECK: tile.reduce sum %{{.*}} {axis = 0 : i32} :
// CHECK: tile.reduce max %{{.*}} {axis = 1 : i32, tile.scratch_offset = 1024 : i64}
// CHECK: tile.convert_layout %{{.*}} {tile.scratch_offset = 0 : i64}
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
module attributes {tile.num_warps = 4 : i32} {
func.func @scratch(%x: tensor<64x32xf16, #blocked>, %y: tensor<32x32xf32, #rows>, %z: tensor<64x64xf32, #rows>)
    -> (tensor<64x32xf16, #blocked>, tensor<32x32xf32, #cols>, tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>,
        tensor<64xf32, #tile.slice<dim = 0, parent = #rows>>, tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>,
        tensor<32x32xf32, #cols>, tensor<64x32xf16, #blocked>) {
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %c1 = tile.convert_layout %y : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
  %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %r1 = tile.reduce sum %z {axis = 1 : i32} : tensor<64x64xf32, #rows> -> tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>
  %r0 = tile.reduce sum %z {axis = 0 : i32} : tensor<64x64xf32, #rows> -> tensor<64xf32, #tile.slice<dim = 0, parent = #rows>>
  %r2 = tile.reduce max %z {axis = 1 : i32} : tensor<64x64xf32, #rows> -> tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>
  %c2 = tile.convert_layout %y : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
  %b = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %lb = tile.local_load %b : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  return %la, %c1, %r1, %r0, %r2, %c2, %lb : tensor<64x32xf16, #blocked>, tensor<32x32xf32, #cols>, tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>, tensor<64xf32, #tile.slice<dim = 0, parent = #rows>>, tensor<64xf32, #tile.slice<dim = 1, parent = #rows>>, tensor<32x32xf32, #cols>, tensor<64x32xf16, #blocked>
}
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#rows = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// Scratch in a loop: %a, allocated before the loop and read in it after
// both conversions, is alive over the whole loop, so neither conversion
// takes its bytes; the two conversions, each alive during its own op only,
// share theirs (the next iteration's first conversion writes them only
// after a barrier, which tile-insert-barriers places). After the loop, a
// conversion takes %a's bytes.
// CHECK: module attributes {{.*}}tile.shared_bytes = 8192 : i64}
// CHECK-LABEL: func.func @scratch_in_loop(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: scf.for
// CHECK: tile.convert_layout %{{.*}} {tile.scratch_offset = 4096 : i64}
// CHECK: tile.convert_layout %{{.*}} {tile.scratch_offset = 4096 : i64}
// CHECK: tile.local_load
// CHECK: scf.yield
// CHECK: tile.convert_layout %{{.*}} {tile.scratch_offset = 0 : i64}
module attributes {tile.num_warps = 4 : i32} {
func.func @scratch_in_loop(%x: tensor<64x32xf16, #blocked>, %y: tensor<32x32xf32, #rows>, %n: index) -> (tensor<32x32xf32, #rows>, tensor<32x32xf32, #cols>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> (tensor<32x32xf32, #rows>) {
    %t = tile.convert_layout %acc : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
    %u = tile.convert_layout %t : tensor<32x32xf32, #cols> -> tensor<32x32xf32, #rows>
    %la = tile.local_load %a : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    scf.yield %u : tensor<32x32xf32, #rows>
  }
  %after = tile.convert_layout %r : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
  return %r, %after : tensor<32x32xf32, #rows>, tensor<32x32xf32, #cols>
}
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// An FMA product keeps its factors in scratch, rows padded by 8 elements:
// A 32 x (16 + 8) x 4 bytes, then B 16 x (32 + 8) x 4 bytes. A product on
// the tensor cores needs none.
// CHECK: module attributes {{.*}}tile.shared_bytes = 5632 : i64}
// CHECK-LABEL: func.func @fma_dot(
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {tile.scratch_offset = 0 : i64}
// CHECK-LABEL: func.func @mma_dot(
// CHECK-NOT: tile.scratch_offset
// CHECK: return
module attributes {tile.num_warps = 4 : i32} {
func.func @fma_dot(%a: tensor<32x16xf32, #b>, %b: tensor<16x32xf32, #b>, %c: tensor<32x32xf32, #b>) -> tensor<32x32xf32, #b> {
  %d = tile.dot %a, %b, %c : tensor<32x16xf32, #b>, tensor<16x32xf32, #b> -> tensor<32x32xf32, #b>
  return %d : tensor<32x32xf32, #b>
}
func.func @mma_dot(%a: tensor<64x32xf16, #dotA>, %b: tensor<32x64xf16, #dotB>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
  return %d : tensor<64x64xf32, #mma>
}
}

// -----

// Buffers that wgmma reads (#tile.nvmma_shared) start at multiples of 1024
// bytes, the size of the swizzle pattern; others still at 16. An 8-byte
// buffer at 0, then a 512-byte nvmma buffer at 1024 (not 16); a swizzled
// buffer right after it at 1536; a stack of three nvmma buffers at 6144
// (the swizzled one ends at 5632); another 8-byte buffer in the gap at 16;
// the second factor after the stack, at 12288. The stack is live across
// the tile.warpgroup_dot that reads one of its stages.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#tiny = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#nv32 = #tile.nvmma_shared<swizzle = 32, elementBits = 16, transposed = false>
#nv64 = #tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>
#nv128 = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#wgmma = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK: module attributes {{.*}}tile.shared_bytes = 14336 : i64}
// CHECK-LABEL: func.func @nvmma(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64} -> !tile.memdesc<2x2xf16
// CHECK: tile.local_alloc %{{.*}} {offset = 1024 : i64} -> !tile.memdesc<16x16xf16
// CHECK: tile.local_alloc %{{.*}} {offset = 1536 : i64} -> !tile.memdesc<64x32xf16
// CHECK: tile.local_alloc {offset = 6144 : i64} -> !tile.memdesc<3x64x16xf16
// CHECK: tile.local_alloc %{{.*}} {offset = 16 : i64} -> !tile.memdesc<2x2xf16
// CHECK: tile.local_alloc %{{.*}} {offset = 12288 : i64} -> !tile.memdesc<16x64xf16
module attributes {tile.num_warps = 4 : i32} {
func.func @nvmma(%y: tensor<2x2xf16, #blocked>, %x: tensor<64x32xf16, #blocked>, %s: tensor<16x16xf16, #blocked>, %b: tensor<16x64xf16, #blocked>, %acc: tensor<64x64xf32, #wgmma>, %i: i32) -> (tensor<2x2xf16, #blocked>, tensor<2x2xf16, #blocked>, tensor<64x32xf16, #blocked>, tensor<64x64xf32, #wgmma>, tensor<16x16xf16, #blocked>) {
  %t = tile.local_alloc %y : tensor<2x2xf16, #blocked> -> !tile.memdesc<2x2xf16, #tiny>
  %n = tile.local_alloc %s : tensor<16x16xf16, #blocked> -> !tile.memdesc<16x16xf16, #nv32>
  %w = tile.local_alloc %x : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
  %stack = tile.local_alloc -> !tile.memdesc<3x64x16xf16, #nv32>
  %a = tile.memdesc_subview %stack[%i] : !tile.memdesc<3x64x16xf16, #nv32> -> !tile.memdesc<64x16xf16, #nv32>
  %t2 = tile.local_alloc %y : tensor<2x2xf16, #blocked> -> !tile.memdesc<2x2xf16, #tiny>
  %mb = tile.local_alloc %b : tensor<16x64xf16, #blocked> -> !tile.memdesc<16x64xf16, #nv128>
  %d = tile.warpgroup_dot %a, %mb, %acc : !tile.memdesc<64x16xf16, #nv32>, !tile.memdesc<16x64xf16, #nv128> -> tensor<64x64xf32, #wgmma>
  %lt2 = tile.local_load %t2 : !tile.memdesc<2x2xf16, #tiny> -> tensor<2x2xf16, #blocked>
  %lt = tile.local_load %t : !tile.memdesc<2x2xf16, #tiny> -> tensor<2x2xf16, #blocked>
  %lw = tile.local_load %w : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  %ln = tile.local_load %n : !tile.memdesc<16x16xf16, #nv32> -> tensor<16x16xf16, #blocked>
  return %lt, %lt2, %lw, %d, %ln : tensor<2x2xf16, #blocked>, tensor<2x2xf16, #blocked>, tensor<64x32xf16, #blocked>, tensor<64x64xf32, #wgmma>, tensor<16x16xf16, #blocked>
}
}

// -----

// Nothing in shared memory.
// CHECK: module attributes {{.*}}tile.shared_bytes = 0 : i64}
// CHECK-LABEL: func.func @none(
module attributes {tile.num_warps = 4 : i32} {
func.func @none(%x: tensor<64xf32>) -> tensor<64xf32> {
  return %x : tensor<64xf32>
}
}

// -----

// A buffer read only through its transposed view lives until the view's
// last reader: the second buffer, allocated before that read, does not
// take its bytes.
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#nv = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>
#nvT = #tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = true>
#wg = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-LABEL: func.func @through_trans(
// CHECK: tile.local_alloc %{{.*}} {offset = 0 : i64}
// CHECK: tile.local_alloc %{{.*}} {offset = 8192 : i64}
module attributes {tile.num_warps = 4 : i32} {
func.func @through_trans(%x: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #wg>) -> tensor<64x64xf32, #wg> {
  %k = tile.local_alloc %x : tensor<64x64xf16, #blocked> -> !tile.memdesc<64x64xf16, #nv>
  %kt = tile.memdesc_trans %k : !tile.memdesc<64x64xf16, #nv> -> !tile.memdesc<64x64xf16, #nvT>
  %q = tile.local_alloc %x : tensor<64x64xf16, #blocked> -> !tile.memdesc<64x64xf16, #nv>
  %d = tile.warpgroup_dot %q, %kt, %acc : !tile.memdesc<64x64xf16, #nv>, !tile.memdesc<64x64xf16, #nvT> -> tensor<64x64xf32, #wg>
  return %d : tensor<64x64xf32, #wg>
}
}
