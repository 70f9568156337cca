# if/elif/else chains. Conditions known at compile time pick or skip their
# branch; from the first runtime condition on, a chain of more than an if
# and an else is flat: the index of the branch taken (each later condition
# generated inside an scf.if that runs while no branch is taken yet), then
# one scf.if per branch on that index, each passing on the values of the
# ones before. A variable every branch assigns lives on after the chain.
# (The chain nested an scf.if per elif: 5000 elifs overflowed the stack,
# 2000 took 5.8 s; test/tilec/compile-time.py.)
# RUN: tilec %s --kernel merged --signature '*fp32,i32,fp32' --emit tile | FileCheck %s --check-prefix=MERGED
# RUN: tilec %s --kernel known --signature '*i32,i32,1' --emit tile | FileCheck %s --check-prefix=KNOWN
# RUN: tilec %s --kernel loads --signature '*i32,*i32,i32' --emit tile | FileCheck %s --check-prefix=LOADS
# RUN: tilec %s --kernel merged --signature '*fp32,i32,fp32' -o %t.merged.ptx
# RUN: tilec %s --kernel blocks --signature '*fp32,i32' -o %t.blocks.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.merged.ptx -o %t.merged.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.blocks.ptx -o %t.blocks.cubin %}

# MERGED-LABEL: func.func @merged
# MERGED: %[[IF:.*]] = arith.cmpi eq, %arg1
# MERGED: %[[FIRST:.*]] = arith.select %[[IF]], %{{.*}}, %[[NONE:.*]] : i32
# MERGED: %[[UNDECIDED:.*]] = arith.cmpi eq, %[[FIRST]], %[[NONE]]
# MERGED: %[[SECOND:.*]] = scf.if %[[UNDECIDED]] -> (i32) {
# MERGED: } else {
# MERGED-NEXT: scf.yield %[[FIRST]] : i32
# MERGED: %[[TAKEN:.*]] = scf.if %{{.*}} -> (i32) {
# MERGED: %[[B0:.*]] = arith.cmpi eq, %[[TAKEN]], %c0
# MERGED: %[[B1:.*]] = arith.cmpi eq, %[[TAKEN]], %c1
# MERGED: %[[B2:.*]] = arith.cmpi eq, %[[TAKEN]], %c2
# MERGED: %[[ELSE:.*]] = arith.cmpi eq, %[[TAKEN]], %c-1
# MERGED: %[[NULL:.*]] = tile.ptr_cast %{{.*}} : i64 to !tile.ptr<f32>
# MERGED: %[[R0:.*]]:2 = scf.if %[[B0]] -> (f32, !tile.ptr<f32>) {
# MERGED: scf.yield %{{.*}}, %[[NULL]] : f32, !tile.ptr<f32>
# MERGED: %[[R1:.*]]:2 = scf.if %[[B1]] -> (f32, !tile.ptr<f32>) {
# MERGED: scf.yield %[[R0]]#0, %[[R0]]#1
# MERGED: %[[R2:.*]]:2 = scf.if %[[B2]] -> (f32, !tile.ptr<f32>) {
# MERGED: scf.yield %[[R1]]#0, %[[R1]]#1
# MERGED: %[[R3:.*]]:2 = scf.if %[[ELSE]] -> (f32, !tile.ptr<f32>) {
# MERGED: scf.yield %[[R2]]#0, %[[R2]]#1
# MERGED: tile.store %[[R3]]#1, %[[R3]]#0

# With MODE = 1 the first elif is taken whenever the if is not: one scf.if.
# KNOWN-LABEL: func.func @known
# KNOWN-NOT: arith.select
# KNOWN: %[[V:.*]] = scf.if %{{.*}} -> (i32) {
# KNOWN-NOT: scf.if
# KNOWN: tile.store %arg0, %[[V]]

# LOADS-LABEL: func.func @loads
# LOADS: scf.if %{{.*}} -> (i32) {
# LOADS-NEXT: tile.addptr %arg1, %arg2
# LOADS-NEXT: tile.load
# LOADS: } else {

import triton
import triton.language as tl


@triton.jit
def merged(out_ptr, n, x):
    # A variable first assigned on every branch lives on; one assigned on
    # some branches only does not.
    if n == 0:
        v = x + 1.0
        w = out_ptr
    elif n == 1:
        v = x * 2.0
        w = out_ptr + 1
    elif n == 2:
        v = 3.0
        w = out_ptr + 2
    else:
        v = x
        w = out_ptr + 3
    tl.store(w, v)


@triton.jit
def known(out_ptr, n, MODE: tl.constexpr):
    # Compile-time conditions after a runtime one pick or skip their branch.
    v = 0
    if n == 0:
        v = 1
    elif MODE == 1:
        v = 2
    elif n == 2:
        v = 3
    tl.store(out_ptr, v)


@triton.jit
def loads(out_ptr, flags_ptr, n):
    # A condition that loads runs only when no branch before it is taken.
    v = 0
    if n < 0:
        v = 1
    elif tl.load(flags_ptr + n) > 0:
        v = 2
    elif n > 100:
        v = 3
    tl.store(out_ptr, v)


@triton.jit
def blocks(out_ptr, n):
    offs = tl.arange(0, 128)
    if n == 0:
        acc = tl.zeros([128], dtype=tl.float32)
        p = out_ptr + offs
    elif n == 1:
        acc = tl.full([128], 1.0, dtype=tl.float32)
        p = out_ptr + offs * 2
    else:
        acc = offs.to(tl.float32)
        p = out_ptr + offs * 3
    tl.store(p, acc)
