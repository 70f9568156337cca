# Errors in @triton.heuristics, each at its place with the source line and
# a caret. Decorator shape errors stop the parse (one file each, split-file);
# evaluation errors come when a kernel is specialised (--kernel).
# RUN: split-file %s %t
# RUN: not tilec %t/not_dict.py --emit ast 2>&1 | FileCheck %s --check-prefix=DICT
# RUN: not tilec %t/not_lambda.py --emit ast 2>&1 | FileCheck %s --check-prefix=LAMBDA
# RUN: not tilec %t/not_constexpr.py --emit ast 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: not tilec %t/both.py --emit ast 2>&1 | FileCheck %s --check-prefix=BOTH
# RUN: not tilec %t/eval.py --kernel runtime --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=RUNTIME
# RUN: not tilec %t/eval.py --kernel unknown --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec %t/eval.py --kernel later --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=LATER
# RUN: not tilec %t/eval.py --kernel call --signature '*fp32,16' 2>&1 | FileCheck %s --check-prefix=CALL
# RUN: not tilec %t/eval.py --kernel zero --signature '*fp32,0' 2>&1 | FileCheck %s --check-prefix=ZERO

# DICT: not_dict.py:1:20: error: @triton.heuristics takes values={'NAME': lambda args: ...}
# DICT-NEXT: {{^}}@triton.heuristics(["B"])
# DICT-NEXT: {{^ *\^$}}
# LAMBDA: not_lambda.py:1:33: error: a heuristic must be a lambda of one parameter, `lambda args: ...`
# CONSTEXPR: not_constexpr.py:1:28: error: heuristic 'n' is not a tl.constexpr parameter of 'k'
# BOTH: both.py:2:21: error: 'B' is set by both a heuristic and an autotune config
# RUNTIME: eval.py:1:39: error: heuristic 'B' reads 'n', a runtime argument: its value is not known when compiling; bind 'B' with -D B=VALUE
# RUNTIME-NEXT: {{^}}@triton.heuristics({"B": lambda args: args["n"] * 2})
# RUNTIME-NEXT: {{^ *\^$}}
# UNKNOWN: eval.py:7:39: error: heuristic 'B' reads 'Q', which is not a parameter of 'unknown'
# LATER: eval.py:13:39: error: heuristic 'B' reads 'C', a heuristic that comes after it
# CALL: eval.py:19:39: error: 'print' cannot be called in a heuristic
# ZERO: eval.py:25:39: error: division by zero in a compile-time expression

#--- not_dict.py
@triton.heuristics(["B"])
@triton.jit
def k(x_ptr, B: tl.constexpr):
    pass
#--- not_lambda.py
@triton.heuristics(values={"B": 64})
@triton.jit
def k(x_ptr, B: tl.constexpr):
    pass
#--- not_constexpr.py
@triton.heuristics(values={"n": lambda args: 4})
@triton.jit
def k(x_ptr, n):
    pass
#--- both.py
@triton.autotune(configs=[triton.Config({"B": 64})], key=[])
@triton.heuristics({"B": lambda args: 4})
@triton.jit
def k(x_ptr, B: tl.constexpr):
    pass
#--- eval.py
@triton.heuristics({"B": lambda args: args["n"] * 2})
@triton.jit
def runtime(x_ptr, n, B: tl.constexpr):
    pass


@triton.heuristics({"B": lambda args: args["Q"]})
@triton.jit
def unknown(x_ptr, B: tl.constexpr):
    pass


@triton.heuristics({"B": lambda args: args["C"], "C": lambda args: 1})
@triton.jit
def later(x_ptr, B: tl.constexpr, C: tl.constexpr):
    pass


@triton.heuristics({"B": lambda args: print(args["N"])})
@triton.jit
def call(x_ptr, N: tl.constexpr, B: tl.constexpr):
    pass


@triton.heuristics({"B": lambda args: 64 // args["N"]})
@triton.jit
def zero(x_ptr, N: tl.constexpr, B: tl.constexpr):
    pass
