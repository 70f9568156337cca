# `while` with a runtime scalar condition becomes scf.while: the variables
# defined before the loop and assigned in it are carried (scalars or
# blocks), the condition reads them at the top of each trip, and after the
# loop they hold the last values. Names first assigned in the body do not
# exist after it. A compile-time condition (`while True` needs `break`), a
# block condition and while-else are located errors.
# RUN: tilec %s --kernel halvings --signature '*i32,*i32,i32' --emit tile | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %s --kernel newton --signature '*fp32:16,*fp32:16,i32,i32,1024' --emit tile | FileCheck %s --check-prefix=BLK
# RUN: tilec %s --kernel newton --signature '*fp32:16,*fp32:16,i32,i32,1024' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: not tilec %s --kernel forever --signature '*i32' 2>&1 | FileCheck %s --check-prefix=CONST
# RUN: not tilec %s --kernel block_cond --signature '*fp32:16,1024' 2>&1 | FileCheck %s --check-prefix=BCOND
# RUN: not tilec %s --kernel gone --signature '*i32,i32' 2>&1 | FileCheck %s --check-prefix=GONE

import triton
import triton.language as tl


@triton.jit
def halvings(x_ptr, y_ptr, n):
    i = tl.program_id(0)
    if i < n:
        v = tl.load(x_ptr + i)
        steps = 0
        while v > 1:
            v = v // 2
            steps += 1
        tl.store(y_ptr + i, steps)


@triton.jit
def newton(x_ptr, y_ptr, n, iters, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    r = x
    t = 0
    while t < iters:
        r = 0.5 * (r + x / r)
        t += 1
    tl.store(y_ptr + offs, r, mask=m)


@triton.jit
def forever(x_ptr):
    while True:
        tl.store(x_ptr, 1)


@triton.jit
def block_cond(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    while x > 0:
        x = x - 1


@triton.jit
def gone(x_ptr, n):
    while n > 0:
        last = n
        n = n - 1
    tl.store(x_ptr, last)

# SCALAR: %[[V:.*]] = tile.load
# SCALAR: %[[R:.*]]:2 = scf.while (%[[A:.*]] = %[[V]], %[[B:.*]] = %{{.*}}) : (i32, i32) -> (i32, i32) {
# SCALAR: %[[C:.*]] = arith.cmpi sgt, %[[A]], %{{.*}} : i32
# SCALAR-NEXT: scf.condition(%[[C]]) %[[A]], %[[B]] : i32, i32
# SCALAR-NEXT: } do {
# SCALAR: arith.divsi
# SCALAR: scf.yield
# SCALAR: tile.store %{{.*}}, %[[R]]#1 : !tile.ptr<i32>

# BLK: scf.while ({{.*}}) : (tensor<1024xf32>, i32) -> (tensor<1024xf32>, i32) {
# BLK: arith.cmpi slt, %{{.*}}, %arg3 : i32
# BLK: } do {
# BLK: arith.divf
# BLK: scf.yield %{{.*}}, %{{.*}} : tensor<1024xf32>, i32

# CONST: while.py:46:11: error: a while condition must be a runtime scalar, got the constant True (a loop that only `break` ends is not supported yet)
# BCOND: while.py:53:11: error: a while condition must be a scalar, got block<1024xi1>
# GONE: while.py:62:21: error: 'last' is only defined inside the loop at line 59; it has no value after the loop
