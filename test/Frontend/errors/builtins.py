# Calls to tl functions with wrong arguments, and the shape rules of arange,
# zeros, reductions and load.
# RUN: not tilec %s --kernel too_many --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MANY
# RUN: not tilec %s --kernel bad_keyword --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=KEYWORD
# RUN: not tilec %s --kernel missing --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec %s --kernel arange_pow2 --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=POW2
# RUN: not tilec %s --kernel arange_runtime --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=ARANGE
# RUN: not tilec %s --kernel zeros_shape --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: not tilec %s --kernel reduce_axis --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=AXIS
# RUN: not tilec %s --kernel other_pointer --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=OTHER
# RUN: not tilec %s --kernel other_string --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=OTHERSTR
# RUN: not tilec %s --kernel runtime_pow --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=POW
# RUN: not tilec %s --kernel dot --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=DOT
# RUN: not tilec %s --kernel broadcast --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BCAST

import triton
import triton.language as tl


@triton.jit
def too_many(x_ptr):
    r = tl.arange(0, 16, 2)


@triton.jit
def bad_keyword(x_ptr):
    x = tl.load(x_ptr, msk=None)


@triton.jit
def missing(x_ptr):
    tl.store(x_ptr)


@triton.jit
def arange_pow2(x_ptr):
    r = tl.arange(0, 1000)


@triton.jit
def arange_runtime(x_ptr, n):
    r = tl.arange(0, n)


@triton.jit
def zeros_shape(x_ptr, n):
    acc = tl.zeros([n], dtype=tl.float32)


@triton.jit
def reduce_axis(x_ptr):
    r = tl.arange(0, 16)
    s = tl.sum(r, axis=2)


@triton.jit
def other_pointer(x_ptr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r, mask=r < 8, other=x_ptr)


@triton.jit
def other_string(x_ptr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r, mask=r < 8, other="zero")


@triton.jit
def runtime_pow(x_ptr, n):
    tl.store(x_ptr, n ** 2)


@triton.jit
def dot(x_ptr):
    r = tl.arange(0, 16)
    a = r[:, None] + r[None, :]
    c = tl.dot(a, a)


@triton.jit
def broadcast(x_ptr):
    a = tl.arange(0, 16)
    b = tl.arange(0, 32)
    c = a + b

# MANY: {{.*}}builtins.py:22:26: error: tl.arange() takes at most 2 arguments but 3 were given
# MANY-NEXT: {{^}}    r = tl.arange(0, 16, 2)
# MANY-NEXT: {{^ *\^$}}

# KEYWORD: {{.*}}builtins.py:27:28: error: tl.load() got an unexpected keyword argument 'msk'
# KEYWORD-NEXT: {{^}}    x = tl.load(x_ptr, msk=None)
# KEYWORD-NEXT: {{^ *\^$}}

# MISSING: {{.*}}builtins.py:32:5: error: tl.store() missing required argument 'value'
# MISSING-NEXT: {{^}}    tl.store(x_ptr)
# MISSING-NEXT: {{^ *\^$}}

# POW2: {{.*}}builtins.py:37:9: error: arange's range must be a power of two, got 1000
# POW2-NEXT: {{^}}    r = tl.arange(0, 1000)
# POW2-NEXT: {{^ *\^$}}

# ARANGE: {{.*}}builtins.py:42:22: error: arange's arguments must be of type tl.constexpr, got a value of type i32
# ARANGE-NEXT: {{^}}    r = tl.arange(0, n)
# ARANGE-NEXT: {{^ *\^$}}

# SHAPE: {{.*}}builtins.py:47:20: error: block shapes must be compile-time constants (tl.constexpr), got a value of type i32
# SHAPE-NEXT: {{^}}    acc = tl.zeros([n], dtype=tl.float32)
# SHAPE-NEXT: {{^ *\^$}}

# AXIS: {{.*}}builtins.py:53:24: error: reduction axis 2 does not exist for a block of rank 1
# AXIS-NEXT: {{^}}    s = tl.sum(r, axis=2)
# AXIS-NEXT: {{^ *\^$}}

# OTHER: {{.*}}builtins.py:59:46: error: 'other' cannot be converted to fp32: it is a value of type pointer<fp32>
# OTHER-NEXT: {{^}}    x = tl.load(x_ptr + r, mask=r < 8, other=x_ptr)
# OTHER-NEXT: {{^ *\^$}}

# OTHERSTR: {{.*}}builtins.py:65:46: error: 'other' cannot be converted to fp32: it is the string 'zero'
# OTHERSTR-NEXT: {{^}}    x = tl.load(x_ptr + r, mask=r < 8, other="zero")
# OTHERSTR-NEXT: {{^ *\^$}}

# POW: {{.*}}builtins.py:70:21: error: '**' is only supported on compile-time constants
# POW-NEXT: {{^}}    tl.store(x_ptr, n ** 2)
# POW-NEXT: {{^ *\^$}}

# DOT: {{.*}}builtins.py:77:9: error: tl.dot() supports fp8 (both factors), fp16, bf16 and fp32 blocks, got i32
# DOT-NEXT: {{^}}    c = tl.dot(a, a)
# DOT-NEXT: {{^ *\^$}}

# BCAST: {{.*}}builtins.py:84:9: error: cannot broadcast shapes [16] and [32] (dimension 0: 16 vs 32)
# BCAST-NEXT: {{^}}    c = a + b
# BCAST-NEXT: {{^ *\^$}}
