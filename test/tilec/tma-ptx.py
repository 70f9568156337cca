# A K loop over tensor descriptor parameters (desc_param_matmul_relu, fp16
# 64x64x32 on 4 warps) takes TMA on sm_90a: the kernel takes one 128-byte
# CUtensorMap per descriptor after its other parameters; three mbarriers
# (one per stage) are initialised by thread 0; each stage's copies
# (A: one 64x32 box under a 64-byte swizzle; B: one 32x64 box under a
# 128-byte swizzle) are issued by thread 0 after an expect_tx of their 8192
# bytes; each iteration waits on its stage's mbarrier, and no cp.async is
# left. The manifest lists the tensor maps with the leaves the runtime
# encodes them from, their boxes and swizzles; C (stored through pointers)
# has an empty box. ptxas assembles it for sm_90a. With --num-stages 1
# nothing is pipelined and no map is used.
#
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_param_matmul_relu --signature 'tensordesc<fp16[64,32]>,tensordesc<fp16[32,64]>,tensordesc<fp16[64,64]>,i32,64,64,32' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_param_matmul_relu --signature 'tensordesc<fp16[64,32]>,tensordesc<fp16[32,64]>,tensordesc<fp16[64,64]>,i32,64,64,32' --num-stages 1 -o %t.s1.ptx
# RUN: FileCheck %s --check-prefix=OFF < %t.s1.ptx
# RUN: FileCheck %s --check-prefix=OFF-MANIFEST < %t.s1.json

# CHECK: .param .u32 desc_param_matmul_relu_param_15,
# CHECK-NEXT: .param .align 64 .b8 desc_param_matmul_relu_param_16[128],
# CHECK-NEXT: .param .align 64 .b8 desc_param_matmul_relu_param_17[128],
# CHECK-NEXT: .param .align 64 .b8 desc_param_matmul_relu_param_18[128]
# CHECK-NOT: cp.async.cg
# CHECK-COUNT-3: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
# CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 8192;
# CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# CHECK: mbarrier.try_wait.parity.shared::cta.b64
# CHECK: wgmma.mma_async
# CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 8192;
# CHECK-COUNT-2: cp.async.bulk.tensor.2d
# CHECK: mbarrier.inval.shared::cta.b64
# CHECK-NOT: cp.async.cg

# MANIFEST: "tensor_maps": [
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "name": "a_desc",
# MANIFEST-NEXT: "type": "fp16",
# MANIFEST-NEXT: "leaves": [
# MANIFEST-NEXT: 0,
# MANIFEST-NEXT: 1,
# MANIFEST-NEXT: 2,
# MANIFEST-NEXT: 3,
# MANIFEST-NEXT: 4
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: "box": [
# MANIFEST-NEXT: 64,
# MANIFEST-NEXT: 32
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: "swizzle": 64
# MANIFEST: "name": "b_desc",
# MANIFEST: "box": [
# MANIFEST-NEXT: 32,
# MANIFEST-NEXT: 64
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: "swizzle": 128
# MANIFEST: "name": "c_desc",
# MANIFEST: "box": [],
# MANIFEST-NEXT: "swizzle": 0

# OFF: .param .align 64 .b8 desc_param_matmul_relu_param_16[128],
# OFF-NOT: mbarrier
# OFF-NOT: cp.async.bulk.tensor
# OFF-MANIFEST: "name": "a_desc",
# OFF-MANIFEST: "box": [],
