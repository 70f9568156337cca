# tilec --autotune compiles every config of a kernel's @triton.autotune
# (examples/matmul/grouped.py: seven Hopper tiles) to <stem>_c<N>.ptx and
# .json beside the index named by -o; the signature lists the parameters
# the configs leave unbound. The index names the kernel, its key, and per
# config its number in the decorator, the manifest, warps, stages and
# constexprs; each config's manifest
# records its own warps, stages and constexprs, and ptxas assembles every
# PTX. --config N compiles one config as an ordinary kernel. A config that
# needs more shared memory than the target has is skipped with a warning
# and listed under "skipped" (as Triton drops configs that run out of
# resources); compiled on its own, the same kernel is an error.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %S/../../examples/matmul/grouped.py --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' --autotune -o %t/grouped.json
# RUN: FileCheck %s --check-prefix=INDEX < %t/grouped.json
# RUN: FileCheck %s --check-prefix=C0 < %t/grouped_c0.json
# RUN: FileCheck %s --check-prefix=C1 < %t/grouped_c1.json
# RUN: ls %t | FileCheck %s --check-prefix=FILES
# RUN: %if ptxas %{ for f in %t/grouped_c*.ptx; do %ptxas -arch=sm_90a $f -o $f.cubin || exit 1; done %}
#
# RUN: tilec %S/../../examples/matmul/grouped.py --signature '*bf16:16,*bf16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' --config 1 -o %t/one.ptx
# RUN: FileCheck %s --check-prefix=C1 < %t/one.json
#
# RUN: tilec %s --kernel big --signature '*fp16:16,*fp32:16' --autotune -o %t/big.json 2>&1 | FileCheck %s --check-prefix=SKIP
# RUN: FileCheck %s --check-prefix=SKIPINDEX < %t/big.json
# RUN: not tilec %s --kernel big --signature '*fp16:16,*fp32:16' --config 1 -o %t/big1.ptx 2>&1 | FileCheck %s --check-prefix=TOOBIG
#
# RUN: not tilec %s --kernel big --signature '*fp16:16,*fp32:16' --autotune 2>&1 | FileCheck %s --check-prefix=NOOUT
# RUN: not tilec %s --kernel big --signature '*fp16:16,*fp32:16' --config 2 -o %t/x.ptx 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: not tilec %s --kernel big --signature '*fp16:16,*fp32:16' --config 0 --num-warps 8 -o %t/x.ptx 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: not tilec %s --kernel big --signature '*fp16:16,*fp32:16' --config 0 --autotune -o %t/x.json 2>&1 | FileCheck %s --check-prefix=BOTH
# RUN: not tilec %s --kernel plain --signature '*fp32:16' --autotune -o %t/x.json 2>&1 | FileCheck %s --check-prefix=PLAIN

# INDEX: "kind": "autotune",
# INDEX-NEXT: "name": "grouped_matmul_relu_kernel",
# INDEX-NEXT: "key": [
# INDEX-NEXT: "M",
# INDEX-NEXT: "N",
# INDEX-NEXT: "K"
# INDEX-NEXT: ],
# INDEX: "configs": [
# INDEX-NEXT: {
# INDEX-NEXT: "config": 0,
# INDEX-NEXT: "manifest": "grouped_c0.json",
# INDEX-NEXT: "num_warps": 8,
# INDEX-NEXT: "num_stages": 3,
# INDEX-NEXT: "constexprs": {
# INDEX-NEXT: "BLOCK_M": 128,
# INDEX-NEXT: "BLOCK_N": 256,
# INDEX-NEXT: "BLOCK_K": 64,
# INDEX-NEXT: "GROUP_M": 8
# INDEX-NEXT: }
# INDEX: "config": 6,
# INDEX-NEXT: "manifest": "grouped_c6.json",
# INDEX-NEXT: "num_warps": 8,
# INDEX-NEXT: "num_stages": 4,
# INDEX: "skipped": []

# C0: "ptx": "grouped_c0.ptx",
# C0: "num_warps": 8,
# C0: "num_stages": 3,
# C0: "shared_bytes": 147456,
# C0: "name": "BLOCK_K",
# C0-NEXT: "value": 64
# C0: "name": "BLOCK_M",
# C0-NEXT: "value": 128

# C1: "num_warps": 4,
# C1: "num_stages": 4,
# C1: "name": "BLOCK_M",
# C1-NEXT: "value": 64
# C1: "name": "BLOCK_N",
# C1-NEXT: "value": 256

# FILES: grouped.json
# FILES-NEXT: grouped_c0.json
# FILES-NEXT: grouped_c0.ptx
# FILES: grouped_c6.json
# FILES-NEXT: grouped_c6.ptx

# SKIP: warning: config 1 skipped: needs 393216 bytes of shared memory; sm_90a has 232448 per program
# SKIPINDEX: "configs": [
# SKIPINDEX-NEXT: {
# SKIPINDEX-NEXT: "config": 0,
# SKIPINDEX-NEXT: "manifest": "big_c0.json",
# SKIPINDEX-NOT: big_c1
# SKIPINDEX: "skipped": [
# SKIPINDEX-NEXT: {
# SKIPINDEX-NEXT: "config": 1,
# SKIPINDEX-NEXT: "reason": "needs 393216 bytes of shared memory; sm_90a has 232448 per program"
# TOOBIG: autotune.py:107:1: error: kernel 'big' needs 393216 bytes of shared memory; sm_90a has 232448 per program (use smaller blocks or fewer --num-stages)
# TOOBIG-NEXT: {{^}}def big(a_ptr, c_ptr, B: tl.constexpr):
# NOOUT: error: --autotune writes PTX files beside its index (give -o INDEX.json, without --manifest or --emit) or, with --emit cpp, one launcher of every config
# RANGE: error: --config 2: 'big' has 2 configs
# WARPS: error: --config takes warps and stages from the config; drop --num-warps and --num-stages
# BOTH: error: --autotune and --config exclude each other
# PLAIN: error: kernel 'plain' has no @triton.autotune configs

import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"B": 64}, num_warps=4),
                          triton.Config({"B": 256}, num_warps=8)],
                 key=[])
@triton.jit
def big(a_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    a_ptrs = a_ptr + r[:, None] * B + r[None, :]
    acc = tl.zeros([B, B], dtype=tl.float32)
    for k in range(0, 4):
        a = tl.load(a_ptrs)
        acc += tl.dot(a, a)
        a_ptrs += B * B
    tl.store(c_ptr + r[:, None] * B + r[None, :], acc)


@triton.jit
def plain(x_ptr):
    pass
