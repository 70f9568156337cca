# @triton.autotune is read into the kernel's AST: its configs (constexpr
# values, num_warps, num_stages; defaults 4 and 3), key, reset_to_zero and
# restore_value. `configs` may be a list display, a top-level name bound to
# one, or a call of a top-level function that returns one; arguments may be
# positional (configs, key) or keywords. prune_configs_by is accepted with a
# warning (it is Python code; every config is compiled), warmup/rep are
# ignored. Other decorators and the host code around are skipped.
#
# RUN: tilec %s --emit ast --kernel literal 2>&1 | FileCheck %s --check-prefix=LITERAL
# RUN: tilec %s --emit ast --kernel named 2>&1 | FileCheck %s --check-prefix=NAMED
# RUN: tilec %s --emit ast --kernel returned 2>&1 | FileCheck %s --check-prefix=RETURNED

import triton
import triton.language as tl

CONFIGS = [
    triton.Config({"BLOCK": 128}, num_warps=8),
    triton.Config({"BLOCK": 256}, num_stages=2, num_ctas=1),
]


def make_configs():
    return [triton.Config({'BLOCK': 64, 'EVEN': True, 'SCALE': -0.5})]


def host_code(x):
    return {k: v for k, v in x.items()}


@triton.autotune(configs=[triton.Config({"BLOCK": 1024}, num_warps=4, num_stages=1)],
                 key=["n"], reset_to_zero=["y_ptr"], restore_value=["x_ptr"],
                 warmup=25, rep=100)
@triton.jit
def literal(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pass


@triton.autotune(CONFIGS, ["n"], prune_configs_by={"early_config_prune": host_code})
@triton.jit(debug=True)
def named(x_ptr, n, BLOCK: tl.constexpr):
    pass


@triton.jit
@triton.autotune(configs=make_configs(), key="n")
def returned(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr,
             SCALE: tl.constexpr):
    pass

# LITERAL: kernel literal @34:1
# LITERAL: param BLOCK: tl.constexpr
# LITERAL-NEXT: autotune key=[n] reset_to_zero=[y_ptr] restore_value=[x_ptr] @30:2
# LITERAL-NEXT: config {BLOCK=1024} num_warps=4 num_stages=1 @30:27
# LITERAL-NEXT: body

# NAMED: autotune.py:38:34: warning: prune_configs_by is not applied: tilec compiles every config and the runtime times them all
# NAMED-NEXT: {{^}}@triton.autotune(CONFIGS, ["n"], prune_configs_by={"early_config_prune": host_code})
# NAMED-NEXT: {{^ *\^$}}
# NAMED: kernel named @40:1
# NAMED: autotune key=[n] reset_to_zero=[] restore_value=[] @38:2
# NAMED-NEXT: config {BLOCK=128} num_warps=8 num_stages=3 @17:5
# NAMED-NEXT: config {BLOCK=256} num_warps=4 num_stages=2 @18:5
# NAMED-NEXT: body

# RETURNED: kernel returned @46:1
# RETURNED: autotune key=[n] reset_to_zero=[] restore_value=[] @45:2
# RETURNED-NEXT: config {BLOCK=64, EVEN=True, SCALE=-0.5} num_warps=4 num_stages=3 @23:13
# RETURNED-NEXT: body

# A whole float in a config (2.0) is bound as a float, not the int 2.
# RUN: tilec %s --kernel whole --signature '*fp32,i32' --config 0 --emit tile | FileCheck %s --check-prefix=WHOLE
# WHOLE: tile.constexprs = {S = 2.000000e+00 : f64}


@triton.autotune(configs=[triton.Config({"S": 2.0})], key=["n"])
@triton.jit
def whole(x_ptr, n, S: tl.constexpr):
    tl.store(x_ptr, S)
