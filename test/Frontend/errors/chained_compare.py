# A chained comparison is refused, as Triton's code generator refuses it
# ("simultaneous multiple comparison is not supported"): `a < M & b < K`,
# a common slip for (a < M) & (b < K), is Python's a < (M & b) < K.
# RUN: not tilec %s --kernel mask_slip --signature '*fp32,i32,i32' 2>&1 | FileCheck %s --check-prefix=SLIP
# RUN: not tilec %s --kernel constant_chain --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CONST

import triton
import triton.language as tl


@triton.jit
def mask_slip(x_ptr, M, K):
    a = tl.arange(0, 16)
    b = tl.arange(0, 16)
    tl.store(x_ptr + a, 1.0, mask=a < M & b < K)
# SLIP: chained_compare.py:[[# @LINE - 1]]:{{[0-9]+}}: error: simultaneous multiple comparison is not supported (as in Triton): write (a < b) & (b < c), or `and` for scalars; `a < M & b < K` reads as a < (M & b) < K
# SLIP-NEXT: {{^}}    tl.store(x_ptr + a, 1.0, mask=a < M & b < K)


@triton.jit
def constant_chain(x_ptr):
    X: tl.constexpr = 1 < 0 < 1 // 0
    tl.store(x_ptr, X)
# CONST: chained_compare.py:[[# @LINE - 2]]:{{[0-9]+}}: error: simultaneous multiple comparison is not supported
