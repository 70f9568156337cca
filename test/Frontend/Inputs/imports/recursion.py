import triton

from .pkg import pong as other


@triton.jit
def ping(x):
    return other.pong(x)


@triton.jit
def pong_back(x):
    return ping(x)
