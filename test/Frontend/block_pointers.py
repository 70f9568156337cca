# tl.make_block_ptr / tl.advance: loads and stores through a block pointer
# become blocks of pointers base + sum_d (offset_d + arange) * stride_d in
# i64, masked by 0 <= index < shape on the boundary_check dimensions, with
# padding_option's value for lanes outside; a loop carries a block pointer
# leaf by leaf (its offsets change). With a unit stride the loads are
# 128-bit vectors; the PTX assembles.
# RUN: tilec %s --kernel scale_rows --signature '*fp32:16,*fp32:16,i32,i32,i32:16,i32:1,32,64' --emit tile | FileCheck %s
# RUN: tilec %s --kernel scale_rows --signature '*fp32:16,*fp32:16,i32,i32,i32:16,i32:1,32,64' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# The fused attention of the GPU tests: block pointers for Q, K^T, V and O
# carried and advanced in its loop, both products on wgmma.
# RUN: tilec %S/../gpu/kernels/attention.py --kernel attention_fwd --signature '*fp16:16,*fp16:16,*fp16:16,*fp16:16,fp32,i32,i32:16,i32:16,64,128,64,True' --num-warps 8 -o %t.attn.ptx
# RUN: FileCheck %s --check-prefix=ATTN < %t.attn.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.attn.ptx -o %t.attn.cubin %}
# ATTN-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# RUN: tilec %s --kernel nan_padding --signature '*fp16:16,*fp16:16,i32' --emit tile | FileCheck %s --check-prefix=NAN

import triton
import triton.language as tl


# CHECK-LABEL: func.func @scale_rows
# The loop carries both block pointers leaf by leaf: base, shape, strides,
# offsets (canonicalization drops the leaves it does not change).
# CHECK: scf.for {{.*}} -> (!tile.ptr<f32>, i64, i64, i64, i64, i32, i32, !tile.ptr<f32>, i64, i64, i64, i64, i32, i32)
# Row addresses: offset * stride (a scalar multiply) + arange * stride, in
# i64.
# CHECK: %[[ROWS:.*]] = tile.make_range 0, 32 : tensor<32xi32>
# CHECK: %[[R:.*]] = tile.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
# CHECK: %[[OFF:.*]] = arith.extsi %{{.*}} : i32 to i64
# CHECK: arith.extsi %[[R]] : tensor<32x1xi32> to tensor<32x1xi64>
# CHECK: arith.muli %[[OFF]], %{{.*}} : i64
# CHECK: arith.muli %{{.*}} : tensor<32x1xi64>
# The row check only (boundary_check=(0,)): 0 <= offset + arange < M, as
# clamp(-offset, 0, BM) <= arange < clamp(M - offset, 0, BM) in i32.
# CHECK: arith.maxsi
# CHECK: arith.minsi
# CHECK: arith.cmpi sge, %[[R]], %{{.*}} : tensor<32x1xi32>
# CHECK: arith.cmpi slt, %[[R]], %{{.*}} : tensor<32x1xi32>
# CHECK-NOT: arith.cmpi
# CHECK: tile.make_range 0, 64 : tensor<64xi32>
# CHECK: tile.addptr %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi64>
# CHECK: tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<32x64x!tile.ptr<f32>>
# CHECK: tile.store %{{.*}}, %{{.*}} mask %{{.*}} : tensor<32x64x!tile.ptr<f32>>
# tl.advance adds 0 to the row offsets and BN to the column offsets.
# CHECK: arith.addi %{{.*}}, %c64_i32{{.*}} : i32
# CHECK: arith.addi %{{.*}}, %c64_i32{{.*}} : i32
# CHECK: scf.yield
# PTX: ld.global.v4.b32
# PTX: st.global.v4.b32
@triton.jit
def scale_rows(x_ptr, y_ptr, M, N, stride_m, stride_n, BM: tl.constexpr,
               BN: tl.constexpr):
    row0 = tl.program_id(0) * BM
    x = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride_m, stride_n),
                          offsets=(row0, 0), block_shape=(BM, BN),
                          order=(1, 0))
    y = tl.make_block_ptr(base=y_ptr, shape=(M, N), strides=(stride_m, stride_n),
                          offsets=(row0, 0), block_shape=(BM, BN),
                          order=(1, 0))
    for start in range(0, N, BN):
        t = tl.load(x, boundary_check=(0,), padding_option="zero")
        tl.store(y, t * 2.0, boundary_check=(0,))
        x = tl.advance(x, (0, BN))
        y = tl.advance(y, (0, BN))


# padding_option="nan" fills the lanes outside with NaN; a 1-d block.
# NAN-LABEL: func.func @nan_padding
# NAN: %[[NAN:.*]] = arith.constant 0x7E00 : f16
# NAN: tile.splat %[[NAN]] : tensor<128xf16>
# NAN: tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<128x!tile.ptr<f16>>
@triton.jit
def nan_padding(x_ptr, y_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (tl.program_id(0) * 128,), (128,), (0,))
    q = tl.make_block_ptr(y_ptr, (n,), (1,), (tl.program_id(0) * 128,), (128,), (0,))
    tl.store(q, tl.load(p, boundary_check=(0,), padding_option="nan"), boundary_check=(0,))
