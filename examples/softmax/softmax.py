import torch
import triton
import triton.language as tl

# Row softmax, CS336 lecture 6: one program per row, the whole row in one
# block (BLOCK_SIZE = next power of two >= num_cols). The kernel below is the
# lecture's text, unchanged; tilec compiles it (examples/softmax/CMakeLists.txt)
# and Triton runs the same file for comparison (tools/gpu/bench_triton.py).


@triton.jit
def triton_softmax_kernel(x_ptr, y_ptr, x_row_stride, y_row_stride, num_cols, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK_SIZE)

    x_ptrs = x_ptr + row_idx * x_row_stride + col_offsets
    x_row = tl.load(x_ptrs, mask=col_offsets < num_cols, other=float("-inf"))

    x_row = x_row - tl.max(x_row, axis=0)
    numerator = tl.exp(x_row)
    denominator = tl.sum(numerator, axis=0)
    y_row = numerator / denominator

    y_ptrs = y_ptr + row_idx * y_row_stride + col_offsets
    tl.store(y_ptrs, y_row, mask=col_offsets < num_cols)


def softmax_num_warps(block_size: int) -> int:
    """The launch habit the benchmarks use: 4 warps up to 1024 columns,
    8 up to 4096, 16 beyond."""
    if block_size <= 1024:
        return 4
    if block_size <= 4096:
        return 8
    return 16


def triton_softmax(x: torch.Tensor, num_warps: int = 0) -> torch.Tensor:
    """The lecture's host wrapper: one program per row."""
    assert x.is_cuda and x.dim() == 2 and x.stride(1) == 1
    y = torch.empty_like(x)
    M, N = x.shape
    block_size = triton.next_power_of_2(N)
    triton_softmax_kernel[(M,)](
        x_ptr=x, y_ptr=y,
        x_row_stride=x.stride(0), y_row_stride=y.stride(0),
        num_cols=N, BLOCK_SIZE=block_size,
        num_warps=num_warps or softmax_num_warps(block_size),
    )
    return y
