"""Matmul + ReLU with grouped program order, autotuned.

The lecture's kernel walks C's tiles row by row, so neighbouring programs
share A's rows but each needs its own columns of B. Here each group of
GROUP_M tile rows is walked column by column instead: programs that run
together reuse the same few tiles of A and of B from L2. The configs are
Hopper tiles (the seven of Triton's matmul tutorial, and one for fp32
factors in tf32); tilec compiles each one
(`tilec --autotune`) and the runtime keeps the fastest per (M, N, K).
"""

import torch
import triton
import triton.language as tl


def hopper_configs():
    return [
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8},
                      num_stages=3, num_warps=8),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 256, "BLOCK_K": 32, "GROUP_M": 8},
                      num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8},
                      num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8},
                      num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8},
                      num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8},
                      num_stages=3, num_warps=8),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8},
                      num_stages=4, num_warps=8),
        # For fp32 factors (tf32), whose 4-byte elements leave the 64-wide K
        # tiles above too big or too few stages: 256x128 tiles, K 32.
        triton.Config({"BLOCK_M": 256, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8},
                      num_stages=4, num_warps=8),
    ]


@triton.autotune(configs=hopper_configs(), key=["M", "N", "K"])
@triton.jit
def grouped_matmul_relu_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                               stride_am, stride_ak, stride_bk, stride_bn,
                               stride_cm, stride_cn,
                               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                               BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    # Group g holds tile rows g*GROUP_M .. g*GROUP_M + GROUP_M - 1 (fewer in
    # the last group); inside it, consecutive programs go down a column.
    programs_per_group = GROUP_M * tiles_n
    group = pid // programs_per_group
    first_m = group * GROUP_M
    rows_in_group = tl.minimum(tiles_m - first_m, GROUP_M)
    pid_m = first_m + (pid % programs_per_group) % rows_in_group
    pid_n = (pid % programs_per_group) // rows_in_group

    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak
    b_ptrs = b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn

    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(rows[:, None] < M) & (ks[None, :] + k < K),
                    other=0.0)
        b = tl.load(b_ptrs, mask=(ks[:, None] + k < K) & (cols[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    acc = tl.maximum(acc, 0.0)
    c_ptrs = c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(rows[:, None] < M) & (cols[None, :] < N))


def grouped_matmul_relu(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """relu(a @ b) in fp32; the autotuner picks the tiles."""
    assert a.shape[1] == b.shape[0]
    M, K = a.shape
    _, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    def grid(meta):
        return (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)

    grouped_matmul_relu_kernel[grid](a, b, c, M, N, K,
                                     a.stride(0), a.stride(1),
                                     b.stride(0), b.stride(1),
                                     c.stride(0), c.stride(1))
    return c
