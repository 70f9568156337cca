# Loads and stores through bool (*i1) pointers: as in Triton, an i1 is a
# byte in memory, loaded as int8 and compared with zero (a byte of 2 reads
# True, not its low bit), stored as 0 or 1. Vector accesses move bytes;
# they packed <4 x i1> into a word ("Invalid bitcast", translation to LLVM
# IR failed). Block pointers and masked loads with `other` go the same way.
#
# RUN: tilec %s --kernel load_sum --signature '*i1:16,*i32' -o %t.load.ptx
# RUN: FileCheck %s --check-prefix=LOAD < %t.load.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.load.ptx -o %t.load.cubin %}
# RUN: tilec %s --kernel store_flags --signature '*i1:16' -o %t.store.ptx
# RUN: FileCheck %s --check-prefix=STORE < %t.store.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.store.ptx -o %t.store.cubin %}
# RUN: tilec %s --kernel masked_and_block_ptr --signature '*i1:16,*i32,i32' -o %t.masked.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.masked.ptx -o %t.masked.cubin %}
# RUN: tilec %s --kernel scalar --signature '*i1,*i32' -o %t.scalar.ptx
# RUN: FileCheck %s --check-prefix=SCALAR < %t.scalar.ptx

import triton
import triton.language as tl

# LOAD-LABEL: .entry load_sum
# LOAD: ld.global.b32 [[WORD:%r[0-9]+]], [ %rd{{[0-9]+}} + 0 ];
# LOAD-COUNT-4: setp.ne.b32


@triton.jit
def load_sum(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 512))
    tl.store(out_ptr, tl.sum(x.to(tl.int32), 0))


# STORE-LABEL: .entry store_flags
# STORE-COUNT-4: selp.b32 %r{{[0-9]+}}, 1, 0,
# STORE: st.global.b32


@triton.jit
def store_flags(x_ptr):
    o = tl.arange(0, 512)
    tl.store(x_ptr + o, o % 3 == 0)


@triton.jit
def masked_and_block_ptr(x_ptr, out_ptr, n):
    o = tl.arange(0, 512)
    x = tl.load(x_ptr + o, mask=o < n, other=True)
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (512,), (0,))
    y = tl.load(p, boundary_check=(0,))
    tl.store(out_ptr, tl.sum((x & y).to(tl.int32), 0))
    tl.store(p, x | y, boundary_check=(0,))


# SCALAR-LABEL: .entry scalar
# SCALAR: ld.global.u8 [[BYTE:%rs[0-9]+]]
# SCALAR: and.b16 [[MASKED:%rs[0-9]+]], [[BYTE]], 255;
# SCALAR: setp.ne.b16 %p{{[0-9]+}}, [[MASKED]], 0;


@triton.jit
def scalar(x_ptr, out_ptr):
    tl.store(out_ptr, tl.load(x_ptr).to(tl.int32))
