# Attributes of dtypes: `ptr.dtype.element_ty` is the pointee (the idiom
# `y.to(y_ptr.dtype.element_ty)` stores in the output's type), and
# `dtype.primitive_bitwidth` its width; element_ty of a non-pointer dtype is
# a located error.
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp16:16,i32,1024' --emit tile | FileCheck %s
# RUN: not tilec %s --kernel not_pointer --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=ERR

import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    bits = y_ptr.dtype.element_ty.primitive_bitwidth
    tl.store(y_ptr + offs, (x * bits).to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def not_pointer(x_ptr):
    x = tl.load(x_ptr)
    y = x.to(x.dtype.element_ty)

# CHECK: %[[X:.*]] = tile.load
# `bits = ...` makes an int32 tensor, as in Triton.
# CHECK: %[[BITS:.*]] = arith.constant 16 : i32
# CHECK: arith.sitofp %[[BITS]] : i32 to f32
# CHECK: %[[P:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<1024xf32>
# CHECK: arith.truncf %[[P]] : tensor<1024xf32> to tensor<1024xf16>
# ERR: dtype_attributes.py:24:22: error: the dtype fp32 is not a pointer type: it has no element_ty
