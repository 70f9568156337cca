# tl.static_print prints at compile time, to stderr, one line of its values
# separated by one space, each as Python's str() shows it: ints in full,
# floats as repr, True/False/None, strings as they are, tuples as Python
# writes them, dtypes and runtime values by Triton's type names. The first
# line is what Triton 3.6 printed for the same call on the H200.
# RUN: tilec %s --kernel k --signature '*fp32,i32' -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --match-full-lines

import triton
import triton.language as tl


@triton.jit
def show(x):
    tl.static_print('helper', x)
    return x


@triton.jit
def k(out_ptr, n):
    tl.static_print('V', 0.1, 1e16, 1e-5, 123456789.0, float('inf'), -0.0, 2**70, True, None)
# CHECK:V 0.1 1e+16 1e-05 123456789.0 inf -0.0 1180591620717411303424 True None
    tl.static_print(float('nan'), float(2**63 - 1), -5.0 // float('inf'), float('-0'), 1e22, 1.5e-7, 1e15, 2**70 / 3, -(2**64))
# CHECK-NEXT:nan 9.223372036854776e+18 -1.0 -0.0 1e+22 1.5e-07 1000000000000000.0 3.935305402391371e+20 -18446744073709551616
    tl.static_print((1, 2.5), ('a', None, True), (3,), (), [4, (5, 'b')], 'it''s', [7])
# CHECK-NEXT:(1, 2.5) ('a', None, True) (3,) () [4, (5, 'b')] its [7]
    tl.static_print(tl.float32, tl.uint32, tl.int1, tl.float16, tl.bfloat16, tl.float8e4nv, tl.float8e5, tl.int64, tl.pointer_type(tl.float16))
# CHECK-NEXT:fp32 uint32 int1 fp16 bf16 fp8e4nv fp8e5 int64 pointer<fp16>
    x = tl.arange(0, 16)
    y = tl.zeros((16, 32), dtype=tl.float32)
    tl.static_print(x, y, n, out_ptr, x.to(tl.uint8), y.dtype, out_ptr.dtype)
# CHECK-NEXT:int32[constexpr[16]] fp32[constexpr[16], constexpr[32]] int32[] pointer<fp32>[] uint8[constexpr[16]] fp32 pointer<fp32>
    tl.static_print('a', 'b', sep='-', end='!\n')
# CHECK-NEXT:a-b!
    tl.static_print()
# CHECK-EMPTY:
    for i in tl.static_range(2):
        tl.static_print('i', i)
# CHECK-NEXT:i 0
# CHECK-NEXT:i 1
    show(3)
# CHECK-NEXT:helper 3
    if n > 0:
        tl.static_print('then')
    else:
        tl.static_print('else')
# CHECK-NEXT:then
# CHECK-NEXT:else
    tl.store(out_ptr, 0.0)
