# The code a kernel's block ops make is bounded: each op counts its
# elements a thread, and past 262144 in all the kernel is a located error
# (at the op that passes it) instead of minutes in LLVM and ptxas. The
# front end's --max-ops does not see this: 300 unrolled steps are 900 ops
# of tile IR, but 128x128 fp32 blocks on one warp are 512 elements a
# thread each. Fewer steps compile.
# RUN: not tilec %s --kernel unrolled --signature '*fp32:16,16384,300' --num-warps 1 2>&1 | FileCheck %s
# RUN: tilec %s --kernel unrolled --signature '*fp32:16,16384,300' --num-warps 8 --emit llvm-mlir -o %t.mlir
# RUN: tilec %s --kernel unrolled --signature '*fp32:16,16384,20' --num-warps 1 --emit llvm-mlir -o %t2.mlir

import triton
import triton.language as tl


@triton.jit
def unrolled(x_ptr, N: tl.constexpr, STEPS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    for i in tl.static_range(STEPS):
        # CHECK: code_size.py:[[@LINE+1]]:13: error: the kernel passes 262144 block element operations a thread here (at 1 warp), the most tilec compiles: LLVM and ptxas would take minutes (smaller blocks, more warps, or fewer unrolled iterations)
        x = x * 1.0001 + i
    tl.store(x_ptr + offs, x)
