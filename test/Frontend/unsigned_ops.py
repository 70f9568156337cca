# Integer operators on unsigned values, as Triton computes them: `>>`
# shifts as its left operand is signed (Triton's __rshift__; for a Python
# number on the left, as the right one is), in the promoted type; `-x` is
# `0 - x` in x's type and `~x` is x ^ all-ones, both unsigned for unsigned
# x; tl.cdiv is (x + d - 1) // d in the promoted type; tl.umulhi is the
# high half of the unsigned product (32- or 64-bit) in the operands'
# promoted type; `/` of an unsigned block converts it with uitofp.
# RUN: tilec %s --kernel shifts --signature '*u32:16,*i32:16,*u8:16,128' --emit tile | FileCheck %s --check-prefix=SHIFTS
# RUN: tilec %s --kernel unary --signature '*u32:16,*u64:16,128' --emit tile | FileCheck %s --check-prefix=UNARY
# RUN: tilec %s --kernel cdiv_umulhi --signature '*u32:16,*u64:16,*i32:16,128' --emit tile | FileCheck %s --check-prefix=CDIV
# RUN: tilec %s --kernel cdiv_umulhi --signature '*u32:16,*u64:16,*i32:16,128' -o %t.ptx
# RUN: FileCheck %s --check-prefix=CDIVPTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl


# u32 >> i32: logical; i32 >> u32: arithmetic (the left operand is signed)
# but in uint32, so the result divides unsigned; 2**31 >> x_i32 (a Python
# number on the left) follows x: arithmetic; 7 >> x_u32: logical; u8 >> 2
# logical on i8.
# SHIFTS-LABEL: func.func @shifts
# SHIFTS: arith.shrui %{{.*}} : tensor<128xi32>
# SHIFTS: arith.shrsi %{{.*}} : tensor<128xi32>
# SHIFTS: arith.divui %{{.*}} : tensor<128xi32>
# SHIFTS: arith.shrsi %{{.*}} : tensor<128xi32>
# SHIFTS: arith.shrui %{{.*}} : tensor<128xi32>
# SHIFTS: arith.shrui %{{.*}} : tensor<128xi8>
@triton.jit
def shifts(u32_ptr, i32_ptr, u8_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    d = tl.load(i32_ptr + offs)
    a = tl.load(u8_ptr + offs)
    tl.store(u32_ptr + offs, c >> d)
    tl.store(u32_ptr + offs, (d >> c) // 3)
    tl.store(i32_ptr + offs, -8 >> d)
    tl.store(u32_ptr + offs, 7 >> c)
    tl.store(u8_ptr + offs, a >> 2)


# -x and ~x of u32 and u64 stay unsigned (`// 3` divides unsigned); ~x is
# no range error (Triton xors with all-ones of x's type).
# UNARY-LABEL: func.func @unary
# UNARY: arith.subi %{{.*}} : tensor<128xi32>
# UNARY: arith.divui %{{.*}} : tensor<128xi32>
# UNARY: arith.xori %{{.*}} : tensor<128xi32>
# UNARY: arith.divui %{{.*}} : tensor<128xi32>
# UNARY: arith.xori %{{.*}} : tensor<128xi64>
# UNARY: arith.divui %{{.*}} : tensor<128xi64>
@triton.jit
def unary(u32_ptr, u64_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    e = tl.load(u64_ptr + offs)
    tl.store(u32_ptr + offs, (-c) // 3)
    tl.store(u32_ptr + offs, (~c) // 3)
    tl.store(u64_ptr + offs, (~e) // 3)


# tl.cdiv of u32 by 7: unsigned; tl.umulhi of u32 operands is a uint32
# (`>> 1` logical), of i32 ones an int32 (`>> 1` arithmetic), of u64 ones
# the high half of the 128-bit product (mul.hi.u64); `/` converts u32 with
# uitofp.
# CDIV-LABEL: func.func @cdiv_umulhi
# CDIV: arith.divui %{{.*}} : tensor<128xi32>
# CDIV: arith.muli %{{.*}} : tensor<128xi64>
# CDIV: arith.trunci %{{.*}} : tensor<128xi64> to tensor<128xi32>
# CDIV: arith.shrui %{{.*}} : tensor<128xi32>
# CDIV: arith.shrsi %{{.*}} : tensor<128xi32>
# CDIV: arith.extui %{{.*}} : tensor<128xi64> to tensor<128xi128>
# CDIV: arith.uitofp %{{.*}} : tensor<128xi32> to tensor<128xf32>
# CDIVPTX: mul.hi.u32
# CDIVPTX: mul.hi.u64
@triton.jit
def cdiv_umulhi(u32_ptr, u64_ptr, i32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    e = tl.load(u64_ptr + offs)
    d = tl.load(i32_ptr + offs)
    tl.store(u32_ptr + offs, tl.cdiv(c, 7))
    h = tl.umulhi(c, c)
    tl.static_assert(h.dtype == tl.uint32)
    tl.store(u32_ptr + offs, h >> 1)
    tl.store(i32_ptr + offs, tl.umulhi(d, d) >> 1)
    tl.store(u64_ptr + offs, tl.umulhi(e, e))
    tl.store(i32_ptr + offs, (c / 2).to(tl.int32))
