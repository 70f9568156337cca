# tl.static_range's trip count near the ends of int64: no overflow, so
# the 4096-iteration cap holds and the last iteration does not wrap.
# RUN: not tilec %s --kernel whole_range --signature '*i64' 2>&1 | FileCheck %s --check-prefix=WHOLE
# RUN: not tilec %s --kernel whole_range_down --signature '*i64' 2>&1 | FileCheck %s --check-prefix=DOWN
# RUN: tilec %s --kernel near_max --signature '*i64' --emit tile | FileCheck %s --check-prefix=MAX
# RUN: tilec %s --kernel min_step --signature '*i64' --emit tile | FileCheck %s --check-prefix=STEP

import triton
import triton.language as tl


@triton.jit
def whole_range(x_ptr):
    for i in tl.static_range(-9223372036854775807 - 1, 9223372036854775807):
        tl.store(x_ptr, i)


@triton.jit
def whole_range_down(x_ptr):
    for i in tl.static_range(9223372036854775807, -9223372036854775807 - 1, -1):
        tl.store(x_ptr, i)


@triton.jit
def near_max(x_ptr):
    for i in tl.static_range(9223372036854775800, 9223372036854775807, 3):
        tl.store(x_ptr, i)


@triton.jit
def min_step(x_ptr):
    for i in tl.static_range(0, -9223372036854775807, -9223372036854775807 - 1):
        tl.store(x_ptr, i)

# WHOLE: {{.*}}static_range.py:14:5: error: tl.static_range would unroll 18446744073709551615 iterations; at most 4096 are allowed
# DOWN: {{.*}}static_range.py:20:5: error: tl.static_range would unroll 18446744073709551615 iterations; at most 4096 are allowed

# MAX: arith.constant 9223372036854775800 : i64
# MAX: arith.constant 9223372036854775803 : i64
# MAX: arith.constant 9223372036854775806 : i64
# MAX-NOT: arith.constant {{-?[0-9]+}} : i64

# STEP: arith.constant 0 : i64
# STEP-NOT: arith.constant {{-?[0-9]+}} : i64
