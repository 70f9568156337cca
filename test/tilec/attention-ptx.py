# Fused attention forward (test/gpu/kernels/attention.py: K.T through
# tl.trans, two products, an online softmax) on sm_90a with two
# warpgroups. Inside the loop: the S = Q K^T product from shared memory in
# one asm statement (the wgmma of its four K steps), with Q stored before
# the loop; P never goes to shared memory: P @ V takes it as wgmma's
# register operand A ({%r..} fragments; V is N-major: transpose flag 1),
# runs on into the next iteration (wait_group 1), and a barrier precedes
# the next stages' cp.async copies. ptxas neither serializes the wgmma nor
# injects fences or waits (no C75xx note).
#
# RUN: tilec %S/../gpu/kernels/attention.py --kernel attention_fwd --signature '*fp16:16,*fp16:16,*fp16:16,*fp16:16,fp32,i32,i32:16,i32:16,64,128,64,False' --num-warps 8 -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
#
# CHECK: .entry attention_fwd(
# CHECK: // =>This Inner Loop Header
# CHECK-NOT: st.shared
# CHECK: wgmma.fence.sync.aligned;
# CHECK-NOT: st.shared
# CHECK: setp.eq.u32 q, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, q, 1, 1, 0, 0;
# CHECK: wgmma.wait_group.sync.aligned 0;
# CHECK-NOT: st.shared
# CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{{[^}]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
# CHECK: wgmma.wait_group.sync.aligned 1;
# CHECK-NEXT: // end inline asm
# CHECK-NEXT: bar.sync 0;
# CHECK-NOT: st.shared
# CHECK: cp.async.cg.shared.global
# CHECK-NOT: st.shared
# CHECK: bra
# CHECK: wgmma.wait_group.sync.aligned 0;
#
# PTXAS-NOT: C75
# PTXAS: Used {{[0-9]+}} registers
