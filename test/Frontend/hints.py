# tl.multiple_of / tl.max_contiguous / tl.max_constancy feed the axis
# analysis: with no `:16` in the signature, the hints alone make the copy's
# loads and stores 128-bit. On a kernel argument the hint is an argument
# attribute (the manifest's divisibility stays the signature's), on any other
# value an attribute of its defining op. Without the hints the same kernel
# moves one element per access.
# RUN: tilec %s --kernel hinted_copy --signature '*fp32,*fp32,i32,i32,1024' --emit tile | FileCheck %s
# RUN: tilec %s --kernel hinted_copy --signature '*fp32,*fp32,i32,i32,1024' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel plain_copy --signature '*fp32,*fp32,i32,i32,1024' | FileCheck %s --check-prefix=PLAIN

import triton
import triton.language as tl

# CHECK-LABEL: func.func @hinted_copy
# CHECK-SAME: %arg0: !tile.ptr<f32> {tile.multiple_of = array<i32: 16>, tile.name = "x_ptr"}
# CHECK-SAME: %arg2: i32 {tile.multiple_of = array<i32: 16>, tile.name = "n"}
# CHECK: arith.addi {{.*}} {tile.max_contiguous = array<i32: 1024>, tile.multiple_of = array<i32: 1024>} : tensor<1024xi32>
# PTX: ld.global.v4.b32
# PTX: st.global.v4.b32
# MANIFEST: "divisibility": 1
# PLAIN-NOT: .v4.
# PLAIN: ld.global.b32


@triton.jit
def hinted_copy(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    x_ptr = tl.multiple_of(x_ptr, 16)
    y_ptr = tl.multiple_of(y_ptr, 16)
    n = tl.multiple_of(n, 16)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


@triton.jit
def plain_copy(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)
