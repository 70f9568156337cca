# Scratch is reused by liveness: each tl.gather passes its 16384-element
# fp32 source through 64 KiB of scratch during its own op, so four gathers
# one after another share those bytes (tile-allocate-shared), with a
# barrier before each next gather's stores (tile-insert-barriers). They
# needed 256 KiB before, more than sm_90a's 227 KiB a program.
# RUN: tilec %s --kernel four_gathers --signature '*fp32:16,*i32:16,*fp32:16,16384' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
#
# Each gather: its source's stores from the same base register (offset
# 0), a barrier, its reads; the next gather's stores wait at a barrier for
# those reads.
# CHECK: st.shared.v4.b32 [[[BASE:%r[0-9]+]]], {
# CHECK: bar.sync 0;
# CHECK: ld.shared.b32
# CHECK: bar.sync 0;{{[[:space:]]+}}st.shared.v4.b32 [[[BASE]]], {
# CHECK: bar.sync 0;
# CHECK: ld.shared.b32
# CHECK: bar.sync 0;{{[[:space:]]+}}st.shared.v4.b32 [[[BASE]]], {
# CHECK: bar.sync 0;
# CHECK: ld.shared.b32
# CHECK: bar.sync 0;{{[[:space:]]+}}st.shared.v4.b32 [[[BASE]]], {
# CHECK: bar.sync 0;
# CHECK: ld.shared.b32
# CHECK-NOT: bar.sync
# CHECK: st.global
# MANIFEST: "shared_bytes": 65536,
import triton
import triton.language as tl


@triton.jit
def four_gathers(x_ptr, i_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    i = tl.load(i_ptr + offs)
    a = tl.gather(x, i, 0)
    b = tl.gather(x + 1.0, i, 0)
    c = tl.gather(x * 2.0, i, 0)
    d = tl.gather(x - 3.0, i, 0)
    tl.store(y_ptr + offs, a + b + c + d)
