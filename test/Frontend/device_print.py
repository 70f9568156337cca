# tl.device_print: one tile.print per call, scalars and blocks broadcast to
# one shape; lowered to one vprintf per owned element and operand, in
# Triton's format: "pid (x, y, z) idx (i) prefix: (operand k) v" (floats as
# %f, hex=True as 0x%x; "(operand k)" only with several operands; the prefix
# ends in one ':'). The PTX assembles.
# RUN: tilec %s --kernel show --signature '*fp32:16,i32,64' --emit tile | FileCheck %s --check-prefix=TILE
# RUN: tilec %s --kernel show --signature '*fp32:16,i32,64' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel show_unsigned --signature '*u32:16,*i32:16,64' --emit tile | FileCheck %s --check-prefix=UTILE
# RUN: tilec %s --kernel show_unsigned --signature '*u32:16,*i32:16,64' --emit llvm | FileCheck %s --check-prefix=UFMT
# RUN: tilec %s --kernel show_unsigned --signature '*u32:16,*i32:16,64' -o %t.u.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.u.ptx -o %t.u.cubin %}
# RUN: not tilec %s --kernel bad_prefix --signature '*fp32:16,i32,64' 2>&1 | FileCheck %s --check-prefix=PREFIX
# RUN: not tilec %s --kernel bad_pointer --signature '*fp32:16,i32,64' 2>&1 | FileCheck %s --check-prefix=POINTER

import triton
import triton.language as tl


@triton.jit
def show(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.device_print("x", x)
    tl.device_print("bits", x, offs, hex=True)
    tl.device_print("pid ", pid, n)

# TILE-LABEL: func.func @show
# TILE: tile.print "x" %{{.*}} : tensor<64xf32>
# TILE: tile.print "bits" hex %{{.*}}, %{{.*}} : tensor<64xf32>, tensor<64xi32>
# TILE: tile.print "pid " %{{.*}}, %{{.*}} : i32, i32

# PTX-DAG: .extern .func (.param .b32 func_retval0) vprintf
# The strings are byte arrays (the terminating zero is implicit):
# "pid (%u, %u, %u) idx (%u) x: %f\n" and "... idx () pid: (operand 1) %d\n".
# PTX-DAG: .global .align 1 .b8 tile_print_{{[0-9]+}}[33] = {112, 105, 100, 32, 40, 37, 117, 44, 32, 37, 117, 44, 32, 37, 117, 41, 32, 105, 100, 120, 32, 40, 37, 117, 41, 32, 120, 58, 32, 37, 102, 10};
# PTX-DAG: .global .align 1 .b8 tile_print_{{[0-9]+}}[45] = {112, 105, 100, 32, 40, 37, 117, 44, 32, 37, 117, 44, 32, 37, 117, 41, 32, 105, 100, 120, 32, 40, 41, 32, 112, 105, 100, 58, 32, 40, 111, 112, 101, 114, 97, 110, 100, 32, 49, 41, 32, 37, 100, 10};
# PTX: call.uni (retval0), vprintf,


@triton.jit
def bad_prefix(x_ptr, n, BLOCK: tl.constexpr):
    tl.device_print(n)
# PREFIX: device_print.py:[[# @LINE - 1]]:21: error: tl.device_print(): the prefix must be a string


@triton.jit
def bad_pointer(x_ptr, n, BLOCK: tl.constexpr):
    tl.device_print("p", x_ptr)
# POINTER: device_print.py:[[# @LINE - 1]]:26: error: tl.device_print() of pointers is not supported yet


# Unsigned integers print with %u, signed ones with %d (unsigned_args, one
# flag per operand).
# UTILE: tile.print " u:" %{{.*}}, %{{.*}} : tensor<64xi32>, tensor<64xi32> {unsigned_args = array<i1: true, false>}
# UFMT-DAG: c"pid (%u, %u, %u) idx (%u)  u: (operand 0) %u\0A\00"
# UFMT-DAG: c"pid (%u, %u, %u) idx (%u)  u: (operand 1) %d\0A\00"
@triton.jit
def show_unsigned(u_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.device_print(" u:", tl.load(u_ptr + offs), tl.load(i_ptr + offs))
