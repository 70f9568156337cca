# Binding the signature and -D to the kernel's parameters.
# RUN: not tilec %s --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=ARITY
# RUN: not tilec %s --signature '*fp33,*fp32,i32,1024' 2>&1 | FileCheck %s --check-prefix=TYPE
# RUN: not tilec %s --signature '*fp32,*fp32,128,1024' 2>&1 | FileCheck %s --check-prefix=NUMBER
# RUN: not tilec %s --signature '*fp32,*fp32,i32,i32' 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: not tilec %s --signature '*fp32,*fp32,i32' 2>&1 | FileCheck %s --check-prefix=UNBOUND
# RUN: not tilec %s --signature '*fp32,*fp32,i32' -D BLOCK=64 2>&1 | FileCheck %s --check-prefix=UNKNOWN_D
# RUN: not tilec %s --signature '*fp32,*fp32,i32,64' -D BLOCK_SIZE=64 2>&1 | FileCheck %s --check-prefix=TWICE
# RUN: not tilec %s --signature '*fp32:0,*fp32,i32,64' 2>&1 | FileCheck %s --check-prefix=HINT

import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask), mask=mask)

# ARITY: {{.*}}signature.py:16:1: error: signature has 2 entries but kernel 'copy_kernel' has 4 parameters
# ARITY-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# ARITY-NEXT: {{^ *\^$}}

# TYPE: {{.*}}signature.py:16:17: error: invalid signature entry '*fp33' for parameter 'x_ptr': unknown type 'fp33' (expected i1, i8, i16, i32, i64, u8, u16, u32, u64, fp16, bf16, fp32, fp64, fp8e4nv or fp8e5, with '*' for pointers)
# TYPE-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# TYPE-NEXT: {{^ *\^$}}

# NUMBER: {{.*}}signature.py:16:31: error: parameter 'n' is not tl.constexpr: its signature entry must be a type such as 'i32' or '*fp32', not the value '128'
# NUMBER-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# NUMBER-NEXT: {{^ *\^$}}

# CONSTEXPR: {{.*}}signature.py:16:34: error: parameter 'BLOCK_SIZE' is tl.constexpr: its signature entry must be a value, not the type 'i32'
# CONSTEXPR-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# CONSTEXPR-NEXT: {{^ *\^$}}

# UNBOUND: {{.*}}signature.py:16:34: error: constexpr parameter 'BLOCK_SIZE' is not bound: give its value in the signature or with -D BLOCK_SIZE=VALUE
# UNBOUND-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# UNBOUND-NEXT: {{^ *\^$}}

# UNKNOWN_D: {{.*}}signature.py:16:1: error: -D BLOCK names no parameter of kernel 'copy_kernel'
# UNKNOWN_D-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# UNKNOWN_D-NEXT: {{^ *\^$}}

# TWICE: {{.*}}signature.py:16:34: error: parameter 'BLOCK_SIZE' is bound both by the signature and by -D
# TWICE-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# TWICE-NEXT: {{^ *\^$}}

# HINT: {{.*}}signature.py:16:17: error: invalid signature entry '*fp32:0' for parameter 'x_ptr': invalid divisibility '0' (expected a positive integer)
# HINT-NEXT: {{^}}def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
# HINT-NEXT: {{^ *\^$}}
