# Large scans within the budget of 512 32-bit words a thread
# (test/Frontend/errors/scan_budget.py) assemble in seconds. A scan
# shuffles one total per chunk (the run of elements a thread holds along
# the axis), not every element, at each lane step, and is emitted a row at
# a time: 128x128 int32 on one warp has 4-element chunks, one per row, so
# 128 x 5 shuffles (2560 before, one per element; ptxas 5 s, now under
# 1; 128x128 int64 took it over a minute). The time limits make a
# regression fail instead of crawl.
# RUN: timeout 60 tilec %s --kernel rows --signature '*i32:16,*i32:16,128,128' --num-warps 1 -o %t.i32.ptx
# RUN: FileCheck %s < %t.i32.ptx
# RUN: %if ptxas %{ timeout 60 tilec %s --kernel rows --signature '*i32:16,*i32:16,128,128' --num-warps 1 --emit cubin -o %t.i32.cubin %}
# RUN: %if ptxas %{ timeout 60 tilec %s --kernel rows --signature '*i64:16,*i64:16,64,128' --num-warps 1 --emit cubin -o %t.i64.cubin %}
# RUN: %if ptxas %{ timeout 60 tilec %s --kernel rows --signature '*fp64:16,*fp64:16,64,128' --num-warps 1 --emit cubin -o %t.f64.cubin %}
# RUN: %if ptxas %{ timeout 60 tilec %s --kernel rows --signature '*fp32:16,*fp32:16,1,16384' --num-warps 1 --emit cubin -o %t.f32.cubin %}
# RUN: %if ptxas %{ timeout 60 tilec %s --kernel pairs --signature '*i32:16,*i32:16,128' --num-warps 2 --emit cubin -o %t.pairs.cubin %}
#
# CHECK-COUNT-640: shfl.sync.bfly.b32
# CHECK-NOT: shfl.sync
import triton
import triton.language as tl


@triton.jit
def rows(x_ptr, y_ptr, R: tl.constexpr, C: tl.constexpr):
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    offs = r[:, None] * C + c[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.cumsum(x, 1))


@triton.jit
def _affine(a0, b0, a1, b1):
    return a0 * a1, b0 * a1 + b1


@triton.jit
def pairs(x_ptr, y_ptr, BLOCK: tl.constexpr):
    # An associative scan of two i32 operands: 256 elements a thread each.
    r = tl.arange(0, BLOCK)
    c = tl.arange(0, BLOCK)
    offs = r[:, None] * BLOCK + c[None, :]
    x = tl.load(x_ptr + offs)
    a, b = tl.associative_scan((x, x + 1), 1, _affine, reverse=True)
    tl.store(y_ptr + offs, a + b)
