# Unsigned integers: a Python number out of the unsigned range is an error,
# and so is a variable that changes between signed and unsigned across an
# if or a loop, as in Triton.
# RUN: not tilec %s --kernel negative --signature '*u32' 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not tilec %s --kernel too_big --signature '*u8' 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: tilec %s --kernel in_range --signature '*u32' -o %t.ptx
# RUN: not tilec %s --kernel branch --signature '*u32,i32' 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: not tilec %s --kernel loop --signature '*u32,*i32' 2>&1 | FileCheck %s --check-prefix=LOOP

import triton
import triton.language as tl


@triton.jit
def negative(p):
    x = tl.load(p + tl.arange(0, 16))
    # NEG: unsigned.py:[[@LINE+1]]:40: error: scalar -1 is out of range for type uint32
    tl.store(p + tl.arange(0, 16), x + -1)


@triton.jit
def too_big(p):
    x = tl.load(p + tl.arange(0, 16))
    # BIG: unsigned.py:[[@LINE+1]]:40: error: scalar 256 is out of range for type uint8
    tl.store(p + tl.arange(0, 16), x * 256)


# 2**32 - 1 fits a uint32.
@triton.jit
def in_range(p):
    x = tl.load(p + tl.arange(0, 16))
    tl.store(p + tl.arange(0, 16), x ^ 4294967295)


@triton.jit
def branch(p, pid):
    x = tl.load(p)
    v = 31
    if pid % 2 == 0:
        # BRANCH: unsigned.py:[[@LINE+1]]:9: error: variable 'x' changes from unsigned to signed integers between the branches of this if; its type must stay the same
        x = v
    tl.store(p, x)


@triton.jit
def loop(p, q):
    x = tl.load(p + tl.arange(0, 16))
    for i in range(4):
        # LOOP: unsigned.py:[[@LINE+1]]:9: error: variable 'x' changes from unsigned to signed integers inside the loop; its type must stay the same
        x = tl.load(q + tl.arange(0, 16))
    tl.store(p + tl.arange(0, 16), x)
