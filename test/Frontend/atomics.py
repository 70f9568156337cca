# tl.atomic_* and tl.debug_barrier: the value (and mask) are broadcast to the
# pointer's shape and converted to its pointee type; sem defaults to acq_rel
# and scope to gpu. A scalar atomic in a while condition (the lock pattern)
# is evaluated on every trip. The PTX assembles.
# RUN: tilec %s --kernel histogram --signature '*i32:16,*i32:16,*fp32:16,i32,256' --emit tile | FileCheck %s --check-prefix=HIST
# RUN: tilec %s --kernel histogram --signature '*i32:16,*i32:16,*fp32:16,i32,256' -o %t.hist.ptx
# RUN: FileCheck %s --check-prefix=HISTPTX < %t.hist.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.hist.ptx -o %t.hist.cubin %}
# RUN: tilec %s --kernel locked_add --signature '*i32:16,*fp32:16,*fp32:16,i32,128' --emit tile | FileCheck %s --check-prefix=LOCK
# RUN: tilec %s --kernel locked_add --signature '*i32:16,*fp32:16,*fp32:16,i32,128' -o %t.lock.ptx
# RUN: FileCheck %s --check-prefix=LOCKPTX < %t.lock.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.lock.ptx -o %t.lock.cubin %}
# RUN: tilec %s --kernel tickets --signature '*i32:16,*i32:16' -o %t.tickets.ptx
# RUN: FileCheck %s --check-prefix=TICKETS < %t.tickets.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.tickets.ptx -o %t.tickets.cubin %}
# RUN: tilec %s --kernel kinds --signature '*i64:16,*fp64:16,*fp16:16,*bf16:16,i64' -o %t.kinds.ptx
# RUN: FileCheck %s --check-prefix=KINDS < %t.kinds.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.kinds.ptx -o %t.kinds.cubin %}

import triton
import triton.language as tl


# HIST-LABEL: func.func @histogram
# HIST: %[[OLD:.*]] = tile.atomic_rmw add, %{{.*}}, %{{.*}} mask %{{.*}} sem = acq_rel scope = gpu : tensor<256x!tile.ptr<i32>>
# HIST: tile.atomic_rmw max, %{{.*}}, %{{.*}} sem = relaxed scope = cta : !tile.ptr<f32>
# HIST: tile.atomic_rmw min, %{{.*}}, %{{.*}} mask %{{.*}} sem = release scope = sys : tensor<256x!tile.ptr<f32>>
# HIST: tile.barrier
# HISTPTX: @%p{{[0-9]+}} atom.acq_rel.gpu.global.add.u32
# Float max: sign bit clear orders as signed, set as reversed unsigned.
# HISTPTX: @%p{{[0-9]+}} atom.relaxed.cta.global.max.s32
# HISTPTX-NEXT: @%p{{[0-9]+}} atom.relaxed.cta.global.min.u32
# HISTPTX: @%p{{[0-9]+}} atom.release.sys.global.min.s32
# HISTPTX-NEXT: @%p{{[0-9]+}} atom.release.sys.global.max.u32
# HISTPTX: bar.sync 0;
@triton.jit
def histogram(x_ptr, bins_ptr, f_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    old = tl.atomic_add(bins_ptr + (x & 15), 1, mask=mask)
    tl.atomic_max(f_ptr, tl.max(old, axis=0), sem="relaxed", scope="cta")
    tl.atomic_min(f_ptr + offs, x, mask=mask, sem="release", scope="sys")
    tl.debug_barrier()


# A lock taken by one thread for the program: the compare-and-swap's old
# value reaches every thread through shared memory; the release waits for
# every thread's stores.
# LOCK-LABEL: func.func @locked_add
# LOCK: scf.while
# LOCK: tile.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} sem = acq_rel scope = gpu : !tile.ptr<i32>
# LOCK: scf.condition
# LOCK: tile.atomic_rmw xchg, %{{.*}}, %{{.*}} sem = acq_rel scope = gpu : !tile.ptr<i32>
# LOCKPTX: Loop Header
# LOCKPTX: bar.sync 0;
# LOCKPTX: @%p[[T0:[0-9]+]] atom.acq_rel.gpu.global.cas.b32 [[OLD:%r[0-9]+]]
# LOCKPTX: @%p[[T0]] st.shared.b32 [{{%r[0-9]+}}], [[OLD]];
# LOCKPTX: bar.sync 0;
# LOCKPTX-NEXT: ld.shared.b32
# LOCKPTX: st.global
# LOCKPTX: bar.sync 0;
# LOCKPTX: @%p[[T0]] atom.acq_rel.gpu.global.exch.b32
@triton.jit
def locked_add(lock_ptr, x_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + tl.program_id(0) * n + offs, mask=mask)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    acc = tl.load(acc_ptr + offs, mask=mask)
    tl.store(acc_ptr + offs, acc + x, mask=mask)
    tl.atomic_xchg(lock_ptr, 0)


# 32 elements over 128 threads: each is added once, by the thread of the
# first warp that holds it, and its old value goes to the other warps
# through shared memory.
# TICKETS: @%p[[OWNER:[0-9]+]] atom.acq_rel.gpu.global.add.u32 [[OLD:%r[0-9]+]]
# TICKETS: @%p[[OWNER]] st.shared.b32 [{{%r[0-9]+}}], [[OLD]];
# TICKETS: bar.sync 0;
# TICKETS: ld.shared.b32
# TICKETS: st.global.b32
@triton.jit
def tickets(counter_ptr, out_ptr):
    offs = tl.arange(0, 32)
    old = tl.atomic_add(counter_ptr + offs, 1)
    tl.store(out_ptr + offs, old)


# KINDS: atom.acq_rel.gpu.global.and.b64
# KINDS: atom.acq_rel.gpu.global.or.b64
# KINDS: atom.acq_rel.gpu.global.xor.b64
# KINDS: atom.acq_rel.gpu.global.max.s64
# KINDS: atom.acq_rel.gpu.global.exch.b64
# KINDS: atom.acq_rel.gpu.global.cas.b64
# KINDS: atom.acq_rel.gpu.global.add.f64
# KINDS: atom.acq_rel.gpu.global.max.s64
# KINDS-NEXT: atom.acq_rel.gpu.global.min.u64
# KINDS: atom.acq_rel.gpu.global.add.noftz.f16
# KINDS: atom.acq_rel.gpu.global.add.noftz.bf16
@triton.jit
def kinds(i_ptr, d_ptr, h_ptr, b_ptr, v):
    tl.atomic_and(i_ptr, v)
    tl.atomic_or(i_ptr + 1, v)
    tl.atomic_xor(i_ptr + 2, v)
    tl.atomic_max(i_ptr + 3, v)
    tl.atomic_xchg(i_ptr + 4, v)
    tl.atomic_cas(i_ptr + 5, v, 7)
    tl.atomic_add(d_ptr, 1.5)
    tl.atomic_max(d_ptr + 1, v)
    tl.atomic_add(h_ptr, 1.0)
    tl.atomic_add(b_ptr, 2)
