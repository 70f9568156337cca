# fp8 on sm_80, which has no fp8 conversion instructions (cvt with
# .e4m3x2/.e5m2x2 needs sm_89): fp8e5 is the high byte of an f16, so it
# widens by a shift and narrows by rounding the dropped bits to nearest
# even in integer operations, saturating as the instructions do (f32 is
# rounded once, subnormals by cvt.rni); a tl.dot of fp8e5 widens its
# factors the same way. fp8e4nv is refused there, as Triton refuses it,
# at the kernel for a parameter and at the conversion otherwise. Before,
# ptxas rejected the PTX.
#
# RUN: tilec %s --kernel convert --signature '*fp8e5,*fp32' --arch sm_80 -o %t.up.ptx
# RUN: FileCheck %s --check-prefix=UP < %t.up.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.up.ptx -o %t.up.cubin %}
# RUN: tilec %s --kernel convert --signature '*fp32,*fp8e5' --arch sm_80 -o %t.f32.ptx
# RUN: FileCheck %s --check-prefix=F32 < %t.f32.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.f32.ptx -o %t.f32.cubin %}
# RUN: tilec %s --kernel convert --signature '*fp16,*fp8e5' --arch sm_80 -o %t.f16.ptx
# RUN: FileCheck %s --check-prefix=F16 < %t.f16.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.f16.ptx -o %t.f16.cubin %}
# RUN: tilec %s --kernel convert --signature '*bf16,*fp8e5' --arch sm_80 -o %t.bf16.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.bf16.ptx -o %t.bf16.cubin %}
# RUN: tilec %s --kernel product --signature '*fp8e5,*fp32' --arch sm_80 -o %t.dot.ptx
# RUN: FileCheck %s --check-prefix=DOT < %t.dot.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.dot.ptx -o %t.dot.cubin %}
# RUN: not tilec %s --kernel convert --signature '*fp8e4nv,*fp32' --arch sm_80 2>&1 | FileCheck %s --check-prefix=PARAM
# RUN: not tilec %s --kernel narrow --signature '*fp32,*fp32' --arch sm_80 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: tilec %s --kernel narrow --signature '*fp32,*fp32' --arch sm_90 -o %t.sm90.ptx
# RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx

import triton
import triton.language as tl

# UP-LABEL: .entry convert
# UP-NOT: e5m2x2
# UP: ld.global.u8 [[BYTE:%rs[0-9]+]]
# UP: shl.b16 [[HALF:%rs[0-9]+]], [[BYTE]], 8;
# UP: cvt.f32.f16 %r{{[0-9]+}}, [[HALF]];

# F32-LABEL: .entry convert
# F32-NOT: e5m2x2
# F32-DAG: shr.u32 %r{{[0-9]+}}, %r{{[0-9]+}}, 21;
# F32-DAG: min.u32 %r{{[0-9]+}}, %r{{[0-9]+}}, 123;
# F32-DAG: cvt.rni.f32.f32
# F32: selp.b16 %rs{{[0-9]+}}, 127,
# F32: st.global.b8

# F16-LABEL: .entry convert
# F16-NOT: e5m2x2
# F16: setp.gt.u16 %p{{[0-9]+}}, %rs{{[0-9]+}}, 31744;
# F16: shr.u16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, 8;
# F16: min.u16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, 123;
# F16: st.global.b8

# DOT-LABEL: .entry product
# DOT-NOT: e5m2x2
# DOT: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

# PARAM: sm80-fp8-ptx.py:[[# @LINE + 4]]:1: error: parameter 'x_ptr': fp8e4nv is not supported on sm_80: as in Triton, it needs sm_89 or newer (sm_80 has fp8e5)


@triton.jit
def convert(x_ptr, y_ptr):
    o = tl.arange(0, 128)
    tl.store(y_ptr + o, tl.load(x_ptr + o).to(y_ptr.dtype.element_ty))


@triton.jit
def product(x_ptr, y_ptr):
    o = tl.arange(0, 32)
    a = tl.load(x_ptr + o[:, None] * 32 + o[None, :])
    tl.store(y_ptr + o[:, None] * 32 + o[None, :], tl.dot(a, a))


# NARROW: sm80-fp8-ptx.py:[[# @LINE + 6]]:9: error: fp8e4nv is not supported on sm_80: as in Triton, it needs sm_89 or newer (sm_80 has fp8e5)
# SM90: cvt.rn.satfinite.e4m3x2.f32
# SM90: cvt.rn.f16x2.e4m3x2
@triton.jit
def narrow(x_ptr, y_ptr):
    o = tl.arange(0, 128)
    x = tl.load(x_ptr + o).to(tl.float8e4nv)
    tl.store(y_ptr + o, x.to(tl.float32) * 2)
