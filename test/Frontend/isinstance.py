# isinstance() in kernels and @triton.jit helpers is a compile-time bool
# from the kind of value (as Triton's attention tutorial takes a tensor
# descriptor or a pointer through one helper): tl.tensor_descriptor,
# tl.tensor (runtime blocks and scalars), tl.constexpr (literals and
# constexpr arguments), tl.dtype, tl.tuple / tuple / list, int, float, bool,
# str, or a tuple of them. The untaken branch is never generated. Other
# classes are a located error.
# RUN: tilec %s --kernel pick --signature '*fp16:16,tensordesc<fp16[16,16]>,*fp16:16,i32,16' --emit tile | FileCheck %s
# RUN: not tilec %s --kernel unknown_class --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=UNKNOWN

# Both descriptors load through one helper: the pointer becomes one in the
# kernel, the parameter is used as it is.
# CHECK-LABEL: func.func @pick(
# CHECK-COUNT-2: tile.load {{.*}} tma
# The flags: 1 (an int32 tensor, as assigned; stored as fp16), never 99.
# CHECK-NOT: 99 : i32
# CHECK: %[[ONE:.*]] = arith.constant 1 : i32
# CHECK-NOT: 99 : i32
# CHECK: %[[FLAGS:.*]] = arith.sitofp %[[ONE]] : i32 to f16
# CHECK: tile.store %arg{{[0-9]+}}, %[[FLAGS]] : !tile.ptr<f16>

# UNKNOWN: isinstance.py:[[# @LINE + 35]]:26: error: isinstance() takes tl.tensor, tl.tensor_descriptor, tl.constexpr, tl.dtype, tl.tuple, int, float, bool or str (or a tuple of them), got

import triton
import triton.language as tl


@triton.jit
def as_desc(desc_or_ptr, n, BLOCK: tl.constexpr):
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, [n, n], [n, 1],
                                         [BLOCK, BLOCK])


@triton.jit
def pick(x_ptr, x_desc, out_ptr, n, BLOCK: tl.constexpr):
    a = as_desc(x_ptr, n, BLOCK).load([0, 0])
    b = as_desc(x_desc, n, BLOCK).load([0, 0])
    r = tl.arange(0, BLOCK)
    tl.store(out_ptr + r[:, None] * BLOCK + r[None, :], a + b)
    flags = 0
    if isinstance(n, tl.tensor) and isinstance(BLOCK, (int, tl.constexpr)):
        flags = 1
    if isinstance(BLOCK, float) or isinstance(a, tl.tensor_descriptor):
        flags = 99
    if not isinstance((1, 2), tuple) or not isinstance(tl.float16, tl.dtype):
        flags = 99
    if not isinstance(True, int) or isinstance(1, bool):
        flags = 99
    tl.store(out_ptr, flags)


@triton.jit
def unknown_class(x_ptr):
    if isinstance(x_ptr, tl.block_type):
        pass
