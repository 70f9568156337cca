# tl.cumsum / tl.cumprod become tile.scan (tl.cumsum of narrow integers
# accumulates in i32); tl.argmax / tl.argmin and tl.max(..., return_indices=True) are the
# extreme then the first index holding it. The scan lowering walks the
# axis bits: registers, lanes (shuffles), warps (scratch and barriers).
# RUN: tilec %s --kernel scans --signature '*fp32:16,*fp32:16,*i32:16,*i8:16,1024' --emit tile | FileCheck %s
# RUN: tilec %s --kernel scans --signature '*fp32:16,*fp32:16,*i32:16,*i8:16,1024' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel bool_sums --signature '*i32:16,*i32:16' --emit tile | FileCheck %s --check-prefix=BOOLS
# RUN: tilec %s --kernel bool_sums --signature '*i32:16,*i32:16' -o %t-bools.ptx
# RUN: not tilec %s --kernel scan_scalar --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: not tilec %s --kernel bad_axis --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=AXIS
# RUN: not tilec %s --kernel argmax_no_axis --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOAXIS

import triton
import triton.language as tl


# CHECK-LABEL: func.func @scans
# CHECK: tile.scan sum %{{.*}} {axis = 0 : i32} : tensor<1024xf32>
# CHECK: tile.scan prod %{{.*}} {axis = 0 : i32, reverse} : tensor<1024xf32>
# CHECK: arith.extsi %{{.*}} : tensor<1024xi8> to tensor<1024xi32>
# CHECK: tile.scan sum %{{.*}} {axis = 0 : i32} : tensor<1024xi32>
# argmax: the maximum, kept as a dimension, then the smallest index equal
# to it (a NaN maximum matches everywhere).
# CHECK: %[[MAX:.*]] = tile.reduce max
# CHECK: arith.cmpf oeq
# CHECK: arith.cmpf une
# CHECK: arith.select
# CHECK: tile.reduce min
# 1024 elements over 128 threads: 8 registers, 32 lanes, 4 warps.
# PTX: shfl.sync.bfly.b32
# PTX: bar.sync 0;
@triton.jit
def scans(x_ptr, y_ptr, i_ptr, b_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.cumsum(x, 0) + tl.cumprod(x, axis=0, reverse=True)
    tl.store(y_ptr + offs, y)
    b = tl.load(b_ptr + offs)
    m, i = tl.max(x, 0, return_indices=True)
    tl.store(i_ptr + offs, tl.cumsum(b) + tl.argmax(x, 0) + x.argmin(0) + i)


@triton.jit
def scan_scalar(x_ptr):
    # SCALAR: scans.py:[[@LINE+1]]:19: error: tl.cumsum() needs a block, got fp32
    y = tl.cumsum(tl.load(x_ptr))


@triton.jit
def bad_axis(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # AXIS: scans.py:[[@LINE+1]]:23: error: tl.cumprod(): axis 1 is out of range for a block of rank 1
    y = tl.cumprod(x, 1)


@triton.jit
def argmax_no_axis(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # NOAXIS: scans.py:[[@LINE+1]]:9: error: tl.argmax() needs an axis
    y = tl.argmax(x)


# dtype=tl.int1 adds as Triton's int1 add does, modulo 2: the scan runs in
# i32 on the bools (x != 0) and keeps the low bit (tile.scan takes no i1);
# tl.sum reduces in i1.
@triton.jit
def bool_sums(x_ptr, o_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    tl.store(o_ptr + tl.arange(0, 128), tl.cumsum(x, axis=0, dtype=tl.int1).to(tl.int32))
    tl.store(o_ptr, tl.sum(x, axis=0, dtype=tl.int1).to(tl.int32))
# BOOLS-LABEL: func.func @bool_sums
# BOOLS: %[[B:.*]] = arith.cmpi ne
# BOOLS: %[[W:.*]] = arith.extui %[[B]] : tensor<128xi1> to tensor<128xi32>
# BOOLS: %[[S:.*]] = tile.scan sum %[[W]] {axis = 0 : i32} : tensor<128xi32>
# BOOLS: arith.trunci %[[S]] : tensor<128xi32> to tensor<128xi1>
# BOOLS: tile.reduce sum %{{.*}} {axis = 0 : i32} : tensor<128xi1> -> i1
