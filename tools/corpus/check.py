#!/usr/bin/env python3
"""Checks the corpus' cases without a GPU.

  tools/corpus/check.py [--corpus .corpus]            # names and files
  PYTHON_WITH_TRITON tools/corpus/check.py --triton   # and Triton compiles them

Without options, for every case: the collected file exists, the kernel is a
top-level @triton.jit function of it, and the case lists its parameters by
name in order (what K's entries say of each is then what the kernel takes);
every manifest kernel has a case and every case's kernel is in the manifest;
its make, bind, grid and reference functions run on a stand-in for torch
and name only buffers that make makes.

With --triton (a Python with triton installed; torch is not needed), each
file is also imported as the GPU side imports it (loader.py: statements that
fail, e.g. `import torch`, are dropped), and every step is compiled by
Triton for sm_90a from the case's arguments, as Triton's JIT would
specialise them (pointers and multiples of 16 divisible by 16, integers
equal to 1 and None as constants): a case whose constexprs, types or
warps Triton refuses fails here. The kernel's @triton.heuristics run on the
case's arguments too: a constexpr one computes must be the value the case
gives tilec. Prints one line per problem and a summary; exits 1 if
anything failed.
"""

import argparse
import ast
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../.."))
sys.path.insert(0, HERE)
import cases as corpus  # noqa: E402
import collect  # noqa: E402


def kernel_params(path, name):
    """The parameter names of top-level @triton.jit function `name`."""
    with open(path) as f:
        tree = ast.parse(f.read())
    # `name = triton.jit(name)` at the top level counts as decorating it.
    jitted = {n.targets[0].id for n in tree.body
              if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)
              and "jit(" in ast.unparse(n.value)}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            if name not in jitted and not any(
                    "jit" in ast.unparse(d) for d in node.decorator_list):
                return None, f"{name} is not decorated @triton.jit"
            return [a.arg for a in node.args.args], ""
    return None, f"no top-level function {name}"


def check_names(all_cases, manifest):
    problems = []
    listed = {(p["name"], k["file"], k["name"]) for p in manifest["projects"]
              for k in p["kernels"]}
    used = set()
    for c in all_cases:
        if not os.path.exists(c.source):
            problems.append(f"{c.id}: {c.source} is not collected")
            continue
        for step in c.steps:
            used.add((c.project, c.path, step.kernel))
            params, why = kernel_params(c.source, step.kernel)
            if params is None:
                problems.append(f"{c.id}: {why}")
                continue
            given = step.params
            defaults_left = params[len(given):]
            if params[:len(given)] != given:
                problems.append(f"{c.id}/{step.kernel}: parameters are "
                                f"{params}, the case gives {given}")
            elif defaults_left:
                # Trailing parameters the case leaves to their defaults.
                problems += check_defaults(c, step, defaults_left)
    for item in sorted(listed - used):
        problems.append(f"manifest kernel without a case: {item}")
    for item in sorted(used - listed):
        problems.append(f"case kernel missing from the manifest: {item} "
                        "(tools/corpus/update_manifest.py)")
    return problems


def check_defaults(c, step, names):
    with open(c.source) as f:
        tree = ast.parse(f.read())
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef)
              and n.name == step.kernel)
    have_default = [a.arg for a in fn.args.args[len(fn.args.args)
                                                - len(fn.args.defaults):]]
    return [f"{c.id}/{step.kernel}: parameter {n} has no default and no "
            "argument" for n in names if n not in have_default]


#===--- inputs, arguments and grids, without torch -------------------------===#

class Fake:
    """Stands for torch and every tensor it makes: any attribute, call,
    index or arithmetic gives another Fake. Enough to run a case's make,
    bind and grid functions and see which buffers they name."""

    def __getattr__(self, name):
        return Fake()

    def __call__(self, *args, **kwargs):
        return Fake()

    def __getitem__(self, key):
        return Fake()

    def __setitem__(self, key, value):
        pass

    def __iter__(self):
        return iter([Fake(), Fake()])

    def _op(self, *args):
        return Fake()

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _op
    __truediv__ = __rtruediv__ = __pow__ = __neg__ = __or__ = __and__ = _op
    __lt__ = __le__ = __gt__ = __ge__ = __invert__ = __matmul__ = _op


def check_bindings(all_cases):
    """make() runs and returns the buffers that bind, the outputs and the
    reference name; every step's grid is 1 to 3 positive integers."""
    problems = []
    for c in all_cases:
        try:
            buffers = c.make(Fake())
        except Exception as e:
            problems.append(f"{c.id}: make: {type(e).__name__}: {e}")
            continue
        missing = [o for o in c.outputs if o not in buffers]
        if missing:
            problems.append(f"{c.id}: outputs {missing} are not made")
        for step in c.steps:
            try:
                step.bind(buffers)
                grid = step.grid(buffers)
            except Exception as e:
                problems.append(f"{c.id}/{step.kernel}: bind or grid: "
                                f"{type(e).__name__}: {e}")
                continue
            if not (1 <= len(grid) <= 3 and all(
                    isinstance(g, int) and g > 0 for g in grid)):
                problems.append(f"{c.id}/{step.kernel}: grid {grid}")
        if c.reference:
            try:
                want = c.reference(Fake(), buffers)
                extra = [k for k in want if ":" not in k and k not in c.outputs]
                if extra:
                    problems.append(f"{c.id}: reference gives {extra}, "
                                    "which are not outputs")
            except Exception as e:
                problems.append(f"{c.id}: reference: {type(e).__name__}: {e}")
    return problems


#===--- Triton's compile, without a GPU ------------------------------------===#

def triton_signature(triton, fn, step):
    """ASTSource's signature, constexprs and attrs for a step."""
    signature, constexprs, attrs = {}, {}, {}
    values = {}
    for index, (name, entry) in enumerate(step.entries):
        if isinstance(entry, corpus.P):
            signature[name] = "*" + entry.type
            if entry.align:
                attrs[(index,)] = [["tt.divisibility", 16]]
            values[name] = None
        elif isinstance(entry, corpus.I):
            if entry.spec and entry.v == 1:
                signature[name] = "constexpr"
                constexprs[name] = 1
            else:
                signature[name] = entry.type
                if entry.spec and entry.v % 16 == 0:
                    attrs[(index,)] = [["tt.divisibility", 16]]
            values[name] = entry.v
        elif isinstance(entry, corpus.B):
            signature[name] = "u1"
            values[name] = entry.v
        elif isinstance(entry, corpus.F):
            signature[name] = "fp32"
            values[name] = entry.v
        elif isinstance(entry, corpus.C):
            v = entry.v.resolve(triton) if hasattr(entry.v, "resolve") else entry.v
            signature[name] = "constexpr"
            constexprs[name] = v
            values[name] = v
        elif entry is corpus.N:
            signature[name] = "constexpr"
            constexprs[name] = None
            values[name] = None
    return signature, constexprs, attrs, values


def unwrap(obj):
    """The JITFunction, and the heuristics met on the way."""
    heuristics = {}
    while type(obj).__name__ != "JITFunction" and hasattr(obj, "fn"):
        heuristics.update(getattr(obj, "values", {}) or {})
        obj = obj.fn
    return obj, heuristics


class Buffer:
    """A tensor argument, for heuristics that test `is not None`."""


def check_heuristics(fn, heuristics, step, values):
    """Runs the kernel's @triton.heuristics on the case's arguments, as
    Triton's launch does (buffers stand in for tensors), and raises if one
    computes another value than the case's H gives tilec."""
    args = {p.name: p.default for p in fn.params}
    args.update(values)
    args.update({name: Buffer() for name, entry in step.entries
                 if isinstance(entry, corpus.P)})
    for name, entry in step.entries:
        if isinstance(entry, corpus.H) and name not in heuristics:
            raise RuntimeError(f"{name} is no heuristic of the kernel")
    given = dict(step.entries)
    for name, heuristic in heuristics.items():
        # Each sees the ones before it, as Triton's nested wrappers do.
        args[name] = heuristic(dict(args))
        entry = given.get(name)
        if isinstance(entry, (corpus.H, corpus.C)) and entry.v != args[name]:
            raise RuntimeError(f"the heuristic computes {name}="
                               f"{args[name]!r}, the case gives tilec "
                               f"{entry.v!r}")


def triton_compile(triton, module, step):
    from triton.backends.compiler import GPUTarget
    fn, heuristics = unwrap(getattr(module, step.kernel))
    signature, constexprs, attrs, values = triton_signature(triton, fn, step)
    check_heuristics(fn, heuristics, step, values)
    for name, entry in step.entries:
        if isinstance(entry, corpus.H):
            signature[name] = "constexpr"
            constexprs[name] = entry.v
    for param in fn.params[len(step.entries):]:
        if param.name not in signature:   # left to its default
            signature[param.name] = "constexpr"
            constexprs[param.name] = param.default
    signature = {p.name: signature[p.name] for p in fn.params}
    src = triton.compiler.ASTSource(fn, signature, constexprs, attrs)
    triton.compile(src, target=GPUTarget("cuda", 90, 32),
                   options=dict(num_warps=step.num_warps,
                                num_stages=step.num_stages))


def check_triton(all_cases, corpus_dir, manifest):
    import triton
    import triton.compiler  # noqa: F401
    import loader
    roots = {p["name"]: p.get("root", "") for p in manifest["projects"]}
    problems, done = [], 0
    for c in all_cases:
        root = os.path.normpath(os.path.join(corpus_dir, c.project,
                                             roots[c.project]))
        try:
            module = loader.load(root, c.source)
        except Exception as e:
            problems.append(f"{c.id}: import: {type(e).__name__}: {e}")
            continue
        for step in c.steps:
            if not hasattr(module, step.kernel):
                problems.append(f"{c.id}/{step.kernel}: not defined once "
                                f"loaded; dropped: {loader.skipped(module)}")
                continue
            try:
                triton_compile(triton, module, step)
                done += 1
                print(f"ok   triton {c.id}/{step.kernel}", flush=True)
            except Exception as e:
                # A CompilationError's message ends with the source and a
                # caret; its cause says why.
                cause = e.__cause__ or e
                text = [l for l in str(cause).strip().splitlines()
                        if any(ch.isalnum() for ch in l)]
                if cause is not e:
                    text = [f"{type(cause).__name__}: " + (text[-1] if text else "")]
                problems.append(f"{c.id}/{step.kernel}: Triton: "
                                f"{type(e).__name__}: "
                                f"{(text[-1] if text else '')[:300]}")
    return problems, done


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=os.path.join(ROOT, ".corpus"))
    parser.add_argument("--triton", action="store_true")
    parser.add_argument("--only", nargs="*", help="case ids containing these")
    parser.add_argument("--verbose", action="store_true",
                        help="with --triton: the statements each import dropped")
    args = parser.parse_args()
    manifest = collect.load_manifest()
    all_cases = corpus.corpus_cases(corpus=args.corpus)
    problems = check_names(all_cases, manifest) + check_bindings(all_cases)
    if args.only:
        all_cases = [c for c in all_cases if any(s in c.id for s in args.only)]
    compiled = 0
    if args.triton:
        more, compiled = check_triton(all_cases, args.corpus, manifest)
        problems += more
    for p in problems:
        print(f"FAIL {p}")
    if args.verbose:
        import loader
        for name, module in sorted(sys.modules.items()):
            if loader.skipped(module):
                print(f"{name} dropped:\n  " + "\n  ".join(loader.skipped(module)))
    steps = sum(len(c.steps) for c in all_cases)
    print(f"\ncheck: {len(all_cases)} cases, {steps} steps"
          + (f", {compiled} compiled by Triton" if args.triton else "")
          + f"; {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
