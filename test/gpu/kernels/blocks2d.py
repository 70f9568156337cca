import triton
import triton.language as tl


# 2-D blocks and reductions along both axes (test/gpu/gpu_blocks2d_test.cpp):
# out[r] = logsumexp of row r's first N values (exp'd values rounded
# through fp16 before the sum), r < M; out[M + pid*BLOCK_N + c] = sum of
# max(x, 0) over program pid's rows (< M) in column c, c < N.
@triton.jit
def row_block_stats(x_ptr, out_ptr, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=0.0)
    m = tl.max(tl.where(mask, x, float("-inf")), axis=1)
    y = tl.where(mask, tl.exp(x - m[:, None]), 0.0)
    s = tl.sum(y.to(tl.float16).to(tl.float32), axis=1)
    c = tl.sum(tl.maximum(x, 0.0), axis=0)
    tl.store(out_ptr + rows, tl.log(s) + m, mask=rows < M)
    tl.store(out_ptr + M + pid * BLOCK_N + cols, c, mask=cols < N)
