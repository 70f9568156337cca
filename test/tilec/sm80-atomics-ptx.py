# tl.atomic_add of bf16 on sm_80, which has no atom.add.bf16 (sm_90): as
# Triton's PTX does there, a compare-and-swap loop on the 32-bit word that
# holds the element (atom.cas.b32), the sum from fma.rn.bf16 with 1.0, the
# other half of the word kept; ordering and scope as asked. fp16 keeps
# atom.add.noftz.f16, which sm_80 has; sm_90 keeps atom.add.noftz.bf16.
# Before, ptxas rejected the sm_80 PTX.
#
# RUN: tilec %s --kernel add --signature '*bf16,*bf16,i32' --arch sm_80 -o %t.bf16.ptx
# RUN: FileCheck %s --check-prefix=BF16 < %t.bf16.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.bf16.ptx -o %t.bf16.cubin %}
# RUN: tilec %s --kernel add --signature '*fp16,*fp16,i32' --arch sm_80 -o %t.fp16.ptx
# RUN: FileCheck %s --check-prefix=FP16 < %t.fp16.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.fp16.ptx -o %t.fp16.cubin %}
# RUN: tilec %s --kernel add --signature '*bf16,*bf16,i32' --arch sm_90 -o %t.sm90.ptx
# RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx

import triton
import triton.language as tl

# BF16-LABEL: .entry add
# BF16-NOT: atom{{.*}}add
# BF16: and.b64 %cas_addr, %rd{{[0-9]+}}, -4;
# BF16: cas_loop:
# BF16: fma.rn.bf16 %cas_sum, %cas_old, %cas_one, %rs{{[0-9]+}};
# BF16: atom.acq_rel.gpu.global.cas.b32 %cas_seen, [%cas_addr], %cas_word, %cas_bits;
# BF16: @%cas_retry bra cas_loop;
# BF16: mov.b16 %rs{{[0-9]+}}, %cas_old;
# BF16: atom.relaxed.cta.global.cas.b32
# BF16-NOT: atom{{.*}}add

# FP16-LABEL: .entry add
# FP16-NOT: cas
# FP16: atom.acq_rel.gpu.global.add.noftz.f16

# SM90-LABEL: .entry add
# SM90-NOT: cas
# SM90: atom.acq_rel.gpu.global.add.noftz.bf16


@triton.jit
def add(x_ptr, y_ptr, n):
    o = tl.arange(0, 128)
    old = tl.atomic_add(y_ptr + o, tl.load(x_ptr + o), mask=o < n)
    tl.store(x_ptr + o, old)
    tl.atomic_add(y_ptr + 128, 1.5, sem="relaxed", scope="cta")
