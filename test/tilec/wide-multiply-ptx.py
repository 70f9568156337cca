# The low and high words of one 32x32-bit product come from one mul.wide.u32
# split by mov.b64 (tilec's NVPTX peepholes), whether the kernel writes them
# as `a * b` and tl.umulhi(a, b) itself or tl.rand does (Philox): no mul.lo
# or mul.hi of the pair is left. A product whose factor is an offset plus a
# constant is left to strength reduction instead (one multiply, then adds).
#
# RUN: tilec %s --kernel both_words --signature '*i32:16,*i32:16,*i32:16,i32,1024' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel high_only --signature '*i32:16,*i32:16,i32,1024' | FileCheck %s --check-prefix=HIGH

import triton
import triton.language as tl

# CHECK-LABEL: .entry both_words
# CHECK-NOT: mul.hi
# CHECK-NOT: mul.lo
# CHECK: mul.wide.u32 [[WIDE:%rd[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
# CHECK-NEXT: // begin inline asm
# CHECK-NEXT: mov.b64 {{[{]}}%r{{[0-9]+}}, %r{{[0-9]+}}{{[}]}}, [[WIDE]];
# CHECK-NOT: mul.hi
# CHECK-NOT: mul.lo
# CHECK: st.global.v4.b32


@triton.jit
def both_words(a_ptr, lo_ptr, hi_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = a ^ 0x5bd1e995
    tl.store(lo_ptr + offs, a * b, mask=mask)
    tl.store(hi_ptr + offs, tl.umulhi(a, b), mask=mask)


# Only the high word: no pair, mul.hi stays.
# HIGH-LABEL: .entry high_only
# HIGH: mul.hi.u32
# HIGH-NOT: mov.b64 {%r
@triton.jit
def high_only(a_ptr, hi_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    tl.store(hi_ptr + offs, tl.umulhi(a, a ^ 0x5bd1e995), mask=mask)
