# Pointer casts as Triton has them: x.to(tl.pointer_type(T)) (or tl.cast,
# with or without bitcast=True) reinterprets pointers as pointers to T; a
# pointer .to(tl.int64) is its address and an int64 .to(tl.pointer_type(T))
# the pointer at that address (tables of buffers, as in grouped GEMMs);
# .to(tl.int1) says whether it is not null. All are tile.ptr_cast; the
# pointee's signedness follows the dtype (>> on *u32 loads is logical).
# Other conversions are located errors.
# RUN: tilec %s --kernel table --signature '*i64:16,*fp32:16,128' --emit tile | FileCheck %s --check-prefix=TABLE
# RUN: tilec %s --kernel views --signature '*fp32:16,*i32:16,128' --emit tile | FileCheck %s --check-prefix=VIEWS
# RUN: tilec %s --kernel table --signature '*i64:16,*fp32:16,128' -o %t.table.ptx
# RUN: tilec %s --kernel views --signature '*fp32:16,*i32:16,128' -o %t.views.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.table.ptx -o %t.1.cubin && %ptxas -arch=sm_90a %t.views.ptx -o %t.2.cubin %}
# RUN: not tilec %s --kernel narrow_address --signature '*i32:16' 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: not tilec %s --kernel to_float --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=FLOAT
# RUN: not tilec %s --kernel shared_space --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=SPACE
# RUN: not tilec %s --kernel pointer_to_pointer --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=PTRPTR

# TABLE-LABEL: func.func @table(
# TABLE: %[[ADDR:.*]] = tile.load {{.*}} : !tile.ptr<i64>
# TABLE-NEXT: %[[BASE:.*]] = tile.ptr_cast %[[ADDR]] : i64 to !tile.ptr<f32>
# TABLE: tile.splat %[[BASE]]

# VIEWS-LABEL: func.func @views(
# VIEWS: tile.ptr_cast %arg0 : !tile.ptr<f32> to !tile.ptr<i32>
# VIEWS: tile.ptr_cast %arg0 : !tile.ptr<f32> to i64
# VIEWS: tile.ptr_cast {{.*}} : i64 to !tile.ptr<f32>
# VIEWS: tile.ptr_cast {{.*}} : tensor<128x!tile.ptr<f32>> to tensor<128x!tile.ptr<i32>>
# VIEWS: arith.shrui
# VIEWS: tile.ptr_cast %arg0 : !tile.ptr<f32> to i64
# VIEWS-NEXT: arith.constant 0 : i64
# VIEWS-NEXT: arith.cmpi ne

# NARROW: pointer_casts.py:[[# @LINE + 33]]:9: error: only 64-bit integers convert to pointers (x.to(tl.int64) first), got i32
# FLOAT: error: a pointer converts to a pointer, tl.int64 (its address) or tl.int1, not fp32
# SPACE: error: tl.pointer_type(): only global memory (address_space 1) is supported, got 3
# PTRPTR: error: tl.pointer_type() of a pointer type: pointers to pointers are not supported

import triton
import triton.language as tl


@triton.jit
def table(ptrs_ptr, out_ptr, BLOCK: tl.constexpr):
    g = tl.program_id(0)
    src = tl.load(ptrs_ptr + g).to(tl.pointer_type(tl.float32))
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + g * BLOCK + offs, tl.load(src + offs))


@triton.jit
def views(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    words = x_ptr.to(tl.pointer_type(tl.int32))
    tl.store(y_ptr + offs, tl.load(words + offs))
    back = x_ptr.to(tl.int64).to(tl.pointer_type(tl.float32))
    tl.store(back + offs, tl.load(back + offs) * 2)
    unsigned = tl.cast(x_ptr + offs, tl.pointer_type(tl.uint32), bitcast=True)
    tl.store(y_ptr + offs, tl.load(unsigned) >> 1)
    if x_ptr.to(tl.int1):
        tl.store(y_ptr, 1)


@triton.jit
def narrow_address(x_ptr):
    a = tl.load(x_ptr)
    p = a.to(tl.pointer_type(tl.float32))


@triton.jit
def to_float(x_ptr):
    f = x_ptr.to(tl.float32)


@triton.jit
def shared_space(x_ptr):
    p = x_ptr.to(tl.pointer_type(tl.float32, 3))


@triton.jit
def pointer_to_pointer(x_ptr):
    p = x_ptr.to(tl.pointer_type(tl.pointer_type(tl.float32)))
