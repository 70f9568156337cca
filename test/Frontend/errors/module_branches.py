# A name bound under a top-level `if` or `try` whose branch tilec cannot
# tell Python takes is an error where a kernel uses it, naming the
# condition (or the import) and where it is.
# RUN: not tilec %s --kernel uses_condition --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=COND
# RUN: not tilec %s --kernel uses_try --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=TRY
# RUN: not tilec %s --kernel uses_platform --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=PLATFORM
# RUN: not tilec %s --kernel conditional_kernel --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=KERNEL

import operator

import triton
import triton.language as tl

from host_helpers import check_version, is_hip

if check_version("triton", operator.ge, "3.0.0"):
    from triton.language.extra.libdevice import erf
else:
    from triton.language.math import erf

try:
    from torch_extension import round_fn
except ImportError:
    round_fn = tl.extra.cuda.libdevice.round

if triton.__version__ >= "3.0" and is_hip():
    WIDTH: tl.constexpr = 64
else:
    WIDTH: tl.constexpr = 32

if is_hip():

    @triton.jit
    def conditional_kernel(x_ptr):
        pass


@triton.jit
def uses_condition(x_ptr):
    tl.store(x_ptr, erf(tl.load(x_ptr)))


@triton.jit
def uses_try(x_ptr):
    tl.store(x_ptr, round_fn(tl.load(x_ptr)))


@triton.jit
def uses_platform(x_ptr):
    tl.store(x_ptr, WIDTH)

# COND: module_branches.py:40:21: error: 'erf' is bound under the top-level condition 'check_version("triton", operator.ge, "3.0.0")' (module_branches.py:16), which tilec cannot evaluate
# COND-NEXT: tl.store(x_ptr, erf(tl.load(x_ptr)))
# COND-NEXT: ^
# TRY: module_branches.py:45:21: error: 'round_fn' is bound in the top-level try statement at module_branches.py:21, and tilec cannot tell whether its 'from torch_extension import round_fn' succeeds
# PLATFORM: module_branches.py:50:21: error: 'WIDTH' is bound under the top-level condition 'triton.__version__ >= "3.0" and is_hip()' (module_branches.py:26), which tilec cannot evaluate
# KERNEL: module_branches.py:1:1: error: kernel 'conditional_kernel' is bound under the top-level condition 'is_hip()' (module_branches.py:31), which tilec cannot evaluate
