# A K loop over tensor descriptor parameters (desc_param_matmul_relu, fp16
# 64x64x32 on 4 warps) takes TMA on sm_90a: the kernel takes one 128-byte
# CUtensorMap per descriptor it copies through, after its other
# parameters; three mbarriers
# (one per stage) are initialised by thread 0; each stage's copies
# (A: one 64x32 box under a 64-byte swizzle; B: one 32x64 box under a
# 128-byte swizzle) are issued by thread 0 after an expect_tx of their 8192
# bytes; each iteration waits on its stage's mbarrier, and no cp.async is
# left. The manifest lists the tensor maps with the leaves the runtime
# encodes them from (base, shapes, strides but the last), their boxes and
# swizzles; C's map, which no copy reads (its store takes pointers), is
# dropped. ptxas assembles it for sm_90a. With --num-stages 1 nothing is
# pipelined and the kernel takes no map.
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
# CHECK-NEXT: .param .align 64 .b8 desc_param_matmul_relu_param_17[128]
# CHECK-NEXT: )
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
# MANIFEST-NEXT: 3
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
# MANIFEST-NOT: "c_desc"

# OFF: .param .u32 desc_param_matmul_relu_param_15
# OFF-NEXT: )
# OFF-NOT: mbarrier
# OFF-NOT: cp.async.bulk.tensor
# OFF-MANIFEST-NOT: tensor_maps

# A descriptor made in the kernel from kernel parameters
# (desc_matmul_relu: tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], ...))
# gets a tensor map too, encoded from those parameters; C's, which only a
# store uses, is dropped.
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_matmul_relu --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,128,128,64' --num-warps 8 -o %t.mk.ptx
# RUN: FileCheck %s --check-prefix=MADE < %t.mk.ptx
# RUN: FileCheck %s --check-prefix=MADE-MANIFEST < %t.mk.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.mk.ptx -o %t.mk.cubin %}
# MADE: .param .u32 desc_matmul_relu_param_5,
# MADE-NEXT: .param .align 64 .b8 desc_matmul_relu_param_6[128],
# MADE-NEXT: .param .align 64 .b8 desc_matmul_relu_param_7[128]
# MADE-NEXT: )
# MADE: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 32768;
# MADE-COUNT-3: cp.async.bulk.tensor.2d
# MADE-MANIFEST: "name": "a_ptr.desc",
# MADE-MANIFEST-NEXT: "type": "fp16",
# MADE-MANIFEST-NEXT: "leaves": [
# MADE-MANIFEST-NEXT: 0,
# MADE-MANIFEST-NEXT: 3,
# MADE-MANIFEST-NEXT: 5,
# MADE-MANIFEST-NEXT: 5
# MADE-MANIFEST: "name": "b_ptr.desc",
# MADE-MANIFEST-NOT: c_ptr.desc

# A typed C++ launcher embeds the tensor maps (the runtime encodes them at
# each launch as for a manifest).
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_param_matmul_relu --signature 'tensordesc<fp16[64,32]>,tensordesc<fp16[32,64]>,tensordesc<fp16[64,64]>,i32,64,64,32' --emit cpp -o %t.launcher.h
# RUN: FileCheck %s --check-prefix=CPP < %t.launcher.cpp
# RUN: %cxx -Wall -Wextra -Werror -fsyntax-only %t.launcher.cpp
# CPP: constexpr size_t kLeaves0[] = {0, 1, 2, 3};
# CPP-NEXT: constexpr int64_t kBox0[] = {64, 32};
# CPP-NEXT: constexpr size_t kLeaves1[] = {5, 6, 7, 8};
# CPP-NEXT: constexpr int64_t kBox1[] = {32, 64};
# CPP-NEXT: constexpr tilec::rt::EmbeddedTensorMap kTensorMaps[] = {
# CPP-NEXT: {"a_desc", tilec::rt::ScalarType::FP16, kLeaves0, 4, kBox0, 64},
# CPP-NEXT: {"b_desc", tilec::rt::ScalarType::FP16, kLeaves1, 4, kBox1, 128},
# CPP-NEXT: };
# CPP: kTensorMaps, 2, // encoded at each launch
