# tl.make_tensor_descriptor, desc.load / desc.store / desc.atomic_add and
# `tensordesc<...>` kernel parameters. Until descriptor accesses lower to
# TMA they are pointer blocks as block-pointer accesses are, every dimension
# checked (0 <= offset + arange < shape, compared as clamp(-offset, 0, B) <=
# arange < clamp(shape - offset, 0, B)), padded with zero or NaN. Triton's
# rules are promised to the axis analysis: the base is 16-byte aligned and
# the leading strides are multiples of 16 bytes, so the accesses are 128-bit
# even where the shape's divisibility is unknown (a vector whose lanes are
# not all in falls back to lane-by-lane accesses). The matmul's loads go
# through the cp.async pipeline into wgmma.
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_affine --signature '*fp32,*fp32:16,i32,i32,i32,32,64' --emit tile | FileCheck %s --check-prefix=TILE
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_affine --signature '*fp32:16,*fp32:16,i32,i32,i32:16,32,64' -o %t.affine.ptx
# RUN: FileCheck %s --check-prefix=AFFINE < %t.affine.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.affine.ptx -o %t.affine.cubin %}
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_nan_padding --signature '*fp32:16,*i32:16,i32,i32,32,64' --emit tile | FileCheck %s --check-prefix=NAN
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_matmul_relu --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,128,128,64' --num-warps 8 -o %t.mm.ptx
# RUN: FileCheck %s --check-prefix=MATMUL < %t.mm.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.mm.ptx -o %t.mm.cubin %}
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_args_scale --signature 'tensordesc<fp16[64, 64]>,tensordesc<fp16[64,64]>,fp32,64,64' -o %t.args.ptx
# RUN: FileCheck %s --check-prefix=ARGS < %t.args.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.args.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.args.ptx -o %t.args.cubin %}
# RUN: tilec %S/../gpu/kernels/descriptors.py --kernel desc_atomic_add --signature '*fp32:16,*fp32:16,i32,i32,32,64' --emit tile | FileCheck %s --check-prefix=ATOMIC
# RUN: tilec %s --kernel attributes --signature 'tensordesc<bf16[16,32]>,*i32' --emit tile | FileCheck %s --check-prefix=ATTRS

import triton
import triton.language as tl

# The leading stride is promised a multiple of 16 bytes (4 floats), the base
# 16-byte aligned (where the signature does not say so already); both shape
# dimensions are checked. Made of kernel parameters, the descriptor gets a
# tensor map parameter (which tile-pipeline drops: no TMA copy reads it
# here), and its load names its block in it.
# TILE-LABEL: func.func @desc_affine
# TILE-SAME: %arg0: !tile.ptr<f32> {tile.multiple_of = array<i32: 16>, tile.name = "x_ptr"}
# TILE-SAME: %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "y_ptr"}
# TILE-SAME: %arg5: !tile.tensormap {tile.name = "x_ptr.desc", tile.tensor_map_of = array<i32: 0, 2, 3, 4>}
# TILE: arith.extsi %arg4 {tile.multiple_of = array<i32: 4>} : i32 to i64
# TILE: arith.cmpi sge, %{{.*}} : tensor<32x1xi32>
# TILE: arith.cmpi slt, %{{.*}} : tensor<32x1xi32>
# TILE: arith.cmpi sge, %{{.*}} : tensor<1x64xi32>
# TILE: arith.cmpi slt, %{{.*}} : tensor<1x64xi32>
# TILE: %[[ZERO:.*]] = tile.splat %{{.*}} : tensor<32x64xf32>
# TILE: tile.load %{{.*}} mask %{{.*}} other %[[ZERO]] tma %arg5[%{{.*}}, %{{.*}}] : tensor<32x64x!tile.ptr<f32>>
# TILE: tile.store %{{.*}}, %{{.*}} mask %{{.*}} : tensor<32x64x!tile.ptr<f32>>

# N has no divisibility: a vector is loaded whole when all its lanes are in.
# AFFINE: @%p{{[0-9]+}} ld.global.v4.b32
# AFFINE: @%p{{[0-9]+}} st.global.v4.b32

# NAN: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
# NAN: tile.splat %[[NAN]] : tensor<32x64xf32>

# Descriptors of kernel parameters in a K loop: TMA copies (tma-ptx.py).
# MATMUL-NOT: cp.async.cg
# MATMUL: cp.async.bulk.tensor.2d
# MATMUL: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16

# fp16 lanes: the vector when every lane is in, lane by lane otherwise.
# ARGS: @%p{{[0-9]+}} ld.global.v4.b32
# ARGS: @%p{{[0-9]+}} ld.global.b16
# ARGS: @%p{{[0-9]+}} st.global.v4.b32
# ARGS: @%p{{[0-9]+}} st.global.b16

# A descriptor parameter is its base, shape (i32) and strides (i64); the
# runtime checks the base's alignment, the leading strides' divisibility
# and that the last stride is 1.
# MANIFEST: "name": "in_desc.base",
# MANIFEST-NEXT: "kind": "pointer",
# MANIFEST-NEXT: "type": "fp16",
# MANIFEST-NEXT: "divisibility": 16
# MANIFEST: "name": "in_desc.shape0",
# MANIFEST-NEXT: "kind": "scalar",
# MANIFEST-NEXT: "type": "i32",
# MANIFEST: "name": "in_desc.shape1",
# MANIFEST: "name": "in_desc.stride0",
# MANIFEST-NEXT: "kind": "scalar",
# MANIFEST-NEXT: "type": "i64",
# MANIFEST-NEXT: "divisibility": 8
# MANIFEST: "name": "in_desc.stride1",
# MANIFEST-NEXT: "kind": "scalar",
# MANIFEST-NEXT: "type": "i64",
# MANIFEST-NEXT: "divisibility": 1,
# MANIFEST-NEXT: "equal_to": 1
# MANIFEST: "name": "out_desc.base",
# MANIFEST: "name": "factor",

# ATOMIC: tile.atomic_rmw add, {{.*}} mask

# ATTRS-LABEL: func.func @attributes(%arg0: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.name = "desc.base"}, %arg1: i32 {tile.name = "desc.shape0"}, %arg2: i32 {tile.name = "desc.shape1"}, %arg3: i64 {tile.divisibility = 8 : i32, tile.name = "desc.stride0"}, %arg4: i64 {tile.equal_to = 1 : i32, tile.name = "desc.stride1"}, %arg5: !tile.ptr<i32> {tile.name = "out"}, %arg6: !tile.tensormap {tile.name = "desc", tile.tensor_map_of = array<i32: 0, 1, 2, 3>})
# ATTRS: %[[ROWS:.*]] = arith.addi %arg1, %arg2 : i32
# ATTRS: tile.store %arg5, %[[ROWS]]
# ATTRS: arith.constant 512 : i32
# ATTRS: arith.trunci %arg3 : i64 to i32
# A parameter's 2-d descriptor names its blocks in the tensor map, which
# follows every other parameter.
# ATTRS: tile.load {{.*}} tma %arg6[%{{.*}}, %{{.*}}] : tensor<16x32x!tile.ptr<bf16>>


@triton.jit
def attributes(desc, out):
    tl.store(out, desc.shape[0] + desc.shape[1])
    tl.static_assert(desc.block_shape[0] == 16)
    tl.static_assert(desc.dtype == tl.bfloat16)
    tl.store(out + 1, desc.block_shape[0] * desc.block_shape[1])
    tl.store(out + 2, desc.strides[0].to(tl.int32))
    x = tl.load_tensor_descriptor(desc, [0, 0])
    tl.store_tensor_descriptor(desc, [16, 0], x)
