# The lecture's matmul + ReLU (the _d16 signature of matmul-ptx.py) through
# tilec for the default target, sm_90a: tl.dot of fp16 (and bf16) 64x64x32
# tiles on 4 warps (one warpgroup) takes wgmma. The factors go into
# 1024-byte aligned shared buffers in the canonical swizzles (the extern
# array is .align 1024) and are read by wgmma through matrix descriptors
# after the barrier that the product waits at: per K tile, two
# wgmma.mma_async m64n64k16 (16 of K each) between wgmma.fence and
# wgmma.commit_group; no ldmatrix, no mma.sync. With the default 3 stages
# (cp.async), each iteration waits for its copies (cp.async.wait_group 1),
# passes the loop's one barrier (no proxy fence: cp.async writes are
# ordered for wgmma by their wait and the barrier), multiplies, and leaves the product
# running (wgmma.wait_group 1: the previous one is complete) while it
# starts the copies of iteration i + 2; after the loop wgmma.wait_group 0
# completes the last product. --num-stages 1 (no cp.async): 16-byte shared
# stores, fence (fence.proxy.async.shared::cta: stores from registers must
# be made visible to the async proxy), barrier, the product and wgmma.wait_group 0 in every
# iteration. ptxas assembles each for sm_90a.
#
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' -o %t.f16.ptx
# RUN: FileCheck %s --check-prefixes=CHECK,F16 < %t.f16.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.f16.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.f16.ptx -o %t.f16.cubin %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*bf16:16,*bf16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' -o %t.bf16.ptx
# RUN: FileCheck %s --check-prefixes=CHECK,BF16 < %t.bf16.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.bf16.ptx -o %t.bf16.cubin %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' --num-stages 1 -o %t.s1.ptx
# RUN: FileCheck %s --check-prefix=S1 < %t.s1.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST1 < %t.s1.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.s1.ptx -o %t.s1.cubin %}
#
# CHECK: .target sm_90a
# CHECK: .extern .shared .align 1024 .b8 tile_shared[];
# CHECK: .visible .entry matmul_relu_kernel(
# CHECK: .reqntid 128, 1, 1
# CHECK-NOT: ldmatrix
# CHECK-NOT: mma.sync
# CHECK-NOT: st.shared
# CHECK-NOT: wgmma
# The prologue: copies of iterations 0 and 1.
# CHECK-COUNT-2: cp.async.commit_group;
# CHECK-NOT: wgmma
# CHECK: // =>This Inner Loop Header
# CHECK-NOT: bar.sync
# CHECK-NOT: wgmma
# CHECK: cp.async.wait_group 1;
# CHECK-NOT: bar.sync
# CHECK-NOT: fence.proxy
# CHECK-NOT: wgmma
# CHECK: bar.sync 0;
# CHECK-NOT: bar.sync
# CHECK: wgmma.fence.sync.aligned;
# CHECK-NOT: bar.sync
# F16-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{{(%r[0-9]+, ){31}%r[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, {{[pq]}}, 1, 1, 0, 1;
# BF16-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{{(%r[0-9]+, ){31}%r[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, {{[pq]}}, 1, 1, 0, 1;
# CHECK-NOT: wgmma.mma_async
# CHECK: wgmma.commit_group.sync.aligned;
# CHECK-NEXT: // end inline asm
# CHECK-NEXT: // begin inline asm
# CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
# CHECK-NOT: bar.sync
# CHECK: cp.async.commit_group;
# CHECK-NOT: bar.sync
# CHECK-NOT: wgmma
# CHECK: @%p{{[0-9]+}} bra {{.*}}$L__BB{{[0-9_]+}};
# CHECK-NOT: bar.sync
# CHECK: wgmma.wait_group.sync.aligned 0;
# CHECK-NOT: wgmma.mma_async
# CHECK: cp.async.wait_group 0;
# CHECK: bar.sync 0;
# CHECK-COUNT-8: st.shared.v4.b32
# CHECK-NEXT: bar.sync 0;
# CHECK-COUNT-8: ld.shared.v4.b32
# CHECK: max.f32
# CHECK: st.global.v4.b32
# CHECK-NOT: ldmatrix
# CHECK-NOT: mma.sync
# CHECK: ret;
#
# MANIFEST: "arch": "sm_90a",
# MANIFEST: "num_stages": 3,
# MANIFEST-NEXT: "shared_bytes": 24576,
#
# S1: .extern .shared .align 1024 .b8 tile_shared[];
# S1-NOT: cp.async
# S1-NOT: ldmatrix
# S1: // =>This Inner Loop Header
# S1: ld.global.v4.b32
# S1: bar.sync 0;
# S1-COUNT-4: st.shared.v4.b32
# S1-NEXT: // begin inline asm
# S1-NEXT: fence.proxy.async.shared::cta;
# S1-NEXT: // end inline asm
# S1-NEXT: bar.sync 0;
# S1-NOT: bar.sync
# S1: wgmma.fence.sync.aligned;
# S1-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# S1-NOT: wgmma.mma_async
# S1: wgmma.commit_group.sync.aligned;
# S1: wgmma.wait_group.sync.aligned 0;
# S1-NOT: bar.sync
# S1: @%p{{[0-9]+}} bra {{.*}}$L__BB{{[0-9_]+}};
# S1-NOT: wgmma
# S1-NOT: cp.async
# S1-NOT: ldmatrix
# S1-NOT: mma.sync
# S1: ret;
# (16 KiB: the factors' 8 KiB, then the product's 64x64 fp32 on its way to
# the store over them.)
# MANIFEST1: "num_stages": 1,
# MANIFEST1-NEXT: "shared_bytes": 16384,
