# Errors in @triton.autotune: each points at the offending argument with
# the source line and a caret. Each case is its own file (the parser stops
# at the first error).
# RUN: split-file %s %t
# RUN: not tilec %t/no_key.py --emit ast 2>&1 | FileCheck %s --check-prefix=NOKEY
# RUN: not tilec %t/not_config.py --emit ast 2>&1 | FileCheck %s --check-prefix=NOTCONFIG
# RUN: not tilec %t/config_arg.py --emit ast 2>&1 | FileCheck %s --check-prefix=CONFIGARG
# RUN: tilec %t/bad_value.py --emit ast 2>&1 | FileCheck %s --check-prefix=VALUE
# RUN: tilec %t/is_cuda.py --emit ast 2>&1 | FileCheck %s --check-prefix=ISCUDA
# RUN: tilec %t/cycle.py --emit ast 2>&1 | FileCheck %s --check-prefix=CYCLE
# RUN: tilec %t/host_call.py --kernel k --signature '*fp32,i32,64,132' --emit tile 2>&1 | FileCheck %s --check-prefix=HOSTCALL
# RUN: not tilec %t/warps.py --emit ast 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: not tilec %t/ctas.py --emit ast 2>&1 | FileCheck %s --check-prefix=CTAS
# A num_warps tilec cannot compile (not a power of two from 1 to 32) is an
# error at its value when the config is compiled, before any is:
# RUN: not tilec %t/warps_unsupported.py --signature '*fp32,i32' --autotune -o %t/warps/idx.json 2>&1 | FileCheck %s --check-prefix=WARPS3
# RUN: not ls %t/warps
# RUN: not tilec %t/warps_unsupported.py --signature '*fp32,i32' --config 2 -o %t/w.ptx 2>&1 | FileCheck %s --check-prefix=WARPS64
# RUN: tilec %t/warps_unsupported.py --signature '*fp32,i32' --config 0 -o %t/w.ptx
# RUN: tilec %t/unknown_name.py --emit ast 2>&1 | FileCheck %s --check-prefix=NAME
# RUN: tilec %t/comprehension.py --kernel k --signature '*fp32,i32,64' --emit tile 2>&1 | FileCheck %s --check-prefix=COMPREHENSION
# RUN: not tilec %t/not_constexpr.py --emit ast 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: not tilec %t/key_param.py --emit ast 2>&1 | FileCheck %s --check-prefix=KEY
# RUN: not tilec %t/empty.py --emit ast 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: not tilec %t/argument.py --emit ast 2>&1 | FileCheck %s --check-prefix=ARG
# RUN: not tilec %t/twice.py --emit ast 2>&1 | FileCheck %s --check-prefix=TWICE

# NOKEY: no_key.py:1:2: error: @triton.autotune needs key=[...]
# NOKEY-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64})])
# NOKEY-NEXT: {{^ *\^$}}
# NOTCONFIG: not_config.py:1:27: error: expected triton.Config({...}, num_warps=..., num_stages=...)
# NOTCONFIG-NEXT: {{^}}@triton.autotune(configs=[{"BLOCK": 64}], key=["n"])
# NOTCONFIG-NEXT: {{^ *\^$}}
# CONFIGARG: config_arg.py:1:56: error: unsupported triton.Config argument 'maxnreg' (tilec reads kwargs, num_warps, num_stages and num_ctas=1)
# CONFIGARG-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64}, maxnreg=128)], key=["n"])
# CONFIGARG-NEXT: {{^ *\^$}}
# WARPS: warps.py:1:66: error: num_warps must be a positive int
# WARPS-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=0)], key=["n"])
# WARPS-NEXT: {{^ *\^$}}
# WARPS3: warps_unsupported.py:2:66: error: num_warps must be a power of two from 1 to 32, got 3
# WARPS3-NEXT: {{^}}                          triton.Config({"BLOCK": 32}, num_warps=3),
# WARPS3-NEXT: {{^ *\^$}}
# WARPS64: warps_unsupported.py:3:66: error: num_warps must be a power of two from 1 to 32, got 64
# WARPS64-NEXT: {{^}}                          triton.Config({"BLOCK": 64}, num_warps=64)],
# WARPS64-NEXT: {{^ *\^$}}
# CTAS: ctas.py:1:65: error: num_ctas > 1 (thread-block clusters) is not supported yet
# CTAS-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_ctas=2)], key=["n"])
# CTAS-NEXT: {{^ *\^$}}
# Configs tilec cannot read (host code computes them) leave the decorator
# ignored, with a warning; the kernel still compiles with its constexprs
# given in the signature.
# NAME: unknown_name.py:1:26: warning: @triton.autotune is ignored: 'CONFIGS' is not bound to a list at the top level before this decorator; give the tuned constexprs in the signature or with -D
# NAME-NEXT: {{^}}@triton.autotune(configs=CONFIGS, key=["n"])
# NAME-NEXT: {{^ *\^$}}
# COMPREHENSION: comprehension.py:4:18: warning: @triton.autotune is ignored: configs must be a list of triton.Config, a top-level name bound to one, or a call of a top-level function that returns one; give the tuned constexprs in the signature or with -D
# VALUE: bad_value.py:1:51: warning: @triton.autotune is ignored: config 0 computes 'BLOCK' in host code; give the tuned constexprs in the signature or with -D
# VALUE-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 2 * 32})], key=["n"])
# VALUE-NEXT: {{^ *\^$}}
# HOSTCALL: host_call.py:6:65: warning: @triton.autotune is ignored: config 1 computes 'NUM_SM' in host code; give the tuned constexprs in the signature or with -D
# HOSTCALL: func.func @k(
# HOSTCALL-SAME: tile.constexprs = {BLOCK = 64 : i32, NUM_SM = 132 : i32}
# A top-level function that returns `if is_cuda():` (Triton's matmul
# tutorial), through another such function: tilec compiles for CUDA.
# ISCUDA: autotune key=[n]
# ISCUDA-NEXT: config {BLOCK=64} num_warps=4 num_stages=3 @6:13
# ISCUDA-NEXT: config {BLOCK=128} num_warps=8 num_stages=3 @7:13
# A config function that calls itself is followed 8 times, then ignored.
# CYCLE: cycle.py:5:26: warning: @triton.autotune is ignored: configs resolve through more than 8 calls; give the tuned constexprs in the signature or with -D
# COMPREHENSION: func.func @k(
# COMPREHENSION-SAME: tile.constexprs = {BLOCK = 64 : i32}
# CONSTEXPR: not_constexpr.py:1:27: error: config sets 'n', which is not a tl.constexpr parameter of 'k'
# CONSTEXPR-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"n": 64})], key=["x_ptr"])
# CONSTEXPR-NEXT: {{^ *\^$}}
# KEY: key_param.py:1:2: error: key names 'M', which is not a parameter of 'k'
# KEY-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["M"])
# KEY-NEXT: {{^ *\^$}}
# EMPTY: empty.py:1:26: error: @triton.autotune needs at least one config
# EMPTY-NEXT: {{^}}@triton.autotune(configs=[], key=["n"])
# EMPTY-NEXT: {{^ *\^$}}
# ARG: argument.py:1:69: error: unsupported @triton.autotune argument 'pre_hook'
# ARG-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"], pre_hook=zero_x)
# ARG-NEXT: {{^ *\^$}}
# TWICE: twice.py:1:55: error: 'BLOCK' is given twice
# TWICE-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64, "BLOCK": 32})], key=["n"])
# TWICE-NEXT: {{^ *\^$}}

#--- no_key.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64})])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- not_config.py
@triton.autotune(configs=[{"BLOCK": 64}], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- config_arg.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64}, maxnreg=128)], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- bad_value.py
@triton.autotune(configs=[triton.Config({"BLOCK": 2 * 32})], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- is_cuda.py
def is_cuda():
    return True


def cuda_configs():
    return [triton.Config({"BLOCK": 64}, num_warps=4),
            triton.Config({"BLOCK": 128}, num_warps=8)]


def configs():
    if is_cuda():
        return cuda_configs()
    else:
        return []


@triton.autotune(configs=configs(), key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- cycle.py
def configs():
    return configs()


@triton.autotune(configs=configs(), key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- host_call.py
def num_sms():
    return 132


@triton.autotune(configs=[triton.Config({"BLOCK": 64, "NUM_SM": 128}),
                          triton.Config({"BLOCK": 64, "NUM_SM": num_sms()})],
                 key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr, NUM_SM: tl.constexpr):
    pass
#--- warps.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=0)], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- ctas.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_ctas=2)], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- unknown_name.py
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- not_constexpr.py
@triton.autotune(configs=[triton.Config({"n": 64})], key=["x_ptr"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- key_param.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["M"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- empty.py
@triton.autotune(configs=[], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- argument.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"], pre_hook=zero_x)
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- twice.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64, "BLOCK": 32})], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- comprehension.py
configs = [triton.Config({"BLOCK": b}, num_warps=w)
           for b in [64, 128] for w in [4, 8]]

@triton.autotune(list(filter(lambda c: c.num_warps == 4, configs)), key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- warps_unsupported.py
@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4),
                          triton.Config({"BLOCK": 32}, num_warps=3),
                          triton.Config({"BLOCK": 64}, num_warps=64)],
                 key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
