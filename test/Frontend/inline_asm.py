# tl.inline_asm_elementwise: the operands broadcast to one shape, one
# tile.inline_asm with one result per dtype (a tuple of dtypes gives a
# tuple of blocks); each element becomes one LLVM inline-assembly call, so
# the PTX holds the text once per element a thread owns. The PTX assembles.
# RUN: tilec %s --kernel shift_add --signature '*i32:16,*i32:16,i32,128' --emit tile | FileCheck %s --check-prefix=TILE
# RUN: tilec %s --kernel shift_add --signature '*i32:16,*i32:16,i32,128' -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel two_results --signature '*fp32:16,*fp32:16,*fp32:16,i32,128' --emit tile | FileCheck %s --check-prefix=TWO
# RUN: tilec %s --kernel two_results --signature '*fp32:16,*fp32:16,*fp32:16,i32,128' -o %t.two.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.two.ptx -o %t.two.cubin %}
# RUN: not tilec %s --kernel packed --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=PACK
# pack = p: one instance per p consecutive elements of a thread, values
# under 32 bits packed min(32 / bits, p) to a register (Triton's rule):
# four bytes in one b32, two fp32 in two registers and two fp16 out in one.
# RUN: tilec %S/../gpu/kernels/inline_asm_pack.py --kernel shift_bytes --signature '*u8:16,*i8:16,i32,1024' --emit tile | FileCheck %s --check-prefix=PACKTILE
# RUN: tilec %S/../gpu/kernels/inline_asm_pack.py --kernel shift_bytes --signature '*u8:16,*i8:16,i32,1024' --emit llvm-mlir | FileCheck %s --check-prefix=PACK4
# RUN: tilec %S/../gpu/kernels/inline_asm_pack.py --kernel shift_bytes --signature '*u8:16,*i8:16,i32,1024' -o %t.pack4.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.pack4.ptx -o %t.pack4.cubin %}
# RUN: tilec %S/../gpu/kernels/inline_asm_pack.py --kernel round_pairs --signature '*fp32:16,*fp16:16,i32,1024' --emit llvm-mlir | FileCheck %s --check-prefix=PACK2
# RUN: tilec %S/../gpu/kernels/inline_asm_pack.py --kernel round_pairs --signature '*fp32:16,*fp16:16,i32,1024' -o %t.pack2.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.pack2.ptx -o %t.pack2.cubin %}
# RUN: not tilec %s --kernel pack_three --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=PACK3
# RUN: not tilec %s --kernel bad_reference --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=REF
# RUN: not tilec %s --kernel glued_reference --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=GLUED
# RUN: not tilec %s --kernel bad_constraints --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=CONSTRAINTS
# A constraint that is no register class (a fuzzed tab, an empty one after
# a trailing comma, 'n'): a located error, not LLVM's unlocated one or its
# abort (fuzz seed 9400).
# RUN: not tilec %s --kernel unknown_constraint --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec %s --kernel empty_constraint --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: not tilec %s --kernel immediate_constraint --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=IMM
# RUN: not tilec %s --kernel not_string --signature '*i32:16,*i32:16,i32,128' 2>&1 | FileCheck %s --check-prefix=STRING

import triton
import triton.language as tl


@triton.jit
def shift_add(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    y = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $1, $2;", "=r,r,r",
                                  [x, 3], dtype=tl.int32, is_pure=True,
                                  pack=1)
    tl.store(y_ptr + offs, y, mask=offs < n)

# TILE-LABEL: func.func @shift_add
# TILE: tile.inline_asm "shf.l.wrap.b32 $0, $1, $1, $2;", "=r,r,r"(%{{.*}}, %{{.*}}) {pack = 1 : i32, pure} : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>
# PTX: shf.l.wrap.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};


@triton.jit
def two_results(x_ptr, lo_ptr, hi_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    lo, hi = tl.inline_asm_elementwise(
        "min.f32 $0, $2, 1.0; max.f32 $1, $2, 1.0;", "=f,=f,f", [x],
        dtype=(tl.float32, tl.float32), is_pure=True, pack=1)
    tl.store(lo_ptr + offs, lo, mask=offs < n)
    tl.store(hi_ptr + offs, hi, mask=offs < n)

# TWO-LABEL: func.func @two_results
# TWO: %{{.*}}:2 = tile.inline_asm "min.f32 $0, $2, 1.0; max.f32 $1, $2, 1.0;", "=f,=f,f"(%{{.*}}) {pack = 1 : i32, pure} : (tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>)


# PACKTILE: tile.inline_asm "and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;", "=r,r"(%{{.*}}) {pack = 4 : i32, pure} : (tensor<1024xi8>) -> tensor<1024xi8>
# PACK4: llvm.inline_asm asm_dialect = att "and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
# PACK2: llvm.inline_asm asm_dialect = att "cvt.rn.f16x2.f32 $0, $2, $1;", "=r,r,r" %{{.*}}, %{{.*}} : (f32, f32) -> vector<2xf16>


@triton.jit
def pack_three(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    # PACK3: inline_asm.py:[[@LINE+2]]:70: error: tl.inline_asm_elementwise(): pack must be 1, 2, 4, 8 or 16, got 3
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x],
                                  dtype=tl.int32, is_pure=True, pack=3)


@triton.jit
def packed(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x],
                                  dtype=tl.int32, is_pure=True, pack=4)
# PACK: inline_asm.py:[[# @LINE - 2]]:54: error: tl.inline_asm_elementwise(): the constraints '=r,r' must list 4 output(s) ('=r', ...) then 4 input(s) (registers of pack=4 elements)


@triton.jit
def not_string(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise(n, "=r,r", [x], dtype=tl.int32,
                                  is_pure=True, pack=1)
# STRING: inline_asm.py:[[# @LINE - 2]]:35: error: tl.inline_asm_elementwise(): the assembly must be a string


# Found by the fuzzer: LLVM aborted on '$True'.
@triton.jit
def bad_reference(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("mov.b32 $True, $1;", "=r,r", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
# REF: inline_asm.py:[[# @LINE - 2]]:35: error: tl.inline_asm_elementwise(): '$T' in the assembly is not an operand ($0 to $1)


# Found by the fuzzer: '$1e30' became the register '%r4e30', which ptxas
# rejected.
@triton.jit
def glued_reference(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("max.f32 $0, $1e30, 0f00000000;", "=f,f",
                                  [x.to(tl.float32)], dtype=tl.float32,
                                  is_pure=True, pack=1)
# GLUED: inline_asm.py:[[# @LINE - 3]]:35: error: tl.inline_asm_elementwise(): '$1e30' in the assembly runs operand $1 into the name 'e30'


@triton.jit
def bad_constraints(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "r,=r", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
# CONSTRAINTS: inline_asm.py:[[# @LINE - 2]]:54: error: tl.inline_asm_elementwise(): the constraints 'r,=r' must list 1 output(s) ('=r', ...) then 1 input(s)


@triton.jit
def unknown_constraint(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,\t", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
# UNKNOWN: inline_asm.py:[[# @LINE - 2]]:54: error: tl.inline_asm_elementwise(): unknown constraint '{{.}}' in '=r,{{.}}' (one of r, l, h, c, b, q, f, d per operand, outputs marked '=')


@triton.jit
def empty_constraint(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
# EMPTY: inline_asm.py:[[# @LINE - 2]]:54: error: tl.inline_asm_elementwise(): unknown constraint '' in '=r,'


@triton.jit
def immediate_constraint(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,n", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
# IMM: inline_asm.py:[[# @LINE - 2]]:54: error: tl.inline_asm_elementwise(): unknown constraint 'n' in '=r,n'
