# Block sizes are ints: not bools, not floats, even when integral.
# RUN: not tilec %s --kernel arange_bound --signature '*fp32,True' 2>&1 | FileCheck %s --check-prefix=BOOL
# RUN: not tilec %s --kernel arange_bound --signature '*fp32,1024.0' 2>&1 | FileCheck %s --check-prefix=FLOAT
# RUN: not tilec %s --kernel zeros_shape --signature '*fp32,True' 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: not tilec %s --kernel arange_bound --signature '*fp32' -D 'BLOCK= 1024' 2>&1 | FileCheck %s --check-prefix=SPACE
# RUN: not tilec %s --kernel arange_bound --signature '*fp32,99999999999999999999' 2>&1 | FileCheck %s --check-prefix=HUGE
# RUN: not tilec %s --kernel arange_bound --signature '*fp32,nan' 2>&1 | FileCheck %s --check-prefix=NAN
# RUN: not tilec %s --kernel arange_bound --signature '*fp32' -D BLOCK=-inf 2>&1 | FileCheck %s --check-prefix=DNAN
# RUN: tilec %s --kernel arange_bound --signature '*fp32' -D BLOCK=1024 --emit tile | FileCheck %s --check-prefix=OK

import triton
import triton.language as tl


@triton.jit
def arange_bound(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def zeros_shape(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, 16)
    tl.store(x_ptr + offs, tl.zeros([16, BLOCK], dtype=tl.float32))

# BOOL: {{.*}}block_sizes.py:17:25: error: arange bounds must be integers, got the constant True
# BOOL-NEXT: {{^}}    offs = tl.arange(0, BLOCK)
# BOOL-NEXT: {{^}}                        ^{{$}}

# FLOAT: {{.*}}block_sizes.py:17:25: error: arange bounds must be integers, got the constant 1024.0

# SHAPE: {{.*}}block_sizes.py:24:37: error: block dimensions must be integers, got the constant True

# SPACE: {{.*}}block_sizes.py:16:25: error: -D BLOCK=' 1024': the value has leading or trailing whitespace

# A Python int past 64 bits is a valid constexpr; as a block size it is out
# of range.
# HUGE: {{.*}}block_sizes.py:17:12: error: arange needs 0 <= start < end <= 2**31 - 1, got [0, 99999999999999999999)

# NAN: {{.*}}block_sizes.py:16:25: error: invalid signature entry 'nan' for parameter 'BLOCK': 'nan' is not a finite number (constants must be finite ints or floats)

# DNAN: {{.*}}block_sizes.py:16:25: error: -D BLOCK=-inf: '-inf' is not a finite number

# OK: tile.make_range {{.*}}1024

# A block may hold at most 512 elements a thread (16384 on 1 warp); the
# error is early, before LLVM's codegen and ptxas would take minutes.
# RUN: not tilec %s --kernel arange_bound --signature '*fp32,32768' --num-warps 1 2>&1 | FileCheck %s --check-prefix=PERTHREAD
# RUN: tilec %s --kernel arange_bound --signature '*fp32,16384' --num-warps 1 -o %t.ptx
# PERTHREAD: {{.*}}block_sizes.py:17:12: error: a block of 32768 i32 is 1024 elements a thread at 1 warp; tilec takes at most 512 (more warps or a smaller block)
