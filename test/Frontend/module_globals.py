# Globals Triton 3.6 lets kernels read besides tl.constexpr(...) values:
# names annotated tl.constexpr (with a tl.constexpr(...) value or a plain
# one), and aliases of Triton's functions, libdevice's, tl.math's and
# @triton.jit helpers, each called as the function it names.
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp16:16' --emit tile | FileCheck %s
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp16:16' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl
from triton.language.extra import libdevice

MODE: tl.constexpr = tl.constexpr(2)
SCALE: tl.constexpr = 3
my_tanh = libdevice.tanh
my_cast = tl.cast
my_rsqrt = tl.math.rsqrt
my_round = tl.extra.cuda.libdevice.round


@triton.jit
def helper(x):
    return x * 2


twice = helper


@triton.jit
def k(x_ptr, y_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    if MODE == 2:
        x = x * SCALE
    y = my_tanh(x) + my_rsqrt(x) + my_round(x)
    y = twice(y)
    tl.store(y_ptr + offs, my_cast(y, tl.float16))

# CHECK: arith.constant 3.000000e+00 : f32
# CHECK: tile.extern_elementwise "__nv_tanhf"
# CHECK: math.rsqrt
# CHECK: tile.extern_elementwise "__nv_roundf"
# CHECK: arith.constant 2.000000e+00 : f32
# CHECK: arith.truncf {{.*}} : tensor<128xf32> to tensor<128xf16>
