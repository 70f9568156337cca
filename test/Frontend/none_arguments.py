# A None argument, as host code passes for an optional bias or scale:
# Triton's JIT makes it a constexpr None whatever the parameter's
# annotation, so `is None` folds and the other branch is not generated.
# The signature says `None` for the parameter (-D NAME=None too, for any
# parameter); it is no kernel argument, and the manifest lists it among
# the constexprs as null. A heuristic's `args['X'] is not None` is known
# at compile time for every parameter: a runtime argument is never None.
#
# RUN: tilec %s --kernel add_bias --signature '*fp32:16,None,None,i32,64' --emit tile | FileCheck %s --check-prefix=NONE
# RUN: tilec %s --kernel add_bias --signature '*fp32:16,*fp32:16,fp32,i32,64' --emit tile | FileCheck %s --check-prefix=GIVEN
# RUN: tilec %s --kernel add_bias --signature '*fp32:16,*fp32:16,i32,64' -D scale=None --emit tile | FileCheck %s --check-prefix=DEFINED
# RUN: tilec %s --kernel add_bias --signature '*fp32:16,None,None,i32,64' -o %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: tilec %s --kernel add_bias --signature '*fp32:16,None,None,i32,64' --emit cpp -o %t.h
# RUN: FileCheck %s --check-prefix=CPP < %t.h
# RUN: tilec %s --kernel tested --signature '*fp32:16,None,i32' --emit tile | FileCheck %s --check-prefix=HEUR-NONE
# RUN: tilec %s --kernel tested --signature '*fp32:16,*fp32:16,i32' --emit tile | FileCheck %s --check-prefix=HEUR-GIVEN
# RUN: tilec %s --kernel tested --signature '*fp32:16,None,i32,None' --emit tile | FileCheck %s --check-prefix=HEUR-NONE

import triton
import triton.language as tl


@triton.jit
def add_bias(x_ptr, b_ptr, scale, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if b_ptr is not None:
        x += tl.load(b_ptr + offs, mask=mask)
    if scale is None:
        x = x * 2.0
    else:
        x = x * scale
    tl.store(x_ptr + offs, x, mask=mask)


@triton.heuristics({"HAS_BIAS": lambda args: args["b_ptr"] is not None,
                    "NO_EPS": lambda args: None is args["eps"]})
@triton.jit
def tested(x_ptr, b_ptr, n, eps: tl.constexpr = None,
           HAS_BIAS: tl.constexpr = False, NO_EPS: tl.constexpr = False):
    if HAS_BIAS:
        tl.store(x_ptr + n, tl.load(b_ptr))
    if NO_EPS:
        tl.store(x_ptr, 1.0)

# NONE: func.func @add_bias(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "x_ptr"}, %arg1: i32 {tile.name = "n"})
# NONE-SAME: tile.constexprs = {BLOCK = 64 : i32, b_ptr, scale}
# NONE: tile.load
# NONE-NOT: tile.load
# NONE: arith.constant 2.000000e+00 : f32
# NONE: tile.store

# GIVEN: func.func @add_bias(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "x_ptr"}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "b_ptr"}, %arg2: f32 {tile.name = "scale"}, %arg3: i32 {tile.name = "n"})
# GIVEN-COUNT-2: tile.load
# GIVEN-NOT: 2.000000e+00
# GIVEN: tile.store

# DEFINED: func.func @add_bias(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "x_ptr"}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.name = "b_ptr"}, %arg2: i32 {tile.name = "n"})
# DEFINED-SAME: tile.constexprs = {BLOCK = 64 : i32, scale}
# DEFINED: arith.constant 2.000000e+00 : f32

# MANIFEST: "params": [
# MANIFEST: "name": "x_ptr"
# MANIFEST-NOT: "name": "b_ptr"
# MANIFEST: "name": "n"
# MANIFEST: "constexprs": [
# MANIFEST: "name": "b_ptr",
# MANIFEST-NEXT: "value": null
# MANIFEST: "name": "scale",
# MANIFEST-NEXT: "value": null

# CPP: Compiled for BLOCK = 64, b_ptr = None, scale = None.
# CPP: void add_bias(
# CPP-NEXT: tilec::rt::Grid grid,
# CPP-NEXT: tilec::rt::PointerArg<float> x_ptr_,
# CPP-NEXT: tilec::rt::ScalarArg<int32_t> n_);

# HEUR-NONE: tile.constexprs = {HAS_BIAS = false, NO_EPS = true, b_ptr, eps}
# HEUR-NONE-NOT: tile.load
# HEUR-GIVEN: tile.constexprs = {HAS_BIAS = true, NO_EPS = true, eps}
# HEUR-GIVEN: tile.load
