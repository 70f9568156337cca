# A kernel's name becomes its PTX entry's name: names PTX cannot spell
# (non-ASCII letters, '_' alone) are located errors, not an abort in the
# NVPTX printer or a ptxas parse error.
# RUN: not tilec %s --kernel café --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ASCII
# RUN: not tilec %s --kernel _ --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=UNDERSCORE
# RUN: tilec %s --kernel _k2 --signature '*fp32' --emit tile | FileCheck %s --check-prefix=OK

import triton
import triton.language as tl


@triton.jit
def café(x_ptr):
    tl.store(x_ptr, 1.0)


@triton.jit
def _(x_ptr):
    tl.store(x_ptr, 1.0)


@triton.jit
def _k2(x_ptr):
    tl.store(x_ptr, 1.0)

# ASCII: {{.*}}kernel_names.py:13:1: error: kernel name 'café' is not a valid PTX identifier (PTX takes [a-zA-Z][a-zA-Z0-9_$]* or _[a-zA-Z0-9_$]+: ASCII only, and not '_' alone)
# UNDERSCORE: {{.*}}kernel_names.py:18:1: error: kernel name '_' is not a valid PTX identifier
# OK: func.func @_k2(
