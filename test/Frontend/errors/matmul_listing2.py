# The lecture's second matmul listing abbreviates the parameters with `...`,
# which is not Python: a located syntax error, not a crash.
# RUN: not tilec %s --emit ast 2>&1 | FileCheck %s

import triton
import triton.language as tl

@triton.jit
def matmul_relu_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)

    indices_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    indices_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    indices_k = tl.arange(0, BLOCK_K)

    a_ptrs = a_ptr + indices_m[:, None] * stride_am + indices_k[None, :] * stride_ak
    b_ptrs = b_ptr + indices_k[:, None] * stride_bk + indices_n[None, :] * stride_bn

    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)

    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=...)
        b = tl.load(b_ptrs, mask=...)
        acc += tl.dot(a, b)          # 核心：块级矩阵乘法
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    acc = tl.maximum(acc, 0.0)       # 内核融合：在写回前应用 ReLU
    tl.store(c_ptrs, acc, mask=...)

# CHECK: {{.*}}matmul_listing2.py:9:54: error: expected parameter name, got '...'
# CHECK-NEXT: {{^}}def matmul_relu_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):
# CHECK-NEXT: {{^ *\^$}}
