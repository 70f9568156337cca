# x.dtype reports unsigned types as Triton names them (tl.uint8 ...
# tl.uint64, never equal to the signed ones), for loads, arguments,
# conversions, arithmetic and the results of functions; tl.device_print
# prints unsigned integers with %u (%llu), a u8 or u16 widened with zeros
# so that 200 prints as 200, as Triton's print lowering does.
# RUN: tilec %s --kernel dtypes --signature '*u8:16,*u16:16,*u32:16,*u64:16,*i32:16,u32,16' --emit tile | FileCheck %s --check-prefix=DTYPES
# RUN: tilec %s --kernel show --signature '*u8:16,*u64:16,*i8:16,16' --emit llvm | FileCheck %s --check-prefix=PRINT

import triton
import triton.language as tl


# DTYPES-LABEL: func.func @dtypes
@triton.jit
def _as_int32(x):
    return x.to(tl.int32)


@triton.jit
def dtypes(u8_ptr, u16_ptr, u32_ptr, u64_ptr, i32_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    h = tl.load(u16_ptr + offs)
    c = tl.load(u32_ptr + offs)
    e = tl.load(u64_ptr + offs)
    d = tl.load(i32_ptr + offs)
    tl.static_assert(a.dtype == tl.uint8)
    tl.static_assert(h.dtype == tl.uint16)
    tl.static_assert(c.dtype == tl.uint32)
    tl.static_assert(c.dtype != tl.int32)
    tl.static_assert(e.dtype == tl.uint64)
    tl.static_assert(n.dtype == tl.uint32)
    tl.static_assert(u32_ptr.dtype.element_ty == tl.uint32)
    tl.static_assert((a + d).dtype == tl.int32)
    tl.static_assert((c + d).dtype == tl.uint32)
    tl.static_assert((c + e).dtype == tl.uint64)
    tl.static_assert((-c).dtype == tl.uint32)
    tl.static_assert((~e).dtype == tl.uint64)
    tl.static_assert((d >> c).dtype == tl.uint32)
    tl.static_assert(d.to(tl.uint16).dtype == tl.uint16)
    tl.static_assert(tl.where(d > 0, c, 1).dtype == tl.uint32)
    tl.static_assert(tl.maximum(a, 5).dtype == tl.int32)
    tl.static_assert(tl.minimum(c, 5).dtype == tl.uint32)
    tl.static_assert(tl.abs(c).dtype == tl.uint32)
    tl.static_assert(tl.sum(h, 0).dtype == tl.uint32)
    tl.static_assert(tl.max(c, 0).dtype == tl.uint32)
    tl.static_assert(tl.randint(n, offs).dtype == tl.uint32)
    tl.static_assert(tl.zeros_like(e).dtype == tl.uint64)
    tl.static_assert(tl.full([BLOCK], 1, tl.uint8).dtype == tl.uint8)
    tl.static_assert(tl.reshape(c, [2, BLOCK // 2]).dtype == tl.uint32)
    # Results typed by a dtype or a function, not by their operands.
    r = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [d],
                                  dtype=tl.uint32, is_pure=True, pack=1)
    tl.static_assert(r.dtype == tl.uint32)
    q = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [c],
                                  dtype=tl.int32, is_pure=True, pack=1)
    tl.static_assert(q.dtype == tl.int32)
    tl.static_assert(tl.map_elementwise(_as_int32, c).dtype == tl.int32)
    tl.static_assert(tl.histogram(c, 16).dtype == tl.int32)
    tl.store(i32_ptr + offs, d)


# A u8 with bit 7 set widens with zeros and prints with %u; a u64 with
# %llu; an i8 widens with its sign and prints with %d.
# PRINT-DAG: @tile_print_{{[0-9]+}} = {{.*}}c"pid (%u, %u, %u) idx (%u) a: (operand 0) %u\0A\00"
# PRINT-DAG: @tile_print_{{[0-9]+}} = {{.*}}c"pid (%u, %u, %u) idx (%u) a: (operand 1) %llu\0A\00"
# PRINT-DAG: @tile_print_{{[0-9]+}} = {{.*}}c"pid (%u, %u, %u) idx (%u) a: (operand 2) %d\0A\00"
# PRINT-LABEL: define {{.*}}@show(
# PRINT: and i16 %{{.*}}, 255
# PRINT: ashr exact i32 %{{.*}}, 24
@triton.jit
def show(u8_ptr, u64_ptr, i8_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(u8_ptr + offs)
    e = tl.load(u64_ptr + offs)
    b = tl.load(i8_ptr + offs)
    tl.device_print(" a:", a, e, b)
