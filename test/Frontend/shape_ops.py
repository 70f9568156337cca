# tl.trans / tl.permute / x.T become tile.trans (result dimension i is
# operand dimension order[i]); the layouts pass gives the result the
# operand's blocked layout permuted, so a transpose in registers moves no
# data; a transposed factor of tl.dot works on wgmma. Errors are located.
# RUN: tilec %s --kernel transposes --signature '*fp32:16,*fp32:16' --emit tile | FileCheck %s
# RUN: tilec %s --kernel dot_transposed --signature '*fp16:16,*fp16:16,*fp32:16' -o %t.ptx
# RUN: FileCheck %s --check-prefix=DOT < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel reshapes --signature '*fp32:16,*fp32:16' --emit tile | FileCheck %s --check-prefix=RESHAPE
# RUN: tilec %s --kernel reshapes --signature '*fp32:16,*fp32:16' -o %t.reshape.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.reshape.ptx -o %t.reshape.cubin %}
# RUN: not tilec %s --kernel bad_reshape --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BADRESHAPE
# RUN: not tilec %s --kernel bad_split --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=BADSPLIT
# RUN: not tilec %s --kernel bad_dims --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=DIMS
# RUN: not tilec %s --kernel missing_dims --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec %s --kernel t_of_1d --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=T1D
# RUN: not tilec %s --kernel trans_scalar --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SCALAR

import triton
import triton.language as tl


# CHECK-LABEL: func.func @transposes
# CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK: tile.trans %{{.*}}, [2, 0, 1] : tensor<2x16x32xf32> -> tensor<32x2x16xf32>
# CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
# The identity permutation is no op: the last one is same.T.
# CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK-NOT: tile.trans
# CHECK: return
@triton.jit
def transposes(x_ptr, y_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    x = tl.load(x_ptr + r[:, None] * 32 + c[None, :])
    a = tl.trans(x)
    b = x.T
    z = tl.broadcast_to(x[None, :, :], (2, 16, 32))
    p = tl.permute(z, 2, 0, 1)
    q = x.permute((1, 0))
    same = tl.permute(x, (0, 1))
    tl.store(y_ptr + c[:, None] * 16 + r[None, :], a + b + q + tl.sum(p, 1) + same.T)


# DOT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
@triton.jit
def dot_transposed(a_ptr, b_ptr, c_ptr):
    r = tl.arange(0, 64)
    k = tl.arange(0, 32)
    a = tl.load(a_ptr + r[:, None] * 32 + k[None, :])
    b = tl.load(b_ptr + r[:, None] * 32 + k[None, :])
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], tl.dot(a, b.T))


# tl.reshape / tl.view keep row-major order; tl.join adds a last dimension
# of 2, tl.split takes it apart, tl.interleave is a join then a reshape.
# Each goes through scratch shared memory in the lowering.
# RESHAPE-LABEL: func.func @reshapes
# RESHAPE: tile.reshape %{{.*}} : tensor<256xf32> -> tensor<16x16xf32>
# RESHAPE: tile.reshape %{{.*}} : tensor<256xf32> -> tensor<128x2xf32>
# RESHAPE: tile.split %{{.*}} : tensor<128x2xf32> -> tensor<128xf32>
# RESHAPE: tile.join %{{.*}}, %{{.*}} : tensor<128xf32> -> tensor<128x2xf32>
# RESHAPE: tile.join %{{.*}}, %{{.*}} : tensor<128xf32> -> tensor<128x2xf32>
# RESHAPE: tile.reshape %{{.*}} : tensor<128x2xf32> -> tensor<256xf32>
@triton.jit
def reshapes(x_ptr, y_ptr):
    offs = tl.arange(0, 256)
    x = tl.load(x_ptr + offs)
    t = tl.sum(tl.reshape(x, 16, 16), 1)
    a, b = tl.split(x.reshape((128, 2)))
    j = tl.join(a, b)
    i = tl.interleave(a, b)
    tl.store(y_ptr + offs, i + tl.view(j, 256) + tl.reshape(x, 256, can_reorder=True))
    tl.store(y_ptr + tl.arange(0, 16), t)


@triton.jit
def bad_reshape(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # BADRESHAPE: shape_ops.py:[[@LINE+1]]:9: error: tl.reshape() cannot make block<16xfp32> (16 elements) into 32 elements
    y = tl.reshape(x, (4, 8))


@triton.jit
def bad_split(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # BADSPLIT: shape_ops.py:[[@LINE+1]]:21: error: tl.split() needs a block whose last dimension is 2, got block<16xfp32>
    a, b = tl.split(x)


@triton.jit
def bad_dims(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16)[:, None] + tl.arange(0, 16)[None, :])
    # DIMS: shape_ops.py:[[@LINE+1]]:9: error: tl.permute(): the dimensions must be a permutation of 0..1
    y = tl.permute(x, (1, 1))


@triton.jit
def missing_dims(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # MISSING: shape_ops.py:[[@LINE+1]]:9: error: tl.trans() of a rank 1 block needs the dimensions' order
    y = tl.trans(x)


@triton.jit
def t_of_1d(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    # T1D: shape_ops.py:[[@LINE+1]]:11: error: x.T needs a 2-d block, got block<16xfp32>
    y = x.T


@triton.jit
def trans_scalar(x_ptr):
    # SCALAR: shape_ops.py:[[@LINE+1]]:9: error: tl.trans() needs a block, got fp32
    y = tl.trans(tl.load(x_ptr), 0)
