# tl.dot of fp8 blocks (float8e4nv, float8e5, or one of each): both factors
# widen to fp16, which holds every fp8 value exactly, and multiply on the
# fp16 path (wgmma on sm_90a), accumulating in fp32: the products are exact.
# One fp8 factor with another type is an error. The PTX assembles.
# RUN: tilec %s --kernel mm --signature '*fp8e4nv:16,*fp8e5:16,*fp32:16,i32:16,64,64,64' --emit tile | FileCheck %s --check-prefix=TILE
# RUN: tilec %s --kernel mm --signature '*fp8e4nv:16,*fp8e4nv:16,*fp32:16,i32:16,64,64,64' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: not tilec %s --kernel mm --signature '*fp8e4nv:16,*fp16:16,*fp32:16,i32:16,64,64,64' 2>&1 | FileCheck %s --check-prefix=MIXED

import triton
import triton.language as tl


# TILE-LABEL: func.func @mm
# TILE: %[[A:.*]] = arith.extf %{{.*}} : tensor<64x64xf8E4M3FN> to tensor<64x64xf16>
# TILE: %[[B:.*]] = arith.extf %{{.*}} : tensor<64x64xf8E5M2> to tensor<64x64xf16>
# TILE: tile.dot %[[A]], %[[B]], %{{.*}} : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
# PTX: cvt.rn.f16x2.e4m3x2
# PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# MIXED: dot_fp8.py:[[@LINE+11]]:16: error: tl.dot() operands must have one element type, got fp8e4nv and fp16
@triton.jit
def mm(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr,
       BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)
