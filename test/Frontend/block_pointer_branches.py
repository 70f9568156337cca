# A block pointer (or tensor descriptor) assigned on a branch of a runtime
# if merges leaf by leaf, as a loop carries it: `if c: p = tl.advance(p,
# ...)` gives the scf.if the offsets that differ, and a base or strides
# that differ likewise. What is known at compile time must agree, and the
# error says what differs: the order, or the element type and block shape.
# Before, every such if was refused naming two identical types ("a block
# pointer of 16x16xfp32 on one branch and a block pointer of 16x16xfp32
# on the other").
# RUN: tilec %s --kernel k --signature '*fp32,*fp32,i32,advance' --emit tile | FileCheck %s --check-prefix=ADVANCE
# RUN: tilec %s --kernel k --signature '*fp32,*fp32,i32,advance' -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel k --signature '*fp32,*fp32,i32,strides_and_base' --emit tile | FileCheck %s --check-prefix=LEAVES
# RUN: not tilec %s --kernel k --signature '*fp32,*fp32,i32,order' 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not tilec %s --kernel k --signature '*fp32,*fp32,i32,shape' 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: not tilec %s --kernel k --signature '*fp32,*fp32,i32,padding' 2>&1 | FileCheck %s --check-prefix=PADDING

import triton
import triton.language as tl

# ADVANCE: %[[OFFS:.*]]:2 = scf.if %{{.*}} -> (i32, i32)
# LEAVES: scf.if %{{.*}} -> (!tile.ptr<f32>, i64, i64, i64, i64, i32, i32)


@triton.jit
def k(x_ptr, out_ptr, n, OP: tl.constexpr):
    p = tl.make_block_ptr(x_ptr, (n, n), (n, 1), (0, 0), (16, 16), (1, 0))
    if OP == "advance":
        if n > 3:
            p = tl.advance(p, (16, 0))
    if OP == "strides_and_base":
        if n > 3:
            p = tl.make_block_ptr(out_ptr, (n, n), (1, n), (0, 0), (16, 16),
                                  (1, 0))
    if OP == "order":
        if n > 3:
            # ORDER: block_pointer_branches.py:[[@LINE+1]]:13: error: variable 'p' holds a block pointer of 16x16xfp32 of order (0, 1) on one branch and of order (1, 0) on the other; a block pointer's element type, block shape and order must not depend on a runtime condition
            p = tl.make_block_ptr(x_ptr, (n, n), (n, 1), (0, 0), (16, 16),
                                  (0, 1))
    if OP == "shape":
        if n > 3:
            # SHAPE: block_pointer_branches.py:[[@LINE+1]]:13: error: variable 'p' holds a block pointer of 16x32xfp32 on one branch and a block pointer of 16x16xfp32 on the other; a block pointer's element type, block shape and order must not depend on a runtime condition
            p = tl.make_block_ptr(x_ptr, (n, n), (n, 1), (0, 0), (16, 32),
                                  (1, 0))
    if OP == "padding":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 16])
        if n > 3:
            # PADDING: block_pointer_branches.py:[[@LINE+1]]:13: error: variable 'd' holds a tensor descriptor of 16x16xfp32 blocks with padding "nan" on one branch and "zero" on the other; a tensor descriptor's element type, block shape and padding must not depend on a runtime condition
            d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 16],
                                          padding_option="nan")
        tl.store(out_ptr, tl.sum(tl.sum(d.load([0, 0]), 0), 0))
    tl.store(out_ptr, tl.sum(tl.sum(tl.load(p, boundary_check=(0, 1)), 0), 0))
