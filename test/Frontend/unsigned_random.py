# Philox's key is the seed widened to 64 bits as Triton's philox does it,
# `seed.to(tl.uint64)`: a conversion widens by its source's signedness, so
# an unsigned (or bool) seed gains zeros and a signed one its sign. A
# uint32 seed with bit 31 set used to be sign-extended, which gave another
# key's high half and so another dropout mask.
# RUN: tilec %s --kernel seed_u32 --signature '*fp32:16,i32' --emit tile | FileCheck %s --check-prefix=U32
# RUN: tilec %s --kernel seed_u32 --signature '*fp32:16,i32' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,u32' --emit tile | FileCheck %s --check-prefix=ZEXT
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,u16' --emit tile | FileCheck %s --check-prefix=ZEXT
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,u8' --emit tile | FileCheck %s --check-prefix=ZEXT
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,i1' --emit tile | FileCheck %s --check-prefix=ZEXT
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,i32' --emit tile | FileCheck %s --check-prefix=SEXT
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,i16' --emit tile | FileCheck %s --check-prefix=SEXT
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,i8' --emit tile | FileCheck %s --check-prefix=SEXT
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,u64' --emit tile | FileCheck %s --check-prefix=WIDE
# RUN: tilec %s --kernel seed_arg --signature '*i32:16,i64' --emit tile | FileCheck %s --check-prefix=WIDE
# RUN: tilec %s --kernel philox_seed --signature '*i32:16,i32' --emit tile | FileCheck %s --check-prefix=PHILOX
# RUN: tilec %s --kernel number_seed --signature '*i32:16' --emit tile | FileCheck %s --check-prefix=NUMBER
# RUN: tilec %s --kernel uniform_words --signature '*fp32:16,*u32:16,*u64:16' --emit tile | FileCheck %s --check-prefix=UNIFORM

import triton
import triton.language as tl


# The user's dropout: an i32 seed made uint32 (bit 31 may be set) widens
# with zeros.
# U32-LABEL: func.func @seed_u32
# U32-NOT: arith.extsi
# U32: arith.extui %{{.*}} : i32 to i64
# U32-NOT: arith.extsi %{{.*}} : i32 to i64
@triton.jit
def seed_u32(out_ptr, seed):
    offs = tl.arange(0, 128)
    tl.store(out_ptr + offs, tl.rand(seed.to(tl.uint32), offs))


# Seeds of every width and signedness: unsigned and bool ones widen with
# zeros, signed ones with their sign, 64-bit ones are the key as they are.
# ZEXT-LABEL: func.func @seed_arg
# ZEXT: arith.extui %arg1 : i{{[0-9]+}} to i64
# ZEXT-NOT: arith.extsi %arg1
# SEXT-LABEL: func.func @seed_arg
# SEXT: arith.extsi %arg1 : i{{[0-9]+}} to i64
# SEXT-NOT: arith.extui %arg1
# WIDE-LABEL: func.func @seed_arg
# WIDE-NOT: arith.ext{{[su]}}i %arg1
# WIDE: arith.trunci %arg1 : i64 to i32
@triton.jit
def seed_arg(out_ptr, seed):
    offs = tl.arange(0, 128)
    tl.store(out_ptr + offs, tl.randint(seed, offs).to(tl.int32))


# tl.philox takes its seed the same way.
# PHILOX-LABEL: func.func @philox_seed
# PHILOX: arith.extui %{{.*}} : i32 to i64
@triton.jit
def philox_seed(out_ptr, seed):
    offs = tl.arange(0, 128)
    a, b, c, d = tl.philox(seed.to(tl.uint32), offs, offs, offs, offs)
    tl.store(out_ptr + offs, (a ^ b ^ c ^ d).to(tl.int32))


# A Python number seed is typed as Triton's to_tensor types it: 3000000000
# is a uint32 (widened with zeros), -5 an int32 (with its sign).
# NUMBER-LABEL: func.func @number_seed
# NUMBER: arith.constant -1294967296 : i32
# NUMBER: arith.extui %{{.*}} : i32 to i64
# NUMBER: arith.constant -5 : i32
# NUMBER: arith.extsi %{{.*}} : i32 to i64
@triton.jit
def number_seed(out_ptr):
    offs = tl.arange(0, 128)
    tl.store(out_ptr + offs, tl.randint(3000000000, offs))
    tl.store(out_ptr + offs, tl.randint(-5, offs))


# tl.uint_to_uniform_float reads a uint32 or uint64 word as signed, as
# Triton's does (x.to(tl.int32, bitcast=True), negative values folded).
# UNIFORM-LABEL: func.func @uniform_words
# UNIFORM: arith.cmpi slt, %{{.*}} : tensor<128xi32>
# UNIFORM: arith.sitofp %{{.*}} : tensor<128xi32> to tensor<128xf32>
# UNIFORM: arith.cmpi slt, %{{.*}} : tensor<128xi64>
# UNIFORM: arith.sitofp %{{.*}} : tensor<128xi64> to tensor<128xf32>
@triton.jit
def uniform_words(out_ptr, u32_ptr, u64_ptr):
    offs = tl.arange(0, 128)
    c = tl.load(u32_ptr + offs)
    e = tl.load(u64_ptr + offs)
    tl.store(out_ptr + offs, tl.uint_to_uniform_float(c)
             + tl.uint_to_uniform_float(e))
