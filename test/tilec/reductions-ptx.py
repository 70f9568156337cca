# Softmax and row-sum from the lecture: reductions over shuffles and shared
# memory, 128-bit loads where the signature promises alignment.
#
# RUN: tilec %S/../../examples/softmax/softmax.py --kernel triton_softmax_kernel --signature '*fp32:16,*fp32:16,i32:16,i32:16,i32:16,4096' --num-warps 8 -o %t.softmax.ptx
# RUN: FileCheck %s --check-prefix=SOFTMAX < %t.softmax.ptx
# RUN: FileCheck %s --check-prefix=SOFTMAX-MANIFEST < %t.softmax.json
# RUN: tilec %S/../../examples/softmax/softmax.py --kernel triton_softmax_kernel --signature '*fp32:16,*fp32:16,i32:16,i32:16,i32:16,4096' --num-warps 8 --arch sm_80 --emit ptx | FileCheck %s --check-prefix=SOFTMAX-SM80
# RUN: tilec %S/../../examples/softmax/softmax.py --kernel triton_softmax_kernel --signature '*fp32:16,*fp32:16,i32:16,i32:16,i32:16,4096' --num-warps 8 --l2-prefetch-distance 0 --emit ptx | FileCheck %s --check-prefix=SOFTMAX-NOPF
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.softmax.ptx -o %t.softmax.cubin %}
# RUN: tilec %S/../../examples/rowsum/rowsum.py --kernel row_sum_kernel --signature '*fp32:16,*fp32:16,i32:16,1024' -o %t.rowsum.ptx
# RUN: FileCheck %s --check-prefix=ROWSUM < %t.rowsum.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.rowsum.ptx -o %t.rowsum.cubin %}
# RUN: tilec %S/../../examples/rowsum/rowsum.py --kernel row_sum_kernel --signature '*fp32:16,*fp32:16,i32,1024' -o %t.rowsum1.ptx
# RUN: FileCheck %s --check-prefix=ROWSUM-UNALIGNED < %t.rowsum1.ptx
# RUN: tilec %S/../../examples/rowsum/rowsum.py --kernel row_sum_kernel --signature '*fp32:16,*fp32:16,i32:16,1024' --streaming-loads=false --emit ptx | FileCheck %s --check-prefix=ROWSUM-NOHINT
#
# SOFTMAX: .extern .shared .align 16 .b8 tile_shared[];
# SOFTMAX: .reqntid 256, 1, 1
# Softmax stores what it loads: no streaming hint on its loads.
# SOFTMAX-COUNT-4: ld.global.v4.b32
# Then the row program pid + 128 will load (2 MiB ahead in 16 KiB rows).
# SOFTMAX: add.s32 {{.*}}, 128;
# SOFTMAX: %nctaid.x
# SOFTMAX: cp.async.bulk.prefetch.L2.global [%rd{{[0-9]+}}], %r{{[0-9]+}};
# SOFTMAX-COUNT-5: shfl.sync.bfly.b32
# SOFTMAX: bar.sync 0;
# SOFTMAX: ex2.approx.f32
# SOFTMAX-COUNT-5: shfl.sync.bfly.b32
# SOFTMAX: div.full.f32
# SOFTMAX: st.global.v4.b32
# SOFTMAX-SM80: .target sm_80
# SOFTMAX-SM80-NOT: cp.async.bulk.prefetch
# SOFTMAX-NOPF-NOT: cp.async.bulk.prefetch
# SOFTMAX-MANIFEST: "num_warps": 8
# SOFTMAX-MANIFEST: "shared_bytes": 64
# SOFTMAX-MANIFEST: "dynamic_shared": true
#
# The accumulator stays in registers across the loop; the row is read once
# and only reduced, so its loads are last-use (tile-mark-streaming-loads).
# ROWSUM: $L__BB0_2:
# ROWSUM: ld.global.lu.v4.b32
# ROWSUM: add.f32
# ROWSUM: bra
# ROWSUM-COUNT-5: shfl.sync.bfly.b32
# ROWSUM: st.global.b32
# ROWSUM-NOT: ld.local
# ROWSUM-UNALIGNED-NOT: ld.global{{(.lu)?}}.v4
# ROWSUM-UNALIGNED: ld.global.lu.b32
# ROWSUM-NOHINT: ld.global.v4.b32
# ROWSUM-NOHINT-NOT: .lu
