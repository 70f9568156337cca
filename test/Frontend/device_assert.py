# tl.device_assert and the assert statement exist only in debug builds, as
# in Triton: tilec --debug, TRITON_DEBUG set to anything but 0, or
# @triton.jit(debug=True). Then each is a tile.assert (with a mask, of
# cond | ~mask) lowered to a call of CUDA's __assertfail(message, file,
# line, function, 1) by threads holding a false element; the PTX assembles.
# RUN: tilec %s --kernel checks --signature '*fp32:16,i32,128' --emit tile | FileCheck %s --check-prefix=OFF
# RUN: env TRITON_DEBUG=0 tilec %s --kernel checks --signature '*fp32:16,i32,128' --emit tile | FileCheck %s --check-prefix=OFF
# RUN: tilec %s --kernel checks --signature '*fp32:16,i32,128' --emit tile --debug | FileCheck %s --check-prefix=ON
# RUN: env TRITON_DEBUG=1 tilec %s --kernel checks --signature '*fp32:16,i32,128' --emit tile | FileCheck %s --check-prefix=ON
# RUN: tilec %s --kernel checks --signature '*fp32:16,i32,128' --debug -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel decorated --signature '*fp32:16' --emit tile | FileCheck %s --check-prefix=DECORATED

import triton
import triton.language as tl


# OFF-LABEL: func.func @checks
# OFF-NOT: tile.assert
# ON-LABEL: func.func @checks
# ON: %[[C:.*]] = arith.cmpf ogt
# ON: %[[M:.*]] = arith.cmpi slt
# ON: %[[NOT:.*]] = arith.xori %[[M]], %{{.*}} : tensor<128xi1>
# ON: %[[OK:.*]] = arith.ori %[[C]], %[[NOT]] : tensor<128xi1>
# ON: tile.assert %[[OK]], "x must be positive" : tensor<128xi1>
# ON: tile.assert %{{.*}}, "" : tensor<128xi1>
# ON: tile.assert %{{.*}}, "n is positive" : i1
@triton.jit
def checks(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.device_assert(x > 0, "x must be positive", mask=offs < n)
    tl.device_assert(x == x)
    assert n > 0, "n is positive"

# The message, file, line and function are global strings; one call per
# failing thread.
# PTX: .extern .func __assertfail
# PTX-DAG: .global .align 1 .b8 tile_assert_{{[0-9]+}}[19] = {120, 32, 109, 117, 115, 116, 32, 98, 101, 32, 112, 111, 115, 105, 116, 105, 118, 101};
# PTX-DAG: .global .align 1 .b8 tile_assert_{{[0-9]+}}[7] = {99, 104, 101, 99, 107, 115};
# PTX: call.uni __assertfail,
# PTX: call.uni __assertfail,
# PTX: call.uni __assertfail,


# DECORATED-LABEL: func.func @decorated
# DECORATED: tile.assert %{{.*}}, "checked" : tensor<16xi1>
@triton.jit(debug=True)
def decorated(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.device_assert(x == x, "checked")
