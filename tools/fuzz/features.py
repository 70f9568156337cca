"""Features of generated kernels that an independent fuzzer found faults
with, for gen.py (kernels made with defined=False only).

Each feature is drawn per kernel with a modest probability (draw); the
kernel's statements then include it (statement) or, for structure at
scale, one big structure (scale). Everything comes from the kernel's
random generator, so input i of seed S is still a function of (S, i).

  consts      constants assigned to variables then used in arithmetic
              (a = -7; a // 2; h = 1e30; h * h / h), negative bases with
              odd powers, compile-time float edge cases (nan, inf, -0.0 in
              min/max, //, %)
  heuristics  @triton.heuristics lambdas computing large ints
              (2**62 * 2, int(1e19), triton.next_power_of_2(...))
  dtypes      every kind of dtype argument: tl.zeros, tl.full, tl.sum and
              tl.cumsum (dtype=), tl.inline_asm_elementwise(dtype=), .to(),
              pointer types, fp8 from integers and floats, bitcasts to and
              from fp8, tl.where on fp8
  mix         tl.join / tl.cat / tl.interleave of loads with reduction
              results and tl.dot results
  i1          loads through *i1 pointers (and stores through them)
  combine     tl.reduce / tl.associative_scan with a combine function,
              some holding a pointer constant
  scale       one structure at scale: a chain of hundreds to thousands of
              jit helpers each calling the next, a long if/elif chain,
              many sequential loops, deeply nested expressions or
              statements
"""

import math

PROBABILITY = {"consts": 0.12, "heuristics": 0.06, "dtypes": 0.12,
               "mix": 0.07, "i1": 0.05, "combine": 0.06, "scale": 0.02}


def draw(rng):
    """The features of one kernel, in a fixed order of draws."""
    return {name for name, p in sorted(PROBABILITY.items())
            if rng.random() < p}


def shape_text(shape):
    return "[%s]" % ", ".join(str(d) for d in shape)


def log_uniform(rng, low, high):
    """An integer in [low, high], uniform in its logarithm: sizes from
    hundreds to thousands, most of them small enough to compile quickly."""
    return int(math.exp(rng.uniform(math.log(low), math.log(high))))


def to_work(k, expr, work):
    return "(%s).to(%s)" % (expr, k.dtype_name(work))


# --- constants and compile-time edge cases ---------------------------------

CONST_VALUES = ["-7", "7", "-1", "0", "3", "-3", "2147483647",
                "-2147483648", "4294967295", "2**31", "2**32", "2**63 - 1",
                "-2**63", "2**64", "1e30", "-1e30", "1e-40", "1e300", "-0.0",
                "0.1", "float('nan')", "float('inf')", "float('-inf')",
                "float('-0')", "True", "-5.0"]
CONST_OPS = ["{a} // 2", "{a} % 3", "{a} // -2", "{a} % -3", "{a} * {a}",
             "{a} * {a} / {a}", "{a} ** 3", "(-{a}) ** 3", "-{a} ** 3",
             "{a} ** -1", "-{a}", "{a} - {a}", "{a} << 3", "{a} >> 1",
             "abs({a})", "{a} / 3", "{a} // 0.5", "{a} % float('inf')",
             "{a} // float('inf')", "min({a}, -0.0)", "max(-0.0, {a})",
             "min({a}, float('nan'))", "max({a}, float('inf'))",
             "{a} + 2**31", "int({a})", "float({a})", "{a} % 0.75",
             "{a} // {a}", "{a} % {a}", "(-7) ** 3", "(-2) ** 63",
             "(-2.5) ** 3", "{a} if {a} else -{a}", "not {a}", "~{a}"]
FLOAT_EDGES = ["min(float('nan'), 1.0)", "max(-0.0, 0.0)", "min(0.0, -0.0)",
               "float('inf') // 1", "-0.0 % 5", "5.0 % float('inf')",
               "-5.0 % float('inf')", "-5.0 // float('inf')",
               "float('nan') // 2", "float('inf') % 2", "-0.0 // 1",
               "max(float('-inf'), -0.0)", "1e308 * 10", "1e-320 / 3",
               "float('-0') * -1", "0.0 ** 0", "(-0.0) ** 3",
               "float(2**63 - 1)", "2.0 ** 1024", "1 // 0", "1.0 % 0.0"]


def const_arith(k, shape, work):
    """a = VALUE; b = OP(a); v = x + b: constants that Triton turns into
    tensors, then arithmetic on them (or, annotated, on compile-time
    values)."""
    rng = k.rng
    src = k.pick(shape, [work]) or k.pick(shape)
    if src is None:
        return
    annotate = rng.random() < 0.3
    colon = ": tl.constexpr" if annotate else ""
    a = k.fresh("c")
    if rng.random() < 0.3:
        k.emit("%s%s = %s" % (a, colon, rng.choice(FLOAT_EDGES)))
        b = a
    else:
        k.emit("%s%s = %s" % (a, colon, rng.choice(CONST_VALUES)))
        b = k.fresh("c")
        k.emit("%s%s = %s" % (b, colon if rng.random() < 0.7 else "",
                              rng.choice(CONST_OPS).format(a=a)))
    out = k.fresh()
    op = rng.choice(["+", "*", "-"])
    k.emit("%s = %s" % (out, to_work(k, "%s %s %s" % (src.name, op, b),
                                     work)))
    k.add_var(out, work, shape)


# --- heuristics ------------------------------------------------------------

HEURISTICS = ["2**62 * 2", "int(1e19)", "int(-1e19)",
              "triton.next_power_of_2({B})", "triton.next_power_of_2(0)",
              "triton.next_power_of_2(2**40 + 1)",
              "triton.next_power_of_2({B} * 2**50)", "max(2**62 * 2, 1)",
              "-(2**63)", "2**64", "2**63 - 1", "triton.cdiv({B}, 3)",
              "triton.cdiv(2**70, {B})", "{B} * 2**40", "float('nan')",
              "1e300 * 1e300", "-0.0", "min(float('inf'), 2)", "{B} // 0",
              "abs(-2**63)", "{B} > 64", "-7 // 2", "-7 % 3", "(-2) ** 63",
              "True + True", "1 / 3", "{B} ** 0.5", "(-8) ** 0.5",
              "{B} if {B} > 16 else 2**100", "bool({B} & 1)", "int(2.5e18)",
              "float(2**64)", "{B} << 62", "-{B} >> 100"]


def heuristics(k, block_name):
    """Binds one or two new constexpr parameters through
    @triton.heuristics and uses them; the signature stays as it was."""
    rng = k.rng
    names = ["HV"] + (["HW"] if rng.random() < 0.3 else [])
    lambdas = []
    for name in names:
        expr = rng.choice(HEURISTICS).format(B="args['%s']" % block_name)
        if name == "HW":
            expr = rng.choice(["args['HV'] * 2", "args['HV'] - args['HV']",
                               "triton.next_power_of_2(args['HV'])",
                               "max(args['HV'], 1)", "-args['HV']"])
        lambdas.append("'%s': lambda args: %s" % (name, expr))
        k.extra_params.append("%s: tl.constexpr" % name)
    k.decorators.append("@triton.heuristics(values={%s})"
                        % ", ".join(lambdas))
    k.heuristics = names


def use_heuristic(k, shape, work):
    rng = k.rng
    src = k.pick(shape, [work]) or k.pick(shape)
    if src is None or not k.heuristics:
        return
    h = rng.choice(k.heuristics)
    out = k.fresh()
    r = rng.random()
    if r < 0.4:
        k.emit("%s = %s" % (out, to_work(k, "%s + %s" % (src.name, h),
                                         work)))
    elif r < 0.7:
        k.emit("%s = %s" % (out, to_work(k, "%s * tl.full(%s, %s, %s)" % (
            src.name, shape_text(shape), h, rng.choice(
                ["tl.int64", "tl.float32", "tl.uint64", "tl.int32"])),
            work)))
    else:
        k.emit("if %s > 0:" % h)
        k.emit("    %s = %s + 1" % (out, src.name))
        k.emit("else:")
        k.emit("    %s = %s - 1" % (out, src.name))
    k.add_var(out, src.dtype if r >= 0.7 else work, shape)


# --- dtype arguments -------------------------------------------------------

DTYPES = ["tl.int1", "tl.int8", "tl.int16", "tl.int32", "tl.int64",
          "tl.uint8", "tl.uint16", "tl.uint32", "tl.uint64", "tl.float16",
          "tl.bfloat16", "tl.float32", "tl.float64", "tl.float8e4nv",
          "tl.float8e5"]
ODD_DTYPES = ["tl.pointer_type(tl.float32)", "tl.pointer_type(tl.int8)",
              "tl.pointer_type(tl.float8e4nv)", "tl.float8e4b15",
              "tl.pointer_type(tl.pointer_type(tl.float32))", "tl.void",
              "tl.pointer_type(tl.int1)"]
FP8 = ["tl.float8e4nv", "tl.float8e5"]
WIDTH = {"tl.int1": 1, "tl.int8": 8, "tl.uint8": 8, "tl.float8e4nv": 8,
         "tl.float8e5": 8, "tl.int16": 16, "tl.uint16": 16,
         "tl.float16": 16, "tl.bfloat16": 16, "tl.int64": 64,
         "tl.uint64": 64, "tl.float64": 64}
ASM = {1: ("mov.b16 $0, $1;", "=h,h"), 8: ("mov.b16 $0, $1;", "=h,h"),
       16: ("mov.b16 $0, $1;", "=h,h"), 32: ("mov.b32 $0, $1;", "=r,r"),
       64: ("mov.b64 $0, $1;", "=l,l")}


def any_dtype(rng):
    return rng.choice(ODD_DTYPES) if rng.random() < 0.15 else \
        rng.choice(DTYPES)


def width(dtype):
    return WIDTH.get(dtype, 64 if "pointer" in dtype else 32)


def dtype_statement(k, shape, work, two_d):
    """A value made or converted with a dtype argument, brought back to
    the working type."""
    rng = k.rng
    src = k.pick(shape, [work])
    if src is None:
        return
    d = any_dtype(rng)
    s = shape_text(shape)
    t = k.fresh("t")
    r = rng.random()
    value = t
    if r < 0.15:
        k.emit("%s = tl.zeros(%s, dtype=%s)" % (t, s, d))
        value = "%s + %s.to(tl.float32)" % (src.name, t)
    elif r < 0.3:
        fill = rng.choice(["0", "1", "-1", "3.5", "300", "float('nan')",
                           "2**40", "True", "-0.0", "65504.0", "448.0"])
        k.emit("%s = tl.full(%s, %s, %s)" % (t, s, fill, d))
        value = "%s + %s.to(tl.float32)" % (src.name, t)
    elif r < 0.45:
        fn = rng.choice(["tl.sum", "tl.cumsum"])
        axis = rng.choice([0, 1]) if two_d else 0
        k.emit("%s = %s(%s, axis=%d, dtype=%s)" % (t, fn, src.name, axis, d))
        index = ""
        if fn == "tl.sum" and two_d:
            index = "[:, None]" if axis == 1 else "[None, :]"
        value = "%s + %s%s.to(tl.float32)" % (src.name, t, index)
    elif r < 0.55:
        asm, constraints = ASM[width(d)]
        k.emit("%s = tl.inline_asm_elementwise(%r, %r, [%s.to(%s)], "
               "dtype=%s, is_pure=True, pack=1)" % (
                   t, asm, constraints, src.name, d, d))
        value = "%s.to(tl.float32)" % t
    elif r < 0.7:
        k.emit("%s = %s.to(%s)" % (t, src.name, d))
        value = "%s.to(tl.float32)" % t
        if "pointer" in d:
            value = "%s.to(tl.int64)" % t
    elif r < 0.85:
        f8 = rng.choice(FP8)
        if rng.random() < 0.5:  # to fp8 through the bits of a byte
            k.emit("%s = %s.to(tl.int8).to(%s, bitcast=True)" % (
                t, src.name, f8))
        else:  # from fp8 to a byte's bits, or a width that does not match
            bits = rng.choice(["tl.int8", "tl.uint8", "tl.int8", "tl.int16"])
            k.emit("%s = %s.to(%s).to(%s, bitcast=True)" % (
                t, src.name, f8, bits))
        value = "%s.to(tl.float32)" % t
    else:
        f8 = rng.choice(FP8)
        k.emit("%s = tl.where(%s > 0, %s.to(%s), (%s * 2).to(%s))" % (
            t, src.name, src.name, f8, src.name, f8))
        value = "%s.to(tl.float32)" % t
    out = k.fresh()
    k.emit("%s = %s" % (out, to_work(k, value, work)))
    k.add_var(out, work, shape)


# --- join, cat, interleave of mixed sources --------------------------------

def mix(k, shape, work, two_d):
    """Puts a loaded (or computed) block beside a reduction result or a
    tl.dot result through tl.join / tl.cat / tl.interleave, and back."""
    rng = k.rng
    src = k.pick(shape, [work])
    if src is None:
        return
    s = shape_text(shape)
    red = k.fresh("m")
    fn = rng.choice(["tl.sum", "tl.max", "tl.min"])
    if two_d:
        axis = rng.choice([0, 1])
        k.emit("%s = tl.broadcast_to(%s(%s, axis=%d, keep_dims=True), %s)"
               % (red, fn, src.name, axis, s))
    else:
        k.emit("%s = %s + %s(%s, axis=0) * 0" % (red, src.name, fn, src.name))
    other = red
    if k.dot_vars and rng.random() < 0.5:
        other = rng.choice(k.dot_vars)
    if rng.random() < 0.3:
        src_name = "x" if work == k.in_dtype else src.name
    else:
        src_name = src.name
    pair = [src_name, other]
    rng.shuffle(pair)
    a, b, out = k.fresh(), k.fresh(), k.fresh()
    r = rng.random()
    last = shape[-1]
    if r < 0.4:
        k.emit("%s, %s = tl.split(tl.join(%s, %s))" % (a, b, pair[0],
                                                       pair[1]))
    elif r < 0.75 or two_d:
        halves = list(shape[:-1]) + [last, 2]
        k.emit("%s, %s = tl.split(tl.reshape(tl.interleave(%s, %s), %s))"
               % (a, b, pair[0], pair[1], shape_text(halves)))
    else:
        k.emit("%s = tl.cat(%s, %s, can_reorder=True)" % (a, pair[0],
                                                          pair[1]))
        k.emit("%s = tl.sum(tl.reshape(%s, [2, %d]), axis=0)" % (b, a, last))
        a = b
    k.emit("%s = %s" % (out, to_work(k, "%s + %s" % (a, b), work)))
    k.add_var(out, work, shape)


# --- combine functions -----------------------------------------------------

COMBINE_BODIES = [
    "return a + b",
    "return tl.maximum(a, b)",
    "p = tl.full([], 0, tl.int64).to(tl.pointer_type(tl.float32))\n"
    "    return tl.where(p == p, a + b, a)",
    "p = tl.zeros([], dtype=tl.pointer_type(tl.float32))\n"
    "    return a + b",
    "p = tl.full([], 64, tl.int64).to(tl.pointer_type(tl.int8))\n"
    "    q = p + 1\n"
    "    return tl.where(q.to(tl.int64) > 0, a, b)",
    "P: tl.constexpr = tl.pointer_type(tl.float32)\n"
    "    return a + b",
]


def combine(k, shape, work, two_d):
    rng = k.rng
    src = k.pick(shape, [work])
    if src is None:
        return
    name = "combine%d" % len(k.extra_helpers)
    body = rng.choice(COMBINE_BODIES)
    k.extra_helpers.append("@triton.jit\ndef %s(a, b):\n    %s\n" % (name,
                                                                      body))
    axis = rng.choice([0, 1]) if two_d else 0
    out = k.fresh()
    if rng.random() < 0.5:
        r = k.fresh("r")
        k.emit("%s = tl.reduce(%s, %d, %s, keep_dims=True)" % (
            r, src.name, axis, name))
        k.emit("%s = %s + %s" % (out, src.name, r))
    else:
        k.emit("%s = tl.associative_scan(%s, %d, %s)" % (out, src.name, axis,
                                                          name))
    k.add_var(out, work, shape)


# --- structure at scale ----------------------------------------------------

def scale(k, shape, work):
    """One structure of hundreds to thousands of pieces."""
    rng = k.rng
    target = k.pick(shape, [work])
    if target is None:
        return
    one = "1" if work in ("i32", "u32") else "1.0"
    kind = rng.choice(["chain", "elif", "static elif", "loops", "parens",
                       "sum", "unary", "calls", "ifs", "fors"])
    out = k.fresh()
    if kind == "chain":
        n = log_uniform(rng, 100, 3000)
        for i in range(n):
            body = "return a" if i == n - 1 else \
                "return chain%d(a) + %s" % (i + 1, one)
            k.extra_helpers.append("@triton.jit\ndef chain%d(a):\n    %s\n"
                                   % (i, body))
        k.emit("%s = chain0(%s)" % (out, target.name))
    elif kind in ("elif", "static elif"):
        n = log_uniform(rng, 100, 3000)
        subject = "pid" if kind == "elif" else k.block_name
        k.emit("%s = %s" % (out, target.name))
        for i in range(n):
            k.emit("%s %s == %d:" % ("if" if i == 0 else "elif", subject, i))
            k.emit("    %s = %s + %d" % (out, target.name, i))
        k.emit("else:")
        k.emit("    %s = %s - %s" % (out, target.name, one))
    elif kind == "loops":
        n = log_uniform(rng, 50, 1000)
        k.emit("%s = %s" % (out, target.name))
        for i in range(n):
            k.emit("for i%d in range(2):" % i)
            k.emit("    %s = %s + %s" % (out, out, target.name))
    elif kind == "parens":
        n = log_uniform(rng, 50, 600)
        k.emit("%s = %s%s%s" % (out, "(%s + " % target.name * n, one,
                                ")" * n))
    elif kind == "sum":
        n = log_uniform(rng, 100, 3000)
        k.emit("%s = %s" % (out, " + ".join([target.name] * n)))
    elif kind == "unary":
        n = log_uniform(rng, 50, 2000)
        op = "~" if work in ("i32", "u32") else "-"
        k.emit("%s = %s%s" % (out, (op + " ") * n, target.name))
    elif kind == "calls":
        n = log_uniform(rng, 50, 600)
        fn = rng.choice(["tl.maximum(%s, " % target.name,
                         "tl.where(%s > 0, %s, " % (target.name,
                                                    target.name)])
        k.emit("%s = %s%s%s" % (out, fn * n, target.name, ")" * n))
    elif kind == "ifs":
        n = log_uniform(rng, 20, 200)
        k.emit("%s = %s" % (out, target.name))
        for i in range(n):
            k.emit("    " * i + "if pid > %d:" % (i - 1))
        k.emit("    " * n + "%s = %s + %s" % (out, out, one))
    else:
        n = log_uniform(rng, 5, 60)
        k.emit("%s = %s" % (out, target.name))
        for i in range(n):
            k.emit("    " * i + "for j%d in range(1):" % i)
        k.emit("    " * n + "%s = %s + %s" % (out, out, target.name))
    k.add_var(out, work, shape)


def statement(k, shape, work, two_d):
    """A statement of one of the kernel's features, or False when none
    was drawn (gen.py then draws one of its own)."""
    rng = k.rng
    choices = [f for f in ("consts", "heuristics", "dtypes", "mix",
                           "combine") if f in k.features]
    if not choices or rng.random() < 0.5:
        return False
    feature = rng.choice(choices)
    if feature == "consts":
        const_arith(k, shape, work)
    elif feature == "heuristics":
        use_heuristic(k, shape, work)
    elif feature == "dtypes":
        dtype_statement(k, shape, work, two_d)
    elif feature == "mix":
        mix(k, shape, work, two_d)
    else:
        combine(k, shape, work, two_d)
    return True
