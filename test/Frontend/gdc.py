# Programmatic dependent launch, as Triton's tutorial 11 writes it:
# tl.extra.cuda.gdc_wait() waits for the grid this one depends on, and
# gdc_launch_dependents() lets the next one start (PTX griddepcontrol, sm_90
# and newer; an error for sm_80). Launched without programmatic stream
# serialization (a driver without cuLaunchKernelEx), the wait returns at
# once.
# RUN: tilec %s --kernel add --signature '*fp32:16,*fp32:16,i32,1024' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# The manifest tells the runtime to launch it with programmatic stream
# serialization (cuLaunchKernelEx), so it may start before the grid it
# waits for has finished.
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: not tilec %s --kernel add --signature '*fp32:16,*fp32:16,i32,1024' --arch sm_80 -o %t.80.ptx 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: not tilec %s --kernel other --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=OTHER
# tl.extra.cuda.globaltimer() (int64 nanoseconds) and smid() (int32) read
# the special registers; two timer reads stay two.
# RUN: tilec %s --kernel timed --signature '*i64:16' -o %t.timed.ptx
# RUN: FileCheck %s --check-prefix=TIMED < %t.timed.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.timed.ptx -o %t.timed.cubin %}

# MANIFEST: "programmatic_launch": true,
# CHECK: griddepcontrol.wait;
# CHECK: ld.global
# CHECK: griddepcontrol.launch_dependents;
# CHECK: st.global

# SM80: gdc.py:[[# @LINE + 15]]:5: error: tl.extra.cuda.gdc_wait and gdc_launch_dependents need sm_90 or newer (the target is sm_80)
# OTHER: gdc.py:[[# @LINE + 22]]:19: error: unknown module 'tl.extra.cuda.cluster_id' (tilec knows tl.extra.cuda.libdevice, gdc_wait, gdc_launch_dependents, globaltimer and smid)

# TIMED: mov.u64 {{.*}}, %globaltimer;
# TIMED: mov.u32 {{.*}}, %smid;
# TIMED: mov.u64 {{.*}}, %globaltimer;

import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.extra.cuda.gdc_wait()
    x = tl.load(x_ptr + offs, mask=mask)
    tl.extra.cuda.gdc_launch_dependents()
    tl.store(y_ptr + offs, x + 1, mask=mask)


@triton.jit
def other(x_ptr):
    tl.extra.cuda.cluster_id()


@triton.jit
def timed(out_ptr):
    start = tl.extra.cuda.globaltimer()
    sm = tl.extra.cuda.smid()
    end = tl.extra.cuda.globaltimer()
    tl.store(out_ptr + tl.program_id(0) * 2, end - start)
    tl.store(out_ptr + tl.program_id(0) * 2 + 1, sm.to(tl.int64))
