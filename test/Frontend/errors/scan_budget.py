# A scan is straight-line code that keeps the thread's whole block alive:
# all the scans of a kernel together may hold at most 512 32-bit words a
# thread (tl.cumsum of a 128x128 int64 block on one warp holds 1024: ptxas
# took over a minute on it, and still takes over 40 s on the fp64 one). Past
# that, a located error at the scan, before anything is lowered; the time
# limit makes a hang fail the test.
# RUN: not timeout 30 tilec %s --kernel cumsum_i64 --signature '*i64:16,*i64:16,128' --num-warps 1 --emit cubin -o %t.cubin 2>&1 | FileCheck %s --check-prefix=ONE
# RUN: not timeout 30 tilec %s --kernel two_scans --signature '*fp64:16,*fp64:16,64' --num-warps 1 2>&1 | FileCheck %s --check-prefix=TWO
# RUN: not timeout 30 tilec %s --kernel pairs --signature '*i32:16,*i32:16,128' --num-warps 1 2>&1 | FileCheck %s --check-prefix=PAIRS
# With more warps each thread holds less: accepted.
# RUN: timeout 30 tilec %s --kernel cumsum_i64 --signature '*i64:16,*i64:16,128' --num-warps 2 -o %t.ptx
# RUN: timeout 30 tilec %s --kernel two_scans --signature '*fp64:16,*fp64:16,64' --num-warps 2 -o %t2.ptx
import triton
import triton.language as tl


@triton.jit
def cumsum_i64(x_ptr, y_ptr, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    cols = tl.arange(0, BLOCK)
    offs = rows[:, None] * BLOCK + cols[None, :]
    x = tl.load(x_ptr + offs)
    # ONE: scan_budget.py:[[@LINE+1]]:28: error: this scan (tl.cumsum, tl.cumprod, tl.associative_scan) holds 512 elements a thread (1024 32-bit words, more than 512): use more warps or a smaller block
    tl.store(y_ptr + offs, tl.cumsum(x, 1))
    # ONE-NEXT: tl.store(y_ptr + offs, tl.cumsum(x, 1))
    # ONE-NEXT: {{^}}                           ^
    # ONE-NOT: error


@triton.jit
def two_scans(x_ptr, y_ptr, BLOCK: tl.constexpr):
    # 64 x 128 fp64 on one warp: 256 elements, 512 words a thread each.
    rows = tl.arange(0, BLOCK)
    cols = tl.arange(0, 2 * BLOCK)
    offs = rows[:, None] * 2 * BLOCK + cols[None, :]
    x = tl.load(x_ptr + offs)
    # TWO: scan_budget.py:[[@LINE+1]]:9: error: this kernel's scans (tl.cumsum, tl.cumprod, tl.associative_scan) hold 1024 32-bit words a thread together, more than 512: use more warps or smaller blocks
    y = tl.cumsum(x, 1)
    z = tl.cumprod(x, 1, reverse=True)
    tl.store(y_ptr + offs, y + z)


@triton.jit
def _add_pairs(a0, b0, a1, b1):
    return a0 + a1, b0 + b1


@triton.jit
def pairs(x_ptr, y_ptr, BLOCK: tl.constexpr):
    # Two i32 operands of 512 elements a thread: 1024 words.
    rows = tl.arange(0, BLOCK)
    cols = tl.arange(0, BLOCK)
    offs = rows[:, None] * BLOCK + cols[None, :]
    x = tl.load(x_ptr + offs)
    # PAIRS: scan_budget.py:[[@LINE+1]]:12: error: this scan (tl.cumsum, tl.cumprod, tl.associative_scan) holds 512 elements a thread (1024 32-bit words, more than 512): use more warps or a smaller block
    a, b = tl.associative_scan((x, x * 2), 1, _add_pairs)
    tl.store(y_ptr + offs, a + b)
