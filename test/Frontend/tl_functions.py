# tl.reduce_or (bitwise OR along an axis, also as a method), and tl.add,
# tl.sub, tl.mul (the operators as functions; sanitize_overflow is
# accepted, Triton checks it only under its overflow sanitizer).
# RUN: tilec %s --signature '*i32:16,*fp32:16' --emit tile | FileCheck %s

import triton
import triton.language as tl


@triton.jit
def k(bits_ptr, x_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 8)
    bits = tl.load(bits_ptr + r[:, None] * 8 + c[None, :])
    tl.store(bits_ptr + r, tl.reduce_or(bits, 1))
    tl.store(bits_ptr + c, bits.reduce_or(0))
    x = tl.load(x_ptr + r)
    y = tl.mul(tl.add(x, 1.0), tl.sub(x, 2.0), sanitize_overflow=False)
    tl.store(x_ptr + r, y)

# CHECK: tile.combine
# CHECK: arith.ori
# CHECK: tile.combine_return
# CHECK: arith.ori
# CHECK: arith.addf
# CHECK: arith.subf
# CHECK: arith.mulf
