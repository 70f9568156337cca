# Wrong uses of tl.flip, tl.cat, tl.gather, tl.sort, tl.topk,
# tl.histogram and tl.device_assert: each a located error naming the
# function.
# RUN: not tilec %s --kernel sort_huge --signature '*fp32' --num-warps 2 2>&1 | FileCheck %s --check-prefix=SORTHUGE
# RUN: not tilec %s --kernel sort_big --signature '*fp32' --num-warps 32 2>&1 | FileCheck %s --check-prefix=SORTBIG
# RUN: not tilec %s --kernel two_sorts --signature '*fp32' --num-warps 4 2>&1 | FileCheck %s --check-prefix=TWOSORTS
# RUN: tilec %s --kernel sort_rows --signature '*fp32' --num-warps 4 -o %t.ptx
# RUN: not tilec %s --kernel flip_scalar --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FLIPSCALAR
# RUN: not tilec %s --kernel flip_dim --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FLIPDIM
# RUN: not tilec %s --kernel cat_order --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CATORDER
# RUN: not tilec %s --kernel cat_2d --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CAT2D
# RUN: not tilec %s --kernel cat_types --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CATTYPES
# RUN: not tilec %s --kernel gather_float --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=GFLOAT
# RUN: not tilec %s --kernel gather_rank --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=GRANK
# RUN: not tilec %s --kernel gather_shape --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=GSHAPE
# RUN: not tilec %s --kernel gather_axis --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=GAXIS
# RUN: not tilec %s --kernel sort_dim --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SORTDIM
# RUN: not tilec %s --kernel sort_pointers --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SORTPTR
# RUN: not tilec %s --kernel sort_runtime --signature '*fp32,i1' 2>&1 | FileCheck %s --check-prefix=SORTRT
# RUN: not tilec %s --kernel topk_k --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=TOPK
# RUN: not tilec %s --kernel assert_message --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MESSAGE
# RUN: not tilec %s --kernel histogram_float --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=HISTFLOAT
# RUN: not tilec %s --kernel histogram_bins --signature '*i32' 2>&1 | FileCheck %s --check-prefix=HISTBINS

import triton
import triton.language as tl


@triton.jit
def flip_scalar(x_ptr):
    # FLIPSCALAR: permutations.py:[[@LINE+1]]:17: error: tl.flip() needs a block, got fp32
    y = tl.flip(tl.load(x_ptr))


@triton.jit
def flip_dim(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # FLIPDIM: permutations.py:[[@LINE+1]]:20: error: tl.flip(): dim 1 is out of range for a block of rank 1
    y = tl.flip(x, 1)


@triton.jit
def cat_order(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # CATORDER: permutations.py:[[@LINE+1]]:9: error: tl.cat() may reorder elements and needs can_reorder=True
    y = tl.cat(x, x)


@triton.jit
def cat_2d(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))[:, None]
    # CAT2D: permutations.py:[[@LINE+1]]:16: error: tl.cat() concatenates 1-d blocks only, got block<16x1xfp32>
    y = tl.cat(x, x, can_reorder=True)


@triton.jit
def cat_types(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # CATTYPES: permutations.py:[[@LINE+1]]:9: error: tl.cat() needs two blocks of one type, got block<16xfp32> and block<16xi32>
    y = tl.cat(x, tl.arange(0, 16), True)


@triton.jit
def gather_float(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # GFLOAT: permutations.py:[[@LINE+1]]:22: error: tl.gather(): the index must be a block of integers, got block<16xfp32>
    y = tl.gather(x, x, 0)


@triton.jit
def gather_rank(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # GRANK: permutations.py:[[@LINE+1]]:9: error: tl.gather(): the source and the index must have the same rank, got block<16xfp32> and block<1x16xi32>
    y = tl.gather(x, tl.arange(0, 16)[None, :], 0)


@triton.jit
def gather_shape(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16)[:, None] + tl.arange(0, 16)[None, :])
    i = tl.zeros((8, 4), dtype=tl.int32)
    # GSHAPE: permutations.py:[[@LINE+1]]:9: error: tl.gather(): the index's dimension 0 (8) must match the source's (16)
    y = tl.gather(x, i, 1)


@triton.jit
def gather_axis(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # GAXIS: permutations.py:[[@LINE+1]]:45: error: tl.gather(): axis -2 is out of range for a block of rank 1
    y = tl.gather(x, tl.arange(0, 16), axis=-2)


@triton.jit
def sort_dim(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16)[:, None] + tl.arange(0, 16)[None, :])
    # SORTDIM: permutations.py:[[@LINE+1]]:24: error: tl.sort() sorts along the last dimension only, got dim 0
    y = tl.sort(x, dim=0)


@triton.jit
def sort_pointers(x_ptr):
    # SORTPTR: permutations.py:[[@LINE+1]]:17: error: tl.sort() of pointers is not supported
    y = tl.sort(x_ptr + tl.arange(0, 16))


@triton.jit
def sort_runtime(x_ptr, desc):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # SORTRT: permutations.py:[[@LINE+1]]:31: error: tl.sort(): descending must be a compile-time bool
    y = tl.sort(x, descending=desc)


@triton.jit
def topk_k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # TOPK: permutations.py:[[@LINE+1]]:20: error: tl.topk(): k must be a power of two of at most 16, got 32
    y = tl.topk(x, 32)


@triton.jit
def assert_message(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # MESSAGE: permutations.py:[[@LINE+1]]:29: error: tl.device_assert(): the message must be a string, got the constant 3
    tl.device_assert(x > 0, 3)


@triton.jit
def histogram_float(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # HISTFLOAT: permutations.py:[[@LINE+1]]:22: error: tl.histogram() needs a 1-d block of integers, got block<16xfp32>
    h = tl.histogram(x, 8)


@triton.jit
def histogram_bins(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # HISTBINS: permutations.py:[[@LINE+1]]:25: error: tl.histogram(): num_bins must be a power of two known at compile time, got the constant 10
    h = tl.histogram(x, 10)


# A sort network is straight-line code: at most 8192 compare-exchanges a
# thread (a 1024x1024 block took minutes on 2 warps, 20 s on 32), so a
# 512x1024 block on 32 warps is refused; 64 rows of 256 on 4 warps (128 a
# thread, 36 steps) are not. A 1024x1024 block on 2 warps is over the limit
# of elements a thread before the sort is looked at.
@triton.jit
def sort_huge(x_ptr):
    # SORTHUGE: permutations.py:[[@LINE+1]]:12: error: a block of 1024x1024 i32 is 16384 elements a thread at 2 warps; tilec takes at most 512 (more warps or a smaller block)
    offs = tl.arange(0, 1024)[:, None] * 1024 + tl.arange(0, 1024)[None, :]
    tl.store(x_ptr + offs, tl.sort(tl.load(x_ptr + offs), dim=1))


# The budget is the kernel's: two sorts of 64x256 on 4 warps (128 a thread,
# 36 steps, 4608 each) are refused together (fuzzing found a pair whose PTX
# took ptxas 55 s).
@triton.jit
def two_sorts(x_ptr):
    offs = tl.arange(0, 64)[:, None] * 256 + tl.arange(0, 256)[None, :]
    x = tl.load(x_ptr + offs)
    # TWOSORTS: permutations.py:[[@LINE+1]]:28: error: this kernel's sorts (tl.sort, tl.topk) take 9216 compare-exchanges a thread together, more than 8192: use more warps or smaller blocks
    tl.store(x_ptr + offs, tl.sort(x, dim=1))
    tl.store(x_ptr + offs, tl.sort(x, dim=1, descending=True))


@triton.jit
def sort_big(x_ptr):
    offs = tl.arange(0, 512)[:, None] * 1024 + tl.arange(0, 1024)[None, :]
    # SORTBIG: permutations.py:[[@LINE+1]]:28: error: this sort (tl.sort, tl.topk) takes 512 elements a thread through 55 steps (28160 compare-exchanges a thread, more than 8192)
    tl.store(x_ptr + offs, tl.sort(tl.load(x_ptr + offs), dim=1))


@triton.jit
def sort_rows(x_ptr):
    offs = tl.arange(0, 64)[:, None] * 256 + tl.arange(0, 256)[None, :]
    tl.store(x_ptr + offs, tl.sort(tl.load(x_ptr + offs), dim=1))
