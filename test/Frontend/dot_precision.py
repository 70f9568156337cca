# tl.dot's precision options reach tile.dot: fp32 factors default to tf32
# (as Triton's), input_precision="ieee" or allow_tf32=False ask for exact
# fp32, "tf32x3" is kept (and lowered as ieee). Misuse is a located error.
# RUN: tilec %s --kernel default --signature '*fp32' --emit tile | FileCheck %s --check-prefix=DEFAULT
# RUN: tilec %s --kernel ieee --signature '*fp32' --emit tile | FileCheck %s --check-prefix=IEEE
# RUN: tilec %s --kernel no_tf32 --signature '*fp32' --emit tile | FileCheck %s --check-prefix=IEEE
# RUN: tilec %s --kernel x3 --signature '*fp32' --emit tile | FileCheck %s --check-prefix=X3
# RUN: not tilec %s --kernel both --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BOTH
# RUN: not tilec %s --kernel not_bool --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BOOL

import triton
import triton.language as tl


@triton.jit
def default(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a)
    tl.store(x_ptr + r[:, None] * 16 + r[None, :], d)


@triton.jit
def ieee(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, input_precision="ieee")
    tl.store(x_ptr + r[:, None] * 16 + r[None, :], d)


@triton.jit
def no_tf32(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, allow_tf32=False)
    tl.store(x_ptr + r[:, None] * 16 + r[None, :], d)


@triton.jit
def x3(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, input_precision="tf32x3")
    tl.store(x_ptr + r[:, None] * 16 + r[None, :], d)


@triton.jit
def both(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, input_precision="ieee", allow_tf32=True)


@triton.jit
def not_bool(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, allow_tf32=1)

# The default precision is not printed.
# DEFAULT: tile.dot
# DEFAULT-NOT: precision
# DEFAULT-SAME: -> tensor<16x16xf32>
# IEEE: tile.dot {{.*}} precision = ieee
# X3: tile.dot {{.*}} precision = tf32x3
# BOTH: {{.*}}dot_precision.py:51:57: error: tl.dot(): give input_precision or allow_tf32, not both
# BOOL: {{.*}}dot_precision.py:58:33: error: tl.dot(): allow_tf32 must be True or False
