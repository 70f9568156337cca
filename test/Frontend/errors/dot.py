# tl.dot with operands it cannot multiply, and options not supported yet.
# RUN: not tilec %s --kernel rank1 --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: not tilec %s --kernel inner --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=INNER
# RUN: not tilec %s --kernel mixed --signature '*fp16,*fp32' 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: not tilec %s --kernel ints --signature '*i32' 2>&1 | FileCheck %s --check-prefix=INTS
# RUN: not tilec %s --kernel small --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=SMALL
# RUN: not tilec %s --kernel out_dtype --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=OUT
# RUN: not tilec %s --kernel out_dtype --signature '*bf16' 2>&1 | FileCheck %s --check-prefix=OUTBF
# RUN: not tilec %s --kernel bad_acc --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=ACC
# RUN: not tilec %s --kernel precision --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=PREC

import triton
import triton.language as tl


@triton.jit
def rank1(x_ptr):
    r = tl.arange(0, 16)
    v = tl.load(x_ptr + r)
    d = tl.dot(v, v)


@triton.jit
def inner(x_ptr):
    r = tl.arange(0, 16)
    s = tl.arange(0, 32)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    b = tl.load(x_ptr + s[:, None] * 16 + r[None, :])
    d = tl.dot(a, b)


@triton.jit
def mixed(x_ptr, y_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    b = tl.load(y_ptr + r[:, None] * 16 + r[None, :])
    d = a @ b


@triton.jit
def ints(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a)


@triton.jit
def small(x_ptr):
    r = tl.arange(0, 8)
    a = tl.load(x_ptr + r[:, None] * 8 + r[None, :])
    d = tl.dot(a, a)


@triton.jit
def out_dtype(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, out_dtype=tl.float16 if a.dtype == tl.bfloat16 else tl.bfloat16)


@triton.jit
def bad_acc(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, acc=tl.zeros([16, 32], dtype=tl.float32))


@triton.jit
def precision(x_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(a, a, input_precision="fast")

# RANK: {{.*}}dot.py:20:16: error: tl.dot() multiplies 2-D blocks; this is
# RANK-NEXT: {{^}}    d = tl.dot(v, v)
# RANK-NEXT: {{^ *\^$}}

# INNER: {{.*}}dot.py:29:9: error: tl.dot() of a 16x16 and a 32x16 block: the inner dimensions differ

# MIXED: {{.*}}dot.py:37:9: error: tl.dot() operands must have one element type, got

# INTS: {{.*}}dot.py:44:9: error: tl.dot() supports fp8 (both factors), fp16, bf16 and fp32 blocks, got

# SMALL: {{.*}}dot.py:51:9: error: tl.dot() needs blocks of at least 16x16, got 8x8 and 8x8

# OUT: {{.*}}dot.py:58:32: error: tl.dot(): out_dtype must be tl.float32 or tl.float16, got bf16
# OUTBF: {{.*}}dot.py:58:32: error: tl.dot(): out_dtype=tl.float16 needs fp16 factors, got bf16

# ACC: {{.*}}dot.py:65:26: error: tl.dot(): acc must be a 16x16 fp32 block; this is

# PREC: {{.*}}dot.py:72:38: error: tl.dot(): input_precision must be "tf32", "tf32x3" or "ieee"
