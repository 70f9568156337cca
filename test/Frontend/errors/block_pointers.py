# Misused block pointers are located errors.
# RUN: not tilec %s --kernel with_mask --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: not tilec %s --kernel bad_dim --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=DIM
# RUN: not tilec %s --kernel int_nan --signature '*i32,i32' 2>&1 | FileCheck %s --check-prefix=NAN
# RUN: not tilec %s --kernel bad_padding --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=PADDING
# RUN: not tilec %s --kernel bad_order --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not tilec %s --kernel odd_block --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=POW2
# RUN: not tilec %s --kernel rank_mismatch --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: not tilec %s --kernel advance_pointer --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=ADVANCE
# RUN: not tilec %s --kernel block_base --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=BASE
# RUN: not tilec %s --kernel reshaped_in_loop --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not tilec %s --kernel check_without_block_ptr --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=PLAIN

import triton
import triton.language as tl


@triton.jit
def with_mask(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (16,), (0,))
    # MASK: block_pointers.py:[[@LINE+1]]:25: error: tl.load(): mask and other cannot be used with a block pointer; use boundary_check and padding_option
    x = tl.load(p, mask=tl.arange(0, 16) < n)


@triton.jit
def bad_dim(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (16,), (0,))
    # DIM: block_pointers.py:[[@LINE+1]]:35: error: tl.load(): boundary_check dimension 1 is not a dimension of the 1-d block
    x = tl.load(p, boundary_check=(1,))


@triton.jit
def int_nan(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (16,), (0,))
    # NAN: block_pointers.py:[[@LINE+1]]:56: error: tl.load(): padding_option "nan" needs floating-point elements, got i32
    x = tl.load(p, boundary_check=(0,), padding_option="nan")


@triton.jit
def bad_padding(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (16,), (0,))
    # PADDING: block_pointers.py:[[@LINE+1]]:56: error: tl.load(): padding_option must be "zero", "nan" or "", got the string 'one'
    x = tl.load(p, boundary_check=(0,), padding_option="one")


@triton.jit
def bad_order(x_ptr, n):
    # ORDER: block_pointers.py:[[@LINE+1]]:68: error: tl.make_block_ptr(): order must be a permutation of 0..1
    p = tl.make_block_ptr(x_ptr, (n, n), (n, 1), (0, 0), (16, 16), (1, 1))


@triton.jit
def odd_block(x_ptr, n):
    # POW2: block_pointers.py:[[@LINE+1]]:52: error: tl.make_block_ptr(): every block_shape entry must be a power of two, got 12
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (12,), (0,))


@triton.jit
def rank_mismatch(x_ptr, n):
    # RANK: block_pointers.py:[[@LINE+1]]:34: error: tl.make_block_ptr(): shape has 1 entries but the block has 2 dimensions
    p = tl.make_block_ptr(x_ptr, (n,), (n, 1), (0, 0), (16, 16), (1, 0))


@triton.jit
def advance_pointer(x_ptr, n):
    # ADVANCE: block_pointers.py:[[@LINE+1]]:20: error: tl.advance(): expected a block pointer, got a value of type pointer<fp32>
    p = tl.advance(x_ptr, (16,))


@triton.jit
def block_base(x_ptr, n):
    # BASE: block_pointers.py:[[@LINE+1]]:27: error: tl.make_block_ptr(): base must be a single pointer, got a value of type block<16xpointer<fp32>>
    p = tl.make_block_ptr(x_ptr + tl.arange(0, 16), (n,), (1,), (0,), (16,), (0,))


@triton.jit
def reshaped_in_loop(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (16,), (0,))
    for i in range(0, n, 16):
        # LOOP: block_pointers.py:[[@LINE+1]]:9: error: variable 'p' changes from a block pointer of 16xfp32 to a block pointer of 32xfp32 inside the loop; a block pointer may only be advanced
        p = tl.make_block_ptr(x_ptr, (n,), (1,), (i,), (32,), (0,))


@triton.jit
def check_without_block_ptr(x_ptr, n):
    # PLAIN: block_pointers.py:[[@LINE+1]]:58: error: boundary_check needs a block pointer (tl.make_block_ptr); use mask with a block of pointers
    x = tl.load(x_ptr + tl.arange(0, 16), boundary_check=(0,))
