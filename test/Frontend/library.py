# Triton's library functions built from others (Library.cpp, Random.cpp):
# tl.swizzle2d is its integer arithmetic (truncating // and % as Triton's),
# tl.ravel a reshape to one dimension, tl.softmax a max, exp, sum and
# division along dim, tl.broadcast both operands at their common shape,
# tl.assume an llvm.intr.assume of a scalar condition (a block's is
# dropped), tl.philox the rounds on four counters. Wrong inputs are located
# errors.
# RUN: tilec %s --kernel grouped --signature '*i32:16,i32,i32,8' --emit tile | FileCheck %s --check-prefix=SWIZZLE
# RUN: tilec %s --kernel shapes --signature '*fp32:16,*fp32:16,*i32:16,16' --emit tile | FileCheck %s --check-prefix=SHAPES
# RUN: tilec %s --kernel words --signature '*i32:16,i32,64' --emit tile | FileCheck %s --check-prefix=WORDS
# RUN: tilec %s --kernel grouped --signature '*i32:16,i32,i32,8' -o %t.grouped.ptx
# RUN: tilec %s --kernel shapes --signature '*fp32:16,*fp32:16,*i32:16,16' -o %t.shapes.ptx
# RUN: tilec %s --kernel words --signature '*i32:16,i32,64' -o %t.words.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.grouped.ptx -o %t.1.cubin && %ptxas -arch=sm_90a %t.shapes.ptx -o %t.2.cubin && %ptxas -arch=sm_90a %t.words.ptx -o %t.3.cubin %}
# RUN: not tilec %s --kernel assume_false --signature '*i32:16' 2>&1 | FileCheck %s --check-prefix=FALSE
# RUN: not tilec %s --kernel assume_pointer --signature '*i32:16' 2>&1 | FileCheck %s --check-prefix=POINTER
# RUN: not tilec %s --kernel wide_counters --signature '*i32:16,i64' 2>&1 | FileCheck %s --check-prefix=WIDE
# RUN: not tilec %s --kernel float_words --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=FLOATWORDS
# RUN: not tilec %s --kernel half_normals --signature '*fp16:16' 2>&1 | FileCheck %s --check-prefix=HALF

# SWIZZLE-LABEL: func.func @grouped(
# SWIZZLE: %[[PM:.*]] = tile.program_id 0
# SWIZZLE: %[[GE:.*]] = arith.cmpi sge, %[[PM]]
# SWIZZLE-NEXT: llvm.intr.assume %[[GE]] : i1
# SWIZZLE: %[[ROW:.*]] = arith.muli %[[PM]], %arg2
# SWIZZLE-NEXT: %[[IJ:.*]] = arith.addi %[[ROW]]
# SWIZZLE: %[[GS:.*]] = arith.muli %c8{{.*}}, %arg2
# SWIZZLE-NEXT: %[[GROUP:.*]] = arith.divsi %[[IJ]], %[[GS]]
# SWIZZLE: %[[FIRST:.*]] = arith.muli %[[GROUP]], %c8
# SWIZZLE-NEXT: %[[LEFT:.*]] = arith.subi %arg1, %[[FIRST]]
# SWIZZLE: %[[ROWS:.*]] = arith.minsi %[[LEFT]], %c8
# SWIZZLE-NEXT: %[[WITHIN:.*]] = arith.remsi %[[IJ]], %[[GS]]
# SWIZZLE-NEXT: %[[R:.*]] = arith.remsi %[[WITHIN]], %[[ROWS]]
# SWIZZLE-NEXT: %[[NEWI:.*]] = arith.addi %[[FIRST]], %[[R]]
# SWIZZLE-NEXT: %[[NEWJ:.*]] = arith.divsi %[[WITHIN]], %[[ROWS]]
# SWIZZLE: tile.store {{.*}}, %[[NEWI]]
# SWIZZLE: tile.store {{.*}}, %[[NEWJ]]

# SHAPES-LABEL: func.func @shapes(
# SHAPES: tile.reshape {{.*}} : tensor<16x16xf32> -> tensor<256xf32>
# SHAPES: tile.reduce max {{.*}} {axis = 1 : i32}
# SHAPES: tile.expand_dims
# SHAPES: arith.subf
# SHAPES: math.exp
# SHAPES: tile.reduce sum {{.*}} {axis = 1 : i32}
# SHAPES: arith.divf
# SHAPES-NOT: llvm.intr.assume
# SHAPES: tile.broadcast {{.*}} : tensor<16x1xi32> -> tensor<16x16xi32>
# SHAPES: tile.broadcast {{.*}} : tensor<1x16xi32> -> tensor<16x16xi32>

# Ten rounds on (offs, 5, 0, 0): the key schedule's constants, the words.
# WORDS-LABEL: func.func @words(
# WORDS-COUNT-10: arith.constant -1640531527 : i32
# WORDS: arith.sitofp {{.*}} : tensor<64xi32> to tensor<64xf32>
# WORDS: math.log
# WORDS: math.cos
# WORDS: math.sin

# FALSE: library.py:[[# @LINE + 44]]:15: error: tl.assume() of a condition that is False
# POINTER: error: tl.assume() needs a condition, got pointer
# WIDE: error: tl.philox(): the counters must be 32-bit integers, got i64 (64-bit counters use Philox 4x64, which is not supported yet)
# FLOATWORDS: error: tl.uint_to_uniform_float() takes 32- or 64-bit integers, got
# HALF: error: tl.pair_uniform_to_normal() takes fp32 values, got

import triton
import triton.language as tl


@triton.jit
def grouped(out_ptr, M, N, GROUP: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    tl.assume(pid_m >= 0)
    i, j = tl.swizzle2d(pid_m, pid_n, M, N, GROUP)
    tl.store(out_ptr + 2 * (pid_m * N + pid_n), i)
    tl.store(out_ptr + 2 * (pid_m * N + pid_n) + 1, j)


@triton.jit
def shapes(x_ptr, y_ptr, s_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)[:, None]
    c = tl.arange(0, BLOCK)[None, :]
    x = tl.load(x_ptr + r * BLOCK + c)
    tl.store(y_ptr + tl.arange(0, BLOCK * BLOCK), x.ravel())
    tl.assume(x > 0)
    tl.store(x_ptr + r * BLOCK + c, tl.softmax(x, dim=1, keep_dims=True))
    rows, cols = tl.broadcast(r, c)
    tl.store(s_ptr + rows * BLOCK + cols, rows + cols)


@triton.jit
def words(out_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    w0, w1, w2, w3 = tl.philox(seed, offs, 5, 0, 0)
    u0 = tl.uint_to_uniform_float(w0)
    z0, z1 = tl.pair_uniform_to_normal(u0, tl.uint_to_uniform_float(w1))
    tl.store(out_ptr + offs, w2 ^ w3)
    tl.store(out_ptr + offs, (z0 + z1).to(tl.int32))


@triton.jit
def assume_false(x_ptr):
    tl.assume(1 > 2)


@triton.jit
def assume_pointer(x_ptr):
    tl.assume(x_ptr)


@triton.jit
def wide_counters(x_ptr, c):
    w0, w1, w2, w3 = tl.philox(7, c, 0, 0, 0)


@triton.jit
def float_words(x_ptr):
    tl.store(x_ptr, tl.uint_to_uniform_float(tl.load(x_ptr)))


@triton.jit
def half_normals(x_ptr):
    x = tl.load(x_ptr)
    a, b = tl.pair_uniform_to_normal(x, x)
