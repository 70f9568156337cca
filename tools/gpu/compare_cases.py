"""The cases tools/gpu/compare_triton.py runs through tilec and Triton.

A case is a kernel source, the kernels to launch in order (Step: tilec
signature, warps, stages, grid, arguments by parameter name, the constexprs
Triton is given), a function making the inputs with torch, the buffers to
compare and how ("exact": bit for bit; (rtol, atol): close), optionally a
torch reference and the bytes one run moves (then --time times it).

Our kernels come from test/gpu/kernels/. With `compile --tutorials DIR`,
kernels of Triton's tutorials found in DIR (01-vector-add.py,
02-fused-softmax.py, 04-low-memory-dropout.py, 05-layer-norm.py; not part
of this repository) are added with the arguments their host code passes.
"""

import os


def cdiv(a, b):
    return (a + b - 1) // b


class Step:
    def __init__(self, kernel, signature, grid, bind, constexprs=None,
                 num_warps=4, num_stages=3, tag="", flags=()):
        self.kernel = kernel
        self.flags = list(flags)  # more tilec options
        self.signature = signature
        self.grid = grid
        self.bind = bind
        self.constexprs = constexprs or {}
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.tag = tag

    def artifact(self, case):
        return f"{case.id}.{self.kernel}{self.tag}"


class Case:
    def __init__(self, id, source, steps, make, outputs, how, reference=None,
                 reference_how=None, bytes=None, reset=None, flops=None):
        self.id = id
        self.source_dest = source          # path under sources/
        self.source = None                 # where `compile` reads it
        self.run_source = None             # where `run` reads it
        self.steps = steps
        self.make = make
        self.outputs = outputs
        self.how = how
        self.reference = reference
        self.reference_how = reference_how
        self.bytes = bytes                 # --time: GB/s from these bytes
        self.flops = flops                 # --time: TFLOP/s from these
        self.reset = reset


#===--- our kernels ---------------------------------------------------------===#

def spec(value):
    """Triton's specialisation of an integer argument: ':16' when it is a
    multiple of 16 (its launcher checks every call), as tilec's signature
    says it."""
    return "i32:16" if value % 16 == 0 else "i32"


def dropout(n, flags=(), variant=""):
    return Case(
        f"dropout_fp32_n{n}{variant}", "kernels/random.py",
        [Step("seeded_dropout", f"*fp32:16,*fp32:16,{spec(n)},fp32,i32,1024",
              grid=lambda b: (cdiv(n, 1024),),
              bind=lambda b: dict(x_ptr=b["x"], out_ptr=b["out"], n=n, p=0.3,
                                  seed=1234),
              constexprs=dict(BLOCK=1024), flags=flags)],
        make=lambda torch: dict(x=torch.randn(n, device="cuda"),
                                out=torch.zeros(n, device="cuda")),
        outputs=["out"], how="exact", bytes=lambda b: 8 * n)


def random_words(n):
    return Case(
        f"randint4x_n{n}", "kernels/random.py",
        [Step("random_words", f"*i32:16,{spec(n)},i32,10,256",
              grid=lambda b: (cdiv(n, 256),),
              bind=lambda b: dict(out_ptr=b["out"], n=n, seed=77),
              constexprs=dict(ROUNDS=10, BLOCK=256))],
        make=lambda torch: dict(out=torch.zeros(4 * n, dtype=torch.int32,
                                                device="cuda")),
        outputs=["out"], how="exact")


def random_floats(n):
    return Case(
        f"rand_randn_n{n}", "kernels/random.py",
        [Step("random_floats", f"*fp32:16,*fp32:16,{spec(n)},i32,1024",
              grid=lambda b: (cdiv(n, 1024),),
              bind=lambda b: dict(uniform_ptr=b["u"], normal_ptr=b["z"], n=n,
                                  seed=5),
              constexprs=dict(BLOCK=1024))],
        make=lambda torch: dict(u=torch.zeros(n, device="cuda"),
                                z=torch.zeros(n, device="cuda")),
        # Uniform floats are bit-identical; randn's log and cosine are
        # libdevice's on both sides, yet 16% of the normals differ in the
        # last bit (H200, 2026-12-01): the Box-Muller arithmetic around
        # them is ordered differently.
        outputs=["u", "z"], how=(1e-6, 1e-6))


def library_random(n):
    return Case(
        f"library_random_n{n}", "kernels/library.py",
        [Step("library_random", f"*i32:16,*fp32:16,*fp32:16,{spec(n)},i32,256",
              grid=lambda b: (cdiv(n, 256),),
              bind=lambda b: dict(words_ptr=b["w"], uniform_ptr=b["u"],
                                  normal_ptr=b["z"], n=n, seed=-123456789),
              constexprs=dict(BLOCK=256))],
        make=lambda torch: dict(
            w=torch.zeros(4 * n, dtype=torch.int32, device="cuda"),
            u=torch.zeros(n, device="cuda"),
            z=torch.zeros(2 * n, device="cuda")),
        # Words and uniform floats bit for bit; normals as random_floats'.
        outputs=["w", "u", "z"], how=(1e-6, 1e-6))


def library_swizzle(size_i, size_j, group):
    return Case(
        f"library_swizzle_{size_i}x{size_j}_g{group}", "kernels/library.py",
        [Step("library_swizzle", f"*i32:16,i32,i32,{group}",
              grid=lambda b: (size_i, size_j),
              bind=lambda b: dict(out_ptr=b["out"], size_i=size_i,
                                  size_j=size_j),
              constexprs=dict(GROUP=group))],
        make=lambda torch: dict(out=torch.zeros(2 * size_i * size_j,
                                                dtype=torch.int32,
                                                device="cuda")),
        outputs=["out"], how="exact")


def library_rows(tiles, rows, cols):
    return Case(
        f"library_rows_{tiles}x{rows}x{cols}", "kernels/library.py",
        [Step("library_rows", f"*fp32:16,*fp32:16,*fp32:16,*i32:16,{rows},{cols}",
              grid=lambda b: (tiles,),
              bind=lambda b: dict(x_ptr=b["x"], soft_ptr=b["soft"],
                                  flat_ptr=b["flat"], sum_ptr=b["sum"]),
              constexprs=dict(ROWS=rows, COLS=cols))],
        make=lambda torch: dict(
            x=4 * torch.randn(tiles * rows * cols, device="cuda"),
            soft=torch.zeros(2 * tiles * rows * cols, device="cuda"),
            flat=torch.zeros(tiles * rows * cols, device="cuda"),
            sum=torch.zeros(tiles * rows * cols, dtype=torch.int32,
                            device="cuda")),
        outputs=["soft", "flat", "sum"], how=(1e-6, 1e-6))


def library_table(sizes, block=1024):
    groups = len(sizes)

    def make(torch):
        bufs = [-4 * torch.randn(n, device="cuda") for n in sizes]
        table = torch.tensor([b.data_ptr() for b in bufs], dtype=torch.int64,
                             device="cuda")
        return dict(bufs=bufs, table=table,
                    sizes=torch.tensor(sizes, dtype=torch.int32,
                                       device="cuda"),
                    out=torch.zeros(2 * groups * block, device="cuda"))
    return Case(
        f"library_table_{groups}x{block}", "kernels/library.py",
        [Step("library_table", f"*i64:16,*i32:16,*fp32:16,{block}",
              grid=lambda b: (groups,),
              bind=lambda b: dict(table_ptr=b["table"], sizes_ptr=b["sizes"],
                                  out_ptr=b["out"]),
              constexprs=dict(BLOCK=block))],
        make=make, outputs=["out"], how="exact")


def fp8_round_trip(t, n):
    # Values across fp8's range and beyond it (saturation), and ties.
    def make(torch):
        x = torch.randn(n, device="cuda") * torch.exp2(
            torch.randint(-10, 12, (n,), device="cuda").float())
        return dict(x=x, q=torch.zeros(n, dtype=torch.uint8, device="cuda"),
                    y=torch.zeros(n, device="cuda"))

    def bind(b):
        dtype = {"fp8e4nv": "float8_e4m3fn", "fp8e5": "float8_e5m2"}[t]
        import torch
        return dict(x_ptr=b["x"], q_ptr=b["q"].view(getattr(torch, dtype)),
                    y_ptr=b["y"], n=n)
    return Case(
        f"fp8_round_trip_{t}_n{n}", "kernels/fp8.py",
        [Step("fp8_round_trip", f"*fp32:16,*{t}:16,*fp32:16,{spec(n)},256",
              grid=lambda b: (cdiv(n, 256),), bind=bind,
              constexprs=dict(BLOCK=256))],
        make=make, outputs=["q", "y"], how="exact")


def fp8_matmul(t, size, b_major="row", bm=128, bn=128, bk=64, warps=4):
    # fp8 values (normal ones, both signs) of A and B; C = A B in fp32.
    # Products of fp8 values are exact in fp32. B row-major widens to fp16
    # on our side; column-major (K contiguous) runs on fp8 wgmma, which
    # sums a K tile's products in fewer bits than fp32 before we add them
    # in fp32 (1.3e-3 of the result at worst against torch with BK = 128 on
    # the H200; the sums of |products| are far larger), as Triton's does;
    # hence the tolerances.
    dtype = {"fp8e4nv": "float8_e4m3fn", "fp8e5": "float8_e5m2"}[t]

    def make(torch):
        f8 = getattr(torch, dtype)
        b = torch.randn(size, size, device="cuda").to(f8)
        if b_major == "col":
            b = b.t().contiguous().t()
        return dict(a=torch.randn(size, size, device="cuda").to(f8), b=b,
                    c=torch.zeros(size, size, device="cuda"))

    def reference(torch, b):
        return dict(c=b["a"].float() @ b["b"].float())
    strides = ("i32:16,i32:1" if b_major == "row" else "i32:1,i32:16")
    return Case(
        f"fp8_matmul_{t}_{b_major}_{size}_{bm}x{bn}x{bk}w{warps}",
        "kernels/fp8.py",
        [Step("fp8_matmul",
              f"*{t}:16,*{t}:16,*fp32:16,i32:16,i32:16,i32:16,{strides},"
              f"{bm},{bn},{bk}",
              grid=lambda b: (cdiv(size, bm), cdiv(size, bn)),
              bind=lambda b: dict(a_ptr=b["a"], b_ptr=b["b"], c_ptr=b["c"],
                                  M=size, N=size, K=size,
                                  stride_bk=b["b"].stride(0),
                                  stride_bn=b["b"].stride(1)),
              constexprs=dict(BM=bm, BN=bn, BK=bk), num_warps=warps)],
        make=make, outputs=["c"], how=(1e-2, 5e-2), reference=reference,
        reference_how=(5e-3, 5e-2), flops=lambda b: 2 * size ** 3)


def unsigned_ops(n):
    # u32 values across the whole range (the sign bit set in half of them),
    # divisors never 0, u8 bytes.
    def make(torch):
        def u32(low):
            return torch.randint(-2**31, 2**31, (n,), dtype=torch.int32,
                                 device="cuda") | low
        return dict(x=u32(0), y=u32(1),
                    b=torch.randint(0, 256, (n,), dtype=torch.uint8,
                                    device="cuda"),
                    out=torch.zeros(7 * n, dtype=torch.int32, device="cuda"),
                    f=torch.zeros(2 * n, device="cuda"))

    def bind(b):
        import torch
        return dict(x_ptr=b["x"].view(torch.uint32),
                    y_ptr=b["y"].view(torch.uint32), b_ptr=b["b"],
                    out_ptr=b["out"].view(torch.uint32), f_ptr=b["f"], n=n,
                    seed=31)
    return Case(
        f"unsigned_ops_n{n}", "kernels/unsigned.py",
        [Step("unsigned_ops",
              f"*u32:16,*u32:16,*u8:16,*u32:16,*fp32:16,{spec(n)},i32,256",
              grid=lambda b: (cdiv(n, 256),), bind=bind,
              constexprs=dict(BLOCK=256))],
        make=make, outputs=["out", "f"], how="exact")


def unsigned_reductions(rows, block=256):
    def make(torch):
        x = torch.randint(-2**31, 2**31, (rows * block,), dtype=torch.int32,
                          device="cuda")
        return dict(x=x, out=torch.zeros(rows * (2 * block + 32),
                                         dtype=torch.int32, device="cuda"))

    def bind(b):
        import torch
        return dict(x_ptr=b["x"].view(torch.uint32),
                    out_ptr=b["out"].view(torch.uint32))
    return Case(
        f"unsigned_reductions_{rows}x{block}", "kernels/unsigned.py",
        [Step("unsigned_reductions", f"*u32:16,*u32:16,{block}",
              grid=lambda b: (rows,), bind=bind,
              constexprs=dict(BLOCK=block))],
        make=make, outputs=["out"], how="exact")


def unsigned_seeds(rows, block=256):
    # One int32 seed a program, bit 31 set in about half of them (and in
    # the first few on purpose): tl.rand of the seed made uint32, and
    # tl.randint words for the seed in every width and signedness.
    def make(torch):
        seeds = torch.randint(-2**31, 2**31, (rows,), dtype=torch.int32,
                              device="cuda")
        seeds[:6] = torch.tensor([-1, -2**31, 0x80, 0x8000, 0x7fffffff,
                                  -123456789], dtype=torch.int32)
        return dict(seeds=seeds,
                    f=torch.zeros(rows * block, device="cuda"),
                    w=torch.zeros(rows * 10 * block, dtype=torch.int32,
                                  device="cuda"))
    return Case(
        f"unsigned_seeds_{rows}x{block}", "kernels/unsigned.py",
        [Step("unsigned_seeds", f"*i32:16,*fp32:16,*i32:16,{block}",
              grid=lambda b: (rows,),
              bind=lambda b: dict(seed_ptr=b["seeds"], f_ptr=b["f"],
                                  w_ptr=b["w"]),
              constexprs=dict(BLOCK=block))],
        make=make, outputs=["f", "w"], how="exact")


def _random_words(torch, n, dtype):
    """n random integers of `dtype` (int32 or int64) over their whole
    range: the top bit (bit 31 or 63) set in about half of them."""
    lo = torch.randint(-2**31, 2**31, (n,), dtype=torch.int32, device="cuda")
    if dtype == torch.int32:
        return lo
    hi = torch.randint(-2**31, 2**31, (n,), dtype=torch.int32, device="cuda")
    return (hi.to(torch.int64) << 32) | (lo.to(torch.int64) & 0xffffffff)


def unsigned_promotion(n):
    # Mixed operands (u8/i8/i32/u32/i64/u64, bit 7, 31 or 63 set in about
    # half of them) through arithmetic, comparisons with Python numbers,
    # min/max, where, shifts, -x, ~x, cdiv, umulhi and typed constants.
    def make(torch):
        return dict(
            u8=torch.randint(0, 256, (n,), dtype=torch.uint8, device="cuda"),
            i8=torch.randint(-128, 128, (n,), dtype=torch.int8, device="cuda"),
            i32=_random_words(torch, n, torch.int32),
            u32=_random_words(torch, n, torch.int32),
            i64=_random_words(torch, n, torch.int64),
            u64=_random_words(torch, n, torch.int64),
            out=torch.zeros(11 * n, dtype=torch.int32, device="cuda"),
            wide=torch.zeros(3 * n, dtype=torch.int64, device="cuda"),
            f=torch.zeros(3 * n, device="cuda"))

    def bind(b):
        import torch
        return dict(u8_ptr=b["u8"], i8_ptr=b["i8"], i32_ptr=b["i32"],
                    u32_ptr=b["u32"].view(torch.uint32), i64_ptr=b["i64"],
                    u64_ptr=b["u64"].view(torch.uint64), out_ptr=b["out"],
                    wide_ptr=b["wide"], f_ptr=b["f"], n=n)
    return Case(
        f"unsigned_promotion_n{n}", "kernels/unsigned.py",
        [Step("unsigned_promotion",
              f"*u8:16,*i8:16,*i32:16,*u32:16,*i64:16,*u64:16,*i32:16,"
              f"*i64:16,*fp32:16,{spec(n)},256",
              grid=lambda b: (cdiv(n, 256),), bind=bind,
              constexprs=dict(BLOCK=256))],
        make=make, outputs=["out", "wide", "f"], how="exact")


def unsigned_conversions(n):
    # Conversions of unsigned values with bit 7, 31 or 63 set: widening,
    # narrowing, to and from floats (non-negative floats up to 4.2e9 and
    # 1.8e19 for the fptoui ones), stores through pointers of other widths,
    # tl.full, tl.zeros_like, a loop with a uint32 induction variable.
    def make(torch):
        return dict(
            u8=torch.randint(0, 256, (n,), dtype=torch.uint8, device="cuda"),
            i8=torch.randint(-128, 128, (n,), dtype=torch.int8, device="cuda"),
            i32=_random_words(torch, n, torch.int32),
            u32=_random_words(torch, n, torch.int32),
            u64=_random_words(torch, n, torch.int64),
            f=torch.rand(n, device="cuda") * 4.2e9,
            g=torch.rand(n, dtype=torch.float64, device="cuda") * 1.8e19,
            out=torch.zeros(10 * n, dtype=torch.int32, device="cuda"),
            wide=torch.zeros(4 * n, dtype=torch.int64, device="cuda"),
            short=torch.zeros(n, dtype=torch.int16, device="cuda"),
            fout=torch.zeros(3 * n, device="cuda"),
            dout=torch.zeros(n, dtype=torch.float64, device="cuda"),
            hout=torch.zeros(n, dtype=torch.float16, device="cuda"),
            bytes=torch.zeros(n, dtype=torch.uint8, device="cuda"))

    def bind(b):
        import torch
        return dict(u8_ptr=b["u8"], i8_ptr=b["i8"], i32_ptr=b["i32"],
                    u32_ptr=b["u32"].view(torch.uint32),
                    u64_ptr=b["u64"].view(torch.uint64), f_ptr=b["f"],
                    g_ptr=b["g"], out_ptr=b["out"], wide_ptr=b["wide"],
                    short_ptr=b["short"], fout_ptr=b["fout"],
                    dout_ptr=b["dout"], hout_ptr=b["hout"],
                    bytes_ptr=b["bytes"], n=n)
    return Case(
        f"unsigned_conversions_n{n}", "kernels/unsigned.py",
        [Step("unsigned_conversions",
              f"*u8:16,*i8:16,*i32:16,*u32:16,*u64:16,*fp32:16,*fp64:16,"
              f"*i32:16,*i64:16,*i16:16,*fp32:16,*fp64:16,*fp16:16,*u8:16,"
              f"{spec(n)},256",
              grid=lambda b: (cdiv(n, 256),), bind=bind,
              constexprs=dict(BLOCK=256))],
        make=make,
        outputs=["out", "wide", "short", "fout", "dout", "hout", "bytes"],
        how="exact")


def unsigned_narrow_reductions(rows, block=256):
    # Rows of u8/u16/u32/i32/u64 values: sums, scans, extremes, a
    # two-block tl.reduce, sorts, topk, a histogram, and atomic max/min
    # through *u32 (the maxima start at 0, the minima at 0xFFFFFFFF).
    def make(torch):
        umax = torch.zeros(32, dtype=torch.int32, device="cuda")
        umax[16:] = -1
        return dict(
            u8=torch.randint(0, 256, (rows * block,), dtype=torch.uint8,
                             device="cuda"),
            u16=torch.randint(-2**15, 2**15, (rows * block,),
                              dtype=torch.int16, device="cuda"),
            u32=_random_words(torch, rows * block, torch.int32),
            i32=_random_words(torch, rows * block, torch.int32),
            u64=_random_words(torch, rows * block, torch.int64),
            out=torch.zeros(rows * (4 * block + 16), dtype=torch.int32,
                            device="cuda"),
            wide=torch.zeros(rows * 2, dtype=torch.int64, device="cuda"),
            bytes=torch.zeros(rows * block, dtype=torch.uint8, device="cuda"),
            umax=umax)

    def bind(b):
        import torch
        return dict(u8_ptr=b["u8"], u16_ptr=b["u16"].view(torch.uint16),
                    u32_ptr=b["u32"].view(torch.uint32), i32_ptr=b["i32"],
                    u64_ptr=b["u64"].view(torch.uint64), out_ptr=b["out"],
                    wide_ptr=b["wide"], bytes_ptr=b["bytes"],
                    umax_ptr=b["umax"].view(torch.uint32))
    return Case(
        f"unsigned_narrow_reductions_{rows}x{block}", "kernels/unsigned.py",
        [Step("unsigned_narrow_reductions",
              f"*u8:16,*u16:16,*u32:16,*i32:16,*u64:16,*i32:16,*i64:16,"
              f"*u8:16,*u32:16,{block}",
              grid=lambda b: (rows,), bind=bind,
              constexprs=dict(BLOCK=block))],
        make=make, outputs=["out", "wide", "bytes", "umax"], how="exact")


def map_selu(rows, cols, bm=16, bn=64):
    # tl.map_elementwise with a branch on each element (combine.py's
    # map_selu): the value and the branch flag, bit for bit.
    def make(torch):
        return dict(x=torch.randn(rows, cols, device="cuda") * 2,
                    alpha=torch.rand(rows, device="cuda") + 0.5,
                    y=torch.zeros(rows, cols, device="cuda"),
                    flag=torch.zeros(rows, cols, dtype=torch.int32,
                                     device="cuda"))
    return Case(
        f"map_selu_{rows}x{cols}", "kernels/combine.py",
        [Step("map_selu",
              f"*fp32:16,*fp32:16,*fp32:16,*i32:16,{spec(rows)},{spec(cols)},"
              f"{bm},{bn}",
              grid=lambda b: (cdiv(rows, bm), cdiv(cols, bn)),
              bind=lambda b: dict(x_ptr=b["x"], alpha_ptr=b["alpha"],
                                  y_ptr=b["y"], flag_ptr=b["flag"],
                                  n_rows=rows, n_cols=cols),
              constexprs=dict(BM=bm, BN=bn))],
        make=make, outputs=["y", "flag"], how="exact")


def map_pairs(n, block, warps=4):
    # tl.map_elementwise with pack=2: which elements scalar_fn gets, and in
    # which order its values come back, bit for bit against Triton. (A
    # block of fewer than 2 elements a thread, which tilec pads, makes
    # Triton 3.6's ConvertTritonGPUToLLVM fail: 64 elements on 4 warps.)
    def make(torch):
        def ints():
            return torch.randint(-1000, 1000, (n,), dtype=torch.int32,
                                 device="cuda")
        return dict(a=ints(), b=ints(),
                    s=torch.zeros(n, dtype=torch.int32, device="cuda"),
                    p=torch.zeros(n, dtype=torch.int32, device="cuda"))
    return Case(
        f"map_pairs_n{n}_b{block}_w{warps}", "kernels/combine.py",
        [Step("map_pairs", f"*i32:16,*i32:16,*i32:16,*i32:16,{spec(n)},{block}",
              grid=lambda b: (cdiv(n, block),),
              bind=lambda b: dict(a_ptr=b["a"], b_ptr=b["b"], s_ptr=b["s"],
                                  p_ptr=b["p"], n=n),
              constexprs=dict(BLOCK=block), num_warps=warps)],
        make=make, outputs=["s", "p"], how="exact")


TYPES = {"fp16": "float16", "fp32": "float32", "bf16": "bfloat16"}


def layernorm_inputs(torch, m, n, t):
    dtype = getattr(torch, TYPES[t])
    x = (-2.3 + 0.5 * torch.randn(m, n, device="cuda")).to(dtype)
    w = torch.rand(n, device="cuda").to(dtype)
    b = torch.rand(n, device="cuda").to(dtype)
    dy = (0.1 * torch.randn(m, n, device="cuda")).to(dtype)
    xf = x.float()
    mean = xf.mean(1)
    rstd = 1.0 / torch.sqrt(xf.var(1, unbiased=False) + 1e-5)
    return dict(x=x, w=w, b=b, dy=dy, y=torch.zeros_like(x),
                mean=torch.zeros(m, device="cuda"),
                rstd=torch.zeros(m, device="cuda"),
                ref_mean=mean, ref_rstd=rstd, dx=torch.zeros_like(x))


def layernorm_fwd(m, n, t, block, warps):
    def reference(torch, b):
        y = torch.nn.functional.layer_norm(b["x"].float(), (n,), b["w"].float(),
                                           b["b"].float(), 1e-5)
        return dict(y=y.to(b["x"].dtype))
    tol = (1e-5, 1e-5) if t == "fp32" else (1e-2, 1e-2)
    return Case(
        f"layernorm_fwd_{t}_{m}x{n}", "kernels/layernorm.py",
        [Step("layernorm_fwd",
              f"*{t}:16,*{t}:16,*{t}:16,*{t}:16,*fp32:16,*fp32:16,{spec(n)},{spec(n)},fp32,{block}",
              grid=lambda b: (m,),
              bind=lambda b: dict(x_ptr=b["x"], w_ptr=b["w"], b_ptr=b["b"],
                                  y_ptr=b["y"], mean_ptr=b["mean"],
                                  rstd_ptr=b["rstd"], row_stride=n, n_cols=n,
                                  eps=1e-5),
              constexprs=dict(BLOCK=block), num_warps=warps)],
        make=lambda torch: layernorm_inputs(torch, m, n, t),
        outputs=["y", "mean", "rstd"], how=tol, reference=reference,
        reference_how=(2e-2, 2e-2) if t != "fp32" else (1e-4, 1e-4),
        bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def layernorm_bwd(m, n, t, block, warps, groups=64, flags=(), variant=""):
    def make(torch):
        b = layernorm_inputs(torch, m, n, t)
        b["mean"], b["rstd"] = b["ref_mean"], b["ref_rstd"]
        b["pdw"] = torch.zeros(groups, n, device="cuda")
        b["pdb"] = torch.zeros(groups, n, device="cuda")
        b["locks"] = torch.zeros(2 * groups, dtype=torch.int32, device="cuda")
        b["dw"] = torch.zeros(n, device="cuda")
        b["db"] = torch.zeros(n, device="cuda")
        return b

    def reference(torch, b):
        x = b["x"].float().requires_grad_(True)
        w = b["w"].float().requires_grad_(True)
        bias = b["b"].float().requires_grad_(True)
        y = torch.nn.functional.layer_norm(x, (n,), w, bias, 1e-5)
        y.backward(b["dy"].float())
        return dict(dx=x.grad.to(b["x"].dtype), dw=w.grad, db=bias.grad)

    return Case(
        f"layernorm_bwd_{t}_{m}x{n}{variant}", "kernels/layernorm.py",
        [Step("layernorm_bwd_dx",
              f"*{t}:16,*{t}:16,*{t}:16,*fp32:16,*fp32:16,*{t}:16,*fp32:16,"
              f"*fp32:16,*i32:16,{spec(n)},{spec(n)},{groups},{block}",
              grid=lambda b: (m,),
              bind=lambda b: dict(dy_ptr=b["dy"], x_ptr=b["x"], w_ptr=b["w"],
                                  mean_ptr=b["mean"], rstd_ptr=b["rstd"],
                                  dx_ptr=b["dx"], partial_dw_ptr=b["pdw"],
                                  partial_db_ptr=b["pdb"],
                                  locks_ptr=b["locks"], row_stride=n,
                                  n_cols=n),
              constexprs=dict(GROUPS=groups, BLOCK=block), num_warps=warps,
              flags=flags),
         Step("layernorm_bwd_dwdb",
              f"*fp32:16,*fp32:16,*fp32:16,*fp32:16,{spec(groups)},{spec(n)},32,128",
              grid=lambda b: (cdiv(n, 128),),
              bind=lambda b: dict(partial_dw_ptr=b["pdw"],
                                  partial_db_ptr=b["pdb"], dw_ptr=b["dw"],
                                  db_ptr=b["db"], groups=groups, n_cols=n),
              constexprs=dict(ROWS=32, COLS=128))],
        make=make, outputs=["dx", "dw", "db"],
        # The lock hands the partial sums out in a different order on every
        # run, so dw and db differ from Triton's in the last bits.
        how=(2e-3, 2e-3) if t != "fp32" else (1e-4, 1e-4),
        reference=reference, reference_how=(5e-2, 5e-2),
        bytes=lambda b: 3 * b["x"].numel() * b["x"].element_size(),
        reset=lambda b: b["locks"].zero_())


def desc_affine(m, n, bm=32, bn=64):
    # Rows padded to a multiple of 16 bytes, as a descriptor's stride must be.
    stride = (n + 3) // 4 * 4
    return Case(
        f"desc_affine_{m}x{n}", "kernels/descriptors.py",
        [Step("desc_affine", f"*fp32:16,*fp32:16,{spec(m)},{spec(n)},"
              f"{spec(stride)},{bm},{bn}",
              grid=lambda b: (cdiv(m, bm), cdiv(n, bn)),
              bind=lambda b: dict(x_ptr=b["x"], y_ptr=b["y"], M=m, N=n,
                                  stride=stride),
              constexprs=dict(BM=bm, BN=bn))],
        make=lambda torch: dict(x=torch.randn(m * stride, device="cuda"),
                                y=torch.zeros(m * stride, device="cuda")),
        outputs=["y"], how="exact", bytes=lambda b: 8 * m * n)


def desc_nan_padding(m, n, bm=32, bn=64):
    return Case(
        f"desc_nan_padding_{m}x{n}", "kernels/descriptors.py",
        [Step("desc_nan_padding", f"*fp32:16,*i32:16,{spec(m)},{spec(n)},"
              f"{bm},{bn}",
              grid=lambda b: (cdiv(m, bm), cdiv(n, bn)),
              bind=lambda b: dict(x_ptr=b["x"], counts_ptr=b["counts"], M=m,
                                  N=n),
              constexprs=dict(BM=bm, BN=bn))],
        make=lambda torch: dict(
            x=torch.randn(m * n, device="cuda"),
            counts=torch.full((cdiv(m, bm) * cdiv(n, bn),), -1,
                              dtype=torch.int32, device="cuda")),
        outputs=["counts"], how="exact")


def desc_matmul(size, bm=128, bn=128, bk=64, warps=8, stages=3,
                kernel="desc_matmul_relu"):
    def make(torch):
        return dict(a=torch.randn(size, size, device="cuda").half(),
                    b=torch.randn(size, size, device="cuda").half(),
                    c=torch.zeros(size, size, device="cuda").half())

    def reference(torch, b):
        return dict(c=torch.relu(b["a"].float() @ b["b"].float()).half())
    return Case(
        f"{kernel}_{size}_{bm}x{bn}x{bk}w{warps}s{stages}",
        "kernels/descriptors.py",
        [Step(kernel, f"*fp16:16,*fp16:16,*fp16:16,{spec(size)},"
              f"{spec(size)},{spec(size)},{bm},{bn},{bk}",
              grid=lambda b: (cdiv(size, bm), cdiv(size, bn)),
              bind=lambda b: dict(a_ptr=b["a"], b_ptr=b["b"], c_ptr=b["c"],
                                  M=size, N=size, K=size),
              constexprs=dict(BM=bm, BN=bn, BK=bk), num_warps=warps,
              num_stages=stages)],
        make=make, outputs=["c"], how=(1e-2, 1e-2), reference=reference,
        reference_how=(1e-2, 5e-2), flops=lambda b: 2 * size ** 3)


def desc_param_matmul(m, n, k, bm=128, bn=128, bk=64, warps=8, stages=3):
    """relu(A B) through descriptors the host made: tilec's loads become TMA
    copies (the runtime encodes the tensor maps), as Triton's do."""
    def make(torch):
        return dict(a=torch.randn(m, k, device="cuda").half(),
                    b=torch.randn(k, n, device="cuda").half(),
                    c=torch.zeros(m, n, device="cuda").half())

    def bind(b):
        from triton.tools.tensor_descriptor import TensorDescriptor
        return dict(a_desc=TensorDescriptor.from_tensor(b["a"], [bm, bk]),
                    b_desc=TensorDescriptor.from_tensor(b["b"], [bk, bn]),
                    c_desc=TensorDescriptor.from_tensor(b["c"], [bm, bn]),
                    K=k)

    def reference(torch, b):
        return dict(c=torch.relu(b["a"].float() @ b["b"].float()).half())
    return Case(
        f"desc_param_matmul_relu_{m}x{n}x{k}_{bm}x{bn}x{bk}w{warps}s{stages}",
        "kernels/descriptors.py",
        [Step("desc_param_matmul_relu",
              f"tensordesc<fp16[{bm},{bk}]>,tensordesc<fp16[{bk},{bn}]>,"
              f"tensordesc<fp16[{bm},{bn}]>,{spec(k)},{bm},{bn},{bk}",
              grid=lambda b: (cdiv(m, bm), cdiv(n, bn)), bind=bind,
              constexprs=dict(BM=bm, BN=bn, BK=bk), num_warps=warps,
              num_stages=stages)],
        make=make, outputs=["c"], how=(1e-2, 1e-2), reference=reference,
        reference_how=(1e-2, 5e-2), flops=lambda b: 2 * m * n * k)


def desc_args_scale(m, n, bm=64, bn=64):
    def bind(b):
        from triton.tools.tensor_descriptor import TensorDescriptor
        return dict(in_desc=TensorDescriptor.from_tensor(b["x"], [bm, bn]),
                    out_desc=TensorDescriptor.from_tensor(b["y"], [bm, bn]),
                    factor=0.5)
    return Case(
        f"desc_args_scale_{m}x{n}", "kernels/descriptors.py",
        [Step("desc_args_scale", f"tensordesc<fp16[{bm},{bn}]>,"
              f"tensordesc<fp16[{bm},{bn}]>,fp32,{bm},{bn}",
              grid=lambda b: (cdiv(m, bm), cdiv(n, bn)), bind=bind,
              constexprs=dict(BM=bm, BN=bn))],
        make=lambda torch: dict(
            x=torch.randn(m, n, device="cuda").half(),
            y=torch.zeros(m, n, device="cuda").half()),
        outputs=["y"], how="exact", bytes=lambda b: 4 * m * n)


def desc_atomic_add(m, n, bm=32, bn=64):
    return Case(
        f"desc_atomic_add_{m}x{n}", "kernels/descriptors.py",
        [Step("desc_atomic_add", f"*fp32:16,*fp32:16,{spec(m)},{spec(n)},"
              f"{bm},{bn}",
              grid=lambda b: (cdiv(m, bm), cdiv(n, bn)),
              bind=lambda b: dict(x_ptr=b["x"], acc_ptr=b["acc"], M=m, N=n),
              constexprs=dict(BM=bm, BN=bn))],
        make=lambda torch: dict(x=torch.randn(m * n, device="cuda"),
                                acc=torch.randn(m * n, device="cuda")),
        outputs=["acc"], how="exact")


def inline_asm_pack(kernel, n, src, dst):
    # Bytes across the whole range (shift_bytes) or floats that round
    # (round_pairs); n is no multiple of the pack, so the last group of a
    # thread is padded.
    def make(torch):
        if src == "u8":
            x = torch.randint(0, 256, (n,), dtype=torch.uint8, device="cuda")
        else:
            x = torch.randn(n, device="cuda") * 1000
        out = torch.zeros(n, dtype=torch.int8 if dst == "i8" else
                          torch.float16, device="cuda")
        return dict(x=x, y=out)
    return Case(
        f"inline_asm_pack_{kernel}_n{n}", "kernels/inline_asm_pack.py",
        [Step(kernel, f"*{src}:16,*{dst}:16,{spec(n)},1024",
              grid=lambda b: (cdiv(n, 1024),),
              bind=lambda b: dict(x_ptr=b["x"], y_ptr=b["y"], n=n),
              constexprs=dict(BLOCK=1024))],
        make=make, outputs=["y"], how="exact")


def regroup_pairs(n, block=1024):
    return Case(
        f"regroup_pairs_n{n}", "kernels/regroup.py",
        [Step("regroup_pairs", f"*fp32:16,*fp32:16,{spec(n)},{block}",
              grid=lambda b: (cdiv(n, block),),
              bind=lambda b: dict(x_ptr=b["x"], out_ptr=b["y"], n=n),
              constexprs=dict(BLOCK=block))],
        make=lambda torch: dict(x=torch.randn(n, device="cuda"),
                                y=torch.zeros(n, device="cuda")),
        outputs=["y"], how="exact", bytes=lambda b: 8 * n)


def regroup_magnitudes(m, n=64, bm=32):
    return Case(
        f"regroup_magnitudes_{m}x{n}", "kernels/regroup.py",
        [Step("regroup_magnitudes", f"*fp32:16,*fp32:16,i32,{n},{bm}",
              grid=lambda b: (cdiv(m, bm),),
              bind=lambda b: dict(x_ptr=b["x"], out_ptr=b["y"], M=m),
              constexprs=dict(N=n, BM=bm))],
        make=lambda torch: dict(x=torch.randn(m, 2 * n, device="cuda"),
                                y=torch.zeros(m, n, device="cuda")),
        outputs=["y"], how="exact", bytes=lambda b: 12 * m * n)


def regroup_cat(n, block=512):
    # tl.cat may reorder: both sides sort what it gives.
    return Case(
        f"regroup_cat_n{n}", "kernels/regroup.py",
        [Step("regroup_cat", f"*fp32:16,*fp32:16,*fp32:16,{block}",
              grid=lambda b: (n // block,),
              bind=lambda b: dict(x_ptr=b["x"], y_ptr=b["y"], out_ptr=b["o"]),
              constexprs=dict(BLOCK=block))],
        make=lambda torch: dict(x=torch.randn(n, device="cuda"),
                                y=torch.randn(n, device="cuda"),
                                o=torch.zeros(4 * n, device="cuda")),
        outputs=["o"], how="exact")


def regroup_masks(r=64, g=4):
    def make(torch):
        def bytes_():
            return torch.where(torch.rand(r, g, device="cuda") < 0.3, 255,
                               torch.randint(0, 255, (r, g), device="cuda")
                               ).to(torch.uint8)
        return dict(s=bytes_(), t=bytes_(),
                    x=torch.randn(r, g * 32, device="cuda"),
                    y=torch.zeros(r, g * 32, device="cuda"),
                    z=torch.zeros(g * 32, r, device="cuda"))
    return Case(
        f"regroup_masks_{r}x{g}", "kernels/regroup.py",
        [Step("regroup_masks", f"*u8:16,*u8:16,*fp32:16,*fp32:16,*fp32:16,"
              f"{r},{g}", grid=lambda b: (1,),
              bind=lambda b: dict(s_ptr=b["s"], t_ptr=b["t"], x_ptr=b["x"],
                                  y_ptr=b["y"], z_ptr=b["z"]),
              constexprs=dict(R=r, G=g))],
        make=make, outputs=["y", "z"], how="exact")


def regroup_matmul_halves(size, bm=128, bn=256, bk=64, warps=8):
    def reference(torch, b):
        return dict(c=(b["a"].float() @ b["b"].float()).half())
    return Case(
        f"regroup_matmul_halves_{size}_{bm}x{bn}x{bk}w{warps}",
        "kernels/regroup.py",
        [Step("regroup_matmul_halves",
              f"*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,{bm},{bn},{bk}",
              grid=lambda b: (cdiv(size, bm), cdiv(size, bn)),
              bind=lambda b: dict(a_ptr=b["a"], b_ptr=b["b"], c_ptr=b["c"],
                                  M=size, N=size, K=size),
              constexprs=dict(BM=bm, BN=bn, BK=bk), num_warps=warps)],
        make=lambda torch: dict(
            a=torch.randn(size, size, device="cuda").half(),
            b=torch.randn(size, size, device="cuda").half(),
            c=torch.zeros(size, size, device="cuda").half()),
        outputs=["c"], how=(1e-2, 1e-2), reference=reference,
        reference_how=(1e-2, 1e-2), flops=lambda b: 2 * size ** 3)


def dot_scaled(a_format, b_format, m, n, k, bm=64, bn=64, bk=128, warps=4,
               fast_math=False, scales=(120, 135)):
    # tl.dot_scaled on microscaling operands (kernels/dot_scaled.py): random
    # bytes for e2m1, randn rounded for fp8/16-bit formats, scales 2^-7 to
    # 2^7 (bytes 120..134). Hopper has no scaled MMA: both sides upcast to
    # bf16 (fp16 with an fp16 operand) and multiply exactly, so only the
    # order of the fp32 sums differs; the reference dequantizes in torch.
    pack = {"e2m1": 2}
    floats = {"bf16": "bfloat16", "fp16": "float16"}
    fp8 = {"e4m3": "float8_e4m3fn", "e5m2": "float8_e5m2"}

    def operand(torch, f, rows, cols):
        if f in floats:
            return torch.randn(rows, cols, device="cuda").to(
                getattr(torch, floats[f]))
        if f == "e2m1":
            return torch.randint(0, 256, (rows, cols), dtype=torch.uint8,
                                 device="cuda")
        return torch.randn(rows, cols, device="cuda").to(
            getattr(torch, fp8[f])).view(torch.uint8)

    def make(torch):
        def scale_bytes(rows):
            return torch.randint(scales[0], scales[1], (rows, k // 32),
                                 dtype=torch.uint8, device="cuda")
        return dict(a=operand(torch, a_format, m, k // pack.get(a_format, 1)),
                    b=operand(torch, b_format, k // pack.get(b_format, 1), n),
                    sa=scale_bytes(m), sb=scale_bytes(n),
                    c=torch.zeros(m, n, device="cuda"))

    def dequant(torch, x, f, scale, k_axis):
        if f == "e2m1":
            table = torch.tensor([0, .5, 1, 1.5, 2, 3, 4, 6,
                                  -0., -.5, -1, -1.5, -2, -3, -4, -6],
                                 device="cuda")
            pair = torch.stack([table[(x & 15).long()],
                                table[(x >> 4).long()]], dim=k_axis + 1)
            v = pair.reshape(-1, x.shape[1]) if k_axis == 0 else \
                pair.reshape(x.shape[0], -1)
        elif f in fp8:
            v = x.view(getattr(torch, fp8[f])).float()
        else:
            v = x.float()
        s = torch.exp2(scale.float() - 127).repeat_interleave(32, dim=1)
        return v * (s.t() if k_axis == 0 else s)

    def reference(torch, b):
        a = dequant(torch, b["a"], a_format, b["sa"], 1).double()
        bb = dequant(torch, b["b"], b_format, b["sb"], 0).double()
        return {"c": (a @ bb).float(), "c:magnitude": a.abs() @ bb.abs()}

    def ptr(f):
        return "*" + {"bf16": "bf16", "fp16": "fp16"}.get(f, "u8")
    return Case(
        f"dot_scaled_{a_format}_{b_format}_{m}x{n}x{k}_{bm}x{bn}x{bk}w{warps}"
        + ("_fast" if fast_math else "")
        + ("" if scales == (120, 135) else f"_s{scales[0]}-{scales[1] - 1}"),
        "kernels/dot_scaled.py",
        [Step("mx_matmul",
              f"{ptr(a_format)}:16,*u8:16,{ptr(b_format)}:16,*u8:16,"
              f"*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,"
              f"{bm},{bn},{bk},'{a_format}','{b_format}',{int(fast_math)}",
              grid=lambda b: (cdiv(m, bm), cdiv(n, bn)),
              bind=lambda b: dict(a_ptr=b["a"], a_scale_ptr=b["sa"],
                                  b_ptr=b["b"], b_scale_ptr=b["sb"],
                                  c_ptr=b["c"], M=m, N=n, K=k,
                                  stride_am=b["a"].stride(0),
                                  stride_bk=b["b"].stride(0),
                                  stride_sa=k // 32, stride_sb=k // 32),
              constexprs=dict(BM=bm, BN=bn, BK=bk, A_FORMAT=a_format,
                              B_FORMAT=b_format, FAST_MATH=fast_math),
              num_warps=warps)],
        make=make, outputs=["c"], how=(1e-4, 1e-3),
        # Scales past fp16's range overflow on both sides alike; float64
        # does not.
        reference=reference if scales == (120, 135) else None,
        reference_how=(1e-5, 1e-3), flops=lambda b: 2 * m * n * k)


def ours():
    return [
        dot_scaled("e4m3", "e4m3", 512, 512, 512),
        dot_scaled("e2m1", "e2m1", 512, 512, 512),
        dot_scaled("e2m1", "e4m3", 512, 256, 1024),
        dot_scaled("e5m2", "e2m1", 256, 512, 512),
        dot_scaled("bf16", "e2m1", 512, 512, 512),
        dot_scaled("fp16", "e4m3", 512, 512, 512),
        dot_scaled("e4m3", "e2m1", 4096, 4096, 4096, 128, 128, 128, 8),
        dot_scaled("e2m1", "e2m1", 512, 512, 512, fast_math=True),
        dot_scaled("fp16", "e4m3", 512, 512, 512, fast_math=True),
        # Bytes up to 0xFF: NaN for 0xFF, infinities in fp16 from 143 up.
        dot_scaled("fp16", "e4m3", 256, 256, 256, scales=(140, 256)),
        dot_scaled("e4m3", "e2m1", 256, 256, 256, scales=(250, 256)),
        regroup_masks(), regroup_masks(128, 4),
        regroup_pairs(1 << 24), regroup_pairs(100003),
        regroup_magnitudes(100003), regroup_cat(1 << 20),
        regroup_matmul_halves(4096), regroup_matmul_halves(1024, 64, 64, 32, 4),
        dropout(1000), dropout(1 << 26),
        dropout(1 << 26, ["--l2-prefetch-distance", "0"], "_noprefetch"),
        dropout(1 << 26, ["--streaming-loads=false"], "_nostreaming"),
        random_words(100003),
        random_floats(100003),
        library_random(100003), library_swizzle(37, 13, 4),
        library_swizzle(64, 64, 8), library_rows(64, 32, 64),
        library_table([1000, 1, 1024, 77]),
        fp8_round_trip("fp8e4nv", 100003), fp8_round_trip("fp8e5", 100003),
        unsigned_ops(100003), unsigned_reductions(64), unsigned_seeds(64),
        unsigned_promotion(100003), unsigned_conversions(100003),
        unsigned_narrow_reductions(64),
        map_selu(1000, 1000), map_selu(37, 100),
        map_pairs(100003, 1024), map_pairs(1000, 64, warps=1),
        fp8_matmul("fp8e4nv", 1024), fp8_matmul("fp8e5", 1024),
        fp8_matmul("fp8e4nv", 1024, "col", 128, 128, 64, 8),
        fp8_matmul("fp8e5", 1024, "col", 128, 128, 64, 8),
        fp8_matmul("fp8e4nv", 4096, "col", 128, 128, 128, 8),
        fp8_matmul("fp8e4nv", 4096, "col", 128, 256, 128, 8),
        layernorm_fwd(4096, 8192, "fp16", 8192, 8),
        layernorm_fwd(1151, 8192, "fp16", 8192, 8),
        layernorm_fwd(16384, 1024, "fp16", 1024, 4),
        layernorm_fwd(4096, 4096, "fp32", 4096, 8),
        layernorm_bwd(4096, 8192, "fp16", 8192, 8),
        layernorm_bwd(4096, 8192, "fp16", 8192, 8,
                      flags=["--l2-prefetch-distance", "0"],
                      variant="_noprefetch"),
        layernorm_bwd(1151, 1000, "fp16", 1024, 4),
        desc_affine(1000, 1000), desc_affine(8192, 8192),
        desc_nan_padding(1000, 1000),
        desc_matmul(1000), desc_matmul(4096),
        desc_matmul(1000, kernel="ptr_matmul_relu"),
        desc_matmul(4096, kernel="ptr_matmul_relu"),
        desc_args_scale(1000, 1000), desc_args_scale(8192, 8192),
        desc_param_matmul(1000, 1000, 1000), desc_param_matmul(4096, 4096, 4096),
        desc_param_matmul(1000, 1008, 72, bm=64, bn=64, bk=32, warps=4,
                          stages=4),
        desc_param_matmul(8192, 8192, 8192, bm=128, bn=256, bk=64, warps=8,
                          stages=3),
        desc_atomic_add(1000, 1000),
        inline_asm_pack("shift_bytes", 100003, "u8", "i8"),
        inline_asm_pack("round_pairs", 100003, "fp32", "fp16"),
    ]


#===--- Triton's tutorials (files not in this repository) -------------------===#

def tutorial_cases():
    n = 98432  # the vector-add tutorial's size
    add = Case(
        "tutorial01_add", "tutorials/01-vector-add.py",
        [Step("add_kernel", f"*fp32:16,*fp32:16,*fp32:16,{spec(n)},1024",
              grid=lambda b: (cdiv(n, 1024),),
              bind=lambda b: dict(x_ptr=b["x"], y_ptr=b["y"],
                                  output_ptr=b["out"], n_elements=n),
              constexprs=dict(BLOCK_SIZE=1024))],
        make=lambda torch: dict(x=torch.rand(n, device="cuda"),
                                y=torch.rand(n, device="cuda"),
                                out=torch.zeros(n, device="cuda")),
        outputs=["out"], how="exact",
        reference=lambda torch, b: dict(out=b["x"] + b["y"]),
        reference_how="exact")

    rows, cols = 1823, 781
    softmax = Case(
        "tutorial02_softmax", "tutorials/02-fused-softmax.py",
        [Step("softmax_kernel",
              f"*fp32:16,*fp32:16,{spec(cols)},{spec(cols)},{spec(rows)},{spec(cols)},1024,4",
              grid=lambda b: (264,),
              bind=lambda b: dict(output_ptr=b["y"], input_ptr=b["x"],
                                  input_row_stride=cols,
                                  output_row_stride=cols, n_rows=rows,
                                  n_cols=cols),
              constexprs=dict(BLOCK_SIZE=1024, num_stages=4), num_warps=8)],
        make=lambda torch: dict(x=torch.randn(rows, cols, device="cuda"),
                                y=torch.zeros(rows, cols, device="cuda")),
        outputs=["y"], how=(1e-6, 1e-7),
        reference=lambda torch, b: dict(y=torch.softmax(b["x"], 1)),
        reference_how=(1e-5, 1e-6))

    m = 1 << 24
    seeded = Case(
        "tutorial04_seeded_dropout", "tutorials/04-low-memory-dropout.py",
        [Step("_seeded_dropout", f"*fp32:16,*fp32:16,{spec(m)},fp32,i32,1024",
              grid=lambda b: (cdiv(m, 1024),),
              bind=lambda b: dict(x_ptr=b["x"], output_ptr=b["out"],
                                  n_elements=m, p=0.5, seed=123),
              constexprs=dict(BLOCK_SIZE=1024))],
        make=lambda torch: dict(x=torch.randn(m, device="cuda"),
                                out=torch.zeros(m, device="cuda")),
        outputs=["out"], how="exact", bytes=lambda b: 8 * m)

    lm, ln = 1151, 8192
    fwd = Case(
        "tutorial05_layernorm_fwd", "tutorials/05-layer-norm.py",
        [Step("_layer_norm_fwd_fused",
              f"*fp16:16,*fp16:16,*fp16:16,*fp16:16,*fp32:16,*fp32:16,{spec(ln)},{spec(ln)},fp32,8192",
              grid=lambda b: (lm,),
              bind=lambda b: dict(X=b["x"], Y=b["y"], W=b["w"], B=b["b"],
                                  Mean=b["mean"], Rstd=b["rstd"], stride=ln,
                                  N=ln, eps=1e-5),
              constexprs=dict(BLOCK_SIZE=8192), num_warps=8)],
        make=lambda torch: layernorm_inputs(torch, lm, ln, "fp16"),
        outputs=["y", "mean", "rstd"], how=(1e-2, 1e-2),
        bytes=lambda b: 2 * b["x"].numel() * 2)

    groups = 96  # the tutorial's GROUP_SIZE_M for N <= 8192

    def bwd_make(torch):
        b = layernorm_inputs(torch, lm, ln, "fp16")
        b["mean"], b["rstd"] = b["ref_mean"], b["ref_rstd"]
        b["pdw"] = torch.zeros(groups, ln, dtype=torch.float16, device="cuda")
        b["pdb"] = torch.zeros(groups, ln, dtype=torch.float16, device="cuda")
        b["locks"] = torch.zeros(2 * groups, dtype=torch.int32, device="cuda")
        b["dw"] = torch.zeros(ln, dtype=torch.float16, device="cuda")
        b["db"] = torch.zeros(ln, dtype=torch.float16, device="cuda")
        return b
    bwd = Case(
        "tutorial05_layernorm_bwd", "tutorials/05-layer-norm.py",
        [Step("_layer_norm_bwd_dx_fused",
              "*fp16:16,*fp16:16,*fp16:16,*fp16:16,*fp16:16,*fp16:16,"
              f"*fp32:16,*fp32:16,*i32:16,{spec(ln)},{spec(ln)},{groups},8192",
              grid=lambda b: (lm,),
              bind=lambda b: dict(DX=b["dx"], DY=b["dy"], DW=b["pdw"],
                                  DB=b["pdb"], X=b["x"], W=b["w"],
                                  Mean=b["mean"], Rstd=b["rstd"],
                                  Lock=b["locks"], stride=ln, N=ln),
              constexprs=dict(GROUP_SIZE_M=groups, BLOCK_SIZE_N=8192),
              num_warps=8),
         Step("_layer_norm_bwd_dwdb",
              f"*fp16:16,*fp16:16,*fp16:16,*fp16:16,{spec(groups)},{spec(ln)},32,128",
              grid=lambda b: (cdiv(ln, 128),),
              bind=lambda b: dict(DW=b["pdw"], DB=b["pdb"], FINAL_DW=b["dw"],
                                  FINAL_DB=b["db"], M=groups, N=ln),
              constexprs=dict(BLOCK_SIZE_M=32, BLOCK_SIZE_N=128))],
        make=bwd_make, outputs=["dx", "dw", "db"],
        # fp16 partial sums, added in the order the lock is taken.
        how=(2e-2, 2e-2),
        bytes=lambda b: 3 * b["x"].numel() * 2,
        reset=lambda b: b["locks"].zero_())
    # The tutorial's kernel needs N_CTX a multiple of BLOCK_M: its blocks of
    # one head would otherwise read and write the next head's rows.
    return [add, softmax, seeded, fwd, bwd, attention_case(1, 4, 1024, 3),
            attention_case(2, 2, 2048, 1), attention_case(4, 16, 4096, 3),
            attention_bwd_case(1, 2, 1024), attention_bwd_case(4, 16, 4096),
            # Other configs of the tutorial's autotune list: one warpgroup,
            # wide K blocks, HEAD_DIM 128.
            attention_case(2, 8, 2048, 3, bm=64, bn=64, warps=4),
            attention_case(2, 8, 2048, 1, head_dim=128, bm=128, bn=128,
                           warps=8, stages=2),
            attention_case(2, 8, 2048, 3, head_dim=128, bm=128, bn=64,
                           warps=8),
            attention_case(2, 8, 2048, 1, head_dim=128, bm=64, bn=32,
                           warps=4, stages=4),
            grouped_gemm_case([(1024, 1024, 1024), (512, 512, 512),
                               (256, 256, 256), (128, 128, 128)]),
            tutorial_matmul_case(4096, 4096, 4096),
            tutorial_matmul_case(1000, 1000, 1000, 128, 128, 64, 8, 4, 4),
            persistent_matmul_case(4096, subtile=True),
            persistent_matmul_case(4096, subtile=False)]


def persistent_matmul_case(size, subtile, bm=128, bn=256, bk=64, group=8,
                           warps=8, stages=3, num_sms=132):
    """Tutorial 09's matmul_kernel_descriptor_persistent: tensor
    descriptors made in the kernel, one program per SM looping over tiles,
    B given as N x K; with EPILOGUE_SUBTILE the accumulator is stored as two
    column halves taken apart by reshape, permute and split."""
    def make(torch):
        return dict(a=(0.5 * torch.randn(size, size, device="cuda")).half(),
                    b=(0.5 * torch.randn(size, size, device="cuda")).half(),
                    c=torch.zeros(size, size, device="cuda").half())

    def reference(torch, b):
        return dict(c=(b["a"].float() @ b["b"].float().t()).half())
    tiles = cdiv(size, bm) * cdiv(size, bn)
    flag = "True" if subtile else "False"
    return Case(
        f"tutorial09_descriptor_persistent_{size}_{bm}x{bn}x{bk}"
        f"{'_subtile' if subtile else ''}",
        "tutorials/09-persistent-matmul.py",
        [Step("matmul_kernel_descriptor_persistent",
              f"*fp16:16,*fp16:16,*fp16:16,{spec(size)},{spec(size)},"
              f"{spec(size)},{bm},{bn},{bk},{group},{flag},{num_sms},"
              "False,False",
              grid=lambda b: (min(num_sms, tiles),),
              bind=lambda b: dict(a_ptr=b["a"], b_ptr=b["b"], c_ptr=b["c"],
                                  M=size, N=size, K=size),
              constexprs=dict(BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn,
                              BLOCK_SIZE_K=bk, GROUP_SIZE_M=group,
                              EPILOGUE_SUBTILE=subtile, NUM_SMS=num_sms,
                              WARP_SPECIALIZE=False, FLATTEN=False),
              num_warps=warps, num_stages=stages)],
        make=make, outputs=["c"], how=(1e-2, 1e-2), reference=reference,
        reference_how=(1e-2, 2e-2), flops=lambda b: 2 * size ** 3)


def tutorial_matmul_case(m, n, k, bm=128, bn=256, bk=64, group=8, warps=8,
                         stages=3, activation="leaky_relu"):
    """Tutorial 03's matmul_kernel (grouped program order, a jit activation
    chosen by a string constexpr), fp16 in and out."""
    def make(torch):
        return dict(a=(0.5 * torch.randn(m, k, device="cuda")).half(),
                    b=(0.5 * torch.randn(k, n, device="cuda")).half(),
                    c=torch.zeros(m, n, device="cuda").half())

    def bind(b):
        return dict(a_ptr=b["a"], b_ptr=b["b"], c_ptr=b["c"], M=m, N=n, K=k,
                    stride_am=k, stride_ak=1, stride_bk=n, stride_bn=1,
                    stride_cm=n, stride_cn=1)

    def reference(torch, b):
        c = b["a"].float() @ b["b"].float()
        if activation == "leaky_relu":
            c = torch.where(c >= 0, c, 0.01 * c)
        return dict(c=c.half())
    return Case(
        f"tutorial03_matmul_{m}x{n}x{k}_{bm}x{bn}x{bk}w{warps}s{stages}",
        "tutorials/03-matrix-multiplication.py",
        [Step("matmul_kernel",
              f"*fp16:16,*fp16:16,*fp16:16,{spec(m)},{spec(n)},{spec(k)},"
              f"{spec(k)},i32:1,{spec(n)},i32:1,{spec(n)},i32:1,{bm},{bn},"
              f"{bk},{group},'{activation}'",
              grid=lambda b: (cdiv(m, bm) * cdiv(n, bn),), bind=bind,
              constexprs=dict(BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn,
                              BLOCK_SIZE_K=bk, GROUP_SIZE_M=group,
                              ACTIVATION=activation),
              num_warps=warps, num_stages=stages)],
        make=make, outputs=["c"], how=(1e-2, 1e-2), reference=reference,
        reference_how=(1e-2, 5e-2), flops=lambda b: 2 * m * n * k)


def grouped_gemm_case(sizes, num_sm=132, bm=128, bn=128, bk=32, warps=4,
                      stages=3):
    """Tutorial 08's grouped_matmul_kernel: problems found through tables of
    int64 matrix addresses (pointer casts), a persistent loop over tiles.
    Sizes must be multiples of the tiles (the tutorial's assumption)."""
    offsets = {"a": [0], "b": [0], "c": [0]}
    for m, n, k in sizes:
        offsets["a"].append(offsets["a"][-1] + m * k)
        offsets["b"].append(offsets["b"][-1] + k * n)
        offsets["c"].append(offsets["c"][-1] + m * n)

    def make(torch):
        return dict(a=(0.5 * torch.randn(offsets["a"][-1], device="cuda")).half(),
                    b=(0.5 * torch.randn(offsets["b"][-1], device="cuda")).half(),
                    c=torch.zeros(offsets["c"][-1], device="cuda").half())

    def bind(b):
        # The tables hold this side's copies' addresses.
        import torch

        def table(name):
            return torch.tensor([b[name].data_ptr() + 2 * o
                                 for o in offsets[name][:-1]],
                                dtype=torch.int64, device="cuda")
        flat = [v for m, n, k in sizes for v in (m, n, k)]
        lds = [v for m, n, k in sizes for v in (k, n, n)]
        return dict(group_a_ptrs=table("a"), group_b_ptrs=table("b"),
                    group_c_ptrs=table("c"),
                    group_gemm_sizes=torch.tensor(flat, dtype=torch.int32,
                                                  device="cuda"),
                    g_lds=torch.tensor(lds, dtype=torch.int32, device="cuda"),
                    group_size=len(sizes))

    def reference(torch, b):
        parts = []
        for i, (m, n, k) in enumerate(sizes):
            a = b["a"][offsets["a"][i]:offsets["a"][i + 1]].view(m, k).float()
            w = b["b"][offsets["b"][i]:offsets["b"][i + 1]].view(k, n).float()
            parts.append((a @ w).half().flatten())
        return dict(c=torch.cat(parts))
    flops = sum(2 * m * n * k for m, n, k in sizes)
    return Case(
        f"tutorial08_grouped_gemm_{len(sizes)}_{bm}x{bn}x{bk}",
        "tutorials/08-grouped-gemm.py",
        [Step("grouped_matmul_kernel",
              f"*i64:16,*i64:16,*i64:16,*i32:16,*i32:16,i32,{num_sm},{bm},"
              f"{bn},{bk}",
              grid=lambda b: (num_sm,), bind=bind,
              constexprs=dict(NUM_SM=num_sm, BLOCK_SIZE_M=bm,
                              BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk),
              num_warps=warps, num_stages=stages)],
        make=make, outputs=["c"], how=(1e-2, 1e-2), reference=reference,
        reference_how=(1e-2, 2e-2), flops=lambda b: flops)


def attention_case(z, h, n_ctx, stage, head_dim=64, bm=128, bn=64, warps=8,
                   stages=3):
    """Tutorial 06's _attn_fwd through host tensor descriptors (its current
    source: _maybe_make_tensor_desc tests isinstance(..., tensor_descriptor)),
    causal (STAGE 3) or not (1), beside Triton and torch's attention.
    N_CTX must be a multiple of BLOCK_M (the tutorial's own assumption)."""
    rows = z * h * n_ctx

    def make(torch):
        def qkv():
            return (0.5 * torch.randn(z, h, n_ctx, head_dim,
                                      device="cuda")).half()
        return dict(q=qkv(), k=qkv(), v=qkv(),
                    o=torch.zeros(z, h, n_ctx, head_dim, device="cuda").half(),
                    m=torch.zeros(z, h, n_ctx, device="cuda"))

    def bind(b):
        from triton.tools.tensor_descriptor import TensorDescriptor

        def desc(name, block):
            return TensorDescriptor(b[name], shape=[rows, head_dim],
                                    strides=[head_dim, 1],
                                    block_shape=[block, head_dim])
        return dict(sm_scale=0.5, M=b["m"], Z=z, H=h, desc_q=desc("q", bm),
                    desc_k=desc("k", bn), desc_v=desc("v", bn),
                    desc_o=desc("o", bm), N_CTX=n_ctx)

    def reference(torch, b):
        o = torch.nn.functional.scaled_dot_product_attention(
            b["q"].float(), b["k"].float(), b["v"].float(),
            is_causal=stage == 3, scale=0.5)
        return dict(o=o.half())
    flops = 4 * z * h * n_ctx * n_ctx * head_dim // (2 if stage == 3 else 1)
    return Case(
        f"tutorial06_attn_fwd_{z}x{h}x{n_ctx}x{head_dim}_stage{stage}"
        + ("" if (bm, bn, warps, stages) == (128, 64, 8, 3)
           else f"_{bm}x{bn}w{warps}s{stages}"),
        "tutorials/06-fused-attention.py",
        [Step("_attn_fwd",
              f"fp32,*fp32:16,i32,i32,tensordesc<fp16[{bm},{head_dim}]>,"
              f"tensordesc<fp16[{bn},{head_dim}]>,"
              f"tensordesc<fp16[{bn},{head_dim}]>,"
              f"tensordesc<fp16[{bm},{head_dim}]>,{spec(n_ctx)},{head_dim},"
              f"{bm},{bn},False,{stage},False,True",
              grid=lambda b: (cdiv(n_ctx, bm), z * h, 1), bind=bind,
              constexprs=dict(HEAD_DIM=head_dim, BLOCK_M=bm, BLOCK_N=bn,
                              FP8_OUTPUT=False, STAGE=stage,
                              warp_specialize=False, IS_HOPPER=True),
              num_warps=warps, num_stages=stages)],
        make=make, outputs=["o", "m"], how=(1e-2, 1e-2), reference=reference,
        reference_how=(1e-2, 2e-2), flops=lambda b: flops)


def attention_bwd_case(z, h, n_ctx, causal=True, head_dim=64):
    """Tutorial 06's backward: _attn_bwd_preprocess (delta = rowsum(o * do))
    then _attn_bwd (dk, dv per key block, dq per query block; five products
    a step, several of a transposed block), its launch as the tutorial's
    backward() makes it (BLOCK_M1, BLOCK_N1, BLOCK_M2, BLOCK_N2 = 32, 128,
    128, 32, 4 warps, 5 stages). o and M (log2-sum-exp of the scaled
    scores) come from torch; the reference is torch's autograd."""
    sm_scale = 0.5
    rcp_ln2 = 1.4426950408889634

    def make(torch):
        def randn():
            return (0.5 * torch.randn(z, h, n_ctx, head_dim,
                                      device="cuda")).half()
        q, k, v, do = randn(), randn(), randn(), randn()
        s = (q.float() @ k.float().transpose(2, 3)) * sm_scale
        if causal:
            keep = torch.tril(torch.ones(n_ctx, n_ctx, device="cuda",
                                         dtype=torch.bool))
            s = s.masked_fill(~keep, float("-inf"))
        o = (torch.softmax(s, dim=-1) @ v.float()).half()
        m = torch.logsumexp(s, dim=-1) * rcp_ln2
        return dict(q=q, k=k, v=v, do=do, o=o, m=m.contiguous(),
                    karg=(k * (sm_scale * rcp_ln2)).contiguous(),
                    delta=torch.zeros(z, h, n_ctx, device="cuda"),
                    dq=torch.zeros_like(q), dk=torch.zeros_like(k),
                    dv=torch.zeros_like(v))

    def bind_pre(b):
        return dict(O=b["o"], DO=b["do"], Delta=b["delta"], Z=z, H=h,
                    N_CTX=n_ctx)

    def bind(b):
        return dict(Q=b["q"], K=b["karg"], V=b["v"], sm_scale=sm_scale,
                    DO=b["do"], DQ=b["dq"], DK=b["dk"], DV=b["dv"],
                    M=b["m"], D=b["delta"], stride_z=h * n_ctx * head_dim,
                    stride_h=n_ctx * head_dim, stride_tok=head_dim,
                    stride_d=1, H=h, N_CTX=n_ctx)

    def reference(torch, b):
        q, k, v = (b[n].float().requires_grad_() for n in ("q", "k", "v"))
        o = torch.nn.functional.scaled_dot_product_attention(
            q, k, v, is_causal=causal, scale=sm_scale)
        o.backward(b["do"].float())
        return dict(dq=q.grad.half(), dk=k.grad.half(), dv=v.grad.half())

    sz, sh = h * n_ctx * head_dim, n_ctx * head_dim
    flops = 2.5 * 4 * z * h * n_ctx * n_ctx * head_dim * (0.5 if causal
                                                           else 1.0)
    return Case(
        f"tutorial06_attn_bwd_{z}x{h}x{n_ctx}x{head_dim}_"
        f"{'causal' if causal else 'full'}",
        "tutorials/06-fused-attention.py",
        [Step("_attn_bwd_preprocess",
              f"*fp16:16,*fp16:16,*fp32:16,i32,i32,{spec(n_ctx)},128,"
              f"{head_dim}",
              grid=lambda b: (n_ctx // 128, z * h), bind=bind_pre,
              constexprs=dict(BLOCK_M=128, HEAD_DIM=head_dim)),
         Step("_attn_bwd",
              f"*fp16:16,*fp16:16,*fp16:16,fp32,*fp16:16,*fp16:16,*fp16:16,"
              f"*fp16:16,*fp32:16,*fp32:16,{spec(sz)},{spec(sh)},"
              f"{spec(head_dim)},i32:1,{spec(h)},{spec(n_ctx)},32,128,128,"
              f"32,2,{head_dim},{causal}",
              grid=lambda b: (n_ctx // 128, 1, z * h), bind=bind,
              constexprs=dict(BLOCK_M1=32, BLOCK_N1=128, BLOCK_M2=128,
                              BLOCK_N2=32, BLK_SLICE_FACTOR=2,
                              HEAD_DIM=head_dim, CAUSAL=causal),
              num_warps=4, num_stages=5)],
        make=make, outputs=["dq", "dk", "dv"], how=(2e-2, 2e-2),
        reference=reference, reference_how=(3e-2, 3e-2),
        flops=lambda b: flops)


def cases(root, tutorials, sources=None):
    """Every case, with `source` set (compile: from the repository and
    `tutorials`) or `run_source` set (run: from `sources`)."""
    result = []
    for case in ours():
        if root:
            case.source = os.path.join(root, "test/gpu", case.source_dest)
        result.append(case)
    for case in tutorial_cases():
        if root:
            if not tutorials:
                continue
            case.source = os.path.join(
                tutorials, os.path.basename(case.source_dest))
            if not os.path.exists(case.source):
                continue
        result.append(case)
    if sources:
        result = [c for c in result
                  if os.path.exists(os.path.join(sources, c.source_dest))]
        for case in result:
            case.run_source = os.path.join(sources, case.source_dest)
    return result
