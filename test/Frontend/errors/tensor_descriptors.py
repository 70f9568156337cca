# Misused tensor descriptors are located errors with Triton's rules named.
# RUN: not tilec %s --kernel six_dims --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: not tilec %s --kernel strided_last --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=STRIDE
# RUN: not tilec %s --kernel narrow_block --signature '*fp16,i32' 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: not tilec %s --kernel nan_int --signature '*i32,i32' 2>&1 | FileCheck %s --check-prefix=NANINT
# RUN: not tilec %s --kernel bad_padding --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=PADDING
# RUN: not tilec %s --kernel block_base --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=BASE
# RUN: not tilec %s --kernel offsets_count --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=OFFSETS
# RUN: not tilec %s --kernel store_shape --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: not tilec %s --kernel gather --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=GATHER
# RUN: not tilec %s --kernel not_a_desc --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=NOTDESC
# RUN: not tilec %s --kernel through_tl_load --signature '*fp32,i32' 2>&1 | FileCheck %s --check-prefix=TLLOAD
# RUN: not tilec %s --kernel param --signature 'tensordesc<fp32[3,64]>' 2>&1 | FileCheck %s --check-prefix=SIGPOW2
# RUN: not tilec %s --kernel param --signature 'tensordesc<fp32>' 2>&1 | FileCheck %s --check-prefix=SIGSHAPE
# RUN: not tilec %s --kernel param --signature 'tensordesc<fp33[64]>' 2>&1 | FileCheck %s --check-prefix=SIGTYPE

import triton
import triton.language as tl


@triton.jit
def six_dims(p, n):
    # RANK: tensor_descriptors.py:[[@LINE+1]]:78: error: tl.make_tensor_descriptor(): a descriptor has 1 to 5 dimensions, got 6
    d = tl.make_tensor_descriptor(p, [n, n, n, n, n, n], [n, n, n, n, n, 1], [2, 2, 2, 2, 2, 4])


@triton.jit
def strided_last(p, n):
    # STRIDE: tensor_descriptors.py:[[@LINE+1]]:46: error: tl.make_tensor_descriptor(): the last stride must be the compile-time constant 1 (the last dimension is contiguous), got a value of type i32
    d = tl.make_tensor_descriptor(p, [n, n], [1, n], [16, 16])


@triton.jit
def narrow_block(p, n):
    # NARROW: tensor_descriptors.py:[[@LINE+1]]:54: error: tl.make_tensor_descriptor(): the block's last dimension must span at least 16 bytes, got 4 x 2 bytes
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 4])


@triton.jit
def nan_int(p, n):
    # NANINT: tensor_descriptors.py:[[@LINE+1]]:79: error: tl.make_tensor_descriptor(): padding_option "nan" needs floating-point elements, got i32
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16], padding_option="nan")


@triton.jit
def bad_padding(p, n):
    # PADDING: tensor_descriptors.py:[[@LINE+1]]:79: error: tl.make_tensor_descriptor(): padding_option must be "zero" or "nan", got the string 'inf'
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16], padding_option="inf")


@triton.jit
def block_base(p, n):
    # BASE: tensor_descriptors.py:[[@LINE+1]]:35: error: tl.make_tensor_descriptor(): base must be a single pointer, got a value of type block<16xpointer<fp32>>
    d = tl.make_tensor_descriptor(p + tl.arange(0, 16), [n], [1], [16])


@triton.jit
def offsets_count(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16])
    # OFFSETS: tensor_descriptors.py:[[@LINE+1]]:16: error: desc.load(): offsets has 1 entries but the block has 2 dimensions
    x = d.load([0])


@triton.jit
def store_shape(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16])
    # SHAPE: tensor_descriptors.py:[[@LINE+1]]:21: error: desc.store(): the value's shape must be the descriptor's block shape 16x16, got a value of type block<16x8xfp32>
    d.store([0, 0], tl.zeros([16, 8], dtype=tl.float32))


@triton.jit
def gather(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16])
    # GATHER: tensor_descriptors.py:[[@LINE+1]]:11: error: desc.gather() is not supported yet
    x = d.gather(tl.arange(0, 16), 0)


@triton.jit
def not_a_desc(p, n):
    # NOTDESC: tensor_descriptors.py:[[@LINE+1]]:35: error: tl.load_tensor_descriptor(): expected a tensor descriptor, got a value of type pointer<fp32>
    x = tl.load_tensor_descriptor(p, [0])


@triton.jit
def through_tl_load(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16])
    # TLLOAD: tensor_descriptors.py:[[@LINE+1]]:17: error: expected a pointer or a block of pointers, got a tensor descriptor of 16x16xfp32 blocks
    x = tl.load(d)


# SIGPOW2: tensor_descriptors.py:[[@LINE+4]]:11: error: invalid signature entry 'tensordesc<fp32[3,64]>' for parameter 'desc': invalid tensor descriptor 'tensordesc<fp32[3,64]>': block sizes must be powers of two, got '3'
# SIGSHAPE: error: invalid signature entry 'tensordesc<fp32>' for parameter 'desc': invalid tensor descriptor 'tensordesc<fp32>': expected a block shape such as [64, 64] after the type
# SIGTYPE: error: invalid signature entry 'tensordesc<fp33[64]>' for parameter 'desc': invalid tensor descriptor 'tensordesc<fp33[64]>': unknown element type 'fp33'
@triton.jit
def param(desc):
    pass
