# The lecture's matmul+ReLU kernel (first listing), verbatim: its AST, and
# its tile dialect (`acc += tl.dot(a, b)`: tile.dot on zeros, then an add).
# RUN: tilec %s --emit ast | FileCheck %s --check-prefix=AST
# RUN: tilec %s --signature '*fp16,*fp16,*fp32,i32,i32,i32,i32,i32,i32,i32,i32,i32,64,64,32' --emit tile | FileCheck %s --check-prefix=DOT

import triton
import triton.language as tl

@triton.jit
def matmul_relu_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                       stride_am, stride_ak, stride_bk, stride_bn,
                       stride_cm, stride_cn,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)

    indices_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    indices_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    indices_k = tl.arange(0, BLOCK_K)

    a_ptrs = a_ptr + indices_m[:, None] * stride_am + indices_k[None, :] * stride_ak
    b_ptrs = b_ptr + indices_k[:, None] * stride_bk + indices_n[None, :] * stride_bn

    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)

    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(indices_m[:, None] < M) & (indices_k[None, :] + k < K), other=0.0)
        b = tl.load(b_ptrs, mask=(indices_k[:, None] + k < K) & (indices_n[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    acc = tl.maximum(acc, 0.0)  # ReLU，融合激活

    c_ptrs = c_ptr + indices_m[:, None] * stride_cm + indices_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(indices_m[:, None] < M) & (indices_n[None, :] < N))

# AST checks: statements with line:column, operators fully parenthesised.
# AST: kernel matmul_relu_kernel @10:1
# AST-NEXT:   param a_ptr @10:24
# AST-NEXT:   param b_ptr @10:31
# AST-NEXT:   param c_ptr @10:38
# AST-NEXT:   param M @10:45
# AST-NEXT:   param N @10:48
# AST-NEXT:   param K @10:51
# AST-NEXT:   param stride_am @11:24
# AST-NEXT:   param stride_ak @11:35
# AST-NEXT:   param stride_bk @11:46
# AST-NEXT:   param stride_bn @11:57
# AST-NEXT:   param stride_cm @12:24
# AST-NEXT:   param stride_cn @12:35
# AST-NEXT:   param BLOCK_M: tl.constexpr @13:24
# AST-NEXT:   param BLOCK_N: tl.constexpr @13:47
# AST-NEXT:   param BLOCK_K: tl.constexpr @14:24
# AST-NEXT:   body
# AST-NEXT:     assign @15:5 pid_m = tl.program_id(0)
# AST-NEXT:     assign @16:5 pid_n = tl.program_id(1)
# AST-NEXT:     assign @18:5 indices_m = ((pid_m * BLOCK_M) + tl.arange(0, BLOCK_M))
# AST-NEXT:     assign @19:5 indices_n = ((pid_n * BLOCK_N) + tl.arange(0, BLOCK_N))
# AST-NEXT:     assign @20:5 indices_k = tl.arange(0, BLOCK_K)
# AST-NEXT:     assign @22:5 a_ptrs = ((a_ptr + (indices_m[:, None] * stride_am)) + (indices_k[None, :] * stride_ak))
# AST-NEXT:     assign @23:5 b_ptrs = ((b_ptr + (indices_k[:, None] * stride_bk)) + (indices_n[None, :] * stride_bn))
# AST-NEXT:     assign @25:5 acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
# AST-NEXT:     for @27:5 k in range(0, K, BLOCK_K)
# AST-NEXT:       assign @28:9 a = tl.load(a_ptrs, mask=((indices_m[:, None] < M) & ((indices_k[None, :] + k) < K)), other=0.0)
# AST-NEXT:       assign @29:9 b = tl.load(b_ptrs, mask=(((indices_k[:, None] + k) < K) & (indices_n[None, :] < N)), other=0.0)
# AST-NEXT:       augassign @30:9 acc += tl.dot(a, b)
# AST-NEXT:       augassign @31:9 a_ptrs += (BLOCK_K * stride_ak)
# AST-NEXT:       augassign @32:9 b_ptrs += (BLOCK_K * stride_bk)
# AST-NEXT:     assign @34:5 acc = tl.maximum(acc, 0.0)
# AST-NEXT:     assign @36:5 c_ptrs = ((c_ptr + (indices_m[:, None] * stride_cm)) + (indices_n[None, :] * stride_cn))
# AST-NEXT:     expr @37:5 tl.store(c_ptrs, acc, mask=((indices_m[:, None] < M) & (indices_n[None, :] < N)))

# DOT: tile.program_id 0
# DOT: tile.program_id 1
# DOT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
# DOT: scf.for %{{.*}} = %{{.*}} to %arg5 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>)
# DOT: %[[A:.*]] = tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<64x32x!tile.ptr<f16>>
# DOT: %[[B:.*]] = tile.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<32x64x!tile.ptr<f16>>
# DOT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
# DOT: arith.addf %[[ACC]], %[[D]] : tensor<64x64xf32>
# DOT: arith.maxnumf
# DOT: tile.store
