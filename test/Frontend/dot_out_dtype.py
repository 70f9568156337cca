# tl.dot(..., out_dtype=tl.float16) of fp16 blocks gives an fp16 block: the
# product accumulates in fp32 (tile.dot), an fp16 acc is widened into it, and
# the result is rounded to fp16 once per tl.dot. In a K loop the carried
# accumulator is fp16. max_num_imprecise_acc (Triton applies it to fp8 only)
# is accepted as an integer or None and changes nothing. The loop compiles
# to PTX that ptxas assembles.
# RUN: tilec %s --kernel single --signature '*fp16' --emit tile | FileCheck %s --check-prefix=SINGLE
# RUN: tilec %s --kernel loop --signature '*fp16:16,*fp16:16,i32:16' --emit tile | FileCheck %s --check-prefix=LOOP
# RUN: tilec %s --kernel loop --signature '*fp16:16,*fp16:16,i32:16' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl


@triton.jit
def single(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, out_dtype=tl.float16, max_num_imprecise_acc=None)
    tl.store(x_ptr + r[:, None] * 16 + r[None, :], d)


@triton.jit
def loop(a_ptr, c_ptr, K):
    r = tl.arange(0, 64)
    rk = tl.arange(0, 32)
    acc = tl.zeros([64, 64], dtype=tl.float16)
    for k in range(0, K, 32):
        a = tl.load(a_ptr + r[:, None] * K + (k + rk)[None, :])
        b = tl.load(a_ptr + (k + rk)[:, None] * 64 + r[None, :])
        acc = tl.dot(a, b, acc, out_dtype=tl.float16, max_num_imprecise_acc=32)
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], acc)

# SINGLE: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
# SINGLE-NEXT: %[[H:.*]] = arith.truncf %[[D]] : tensor<16x16xf32> to tensor<16x16xf16>
# SINGLE: tile.store %{{.*}}, %[[H]] : tensor<16x16x!tile.ptr<f16>>

# LOOP: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64x64xf16>)
# LOOP: %[[W:.*]] = arith.extf %[[ACC]] : tensor<64x64xf16> to tensor<64x64xf32>
# LOOP-NEXT: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[W]] : {{.*}} -> tensor<64x64xf32>
# LOOP-NEXT: %[[H:.*]] = arith.truncf %[[D]] : tensor<64x64xf32> to tensor<64x64xf16>
# LOOP-NEXT: scf.yield %[[H]] : tensor<64x64xf16>
