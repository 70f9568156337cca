# Triton's typing and evaluation rules, kernel by kernel: weak typing of
# Python numbers, integer promotion, true division, comparisons and logic,
# 2-D broadcasting and reductions, constexpr folding and static branches,
# tl.static_range unrolling, scf.if results, scf.for with pointer and scalar
# iter_args, and assorted tl functions.
# RUN: tilec %s --kernel promotion --signature '*fp16,*i64,i64,fp32' --emit tile | FileCheck %s --check-prefix=PROMOTION
# RUN: tilec %s --kernel compare_logic --signature '*fp32,i32,fp32' --emit tile | FileCheck %s --check-prefix=LOGIC
# RUN: tilec %s --kernel broadcast2d --signature '*fp32,i32,16,32' --emit tile | FileCheck %s --check-prefix=BCAST
# RUN: tilec %s --kernel constexpr_folding --signature '*fp32,64,True' --emit tile | FileCheck %s --check-prefix=FOLD
# RUN: tilec %s --kernel constexpr_folding --signature '*fp32' -D BLOCK=64 -D USE_EXP=False --emit tile | FileCheck %s --check-prefix=FOLD2
# RUN: tilec %s --kernel runtime_if --signature '*fp32,i32' --emit tile | FileCheck %s --check-prefix=IF
# RUN: tilec %s --kernel loop_pointers --signature '*fp32,i32,i32,32' --emit tile | FileCheck %s --check-prefix=LOOP
# RUN: tilec %s --kernel builtins --signature '*fp32,*i32,i32' --emit tile | FileCheck %s --check-prefix=BUILTINS
import triton
import triton.language as tl


@triton.jit
def promotion(h_ptr, l_ptr, n, f):
    # Python numbers take the block's type (weak typing).
    h = tl.load(h_ptr + tl.arange(0, 8))
    tl.store(h_ptr + tl.arange(0, 8), h * 2.0 + 1)
    # i32 op i64 -> i64; int / int -> fp32; // and % stay integers.
    i = tl.program_id(0)
    tl.store(l_ptr, (i + n) // 3 % 5)
    tl.store(h_ptr, i / 2)
    # fp16 op fp32 -> fp32; int op float -> float.
    tl.store(h_ptr, tl.sum(h.to(tl.float32)) + f)
    tl.store(h_ptr + tl.arange(0, 8), (h + f).to(tl.float16))


@triton.jit
def compare_logic(x_ptr, n, f):
    r = tl.arange(0, 16)
    v = tl.load(x_ptr + r)
    m = (v != 0.0) & (r < n) | (v >= f)
    b = not (n == 3)
    tl.store(x_ptr + r, tl.where(m, -v, 0.0), mask=m)
    if b and n > 2:
        tl.store(x_ptr, -n)


@triton.jit
def broadcast2d(x_ptr, stride, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    ptrs = x_ptr + rm[:, None] * stride + rn[None, :]
    x = tl.load(ptrs)
    row = tl.max(x, axis=1)
    total = tl.sum(x)
    kept = x.sum(axis=0, keep_dims=True)
    tl.store(ptrs, x - row[:, None] + total + kept)


@triton.jit
def constexpr_folding(x_ptr, BLOCK: tl.constexpr, USE_EXP: tl.constexpr):
    N2: tl.constexpr = BLOCK * 2
    r = tl.arange(0, N2)
    if USE_EXP:
        v = tl.exp(r.to(tl.float32))
    else:
        v = tl.sigmoid(r.to(tl.float32))
    for i in tl.static_range(2):
        v = v + i
    tl.store(x_ptr + r, v + triton.cdiv(BLOCK, 3) + 2 ** 3)


@triton.jit
def runtime_if(x_ptr, n):
    acc = 0.0
    k = 1
    if n > 4:
        acc = 1.5
        k = n
    else:
        acc = acc + 2.0
    tl.store(x_ptr + k, acc)


@triton.jit
def loop_pointers(a_ptr, K, stride, BLOCK_K: tl.constexpr):
    r = tl.arange(0, BLOCK_K)
    ptrs = a_ptr + r
    total = tl.zeros([BLOCK_K], dtype=tl.float32)
    count = 0
    for k in range(0, K, BLOCK_K):
        total += tl.load(ptrs, mask=r + k < K, other=0)
        ptrs += BLOCK_K * stride
        count += 1
    tl.store(a_ptr + r, total / count)


@triton.jit
def builtins(x_ptr, i_ptr, n, LIMIT: tl.constexpr = 7):
    r = tl.arange(0, 32)
    v = tl.load(x_ptr + r)
    w = tl.full([32], 3, dtype=tl.int32)
    j = tl.load(i_ptr + r)
    tl.store(i_ptr + r, tl.maximum(j, w) + tl.minimum(j, LIMIT))
    m = tl.multiple_of(n, 16)
    s = tl.sqrt(tl.abs(v)) + tl.log(tl.exp2(v)) + tl.num_programs(0)
    tl.store(x_ptr + r + m, tl.maximum(s, float("-inf")))

# Checks for kernel promotion (PROMOTION).
# PROMOTION-LABEL: func.func @promotion(%arg0: !tile.ptr<f16> {tile.name = "h_ptr"}, %arg1: !tile.ptr<i64> {tile.name = "l_ptr"}, %arg2: i64 {tile.name = "n"}, %arg3: f32 {tile.name = "f"}) attributes {tile.constexprs = {}} {
# PROMOTION-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 8 : tensor<8xi32>
# PROMOTION-NEXT: %[[V1:[a-z0-9_]+]] = tile.splat %arg0 : tensor<8x!tile.ptr<f16>>
# PROMOTION-NEXT: %[[V2:[a-z0-9_]+]] = tile.addptr %[[V1]], %[[V0]] : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
# PROMOTION-NEXT: %[[V3:[a-z0-9_]+]] = tile.load %[[V2]] : tensor<8x!tile.ptr<f16>>
# PROMOTION-NEXT: %[[V4:[a-z0-9_]+]] = tile.make_range 0, 8 : tensor<8xi32>
# PROMOTION-NEXT: %[[V5:[a-z0-9_]+]] = tile.splat %arg0 : tensor<8x!tile.ptr<f16>>
# PROMOTION-NEXT: %[[V6:[a-z0-9_]+]] = tile.addptr %[[V5]], %[[V4]] : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
# PROMOTION-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant 2.000000e+00 : f16
# PROMOTION-NEXT: %[[V7:[a-z0-9_]+]] = tile.splat %[[VCST]] : tensor<8xf16>
# PROMOTION-NEXT: %[[V8:[a-z0-9_]+]] = arith.mulf %[[V3]], %[[V7]] : tensor<8xf16>
# PROMOTION-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f16
# PROMOTION-NEXT: %[[V9:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<8xf16>
# PROMOTION-NEXT: %[[V10:[a-z0-9_]+]] = arith.addf %[[V8]], %[[V9]] : tensor<8xf16>
# PROMOTION-NEXT: tile.store %[[V6]], %[[V10]] : tensor<8x!tile.ptr<f16>>
# PROMOTION-NEXT: %[[V11:[a-z0-9_]+]] = tile.program_id 0 : i32
# PROMOTION-NEXT: %[[V12:[a-z0-9_]+]] = arith.extsi %[[V11]] : i32 to i64
# PROMOTION-NEXT: %[[V13:[a-z0-9_]+]] = arith.addi %[[V12]], %arg2 : i64
# PROMOTION-NEXT: %[[VC3_I64:[a-z0-9_]+]] = arith.constant 3 : i64
# PROMOTION-NEXT: %[[V14:[a-z0-9_]+]] = arith.divsi %[[V13]], %[[VC3_I64]] : i64
# PROMOTION-NEXT: %[[VC5_I64:[a-z0-9_]+]] = arith.constant 5 : i64
# PROMOTION-NEXT: %[[V15:[a-z0-9_]+]] = arith.remsi %[[V14]], %[[VC5_I64]] : i64
# PROMOTION-NEXT: tile.store %arg1, %[[V15]] : !tile.ptr<i64>
# PROMOTION-NEXT: %[[V16:[a-z0-9_]+]] = arith.sitofp %[[V11]] : i32 to f32
# PROMOTION-NEXT: %[[VCST_1:[a-z0-9_]+]] = arith.constant 2.000000e+00 : f32
# PROMOTION-NEXT: %[[V17:[a-z0-9_]+]] = arith.divf %[[V16]], %[[VCST_1]] : f32
# PROMOTION-NEXT: %[[V18:[a-z0-9_]+]] = arith.truncf %[[V17]] : f32 to f16
# PROMOTION-NEXT: tile.store %arg0, %[[V18]] : !tile.ptr<f16>
# PROMOTION-NEXT: %[[V19:[a-z0-9_]+]] = arith.extf %[[V3]] : tensor<8xf16> to tensor<8xf32>
# PROMOTION-NEXT: %[[V20:[a-z0-9_]+]] = tile.reduce sum %[[V19]] {axis = 0 : i32} : tensor<8xf32> -> f32
# PROMOTION-NEXT: %[[V21:[a-z0-9_]+]] = arith.addf %[[V20]], %arg3 : f32
# PROMOTION-NEXT: %[[V22:[a-z0-9_]+]] = arith.truncf %[[V21]] : f32 to f16
# PROMOTION-NEXT: tile.store %arg0, %[[V22]] : !tile.ptr<f16>
# PROMOTION-NEXT: %[[V23:[a-z0-9_]+]] = tile.make_range 0, 8 : tensor<8xi32>
# PROMOTION-NEXT: %[[V24:[a-z0-9_]+]] = tile.splat %arg0 : tensor<8x!tile.ptr<f16>>
# PROMOTION-NEXT: %[[V25:[a-z0-9_]+]] = tile.addptr %[[V24]], %[[V23]] : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
# PROMOTION-NEXT: %[[V26:[a-z0-9_]+]] = arith.extf %[[V3]] : tensor<8xf16> to tensor<8xf32>
# PROMOTION-NEXT: %[[V27:[a-z0-9_]+]] = tile.splat %arg3 : tensor<8xf32>
# PROMOTION-NEXT: %[[V28:[a-z0-9_]+]] = arith.addf %[[V26]], %[[V27]] : tensor<8xf32>
# PROMOTION-NEXT: %[[V29:[a-z0-9_]+]] = arith.truncf %[[V28]] : tensor<8xf32> to tensor<8xf16>
# PROMOTION-NEXT: tile.store %[[V25]], %[[V29]] : tensor<8x!tile.ptr<f16>>
# PROMOTION-NEXT: return
# PROMOTION-NEXT: }

# Checks for kernel compare_logic (LOGIC).
# LOGIC-LABEL: func.func @compare_logic(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}, %arg1: i32 {tile.name = "n"}, %arg2: f32 {tile.name = "f"}) attributes {tile.constexprs = {}} {
# LOGIC-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 16 : tensor<16xi32>
# LOGIC-NEXT: %[[V1:[a-z0-9_]+]] = tile.splat %arg0 : tensor<16x!tile.ptr<f32>>
# LOGIC-NEXT: %[[V2:[a-z0-9_]+]] = tile.addptr %[[V1]], %[[V0]] : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
# LOGIC-NEXT: %[[V3:[a-z0-9_]+]] = tile.load %[[V2]] : tensor<16x!tile.ptr<f32>>
# LOGIC-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# LOGIC-NEXT: %[[V4:[a-z0-9_]+]] = tile.splat %[[VCST]] : tensor<16xf32>
# LOGIC-NEXT: %[[V5:[a-z0-9_]+]] = arith.cmpf une, %[[V3]], %[[V4]] : tensor<16xf32>
# LOGIC-NEXT: %[[V6:[a-z0-9_]+]] = tile.splat %arg1 : tensor<16xi32>
# LOGIC-NEXT: %[[V7:[a-z0-9_]+]] = arith.cmpi slt, %[[V0]], %[[V6]] : tensor<16xi32>
# LOGIC-NEXT: %[[V8:[a-z0-9_]+]] = arith.andi %[[V5]], %[[V7]] : tensor<16xi1>
# LOGIC-NEXT: %[[V9:[a-z0-9_]+]] = tile.splat %arg2 : tensor<16xf32>
# LOGIC-NEXT: %[[V10:[a-z0-9_]+]] = arith.cmpf oge, %[[V3]], %[[V9]] : tensor<16xf32>
# LOGIC-NEXT: %[[V11:[a-z0-9_]+]] = arith.ori %[[V8]], %[[V10]] : tensor<16xi1>
# LOGIC-NEXT: %[[VC3_I32:[a-z0-9_]+]] = arith.constant 3 : i32
# LOGIC-NEXT: %[[V12:[a-z0-9_]+]] = arith.cmpi eq, %arg1, %[[VC3_I32]] : i32
# LOGIC-NEXT: %[[VTRUE:[a-z0-9_]+]] = arith.constant true
# LOGIC-NEXT: %[[V13:[a-z0-9_]+]] = arith.xori %[[V12]], %[[VTRUE]] : i1
# LOGIC-NEXT: %[[V14:[a-z0-9_]+]] = tile.splat %arg0 : tensor<16x!tile.ptr<f32>>
# LOGIC-NEXT: %[[V15:[a-z0-9_]+]] = tile.addptr %[[V14]], %[[V0]] : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
# LOGIC-NEXT: %[[V16:[a-z0-9_]+]] = arith.negf %[[V3]] : tensor<16xf32>
# LOGIC-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# LOGIC-NEXT: %[[V17:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<16xf32>
# LOGIC-NEXT: %[[V18:[a-z0-9_]+]] = arith.select %[[V11]], %[[V16]], %[[V17]] : tensor<16xi1>, tensor<16xf32>
# LOGIC-NEXT: tile.store %[[V15]], %[[V18]] mask %[[V11]] : tensor<16x!tile.ptr<f32>>
# LOGIC-NEXT: %[[VC2_I32:[a-z0-9_]+]] = arith.constant 2 : i32
# LOGIC-NEXT: %[[V19:[a-z0-9_]+]] = arith.cmpi sgt, %arg1, %[[VC2_I32]] : i32
# LOGIC-NEXT: %[[V20:[a-z0-9_]+]] = arith.andi %[[V13]], %[[V19]] : i1
# LOGIC-NEXT: scf.if %[[V20]] {
# LOGIC-NEXT: %[[VC0_I32:[a-z0-9_]+]] = arith.constant 0 : i32
# LOGIC-NEXT: %[[V21:[a-z0-9_]+]] = arith.subi %[[VC0_I32]], %arg1 : i32
# LOGIC-NEXT: %[[V22:[a-z0-9_]+]] = arith.sitofp %[[V21]] : i32 to f32
# LOGIC-NEXT: tile.store %arg0, %[[V22]] : !tile.ptr<f32>
# LOGIC-NEXT: }
# LOGIC-NEXT: return
# LOGIC-NEXT: }

# Checks for kernel broadcast2d (BCAST).
# BCAST-LABEL: func.func @broadcast2d(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}, %arg1: i32 {tile.name = "stride"}) attributes {tile.constexprs = {BM = 16 : i32, BN = 32 : i32}} {
# BCAST-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 16 : tensor<16xi32>
# BCAST-NEXT: %[[V1:[a-z0-9_]+]] = tile.make_range 0, 32 : tensor<32xi32>
# BCAST-NEXT: %[[V2:[a-z0-9_]+]] = tile.expand_dims %[[V0]] {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
# BCAST-NEXT: %[[V3:[a-z0-9_]+]] = tile.splat %arg1 : tensor<16x1xi32>
# BCAST-NEXT: %[[V4:[a-z0-9_]+]] = arith.muli %[[V2]], %[[V3]] : tensor<16x1xi32>
# BCAST-NEXT: %[[V5:[a-z0-9_]+]] = tile.splat %arg0 : tensor<16x1x!tile.ptr<f32>>
# BCAST-NEXT: %[[V6:[a-z0-9_]+]] = tile.addptr %[[V5]], %[[V4]] : tensor<16x1x!tile.ptr<f32>>, tensor<16x1xi32>
# BCAST-NEXT: %[[V7:[a-z0-9_]+]] = tile.expand_dims %[[V1]] {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
# BCAST-NEXT: %[[V8:[a-z0-9_]+]] = tile.broadcast %[[V6]] : tensor<16x1x!tile.ptr<f32>> -> tensor<16x32x!tile.ptr<f32>>
# BCAST-NEXT: %[[V9:[a-z0-9_]+]] = tile.broadcast %[[V7]] : tensor<1x32xi32> -> tensor<16x32xi32>
# BCAST-NEXT: %[[V10:[a-z0-9_]+]] = tile.addptr %[[V8]], %[[V9]] : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
# BCAST-NEXT: %[[V11:[a-z0-9_]+]] = tile.load %[[V10]] : tensor<16x32x!tile.ptr<f32>>
# BCAST-NEXT: %[[V12:[a-z0-9_]+]] = tile.reduce max %[[V11]] {axis = 1 : i32} : tensor<16x32xf32> -> tensor<16xf32>
# BCAST-NEXT: %[[V13:[a-z0-9_]+]] = tile.reduce sum %[[V11]] {axis = 1 : i32} : tensor<16x32xf32> -> tensor<16xf32>
# BCAST-NEXT: %[[V14:[a-z0-9_]+]] = tile.reduce sum %[[V13]] {axis = 0 : i32} : tensor<16xf32> -> f32
# BCAST-NEXT: %[[V15:[a-z0-9_]+]] = tile.reduce sum %[[V11]] {axis = 0 : i32} : tensor<16x32xf32> -> tensor<32xf32>
# BCAST-NEXT: %[[V16:[a-z0-9_]+]] = tile.expand_dims %[[V15]] {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
# BCAST-NEXT: %[[V17:[a-z0-9_]+]] = tile.expand_dims %[[V12]] {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
# BCAST-NEXT: %[[V18:[a-z0-9_]+]] = tile.broadcast %[[V17]] : tensor<16x1xf32> -> tensor<16x32xf32>
# BCAST-NEXT: %[[V19:[a-z0-9_]+]] = arith.subf %[[V11]], %[[V18]] : tensor<16x32xf32>
# BCAST-NEXT: %[[V20:[a-z0-9_]+]] = tile.splat %[[V14]] : tensor<16x32xf32>
# BCAST-NEXT: %[[V21:[a-z0-9_]+]] = arith.addf %[[V19]], %[[V20]] : tensor<16x32xf32>
# BCAST-NEXT: %[[V22:[a-z0-9_]+]] = tile.broadcast %[[V16]] : tensor<1x32xf32> -> tensor<16x32xf32>
# BCAST-NEXT: %[[V23:[a-z0-9_]+]] = arith.addf %[[V21]], %[[V22]] : tensor<16x32xf32>
# BCAST-NEXT: tile.store %[[V10]], %[[V23]] : tensor<16x32x!tile.ptr<f32>>
# BCAST-NEXT: return
# BCAST-NEXT: }

# Checks for kernel constexpr_folding (FOLD).
# FOLD-LABEL: func.func @constexpr_folding(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}) attributes {tile.constexprs = {BLOCK = 64 : i32, USE_EXP = true}} {
# FOLD-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 128 : tensor<128xi32>
# FOLD-NEXT: %[[V1:[a-z0-9_]+]] = arith.sitofp %[[V0]] : tensor<128xi32> to tensor<128xf32>
# FOLD-NEXT: %[[V2:[a-z0-9_]+]] = math.exp %[[V1]] : tensor<128xf32>
# FOLD-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# FOLD-NEXT: %[[V3:[a-z0-9_]+]] = tile.splat %[[VCST]] : tensor<128xf32>
# FOLD-NEXT: %[[V4:[a-z0-9_]+]] = arith.addf %[[V2]], %[[V3]] : tensor<128xf32>
# FOLD-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# FOLD-NEXT: %[[V5:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<128xf32>
# FOLD-NEXT: %[[V6:[a-z0-9_]+]] = arith.addf %[[V4]], %[[V5]] : tensor<128xf32>
# FOLD-NEXT: %[[V7:[a-z0-9_]+]] = tile.splat %arg0 : tensor<128x!tile.ptr<f32>>
# FOLD-NEXT: %[[V8:[a-z0-9_]+]] = tile.addptr %[[V7]], %[[V0]] : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
# FOLD-NEXT: %[[VCST_1:[a-z0-9_]+]] = arith.constant 2.200000e+01 : f32
# FOLD-NEXT: %[[V9:[a-z0-9_]+]] = tile.splat %[[VCST_1]] : tensor<128xf32>
# FOLD-NEXT: %[[V10:[a-z0-9_]+]] = arith.addf %[[V6]], %[[V9]] : tensor<128xf32>
# FOLD-NEXT: %[[VCST_2:[a-z0-9_]+]] = arith.constant 8.000000e+00 : f32
# FOLD-NEXT: %[[V11:[a-z0-9_]+]] = tile.splat %[[VCST_2]] : tensor<128xf32>
# FOLD-NEXT: %[[V12:[a-z0-9_]+]] = arith.addf %[[V10]], %[[V11]] : tensor<128xf32>
# FOLD-NEXT: tile.store %[[V8]], %[[V12]] : tensor<128x!tile.ptr<f32>>
# FOLD-NEXT: return
# FOLD-NEXT: }

# Checks for kernel constexpr_folding (FOLD2).
# FOLD2-LABEL: func.func @constexpr_folding(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}) attributes {tile.constexprs = {BLOCK = 64 : i32, USE_EXP = false}} {
# FOLD2-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 128 : tensor<128xi32>
# FOLD2-NEXT: %[[V1:[a-z0-9_]+]] = arith.sitofp %[[V0]] : tensor<128xi32> to tensor<128xf32>
# FOLD2-NEXT: %[[V2:[a-z0-9_]+]] = arith.negf %[[V1]] : tensor<128xf32>
# FOLD2-NEXT: %[[V3:[a-z0-9_]+]] = math.exp %[[V2]] : tensor<128xf32>
# FOLD2-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# FOLD2-NEXT: %[[V4:[a-z0-9_]+]] = tile.splat %[[VCST]] : tensor<128xf32>
# FOLD2-NEXT: %[[V5:[a-z0-9_]+]] = arith.addf %[[V4]], %[[V3]] : tensor<128xf32>
# FOLD2-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# FOLD2-NEXT: %[[V6:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<128xf32>
# FOLD2-NEXT: %[[V7:[a-z0-9_]+]] = arith.divf %[[V6]], %[[V5]] : tensor<128xf32>
# FOLD2-NEXT: %[[VCST_1:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# FOLD2-NEXT: %[[V8:[a-z0-9_]+]] = tile.splat %[[VCST_1]] : tensor<128xf32>
# FOLD2-NEXT: %[[V9:[a-z0-9_]+]] = arith.addf %[[V7]], %[[V8]] : tensor<128xf32>
# FOLD2-NEXT: %[[VCST_2:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
# FOLD2-NEXT: %[[V10:[a-z0-9_]+]] = tile.splat %[[VCST_2]] : tensor<128xf32>
# FOLD2-NEXT: %[[V11:[a-z0-9_]+]] = arith.addf %[[V9]], %[[V10]] : tensor<128xf32>
# FOLD2-NEXT: %[[V12:[a-z0-9_]+]] = tile.splat %arg0 : tensor<128x!tile.ptr<f32>>
# FOLD2-NEXT: %[[V13:[a-z0-9_]+]] = tile.addptr %[[V12]], %[[V0]] : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
# FOLD2-NEXT: %[[VCST_3:[a-z0-9_]+]] = arith.constant 2.200000e+01 : f32
# FOLD2-NEXT: %[[V14:[a-z0-9_]+]] = tile.splat %[[VCST_3]] : tensor<128xf32>
# FOLD2-NEXT: %[[V15:[a-z0-9_]+]] = arith.addf %[[V11]], %[[V14]] : tensor<128xf32>
# FOLD2-NEXT: %[[VCST_4:[a-z0-9_]+]] = arith.constant 8.000000e+00 : f32
# FOLD2-NEXT: %[[V16:[a-z0-9_]+]] = tile.splat %[[VCST_4]] : tensor<128xf32>
# FOLD2-NEXT: %[[V17:[a-z0-9_]+]] = arith.addf %[[V15]], %[[V16]] : tensor<128xf32>
# FOLD2-NEXT: tile.store %[[V13]], %[[V17]] : tensor<128x!tile.ptr<f32>>
# FOLD2-NEXT: return
# FOLD2-NEXT: }

# Checks for kernel runtime_if (IF).
# IF-LABEL: func.func @runtime_if(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}, %arg1: i32 {tile.name = "n"}) attributes {tile.constexprs = {}} {
# `acc = 0.0` and `k = 1` are tensors (fp32, int32), as in Triton.
# IF-NEXT: %[[ACC:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# IF-NEXT: %[[K:[a-z0-9_]+]] = arith.constant 1 : i32
# IF-NEXT: %[[VC4_I32:[a-z0-9_]+]] = arith.constant 4 : i32
# IF-NEXT: %[[V0:[a-z0-9_]+]] = arith.cmpi sgt, %arg1, %[[VC4_I32]] : i32
# IF-NEXT: %[[V1:[a-z0-9_]+]]:2 = scf.if %[[V0]] -> (f32, i32) {
# IF-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant 1.500000e+00 : f32
# IF-NEXT: scf.yield %[[VCST]], %arg1 : f32, i32
# IF-NEXT: } else {
# IF-NEXT: %[[TWO:[a-z0-9_]+]] = arith.constant 2.000000e+00 : f32
# IF-NEXT: %[[SUM:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[TWO]] : f32
# IF-NEXT: scf.yield %[[SUM]], %[[K]] : f32, i32
# IF-NEXT: }
# IF-NEXT: %[[V2:[a-z0-9_]+]] = tile.addptr %arg0, %[[V1]]#1 : !tile.ptr<f32>, i32
# IF-NEXT: tile.store %[[V2]], %[[V1]]#0 : !tile.ptr<f32>
# IF-NEXT: return
# IF-NEXT: }

# Checks for kernel loop_pointers (LOOP).
# LOOP-LABEL: func.func @loop_pointers(%arg0: !tile.ptr<f32> {tile.name = "a_ptr"}, %arg1: i32 {tile.name = "K"}, %arg2: i32 {tile.name = "stride"}) attributes {tile.constexprs = {BLOCK_K = 32 : i32}} {
# LOOP-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 32 : tensor<32xi32>
# LOOP-NEXT: %[[V1:[a-z0-9_]+]] = tile.splat %arg0 : tensor<32x!tile.ptr<f32>>
# LOOP-NEXT: %[[V2:[a-z0-9_]+]] = tile.addptr %[[V1]], %[[V0]] : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
# LOOP-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<32xf32>
# LOOP-NEXT: %[[VC0_I32_0:[a-z0-9_]+]] = arith.constant 0 : i32
# LOOP-NEXT: %[[VC0_I32:[a-z0-9_]+]] = arith.constant 0 : i32
# LOOP-NEXT: %[[VC32_I32:[a-z0-9_]+]] = arith.constant 32 : i32
# LOOP-NEXT: %[[V3:[a-z0-9_]+]]:3 = scf.for %[[AARG3:[a-z0-9_]+]] = %[[VC0_I32]] to %arg1 step %[[VC32_I32]] iter_args(%[[AARG4:[a-z0-9_]+]] = %[[VCST]], %[[AARG5:[a-z0-9_]+]] = %[[V2]], %[[AARG6:[a-z0-9_]+]] = %[[VC0_I32_0]]) -> (tensor<32xf32>, tensor<32x!tile.ptr<f32>>, i32)  : i32 {
# LOOP-NEXT: %[[V9:[a-z0-9_]+]] = tile.splat %[[AARG3]] : tensor<32xi32>
# LOOP-NEXT: %[[V10:[a-z0-9_]+]] = arith.addi %[[V0]], %[[V9]] : tensor<32xi32>
# LOOP-NEXT: %[[V11:[a-z0-9_]+]] = tile.splat %arg1 : tensor<32xi32>
# LOOP-NEXT: %[[V12:[a-z0-9_]+]] = arith.cmpi slt, %[[V10]], %[[V11]] : tensor<32xi32>
# LOOP-NEXT: %[[VCST_1:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
# LOOP-NEXT: %[[V13:[a-z0-9_]+]] = tile.splat %[[VCST_1]] : tensor<32xf32>
# LOOP-NEXT: %[[V14:[a-z0-9_]+]] = tile.load %[[AARG5]] mask %[[V12]] other %[[V13]] : tensor<32x!tile.ptr<f32>>
# LOOP-NEXT: %[[V15:[a-z0-9_]+]] = arith.addf %[[AARG4]], %[[V14]] : tensor<32xf32>
# LOOP-NEXT: %[[VC32_I32_2:[a-z0-9_]+]] = arith.constant 32 : i32
# LOOP-NEXT: %[[V16:[a-z0-9_]+]] = arith.muli %[[VC32_I32_2]], %arg2 : i32
# LOOP-NEXT: %[[V17:[a-z0-9_]+]] = tile.splat %[[V16]] : tensor<32xi32>
# LOOP-NEXT: %[[V18:[a-z0-9_]+]] = tile.addptr %[[AARG5]], %[[V17]] : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
# LOOP-NEXT: %[[VC1_I32:[a-z0-9_]+]] = arith.constant 1 : i32
# LOOP-NEXT: %[[V19:[a-z0-9_]+]] = arith.addi %[[AARG6]], %[[VC1_I32]] : i32
# LOOP-NEXT: scf.yield %[[V15]], %[[V18]], %[[V19]] : tensor<32xf32>, tensor<32x!tile.ptr<f32>>, i32
# LOOP-NEXT: }
# LOOP-NEXT: %[[V4:[a-z0-9_]+]] = tile.splat %arg0 : tensor<32x!tile.ptr<f32>>
# LOOP-NEXT: %[[V5:[a-z0-9_]+]] = tile.addptr %[[V4]], %[[V0]] : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
# LOOP-NEXT: %[[V6:[a-z0-9_]+]] = arith.sitofp %[[V3]]#2 : i32 to f32
# LOOP-NEXT: %[[V7:[a-z0-9_]+]] = tile.splat %[[V6]] : tensor<32xf32>
# LOOP-NEXT: %[[V8:[a-z0-9_]+]] = arith.divf %[[V3]]#0, %[[V7]] : tensor<32xf32>
# LOOP-NEXT: tile.store %[[V5]], %[[V8]] : tensor<32x!tile.ptr<f32>>
# LOOP-NEXT: return
# LOOP-NEXT: }

# Checks for kernel builtins (BUILTINS).
# BUILTINS-LABEL: func.func @builtins(%arg0: !tile.ptr<f32> {tile.name = "x_ptr"}, %arg1: !tile.ptr<i32> {tile.name = "i_ptr"}, %arg2: i32 {tile.multiple_of = array<i32: 16>, tile.name = "n"}) attributes {tile.constexprs = {LIMIT = 7 : i32}} {
# BUILTINS-NEXT: %[[V0:[a-z0-9_]+]] = tile.make_range 0, 32 : tensor<32xi32>
# BUILTINS-NEXT: %[[V1:[a-z0-9_]+]] = tile.splat %arg0 : tensor<32x!tile.ptr<f32>>
# BUILTINS-NEXT: %[[V2:[a-z0-9_]+]] = tile.addptr %[[V1]], %[[V0]] : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
# BUILTINS-NEXT: %[[V3:[a-z0-9_]+]] = tile.load %[[V2]] : tensor<32x!tile.ptr<f32>>
# BUILTINS-NEXT: %[[VCST:[a-z0-9_]+]] = arith.constant dense<3> : tensor<32xi32>
# BUILTINS-NEXT: %[[V4:[a-z0-9_]+]] = tile.splat %arg1 : tensor<32x!tile.ptr<i32>>
# BUILTINS-NEXT: %[[V5:[a-z0-9_]+]] = tile.addptr %[[V4]], %[[V0]] : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
# BUILTINS-NEXT: %[[V6:[a-z0-9_]+]] = tile.load %[[V5]] : tensor<32x!tile.ptr<i32>>
# BUILTINS-NEXT: %[[V7:[a-z0-9_]+]] = tile.splat %arg1 : tensor<32x!tile.ptr<i32>>
# BUILTINS-NEXT: %[[V8:[a-z0-9_]+]] = tile.addptr %[[V7]], %[[V0]] : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
# BUILTINS-NEXT: %[[V9:[a-z0-9_]+]] = arith.maxsi %[[V6]], %[[VCST]] : tensor<32xi32>
# BUILTINS-NEXT: %[[VC7_I32:[a-z0-9_]+]] = arith.constant 7 : i32
# BUILTINS-NEXT: %[[V10:[a-z0-9_]+]] = tile.splat %[[VC7_I32]] : tensor<32xi32>
# BUILTINS-NEXT: %[[V11:[a-z0-9_]+]] = arith.minsi %[[V6]], %[[V10]] : tensor<32xi32>
# BUILTINS-NEXT: %[[V12:[a-z0-9_]+]] = arith.addi %[[V9]], %[[V11]] : tensor<32xi32>
# BUILTINS-NEXT: tile.store %[[V8]], %[[V12]] : tensor<32x!tile.ptr<i32>>
# BUILTINS-NEXT: %[[V13:[a-z0-9_]+]] = math.absf %[[V3]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V14:[a-z0-9_]+]] = math.sqrt %[[V13]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V15:[a-z0-9_]+]] = math.exp2 %[[V3]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V16:[a-z0-9_]+]] = math.log %[[V15]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V17:[a-z0-9_]+]] = arith.addf %[[V14]], %[[V16]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V18:[a-z0-9_]+]] = tile.num_programs 0 : i32
# BUILTINS-NEXT: %[[V19:[a-z0-9_]+]] = arith.sitofp %[[V18]] : i32 to f32
# BUILTINS-NEXT: %[[V20:[a-z0-9_]+]] = tile.splat %[[V19]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V21:[a-z0-9_]+]] = arith.addf %[[V17]], %[[V20]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V22:[a-z0-9_]+]] = tile.splat %arg0 : tensor<32x!tile.ptr<f32>>
# BUILTINS-NEXT: %[[V23:[a-z0-9_]+]] = tile.addptr %[[V22]], %[[V0]] : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
# BUILTINS-NEXT: %[[V24:[a-z0-9_]+]] = tile.splat %arg2 : tensor<32xi32>
# BUILTINS-NEXT: %[[V25:[a-z0-9_]+]] = tile.addptr %[[V23]], %[[V24]] : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
# BUILTINS-NEXT: %[[VCST_0:[a-z0-9_]+]] = arith.constant 0xFF800000 : f32
# BUILTINS-NEXT: %[[V26:[a-z0-9_]+]] = tile.splat %[[VCST_0]] : tensor<32xf32>
# BUILTINS-NEXT: %[[V27:[a-z0-9_]+]] = arith.maxnumf %[[V21]], %[[V26]] : tensor<32xf32>
# BUILTINS-NEXT: tile.store %[[V25]], %[[V27]] : tensor<32x!tile.ptr<f32>>
# BUILTINS-NEXT: return
# BUILTINS-NEXT: }
