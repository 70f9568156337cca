# tilec cannot read the PTX inside tl.inline_asm_elementwise; where there is
# a ptxas it runs it on a kernel that has some, and assembly ptxas rejects
# is an error at the call (ptxas' first error line, without its temporary
# file), with a note at every other call. --check-inline-asm=false leaves
# it to the driver's load.
# REQUIRES: ptxas
# RUN: not tilec %s --kernel bad_asm --signature '*i32:16,*i32:16,128' --ptxas %ptxas -o %t.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: not tilec %s --kernel two_asm --signature '*i32:16,*i32:16,128' --ptxas %ptxas -o %t.ptx 2>&1 | FileCheck %s --check-prefix=TWO
# RUN: tilec %s --kernel bad_asm --signature '*i32:16,*i32:16,128' --ptxas %ptxas --check-inline-asm=false -o %t.off.ptx
# RUN: FileCheck %s --check-prefix=OFF < %t.off.ptx
# RUN: tilec %s --kernel good_asm --signature '*i32:16,*i32:16,128' --ptxas %ptxas -o %t.good.ptx

import triton
import triton.language as tl

# BAD: inline_asm_ptxas.py:[[# @LINE + 5]]:9: error: ptxas rejected the PTX of the kernel's inline assembly: line {{[0-9]+}}; error {{ *}}: Unknown modifier '.op'
@triton.jit
def bad_asm(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("bogus.op.b32 $0, $1;", "=r,r", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
    tl.store(y_ptr + offs, y)

# OFF: bogus.op.b32


# TWO: inline_asm_ptxas.py:[[# @LINE + 6]]:9: error: ptxas rejected the PTX of the kernel's inline assembly
# TWO: inline_asm_ptxas.py:[[# @LINE + 7]]:9: note: the kernel has inline assembly here too
@triton.jit
def two_asm(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
    z = tl.inline_asm_elementwise("bogus.b32 $0, $1;", "=r,r", [y],
                                  dtype=tl.int32, is_pure=True, pack=1)
    tl.store(y_ptr + offs, z)


@triton.jit
def good_asm(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("shl.b32 $0, $1, 1;", "=r,r", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
    tl.store(y_ptr + offs, y)
