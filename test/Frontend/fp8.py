# fp8 (fp8e4nv, fp8e5) pointees: converted with the sm_90 pair instructions
# (cvt.rn.satfinite.*x2.f32 down, cvt.rn.f16x2.*x2 up), loaded and stored as
# bytes; arithmetic on fp8 and fp8 scalars in signatures are errors.
# RUN: tilec %S/../gpu/kernels/fp8.py --kernel fp8_round_trip --signature '*fp32:16,*fp8e4nv:16,*fp32:16,i32,256' --emit tile | FileCheck %s --check-prefix=TILE
# RUN: tilec %S/../gpu/kernels/fp8.py --kernel fp8_round_trip --signature '*fp32:16,*fp8e4nv:16,*fp32:16,i32,256' -o %t.e4.ptx
# RUN: FileCheck %s --check-prefix=E4 < %t.e4.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.e4.ptx -o %t.e4.cubin %}
# RUN: tilec %S/../gpu/kernels/fp8.py --kernel fp8_round_trip --signature '*fp32:16,*fp8e5:16,*fp32:16,i32,256' -o %t.e5.ptx
# RUN: FileCheck %s --check-prefix=E5 < %t.e5.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.e5.ptx -o %t.e5.cubin %}
# RUN: not tilec %s --kernel add_fp8 --signature '*fp8e4nv:16,i32,64' 2>&1 | FileCheck %s --check-prefix=ARITH
# RUN: not tilec %s --kernel add_fp8 --signature 'fp8e4nv,i32,64' 2>&1 | FileCheck %s --check-prefix=SCALAR

# TILE: arith.truncf %{{.*}} : tensor<256xf32> to tensor<256xf8E4M3FN>
# TILE: arith.extf %{{.*}} : tensor<256xf8E4M3FN> to tensor<256xf32>
# E4: cvt.rn.satfinite.e4m3x2.f32
# E4: st.global.b8
# E4: ld.global.u8
# E4: cvt.rn.f16x2.e4m3x2
# E5: cvt.rn.satfinite.e5m2x2.f32
# E5: cvt.rn.f16x2.e5m2x2

import triton
import triton.language as tl


@triton.jit
def add_fp8(q_ptr, n, BLOCK: tl.constexpr):
    q = tl.load(q_ptr + tl.arange(0, BLOCK))
    tl.store(q_ptr + tl.arange(0, BLOCK), q + q)
# ARITH: fp8.py:[[# @LINE - 1]]:43: error: arithmetic on fp8e4nv is not supported: convert it first, e.g. x.to(tl.float32)
# SCALAR: error: {{.*}}'fp8e4nv' is only a pointee type: fp8 scalars cannot be passed (use *fp8e4nv)
