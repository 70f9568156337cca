# The lecture's matmul + ReLU through tilec to PTX that ptxas assembles for
# sm_90a: the tiles go through shared memory (both factors, rows padded by
# 8 halves: 9.5 KiB in
# fp16); fp16 products run on the tensor cores (mma.sync m16n8k16, 4 m
# tiles x 2 n tiles x 2 k steps per warp and iteration), fp32 ones as fp32
# fma; the result is stored with the ReLU.
#
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32,i32,i32,i32,i32,i32,i32,i32,i32,64,64,32' -o %t.f32.ptx
# RUN: FileCheck %s --check-prefix=F32 < %t.f32.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.f32.ptx -o %t.f32.cubin %}
#
# CHECK: .visible .entry matmul_relu_kernel(
# CHECK: .reqntid 128, 1, 1
# CHECK: %ctaid.y
# CHECK: ld.global
# CHECK: st.shared.b16
# CHECK: bar.sync 0;
# CHECK: ld.shared.b32
# CHECK-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# CHECK-NOT: mma.sync
# CHECK: max.f32
# CHECK: st.global
# MANIFEST: "shared_bytes": 9728
# F32: st.shared.b32
# F32: bar.sync 0;
# F32: fma.rn.f32
