# fp8 values are selected and moved as Triton moves them: tl.where (a
# constant other takes the fp8 type), `x if c else y`, tl.join,
# tl.interleave, tl.cat, tl.gather; two kinds of fp8 meet in fp16. tl.max
# and tl.min compare in fp32 and return it, as Triton's do; tl.device_print
# prints the value. Arithmetic stays an error (errors/fp8_arithmetic.py).
# RUN: tilec %s --kernel moves --signature '*fp8e4nv,*fp8e4nv,*fp32,i32' --emit tile | FileCheck %s
# RUN: tilec %s --kernel moves --signature '*fp8e4nv,*fp8e4nv,*fp32,i32' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel mixed --signature '*fp8e4nv,*fp8e5,*fp16' --emit tile | FileCheck %s --check-prefix=MIXED
# RUN: tilec %s --kernel mixed --signature '*fp8e4nv,*fp8e5,*fp16' -o %t.mixed.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.mixed.ptx -o %t.mixed.cubin %}

import triton
import triton.language as tl


@triton.jit
def moves(x_ptr, y_ptr, out_ptr, n):
    o = tl.arange(0, 16)
    x = tl.load(x_ptr + o)
    # CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f8E4M3FN
    # CHECK: %[[ZEROS:.*]] = tile.splat %[[ZERO]] : tensor<16xf8E4M3FN>
    # CHECK: arith.select %{{.*}}, %{{.*}}, %[[ZEROS]] : tensor<16xi1>, tensor<16xf8E4M3FN>
    y = tl.where(o > 3, x, 0.0)
    # CHECK: tile.join %{{.*}}, %{{.*}} : tensor<16xf8E4M3FN> -> tensor<16x2xf8E4M3FN>
    tl.store(y_ptr + o[:, None] * 2 + tl.arange(0, 2)[None, :], tl.join(x, y))
    tl.store(y_ptr + 32 + tl.arange(0, 32), tl.interleave(x, y))
    tl.store(y_ptr + 64 + tl.arange(0, 32), tl.cat(x, y, can_reorder=True))
    # CHECK: tile.gather
    tl.store(y_ptr + 96 + o, tl.gather(x, 15 - o, 0))
    # CHECK: scf.if {{.*}} -> (f8E4M3FN)
    a = tl.load(x_ptr)
    b = tl.load(x_ptr + 1)
    tl.store(y_ptr + 112, a if n > 3 else b)
    # CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f8E4M3FN
    tl.store(y_ptr + 113, tl.where(n > 4, a, b))
    # CHECK: %[[WIDE:.*]] = arith.extf %{{.*}} : tensor<16xf8E4M3FN> to tensor<16xf32>
    # CHECK: tile.reduce max %[[WIDE]] {{.*}} : tensor<16xf32> -> f32
    tl.store(out_ptr, tl.max(x, 0))
    # CHECK: %[[SHOWN:.*]] = arith.extf %{{.*}} : tensor<16xf8E4M3FN> to tensor<16xf32>
    # CHECK: tile.print "x" %[[SHOWN]] : tensor<16xf32>
    tl.device_print("x", x)


@triton.jit
def mixed(x_ptr, y_ptr, out_ptr):
    o = tl.arange(0, 16)
    x = tl.load(x_ptr + o)
    y = tl.load(y_ptr + o)
    # MIXED: arith.extf %{{.*}} : tensor<16xf8E4M3FN> to tensor<16xf16>
    # MIXED: arith.extf %{{.*}} : tensor<16xf8E5M2> to tensor<16xf16>
    # MIXED: arith.select {{.*}} : tensor<16xi1>, tensor<16xf16>
    tl.store(out_ptr + o, tl.where(o > 7, x, y))
