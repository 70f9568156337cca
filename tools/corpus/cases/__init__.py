"""The corpus' cases: how to launch each shipped kernel, as its project does.

A case is a compare_cases.Case whose source is a collected file,
`corpus/<project>/<path>`, and whose steps are written as the kernel's
parameter list, in order, each with what the project passes:

  P("fp16", "x")     a pointer to buffer "x" of the inputs (`*fp16:16`:
                     buffers are fresh torch allocations, 256-byte aligned);
                     P("fp8e4nv", lambda b: b["q"].view(...)) for a view
  I(4096)            an integer argument; its signature entry is what
                     Triton's JIT specialises it to: i32 or i64 by value,
                     `:16` for multiples of 16, `:1` for 1 (I(v, spec=False)
                     for do_not_specialize parameters)
  F(1e-6)            an fp32 scalar; B(False) a bool
  C(1024), C(True)   a tl.constexpr value; C(TL("float16")) a dtype
  N                  None, where the project passes None for an unused
                     pointer or scalar (Triton makes it a constexpr)
  H(value)           a constexpr the kernel's @triton.heuristics computes
                     (left out of Triton's call; tilec gets -D NAME=value)
  D                  a trailing parameter left to its default

`K(kernel, args, grid, warps, stages)` makes the Step: tilec's signature
from the entries, Triton's arguments by name. The check (check.py) compares
the names with the kernel's parameters.

The projects' cases are in the modules beside this file, one per project;
each has `cases()` returning its Case list. Every kernel has a realistic
size and a ragged one (non-power-of-two sizes, odd tails).
"""

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "../../gpu")))
from compare_cases import Case, Step, cdiv  # noqa: E402,F401

PROJECTS = ["liger", "unsloth", "flash_attn", "xformers", "bitsandbytes",
            "thunder", "fla", "mamba", "lmdeploy", "lightllm",
            "torchao", "deepspeed", "flaggems"]


class TL:
    """A dtype constexpr: `tl.NAME` in tilec's signature, triton.language's
    object on Triton's side."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"tl.{self.name}"

    def resolve(self, triton):
        return getattr(triton.language, self.name)


class P:
    def __init__(self, type, buffer, align=16):
        self.type, self.buffer, self.align = type, buffer, align

    def entry(self):
        return f"*{self.type}:{self.align}" if self.align else f"*{self.type}"

    def value(self, b):
        return self.buffer(b) if callable(self.buffer) else b[self.buffer]


class I:
    def __init__(self, value, type=None, spec=True):
        self.v, self.spec = value, spec
        self.type = type or ("i32" if -2**31 <= value < 2**31 else "i64")

    def entry(self):
        if self.spec and self.v == 1:
            return f"{self.type}:1"
        if self.spec and self.v % 16 == 0:
            return f"{self.type}:16"
        return self.type

    def value(self, b):
        return self.v


class B:
    """A bool argument: Triton's JIT makes it a u1 (i1 for tilec)."""

    def __init__(self, value):
        self.v = bool(value)

    def entry(self):
        return "i1"

    def value(self, b):
        return self.v


class F:
    def __init__(self, value):
        self.v = value

    def entry(self):
        return "fp32"

    def value(self, b):
        return self.v


class C:
    def __init__(self, value):
        self.v = value

    def entry(self):
        if isinstance(self.v, str):
            return f"'{self.v}'"
        return repr(self.v)


class _None:
    """A None argument (a pointer the project leaves out): Triton
    specialises it to a constexpr None; tilec's signature says `None`."""

    def entry(self):
        return "None"

    def value(self, b):
        return None


N = _None()


class _Marker:
    def __init__(self, what):
        self.what = what


class H(_Marker):
    """A constexpr the kernel's @triton.heuristics computes, here `value`:
    Triton's call leaves it out (its heuristic computes it per launch);
    tilec gets it as `-D NAME=value` (a heuristic that reads runtime
    arguments cannot run at compile time)."""

    def __init__(self, value):
        super().__init__("heuristics")
        self.v = value


D = _Marker("default")


def K(kernel, args, grid, warps=4, stages=3, tag=""):
    """A Step from the kernel's parameters in order, as (name, entry)."""
    entries = [e.entry() for _, e in args if not isinstance(e, _Marker)]
    runtime = [(n, e) for n, e in args if isinstance(e, (P, I, F, B, _None))]
    constexprs = {n: e.v for n, e in args if isinstance(e, C)}
    grid_fn = grid if callable(grid) else (lambda b, g=tuple(grid): g)
    flags = [f"-D{n}={C(e.v).entry()}" for n, e in args if isinstance(e, H)]
    step = Step(kernel, ",".join(entries), grid=grid_fn,
                bind=lambda b: {n: e.value(b) for n, e in runtime},
                constexprs=constexprs, num_warps=warps, num_stages=stages,
                tag=tag, flags=flags)
    step.params = [n for n, _ in args]           # for check.py
    step.entries = list(args)
    step.heuristic = [n for n, e in args if isinstance(e, H)]
    return step


def case(project, path, id, steps, make, outputs, how, reference=None,
         reference_how=None, bytes=None, flops=None, reset=None):
    c = Case(f"{project}.{id}", f"corpus/{project}/{path}", steps, make,
             outputs, how, reference=reference,
             reference_how=reference_how or how, bytes=bytes, flops=flops,
             reset=reset)
    c.project, c.path = project, path
    return c


# The H200's SMs, for host code that sizes grids by
# torch.cuda.get_device_properties(...).multi_processor_count.
SMS = 132


def np2(n):
    """triton.next_power_of_2."""
    return 1 << (n - 1).bit_length() if n > 0 else 1


def row_settings(n, cap=65536):
    """BLOCK_SIZE and num_warps of the row kernels' `calculate_settings`
    (unsloth's, which Liger and others copied): the row's next power of
    two, 4 warps, 8 from 2048, 16 from 8192, 32 from 32768."""
    block = np2(n)
    assert block <= cap
    warps = 32 if block >= 32768 else 16 if block >= 8192 else \
        8 if block >= 2048 else 4
    return block, warps


def tol(dtype):
    """The tolerance of an output of `dtype` computed in another order."""
    return {"fp32": (1e-5, 1e-5), "fp16": (1e-2, 1e-2),
            "bf16": (2e-2, 2e-2)}.get(dtype, (1e-5, 1e-5))


def torch_dtype(torch, name):
    return {"fp16": torch.float16, "bf16": torch.bfloat16,
            "fp32": torch.float32, "fp64": torch.float64, "i8": torch.int8,
            "u8": torch.uint8, "i32": torch.int32, "i64": torch.int64,
            "fp8e4nv": torch.float8_e4m3fn, "fp8e5": torch.float8_e5m2,
            "i16": torch.int16}[name]


def randn(torch, shape, dtype="fp32", scale=1.0):
    return (scale * torch.randn(*shape, device="cuda")).to(
        torch_dtype(torch, dtype))


def zeros(torch, shape, dtype="fp32"):
    return torch.zeros(*shape, device="cuda", dtype=torch_dtype(torch, dtype))


def all_cases(projects=None):
    result = []
    for name in projects or PROJECTS:
        module = importlib.import_module(f"cases.{name}")
        result.extend(module.cases())
    return result


def corpus_cases(corpus=None, sources=None):
    """Every case, with `source` in the collected folder `corpus` (compile)
    or `run_source` under a kernels folder's `sources` (run)."""
    result = all_cases()
    for c in result:
        rel = os.path.join(c.project, c.path)
        if corpus:
            c.source = os.path.join(corpus, rel)
        if sources:
            c.run_source = os.path.join(sources, c.source_dest)
    return result
