import torch
import triton
import triton.language as tl

# Row sum, CS336 lecture 6: one program per row looping over the row in
# tiles of BLOCK_SIZE columns, for rows longer than one block. The kernel
# below is the lecture's text, unchanged; tilec compiles it
# (examples/rowsum/CMakeLists.txt) and Triton runs the same file for
# comparison (tools/gpu/bench_triton.py). Rows are contiguous (stride N).


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, N, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)

    for start in range(0, N, BLOCK_SIZE):    # 遍历所有块片
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
        acc += x

    result = tl.sum(acc, axis=0)    # 最终归约
    tl.store(out_ptr + row, result)


def triton_row_sum(x: torch.Tensor, BLOCK_SIZE: int = 1024,
                   num_warps: int = 4) -> torch.Tensor:
    """The lecture's host wrapper: one program per row."""
    assert x.is_cuda and x.is_contiguous()
    M, N = x.shape
    y = torch.empty(M, device=x.device, dtype=x.dtype)
    row_sum_kernel[(M,)](x, y, N, BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)
    return y
