# Unsigned integers (u8..u64 arguments and pointees, tl.uint32 casts,
# tl.randint's words) compute as in Triton: the IR's integers are signless,
# and the frontend picks the unsigned ops. Integer promotion follows
# Triton's integer_promote_impl: the unsigned side wins unless the signed
# one is wider, and a Python number takes the other side's type. The PTX
# assembles.
# RUN: tilec %s --kernel ops --signature '*u32:16,*u32:16,*u32:16,*fp32:16,i32,128' --emit tile | FileCheck %s --check-prefix=OPS
# RUN: tilec %s --kernel ops --signature '*u32:16,*u32:16,*u32:16,*fp32:16,i32,128' -o %t.ops.ptx
# RUN: FileCheck %s --check-prefix=OPSPTX < %t.ops.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ops.ptx -o %t.ops.cubin %}
# RUN: tilec %s --kernel ops --signature '*i32:16,*i32:16,*i32:16,*fp32:16,i32,128' --emit tile | FileCheck %s --check-prefix=SIGNED
# RUN: tilec %s --kernel mixed --signature '*u8:16,*i32:16,*u32:16,*i64:16,u32,128' --emit tile | FileCheck %s --check-prefix=MIXED
# The manifest marks unsigned parameters, so that the runtime rejects
# negative values for them (and takes unsigned C++ values).
# RUN: tilec %s --kernel mixed --signature '*u8:16,*i32:16,*u32:16,*i64:16,u32,128' -o %t.mixed.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.mixed.json
# RUN: tilec %s --kernel casts --signature '*i32:16,*fp32:16,*u16:16,128' --emit tile | FileCheck %s --check-prefix=CASTS
# RUN: tilec %s --kernel words --signature '*i32:16,i32,128' --emit tile | FileCheck %s --check-prefix=WORDS
# RUN: tilec %s --kernel atomics --signature '*u32:16,*i32:16,128' --emit tile | FileCheck %s --check-prefix=ATOM
# RUN: tilec %s --kernel reductions --signature '*u32:16,*u32:16,64' --emit tile | FileCheck %s --check-prefix=RED
# RUN: tilec %s --kernel reductions --signature '*u32:16,*u32:16,64' -o %t.red.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.red.ptx -o %t.red.cubin %}
# tl.abs of unsigned values is the values themselves, still unsigned (the
# GPU differential run, seed 3 kernel 759: math.absi read the top bit as
# a sign, and the float conversion after it was signed).
# RUN: tilec %s --kernel absolute --signature '*u32:16,*fp32:16,16' --emit tile | FileCheck %s --check-prefix=ABS
# RUN: tilec %s --kernel absolute --signature '*i32:16,*fp32:16,16' --emit tile | FileCheck %s --check-prefix=ABSI

import triton
import triton.language as tl


# Both factors u32: //, %, >>, <, > 5, tl.maximum, tl.where, and u32 -> fp32.
# OPS-LABEL: func.func @ops
# OPS: arith.divui
# OPS: arith.remui
# OPS: arith.shrui
# OPS: arith.cmpi ult
# OPS: arith.maxui
# OPS: arith.cmpi ugt
# OPS: arith.divui
# OPS: arith.uitofp
# OPS-NOT: arith.divsi
# OPSPTX: div.u32
# OPSPTX: shr.u32
# OPSPTX: setp.lt.u32
# OPSPTX: max.u32
# OPSPTX: cvt.rn.f32.u32
# The same source on i32 keeps the signed ops.
# SIGNED-LABEL: func.func @ops
# SIGNED: arith.divsi
# SIGNED: arith.remsi
# SIGNED: arith.shrsi
# SIGNED: arith.cmpi slt
# SIGNED: arith.maxsi
# SIGNED: arith.cmpi sgt
# SIGNED: arith.sitofp
# SIGNED-NOT: ui
@triton.jit
def ops(x_ptr, y_ptr, out_ptr, f_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    q = x // y
    r = x % y
    s = x >> 3
    c = (x < y).to(tl.int32)
    mx = tl.maximum(x, y)
    w = tl.where(x > 5, x, y)
    z = (q + r + s + c + mx + w) // 7
    tl.store(out_ptr + offs, z, mask=m)
    tl.store(f_ptr + offs, x.to(tl.float32), mask=m)


# u8 widens to i32 with zeros and stays signed there (the signed side is
# wider); u32 against i32 is u32; u32 against i64 is i64; a u32 scalar
# argument compares unsigned; a loop carries its initial value's type.
# (`//` itself rejects operands of different signedness, as Triton does:
# test/Frontend/errors/unsigned.py.)
# MIXED-LABEL: func.func @mixed
# MIXED: arith.extui %{{.*}} : tensor<128xi8> to tensor<128xi32>
# MIXED: arith.divsi %{{.*}} : tensor<128xi32>
# MIXED: arith.divui %{{.*}} : tensor<128xi32>
# MIXED: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
# MIXED: arith.divsi %{{.*}} : tensor<128xi64>
# MIXED: arith.cmpi ult
# MIXED: scf.for
# MIXED: arith.shrui
@triton.jit
def mixed(a_ptr, b_ptr, c_ptr, d_ptr, limit, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    c = tl.load(c_ptr + offs)
    d = tl.load(d_ptr + offs)
    ab = (a + b) // 3
    cb = (c + b) // 3
    cd = (c + d) // 3
    keep = c < limit
    acc = c
    for i in range(4):
        acc = acc >> 1
    tl.store(b_ptr + offs, ab + cb + cd.to(tl.int32) + keep.to(tl.int32) + acc)


# x.to(tl.uint32) of an i32 is unsigned from there on (the i32 itself is
# not); fp32 -> tl.uint32 is fptoui; a u16 pointee stores through fptoui;
# tl.full with tl.uint32 is unsigned.
# CASTS-LABEL: func.func @casts
# CASTS: arith.divsi
# CASTS: arith.divui
# CASTS: arith.fptoui
# CASTS: arith.cmpi ult
# CASTS: arith.fptoui %{{.*}} : tensor<128xf32> to tensor<128xi16>
@triton.jit
def casts(x_ptr, f_ptr, h_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    u = x.to(tl.uint32)
    a = x // 3
    b = u // 3
    f = tl.load(f_ptr + offs)
    g = f.to(tl.uint32)
    big = tl.full([BLOCK], 7, tl.uint32) < g
    tl.store(x_ptr + offs, a + b + big.to(tl.int32))
    tl.store(h_ptr + offs, f)


# tl.randint's words are uint32, as in Triton: `>> 9` is logical.
# WORDS-LABEL: func.func @words
# WORDS: arith.shrui
# WORDS-NOT: arith.shrsi
@triton.jit
def words(out_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    r = tl.randint(seed, offs)
    tl.store(out_ptr + offs, (r >> 9).to(tl.int32))


# atomic_max and atomic_min through a *u32 order as unsigned; through *i32
# as signed.
# ATOM-LABEL: func.func @atomics
# ATOM: tile.atomic_rmw umax
# ATOM: tile.atomic_rmw umin
# ATOM: tile.atomic_rmw max
@triton.jit
def atomics(u_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_max(u_ptr + offs, 5)
    tl.atomic_min(u_ptr + offs, 5)
    tl.atomic_max(i_ptr + offs, 5)


# tl.max, tl.min, tl.argmax, tl.sort and tl.topk of an unsigned block: the
# signed op on the values with their top bit flipped (the signed order of
# x ^ 0x80000000 is the unsigned order of x), flipped back. A combine_fn
# sees unsigned operands and compares them unsigned.
# RED-LABEL: func.func @reductions
# RED: %[[F:.*]] = arith.xori %[[X:.*]], %{{.*}} : tensor<64xi32>
# RED-NEXT: %[[M:.*]] = tile.reduce max %[[F]]
# RED: arith.xori %[[M]], %{{.*}} : i32
# RED: tile.reduce min
# RED: tile.reduce max
# RED: tile.combine_reduce %[[X]]
# RED: arith.cmpi ugt
# RED: %[[S:.*]] = tile.sort %{{.*}} : tensor<64xi32>
# RED: arith.xori %[[S]]
# RED: tile.sort %{{.*}} descending
@triton.jit
def _umax(a, b):
    return tl.where(a > b, a, b)


@triton.jit
def reductions(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr, tl.max(x, 0))
    tl.store(out_ptr + 1, tl.min(x, 0))
    tl.store(out_ptr + 2, tl.argmax(x, 0).to(tl.uint32))
    tl.store(out_ptr + 3, tl.reduce(x, 0, _umax))
    tl.store(out_ptr + 4 + offs, tl.sort(x))
    tl.store(out_ptr + 4 + BLOCK + tl.arange(0, 8), tl.topk(x, 8))

# MANIFEST: "name": "a_ptr",
# MANIFEST-NEXT: "kind": "pointer",
# MANIFEST-NEXT: "type": "i8",
# MANIFEST-NEXT: "divisibility": 16,
# MANIFEST-NEXT: "unsigned": true
# MANIFEST: "type": "i32",
# MANIFEST-NEXT: "divisibility": 16
# MANIFEST-NEXT: }


@triton.jit
def absolute(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.where(x == x, tl.abs(x), 0.0))

# ABS-LABEL: func.func @absolute(
# ABS-NOT: math.absi
# ABS: arith.uitofp
# ABS-NOT: arith.sitofp
# ABSI-LABEL: func.func @absolute(
# ABSI: math.absi
# ABSI: arith.sitofp
