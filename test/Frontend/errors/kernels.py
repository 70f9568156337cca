# Choosing the kernel: several kernels need --kernel, which must exist.
# RUN: not tilec %s --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SEVERAL
# RUN: not tilec %s --kernel third --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: tilec %s --kernel second --signature '*fp32' --emit tile | FileCheck %s --check-prefix=OK

import triton
import triton.language as tl


@triton.jit
def first(x_ptr):
    tl.store(x_ptr, 1.0)


@triton.jit(debug=True)
def second(x_ptr):
    tl.store(x_ptr, 2.0)

# SEVERAL: {{.*}}kernels.py:16:1: error: several @triton.jit kernels in this file (first, second); choose one with --kernel
# SEVERAL-NEXT: {{^}}def second(x_ptr):
# SEVERAL-NEXT: {{^ *\^$}}

# UNKNOWN: {{.*}}kernels.py:1:1: error: no @triton.jit kernel named 'third' (kernels: first, second)
# UNKNOWN-NEXT: {{^}}# Choosing the kernel: several kernels need --kernel, which must exist.
# UNKNOWN-NEXT: {{^ *\^$}}

# OK-LABEL: func.func @second(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"})
# OK: tile.store
