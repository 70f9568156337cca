# Reductions, scans and friends of unsigned integers, as Triton's
# standard.py defines them: tl.sum and tl.cumsum of integers narrower than
# 32 bits accumulate in uint32 when unsigned (bools too, tl.int1 being one
# of Triton's unsigned types) and int32 otherwise; tl.max and tl.min
# (without return_indices) reduce them as int32; tl.argmax/argmin, sorts
# and u32/u64 extremes order as unsigned; tl.cumprod keeps the type.
# RUN: tilec %s --kernel sums --signature '*u8:16,*i1:16,*u32:16,*i64:16,64' --emit tile | FileCheck %s --check-prefix=SUMS
# RUN: tilec %s --kernel sums --signature '*u8:16,*i1:16,*u32:16,*i64:16,64' -o %t.sums.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sums.ptx -o %t.sums.cubin %}
# RUN: tilec %s --kernel scans --signature '*u16:16,*u8:16,*u32:16,64' --emit tile | FileCheck %s --check-prefix=SCANS
# RUN: tilec %s --kernel scans --signature '*u16:16,*u8:16,*u32:16,64' -o %t.scans.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.scans.ptx -o %t.scans.cubin %}
# RUN: tilec %s --kernel extremes --signature '*u8:16,*u64:16,*i32:16,64' --emit tile | FileCheck %s --check-prefix=EXTREMES
# RUN: tilec %s --kernel extremes --signature '*u8:16,*u64:16,*i32:16,64' -o %t.ext.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ext.ptx -o %t.ext.cubin %}
# RUN: tilec %s --kernel pairs --signature '*u32:16,*i32:16,64' --emit tile | FileCheck %s --check-prefix=PAIRS
# RUN: tilec %s --kernel sorts --signature '*u8:16,*i32:16,64' --emit tile | FileCheck %s --check-prefix=SORTS
# RUN: tilec %s --kernel sorts --signature '*u8:16,*i32:16,64' -o %t.sorts.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sorts.ptx -o %t.sorts.cubin %}
# RUN: tilec %s --kernel histogram --signature '*u8:16,*u32:16,*i32:16,256' --emit tile | FileCheck %s --check-prefix=HIST

import triton
import triton.language as tl


# tl.sum of u8 widens with zeros to a uint32 sum, of bools to a uint32
# one; `dtype=tl.int64` of u32 widens with zeros to a signed sum.
# SUMS-LABEL: func.func @sums
# SUMS: arith.extui %{{.*}} : tensor<64xi8> to tensor<64xi32>
# SUMS: tile.reduce sum
# SUMS: arith.divui %{{.*}} : i32
# SUMS: arith.extui %{{.*}} : tensor<64xi1> to tensor<64xi32>
# SUMS: tile.reduce sum
# SUMS: arith.divui %{{.*}} : i32
# SUMS: arith.extui %{{.*}} : tensor<64xi32> to tensor<64xi64>
# SUMS: tile.reduce sum
# SUMS: arith.divsi %{{.*}} : i64
@triton.jit
def sums(u8_ptr, b_ptr, u32_ptr, i64_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    m = tl.load(b_ptr + offs)
    c = tl.load(u32_ptr + offs)
    s = tl.sum(a, 0)
    tl.static_assert(s.dtype == tl.uint32)
    tl.store(u32_ptr, s // 3)
    t = tl.sum(m, 0)
    tl.static_assert(t.dtype == tl.uint32)
    tl.store(u32_ptr + 1, t // 3)
    w = tl.sum(c, 0, dtype=tl.int64)
    tl.static_assert(w.dtype == tl.int64)
    tl.store(i64_ptr, w // 3)


# tl.cumsum of u16 widens with zeros to a uint32 scan; tl.cumprod of u8
# stays u8 (Triton does not widen it); tl.associative_scan's combine_fn
# sees unsigned operands.
# SCANS-LABEL: func.func @scans
# SCANS: arith.extui %{{.*}} : tensor<64xi16> to tensor<64xi32>
# SCANS: tile.scan sum %{{.*}} : tensor<64xi32>
# SCANS: arith.divui %{{.*}} : tensor<64xi32>
# SCANS: tile.scan prod %{{.*}} : tensor<64xi8>
# SCANS: arith.divui %{{.*}} : tensor<64xi8>
# SCANS: tile.combine_scan
# SCANS: arith.maxui
@triton.jit
def _umax(a, b):
    return tl.maximum(a, b)


@triton.jit
def scans(u16_ptr, u8_ptr, u32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    h = tl.load(u16_ptr + offs)
    a = tl.load(u8_ptr + offs)
    c = tl.load(u32_ptr + offs)
    s = tl.cumsum(h, 0)
    tl.static_assert(s.dtype == tl.uint32)
    tl.store(u32_ptr + offs, s // 3)
    p = tl.cumprod(a, 0)
    tl.static_assert(p.dtype == tl.uint8)
    tl.store(u8_ptr + offs, p // 3)
    tl.store(u32_ptr + offs, tl.associative_scan(c, 0, _umax))


# tl.max of u8 widens with zeros and reduces as int32 (an int32 result);
# with return_indices it keeps u8 and orders unsigned (the top bit
# flipped); tl.argmin of u64 orders unsigned; tl.max of u64 is unsigned.
# EXTREMES-LABEL: func.func @extremes
# EXTREMES: arith.extui %{{.*}} : tensor<64xi8> to tensor<64xi32>
# EXTREMES: tile.reduce max %{{.*}} : tensor<64xi32> -> i32
# EXTREMES: arith.xori %{{.*}} : tensor<64xi8>
# EXTREMES: tile.reduce max %{{.*}} : tensor<64xi8> -> i8
# EXTREMES: arith.xori %{{.*}} : tensor<64xi64>
# EXTREMES: tile.reduce min %{{.*}} : tensor<64xi64> -> i64
# EXTREMES: arith.xori %{{.*}} : tensor<64xi64>
# EXTREMES: tile.reduce max %{{.*}} : tensor<64xi64> -> i64
@triton.jit
def extremes(u8_ptr, u64_ptr, i32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    e = tl.load(u64_ptr + offs)
    m = tl.max(a, 0)
    tl.static_assert(m.dtype == tl.int32)
    tl.store(i32_ptr, m + 1)
    v, i = tl.max(a, 0, return_indices=True)
    tl.static_assert(v.dtype == tl.uint8)
    tl.store(u8_ptr, v)
    tl.store(i32_ptr + 1, i + tl.argmin(e, 0))
    tl.store(u64_ptr, tl.max(e, 0))


# tl.reduce of (u32, i32) blocks: each result keeps its operand's
# signedness (the first is unsigned, the second signed: `>> 1` logical,
# then arithmetic).
# PAIRS-LABEL: func.func @pairs
# PAIRS: tile.combine_reduce
# PAIRS: arith.cmpi ugt
# PAIRS: arith.shrui %{{.*}} : i32
# PAIRS: arith.shrsi %{{.*}} : i32
@triton.jit
def _max_with_index(a, i, b, j):
    return tl.where(a > b, a, b), tl.where(a > b, i, j)


@triton.jit
def pairs(u32_ptr, i32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(u32_ptr + offs)
    d = tl.load(i32_ptr + offs)
    m, j = tl.reduce((c, d), 0, _max_with_index)
    tl.store(u32_ptr, m >> 1)
    tl.store(i32_ptr, j >> 1)


# tl.sort of u8 orders unsigned (the top bit flipped, flipped back);
# tl.topk of u8 with k < n is an int32 block, as Triton's tl.max inside it
# widens.
# SORTS-LABEL: func.func @sorts
# SORTS: %[[F:.*]] = arith.xori %{{.*}} : tensor<64xi8>
# SORTS: tile.sort %[[F]]
# SORTS: arith.xori
# SORTS: tile.sort %{{.*}} descending
# SORTS: tile.reduce max
# SORTS: arith.extui %{{.*}} : tensor<8xi8> to tensor<8xi32>
@triton.jit
def sorts(u8_ptr, i32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    tl.store(u8_ptr + offs, tl.sort(a))
    t = tl.topk(a, 8)
    tl.static_assert(t.dtype == tl.int32)
    tl.store(i32_ptr + tl.arange(0, 8), t)


# tl.histogram of u8 reads 200 as 200 (the values widen with zeros before
# the bins are counted); its counts are int32 whatever the input.
# HIST-LABEL: func.func @histogram
# HIST: arith.extui %{{.*}} : tensor<256xi8> to tensor<256xi32>
# HIST: tile.histogram %{{.*}} : tensor<256xi32> -> tensor<256xi32>
# HIST: tile.histogram
# HIST: arith.shrsi
@triton.jit
def histogram(u8_ptr, u32_ptr, i32_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    c = tl.load(u32_ptr + offs)
    tl.store(i32_ptr + offs, tl.histogram(a, 256))
    h = tl.histogram(c, 256)
    tl.static_assert(h.dtype == tl.int32)
    tl.store(i32_ptr + offs, h >> 1)
