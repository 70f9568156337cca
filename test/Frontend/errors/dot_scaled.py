# tl.dot_scaled's arguments: each error at its place.
# RUN: not tilec %s --kernel k --signature "*u8:16,*u8:16,*u8:16,*u8:16,*fp32:16,'e3m2'" 2>&1 | FileCheck %s --check-prefix=FORMAT
# RUN: not tilec %s --kernel k --signature "*fp16:16,*u8:16,*u8:16,*u8:16,*fp32:16,'e2m1'" 2>&1 | FileCheck %s --check-prefix=E2M1
# RUN: not tilec %s --kernel k --signature "*fp32:16,*u8:16,*u8:16,*u8:16,*fp32:16,'bf16'" 2>&1 | FileCheck %s --check-prefix=BF16
# RUN: not tilec %s --kernel bad_scale --signature "*u8:16,*u8:16,*u8:16,*fp32:16" 2>&1 | FileCheck %s --check-prefix=SCALE
# RUN: not tilec %s --kernel bad_k --signature "*u8:16,*u8:16,*fp32:16" 2>&1 | FileCheck %s --check-prefix=K
# RUN: not tilec %s --kernel options --signature "*u8:16,*u8:16,*fp32:16,0" 2>&1 | FileCheck %s --check-prefix=PACK
# RUN: not tilec %s --kernel options --signature "*u8:16,*u8:16,*fp32:16,1" 2>&1 | FileCheck %s --check-prefix=OUT

import triton
import triton.language as tl


@triton.jit
def k(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, A_FORMAT: tl.constexpr):
    r = tl.arange(0, 64)
    s = tl.arange(0, 2)
    a = tl.load(a_ptr + r[:, None] * 64 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 64 + r[None, :])
    sa = tl.load(sa_ptr + r[:, None] * 2 + s[None, :])
    sb = tl.load(sb_ptr + r[:, None] * 2 + s[None, :])
    c = tl.dot_scaled(a, sa, A_FORMAT, b, sb, "e4m3")
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], c)


@triton.jit
def bad_scale(a_ptr, sa_ptr, b_ptr, c_ptr):
    r = tl.arange(0, 64)
    s = tl.arange(0, 4)
    a = tl.load(a_ptr + r[:, None] * 64 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 64 + r[None, :])
    sa = tl.load(sa_ptr + s[:, None] * 2 + s[None, :])
    c = tl.dot_scaled(a, sa, "e4m3", b, None, "e4m3")
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], c)


@triton.jit
def bad_k(a_ptr, b_ptr, c_ptr):
    r = tl.arange(0, 64)
    a = tl.load(a_ptr + r[:, None] * 64 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 64 + r[None, :])
    c = tl.dot_scaled(a, None, "e2m1", b, None, "e4m3")
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], c)


@triton.jit
def options(a_ptr, b_ptr, c_ptr, WHICH: tl.constexpr):
    r = tl.arange(0, 64)
    a = tl.load(a_ptr + r[:, None] * 64 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 64 + r[None, :])
    if WHICH == 0:
        c = tl.dot_scaled(a, None, "e2m1", b, None, "e2m1", lhs_k_pack=False)
    else:
        c = tl.dot_scaled(a, None, "e4m3", b, None, "e4m3",
                          out_dtype=tl.float16)
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], c)

@triton.jit
def flat(a_ptr, c_ptr):
    a = tl.load(a_ptr + tl.arange(0, 64))
    c = tl.dot_scaled(a, None, "e4m3", a, None, "e4m3")
    tl.store(c_ptr + tl.arange(0, 64), tl.sum(c, 1))

# FORMAT: dot_scaled.py:22:30: error: tl.dot_scaled(): lhs_format must be one of "e2m1", "e4m3", "e5m2", "bf16", "fp16", got the string 'e3m2'
# E2M1: dot_scaled.py:22:23: error: tl.dot_scaled(): e2m1 lhs must be uint8, two values a byte, got a value of type block<64x64xfp16>
# BF16: dot_scaled.py:22:23: error: tl.dot_scaled(): bf16 lhs must be bf16 or its bits as uint16, got a value of type block<64x64xfp32>
# SCALE: dot_scaled.py:33:26: error: tl.dot_scaled(): lhs_scale must be a 64 x S block of uint8 (e8m0 scales) with S dividing K = 64, got a value of type block<4x4xi8>
# K: dot_scaled.py:42:9: error: tl.dot_scaled(): lhs and rhs hold 128 and 64 elements along K (e2m1 packs two a byte)
# PACK: dot_scaled.py:52:72: error: tl.dot_scaled(): e2m1 packed along M or N (lhs_k_pack=False) is not supported yet
# OUT: dot_scaled.py:55:37: error: tl.dot_scaled(): out_dtype must be tl.float32, got fp16
# RANK: dot_scaled.py:61:23: error: tl.dot_scaled(): lhs must be a 2-D block, got a value of type block<64xi8>
# RUN: not tilec %s --kernel flat --signature "*u8:16,*fp32:16" 2>&1 | FileCheck %s --check-prefix=RANK
