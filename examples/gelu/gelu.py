import torch
import triton
import triton.language as tl

# GeLU (tanh approximation), the first Triton kernel of CS336 lecture 6.
# The kernel below is the lecture's text, unchanged; tilec compiles it
# (examples/gelu/CMakeLists.txt) and Triton runs the same file for comparison
# (tools/gpu/bench_triton.py). One program handles BLOCK_SIZE elements.
#
# Note: for x above about 9.3, exp(2 * a) overflows to inf and the kernel
# returns inf / inf = NaN; that is the lecture's formula, so the tests keep
# inputs in [-5, 5].


@triton.jit
def triton_gelu_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)      # 当前块 ID
    start = pid * BLOCK_SIZE         # 该块的起始位置
    offsets = start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < num_elements    # 处理边界

    x = tl.load(x_ptr + offsets, mask=mask)
    # 计算 GeLU 公式
    a = 0.79788456 * (x + 0.044715 * x * x * x)
    exp = tl.exp(2 * a)
    tanh = (exp - 1) / (exp + 1)
    y = 0.5 * x * (1 + tanh)

    tl.store(y_ptr + offsets, y, mask=mask)


def triton_gelu(x: torch.Tensor, num_warps: int = 4) -> torch.Tensor:
    """The lecture's host wrapper: one program per 1024 elements."""
    assert x.is_cuda
    assert x.is_contiguous()
    y = torch.empty_like(x)
    num_elements = x.numel()
    BLOCK_SIZE = 1024
    num_blocks = triton.cdiv(num_elements, BLOCK_SIZE)
    triton_gelu_kernel[(num_blocks,)](
        x, y, num_elements, BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps
    )
    return y
