# Multiples of a block's offsets, `(pid * BLOCK + tl.arange(0, BLOCK)) * C`
# as in the first round of tl.rand's Philox: one multiply a thread, every
# other element the product plus a constant. InstCombine writes the offsets
# as disjoint ors and LLVM 22's straight-line strength reduction only reads
# adds, so tilec gives it adds back (`or disjoint x, C` -> `add nuw nsw`);
# without that the second vector of four (offsets + 512) took its own
# mul.lo. A masked load without `other` reads zeros where the mask is off.
#
# RUN: tilec %s --kernel hash_offsets --signature '*i32:16,*i32:16,i32:16,1024' --emit llvm | FileCheck %s --check-prefix=LLVM
# RUN: tilec %s --kernel hash_offsets --signature '*i32:16,*i32:16,i32:16,1024' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

# LLVM: [[BASE:%[0-9]+]] = or disjoint i32
# LLVM: add nuw nsw i32 [[BASE]], 512
# LLVM-NOT: or disjoint i32 {{.*}}, 512

# CHECK-COUNT-4: mov.b32 %r{{[0-9]+}}, 0;
# CHECK: @%p1 ld.global.v4.b32
# CHECK-COUNT-4: mov.b32 %r{{[0-9]+}}, 0;
# CHECK: @%p2 ld.global.v4.b32
# CHECK: mul.lo.s32 [[PRODUCT:%r[0-9]+]], {{%r[0-9]+}}, -766435501;
# CHECK-NOT: mul.lo
# CHECK-COUNT-7: add.s32 {{%r[0-9]+}}, [[PRODUCT]],
# CHECK-NOT: mul.lo
# CHECK: st.global.v4.b32

import triton
import triton.language as tl


@triton.jit
def hash_offsets(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x ^ (offs * -766435501), mask=mask)
