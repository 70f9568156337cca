# Number literals Python rejects, and integers past the 4096 bits of
# tilec's Python ints (checked before they are converted, so a literal of
# thousands of digits costs linear time). Each case is its own file:
# lexing stops at the first error.
# RUN: split-file %s %t
# RUN: not tilec %t/double_underscore.py --emit ast 2>&1 | FileCheck %s --check-prefix=UNDERSCORE
# RUN: not tilec %t/trailing_underscore.py --emit ast 2>&1 | FileCheck %s --check-prefix=TRAILING
# RUN: not tilec %t/leading_zero.py --emit ast 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: not tilec %t/too_large.py --kernel k --signature '*i64' 2>&1 | FileCheck %s --check-prefix=LARGE
# RUN: tilec %t/fine.py --kernel k --signature '*i64' --emit tile | FileCheck %s --check-prefix=OK
# RUN: tilec %t/wide.py --kernel k --signature '*i64' --emit tile | FileCheck %s --check-prefix=WIDE
# RUN: python3 -c "print('import triton\n@triton.jit\ndef k(x_ptr):\n    tl.store(x_ptr, ' + '9' * 30000 + ')')" > %t/huge.py
# RUN: not tilec %t/huge.py --kernel k --signature '*i64' 2>&1 | FileCheck %s --check-prefix=HUGE

# UNDERSCORE: double_underscore.py:3:21: error: invalid decimal literal
# UNDERSCORE-NEXT: {{^}}    tl.store(x_ptr, 1__0)
# UNDERSCORE-NEXT: {{^}}                    ^{{$}}

# TRAILING: trailing_underscore.py:3:21: error: invalid number literal

# ZERO: leading_zero.py:3:21: error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers

# LARGE: too_large.py:3:21: error: integer literal is too large: tilec's Python ints have at most 4096 bits

# (2**63 - 1) - (2**63 - 1) + 10
# OK: arith.constant 10 : i64

# HUGE: huge.py:4:21: error: integer literal is too large: tilec's Python ints have at most 4096 bits

# 2**64 + 2**63 - 2**64, exactly; 2**63 wraps in the int64 store.
# WIDE: arith.constant -9223372036854775808 : i64

#--- double_underscore.py
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 1__0)

#--- trailing_underscore.py
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 0x_FF_)

#--- leading_zero.py
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 0123)

#--- too_large.py
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 0x10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000)

#--- fine.py
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 9_223_372_036_854_775_807 - 0x_7FFF_FFFF_FFFF_FFFF + 00 + 0_0 + 1_0 + 0o_0 + 0b0_0)

#--- wide.py
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 18446744073709551616 + 9223372036854775808 - 0x1_0000_0000_0000_0000)
