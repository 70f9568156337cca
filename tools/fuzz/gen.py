"""Structure-aware generator of random @triton.jit kernels for tilec.

generate(rng) returns (source, kernel, signature). The kernels are mostly
well typed block programs (fp32, fp16, i32 and u32 blocks of power-of-two
shapes, masked loads and stores, element-wise math, tl.where, reductions,
loops, ifs, jit helpers, small tl.dot products), with a few deliberate
mistakes mixed in so that error paths are exercised too. Unless behaviour
must be defined, some kernels also carry the features of features.py.
Only the standard library is used, so CI needs no extra packages.
"""

import random

import features

DTYPES = {"fp32": "tl.float32", "fp16": "tl.float16", "i32": "tl.int32",
          "u32": "tl.uint32", "i1": "tl.int1"}
BLOCK_DTYPES = ["fp32", "fp16", "i32", "u32"]  # i1 only as a feature
INTS = ("i32", "u32")
FLOAT_UNARY = ["tl.exp", "tl.log", "tl.sqrt", "tl.abs", "tl.sin", "tl.cos",
               "tl.exp2", "tl.log2", "tl.sigmoid", "tl.floor", "tl.ceil",
               "tl.rsqrt"]
FLOAT_BINARY = ["+", "-", "*", "/"]
INT_BINARY = ["+", "-", "*", "//", "%", "&", "|", "^", "<<", ">>"]
COMPARES = ["<", "<=", ">", ">=", "==", "!="]
REDUCTIONS = ["tl.sum", "tl.max", "tl.min"]


class Var:
    """A name in the kernel, with its dtype ('fp32', 'fp16', 'i32', 'u32', 'i1')
    and shape (a tuple; () for scalars)."""

    def __init__(self, name, dtype, shape):
        self.name, self.dtype, self.shape = name, dtype, shape


class Kernel:
    def __init__(self, rng, defined=False):
        self.rng = rng
        # Only behaviour both compilers define (differential.py): no integer
        # division by zero, no shift by the width or more, no float to int
        # conversion of NaN, infinities or values out of range.
        self.defined = defined
        self.lines = []
        self.helpers = []
        self.vars = []
        self.counter = 0
        self.indent = 1
        # The features of features.py drawn for this kernel (none where
        # behaviour must be defined), and what they add around the body.
        self.features = set()
        self.decorators = []
        self.extra_params = []
        self.extra_helpers = []
        self.heuristics = []
        self.dot_vars = []
        self.in_dtype = None
        self.block_name = "BLOCK"

    def fresh(self, prefix="v"):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def emit(self, line):
        self.lines.append("    " * self.indent + line)

    def add_var(self, name, dtype, shape):
        self.vars.append(Var(name, dtype, shape))

    def dtype_name(self, dtype):
        return DTYPES[dtype]

    def pick(self, shape=None, dtypes=None):
        pool = [v for v in self.vars
                if (shape is None or v.shape == shape) and
                (dtypes is None or v.dtype in dtypes)]
        return self.rng.choice(pool) if pool else None

    def literal(self, dtype):
        rng = self.rng
        if dtype == "i32":
            return str(rng.choice([0, 1, 2, 3, 7, 31, -1, 1024, 65535]))
        if dtype == "u32":
            return str(rng.choice([0, 1, 2, 3, 7, 31, 1024, 65535,
                                   4294967295]))
        return rng.choice(["0.0", "1.0", "0.5", "2.0", "-3.25", "1e-3",
                           "float('inf')", "float('-inf')", "1e4"])

    def to_int_range(self, value, dtype):
        """`value` (a float expression) made safe to convert to `dtype`
        where behaviour must be defined: NaN to 0, then clamped."""
        if not self.defined:
            return value
        low = "0.0" if dtype == "u32" else "-1e6"
        return "tl.clamp(tl.where(%s == %s, %s, 0.0), %s, 1e6)" % (
            value, value, value, low)

    def expr(self, shape, dtype, depth):
        """An expression of roughly this shape and dtype."""
        rng = self.rng
        leaf = self.pick(shape, [dtype]) or self.pick(shape)
        if depth <= 0 or leaf is None or rng.random() < 0.25:
            if leaf is None or rng.random() < 0.15:
                return self.literal(dtype)
            return leaf.name
        r = rng.random()
        a = self.expr(shape, dtype, depth - 1)
        b = self.expr(shape, dtype, depth - 1)
        if dtype in INTS:
            if r < 0.6:
                op = rng.choice(INT_BINARY)
                if self.defined and op in ("//", "%"):
                    b = "((%s & 65535) | 1)" % b
                elif self.defined and op in ("<<", ">>"):
                    b = "(%s & 7)" % b
                return "(%s %s %s)" % (a, op, b)
            if r < 0.75:
                return "tl.where(%s %s %s, %s, %s)" % (
                    a, rng.choice(COMPARES), b, b, a)
            if r < 0.85:
                return "tl.%s(%s, %s)" % (rng.choice(["maximum", "minimum"]),
                                          a, b)
            return "(%s).to(%s)" % (self.to_int_range(
                self.expr(shape, "fp32", depth - 1), dtype), DTYPES[dtype])
        if r < 0.45:
            return "(%s %s %s)" % (a, rng.choice(FLOAT_BINARY), b)
        if r < 0.65:
            fn = rng.choice(FLOAT_UNARY)
            # Triton's math functions take fp32 or fp64 (tl.abs any
            # number): an fp16 block goes through fp32.
            if dtype == "fp32" or fn == "tl.abs":
                return "%s(%s)" % (fn, a)
            return "%s((%s).to(tl.float32)).to(%s)" % (fn, a, DTYPES[dtype])
        if r < 0.75:
            return "tl.where(%s %s %s, %s, %s)" % (
                a, rng.choice(COMPARES), b, a, b)
        if r < 0.82:
            return "tl.%s(%s, %s)" % (rng.choice(["maximum", "minimum"]), a, b)
        if r < 0.9 and leaf.name in a:
            return "(%s).to(%s)" % (a, DTYPES[dtype])
        if self.helpers and r < 0.97:
            return "%s(%s, %s)" % (rng.choice(self.helpers), a, b)
        return "tl.fma(%s, %s, %s)" % (a, b, a) if r < 0.99 else \
            "(%s ** 2)" % a  # '**' on a block: a located error

    def assign(self, shape, dtype, depth):
        name = self.fresh()
        self.emit("%s = %s" % (name, self.expr(shape, dtype, depth)))
        self.vars.append(Var(name, dtype, shape))
        return name


def shape_text(shape):
    return "[%s]" % ", ".join(str(d) for d in shape)


def helper_source(rng, name):
    body = rng.choice(["return a * b + a", "return tl.maximum(a, b) - b",
                       "c = a + b\n    return c * 0.5",
                       "if B_SCALE:\n        a = a * 2.0\n    return a + b"])
    params = "a, b"
    if "B_SCALE" in body:
        params = "a, b, B_SCALE: tl.constexpr = True"
    return "@triton.jit\ndef %s(%s):\n    %s\n" % (name, params, body)


def generate(rng, defined=False, extras=True):
    """Returns (source, kernel name, signature). With `defined`, the kernel
    avoids undefined behaviour (see Kernel); without `extras` it has none
    of features.py's features (the generator as it was before them)."""
    k = Kernel(rng, defined)
    if extras and not defined:
        k.features = features.draw(rng)
    in_dtype = rng.choice(BLOCK_DTYPES)
    out_dtype = rng.choice(BLOCK_DTYPES)
    w_dtype = in_dtype
    if "i1" in k.features:  # loads (and some stores) through *i1
        in_dtype, w_dtype = "i1", "fp16"
        out_dtype = rng.choice([out_dtype, "i1"])
    k.in_dtype = in_dtype
    two_d = rng.random() < 0.4
    work = in_dtype if in_dtype in INTS else "fp32"
    helpers = []
    for _ in range(rng.choice([0, 0, 1, 2])):
        name = "helper%d" % len(helpers)
        helpers.append(helper_source(rng, name))
        if work not in INTS:
            k.helpers.append(name)

    if two_d:
        bm, bn = rng.choice([1, 2, 4, 16, 32, 64]), rng.choice([16, 32, 64])
        params = "x_ptr, y_ptr, w_ptr, M, N, stride, BM: tl.constexpr, " \
                 "BN: tl.constexpr"
        stride_spec = ":%d" % rng.choice([1, 16])
        # A stride of 1 under rows of a block makes the rows overlap, and
        # the unmasked stores race; kernels without undefined behaviour
        # take an unspecialised stride there (the runner makes it >= BN).
        if defined and bm > 1 and stride_spec == ":1":
            stride_spec = ""
        sig = "*%s:16,*%s:16,*%s:16,i32,i32,i32%s,%d,%d" % (
            in_dtype, out_dtype, w_dtype, stride_spec, bm, bn)
        k.block_name = "BM"
        shape = (bm, bn)
        k.emit("pid = tl.program_id(0)")
        k.emit("rows = pid * BM + tl.arange(0, BM)")
        k.emit("cols = tl.arange(0, BN)")
        k.emit("offs = rows[:, None] * stride + cols[None, :]")
        k.emit("mask = (rows[:, None] < M) & (cols[None, :] < N)")
    else:
        block = rng.choice([1, 16, 128, 256, 1024, 4096])
        params = "x_ptr, y_ptr, w_ptr, n, BLOCK: tl.constexpr"
        sig = "*%s:16,*%s:16,*%s:16,i32%s,%d" % (
            in_dtype, out_dtype, w_dtype, rng.choice(["", ":16", ":1"]), block)
        shape = (block,)
        k.emit("pid = tl.program_id(axis=0)")
        k.emit("offs = pid * BLOCK + tl.arange(0, BLOCK)")
        k.emit("mask = offs < n")
    guard_at = len(k.lines)
    other = "0" if in_dtype in INTS else rng.choice(["0.0", "float('-inf')"])
    # Sometimes through a pointer cast: the address and back (the axis
    # analysis knows nothing of the result, so its loads stay scalar), with
    # an assumption about the program id.
    source_ptr = "x_ptr"
    if rng.random() < 0.1:
        k.emit("tl.assume(pid >= 0)")
        k.emit("xp = x_ptr.to(tl.int64).to(tl.pointer_type(%s))"
               % DTYPES[in_dtype])
        source_ptr = "xp"
    k.emit("x = tl.load(%s + offs, mask=mask, other=%s)" % (source_ptr, other))
    k.vars.append(Var("x", in_dtype, shape))
    if work != in_dtype:
        k.emit("xw = x.to(tl.float32)")
        k.vars.append(Var("xw", work, shape))

    if "heuristics" in k.features:
        features.heuristics(k, k.block_name)
        params += ", " + ", ".join(k.extra_params)
    statements = rng.randint(1, 6)
    scale_at = rng.randrange(statements) if "scale" in k.features else -1
    for i in range(statements):
        statement(k, shape, work, two_d)
        if i == scale_at:
            features.scale(k, shape, work)

    result = k.pick(shape, [work]) or k.vars[-1]
    store_mask = rng.choice(["mask", "mask", "None"])
    value = result.name
    if out_dtype in INTS and result.dtype not in INTS:
        value = "(%s)" % k.to_int_range(value, out_dtype)
    k.emit("tl.store(y_ptr + offs, %s.to(%s), mask=%s)" % (
        value, DTYPES[out_dtype], store_mask))

    kernel = rng.choice(["fuzz_kernel", "k", "kernel_2d" if two_d else "k1d"])
    # Drawn last, so that the rest of the kernel is what it was before
    # early returns were generated: a guard that returns (never taken on
    # the grids run, so outputs stay comparable with Triton's).
    if rng.random() < 0.3:
        k.lines[guard_at:guard_at] = ["    if pid >= 65536:", "        return"]
    source = "import triton\nimport triton.language as tl\n\n\n"
    helpers += k.extra_helpers
    source += "\n\n".join(helpers) + ("\n\n" if helpers else "")
    source += "".join(d + "\n" for d in k.decorators)
    source += "@triton.jit\ndef %s(%s):\n%s\n" % (kernel, params,
                                                  "\n".join(k.lines))
    return source, kernel, sig


def statement(k, shape, work, two_d):
    """One random statement: an assignment, a reduction, a loop, an if or a
    product."""
    rng = k.rng
    if k.features and features.statement(k, shape, work, two_d):
        return
    r = rng.random()
    if r < 0.4:
        k.assign(shape, work, rng.randint(1, 3))
    elif r < 0.55:
        reduction(k, shape, work, two_d)
    elif r < 0.7:
        loop(k, shape, work)
    elif r < 0.85:
        branch(k, shape, work)
    elif two_d and r < 0.93:
        dot(k, shape, work)
    else:
        shape_op(k, shape, work, two_d)


def reduction(k, shape, work, two_d):
    rng = k.rng
    src = k.pick(shape, [work])
    if src is None:
        return
    fn = rng.choice(REDUCTIONS)
    name = k.fresh("r")
    if two_d and rng.random() < 0.7:
        axis = rng.choice([0, 1])
        k.emit("%s = %s(%s, axis=%d)" % (name, fn, src.name, axis))
        index = "[:, None]" if axis == 1 else "[None, :]"
        out = k.fresh()
        k.emit("%s = %s - %s%s" % (out, src.name, name, index))
        k.vars.append(Var(out, work, shape))
        return
    k.emit("%s = %s(%s%s)" % (name, fn, src.name,
                              ", axis=0" if not two_d else ""))
    if two_d:  # a reduction of every axis is a scalar
        k.vars.append(Var(name, work, ()))
    out = k.fresh()
    k.emit("%s = %s + %s" % (out, src.name, name))
    k.vars.append(Var(out, work, shape))


def loop(k, shape, work):
    rng = k.rng
    acc = k.fresh("acc")
    init = "0" if work in INTS else "0.0"
    k.emit("%s = tl.zeros(%s, dtype=%s)%s" % (
        acc, shape_text(shape), DTYPES[work],
        "" if rng.random() < 0.8 else " + %s" % init))
    k.vars.append(Var(acc, work, shape))
    kind = rng.choice(["range(0, 4)", "range(3)", "tl.static_range(2)",
                       "range(0, n, 64)" if len(shape) == 1 else "range(M)",
                       "tl.range(1, 5, 2)"])
    it = k.fresh("i")
    k.emit("for %s in %s:" % (it, kind))
    k.indent += 1
    k.emit("%s = %s + %s" % (acc, acc, k.expr(shape, work, 2)))
    if rng.random() < 0.3:
        k.emit("%s = %s * %s" % (acc, acc, "2" if work in INTS else "0.5"))
    k.indent -= 1


def branch(k, shape, work):
    rng = k.rng
    target = k.pick(shape, [work])
    if target is None:
        return
    cond = rng.choice(["pid % 2 == 0", "pid > 3", "BLOCK > 64" if
                       len(shape) == 1 else "BM > 16", "pid == 0 or pid == 1"])
    k.emit("if %s:" % cond)
    k.indent += 1
    k.emit("%s = %s" % (target.name, k.expr(shape, work, 2)))
    k.indent -= 1
    if rng.random() < 0.6:
        k.emit("else:")
        k.indent += 1
        k.emit("%s = %s" % (target.name, k.expr(shape, work, 1)))
        k.indent -= 1


def shape_op(k, shape, work, two_d):
    """A scan, an argmax, a transpose or a reshape, back to `shape`."""
    rng = k.rng
    src = k.pick(shape, [work])
    if src is None:
        return
    out = k.fresh()
    axis = rng.choice([0, 1]) if two_d else 0
    r = rng.random()
    if r < 0.3:
        k.emit("%s = tl.cumsum(%s, axis=%d)" % (out, src.name, axis))
    elif r < 0.5:
        idx = k.fresh("idx")
        k.emit("%s = tl.%s(%s, axis=%d)" % (
            idx, rng.choice(["argmax", "argmin"]), src.name, axis))
        index = "" if not two_d else "[:, None]" if axis == 1 else "[None, :]"
        k.emit("%s = %s + %s%s.to(%s)" % (out, src.name, idx, index,
                                          DTYPES[work]))
    elif r < 0.7 and two_d and shape[0] == shape[1]:
        k.emit("%s = tl.trans(%s)" % (out, src.name))
    elif r < 0.78:
        flat = 1
        for d in shape:
            flat *= d
        k.emit("%s = tl.reshape(tl.reshape(%s, [%d]), %s)" % (
            out, src.name, flat, shape_text(shape)))
    elif r < 0.85 and shape[-1] % 2 == 0:
        # Pairs of the last dim swapped through split and join, or its
        # halves interleaved through a 3-d permute: both keep the shape.
        halves = list(shape[:-1]) + [shape[-1] // 2, 2]
        if rng.random() < 0.5:
            lo, hi = k.fresh(), k.fresh()
            k.emit("%s, %s = tl.split(tl.reshape(%s, %s))" % (
                lo, hi, src.name, shape_text(halves)))
            k.emit("%s = tl.reshape(tl.join(%s, %s), %s)" % (
                out, hi, lo, shape_text(shape)))
        else:
            split = list(shape[:-1]) + [2, shape[-1] // 2]
            order = list(range(len(shape) - 1)) + [len(shape), len(shape) - 1]
            k.emit("%s = tl.reshape(tl.permute(tl.reshape(%s, %s), %s), %s)"
                   % (out, src.name, shape_text(split),
                      "(%s)" % ", ".join(str(d) for d in order),
                      shape_text(shape)))
    elif r < 0.9:
        k.emit("%s = tl.broadcast_to(%s, %s)" % (out, src.name,
                                                 shape_text(shape)))
    elif r < 0.94:
        k.emit("%s = tl.reshape(%s.ravel(), %s)" % (out, src.name,
                                                    shape_text(shape)))
    elif r < 0.97 and work not in INTS:
        k.emit("%s = tl.softmax(%s, %s)" % (
            out, src.name, "dim=%d, keep_dims=True" % axis if two_d else "0"))
    else:
        other = k.pick((), None)
        scalar = other.name if other is not None else k.literal(work)
        k.emit("%s, _ = tl.broadcast(%s, %s)" % (out, src.name, scalar))
    k.vars.append(Var(out, work, shape))


def dot(k, shape, work):
    """acc[BM, BN] += w[BM, BK] @ w[BK, BN], loaded from w_ptr."""
    rng = k.rng
    bm, bn = shape
    bk = rng.choice([16, 32])
    a, b, c = k.fresh("a"), k.fresh("b"), k.fresh("c")
    k.emit("%s = tl.load(w_ptr + tl.arange(0, %d)[:, None] * %d + "
           "tl.arange(0, %d)[None, :])" % (a, bm, bk, bk))
    transposed = rng.random() < 0.3
    if transposed:  # B loaded as B^T, [BN, BK], and transposed back
        k.emit("%s = tl.load(w_ptr + tl.arange(0, %d)[:, None] * %d + "
               "tl.arange(0, %d)[None, :])" % (b, bn, bk, bk))
    else:
        k.emit("%s = tl.load(w_ptr + tl.arange(0, %d)[:, None] * %d + "
               "tl.arange(0, %d)[None, :])" % (b, bk, bn, bn))
    acc = "" if rng.random() < 0.5 else ", acc=tl.zeros(%s, dtype=tl.float32)" \
        % shape_text(shape)
    if work in INTS:  # tl.dot takes no integer blocks: products in fp16
        k.emit("%s, %s = %s.to(tl.float16), %s.to(tl.float16)" % (a, b, a, b))
    if transposed:
        b = rng.choice(["tl.trans(%s)", "%s.T"]) % b
    k.emit("%s = tl.dot(%s, %s%s)" % (c, a, b, acc))
    if rng.random() < 0.3:
        # A product of a product, rounded to fp16 (attention's P @ V: on
        # sm_90a the first accumulator is wgmma's register operand).
        d = k.fresh("d")
        k.emit("%s = tl.load(w_ptr + tl.arange(0, %d)[:, None] * %d + "
               "tl.arange(0, %d)[None, :])" % (d, bn, bn, bn))
        k.emit("%s = tl.dot(%s.to(tl.float16), %s.to(tl.float16))"
               % (c, c, d))
    out = k.fresh()
    k.emit("%s = %s.to(%s)" % (out, c, DTYPES[work]))
    k.vars.append(Var(out, work, shape))
    k.dot_vars.append(out)


if __name__ == "__main__":
    import sys
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    src, name, sig = generate(random.Random(seed))
    print("# kernel %s, signature %s" % (name, sig))
    print(src)
