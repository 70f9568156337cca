# fp8 tl.dot on sm_90a. With both factors contiguous along K (A row-major,
# B column-major through its strides) the product stays fp8 and runs on
# wgmma.mma_async m64nNk32 .e4m3 (both factors K-major, no transpose
# flags); each K tile's product starts from zero (scale-d 0 on its first
# instruction, no zeroed registers) and is added to the accumulator in fp32
# (64 add.f32 a thread here), since wgmma sums fp8 products in fewer bits.
# That second set of accumulators fits 128x128 on 8 warps (64 a thread)
# without spills.
# With B row-major, tile-assign-layouts widens both factors to fp16 (exact)
# and the product takes the fp16 wgmma. ptxas assembles both and spills
# nothing.
#
# RUN: tilec %S/../gpu/kernels/fp8.py --kernel fp8_matmul --signature '*fp8e4nv:16,*fp8e4nv:16,*fp32:16,i32:16,i32:16,i32:16,i32:1,i32:16,128,128,64' --num-warps 8 -o %t.ptx --emit llvm-mlir --mlir-print-ir-after=tile-assign-layouts 2>&1 | FileCheck %s --check-prefix=IR
# RUN: tilec %S/../gpu/kernels/fp8.py --kernel fp8_matmul --signature '*fp8e4nv:16,*fp8e4nv:16,*fp32:16,i32:16,i32:16,i32:16,i32:1,i32:16,128,128,64' --num-warps 8 -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: tilec %S/../gpu/kernels/fp8.py --kernel fp8_matmul --signature '*fp8e4nv:16,*fp8e4nv:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,128,128,64' --num-warps 8 -o %t.row.ptx --emit llvm-mlir --mlir-print-ir-after=tile-assign-layouts 2>&1 | FileCheck %s --check-prefix=ROW
#
# IR: #[[WG:[^ ]+]] = #tile.wgmma<warpsPerCTA = [8, 1], instrN = 128>
# IR: scf.for {{.*}} -> (tensor<128x128xf32, #[[WG]]>)
# IR: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf8E4M3FN, #{{[^>]+}}>, tensor<64x128xf8E4M3FN, #{{[^>]+}}> -> tensor<128x128xf32, #[[WG]]>
# IR-NEXT: arith.addf %{{.*}}, %[[D]] : tensor<128x128xf32, #[[WG]]>
#
# CHECK: // =>This Inner Loop Header
# CHECK: wgmma.fence.sync.aligned;
# CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{{[^}]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, {{[pq]}}, 1, 1;
# CHECK: wgmma.wait_group.sync.aligned 0;
# CHECK-COUNT-64: add.f32
#
# PTXAS-NOT: C7515
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
#
# ROW: arith.extf %{{.*}} : tensor<128x64xf8E4M3FN, #{{[^>]+}}> to tensor<128x64xf16, #{{[^>]+}}>
# ROW: arith.extf %{{.*}} : tensor<64x128xf8E4M3FN, #{{[^>]+}}> to tensor<64x128xf16, #{{[^>]+}}>
# ROW: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf16, {{.*}}> -> tensor<128x128xf32, #wgmma>
