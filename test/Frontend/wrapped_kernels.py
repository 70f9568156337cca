# `f = triton.jit(f)`, `f = triton.heuristics({...})(f)` and `f =
# triton.autotune(...)(f)` at the top level do what the decorators do.
# RUN: tilec %s --kernel scale --signature '*fp32:16,*fp32:16,3,512,256' --emit tile | FileCheck %s --check-prefix=DIVISIBLE
# RUN: tilec %s --kernel scale --signature '*fp32:16,*fp32:16,3,100,256' --emit tile | FileCheck %s --check-prefix=RAGGED
# RUN: tilec %s --kernel tuned --emit ast | FileCheck %s --check-prefix=AST
# RUN: not tilec %s --kernel plain --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=PLAIN

import triton
import triton.language as tl


def scale(x_ptr, y_ptr, FACTOR: tl.constexpr, N: tl.constexpr,
          BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        x = tl.load(x_ptr + offs)
    else:
        x = tl.load(x_ptr + offs, mask=offs < N)
    tl.store(y_ptr + offs, x * FACTOR, mask=offs < N)


scale = triton.jit(scale)
scale = triton.heuristics(
    {
        "EVEN": lambda args: args["N"] % args["BLOCK"] == 0,
    }
)(scale)


def tuned(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


tuned = triton.jit(debug=True)(tuned)
tuned = triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=2)],
                        key=["n"])(tuned)


def plain(x_ptr):
    pass

# DIVISIBLE: tile.constexprs = {BLOCK = 256 : i32, EVEN = true, FACTOR = 3 : i32, N = 512 : i32}
# RAGGED: tile.constexprs = {BLOCK = 256 : i32, EVEN = false, FACTOR = 3 : i32, N = 100 : i32}
# AST: autotune key=[n]
# PLAIN: error: no @triton.jit kernel named 'plain' (kernels: scale, tuned)
