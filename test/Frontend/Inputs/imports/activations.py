# @triton.jit helpers that test/Frontend/imports.py imports. They call each
# other and a helper of another file, and name tl through their own import.
import triton
import triton.language as tl
from triton.language.extra import libdevice as ld

from .pkg.scales import scale


@triton.jit
def leaky_relu(x, SLOPE: tl.constexpr = 0.01):
    return tl.where(x >= 0, x, SLOPE * x)


@triton.jit
def scaled_tanh(x):
    # `scale` is this file's import, not the kernel's.
    return ld.tanh(scale(x, 2.0))


@triton.jit
def max_combine(a, b):
    return tl.maximum(a, b)


def host_helper():
    return [i * i for i in range(4)]
