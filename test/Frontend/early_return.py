# `return` anywhere outside loops, as Triton allows it: the statements after
# an if whose branches return are generated into each branch that reaches
# them, so a guard `if pid >= n: return` puts the rest of the kernel in the
# scf.if's else, and a @triton.jit function's returns on the two sides of a
# runtime if become the scf.if's result. Compile-time conditions pick their
# branch. Mismatches and returns in loops are located errors.
# RUN: tilec %s --kernel guarded --signature '*i32:16,i32' --emit tile | FileCheck %s --check-prefix=GUARD
# RUN: tilec %s --kernel helpers --signature '*i32:16,i32,i32' --emit tile | FileCheck %s --check-prefix=HELPERS
# RUN: tilec %s --kernel helpers --signature '*i32:16,i32,i32' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: not tilec %s --kernel none_on_one_path --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: not tilec %s --kernel block_or_scalar --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=TYPES
# RUN: not tilec %s --kernel kernel_value --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=VALUE
# RUN: not tilec %s --kernel in_loop --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not tilec %s --kernel int_or_float --signature '*fp32:16,i32' 2>&1 | FileCheck %s --check-prefix=NUMBER
# Tuples returned on both sides merge element by element (as in Triton):
# what differs becomes a result of the scf.if, what is equal stays.
# RUN: tilec %s --kernel tuples --signature '*i32:16,i32' --emit tile | FileCheck %s --check-prefix=TUPLES
# RUN: not tilec %s --kernel tuple_lengths --signature '*i32:16,i32' 2>&1 | FileCheck %s --check-prefix=LENGTHS
# RUN: not tilec %s --kernel tuple_or_number --signature '*i32:16,i32' 2>&1 | FileCheck %s --check-prefix=TUPLENUM

import triton
import triton.language as tl


# GUARD-LABEL: func.func @guarded
# GUARD: %[[PAST:.*]] = arith.cmpi sge
# GUARD-NEXT: scf.if %[[PAST]] {
# GUARD-NEXT: } else {
# GUARD: tile.store
# GUARD-NEXT: }
# GUARD-NEXT: return
@triton.jit
def guarded(x_ptr, n):
    pid = tl.program_id(0)
    if pid >= n:
        return
    tl.store(x_ptr + pid, pid)


@triton.jit
def clamp(x, lo):
    if x < lo:
        return lo
    return x


@triton.jit
def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


@triton.jit
def pick(x, FIRST: tl.constexpr):
    if FIRST:
        return x
    return x + 1


@triton.jit
def nested(x, a, b):
    if a > 0:
        if b > 0:
            return x * 2
        x = x + 1
    return x


# clamp: the rest after `if x < lo: return lo` is the else.
# HELPERS-LABEL: func.func @helpers
# HELPERS: %[[CLAMP:.*]] = scf.if %{{.*}} -> (i32) {
# HELPERS: } else {
# HELPERS-NEXT: scf.yield %arg1 : i32
# HELPERS: tile.store %arg0, %[[CLAMP]]
# sign: an if/elif/else chain that returns on every branch: the index of
# the branch taken (the elif's condition generated only where the if's does
# not hold), then one scf.if per branch, each passing the one before on.
# HELPERS: %[[FIRST:.*]] = arith.select
# HELPERS: %[[TAKEN:.*]] = scf.if %{{.*}} -> (i32) {
# HELPERS-NEXT: arith.constant 0
# HELPERS-NEXT: arith.cmpi slt
# HELPERS: } else {
# HELPERS-NEXT: scf.yield %[[FIRST]] : i32
# HELPERS: %[[IF:.*]] = arith.cmpi eq, %[[TAKEN]]
# HELPERS: %[[ELIF:.*]] = arith.cmpi eq, %[[TAKEN]]
# HELPERS: %[[ELSE:.*]] = arith.cmpi eq, %[[TAKEN]]
# HELPERS: %[[S1:.*]] = scf.if %[[IF]] -> (i32) {
# HELPERS: %[[S2:.*]] = scf.if %[[ELIF]] -> (i32) {
# HELPERS: } else {
# HELPERS-NEXT: scf.yield %[[S1]] : i32
# HELPERS: %[[SIGN:.*]] = scf.if %[[ELSE]] -> (i32) {
# HELPERS: } else {
# HELPERS-NEXT: scf.yield %[[S2]] : i32
# HELPERS: tile.store %{{.*}}, %[[SIGN]]
# pick: a constexpr condition, no scf.if.
# HELPERS-NEXT: arith.constant 2
# HELPERS-NEXT: tile.addptr
# HELPERS-NEXT: tile.store %{{.*}}, %arg1
# nested: the inner if returns on one side; `x = x + 1; return x` follows
# it on the other side, and after the outer if on its else.
# HELPERS: %[[NESTED:.*]] = scf.if %{{.*}} -> (i32) {
# HELPERS: scf.if %{{.*}} -> (i32) {
# HELPERS: arith.muli
# HELPERS: } else {
# HELPERS: arith.addi
# HELPERS: } else {
# HELPERS-NEXT: scf.yield %arg1 : i32
# HELPERS: tile.store %{{.*}}, %[[NESTED]]
@triton.jit
def helpers(out_ptr, a, b):
    tl.store(out_ptr, clamp(a, 0))
    tl.store(out_ptr + 1, sign(a))
    tl.store(out_ptr + 2, pick(a, True))
    tl.store(out_ptr + 3, nested(a, a, b))


@triton.jit
def maybe_value(x, c):
    if c > 0:
        return x


@triton.jit
def none_on_one_path(out_ptr, c):
    tl.store(out_ptr, maybe_value(c, c))


# NONE: early_return.py:[[@LINE-9]]:5: error: the return value holds None, which cannot change between the branches of this if


@triton.jit
def widen_maybe(x, c):
    if c > 0:
        return tl.zeros([16], dtype=tl.int32) + x
    return x


@triton.jit
def block_or_scalar(out_ptr, c):
    tl.store(out_ptr + tl.arange(0, 16), widen_maybe(c, c))


# TYPES: error: the return value is


@triton.jit
def kernel_value(out_ptr, c):
    if c > 0:
        # VALUE: early_return.py:[[@LINE+1]]:9: error: kernels cannot return a value
        return 1
    tl.store(out_ptr, c)


@triton.jit
def in_loop(out_ptr, c):
    for i in range(c):
        if i > 3:
            # LOOP: early_return.py:[[@LINE+1]]:13: error: 'return' inside a loop is not supported (nor in Triton)
            return
    tl.store(out_ptr, c)


@triton.jit
def scale_or_half(x, c):
    # A returned number is a tensor (fp32 here), as in Triton.
    # NUMBER: early_return.py:[[@LINE+1]]:5: error: the return value is i32 after the then-branch of this if but fp32 after the else-branch; its type must not depend on a runtime condition
    if c > 0:
        return x
    return 1.5


@triton.jit
def int_or_float(out_ptr, c):
    tl.store(out_ptr, scale_or_half(c, c))


@triton.jit
def sign_and_magnitude(c):
    if c < 0:
        return -c, -1, 7
    return c, 1, 7


# Each returned number is a tensor of its own, as in Triton: the 7s too.
# TUPLES-LABEL: func.func @tuples
# TUPLES: %[[R:.*]]:3 = scf.if %{{.*}} -> (i32, i32, i32) {
# TUPLES: scf.yield %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32
# TUPLES: } else {
# TUPLES: scf.yield %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32
# TUPLES: %[[P:.*]] = arith.muli %[[R]]#0, %[[R]]#1
# TUPLES: arith.addi %[[P]], %[[R]]#2
@triton.jit
def tuples(out_ptr, c):
    m, s, seven = sign_and_magnitude(c)
    tl.store(out_ptr, m * s + seven)


@triton.jit
def two_or_three(c):
    if c < 0:
        # LENGTHS: early_return.py:[[@LINE+1]]:9: error: the return value is a tuple of 2 after the then-branch of this if but of 3 after the else-branch
        return c, 1
    return c, 1, 2


@triton.jit
def tuple_lengths(out_ptr, c):
    a = two_or_three(c)
    tl.store(out_ptr, c)


@triton.jit
def pair_or_number(c):
    if c < 0:
        # TUPLENUM: early_return.py:[[@LINE+1]]:9: error: the return value holds a tuple, which cannot change between the branches of this if
        return c, 1
    return c


@triton.jit
def tuple_or_number(out_ptr, c):
    a = pair_or_number(c)
    tl.store(out_ptr, c)
