# tl.load/tl.store cache hints that PTX has no instruction for.
# RUN: not tilec %s --kernel load_store_modifier --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=LOADMOD
# RUN: not tilec %s --kernel store_load_modifier --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=STOREMOD
# RUN: not tilec %s --kernel unknown_policy --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=POLICY
# RUN: not tilec %s --kernel both_hints --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BOTH
# RUN: not tilec %s --kernel not_a_string --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOTSTR
# RUN: not tilec %s --kernel volatile_load --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=VOLATILE

import triton
import triton.language as tl


@triton.jit
def load_store_modifier(x_ptr):
    x = tl.load(x_ptr, cache_modifier=".wt")


@triton.jit
def store_load_modifier(x_ptr):
    tl.store(x_ptr, 1.0, cache_modifier=".ca")


@triton.jit
def unknown_policy(x_ptr):
    x = tl.load(x_ptr, eviction_policy="evict_sometimes")


@triton.jit
def both_hints(x_ptr):
    x = tl.load(x_ptr, cache_modifier=".cg", eviction_policy="evict_last")


@triton.jit
def not_a_string(x_ptr):
    x = tl.load(x_ptr, cache_modifier=1)


@triton.jit
def volatile_load(x_ptr):
    x = tl.load(x_ptr, volatile=True)

# LOADMOD: {{.*}}cache_hints.py:15:39: error: tl.load(): unknown cache_modifier '.wt' (expected .ca, .cg, .cs, .lu, .cv or "")
# LOADMOD-NEXT: {{^}}    x = tl.load(x_ptr, cache_modifier=".wt")
# LOADMOD-NEXT: {{^ *\^$}}

# STOREMOD: {{.*}}cache_hints.py:20:41: error: tl.store(): unknown cache_modifier '.ca' (expected .wb, .cg, .cs, .wt or "")

# POLICY: {{.*}}cache_hints.py:25:40: error: tl.load(): unknown eviction_policy 'evict_sometimes' (expected evict_first, evict_last, evict_normal or "")

# BOTH: {{.*}}cache_hints.py:30:62: error: tl.load(): eviction_policy cannot be combined with cache_modifier (PTX takes one or the other)

# NOTSTR: {{.*}}cache_hints.py:35:39: error: tl.load(): cache_modifier must be a string

# VOLATILE: {{.*}}cache_hints.py:40:33: error: tl.load(): volatile loads are not supported yet
