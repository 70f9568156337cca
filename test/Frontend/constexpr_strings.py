# String and dtype constexprs, as Triton's matmul tutorial binds
# ACTIVATION="leaky_relu": in the signature a quoted string ('leaky_relu' or
# "leaky_relu") or a dtype as Triton names it (tl.float16); with -D also a
# bare word. `if ACTIVATION == "leaky_relu":` then picks the branch at
# compile time and `x.to(DTYPE)` converts. The manifest records the string
# and the dtype's name. A bare word (an identifier that is no type) for a
# constexpr in the signature is a string too, as with -D; for a runtime
# parameter it stays an unknown type. A string for a runtime parameter is
# an error.
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp16:16,i32,"leaky_relu",tl.float16,1024' --emit tile | FileCheck %s --check-prefix=LEAKY
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp16:16,i32,1024' -D ACTIVATION=none -D DTYPE=tl.float16 --emit tile | FileCheck %s --check-prefix=NONE
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp16:16,i32,1024' -D ACTIVATION=leaky_relu -D DTYPE=tl.float16 -o %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel k --signature '*fp32:16,*fp16:16,i32,leaky_relu,tl.float16,1024' -o %t.bare.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.bare.json
# RUN: not tilec %s --kernel k --signature '*fp32:16,*fp16:16,"n",1024' -D ACTIVATION=x -D DTYPE=tl.float16 2>&1 | FileCheck %s --check-prefix=RUNTIME
# RUN: not tilec %s --kernel k --signature '*fp32:16,*fp16:16,i32,1024' -D 'ACTIVATION=a b' -D DTYPE=tl.float16 2>&1 | FileCheck %s --check-prefix=BADDEF

import triton
import triton.language as tl


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def k(x_ptr, y_ptr, n, ACTIVATION: tl.constexpr, DTYPE: tl.constexpr,
      BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if ACTIVATION == "leaky_relu":
        x = leaky_relu(x)
    tl.store(y_ptr + offs, x.to(DTYPE), mask=m)

# LEAKY: tile.constexprs = {ACTIVATION = "leaky_relu", BLOCK = 1024 : i32, DTYPE = f16}
# LEAKY: arith.select
# LEAKY: arith.truncf %{{.*}} : tensor<1024xf32> to tensor<1024xf16>
# NONE: ACTIVATION = "none"
# NONE-NOT: arith.select
# NONE: arith.truncf
# MANIFEST: "name": "ACTIVATION",
# MANIFEST-NEXT: "value": "leaky_relu"
# MANIFEST: "name": "DTYPE",
# MANIFEST-NEXT: "value": "fp16"
# RUNTIME: error: parameter 'n' is not tl.constexpr: its signature entry must be a type such as 'i32' or '*fp32', not the value '"n"'
# BADDEF: error: -D ACTIVATION=a b: the value must be an int, a float, True, False, None, a string or a dtype such as tl.float16
