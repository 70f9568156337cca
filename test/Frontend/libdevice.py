# libdevice: tl.extra.cuda.libdevice.NAME and `from triton.language.extra
# import libdevice` call __nv_NAMEf (fp32) or __nv_NAME (fp64), linked from
# the CUDA toolkit's libdevice.10.bc and inlined; fp16 computes in fp32;
# predicates become i1; tl.div_rn, tl.sqrt_rn and tl.fdiv(ieee_rounding=True)
# are the correctly rounded functions. fp64 math (tl.exp, tl.sin...) goes
# through libdevice too.
# RUN: tilec %s --kernel calls --signature '*fp32:16,*fp32:16,*i32:16' --emit tile | FileCheck %s --check-prefix=F32
# RUN: tilec %s --kernel calls --signature '*fp64:16,*fp64:16,*i64:16' --emit tile | FileCheck %s --check-prefix=F64
# RUN: tilec %s --kernel calls --signature '*fp16:16,*fp16:16,*i32:16' --emit tile | FileCheck %s --check-prefix=F16
# RUN: tilec %s --kernel calls --signature '*fp64:16,*fp64:16,*i64:16' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel f64_math --signature '*fp64:16,*fp64:16' -o %t.math.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.math.ptx -o %t.math.cubin %}
# RUN: not tilec %s --kernel f64_math --signature '*fp64:16,*fp64:16' --libdevice %t.missing.bc -o %t.x.ptx 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec %s --kernel unknown_fn --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec %s --kernel arity --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ARITY
# RUN: not tilec %s --kernel fast_double --signature '*fp64' 2>&1 | FileCheck %s --check-prefix=FAST
# RUN: not tilec %s --kernel pointer_arg --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=POINTER
# RUN: not tilec %s --kernel sigmoid_pointer --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SIGMOID
# RUN: not tilec %s --kernel other_module --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MODULE

import triton
import triton.language as tl
from triton.language.extra import libdevice
from triton.language.extra.cuda import libdevice as cuda_libdevice


# F32-LABEL: func.func @calls
# F32: tile.extern_elementwise "__nv_tanhf"(%{{.*}}) : (tensor<128xf32>) -> tensor<128xf32>
# F32: tile.extern_elementwise "__nv_powf"(%{{.*}}, %{{.*}}) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
# F32: tile.extern_elementwise "__nv_log1pf"
# F32: tile.extern_elementwise "__nv_ldexpf"(%{{.*}}, %{{.*}}) : (tensor<128xf32>, tensor<128xi32>) -> tensor<128xf32>
# F32: tile.extern_elementwise "__nv_fdiv_rn"
# F32: tile.extern_elementwise "__nv_fsqrt_rn"
# F32: tile.extern_elementwise "__nv_fdiv_rn"
# F32: %[[NAN:.*]] = tile.extern_elementwise "__nv_isnanf"(%{{.*}}) : (tensor<128xf32>) -> tensor<128xi32>
# F32: arith.cmpi ne, %[[NAN]]
# F32: tile.extern_elementwise "__nv_popc"(%{{.*}}) : (tensor<128xi32>) -> tensor<128xi32>
# F64: tile.extern_elementwise "__nv_tanh"(%{{.*}}) : (tensor<128xf64>) -> tensor<128xf64>
# F64: tile.extern_elementwise "__nv_pow"
# F64: tile.extern_elementwise "__nv_ddiv_rn"
# F64: tile.extern_elementwise "__nv_dsqrt_rn"
# F64: tile.extern_elementwise "__nv_isnand"
# F64: tile.extern_elementwise "__nv_popcll"(%{{.*}}) : (tensor<128xi64>) -> tensor<128xi32>
# F16: arith.extf %{{.*}} : tensor<128xf16> to tensor<128xf32>
# F16: tile.extern_elementwise "__nv_tanhf"
# F16: arith.truncf %{{.*}} : tensor<128xf32> to tensor<128xf16>
# The functions are linked and inlined: no call is left.
# PTX-NOT: call{{.*}}__nv_
@triton.jit
def calls(x_ptr, y_ptr, i_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    a = libdevice.tanh(x) + tl.extra.cuda.libdevice.pow(x, 2.0)
    a += cuda_libdevice.log1p(x) + libdevice.ldexp(x, 3)
    a += tl.div_rn(x, 3.0) + tl.sqrt_rn(x) + tl.fdiv(x, 2.0, ieee_rounding=True)
    a = tl.where(libdevice.isnan(a), 0.0, a)
    tl.store(y_ptr + offs, a)
    i = tl.load(i_ptr + offs)
    tl.store(i_ptr + offs, libdevice.popc(i) + libdevice.ilogb(x))


@triton.jit
def f64_math(x_ptr, y_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.exp(x) + tl.exp2(x) + tl.log(x) + tl.log2(x) + tl.sin(x) + tl.cos(x)
    tl.store(y_ptr + offs, y + tl.sigmoid(x) + tl.erf(x))


# MISSING: error: cannot read libdevice '{{.*}}missing.bc'
@triton.jit
def unknown_fn(x_ptr):
    # UNKNOWN: libdevice.py:[[@LINE+1]]:31: error: libdevice.frobnicate is not supported yet
    tl.store(x_ptr, libdevice.frobnicate(1.0))


@triton.jit
def arity(x_ptr):
    # ARITY: libdevice.py:[[@LINE+1]]:21: error: libdevice.pow() takes 2 arguments but 1 were given
    tl.store(x_ptr, libdevice.pow(1.0))


@triton.jit
def fast_double(x_ptr):
    # FAST: libdevice.py:[[@LINE+1]]:21: error: libdevice.fast_expf() takes fp32, got fp64
    tl.store(x_ptr, libdevice.fast_expf(tl.load(x_ptr)))


@triton.jit
def pointer_arg(x_ptr):
    # POINTER: libdevice.py:[[@LINE+1]]:36: error: libdevice.tanh() takes numbers, got a value of type pointer<fp32>
    tl.store(x_ptr, libdevice.tanh(x_ptr))


@triton.jit
def other_module(x_ptr):
    # MODULE: libdevice.py:[[@LINE+1]]:30: error: unknown module 'tl.extra.hip' (tilec knows tl.extra.cuda.libdevice, gdc_wait, gdc_launch_dependents, globaltimer and smid)
    tl.store(x_ptr, tl.extra.hip.libdevice.tanh(1.0))


@triton.jit
def sigmoid_pointer(x_ptr):
    # SIGMOID: libdevice.py:[[@LINE+1]]:32: error: math functions do not apply to pointers
    tl.store(x_ptr, tl.sigmoid(x_ptr))
