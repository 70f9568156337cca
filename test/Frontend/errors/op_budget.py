# The front end creates at most --max-ops operations of tile IR (default
# 100000): an unrolled tl.static_range that takes the kernel past them is a
# located error, so nested static ranges cannot make a compile without end
# (200 x 200 trips of this body took 110 s and 1.6 GB before). The same
# kernel compiles with a higher limit, or with none (0).
# RUN: not tilec %s --kernel nested --signature '*fp32:16,*fp32:16,128,10' --max-ops 400 2>&1 | FileCheck %s
# RUN: tilec %s --kernel nested --signature '*fp32:16,*fp32:16,128,10' --max-ops 100000 --emit tile | FileCheck %s --check-prefix=OK
# RUN: tilec %s --kernel nested --signature '*fp32:16,*fp32:16,128,10' --max-ops 0 --emit tile | FileCheck %s --check-prefix=OK

import triton
import triton.language as tl


@triton.jit
def nested(x_ptr, y_ptr, BLOCK: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.static_range(N):
        # CHECK: op_budget.py:[[@LINE+1]]:9: error: unrolling this tl.static_range takes the kernel past 400 operations of tile IR (after {{[0-9]+}} of its 10 iterations); compile time grows with the code: use a runtime loop (range or tl.range), or raise the limit with --max-ops
        for j in tl.static_range(N):
            acc += tl.exp(x * i) / (x + j)
    tl.store(y_ptr + offs, acc)


# OK: func.func @nested
# OK-COUNT-100: math.exp
