# tl.range(..., num_stages=N) gives its loop a pipeline depth of its own
# (Triton's meaning): the lecture's K loop written with
# tl.range(..., num_stages=4) gets three prologue groups and waits with two
# younger groups in flight, whatever --num-stages says (3 by default, 1
# turns pipelining off for other loops); num_stages=1 turns it off for this
# loop only. ptxas assembles the PTX. num_stages must be a compile-time
# integer from 0 to 8.
#
# RUN: tilec %s --kernel k --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,4,64,64,32' -o %t.4.ptx
# RUN: FileCheck %s --check-prefix=FOUR < %t.4.ptx
# RUN: tilec %s --kernel k --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,4,64,64,32' --num-stages 1 -o %t.4b.ptx
# RUN: FileCheck %s --check-prefix=FOUR < %t.4b.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.4.ptx -o %t.4.cubin %}
# RUN: tilec %s --kernel k --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,1,64,64,32' -o %t.1.ptx
# RUN: FileCheck %s --check-prefix=ONE < %t.1.ptx
# RUN: not tilec %s --kernel runtime_stages --signature '*fp16:16,i32' 2>&1 | FileCheck %s --check-prefix=RUNTIME
# RUN: not tilec %s --kernel too_many --signature '*fp16:16,i32' 2>&1 | FileCheck %s --check-prefix=MANY
#
# FOUR-COUNT-3: cp.async.commit_group;
# FOUR: // =>This Inner Loop Header
# FOUR: cp.async.wait_group 2;
# ONE-NOT: cp.async
# RUNTIME: range-num-stages.py:52:43: error: tl.range(): num_stages must be a compile-time integer from 0 to 8, got a value of type i32
# RUNTIME-NEXT: {{^}}    for i in tl.range(0, 4, 1, num_stages=n):
# RUNTIME-NEXT: {{^ *\^$}}
# MANY: range-num-stages.py:58:43: error: tl.range(): num_stages must be a compile-time integer from 0 to 8, got the constant 9

import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, c_ptr, K, STAGES: tl.constexpr, BLOCK_M: tl.constexpr,
      BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * BLOCK_N + rn[None, :]
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for kk in tl.range(0, K, BLOCK_K, num_stages=STAGES):
        a = tl.load(a_ptrs, mask=rk[None, :] + kk < K, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] + kk < K, other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * BLOCK_N
    tl.store(c_ptr + rm[:, None] * BLOCK_N + rn[None, :], acc)


@triton.jit
def runtime_stages(x_ptr, n):
    for i in tl.range(0, 4, 1, num_stages=n):
        tl.store(x_ptr + i, 0.0)


@triton.jit
def too_many(x_ptr, n):
    for i in tl.range(0, 4, 1, num_stages=9):
        tl.store(x_ptr + i, 0.0)
