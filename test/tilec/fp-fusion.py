# tilec --fp-fusion (default on, Triton's enable_fp_fusion): a * b + c may
# become one fma; plain adds and multiplies carry no rounding suffix, so
# ptxas may fuse them too. --fp-fusion=false keeps them apart (.rn: ptxas
# must not fuse). tl.math.exp2 flushes subnormal results (.ftz), as
# Triton's does; tl.exp does not.
#
# RUN: tilec %s --kernel axpb --signature '*fp32:16,*fp32:16,*fp32:16,fp32,i32' -o %t.ptx
# RUN: FileCheck %s --check-prefix=FUSED < %t.ptx
# RUN: tilec %s --kernel axpb --signature '*fp32:16,*fp32:16,*fp32:16,fp32,i32' --fp-fusion=false -o %t.apart.ptx
# RUN: FileCheck %s --check-prefix=APART < %t.apart.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
#
# FUSED: .entry axpb(
# FUSED-NOT: mul.rn.f32
# FUSED: fma.rn.f32
# FUSED: ex2.approx.ftz.f32
# FUSED: ex2.approx.f32
#
# APART: .entry axpb(
# APART-NOT: fma.rn.f32
# APART: mul.rn.f32
# APART: add.rn.f32

import triton
import triton.language as tl


@triton.jit
def axpb(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr = 256):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    z = x * a + y
    tl.store(out_ptr + offsets, tl.math.exp2(z) + tl.exp(y), mask=mask)
