# A kernel calls the file's other @triton.jit functions: each call is
# inlined at its site, with positional, keyword and default arguments,
# constexpr parameters, and the final `return` giving the value (a tuple
# for `return a, b`, unpacked by the caller). A helper may call another.
# The kernel is compiled to PTX that ptxas assembles.
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp32:16,i32,1024' --emit tile | FileCheck %s
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp32:16,i32,1024' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl


@triton.jit
def leaky_relu(x, SLOPE: tl.constexpr = 0.01):
    return tl.where(x >= 0, x, SLOPE * x)


@triton.jit
def scale_shift(x, a, b):
    y = x * a
    return y + b, y


@triton.jit
def activate(x, KIND: tl.constexpr):
    if KIND == 1:
        x = leaky_relu(x, SLOPE=0.2)
    return x


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    s, t = scale_shift(x, 2.0, b=1.0)
    y = leaky_relu(s, SLOPE=0.1) + leaky_relu(t) + activate(x, 1)
    tl.store(y_ptr + offs, y, mask=m)

# CHECK-LABEL: func.func @k(
# CHECK: %[[X:.*]] = tile.load
# scale_shift(x, 2.0, b=1.0): y = x * 2, then (y + 1, y).
# CHECK: %[[Y:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<1024xf32>
# CHECK: %[[S:.*]] = arith.addf %[[Y]], %{{.*}} : tensor<1024xf32>
# leaky_relu(s, SLOPE=0.1)
# CHECK: arith.constant 1.000000e-01 : f32
# CHECK: %[[L1:.*]] = arith.select %{{.*}}, %[[S]], %{{.*}}
# leaky_relu(t) with the default slope
# CHECK: arith.constant 0.00999999977 : f32
# CHECK: %[[L2:.*]] = arith.select %{{.*}}, %[[Y]], %{{.*}}
# activate(x, 1) -> leaky_relu(x, SLOPE=0.2)
# CHECK: arith.constant 2.000000e-01 : f32
# CHECK: %[[L3:.*]] = arith.select %{{.*}}, %[[X]], %{{.*}}
# CHECK-NOT: func.call
# CHECK: tile.store


# A runtime value given for a tl.constexpr parameter is taken as it is, as
# Triton does (its attention tutorial passes blocks of offsets so).
# RUN: tilec %s --kernel runtime_for_constexpr --signature '*fp32,i32' --emit tile | FileCheck %s --check-prefix=RTCONST
# RTCONST-LABEL: func.func @runtime_for_constexpr
# RTCONST: arith.sitofp %arg1 : i32 to f32
# RTCONST: arith.mulf
@triton.jit
def times(x, N: tl.constexpr):
    return x * N


@triton.jit
def runtime_for_constexpr(x_ptr, n):
    tl.store(x_ptr, times(2.0, n))
