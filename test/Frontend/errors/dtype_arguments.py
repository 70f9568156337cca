# Dtype arguments that cannot serve their function are located errors at
# the argument, as Triton 3.6 refuses them: a pointer dtype for the
# elements of a new block, an accumulator or inline assembly's results
# (these crashed tilec), fp8 to sum in, and values that are no dtype.
# RUN: not tilec %s --kernel zeros_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: not tilec %s --kernel full_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not tilec %s --kernel full_scalar_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=FULL0
# RUN: not tilec %s --kernel zeros_like_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=LIKE
# RUN: not tilec %s --kernel sum_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SUM
# RUN: not tilec %s --kernel sum_fp8 --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=SUMFP8
# RUN: not tilec %s --kernel cumsum_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CUMSUM
# RUN: not tilec %s --kernel asm_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ASM
# RUN: not tilec %s --kernel asm_tuple_ptr --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=ASMTUPLE
# RUN: not tilec %s --kernel not_a_dtype --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOTDTYPE
# RUN: not tilec %s --kernel cast_not_a_dtype --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CAST

import triton
import triton.language as tl


@triton.jit
def zeros_ptr(out_ptr):
    z = tl.zeros((16,), dtype=tl.pointer_type(tl.float32))

@triton.jit
def full_ptr(out_ptr):
    z = tl.full((16,), 0, tl.pointer_type(tl.float32))

@triton.jit
def full_scalar_ptr(out_ptr):
    z = tl.full((), 0, dtype=tl.pointer_type(tl.int8))

@triton.jit
def zeros_like_ptr(out_ptr):
    z = tl.zeros_like(tl.arange(0, 16), dtype=tl.pointer_type(tl.float32))

@triton.jit
def sum_ptr(out_ptr):
    z = tl.sum(tl.arange(0, 16), axis=0, dtype=tl.pointer_type(tl.float32))

@triton.jit
def sum_fp8(out_ptr):
    z = tl.sum(tl.arange(0, 16), axis=0, dtype=tl.float8e4nv)

@triton.jit
def cumsum_ptr(out_ptr):
    z = tl.cumsum(tl.arange(0, 16), axis=0, dtype=tl.pointer_type(tl.float32))

@triton.jit
def asm_ptr(out_ptr):
    z = tl.inline_asm_elementwise("mov.b64 $0, 0;", "=l,r", [tl.arange(0, 16)], dtype=tl.pointer_type(tl.float32), is_pure=True, pack=1)

@triton.jit
def asm_tuple_ptr(out_ptr):
    z = tl.inline_asm_elementwise("mov.b32 $0, 0; mov.b64 $1, 0;", "=r,=l,r", [tl.arange(0, 16)], dtype=(tl.int32, tl.pointer_type(tl.int32)), is_pure=True, pack=1)

@triton.jit
def not_a_dtype(out_ptr):
    z = tl.zeros((16,), dtype=16)

@triton.jit
def cast_not_a_dtype(out_ptr):
    z = tl.arange(0, 16).to("fp32")


# ZEROS: {{.*}}dtype_arguments.py:23:31: error: tl.zeros(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
# ZEROS-NEXT: {{^}}    z = tl.zeros((16,), dtype=tl.pointer_type(tl.float32))
# ZEROS-NEXT: {{^ *\^$}}

# FULL: {{.*}}dtype_arguments.py:27:27: error: tl.full(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
# FULL-NEXT: {{^}}    z = tl.full((16,), 0, tl.pointer_type(tl.float32))
# FULL-NEXT: {{^ *\^$}}

# FULL0: {{.*}}dtype_arguments.py:31:30: error: tl.full(): dtype must be a number type such as tl.float32, not the pointer type pointer<i8>
# FULL0-NEXT: {{^}}    z = tl.full((), 0, dtype=tl.pointer_type(tl.int8))
# FULL0-NEXT: {{^ *\^$}}

# LIKE: {{.*}}dtype_arguments.py:35:47: error: tl.zeros_like(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
# LIKE-NEXT: {{^}}    z = tl.zeros_like(tl.arange(0, 16), dtype=tl.pointer_type(tl.float32))
# LIKE-NEXT: {{^ *\^$}}

# SUM: {{.*}}dtype_arguments.py:39:48: error: tl.sum(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
# SUM-NEXT: {{^}}    z = tl.sum(tl.arange(0, 16), axis=0, dtype=tl.pointer_type(tl.float32))
# SUM-NEXT: {{^ *\^$}}

# SUMFP8: {{.*}}dtype_arguments.py:43:48: error: tl.sum(): dtype cannot be fp8e4nv, which has no arithmetic; sum in tl.float16 or tl.float32
# SUMFP8-NEXT: {{^}}    z = tl.sum(tl.arange(0, 16), axis=0, dtype=tl.float8e4nv)
# SUMFP8-NEXT: {{^ *\^$}}

# CUMSUM: {{.*}}dtype_arguments.py:47:51: error: tl.cumsum(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
# CUMSUM-NEXT: {{^}}    z = tl.cumsum(tl.arange(0, 16), axis=0, dtype=tl.pointer_type(tl.float32))
# CUMSUM-NEXT: {{^ *\^$}}

# ASM: {{.*}}dtype_arguments.py:51:87: error: tl.inline_asm_elementwise(): dtype must be a number type such as tl.float32, not the pointer type pointer<fp32>
# ASM-NEXT: {{^}}    z = tl.inline_asm_elementwise("mov.b64 $0, 0;", "=l,r", [tl.arange(0, 16)], dtype=tl.pointer_type(tl.float32), is_pure=True, pack=1)
# ASM-NEXT: {{^ *\^$}}

# ASMTUPLE: {{.*}}dtype_arguments.py:55:105: error: tl.inline_asm_elementwise(): dtype must be a number type such as tl.float32, not the pointer type pointer<i32>
# ASMTUPLE-NEXT: {{^}}    z = tl.inline_asm_elementwise("mov.b32 $0, 0; mov.b64 $1, 0;", "=r,=l,r", [tl.arange(0, 16)], dtype=(tl.int32, tl.pointer_type(tl.int32)), is_pure=True, pack=1)
# ASMTUPLE-NEXT: {{^ *\^$}}

# NOTDTYPE: {{.*}}dtype_arguments.py:59:31: error: tl.zeros(): dtype must be a dtype such as tl.float32, got the constant 16
# NOTDTYPE-NEXT: {{^}}    z = tl.zeros((16,), dtype=16)
# NOTDTYPE-NEXT: {{^ *\^$}}

# CAST: {{.*}}dtype_arguments.py:63:29: error: x.to(): dtype must be a dtype such as tl.float32, got the string 'fp32'
# CAST-NEXT: {{^}}    z = tl.arange(0, 16).to("fp32")
# CAST-NEXT: {{^ *\^$}}
