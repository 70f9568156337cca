# Top-level calls of Triton's decorators that tilec cannot read as the
# decorators: located errors.
# RUN: not tilec %s --kernel k --signature '*fp32' 2>&1 | FileCheck %s

import triton
import triton.language as tl


def k(x_ptr):
    pass


kernel = triton.jit(k)

# CHECK: wrapped_kernels.py:13:21: error: triton.jit wraps 'k' here but the result is bound to 'kernel': tilec reads such a call only when it binds the name it wraps
# CHECK-NEXT: kernel = triton.jit(k)
# CHECK-NEXT: ^
