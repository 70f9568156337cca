# fp8 operations the lowering missed: a scalar bitcast to or from fp8 is its
# byte (Triton: 60 as uint8 is 1.5 in e4m3); tl.abs clears the sign bit, as
# Triton lowers it; an integer converted through fp32 to fp8 (or fp8 through
# fp32 to an integer), which the canonicalizer folds into one sitofp
# (fptosi) with an fp8 side, converts through fp32 (fp16). They failed to
# legalize or failed the verifier of the op on bytes.
#
# RUN: tilec %s --kernel bitcasts --signature '*u8,*fp8e4nv,*fp32,*u8' -o %t.bitcasts.ptx
# RUN: FileCheck %s --check-prefix=BITCAST < %t.bitcasts.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.bitcasts.ptx -o %t.bitcasts.cubin %}
# RUN: tilec %s --kernel absolute --signature '*fp8e5,*fp8e5' -o %t.abs.ptx
# RUN: FileCheck %s --check-prefix=ABS < %t.abs.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.abs.ptx -o %t.abs.cubin %}
# RUN: tilec %s --kernel through_fp32 --signature '*i32,*u32,*fp8e4nv' -o %t.ints.ptx
# RUN: FileCheck %s --check-prefix=INTS < %t.ints.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ints.ptx -o %t.ints.cubin %}

import triton
import triton.language as tl

# BITCAST-LABEL: .entry bitcasts
# BITCAST: ld.global.u8 [[BITS:%rs[0-9]+]]
# BITCAST: and.b16 [[BYTE:%rs[0-9]+]], [[BITS]], 255;
# BITCAST: cvt.rn.f16x2.e4m3x2 %r{{[0-9]+}}, [[BYTE]];
# BITCAST: ld.global.u8 [[BITS2:%rs[0-9]+]]
# BITCAST: and.b16 [[BYTE2:%rs[0-9]+]], [[BITS2]], 255;
# BITCAST: st.global.b8 [ %rd{{[0-9]+}} + 0 ], [[BYTE2]];


@triton.jit
def bitcasts(u_ptr, f_ptr, out_ptr, bits_ptr):
    x = tl.load(u_ptr).to(tl.float8e4nv, bitcast=True)
    tl.store(out_ptr, x.to(tl.float32))
    tl.store(bits_ptr, tl.load(f_ptr).to(tl.uint8, bitcast=True))


# ABS-LABEL: .entry absolute
# ABS: and.b16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, 127;
# ABS: and.b16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, 127;


@triton.jit
def absolute(x_ptr, out_ptr):
    tl.store(out_ptr, tl.abs(tl.load(x_ptr)))
    o = 1 + tl.arange(0, 16)
    tl.store(out_ptr + o, tl.abs(tl.load(x_ptr + o)))


# INTS-LABEL: .entry through_fp32
# INTS-DAG: cvt.rn.f32.s32
# INTS-DAG: cvt.rn.f32.u32
# INTS: cvt.rn.satfinite.e4m3x2.f32
# INTS: cvt.rn.f16x2.e4m3x2
# INTS: cvt.rzi.s32.f16


@triton.jit
def through_fp32(i_ptr, u_ptr, f_ptr):
    o = tl.arange(0, 16)
    tl.store(f_ptr + o, tl.load(i_ptr + o).to(tl.float32).to(tl.float8e4nv))
    tl.store(f_ptr + 16 + o,
             tl.load(u_ptr + o).to(tl.float32).to(tl.float8e4nv))
    tl.store(f_ptr + 32, tl.load(i_ptr + 32).to(tl.float32).to(tl.float8e4nv))
    tl.store(i_ptr + 64 + o,
             tl.load(f_ptr + 48 + o).to(tl.float32).to(tl.int32))
