# Names bound under a top-level `if` or `try` are those of the branch
# Python takes under Triton 3.6 (triton.__version__ is "3.6.0"): version
# checks through packaging or string comparison, hasattr of Triton's
# modules, globals computed from them, and try bodies whose imports resolve
# (else the handler of the ImportError). Conditions tilec cannot evaluate
# cost nothing while no kernel uses what they bind.
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp32:16' --emit tile | FileCheck %s
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp32:16' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl
from packaging import version
from packaging.version import Version

from host_helpers import is_hip

TRITON_VERSION = version.parse(triton.__version__)
TRITON3 = TRITON_VERSION >= version.parse("3.0.0")

if TRITON3:
    fast_exp = tl.math.exp
else:
    fast_exp = tl.math.fast_expf

if Version(triton.__version__) < Version("3.0") or not hasattr(tl, "cast"):
    from triton.language.math import rsqrt
elif triton.__version__ >= "3.6":
    try:
        from triton.language.extra.libdevice import rsqrt
    except ModuleNotFoundError:
        from triton.language.extra.cuda.libdevice import rsqrt
else:
    rsqrt = None

try:
    from .no_such_file import tanh
except ImportError:
    from triton.language.extra.libdevice import tanh
else:
    tanh = None

if TRITON3:

    @triton.jit
    def softplus(x):
        return tl.log(tl.exp(x) + 1)

else:

    @triton.jit
    def softplus(x):
        return tl.log1p(tl.exp(x))

# Versions compare by number: 3.6.0 < 3.10.
if version.parse(triton.__version__) >= version.parse("3.10"):
    SCALE = tl.constexpr(10)
else:
    SCALE = tl.constexpr(2)

# The file is read as an imported module: its main block does not run.
if __name__ == "__main__":
    SCALE = None

# Nothing k uses: no error.
if is_hip():
    WIDTH: tl.constexpr = 64
else:
    WIDTH: tl.constexpr = 32


@triton.jit
def k(x_ptr, y_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = fast_exp(x) + rsqrt(x) + tanh(x) + softplus(x)
    tl.store(y_ptr + offs, y * SCALE)

# fast_exp is tl.math.exp, rsqrt libdevice's (the elif), tanh libdevice's
# (the handler), softplus the TRITON3 one (log of exp + 1, no log1p):
# CHECK: math.exp
# CHECK: tile.extern_elementwise "__nv_rsqrtf"
# CHECK: tile.extern_elementwise "__nv_tanhf"
# CHECK: math.exp
# CHECK: arith.constant 1.000000e+00 : f32
# CHECK: math.log
# CHECK: arith.constant 2.000000e+00 : f32
