#!/usr/bin/env python3
"""Compile-time folding against CPython: random Python expressions, their
values printed by tilec at compile time, compared with CPython's.

    tools/fuzz/fold.py --seed S --count N --out DIR [--tilec PATH]
                       [--modes kernel,heuristics] [--batch B]
                       [--budget SECONDS]

Expression i of seed S depends only on (S, i). Each is made of literals
(small and huge ints, around 2^31, 2^32, 2^63 and 2^64, negative; floats
such as 0.1, 1e300, 1e-320, inf, nan, -0.0; bools), operators (+ - * / //
% ** << >> & | ^ ~, unary - + not, comparisons, chained comparisons,
and/or, conditional expressions) and builtins (min, max, abs, int, float,
bool, triton.cdiv, triton.next_power_of_2, float('inf'), float('nan'),
float('-0')). CPython evaluates it (eval in a namespace holding only those
builtins; Triton's cdiv and next_power_of_2 are its Python functions).
ZeroDivisionError, OverflowError, ValueError and TypeError, and a complex
value anywhere in the expression (tilec has no complex numbers), make it
an expression that must fail.

tilec evaluates it two ways (--modes):

  kernel      `X: tl.constexpr = EXPR` then `tl.static_print('e17', X)` in
              a @triton.jit function's body (MLIRGen's folding)
  heuristics  `@triton.heuristics(values={'X': lambda args: EXPR})` and
              `tl.static_print('e17', X)` (the heuristics evaluator)

tl.static_print prints `e17 VALUE` on stderr at compile time, VALUE as
Python's str() writes it, which must equal CPython's str() of the result.
Expressions with a value go into kernels many at a time (--batch) with
--emit tile (nothing is compiled past the front end); when such a kernel
fails, the expression its located error names (or, without one, each half
in turn) is taken out and the rest run again. An expression that must
fail runs alone, and tilec must fail with a located error on its line.

A chained comparison (`a < b < c`) that Python evaluates must fail in
kernel mode, as Triton's code generator refuses one ("simultaneous
multiple comparison is not supported"); one that `and`, `or` or a
conditional expression skips is never generated. Heuristics are Python
and evaluate it.

Known differences from Python, skipped (counted, not compared):

  - min/max with a NaN operand: Triton refuses it in a kernel, Python
    answers (min(nan, 1.0) is nan, min(1.0, nan) is 1.0);
  - min/max of one argument: Triton gives that argument back (max(1) is
    1), Python raises TypeError;
  - ints beyond the compiler's bound (--int-bits, 4096 bits of magnitude,
    anywhere in the expression): an error in tilec, a value in Python.

Mismatches (a different value, no value, an error where CPython has a
value, success or an unlocated error where CPython raises) are saved as
DIR/failures/NNNNN-MODE/ (input.py, command.sh, expected.txt, stderr.txt;
the first --keep of them); DIR/summary.txt has the counts. Exits 1 on any
mismatch.
"""

import argparse
import ast
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# --- CPython's side --------------------------------------------------------

def cdiv(x, y):
    """triton.cdiv, as Triton writes it."""
    return (x + y - 1) // y


def next_power_of_2(n):
    """triton.next_power_of_2, as Triton writes it (0 for n <= 0)."""
    n -= 1
    n |= n >> 1
    n |= n >> 2
    n |= n >> 4
    n |= n >> 8
    n |= n >> 16
    n |= n >> 32
    n += 1
    return n


NAMESPACE = {"min": min, "max": max, "abs": abs, "int": int,
             "float": float, "bool": bool,
             "triton": types.SimpleNamespace(cdiv=cdiv,
                                             next_power_of_2=next_power_of_2)}
ERRORS = (ZeroDivisionError, OverflowError, ValueError, TypeError)


class Skip(Exception):
    """A known difference from Python: the expression is not compared."""


class MustFail(Exception):
    """Python raises, or the value is complex somewhere: tilec must fail."""


class Guard:
    """Walks an expression's AST as CPython evaluates it (short circuits
    and chained comparisons included), with CPython's operators on the
    values, to find what eval() cannot tell: the widest int anywhere
    (before `**` or `<<` builds it), complex values in the middle, and the
    known differences. eval() of the text gives the value compared."""

    BINARY = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
              ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
              ast.FloorDiv: lambda a, b: a // b,
              ast.Mod: lambda a, b: a % b, ast.Pow: lambda a, b: a ** b,
              ast.LShift: lambda a, b: a << b,
              ast.RShift: lambda a, b: a >> b,
              ast.BitAnd: lambda a, b: a & b, ast.BitOr: lambda a, b: a | b,
              ast.BitXor: lambda a, b: a ^ b}
    COMPARE = {ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
               ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
               ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b}

    def __init__(self, int_bits, kernel=False):
        self.int_bits = int_bits
        # In a kernel, a chained comparison that is evaluated is an error.
        self.kernel = kernel

    def check(self, value):
        if isinstance(value, complex):
            raise MustFail("complex value")
        if isinstance(value, int) and value.bit_length() > self.int_bits:
            raise Skip("int beyond %d bits" % self.int_bits)
        return value

    def wide(self, a, b, op):
        """Whether `a op b` on ints would pass the bound (not computed)."""
        if not (isinstance(a, int) and isinstance(b, int)):
            return False
        if op is ast.Pow and b > 0:
            return (abs(a) > 1 and
                    (abs(a).bit_length() - 1) * b > self.int_bits)
        if op is ast.LShift and b > 0 and a != 0:
            return a.bit_length() + b > self.int_bits + 1
        return False

    def eval(self, node):
        try:
            return self.check(self.visit(node))
        except ERRORS as e:
            raise MustFail("%s: %s" % (type(e).__name__, e))

    def visit(self, node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.UnaryOp):
            x = self.check(self.visit(node.operand))
            op = type(node.op)
            if op is ast.Not:
                return not x
            return {ast.USub: lambda v: -v, ast.UAdd: lambda v: +v,
                    ast.Invert: lambda v: ~v}[op](x)
        if isinstance(node, ast.BinOp):
            a = self.check(self.visit(node.left))
            b = self.check(self.visit(node.right))
            if self.wide(a, b, type(node.op)):
                raise Skip("int beyond %d bits" % self.int_bits)
            return self.check(self.BINARY[type(node.op)](a, b))
        if isinstance(node, ast.BoolOp):
            for i, v in enumerate(node.values):
                x = self.check(self.visit(v))
                last = i == len(node.values) - 1
                if last or (isinstance(node.op, ast.And) and not x) or (
                        isinstance(node.op, ast.Or) and x):
                    return x
        if isinstance(node, ast.Compare):
            if self.kernel and len(node.ops) > 1:
                raise MustFail("a chained comparison")
            a = self.check(self.visit(node.left))
            for op, right in zip(node.ops, node.comparators):
                b = self.check(self.visit(right))
                if not self.COMPARE[type(op)](a, b):
                    return False
                a = b
            return True
        if isinstance(node, ast.IfExp):
            test = self.check(self.visit(node.test))
            return self.visit(node.body if test else node.orelse)
        if isinstance(node, ast.Call):
            return self.call(node)
        raise AssertionError("unexpected node %s" % ast.dump(node))

    def call(self, node):
        name = ast.unparse(node.func)
        if name == "float" and node.args and isinstance(
                node.args[0], ast.Constant) and isinstance(
                    node.args[0].value, str):
            return float(node.args[0].value)
        args = [self.check(self.visit(a)) for a in node.args]
        if name in ("min", "max"):
            if len(args) == 1:
                raise Skip("one-argument %s" % name)
            if any(isinstance(a, float) and math.isnan(a) for a in args):
                raise Skip("NaN in %s" % name)
        fn = NAMESPACE.get(name) or getattr(NAMESPACE["triton"],
                                            name.split(".")[-1])
        return fn(*args)


def reference(text, int_bits, kernel=False):
    """('value', str) or ('error', why) or ('skip', why) for one
    expression, from CPython (`kernel`: a chained comparison that Python
    evaluates must fail, as in a Triton kernel)."""
    tree = ast.parse(text, mode="eval")
    try:
        Guard(int_bits, kernel).eval(tree.body)
    except Skip as e:
        return "skip", str(e)
    except MustFail as e:
        return "error", str(e)
    value = eval(compile(tree, "<fold>", "eval"), {"__builtins__": {}},
                 dict(NAMESPACE))
    return "value", str(value)


# --- expressions -----------------------------------------------------------

INTS = ["0", "1", "2", "3", "5", "7", "10", "31", "32", "63", "64", "100",
        "255", "256", "1000", "65535", "65536", "2147483647", "2147483648",
        "4294967295", "4294967296", "9223372036854775807",
        "9223372036854775808", "18446744073709551615",
        "18446744073709551616", "0x7fffffff", "0x80000000",
        "0xffffffffffffffff", "1_000_000", "(2**31)", "(2**32)", "(2**63)",
        "(2**64)", "(2**100)", "123456789012345678901234567890"]
RARE_INTS = ["0o17", "0b101", "0X1F", "00", "0_0"]
FLOATS = ["0.0", "0.1", "0.5", "1.0", "1.5", "2.5", "3.0", "0.3", "1e16",
          "1e-5", "123456789.0", "1e300", "1e308", "1.7976931348623157e308",
          "1e-320", "5e-324", "2.2250738585072014e-308", "1e22", "1e23",
          "9007199254740993.0", "4.5", "1e-10", "2.0", ".5", "1.", "1e309",
          "float('inf')", "float('-inf')", "float('nan')", "float('-0')",
          "-0.0"]
BINARY = ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"]
COMPARES = ["<", "<=", ">", ">=", "==", "!="]


class Expressions:
    """A random expression as text: each operator put in parentheses, or
    now and then left to Python's precedence (the text is what counts:
    CPython parses it)."""

    def __init__(self, rng):
        self.rng = rng

    def leaf(self, kind):
        rng = self.rng
        if kind == "bool" or (kind == "any" and rng.random() < 0.1):
            return rng.choice(["True", "False"])
        if kind == "float" or (kind == "any" and rng.random() < 0.4):
            return rng.choice(FLOATS)
        if rng.random() < 0.02:
            return rng.choice(RARE_INTS)
        return rng.choice(INTS)

    def wrap(self, text):
        return text if self.rng.random() < 0.15 else "(%s)" % text

    def small_int(self):
        if self.rng.random() < 0.03:
            return "-1"
        return str(self.rng.choice([0, 1, 2, 3, 5, 7, 31, 32, 33, 63, 64,
                                    65]))

    def int_expr(self, depth):
        """An expression that is mostly an int (or a bool): what the
        bitwise operators and the int builtins take."""
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            return self.leaf(rng.choice(["int", "int", "int", "bool"]))
        sub = lambda: self.int_expr(depth - 1)  # noqa: E731
        r = rng.random()
        if r < 0.5:
            op = rng.choice(BINARY[:3] + ["//", "%", "&", "|", "^", "<<",
                                          ">>", "**"])
            b = self.small_int() if op in ("<<", ">>", "**") else sub()
            return self.wrap("%s %s %s" % (sub(), op, b))
        if r < 0.6:
            return self.wrap("%s%s" % (rng.choice(["-", "~", "+"]), sub()))
        if r < 0.7:
            return "int(%s)" % self.expr(depth - 1)
        if r < 0.8:
            return self.wrap("%s %s %s" % (sub(), rng.choice(COMPARES),
                                           sub()))
        if r < 0.9:
            return "%s(%s, %s)" % (rng.choice(["min", "max"]), sub(), sub())
        return rng.choice(["triton.cdiv(%s, %s)" % (sub(), sub()),
                           "triton.next_power_of_2(%s)" % sub(),
                           "abs(%s)" % sub()])

    def expr(self, depth, kind="any"):
        rng = self.rng
        if kind in ("int", "bool") and rng.random() < 0.97:
            return self.int_expr(depth)
        if depth <= 0 or rng.random() < 0.25:
            return self.leaf(kind)
        r = rng.random()
        sub = lambda k="any": self.expr(depth - 1, k)  # noqa: E731
        if r < 0.4:
            op = rng.choice(BINARY)
            if op in ("<<", ">>", "&", "|", "^") and rng.random() < 0.97:
                a = sub(rng.choice(["int", "int", "bool"]))
                b = self.small_int() if op in ("<<", ">>") else \
                    sub(rng.choice(["int", "bool"]))
            elif op == "**" and rng.random() < 0.85:
                a, b = sub(), rng.choice([self.small_int(), "0.5", "-2",
                                          "2.5", sub("int")])
            elif op in ("/", "//", "%") and rng.random() < 0.7:
                a, b = sub(), rng.choice([self.leaf("int"), self.leaf("float"),
                                          "3", "-7", "float('inf')",
                                          "0.75", sub()])
            else:
                a, b = sub(), sub()
            return self.wrap("%s %s %s" % (a, op, b))
        if r < 0.5:
            op = rng.choice(["-", "+", "not ", "~"])
            x = sub("int" if op == "~" and rng.random() < 0.97 else "any")
            return self.wrap("%s%s" % (op, x))
        if r < 0.6:
            n = rng.choice([1, 1, 1, 2])
            items = [sub() for _ in range(n + 1)]
            ops = [rng.choice(COMPARES) for _ in range(n)]
            text = items[0] + "".join(" %s %s" % (o, i)
                                      for o, i in zip(ops, items[1:]))
            return self.wrap(text)
        if r < 0.67:
            return self.wrap("%s %s %s" % (sub(), rng.choice(["and", "or"]),
                                           sub()))
        if r < 0.72:
            return self.wrap("%s if %s else %s" % (sub(), sub(), sub()))
        return self.call(sub)

    def call(self, sub):
        rng = self.rng
        fn = rng.choice(["min", "max", "min", "max", "abs", "int", "float",
                         "bool", "triton.cdiv", "triton.next_power_of_2"])
        if fn in ("min", "max"):
            n = rng.choice([2, 2, 2, 3]) if rng.random() > 0.03 else 1
            return "%s(%s)" % (fn, ", ".join(sub() for _ in range(n)))
        if fn == "triton.cdiv":
            return "triton.cdiv(%s, %s)" % (sub("int"), rng.choice(
                [self.leaf("int"), "3", "16", sub()]))
        if fn == "triton.next_power_of_2":
            return "triton.next_power_of_2(%s)" % sub("int")
        return "%s(%s)" % (fn, sub())

    def make(self):
        """An expression that Python parses (precedence may put `not`
        where Python does not take it: then the parenthesised form)."""
        for _ in range(10):
            text = self.expr(self.rng.choice([1, 2, 2, 3, 3, 4]))
            try:
                ast.parse(text, mode="eval")
                return text
            except SyntaxError:
                continue
        return "1"


def expression(seed, index):
    return Expressions(random.Random("fold:%d:%d" % (seed, index))).make()


# --- tilec's side ----------------------------------------------------------

HEADER = "import triton\nimport triton.language as tl\n\n\n"


def kernel_source(mode, exprs):
    """A kernel printing each (index, text) of `exprs`; and the line of
    each expression, for the errors."""
    lines = HEADER.split("\n")[:-1]
    where = {}
    if mode == "kernel":
        lines += ["@triton.jit", "def fold():"]
        for i, text in exprs:
            where[len(lines) + 1] = i
            lines.append("    X%d: tl.constexpr = %s" % (i, text))
            lines.append("    tl.static_print('e%d', X%d)" % (i, i))
    else:
        lines.append("@triton.heuristics(values={")
        for i, text in exprs:
            where[len(lines) + 1] = i
            lines.append("    'X%d': lambda args: %s," % (i, text))
        lines += ["})", "@triton.jit", "def fold(%s):" % ", ".join(
            "X%d: tl.constexpr" % i for i, _ in exprs)]
        lines += ["    tl.static_print('e%d', X%d)" % (i, i)
                  for i, _ in exprs]
    return "\n".join(lines) + "\n", where


def compile_kernel(args, mode, exprs):
    """(returncode or None, stderr, source, {line: index})."""
    source, where = kernel_source(mode, exprs)
    path = os.path.join(args.work, "input.py")
    with open(path, "w") as f:
        f.write(source)
    try:
        p = subprocess.run(command(args, "input.py"), cwd=args.work,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=args.timeout)
        rc, err = p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, err = None, "timed out"
    return rc, err, source, where


def command(args, path):
    return [args.tilec, path, "--kernel", "fold", "--signature", "",
            "--emit", "tile", "-o", os.devnull]


LOCATED = re.compile(r"^input\.py:(\d+):\d+: error:", re.M)
PRINTED = re.compile(r"^e(\d+) (.*)$", re.M)


class Run:
    def __init__(self, args):
        self.args = args
        self.counts = {}
        self.saved = 0
        self.failures = []

    def count(self, mode, what):
        key = (mode, what)
        self.counts[key] = self.counts.get(key, 0) + 1

    def mismatch(self, mode, index, text, expected, got, err):
        self.count(mode, "mismatched")
        self.failures.append((mode, index))
        if self.saved >= self.args.keep:
            return
        self.saved += 1
        d = os.path.join(self.args.out, "failures", "%05d-%s" % (index, mode))
        os.makedirs(d, exist_ok=True)
        source, _ = kernel_source(mode, [(index, text)])
        with open(os.path.join(d, "input.py"), "w") as f:
            f.write(source)
        with open(os.path.join(d, "expected.txt"), "w") as f:
            f.write("expression: %s\nCPython: %s\ntilec: %s\n" % (
                text, expected, got))
        with open(os.path.join(d, "stderr.txt"), "w") as f:
            f.write(err)
        with open(os.path.join(d, "command.sh"), "w") as f:
            f.write("#!/bin/sh\ncd \"$(dirname \"$0\")\"\n%s\n" % " ".join(
                shlex.quote(a) for a in command(self.args, "input.py")))
        os.chmod(os.path.join(d, "command.sh"), 0o755)

    def values(self, mode, batch):
        """Compiles expressions that have values in one kernel; a failing
        kernel loses the expression its error names and runs again, or,
        when the error names none, is halved."""
        while batch:
            rc, err, _, where = compile_kernel(self.args, mode, [
                (i, t) for i, t, _ in batch])
            if rc == 0:
                self.compare(mode, batch, err)
                return
            culprit = None
            m = LOCATED.search(err) if rc is not None and rc > 0 else None
            if m and int(m.group(1)) in where:
                culprit = where[int(m.group(1))]
            elif len(batch) > 1:
                half = len(batch) // 2
                self.values(mode, batch[:half])
                self.values(mode, batch[half:])
                return
            else:
                culprit = batch[0][0]
            rest = []
            for i, text, want in batch:
                if i != culprit:
                    rest.append((i, text, want))
                    continue
                got = "timed out" if rc is None else "crash" if rc < 0 \
                    else "error"
                self.mismatch(mode, i, text, want, got, err)
            batch = rest

    def compare(self, mode, batch, err):
        printed = {}
        for m in PRINTED.finditer(err):
            printed.setdefault(int(m.group(1)), m.group(2))
        for i, text, want in batch:
            got = printed.get(i)
            if got == want:
                self.count(mode, "agreed")
            else:
                self.mismatch(mode, i, text, want,
                              "no output" if got is None else got, err)

    def must_fail(self, mode, index, text, why):
        rc, err, _, where = compile_kernel(self.args, mode, [(index, text)])
        line = next(iter(where))
        m = LOCATED.search(err) if rc else None
        if m and int(m.group(1)) == line and "Stack dump" not in err:
            self.count(mode, "agreed")
            return
        got = "exit 0" if rc == 0 else "timed out" if rc is None else \
            "no located error on line %d" % line
        self.mismatch(mode, index, text, "error (%s)" % why, got, err)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0,
                    help="the first expression's index")
    ap.add_argument("--budget", type=float, default=0,
                    help="stop after this many seconds (0: no limit)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--tilec", default=os.path.join(ROOT, "build", "bin",
                                                    "tilec"))
    ap.add_argument("--modes", default="kernel,heuristics")
    ap.add_argument("--batch", type=int, default=400,
                    help="expressions per kernel")
    ap.add_argument("--int-bits", type=int, default=4096,
                    help="the compiler's bound on ints (bits of magnitude)")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--keep", type=int, default=200,
                    help="save at most this many mismatches")
    ap.add_argument("--max-mismatches", type=int, default=1000,
                    help="stop after this many (each error costs a run "
                    "of tilec: a compiler that gets many wrong is slow to "
                    "fuzz)")
    ap.add_argument("--show", action="store_true",
                    help="print the expressions and CPython's values, "
                    "without tilec")
    args = ap.parse_args()
    modes = args.modes.split(",")
    if any(m not in ("kernel", "heuristics") for m in modes):
        ap.error("--modes takes kernel and heuristics")
    if args.show:
        for i in range(args.start, args.start + args.count):
            text = expression(args.seed, i)
            print("%d: %s -> %s" % (i, text, reference(text, args.int_bits)))
        return 0
    args.tilec = os.path.abspath(args.tilec)
    if not os.access(args.tilec, os.X_OK):
        ap.error("no tilec at %s (build it, or pass --tilec)" % args.tilec)
    args.work = os.path.abspath(os.path.join(args.out, "work"))
    shutil.rmtree(os.path.join(args.out, "failures"), ignore_errors=True)
    os.makedirs(args.work, exist_ok=True)

    run = Run(args)
    start = time.monotonic()
    done = 0
    for first in range(args.start, args.start + args.count, args.batch):
        if args.budget and time.monotonic() - start > args.budget:
            break
        if len(run.failures) >= args.max_mismatches:
            break
        last = min(first + args.batch, args.start + args.count)
        for mode in modes:
            values, errors = [], []
            for i in range(first, last):
                text = expression(args.seed, i)
                kind, what = reference(text, args.int_bits,
                                       kernel=mode == "kernel")
                if kind == "value":
                    values.append((i, text, what))
                elif kind == "error":
                    errors.append((i, text, what))
                else:
                    run.count(mode, "skipped")
            if values:
                run.values(mode, values)
            for i, text, why in errors:
                run.must_fail(mode, i, text, why)
        done = last - args.start

    lines = ["fold seed %d: %d expressions in %.0f s" % (
        args.seed, done, time.monotonic() - start)]
    for mode in modes:
        lines.append("  %-10s agreed %d, mismatched %d, skipped %d" % (
            mode, run.counts.get((mode, "agreed"), 0),
            run.counts.get((mode, "mismatched"), 0),
            run.counts.get((mode, "skipped"), 0)))
    if len(run.failures) >= args.max_mismatches:
        lines.append("stopped after %d mismatches (--max-mismatches)" %
                     len(run.failures))
    if run.failures:
        lines.append("mismatches saved in %s (%d of %d)" % (
            os.path.join(args.out, "failures"), run.saved,
            len(run.failures)))
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
