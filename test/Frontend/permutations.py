# tl.flip, tl.cat, tl.gather, tl.sort, tl.topk. gather is tile.gather
# (result and index share a layout, the source goes through scratch); flip
# is a gather of the reversed range along its dimension; cat is a join, a
# transpose and a reshape (a then b); sort is tile.sort (Triton's bitonic
# network along the last dimension); histogram is tile.histogram (masked
# elements made -1, which no bin counts); topk is a descending sort whose
# groups of k a max reduces to the first. The PTX assembles.
# RUN: tilec %s --kernel flips --signature '*fp32:16,*fp32:16' --emit tile | FileCheck %s --check-prefix=FLIP
# RUN: tilec %s --kernel flips --signature '*fp32:16,*fp32:16' -o %t.flip.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.flip.ptx -o %t.flip.cubin %}
# RUN: tilec %s --kernel cats --signature '*fp32:16,*fp32:16' --emit tile | FileCheck %s --check-prefix=CAT
# RUN: tilec %s --kernel cats --signature '*fp32:16,*fp32:16' -o %t.cat.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.cat.ptx -o %t.cat.cubin %}
# RUN: tilec %s --kernel gathers --signature '*fp32:16,*i64:16,*fp32:16' --emit tile | FileCheck %s --check-prefix=GATHER
# RUN: tilec %s --kernel gathers --signature '*fp32:16,*i64:16,*fp32:16' -o %t.gather.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.gather.ptx -o %t.gather.cubin %}
# RUN: tilec %s --kernel sorts --signature '*fp32:16,*fp32:16,1024' --emit tile | FileCheck %s --check-prefix=SORT
# RUN: tilec %s --kernel sorts --signature '*fp32:16,*fp32:16,1024' -o %t.sort.ptx
# RUN: FileCheck %s --check-prefix=SORTPTX < %t.sort.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sort.ptx -o %t.sort.cubin %}
# RUN: tilec %s --kernel sort_rows --signature '*fp16:16,*fp16:16' -o %t.rows.ptx
# RUN: tilec %s --kernel histograms --signature '*i64:16,*i32:16,i32' --emit tile | FileCheck %s --check-prefix=HIST
# RUN: tilec %s --kernel histograms --signature '*i64:16,*i32:16,i32' -o %t.hist.ptx
# RUN: FileCheck %s --check-prefix=HISTPTX < %t.hist.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.hist.ptx -o %t.hist.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.rows.ptx -o %t.rows.cubin %}

import triton
import triton.language as tl


# FLIP-LABEL: func.func @flips
# The last dimension by default: the index 31 - i along axis 1.
# FLIP: tile.load
# FLIP-NEXT: %[[R:[0-9]+]] = tile.make_range 0, 32 : tensor<32xi32>
# FLIP-NEXT: arith.constant dense<31> : tensor<32xi32>
# FLIP-NEXT: %[[I:[0-9]+]] = arith.subi %{{.*}}, %[[R]] : tensor<32xi32>
# FLIP-NEXT: tile.expand_dims %[[I]] {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
# FLIP: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : tensor<16x32xf32>, tensor<16x32xi32> -> tensor<16x32xf32>
# FLIP: tile.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : tensor<16x32xf32>, tensor<16x32xi32> -> tensor<16x32xf32>
# FLIP: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : tensor<16x32xf32>, tensor<16x32xi32> -> tensor<16x32xf32>
# A dimension of 1 flips to itself.
# FLIP-NOT: tile.gather
@triton.jit
def flips(x_ptr, y_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    x = tl.load(x_ptr + r[:, None] * 32 + c[None, :])
    a = tl.flip(x)
    b = tl.flip(x, 0).flip(dim=-1)
    one = tl.flip(x[None, :, :], 0)
    tl.store(y_ptr + r[:, None] * 32 + c[None, :], a + b + tl.sum(one, 0))


# CAT-LABEL: func.func @cats
# CAT: %[[J:[0-9]+]] = tile.join %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<64x2xf32>
# CAT: %[[T:[0-9]+]] = tile.trans %[[J]], [1, 0] : tensor<64x2xf32> -> tensor<2x64xf32>
# CAT: tile.reshape %[[T]] : tensor<2x64xf32> -> tensor<128xf32>
@triton.jit
def cats(x_ptr, y_ptr):
    o = tl.arange(0, 64)
    a = tl.load(x_ptr + o)
    b = tl.load(x_ptr + 64 + o)
    tl.store(y_ptr + tl.arange(0, 128), tl.cat(a, b, can_reorder=True))


# GATHER-LABEL: func.func @gathers
# GATHER: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : tensor<16x32xf32>, tensor<16x8xi64> -> tensor<16x8xf32>
# GATHER: tile.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : tensor<16x32xf32>, tensor<4x32xi32> -> tensor<4x32xf32>
@triton.jit
def gathers(x_ptr, i_ptr, y_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    k = tl.arange(0, 8)
    x = tl.load(x_ptr + r[:, None] * 32 + c[None, :])
    i = tl.load(i_ptr + r[:, None] * 8 + k[None, :])
    tl.store(y_ptr + r[:, None] * 8 + k[None, :], tl.gather(x, i, 1))
    rows = tl.broadcast_to((tl.arange(0, 4) * 5)[:, None], (4, 32))
    g = x.gather(rows, axis=-2)
    tl.store(y_ptr + 128 + tl.arange(0, 4)[:, None] * 32 + c[None, :], g)


# SORT-LABEL: func.func @sorts
# SORT: tile.sort %[[X:[0-9]+]] : tensor<1024xf32>
# SORT: tile.sort %[[X]] descending : tensor<1024xf32>
# topk: the groups of 8 of the descending sort, the max of each place.
# SORT: %[[D:[0-9]+]] = tile.sort %[[X]] descending : tensor<1024xf32>
# SORT: %[[G:[0-9]+]] = tile.reshape %[[D]] : tensor<1024xf32> -> tensor<128x8xf32>
# SORT: tile.reduce max %[[G]] {axis = 0 : i32} : tensor<128x8xf32> -> tensor<8xf32>
# Across warps, partners meet through shared memory: a barrier pair per
# compare-exchange step along a warp bit.
# SORTPTX: bar.sync
# SORTPTX: setp.gt.f32
@triton.jit
def sorts(x_ptr, y_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(x_ptr + o)
    tl.store(y_ptr + o, tl.sort(x))
    tl.store(y_ptr + N + o, x.sort(descending=True))
    tl.store(y_ptr + 2 * N + tl.arange(0, 8), tl.topk(x, 8))


# Rows of a 2-d fp16 block (compared in fp32).
@triton.jit
def sort_rows(x_ptr, y_ptr):
    r = tl.arange(0, 8)
    c = tl.arange(0, 64)
    offs = r[:, None] * 64 + c[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.sort(x, dim=1, descending=True))
    tl.store(y_ptr + 512 + r[:, None] * 4 + tl.arange(0, 4)[None, :], tl.topk(x, 4, dim=1))


# HIST-LABEL: func.func @histograms
# HIST: %[[M:[0-9]+]] = arith.cmpi slt
# HIST: %[[S:[0-9]+]] = arith.select %{{.*}}, %{{.*}}, %cst{{.*}} : tensor<512xi1>, tensor<512xi64>
# HIST: tile.histogram %[[S]] : tensor<512xi64> -> tensor<32xi32>
# HIST: tile.histogram %{{.*}} : tensor<512xi64> -> tensor<8xi32>
# Counts go to shared memory with atomic adds.
# HISTPTX: atom.shared.add.u32
@triton.jit
def histograms(x_ptr, h_ptr, n):
    offs = tl.arange(0, 512)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + tl.arange(0, 32), tl.histogram(x, 32, mask=offs < n))
    tl.store(h_ptr + 32 + tl.arange(0, 8), x.histogram(8))
