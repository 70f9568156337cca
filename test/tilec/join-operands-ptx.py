# tl.join, tl.cat and tl.interleave of operands whose layouts differ (a load
# and a tl.max row, at any num_warps; a tl.dot product and a load on one or
# two warps): the two operands of tile.join must have one type, so when the
# first one's layout does not serve the join both are converted to the
# layout it needs (tile-assign-layouts). They failed tile.join's verifier.
#
# RUN: tilec %s --kernel join_max --signature '*fp32,*fp32,join' --num-warps 4 -o %t.max4.ptx
# RUN: FileCheck %s --check-prefix=MAX < %t.max4.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.max4.ptx -o %t.max4.cubin %}
# RUN: tilec %s --kernel join_max --signature '*fp32,*fp32,cat' --num-warps 1 -o %t.cat1.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.cat1.ptx -o %t.cat1.cubin %}
# RUN: tilec %s --kernel join_max --signature '*fp32,*fp32,interleave' --num-warps 8 -o %t.il8.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.il8.ptx -o %t.il8.cubin %}
# RUN: tilec %s --kernel join_dot --signature '*fp16,*fp32,join' --num-warps 1 -o %t.dot1.ptx
# RUN: FileCheck %s --check-prefix=DOT < %t.dot1.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.dot1.ptx -o %t.dot1.cubin %}
# RUN: tilec %s --kernel join_dot --signature '*fp16,*fp32,interleave' --num-warps 2 -o %t.dot2.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.dot2.ptx -o %t.dot2.cubin %}

import triton
import triton.language as tl

# MAX-LABEL: .entry join_max
# MAX: max.f32
# MAX: st.global
# DOT-LABEL: .entry join_dot
# DOT: mma.sync.aligned.m16n8k16
# DOT: st.global


@triton.jit
def join_max(x_ptr, out_ptr, OP: tl.constexpr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    m = tl.max(x, 1)
    y = tl.load(x_ptr + r)
    if OP == "join":
        z = tl.join(y, m)
        tl.store(out_ptr + r[:, None] * 2 + tl.arange(0, 2)[None, :], z)
    if OP == "cat":
        z = tl.cat(y, m, can_reorder=True)
        tl.store(out_ptr + tl.arange(0, 32), z)
    if OP == "interleave":
        z = tl.interleave(y, m)
        tl.store(out_ptr + tl.arange(0, 32), z)


@triton.jit
def join_dot(x_ptr, out_ptr, OP: tl.constexpr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    d = tl.dot(x, x)
    y = tl.load(x_ptr + r[:, None] * 16 + r[None, :]).to(tl.float32)
    if OP == "join":
        z = tl.join(d, y)
        tl.store(out_ptr + r[:, None, None] * 32 + r[None, :, None] * 2
                 + tl.arange(0, 2)[None, None, :], z)
    if OP == "interleave":
        z = tl.interleave(d, y)
        tl.store(out_ptr + r[:, None] * 32 + tl.arange(0, 32)[None, :], z)
