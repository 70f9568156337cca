# Two programs per SM for tensor-core kernels of 8 warps (tilec
# --two-programs-per-sm, default on, needs ptxas): when a program's shared
# memory leaves room for two on sm_90, tilec asks ptxas to fit two
# (.minnctapersm 2, at most 128 registers a thread) and keeps that only if
# ptxas then spills nothing. Left alone, ptxas gave Triton's attention
# forward 149 registers, one program per SM (453 us against 370 us with
# two, on the H200).
#
# The attention forward of test/gpu/kernels/attention.py (8 warps, 64 KiB of
# shared memory) fits without spilling: it gets the directive.
# RUN: %if ptxas %{ tilec %S/../gpu/kernels/attention.py --kernel attention_fwd --signature '*fp16:16,*fp16:16,*fp16:16,*fp16:16,fp32,i32,i32:16,i32:16,64,128,64,False' --num-warps 8 -o %t.fwd.ptx %}
# RUN: %if ptxas %{ FileCheck %s --check-prefix=FITS < %t.fwd.ptx %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.fwd.ptx -o %t.fwd.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# Turned off, or for sm_80 (no wgmma), the PTX has none.
# RUN: tilec %S/../gpu/kernels/attention.py --kernel attention_fwd --signature '*fp16:16,*fp16:16,*fp16:16,*fp16:16,fp32,i32,i32:16,i32:16,64,128,64,False' --num-warps 8 --two-programs-per-sm=false -o %t.off.ptx
# RUN: FileCheck %s --check-prefix=NONE < %t.off.ptx
# RUN: tilec %S/../gpu/kernels/attention.py --kernel attention_fwd --signature '*fp16:16,*fp16:16,*fp16:16,*fp16:16,fp32,i32,i32:16,i32:16,64,128,64,False' --num-warps 8 --arch sm_80 -o %t.sm80.ptx
# RUN: FileCheck %s --check-prefix=NONE < %t.sm80.ptx
# grouped.py's config 5 (128x128x64, 8 warps, 64 KiB) with strides of no
# known divisor takes 240 registers; at 128 it would spill: no directive.
# RUN: %if ptxas %{ tilec %S/../../examples/matmul/grouped.py --signature '*fp16:16,*fp16:16,*fp32:16,i32,i32,i32,i32,i32:1,i32,i32:1,i32,i32:1' --config 5 -o %t.c5.ptx %}
# RUN: %if ptxas %{ FileCheck %s --check-prefix=NONE < %t.c5.ptx %}
#
# FITS: .reqntid 256, 1, 1
# FITS-NEXT: .minnctapersm 2
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
# NOSPILL: Used {{([0-9]|[0-9][0-9]|1[01][0-9]|12[0-8])}} registers
# NONE-NOT: .minnctapersm
