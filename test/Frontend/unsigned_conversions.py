# Conversions follow Triton's cast: an integer widens by its source's
# signedness (zeros for unsigned and bool sources, the sign for signed
# ones), narrows by truncation, becomes a float with uitofp when unsigned
# (bools too) and sitofp otherwise, comes from a float with fptoui when the
# destination is unsigned, and becomes a bool as `!= 0`. Stores, load's
# `other`, atomics, tl.full and loops convert the same way.
# RUN: tilec %s --kernel widen --signature '*u8:16,*i8:16,*u32:16,*i32:16,*i64:16,*u64:16,128' --emit tile | FileCheck %s --check-prefix=WIDEN
# RUN: tilec %s --kernel narrow --signature '*u32:16,*u8:16,128' --emit tile | FileCheck %s --check-prefix=NARROW
# RUN: tilec %s --kernel floats --signature '*u32:16,*u64:16,*u8:16,*fp32:16,*fp64:16,*fp16:16,128' --emit tile | FileCheck %s --check-prefix=FLOATS
# RUN: tilec %s --kernel floats --signature '*u32:16,*u64:16,*u8:16,*fp32:16,*fp64:16,*fp16:16,128' -o %t.floats.ptx
# RUN: FileCheck %s --check-prefix=FLOATSPTX < %t.floats.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.floats.ptx -o %t.floats.cubin %}
# RUN: tilec %s --kernel stores --signature '*u32:16,*i32:16,*u64:16,*i64:16,*u16:16,*fp32:16,*u8:16,128' --emit tile | FileCheck %s --check-prefix=STORES
# RUN: tilec %s --kernel loop --signature '*u32:16,u32,128' --emit tile | FileCheck %s --check-prefix=LOOP
# RUN: tilec %s --kernel fills --signature '*u32:16,*i32:16,u8,i8,128' --emit tile | FileCheck %s --check-prefix=FILLS
# RUN: tilec %s --kernel bitcasts --signature '*i32:16,*fp32:16,128' --emit tile | FileCheck %s --check-prefix=BITCAST

import triton
import triton.language as tl


# .to and tl.cast widen by the source's signedness: u8 -> i32 and u32 ->
# u64/i64 with zeros, i8 -> u32 and i32 -> u64 with the sign; the result
# has the destination's signedness (`// 3` shows it).
# WIDEN-LABEL: func.func @widen
# WIDEN: arith.extui %{{.*}} : tensor<128xi8> to tensor<128xi32>
# WIDEN: arith.divsi %{{.*}} : tensor<128xi32>
# WIDEN: arith.extsi %{{.*}} : tensor<128xi8> to tensor<128xi32>
# WIDEN: arith.divui %{{.*}} : tensor<128xi32>
# WIDEN: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
# WIDEN: arith.divui %{{.*}} : tensor<128xi64>
# WIDEN: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
# WIDEN: arith.divsi %{{.*}} : tensor<128xi64>
# WIDEN: arith.extsi %{{.*}} : tensor<128xi32> to tensor<128xi64>
# WIDEN: arith.divui %{{.*}} : tensor<128xi64>
@triton.jit
def widen(u8_ptr, i8_ptr, u32_ptr, i32_ptr, i64_ptr, u64_ptr,
          BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    b = tl.load(i8_ptr + offs)
    c = tl.load(u32_ptr + offs)
    d = tl.load(i32_ptr + offs)
    tl.store(i32_ptr + offs, a.to(tl.int32) // 3)
    tl.store(u32_ptr + offs, tl.cast(b, tl.uint32) // 3)
    tl.store(u64_ptr + offs, c.to(tl.uint64) // 3)
    tl.store(i64_ptr + offs, c.to(tl.int64) // 3)
    tl.store(u64_ptr + offs, d.to(tl.uint64) // 3)


# u32 -> u8 truncates and is unsigned there: `// 3` is an unsigned i8
# division; u32 -> i1 is `!= 0`.
# NARROW-LABEL: func.func @narrow
# NARROW: arith.trunci %{{.*}} : tensor<128xi32> to tensor<128xi8>
# NARROW: arith.divui %{{.*}} : tensor<128xi8>
# NARROW: arith.cmpi ne, %{{.*}} : tensor<128xi32>
@triton.jit
def narrow(u32_ptr, u8_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    tl.store(u8_ptr + offs, c.to(tl.uint8) // 3)
    tl.store(u8_ptr + offs, c.to(tl.int1))


# Integers to floats: uitofp for u32, u64, u8 and bools; floats to
# unsigned integers: fptoui, u64 included.
# FLOATS-LABEL: func.func @floats
# FLOATS: arith.uitofp %{{.*}} : tensor<128xi32> to tensor<128xf32>
# FLOATS: arith.uitofp %{{.*}} : tensor<128xi64> to tensor<128xf64>
# FLOATS: arith.uitofp %{{.*}} : tensor<128xi8> to tensor<128xf16>
# FLOATS: arith.uitofp %{{.*}} : tensor<128xi1> to tensor<128xf32>
# FLOATS: arith.fptoui %{{.*}} : tensor<128xf32> to tensor<128xi32>
# FLOATS: arith.fptoui %{{.*}} : tensor<128xf64> to tensor<128xi64>
# FLOATS: arith.fptoui %{{.*}} : tensor<128xf32> to tensor<128xi8>
# FLOATS-NOT: arith.sitofp
# FLOATS-NOT: arith.fptosi
# FLOATSPTX: cvt.rn.f32.u32
# FLOATSPTX: cvt.rn.f64.u64
# FLOATSPTX: cvt.rzi.u32.f32
# FLOATSPTX: cvt.rzi.u64.f64
@triton.jit
def floats(u32_ptr, u64_ptr, u8_ptr, f32_ptr, f64_ptr, f16_ptr,
           BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    e = tl.load(u64_ptr + offs)
    a = tl.load(u8_ptr + offs)
    f = tl.load(f32_ptr + offs)
    g = tl.load(f64_ptr + offs)
    tl.store(f32_ptr + offs, c.to(tl.float32))
    tl.store(f64_ptr + offs, e.to(tl.float64))
    tl.store(f16_ptr + offs, a.to(tl.float16))
    tl.store(f32_ptr + offs, (c > 5).to(tl.float32))
    tl.store(u32_ptr + offs, f.to(tl.uint32))
    tl.store(u64_ptr + offs, g.to(tl.uint64))
    tl.store(u8_ptr + offs, f.to(tl.uint8))


# A store converts to the pointee's type from the value's signedness: u32
# into *i64 with zeros, i32 into *u64 with the sign, u64 into *u16
# truncated, fp32 into *u64 with fptoui, u8 into *fp32 with uitofp; a
# load's `other` and an atomic's value convert likewise (fptoui into
# *u32 and *u64).
# STORES-LABEL: func.func @stores
# STORES: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
# STORES: arith.extsi %{{.*}} : tensor<128xi32> to tensor<128xi64>
# STORES: arith.trunci %{{.*}} : tensor<128xi64> to tensor<128xi16>
# STORES: arith.fptoui %{{.*}} : tensor<128xf32> to tensor<128xi64>
# STORES: arith.uitofp %{{.*}} : tensor<128xi8> to tensor<128xf32>
# STORES: arith.fptoui %{{.*}} : tensor<128xf32> to tensor<128xi32>
# STORES: tile.load %{{.*}} mask
# STORES: arith.fptoui %{{.*}} : tensor<128xf32> to tensor<128xi64>
# STORES: tile.atomic_rmw add
@triton.jit
def stores(u32_ptr, i32_ptr, u64_ptr, i64_ptr, u16_ptr, f32_ptr, u8_ptr,
           BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    d = tl.load(i32_ptr + offs)
    e = tl.load(u64_ptr + offs)
    f = tl.load(f32_ptr + offs)
    a = tl.load(u8_ptr + offs)
    tl.store(i64_ptr + offs, c)
    tl.store(u64_ptr + offs, d)
    tl.store(u16_ptr + offs, e)
    tl.store(u64_ptr + offs, f)
    tl.store(f32_ptr + offs, a)
    o = tl.load(u32_ptr + offs, mask=offs < 64, other=f)
    tl.store(u32_ptr + offs, o)
    tl.atomic_add(u64_ptr + offs, f)


# A loop carries its initial value's signedness (`>>` stays logical);
# range() over a u32 bound has a uint32 induction variable (Triton's
# integer_promote_impl of int32 0 and uint32 n), so `i // 3` is unsigned.
# LOOP-LABEL: func.func @loop
# LOOP: scf.for
# LOOP: arith.shrui
# LOOP: arith.divui
@triton.jit
def loop(u32_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.load(u32_ptr + offs)
    for i in range(0, n):
        acc = (acc >> 1) + i // 3
    tl.store(u32_ptr + offs, acc)


# tl.full converts its value to the dtype by the value's signedness (a u8
# scalar with zeros, an i8 one with its sign) and is of the dtype's
# signedness; tl.zeros and tl.zeros_like of unsigned dtypes are unsigned.
# FILLS-LABEL: func.func @fills
# FILLS: arith.extui %arg2 : i8 to i32
# FILLS: arith.divsi
# FILLS: arith.extsi %arg3 : i8 to i32
# FILLS: arith.divui
# FILLS: arith.shrui
# FILLS: arith.shrui
@triton.jit
def fills(u32_ptr, i32_ptr, a, b, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    tl.store(i32_ptr + offs, tl.full([BLOCK], a, tl.int32) // 3)
    tl.store(u32_ptr + offs, tl.full([BLOCK], b, tl.uint32) // 3)
    tl.store(u32_ptr + offs, tl.zeros_like(c) >> offs)
    tl.store(u32_ptr + offs, tl.zeros([BLOCK], tl.uint32) >> offs)


# A bitcast to tl.uint32 is unsigned from there on.
# BITCAST-LABEL: func.func @bitcasts
# BITCAST: arith.bitcast %{{.*}} : tensor<128xf32> to tensor<128xi32>
# BITCAST: arith.shrui
@triton.jit
def bitcasts(i32_ptr, f32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    f = tl.load(f32_ptr + offs)
    tl.store(i32_ptr + offs, f.to(tl.uint32, bitcast=True) >> 23)
