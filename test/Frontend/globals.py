# Kernels read the globals Triton lets them read: values made with
# tl.constexpr(...) (numbers, strings, bools; one may use another) and
# dtypes, in their own file or one they import. Each is a compile-time
# value where it is used.
# RUN: rm -rf %t.dir && cp -r %S/Inputs/imports %t.dir && cp %s %t.dir/kernel.py && cd %t.dir
# RUN: tilec kernel.py --signature '*fp32:16,*fp16:16' --emit tile | FileCheck %s
# RUN: tilec kernel.py --signature '*fp32:16,*fp16:16' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import torch
import triton
import triton.language as tl
from triton.language import constexpr

import consts
from .consts import BLOCK_DEFAULT
from .consts import *

DEVICE = torch.device("cuda")  # host code: fine while no kernel reads it
SCALE = tl.constexpr(3)
TWICE = constexpr(SCALE * 2)
LOG2E = triton.language.constexpr(1.4426950408889634)
MODE = tl.constexpr("shift")
OUT_DTYPE = tl.float16


@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr = BLOCK_DEFAULT):
    offs = tl.arange(0, BLOCK) + consts.OFFSET + (OFFSET - consts.OFFSET)
    x = tl.load(x_ptr + offs) * TWICE
    if MODE == "shift":
        x = x + LOG2E
    tl.store(y_ptr + offs, x.to(OUT_DTYPE))

# BLOCK from the imported default, offsets from the imported OFFSET (128),
# TWICE = 6, LOG2E, the fp16 output dtype:
# CHECK: tile.constexprs = {BLOCK = 256 : i32}
# CHECK: tile.make_range 0, 256
# CHECK: arith.constant 128 : i32
# CHECK: arith.constant 6.000000e+00 : f32
# CHECK: arith.constant 1.44269502 : f32
# CHECK: arith.truncf {{.*}} : tensor<256xf32> to tensor<256xf16>
