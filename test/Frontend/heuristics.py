# @triton.heuristics binds constexprs from the other constexprs at compile
# time: the values appear among the kernel's constexprs (tile.constexprs,
# and so the manifest) and drive `if` on them; -D of the same name wins;
# later heuristics see earlier ones; autotune configs (--config N) are
# bound before the heuristics read them. --emit ast shows the lambdas.
# RUN: tilec %s --kernel k --signature '*fp32,i32,64,100,32' --emit tile | FileCheck %s --check-prefix=EVEN
# RUN: tilec %s --kernel k --signature '*fp32,i32,64,100,48' --emit tile | FileCheck %s --check-prefix=ODD
# RUN: tilec %s --kernel k --signature '*fp32,i32,64,100,32' -D BLOCK_N=32 --emit tile | FileCheck %s --check-prefix=DEFINED
# RUN: tilec %s --kernel tuned --signature '*fp32,i32' --config 1 --emit tile | FileCheck %s --check-prefix=TUNED
# RUN: tilec %s --kernel k --emit ast | FileCheck %s --check-prefix=AST

import triton
import triton.language as tl


@triton.heuristics(values={"EVEN_K": lambda args: args["K"] % args["BLOCK_K"] == 0,
                           "BLOCK_N": lambda args: triton.next_power_of_2(args["N"]),
                           "HALF": lambda args: max(args["BLOCK_N"] // 2, 16)})
@triton.jit
def k(x_ptr, M, K: tl.constexpr, N: tl.constexpr, BLOCK_K: tl.constexpr,
      EVEN_K: tl.constexpr, BLOCK_N: tl.constexpr, HALF: tl.constexpr):
    r = tl.arange(0, BLOCK_N)
    if EVEN_K:
        tl.store(x_ptr + r, 1.0)
    else:
        tl.store(x_ptr + r, 2.0)


@triton.autotune(configs=[triton.Config({"BLOCK": 64}), triton.Config({"BLOCK": 256})],
                 key=["n"])
@triton.heuristics({"WIDE": lambda meta: meta["BLOCK"] >= 128})
@triton.jit
def tuned(x_ptr, n, BLOCK: tl.constexpr, WIDE: tl.constexpr):
    pass

# EVEN: tile.constexprs = {BLOCK_K = 32 : i32, BLOCK_N = 128 : i32, EVEN_K = true, HALF = 64 : i32, K = 64 : i32, N = 100 : i32}
# EVEN: tile.make_range 0, 128
# EVEN: arith.constant 1.000000e+00 : f32
# ODD: EVEN_K = false
# ODD: arith.constant 2.000000e+00 : f32
# DEFINED: BLOCK_N = 32 : i32
# DEFINED-SAME: HALF = 16 : i32
# DEFINED: tile.make_range 0, 32
# TUNED: tile.constexprs = {BLOCK = 256 : i32, WIDE = true}
# AST: heuristic EVEN_K = (lambda args: ((args["K"] % args["BLOCK_K"]) == 0)) @16:28
# AST-NEXT: heuristic BLOCK_N = (lambda args: triton.next_power_of_2(args["N"])) @17:28
# AST-NEXT: heuristic HALF = (lambda args: max((args["BLOCK_N"] // 2), 16)) @18:28
