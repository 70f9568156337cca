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
# A loop-carried block of pointers has no defining op: the hint goes on a
# copy (the pointers plus 0) that replaces it in every variable, even when
# the hint's result is dropped (Triton's grouped GEMM tutorial), and the
# loop's loads become 128-bit (cp.async copies of 16 bytes when they feed
# tl.dot, as in the tutorial).
# RUN: tilec %s --kernel carried --signature '*i64:16,*fp16:16,i32,i32,64,32' --emit tile | FileCheck %s --check-prefix=CARRIED
# RUN: tilec %s --kernel carried --signature '*i64:16,*fp16:16,i32,i32,64,32' -o %t.carried.ptx
# RUN: FileCheck %s --check-prefix=CARRIEDPTX < %t.carried.ptx

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

# CARRIED: scf.for {{.*}} iter_args({{.*}}, %[[PTRS:[a-z0-9]+]] = {{.*}}) -> (tensor<64x32xf32>, tensor<64x32x!tile.ptr<f16>>)
# CARRIED: %[[COPY:.*]] = tile.addptr %[[PTRS]], {{.*}} {tile.multiple_of = array<i32: 16, 16>}
# CARRIED: tile.load %[[COPY]]
# CARRIED: tile.addptr %[[COPY]]
# CARRIEDPTX: ld.global.b64
# CARRIEDPTX: ld.global.v4.b32


@triton.jit
def carried(table_ptr, out_ptr, k, ld, BM: tl.constexpr, BK: tl.constexpr):
    # The matrix's address comes from a table: nothing is known of it.
    a_ptr = tl.load(table_ptr).to(tl.pointer_type(tl.float16))
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BK)
    a_ptrs = a_ptr + rows[:, None] * ld + cols[None, :]
    acc = tl.zeros((BM, BK), dtype=tl.float32)
    for kk in range(0, tl.cdiv(k, BK)):
        tl.multiple_of(a_ptrs, [16, 16])
        acc += tl.load(a_ptrs)
        a_ptrs += BK
    tl.store(out_ptr + rows[:, None] * BK + cols[None, :], acc.to(tl.float16))
