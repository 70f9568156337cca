# fp32 factors on sm_90a take wgmma in tf32. wgmma reads tf32 from shared
# memory only K-major, and the lecture's B is contiguous along N, so the
# product is computed transposed, D^T = B^T A^T (#tile.wgmma<...,
# transposed = true>): A, K-major, is wgmma's shared operand; B goes
# through a 128-byte-swizzled buffer in its own orientation (16-byte
# cp.async copies, as A) into the registers wgmma takes as its A operand
# (#tile.dot_operand<opIdx = 1> of that layout, 16-byte ld.shared reads).
#
# Pipelined (tile-pipeline): the loop runs under scf.if (lower < upper),
# the wait for the last product inside it, and the previous product is
# waited for (pendings = 0) before B's fragments are loaded into the
# registers it reads; ptxas then keeps the products asynchronous (no
# C7515 "wgmma.mma_async instructions are serialized") and spills nothing.
# Per K tile of 32 at 128x128x32 on 4 warps: 4 K steps x 2 m64 tiles (of
# N) = 8 wgmma.mma_async m64n128k8 (instrN = M = 128) with a register
# operand of 4 b32. The lecture's 64x64x32: 4 m64n64k8.
#
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,128,128,32' -o %t.ptx --emit llvm-mlir --mlir-print-ir-after=tile-dot-operands-to-shared 2>&1 | FileCheck %s --check-prefix=IR
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,128,128,32' -o %t.ptx --emit llvm-mlir --mlir-print-ir-after=tile-pipeline 2>&1 | FileCheck %s --check-prefix=PIPE
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,128,128,32' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' -o %t.small.ptx
# RUN: FileCheck %s --check-prefix=SMALL < %t.small.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.small.ptx -o %t.small.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
#
# IR-DAG: #[[LA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
# IR-DAG: #[[LB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
# IR-DAG: #[[S:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
# IR-DAG: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128, transposed = true>
# IR: %[[A:.*]] = tile.local_alloc %{{.*}} : tensor<128x32xf32, #[[LA]]> -> !tile.memdesc<128x32xf32, #[[S]]>
# IR-NEXT: %[[MB:.*]] = tile.local_alloc %{{.*}} : tensor<32x128xf32, #[[LB]]> -> !tile.memdesc<32x128xf32, #[[S]]>
# IR-NEXT: %[[B:.*]] = tile.local_load %[[MB]] : {{.*}} -> tensor<32x128xf32, #tile.dot_operand<opIdx = 1, parent = #[[WG]], kWidth = 1>>
# IR-NEXT: tile.warpgroup_dot %[[A]], %[[B]], {{.*}} -> tensor<128x128xf32, #[[WG]]>
#
# PIPE: scf.if %{{.*}} -> (tensor<128x128xf32, #wgmma>
# PIPE-NEXT: %[[LOOP:.*]]:5 = scf.for {{.*}} iter_args(%[[ACC:[^ ]+]] = %[[ZERO:[^,]+]],
# PIPE: %[[DONE:.*]] = tile.warpgroup_dot_wait %[[ACC]] {pendings = 0 : i32}
# PIPE-NEXT: %[[FRAG:.*]] = tile.local_load
# PIPE-NEXT: tile.warpgroup_dot %{{.*}}, %[[FRAG]], %[[DONE]] {pendings = 1 : i32}
# PIPE: scf.yield
# PIPE-NEXT: }
# PIPE-NEXT: %[[LAST:.*]] = tile.warpgroup_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
# PIPE-NEXT: scf.yield %[[LAST]],
# PIPE-NEXT: } else {
# PIPE-NEXT: scf.yield %[[ZERO]],
#
# CHECK: // =>This Inner Loop Header
# CHECK: wgmma.wait_group.sync.aligned 0;
# CHECK: bar.sync 0;
# CHECK-COUNT-8: ld.shared.v4.b32
# CHECK: wgmma.fence.sync.aligned;
# CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{[^}]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
# CHECK-NOT: wgmma.mma_async
# CHECK: wgmma.commit_group.sync.aligned;
# CHECK-NOT: cp.async.ca.shared.global
# CHECK-COUNT-16: cp.async.cg.shared.global [{{[^]]+}}], [{{[^]]+}}], 16
# CHECK: @%p{{[0-9]+}} bra
#
# PTXAS-NOT: C7515
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
#
# SMALL-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{{[^}]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
# SMALL-NOT: mma.sync
