# Decorator arguments bound at the top level of the file, as shipped
# kernels pass them: `**kwargs` in @triton.autotune's call (a dict display,
# dict(...), or a name bound to one, through another name), whose keywords
# are read as if written there (cache_results, warmup, rep, do_bench and
# pre_hook=None are accepted and ignored, reset_to_zero and restore_value
# read); and module constants as triton.Config's num_warps, num_stages and
# values. A `**` tilec cannot expand (an imported name) does not matter
# where the decorator is ignored anyway (configs host code computes).
#
# RUN: tilec %s --emit ast --kernel spread 2>&1 | FileCheck %s --check-prefix=SPREAD
# RUN: tilec %s --emit ast --kernel constants 2>&1 | FileCheck %s --check-prefix=CONSTANTS
# RUN: tilec %s --kernel constants --signature '*fp32,i32' --config 1 --emit tile 2>&1 | FileCheck %s --check-prefix=CONFIG
# RUN: tilec %s --kernel comprehension --signature '*fp32,i32,64' --emit tile 2>&1 | FileCheck %s --check-prefix=IGNORED

import triton
import triton.language as tl
from .tuning import shared_kwargs

TUNE_KWARGS = {"cache_results": True, "warmup": 5, "restore_value": ["x_ptr"]}
ALIASED = TUNE_KWARGS
NUM_STAGES = 2
NUM_WARPS = 8
WIDE = NUM_WARPS
SCALE = -0.5


@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"],
                 **ALIASED, **dict(rep=10, do_bench=None), pre_hook=None,
                 **{"reset_to_zero": ["y_ptr"]})
@triton.jit
def spread(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BLOCK": 64, "S": SCALE}, num_warps=NUM_WARPS,
                                        num_stages=NUM_STAGES),
                          triton.Config({"BLOCK": 128, "S": 1.0}, num_warps=WIDE)],
                 key=["n"])
@triton.jit
def constants(x_ptr, n, BLOCK: tl.constexpr, S: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, S, mask=offs < n)


@triton.autotune(configs=[triton.Config({"BLOCK": b}) for b in [32, 64]],
                 key=["n"], **shared_kwargs)
@triton.jit
def comprehension(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)

# SPREAD: autotune key=[n] reset_to_zero=[y_ptr] restore_value=[x_ptr]
# SPREAD-NEXT: config {BLOCK=64} num_warps=4 num_stages=3

# CONSTANTS: autotune key=[n]
# CONSTANTS-NEXT: config {BLOCK=64, S=-0.5} num_warps=8 num_stages=2
# CONSTANTS-NEXT: config {BLOCK=128, S=1} num_warps=8 num_stages=3

# CONFIG: module attributes {tile.num_warps = 8 : i32
# CONFIG: tile.constexprs = {BLOCK = 128 : i32, S = 1.000000e+00 : f64}

# IGNORED: warning: @triton.autotune is ignored
# IGNORED: func.func @comprehension(
# IGNORED-SAME: tile.constexprs = {BLOCK = 64 : i32}
