# Half-precision values merged after a runtime `if` stay two to a 32-bit
# register: tilec's O3 runs the SLP vectorizer (as clang -O3 and Triton do;
# LLVM's PassBuilder leaves it off by default). Without it each half was its
# own phi, unpacked before the branch and repacked after it (12 mov.b32
# {lo, hi} here), and tutorial 05's layer-norm backward kept 32 lone halves
# across its lock loop: 168 registers instead of 128, one program per SM
# instead of two.
#
# RUN: tilec %s --kernel merge_halves --signature '*fp16:16,*fp16:16,*fp16:16,i32,1024' --emit llvm | FileCheck %s --check-prefix=LLVM
# RUN: tilec %s --kernel merge_halves --signature '*fp16:16,*fp16:16,*fp16:16,i32,1024' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

# LLVM-COUNT-4: fadd <2 x half>
# LLVM-NOT: phi half
# LLVM-COUNT-4: phi i32

# CHECK: ld.global.v4.b32
# CHECK: ld.global.v4.b32
# CHECK-NOT: mov.b32 {{.*}}{
# CHECK-COUNT-4: add.f16x2
# CHECK-NOT: mov.b32 {{.*}}{
# CHECK: st.global.v4.b32

import triton
import triton.language as tl


@triton.jit
def merge_halves(a_ptr, b_ptr, out_ptr, flag, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    if flag != 0:
        a += tl.load(b_ptr + offs)
    tl.store(out_ptr + offs, a)
