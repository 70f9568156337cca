# A fuzzed kernel (tools/fuzz/run.py seed 300, input 9432) whose 7664 LLVM
# instructions of related integer arithmetic kept NVPTX's straight-line
# strength reduction busy for 36 s: past 6000 instructions tilec leaves
# that pass out (0.9 s; the rest of O3 codegen runs). The time limit makes
# a regression fail instead of crawl.
# RUN: timeout 20 tilec %s --kernel kernel_2d --signature '*i32:16,*u32:16,*i32:16,i32,i32,i32:16,32,64' --num-warps 1 -o %t.ptx
# RUN: %if ptxas %{ timeout 60 %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
#
# Smaller, and still slow in that pass (tools/fuzz/run.py seed 9100, input
# 2177, at 8192 elements): a block's sum added to each of 256 elements a
# thread, twice. 2230 instructions, but SLSR compares every pair of the
# additions that read the sum: 22 s. tilec leaves that pass alone out
# when such pairs pass 16384 (0.6 s).
# RUN: timeout 10 tilec %s --kernel shared_sum --signature '*i32:16,*fp32:16,i32:16,8192' --num-warps 1 -o %t2.ptx
# RUN: %if ptxas %{ timeout 60 %ptxas -arch=sm_90a %t2.ptx -o %t2.cubin %}
import triton
import triton.language as tl


@triton.jit
def helper0(a, b):
    return a * b + a


@triton.jit
def helper1(a, b, B_SCALE: tl.constexpr = True):
    if B_SCALE:
        a = a * 2.0
    return a + b


@triton.jit
def kernel_2d(x_ptr, y_ptr, w_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    offs = rows[:, None] * stride + cols[None, :]
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    r1 = tl.min(x)
    v2 = x + r1
    r3 = tl.sum(v2)
    v4 = v2 + r3
    acc5 = tl.zeros([32, 64], dtype=tl.int32)
    for i6 in range(3):
        acc5 = acc5 + ((v4 + v4) - (v4 | v2))
    v7 = tl.where(acc5 < acc5, acc5, acc5)
    if pid % 2 == 0:
        v2 = v7
    tl.store(y_ptr + offs, v2.to(tl.uint32), mask=mask)


@triton.jit
def shared_sum(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    v2 = x + tl.sum(x, axis=0)
    v6 = v2 + tl.sum(v2, axis=0)
    tl.store(y_ptr + offs, v6.to(tl.float32), mask=mask)
