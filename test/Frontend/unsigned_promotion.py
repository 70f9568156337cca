# Mixed operands promote as Triton's integer_promote_impl and
# computation_type_impl decide: the wider of one signedness; of an unsigned
# and a signed one the unsigned unless the signed one is wider; a Python
# number takes the other operand's type (and must fit it), while a typed
# constant (an assigned one) converts like a block. Each operand widens by
# its own signedness. Comparisons and tl.minimum/tl.maximum first make a
# Python number a tensor of its own type (int32, or uint32 from 2**31 to
# 2**32 - 1, or int64), as Triton's to_tensor does.
# RUN: tilec %s --kernel mixed --signature '*u8:16,*i32:16,*u32:16,*i64:16,*u64:16,*i8:16,128' --emit tile | FileCheck %s --check-prefix=MIXED
# RUN: tilec %s --kernel typed_constants --signature '*u32:16,*i32:16,128' --emit tile | FileCheck %s --check-prefix=TYPED
# RUN: tilec %s --kernel compare_numbers --signature '*u8:16,*i32:16,*u32:16,*fp16:16,*i32:16,128' --emit tile | FileCheck %s --check-prefix=CMP
# RUN: tilec %s --kernel compare_numbers --signature '*u8:16,*i32:16,*u32:16,*fp16:16,*i32:16,128' -o %t.cmp.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.cmp.ptx -o %t.cmp.cubin %}
# RUN: tilec %s --kernel scalar_compare --signature '*i32,i32' --emit tile | FileCheck %s --check-prefix=SCALARCMP
# RUN: tilec %s --kernel bools --signature '*i1:16,*i1:16,*i32:16,128' --emit tile | FileCheck %s --check-prefix=BOOLS
# RUN: tilec %s --kernel min_max --signature '*u8:16,*u32:16,*u32:16,*i32:16,128' --emit tile | FileCheck %s --check-prefix=MINMAX
# RUN: tilec %s --kernel where --signature '*u8:16,*i32:16,*u32:16,128' --emit tile | FileCheck %s --check-prefix=WHERE
# RUN: tilec %s --kernel pointers --signature '*fp32:16,*u32:16,*u8:16,128' --emit tile | FileCheck %s --check-prefix=PTR

import triton
import triton.language as tl


# u8 + i32: i32 (the u8 widens with zeros); u32 + i32: u32; u32 + i64:
# i64 (the u32 widens with zeros); u64 + i64: u64; i8 + u32: u32 (the i8
# widens with its sign). `// 3` shows the signedness each result has.
# MIXED-LABEL: func.func @mixed
# MIXED: arith.extui %{{.*}} : tensor<128xi8> to tensor<128xi32>
# MIXED: arith.divsi %{{.*}} : tensor<128xi32>
# MIXED: arith.divui %{{.*}} : tensor<128xi32>
# MIXED: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
# MIXED: arith.divsi %{{.*}} : tensor<128xi64>
# MIXED: arith.divui %{{.*}} : tensor<128xi64>
# MIXED: arith.extsi %{{.*}} : tensor<128xi8> to tensor<128xi32>
# MIXED: arith.divui %{{.*}} : tensor<128xi32>
@triton.jit
def mixed(u8_ptr, i32_ptr, u32_ptr, i64_ptr, u64_ptr, i8_ptr,
          BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    b = tl.load(i32_ptr + offs)
    c = tl.load(u32_ptr + offs)
    d = tl.load(i64_ptr + offs)
    e = tl.load(u64_ptr + offs)
    f = tl.load(i8_ptr + offs)
    tl.store(i32_ptr + offs, (a + b) // 3)
    tl.store(u32_ptr + offs, (c + b) // 3)
    tl.store(i64_ptr + offs, (c + d) // 3)
    tl.store(u64_ptr + offs, (e + d) // 3)
    tl.store(u32_ptr + offs, (f + c) // 3)


# Assigned constants are typed, as Triton's assignment makes them tensors:
# `m = -1` is an int32 that converts to uint32 as its bits (no range
# error), `big = 2**31` a uint32 that makes an int32 block's sum unsigned.
# TYPED-LABEL: func.func @typed_constants
# TYPED: arith.constant -1 : i32
# TYPED: arith.constant -2147483648 : i32
# TYPED: arith.addi
# TYPED: arith.divui
# TYPED: arith.addi
# TYPED: arith.divui
@triton.jit
def typed_constants(u_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    u = tl.load(u_ptr + offs)
    i = tl.load(i_ptr + offs)
    m = -1
    big = 2**31
    tl.store(u_ptr + offs, (u + m) // 3)
    tl.store(i_ptr + offs, (i + big) // 3)


# Comparisons: `x_u8 < 256` is an int32 comparison (no range error);
# `x_i32 < 3000000000` a uint32 one; `x_u32 > -1` a uint32 one against
# 0xFFFFFFFF; `x_i32 < 2**40` an int64 one; `x_fp16 < 0.1` an fp32 one.
# CMP-LABEL: func.func @compare_numbers
# CMP: arith.extui %{{.*}} : tensor<128xi8> to tensor<128xi32>
# CMP: arith.cmpi slt, %{{.*}} : tensor<128xi32>
# CMP: arith.cmpi ult, %{{.*}} : tensor<128xi32>
# CMP: arith.constant -1 : i32
# CMP: arith.cmpi ugt, %{{.*}} : tensor<128xi32>
# CMP: arith.extsi %{{.*}} : tensor<128xi32> to tensor<128xi64>
# CMP: arith.cmpi slt, %{{.*}} : tensor<128xi64>
# CMP: arith.extf %{{.*}} : tensor<128xf16> to tensor<128xf32>
# CMP: arith.cmpf olt, %{{.*}} : tensor<128xf32>
@triton.jit
def compare_numbers(u8_ptr, i32_ptr, u32_ptr, f16_ptr, out_ptr,
                    BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    b = tl.load(i32_ptr + offs)
    c = tl.load(u32_ptr + offs)
    h = tl.load(f16_ptr + offs)
    r = (a < 256).to(tl.int32)
    r += (b < 3000000000).to(tl.int32) * 2
    r += (c > -1).to(tl.int32) * 4
    r += (b < 2**40).to(tl.int32) * 8
    r += (h < 0.1).to(tl.int32) * 16
    tl.store(out_ptr + offs, r)


# A runtime int32 scalar against 3000000000: a uint32 comparison (Triton
# compiles it; -1 < 3000000000 is False there).
# SCALARCMP-LABEL: func.func @scalar_compare
# SCALARCMP: arith.cmpi ult, %arg1, %{{.*}} : i32
@triton.jit
def scalar_compare(x_ptr, n):
    if n < 3000000000:
        tl.store(x_ptr, 1)


# tl.int1 is one of Triton's unsigned types: bools order as 0 < 1
# (True < False is False), tl.maximum of bools is an unsigned max, and
# they widen with zeros.
# BOOLS-LABEL: func.func @bools
# BOOLS: arith.cmpi ult, %{{.*}} : tensor<128xi1>
# BOOLS: arith.maxui %{{.*}} : tensor<128xi1>
# BOOLS: arith.extui %{{.*}} : tensor<128xi1> to tensor<128xi32>
@triton.jit
def bools(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    lt = a < b
    mx = tl.maximum(a, b)
    tl.store(out_ptr + offs, lt.to(tl.int32) + (mx + 0))


# tl.maximum(x_u8, 5) is an int32 maximum (5 is an int32 tensor there);
# tl.maximum(x_u32, -1) a uint32 one against 0xFFFFFFFF (no range error);
# min()/max() of two u32 blocks are tl.minimum/tl.maximum, unsigned; of a
# u32 and an i32 block, unsigned too (the unsigned type wins at 32 bits).
# MINMAX-LABEL: func.func @min_max
# MINMAX: arith.extui %{{.*}} : tensor<128xi8> to tensor<128xi32>
# MINMAX: arith.maxsi %{{.*}} : tensor<128xi32>
# MINMAX: arith.constant -1 : i32
# MINMAX: arith.maxui %{{.*}} : tensor<128xi32>
# MINMAX: arith.minui %{{.*}} : tensor<128xi32>
# MINMAX: arith.maxui %{{.*}} : tensor<128xi32>
# MINMAX: arith.minui %{{.*}} : tensor<128xi32>
@triton.jit
def min_max(u8_ptr, u32_ptr, v32_ptr, i32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    c = tl.load(u32_ptr + offs)
    d = tl.load(v32_ptr + offs)
    i = tl.load(i32_ptr + offs)
    tl.store(i32_ptr + offs, tl.maximum(a, 5))
    tl.store(u32_ptr + offs, tl.maximum(c, -1))
    tl.store(v32_ptr + offs, min(c, d) + max(c, d) + tl.minimum(c, i))


# tl.where's operands promote together: u8 and i32 give i32 (the u8
# widens with zeros); u32 and a Python 7 give u32.
# WHERE-LABEL: func.func @where
# WHERE: arith.extui %{{.*}} : tensor<128xi8> to tensor<128xi32>
# WHERE: arith.select
# WHERE: arith.divsi
# WHERE: arith.select
# WHERE: arith.divui
@triton.jit
def where(u8_ptr, i32_ptr, u32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    b = tl.load(i32_ptr + offs)
    c = tl.load(u32_ptr + offs)
    tl.store(i32_ptr + offs, tl.where(b > 0, a, b) // 3)
    tl.store(u32_ptr + offs, tl.where(b > 0, c, 7) // 3)


# Unsigned offsets narrower than 64 bits widen to i64 with zeros, as
# Triton's pointer add does: a u32 offset with bit 31 set counts forward.
# A u8 offset too.
# PTR-LABEL: func.func @pointers
# PTR: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
# PTR: tile.addptr %{{.*}} : tensor<128x!tile.ptr<f32>>, tensor<128xi64>
# PTR: arith.extui %{{.*}} : tensor<128xi8> to tensor<128xi64>
# PTR: tile.addptr %{{.*}} : tensor<128x!tile.ptr<f32>>, tensor<128xi64>
@triton.jit
def pointers(x_ptr, u32_ptr, u8_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    a = tl.load(u8_ptr + offs)
    tl.store(x_ptr + c, 1.0)
    tl.store(x_ptr + a, 2.0)
