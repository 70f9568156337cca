# Errors with `**` in calls and module values in decorators, each at its
# place with the source line and a caret (one file each: the parser stops
# at the first error). A `**` tilec cannot expand is an error where the
# decorator's configs are compiled (its keywords could be restore_value or
# a hook), and no error where the decorator is ignored anyway
# (test/Frontend/autotune_kwargs.py); a module constant host code computes
# makes the config host code too.
# RUN: split-file %s %t
# RUN: not tilec %t/opaque.py --emit ast 2>&1 | FileCheck %s --check-prefix=OPAQUE
# RUN: not tilec %t/key_type.py --emit ast 2>&1 | FileCheck %s --check-prefix=KEYTYPE
# RUN: not tilec %t/multiple.py --emit ast 2>&1 | FileCheck %s --check-prefix=MULTIPLE
# RUN: not tilec %t/order.py --emit ast 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not tilec %t/kernel.py --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=KERNEL
# RUN: tilec %t/host_constant.py --emit ast 2>&1 | FileCheck %s --check-prefix=HOST

# OPAQUE: opaque.py:5:29: error: cannot expand '**tune_kwargs': tilec reads '**' in @triton.autotune from a dict display, written there or bound to a name at the top level of this file
# OPAQUE-NEXT: {{^}}                 key=["n"], **tune_kwargs)
# OPAQUE-NEXT: {{^ *\^$}}
# KEYTYPE: key_type.py:1:16: error: autotune() keywords must be strings
# KEYTYPE-NEXT: {{^}}TUNE_KWARGS = {1: True}
# KEYTYPE-NEXT: {{^ *\^$}}
# MULTIPLE: multiple.py:2:32: error: autotune() got multiple values for keyword argument 'key'
# MULTIPLE-NEXT: {{^}}                 key=["n"], **{"key": ["n"]})
# MULTIPLE-NEXT: {{^ *\^$}}
# ORDER: order.py:1:68: error: positional argument follows keyword argument unpacking
# ORDER-NEXT: {{^}}@triton.autotune(configs=[triton.Config({"BLOCK": 64})], **KWARGS, ["n"])
# ORDER-NEXT: {{^ *\^$}}
# KERNEL: kernel.py:3:26: error: '**' arguments are not supported in @triton.jit functions (nor in Triton, whose keywords must be names)
# KERNEL-NEXT: {{^}}    tl.store(x_ptr, 1.0, **OPTIONS)
# KERNEL-NEXT: {{^ *\^$}}
# HOST: host_constant.py:3:66: warning: @triton.autotune is ignored: config 0 computes 'num_warps' in host code; give the tuned constexprs in the signature or with -D

#--- opaque.py
from .tuning import tune_kwargs


@triton.autotune(configs=[triton.Config({"BLOCK": 64})],
                 key=["n"], **tune_kwargs)
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- key_type.py
TUNE_KWARGS = {1: True}
@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"], **TUNE_KWARGS)
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- multiple.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64})],
                 key=["n"], **{"key": ["n"]})
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- order.py
@triton.autotune(configs=[triton.Config({"BLOCK": 64})], **KWARGS, ["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
#--- kernel.py
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 1.0, **OPTIONS)
#--- host_constant.py
NUM_WARPS = num_warps_for(torch.cuda.get_device_properties(0))

@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=NUM_WARPS)], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
