# tl.randint4x/tl.rand/tl.randn and tl.umulhi become arith ops: Philox 4x32
# rounds (umulhi as a 64-bit product's high half, which NVPTX selects as
# mul.hi.u32; from the second round on tilec's NVPTX peepholes take both
# halves of each product from that one 64-bit multiply, mul.wide.u32, see
# test/tilec/wide-multiply-ptx.py), the key from the seed
# widened by its signedness (test/Frontend/unsigned_random.py), the word to
# float conversion Triton uses. Errors are located.
# RUN: tilec %s --kernel words --signature '*i32:16,i32,i64,2,128' --emit tile | FileCheck %s --check-prefix=WORDS
# RUN: tilec %s --kernel uniform --signature '*fp32:16,i32' --emit tile | FileCheck %s --check-prefix=UNIFORM
# RUN: tilec %s --kernel uniform --signature '*fp32:16,i32' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: not tilec %s --kernel block_seed --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=BSEED
# RUN: not tilec %s --kernel wide_offsets --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=WIDE
# RUN: not tilec %s --kernel float_offsets --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=FOFF
# RUN: not tilec %s --kernel too_many_rounds --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=NROUNDS
# RUN: not tilec %s --kernel umulhi_float --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=UMULHI

import triton
import triton.language as tl


# Two rounds on an i64 seed: its halves are the key; each round has two
# umulhi (the first round's umulhi of c2 = 0 is still emitted) and adds
# the key constants 0x9E3779B9 and 0xBB67AE85.
# WORDS-LABEL: func.func @words
# WORDS: %[[LO:.*]] = arith.trunci %arg2 : i64 to i32
# WORDS: arith.shrui %arg2, %{{.*}} : i64
# WORDS: %[[HI:.*]] = arith.trunci %{{.*}} : i64 to i32
# WORDS-COUNT-4: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
# WORDS: arith.constant -1640531527 : i32
# WORDS: arith.constant -1150833019 : i32
@triton.jit
def words(out_ptr, n, seed, ROUNDS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b, c, d = tl.randint4x(seed, offs, ROUNDS)
    tl.store(out_ptr + offs, a ^ b ^ c ^ d ^ tl.umulhi(offs, n))


# An i32 seed is widened with its sign; the word is folded (x < 0 ? ~x : x)
# and scaled by 4.6566127342e-10 in fp32.
# UNIFORM-LABEL: func.func @uniform
# UNIFORM: arith.extsi %arg1 : i32 to i64
# UNIFORM: arith.cmpi slt
# UNIFORM: arith.select
# UNIFORM: arith.sitofp %{{.*}} : tensor<1024xi32> to tensor<1024xf32>
# UNIFORM: arith.constant dense<4.6566126E-10> : tensor<1024xf32>
# The first round: the offsets' high products alone, their low products as
# one multiply plus constants; the later rounds: one mul.wide.u32 for both.
# PTX: mul.hi.u32
# PTX: mul.lo.s32
# PTX-NOT: mul.lo.s32
# PTX: mul.wide.u32
@triton.jit
def uniform(out_ptr, seed):
    offs = tl.arange(0, 1024)
    tl.store(out_ptr + offs, tl.rand(seed, offs))


@triton.jit
def block_seed(out_ptr):
    offs = tl.arange(0, 16)
    # BSEED: random.py:[[@LINE+1]]:38: error: tl.rand(): the seed must be an integer scalar, got block<16xi32>
    tl.store(out_ptr + offs, tl.rand(offs, offs))


@triton.jit
def wide_offsets(out_ptr, seed):
    offs = tl.arange(0, 16).to(tl.int64)
    # WIDE: random.py:[[@LINE+1]]:45: error: tl.randn(): offsets must be 32-bit integers, got block<16xi64> (64-bit offsets use Philox 4x64, which is not supported yet)
    tl.store(out_ptr + offs, tl.randn(seed, offs))


@triton.jit
def float_offsets(out_ptr, seed):
    offs = tl.arange(0, 16)
    # FOFF: random.py:[[@LINE+1]]:47: error: tl.randint(): offsets must be integers, got block<16xfp32>
    tl.store(out_ptr + offs, tl.randint(seed, offs * 1.0))


@triton.jit
def too_many_rounds(out_ptr, seed):
    offs = tl.arange(0, 16)
    # NROUNDS: random.py:[[@LINE+1]]:50: error: tl.rand(): n_rounds must be between 0 and 64, got 1000
    tl.store(out_ptr + offs, tl.rand(seed, offs, 1000))


@triton.jit
def umulhi_float(out_ptr):
    # UMULHI: random.py:[[@LINE+1]]:9: error: tl.umulhi() takes 32- or 64-bit integers, got fp32
    x = tl.umulhi(1.5, 2)
