# A kernel calls @triton.jit functions of other files its file imports, in
# each of Python's spellings (Inputs/imports/); an imported function's
# names resolve in its own file (its imports, its other functions); files
# that import each other are read once. Locations of inlined code point
# into the file that holds it. The kernel is compiled to PTX that ptxas
# assembles.
# RUN: rm -rf %t.dir && cp -r %S/Inputs/imports %t.dir && cp %s %t.dir/kernel.py
# RUN: cd %t.dir && tilec kernel.py --signature '*fp32:16,*fp32:16,i32,1024' --emit tile --mlir-print-debuginfo | FileCheck %s
# RUN: cd %t.dir && tilec kernel.py --signature '*fp32:16,*fp32:16,i32,1024' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import torch
import triton
import triton.language as tl

import activations
import pkg.scales as sc
from . import star as st
from .activations import leaky_relu, max_combine as combine
from .star import *
from .reexport import leaky_relu as relu_again, negate as negate_again


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = leaky_relu(x, SLOPE=0.1) + activations.scaled_tanh(x)
    y += sc.scale_then_relu(x) + st.negate(x) + negate(y)
    y += relu_again(x) + negate_again(x)
    top = tl.reduce(y, 0, combine)
    tl.store(y_ptr + offs, y + top, mask=m)

# The helpers' code is inlined with their files' locations:
# CHECK-DAG: loc("activations.py":12:
# CHECK-DAG: loc("activations.py":18:
# CHECK-DAG: loc("activations.py":23:
# CHECK-DAG: loc("pkg/scales.py":11:
# CHECK-DAG: loc("star.py":7:
# CHECK-DAG: loc("kernel.py":30:
# libdevice through activations.py's own `import ... as ld`:
# CHECK-DAG: __nv_tanhf
