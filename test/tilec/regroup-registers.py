# tl.reshape, tl.join, tl.split and tl.permute move nothing between threads
# when each thread already holds what it needs: tile-assign-layouts derives
# their layouts from their operands' (LayoutRules' Regroup and Trans, with
# #tile.linear where no other attribute spells the result), and the lowering
# renumbers registers. Before, reshape, join and split always went through
# scratch shared memory: the pair swap below took 48 shared accesses and
# barriers, and the halves epilogue at 128x256 needed 262144 bytes of shared
# memory (over sm_90a's 232448), as the EPILOGUE_SUBTILE configs of Triton's
# persistent matmul tutorial did.
#
# RUN: tilec %s --kernel swap_pairs --signature '*fp32:16,*fp32:16,1024' -o %t.pairs.ptx
# RUN: FileCheck %s --check-prefix=PAIRS < %t.pairs.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.pairs.ptx -o %t.pairs.cubin %}
# RUN: tilec %s --kernel magnitudes --signature '*fp32:16,*fp32:16,32,64' -o %t.mag.ptx
# RUN: FileCheck %s --check-prefix=MAG < %t.mag.ptx
# RUN: tilec %S/../gpu/kernels/regroup.py --kernel regroup_magnitudes --signature '*fp32:16,*fp32:16,i32,64,32' -o %t.masked.ptx
# RUN: FileCheck %s --check-prefix=MAG < %t.masked.ptx
# RUN: tilec %s --kernel halves --signature '*fp16:16,*fp16:16,*fp16:16,64,64,32' --emit tile | tile-opt -tile-assign-layouts | FileCheck %s --check-prefix=LAYOUTS
# RUN: tilec %s --kernel halves --signature '*fp16:16,*fp16:16,*fp16:16,128,256,64' --num-warps 8 -o %t.halves.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.halves.ptx -o %t.halves.cubin %}

# PAIRS-NOT: .shared
# PAIRS-NOT: bar.sync
# PAIRS-COUNT-2: ld.global.v4.b32
# PAIRS-NOT: .shared
# PAIRS-COUNT-2: st.global.v4.b32

# A 2-d split (complex numbers stored as (re, im) pairs): 88 shared
# accesses before, none now, and 128-bit loads. With rows masked
# (test/gpu/kernels/regroup.py's regroup_magnitudes), the store
# used to join the load's layout (4 columns a thread over 128), whose lanes
# hold copies over the 64 columns it stores, and took a conversion: a
# store no longer joins a layout with copies when its own has none.
# MAG-NOT: .shared
# MAG-COUNT-8: ld.global.v4.b32
# MAG-NOT: .shared

# LAYOUTS: tile.dot {{.*}} -> tensor<64x64xf32, #wgmma>
# LAYOUTS-NEXT: tile.reshape {{.*}} : tensor<64x64xf32, #wgmma> -> tensor<64x2x32xf32, #tile.linear<shape = [64, 2, 32], register = {{\[\[}}0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 0, 16], [0, 1, 0]],
# LAYOUTS-NEXT: tile.trans {{.*}} -> tensor<64x32x2xf32, #tile.linear<shape = [64, 32, 2], register = {{\[\[}}0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 16, 0], [0, 0, 1]],
# LAYOUTS-NEXT: tile.split {{.*}} -> tensor<64x32xf32, #tile.linear<shape = [64, 32], register = {{\[\[}}0, 1], [8, 0], [0, 8], [0, 16]],

import triton
import triton.language as tl


@triton.jit
def swap_pairs(x_ptr, out_ptr, BLOCK: tl.constexpr):
    # (a, b) -> (2a - b, a + b) on consecutive pairs.
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    a, b = tl.split(tl.reshape(x, (BLOCK // 2, 2)))
    y = tl.reshape(tl.join(a * 2.0 - b, b + a), (BLOCK,))
    tl.store(out_ptr + offs, y)


@triton.jit
def magnitudes(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    # |z|^2 of M x N complex numbers stored as (re, im) pairs.
    rows = tl.arange(0, M)[:, None]
    z = tl.load(x_ptr + rows * 2 * N + tl.arange(0, 2 * N)[None, :])
    re, im = tl.split(tl.reshape(z, (M, N, 2)))
    tl.store(out_ptr + rows * N + tl.arange(0, N)[None, :], re * re + im * im)


@triton.jit
def halves(a_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr,
           BK: tl.constexpr):
    # One product, stored as two column halves.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    acc = tl.dot(a, b)
    acc = tl.permute(tl.reshape(acc, (BM, 2, BN // 2)), (0, 2, 1))
    left, right = tl.split(acc)
    cols = tl.arange(0, BN // 2)
    tl.store(c_ptr + rm[:, None] * BN + cols[None, :], left.to(tl.float16))
    tl.store(c_ptr + rm[:, None] * BN + BN // 2 + cols[None, :],
             right.to(tl.float16))
