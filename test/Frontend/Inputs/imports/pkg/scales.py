# Imported by activations.py as `.pkg.scales`; imports it back (a cycle
# Python allows, and so does tilec).
import triton
import triton.language as tl

from .. import activations


@triton.jit
def scale(x, factor):
    return x * factor


@triton.jit
def scale_then_relu(x):
    return activations.leaky_relu(scale(x, 3.0), 0.5)
