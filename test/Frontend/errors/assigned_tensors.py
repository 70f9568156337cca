# An assignment makes a tensor of a Python number (as Triton's does), so
# what Triton refuses on such a tensor is refused here too: a block size
# from an assigned number, from an alias of a constexpr or from a helper's
# returned number; `**` on a tensor; branches that give a variable two
# types. Triton 3.6 refuses each (its messages are in the comments).
# RUN: not tilec %s --kernel arange_assigned --signature '*i32' 2>&1 | FileCheck %s --check-prefix=ARANGE
# RUN: not tilec %s --kernel arange_alias --signature '*i32,16' 2>&1 | FileCheck %s --check-prefix=ALIAS
# RUN: not tilec %s --kernel arange_returned --signature '*i32' 2>&1 | FileCheck %s --check-prefix=RETURNED
# RUN: not tilec %s --kernel pow_assigned --signature '*i32' 2>&1 | FileCheck %s --check-prefix=POW
# RUN: not tilec %s --kernel if_mixed --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=IF
# RUN: not tilec %s --kernel too_wide --signature '*i64' 2>&1 | FileCheck %s --check-prefix=WIDE
# RUN: not tilec %s --kernel string_assigned --signature '*i32' 2>&1 | FileCheck %s --check-prefix=STRING
# RUN: not tilec %s --kernel function_assigned --signature '*i32' 2>&1 | FileCheck %s --check-prefix=FUNCTION
# RUN: not tilec %s --kernel string_returned --signature '*i32' 2>&1 | FileCheck %s --check-prefix=RETSTRING
# RUN: not tilec %s --kernel constexpr_merged --signature "*fp32,i32" 2>&1 | FileCheck %s --check-prefix=CONSTEXPR

import triton
import triton.language as tl


@triton.jit
def sixteen():
    return 16


@triton.jit
def relu_name():
    return 'relu'
# RETSTRING: assigned_tensors.py:[[# @LINE - 1]]:12: error: a return makes a tensor, as in Triton, and the string 'relu' cannot be one{{$}}


# Triton: "arange's arguments must be of type tl.constexpr"
@triton.jit
def arange_assigned(x_ptr):
    a = 16
    z = tl.arange(0, a)
# ARANGE: assigned_tensors.py:[[# @LINE - 1]]:22: error: arange's arguments must be of type tl.constexpr, got a value of type i32
# ARANGE-NEXT: {{^}}    z = tl.arange(0, a)
# ARANGE-NEXT: {{^}}                     ^{{$}}


@triton.jit
def arange_alias(x_ptr, BLOCK: tl.constexpr):
    B = BLOCK
    z = tl.arange(0, B)
# ALIAS: assigned_tensors.py:[[# @LINE - 1]]:22: error: arange's arguments must be of type tl.constexpr, got a value of type i32


@triton.jit
def arange_returned(x_ptr):
    z = tl.arange(0, sixteen())
# RETURNED: assigned_tensors.py:[[# @LINE - 1]]:22: error: arange's arguments must be of type tl.constexpr, got a value of type i32


# Triton: "'tensor' object has no attribute '__pow__'"
@triton.jit
def pow_assigned(x_ptr):
    a = 3
    tl.store(x_ptr, a ** 2)
# POW: assigned_tensors.py:[[# @LINE - 1]]:21: error: '**' is only supported on compile-time constants


# Triton: "Mismatched type for r between then block (int32) and else block
# (fp32)"; `a > 2` is a runtime condition, `a` being a tensor.
@triton.jit
def if_mixed(x_ptr):
    a = 3
    if a > 2:
        r = 1
    else:
        r = 2.0
    tl.store(x_ptr, r)
# IF: assigned_tensors.py:[[# @LINE - 5]]:5: error: variable 'r' is i32 after the then-branch of this if but fp32 after the else-branch; its type must not depend on a runtime condition


# Triton: "Nonrepresentable integer"
@triton.jit
def too_wide(x_ptr):
    a = 2**64
# WIDE: assigned_tensors.py:[[# @LINE - 1]]:9: error: the int 18446744073709551616 does not fit in 64 bits: Triton makes a Python int a tensor of int32, uint32, int64 or uint64, and no other


# Triton: "cannot convert relu of type <class 'str'> to tensor"
@triton.jit
def string_assigned(x_ptr):
    s = 'relu'
# STRING: assigned_tensors.py:[[# @LINE - 1]]:9: error: an assignment makes a tensor, as in Triton, and the string 'relu' cannot be one; annotate the name `: tl.constexpr` to keep a compile-time value


@triton.jit
def function_assigned(x_ptr):
    f = tl.exp
# FUNCTION: assigned_tensors.py:[[# @LINE - 1]]:9: error: an assignment makes a tensor, as in Triton, and the function 'tl.exp' cannot be one


@triton.jit
def string_returned(x_ptr):
    s: tl.constexpr = relu_name()


# A tl.constexpr value that an if merges (or a loop carries) is a tensor of
# its own type there too, as Triton makes it.
@triton.jit
def constexpr_merged(x_ptr, n):
    if n > 0:
        r: tl.constexpr = 1
    else:
        r: tl.constexpr = 2.0
    tl.store(x_ptr, r)
# CONSTEXPR: assigned_tensors.py:[[# @LINE - 2]]:9: error: variable 'r' changes type from i32 to fp32 between the branches of this if; its type must stay the same
