# fp32 factors on sm_90a take wgmma in tf32 when the tile is large enough
# to pay for K-major factors (two m64 tiles per warpgroup, or 128x128
# elements and more): the lecture's kernel at 128x128x32 on 4 warps. wgmma
# reads tf32 only K-major: A (K contiguous in memory) keeps its 16-byte
# copies into a 128-byte swizzled buffer; B (N contiguous) is loaded one
# element a thread, 8 lanes along N and 4 along K, and copied 4 bytes at a
# time (cp.async.ca) into a K-major buffer (transposed = true). Per K tile
# of 32: 4 wgmma.mma_async m64n128k8 .tf32 per 64-row tile, 2 tiles, with
# no transpose flags. At the lecture's own 64x64x32 the product stays on
# mma.sync (tf32 m16n8k8), which was faster there. ptxas assembles both.
#
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,128,128,32' -o %t.ptx --emit llvm-mlir --mlir-print-ir-after=tile-dot-operands-to-shared 2>&1 | FileCheck %s --check-prefix=IR
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,128,128,32' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' -o %t.small.ptx
# RUN: FileCheck %s --check-prefix=SMALL < %t.small.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.small.ptx -o %t.small.cubin %}
#
# IR-DAG: #[[LA:[^ ]+]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
# IR-DAG: #[[LB:[^ ]+]] = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
# IR-DAG: #[[SA:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = false>
# IR-DAG: #[[SB:[^ ]+]] = #tile.nvmma_shared<swizzle = 128, elementBits = 32, transposed = true>
# IR-DAG: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [4, 1], instrN = 128>
# IR: tile.local_alloc %{{.*}} : tensor<128x32xf32, #[[LA]]> -> !tile.memdesc<128x32xf32, #[[SA]]>
# IR-NEXT: tile.local_alloc %{{.*}} : tensor<32x128xf32, #[[LB]]> -> !tile.memdesc<32x128xf32, #[[SB]]>
# IR-NEXT: tile.warpgroup_dot {{.*}} -> tensor<128x128xf32, #[[WG]]>
#
# CHECK: // =>This Inner Loop Header
# CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{[^}]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
# CHECK-NOT: wgmma.mma_async
# CHECK: wgmma.commit_group.sync.aligned;
# CHECK-COUNT-8: cp.async.cg.shared.global [{{[^]]+}}], [{{[^]]+}}], 16
# CHECK-COUNT-32: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4
# CHECK: @%p{{[0-9]+}} bra
#
# SMALL-NOT: wgmma.mma_async
# SMALL: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
