# The key/value loop of attention's backward (test/gpu/kernels/attention.py
# attention_bwd_kv, Triton's tutorial 06 configuration: 4 warps, 5 stages)
# on sm_90a. Every load of the loop is a cp.async copy issued four
# iterations ahead: Q^T and dO (16 bytes a copy) feed two products each
# from one buffer, and the row statistics lse and delta (4 bytes a copy)
# are read back from theirs as 8-byte vectors (copied by the first of the
# four threads that hold each value: the copies are predicated, so that
# identical writes do not race); the loop neither loads
# global memory nor stores to shared memory. The products' accumulators
# stay in the registers of their asm statements (no copies between the K
# steps: the kernel is assembled at codegen level O3 although its LLVM IR
# has more than 6000 instructions, a third of them lane extractions).
# ptxas neither serializes the wgmma nor injects waits (no C75xx note).
#
# RUN: tilec %S/../gpu/kernels/attention.py --kernel attention_bwd_kv --signature '*fp16:16,*fp16:16,*fp16:16,*fp16:16,*fp32:16,*fp32:16,*fp16:16,*fp16:16,fp32,i32,i32:16,i32:16,64,32,128,True' --num-warps 4 --num-stages 5 -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
#
# One m64 tile of keys a program (BLOCK_N 64), 2 stages: the products that
# take P^T and dS^T from registers run on into the next iteration too, and
# the loop sits in a guard that skips it and its final waits together (else
# the zero-trip path joins before the wait and ptxas serializes them).
# RUN: tilec %S/../gpu/kernels/attention.py --kernel attention_bwd_kv --signature '*fp16:16,*fp16:16,*fp16:16,*fp16:16,*fp32:16,*fp32:16,*fp16:16,*fp16:16,fp32,i32,i32:16,i32:16,64,32,64,True' --num-warps 4 --num-stages 2 -o %t.n64.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.n64.ptx -o %t.n64.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
#
# CHECK: .entry attention_bwd_kv(
# CHECK: // =>This Inner Loop Header
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: cp.async.wait_group 	3;
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: ld.shared.v2.b32
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%r[[ACC:[0-9]+]],
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%r[[DV:[0-9]+]], {{[^}]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%r{{[0-9]+}},
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%r[[DV]],
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: cp.async.cg.shared.global [{{[^]]+}}], [{{[^]]+}}], 16,
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: @%p{{[0-9]+}} cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4,
# CHECK-NOT: {{ld.global|st.shared|mov.b32 	%r[0-9]+, %r}}
# CHECK: bra 	$L__BB
#
# PTXAS-NOT: C75
# PTXAS: Used {{[0-9]+}} registers
