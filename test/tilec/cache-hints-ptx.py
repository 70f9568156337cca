# tl.load/tl.store cache hints, as Triton spells them, reach the PTX of
# vector and scalar accesses; the PTX assembles for sm_90a.
#
# RUN: tilec %s --kernel hinted_copy --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,1024' --emit tile | FileCheck %s --check-prefix=TILE
# RUN: tilec %s --kernel hinted_copy --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,1024' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# With n of any alignment the second store is misaligned: the whole block
# takes its layout, one element a thread.
# RUN: tilec %s --kernel hinted_copy --signature '*fp32:16,*fp32:16,*fp32:16,i32,1024' -o %t.scalar.ptx
# RUN: FileCheck %s --check-prefix=SCALAR < %t.scalar.ptx

import triton
import triton.language as tl


@triton.jit
def hinted_copy(x_ptr, w_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, cache_modifier=".cg")
    w = tl.load(w_ptr + tl.arange(0, BLOCK), eviction_policy="evict_last")
    tl.store(y_ptr + offs, x * w, mask=mask, cache_modifier=".cs")
    tl.store(y_ptr + offs + n, x, mask=mask, eviction_policy="evict_first",
             cache_modifier="")

# TILE: tile.load %{{.*}} mask %{{.*}} cache = cg :
# TILE: tile.load %{{.*}} evict = evict_last :
# TILE: tile.store %{{.*}}, %{{.*}} mask %{{.*}} cache = cs :
# TILE: tile.store %{{.*}}, %{{.*}} mask %{{.*}} evict = evict_first :

# PTX-DAG: ld.global.cg.v4.b32
# PTX-DAG: ld.global.L1::evict_last.v4.b32
# PTX-DAG: st.global.cs.v4.b32
# PTX-DAG: st.global.L1::evict_first.v4.b32

# SCALAR-DAG: ld.global.cg.b32
# SCALAR-DAG: ld.global.L1::evict_last.b32
# SCALAR-DAG: st.global.cs.b32
# SCALAR-DAG: st.global.L1::evict_first.b32
