# Unsigned integers: a Python number out of the unsigned range is an error,
# and so is a variable that changes between signed and unsigned across an
# if or a loop, as in Triton.
# RUN: not tilec %s --kernel negative --signature '*u32' 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not tilec %s --kernel too_big --signature '*u8' 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: tilec %s --kernel in_range --signature '*u32' -o %t.ptx
# RUN: not tilec %s --kernel branch --signature '*u32,i32' 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: not tilec %s --kernel loop --signature '*u32,*i32' 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not tilec %s --kernel accumulate --signature '*u32' 2>&1 | FileCheck %s --check-prefix=ACC
# `/`, `//` and `%` reject integers of different signedness, as Triton's
# computation_type_impl does (a Python number takes the other's type and
# is fine; a bool is unsigned).
# RUN: not tilec %s --kernel floordiv_mixed --signature '*u32,*i32' 2>&1 | FileCheck %s --check-prefix=FLOORDIV
# RUN: not tilec %s --kernel mod_mixed --signature '*u32,*i64' 2>&1 | FileCheck %s --check-prefix=MOD
# RUN: not tilec %s --kernel truediv_mixed --signature '*u8,*i32' 2>&1 | FileCheck %s --check-prefix=TRUEDIV
# RUN: not tilec %s --kernel bool_floordiv --signature '*i32' 2>&1 | FileCheck %s --check-prefix=BOOLDIV
# RUN: not tilec %s --kernel typed_divisor --signature '*u32' 2>&1 | FileCheck %s --check-prefix=TYPEDDIV
# tl.philox's counters are 32-bit (Triton's static_assert rejects others).
# RUN: not tilec %s --kernel narrow_counters --signature '*u32,i32' 2>&1 | FileCheck %s --check-prefix=COUNTERS

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


@triton.jit
def accumulate(p):
    acc = 0
    for i in range(4):
        # ACC: unsigned.py:[[@LINE+1]]:9: error: variable 'acc' changes from signed to unsigned integers inside the loop; its type must stay the same
        acc += tl.load(p + i)
    tl.store(p, acc)


@triton.jit
def floordiv_mixed(p, q):
    x = tl.load(p + tl.arange(0, 16))
    y = tl.load(q + tl.arange(0, 16))
    # FLOORDIV: unsigned.py:[[@LINE+1]]:36: error: operator '//' needs integers of one signedness, got uint32 and int32 (as in Triton): convert one of them first, e.g. to tl.uint32 or tl.int32
    tl.store(p + tl.arange(0, 16), x // y)


@triton.jit
def mod_mixed(p, q):
    x = tl.load(p + tl.arange(0, 16))
    y = tl.load(q + tl.arange(0, 16))
    # MOD: unsigned.py:[[@LINE+1]]:36: error: operator '%' needs integers of one signedness, got uint32 and int64 (as in Triton): convert one of them first, e.g. to tl.uint64 or tl.int64
    tl.store(p + tl.arange(0, 16), x % y)


@triton.jit
def truediv_mixed(p, q):
    x = tl.load(p + tl.arange(0, 16))
    y = tl.load(q + tl.arange(0, 16))
    # TRUEDIV: unsigned.py:[[@LINE+1]]:36: error: operator '/' needs integers of one signedness, got uint8 and int32 (as in Triton): convert one of them first, e.g. to tl.uint32 or tl.int32
    tl.store(q + tl.arange(0, 16), x / y)


@triton.jit
def bool_floordiv(p):
    x = tl.load(p + tl.arange(0, 16))
    # BOOLDIV: unsigned.py:[[@LINE+1]]:37: error: operator '//' needs integers of one signedness, got int1 and int32 (as in Triton): convert one of them first, e.g. to tl.uint32 or tl.int32
    tl.store(p + tl.arange(0, 16), (x > 0) // 2)


@triton.jit
def typed_divisor(p):
    x = tl.load(p + tl.arange(0, 16))
    d = 3
    # TYPEDDIV: unsigned.py:[[@LINE+1]]:36: error: operator '//' needs integers of one signedness, got uint32 and int32 (as in Triton): convert one of them first, e.g. to tl.uint32 or tl.int32
    tl.store(p + tl.arange(0, 16), x // d)


@triton.jit
def narrow_counters(p, seed):
    c = tl.arange(0, 16).to(tl.uint8)
    # COUNTERS: unsigned.py:[[@LINE+1]]:18: error: tl.philox(): the counters must be 32-bit integers, got block<16xi8> (as in Triton)
    a, b, e, f = tl.philox(seed, c, c, c, c)
    tl.store(p + tl.arange(0, 16), a)
