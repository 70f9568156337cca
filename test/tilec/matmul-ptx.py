# The lecture's matmul + ReLU through tilec for sm_80 (the mma.sync path;
# sm_90a takes wgmma, see wgmma-ptx.py) to PTX that ptxas assembles for
# sm_90a, without software pipelining (--num-stages 1: plain loads, not
# cp.async). fp16: each K step loads both 64x32 / 32x64 tiles with 16-byte
# global loads (the _d16 signature promises the alignment), stores them
# with 16-byte shared stores into swizzled buffers (8 KiB; after the loop
# the product's 16 KiB trip to its store's layout reuses them), waits at one barrier, reads them back with ldmatrix
# (plain for A, transposed for B, whose rows run along N) and multiplies on
# the tensor cores (mma.sync m16n8k16, 2 m tiles x 4 n tiles x 2 k steps per
# warp and iteration); the body starts with a barrier so that a step's
# stores wait for the previous step's reads. fp32 factors are multiplied in
# tf32 (tl.dot's default, as Triton's): mma.sync m16n8k8, the factors read
# from their swizzled buffers with 32-bit shared loads (ldmatrix moves 16-bit
# elements). The result is stored with the ReLU.
#
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' --num-stages 1 --arch sm_80 -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32,i32,i32,i32,i32,i32,i32,i32,i32,64,64,32' --num-stages 1 --arch sm_80 -o %t.f32.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.f32.ptx -o %t.f32.cubin %}
# RUN: FileCheck %s --check-prefix=F32 < %t.f32.ptx
#
# CHECK: .visible .entry matmul_relu_kernel(
# CHECK: .reqntid 128, 1, 1
# CHECK: %ctaid.y
# CHECK-NOT: ldmatrix
# CHECK: ld.global.v4.b32
# CHECK: bar.sync 0;
# CHECK-COUNT-2: st.shared.v4.b32
# CHECK: ld.global.v4.b32
# CHECK-COUNT-2: st.shared.v4.b32
# CHECK-NOT: st.shared
# CHECK: bar.sync 0;
# CHECK-NOT: ld.shared
# CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# CHECK-NOT: ld.shared
# CHECK-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# CHECK-NOT: mma.sync
# CHECK-NOT: ldmatrix
# CHECK: max.f32
# CHECK: st.global.v4.b32
# MANIFEST: "shared_bytes": 16384
# The fp32 loop: one barrier a step, no ldmatrix, 2 m tiles x 4 n tiles x
# 4 k steps of tf32 mma.sync per warp.
# F32: ld.global
# F32: bar.sync 0;
# F32-NOT: ldmatrix
# F32: ld.shared.b32
# F32-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# F32-NOT: mma.sync
# F32-NOT: fma.rn.f32
# F32: max.f32
