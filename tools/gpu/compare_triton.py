#!/usr/bin/env python3
"""Runs the same @triton.jit kernels through tilec and through Triton, on the
same inputs, and compares their outputs and times.

Two steps, on two machines:

  # here (tilec, no GPU): compile every case's kernels to PTX + manifest
  tools/gpu/compare_triton.py compile --tilec build/bin/tilec --out DIR \
      [--tutorials TDIR | --corpus .corpus]
  # on the GPU machine (torch and Triton, no tilec): check and time
  python3 compare_triton.py run --kernels DIR [--tutorials TDIR | --corpus] \
      [--time] [--results FILE]

The cases are in compare_cases.py: each names a kernel source, the kernels
to launch in order (tilec signature, num_warps, grid) and the buffers to
compare. `run` makes the inputs once with torch, gives each side fresh
copies, launches Triton's JIT on the .py file (its host code stripped: only
imports, constant assignments and @triton.jit functions are kept) and our
PTX through the CUDA driver (ctypes; the PTX is loaded into torch's
context), then compares every output buffer: bit for bit ("exact") or
within a tolerance ("close", also against a torch reference when the case
has one). With --time, cases that name the bytes they move are timed both
ways with CUDA events (warm-up, an untimed 256 MiB L2 flush before each
trial, median of the trials), as our host programs time. --dump-triton DIR
writes the PTX Triton compiled for each step, to set beside ours.

With --corpus, the cases are the corpus of shipped kernels instead
(tools/corpus/: kernels of other projects, collected into .corpus/ by
tools/corpus/collect.py): `compile --corpus .corpus` records each step's
result in OUT/corpus.json (a step tilec cannot compile is the corpus'
to-do list, not a failure of the command) and copies the collected files
to OUT/sources/corpus; `run --corpus` imports them as their packages
(tools/corpus/loader.py) and runs the steps tilec did not compile on
Triton's side alone.

Prints one line per case and a summary; exits 1 if a comparison failed.
Triton and torch are references here, never dependencies of tilec.
"""

import argparse
import ast
import ctypes
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, "../corpus"))
sys.path.insert(0, HERE)
import compare_cases  # noqa: E402

FLUSH_BYTES = 256 << 20


#===--- compile (no GPU) ----------------------------------------------------===#

def tilec_command(args, case, step, ptx):
    return [args.tilec, case.source, "--kernel", step.kernel,
            "--signature", step.signature,
            "--num-warps", str(step.num_warps),
            "--num-stages", str(step.num_stages), "-o", ptx] + step.flags


def first_error(stderr):
    """The located error's line (`file:line:col: error: ...`), else the
    first line: what the corpus table records."""
    lines = [l for l in stderr.splitlines() if l.strip()]
    for line in lines:
        if "error:" in line:
            return line.strip()
    return lines[0].strip() if lines else "failed without a message"


def compile_all(args):
    os.makedirs(args.out, exist_ok=True)
    if args.corpus:
        return compile_corpus(args)
    failures = 0
    for case in compare_cases.cases(args.root, args.tutorials):
        for step in case.steps:
            name = step.artifact(case)
            ptx = os.path.join(args.out, name + ".ptx")
            command = tilec_command(args, case, step, ptx)
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                failures += 1
                print(f"FAIL compile {case.id}/{step.kernel}: "
                      f"{done.stderr.strip()}")
            else:
                print(f"ok   compile {case.id}/{step.kernel} -> {name}")
        if case.source_dest:
            # The .py file travels with the kernels, so `run` finds it.
            dest = os.path.join(args.out, "sources", case.source_dest)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(case.source) as src, open(dest, "w") as out:
                out.write(src.read())
    return 1 if failures else 0


def compile_corpus(args):
    """Compiles every corpus case's steps and writes OUT/corpus.json: per
    step, `ok` or tilec's first error line. A kernel tilec cannot compile
    is the corpus' to-do list, not a failure of this command: it exits 0.
    The collected files travel whole (OUT/sources/corpus/), so that the
    GPU side imports them as packages."""
    corpus_cases = load_corpus_cases()
    results = []
    selected = [c for c in corpus_cases(corpus=args.corpus)
                if not args.only or any(s in c.id for s in args.only)]
    for case in selected:
        for step in case.steps:
            name = step.artifact(case)
            ptx = os.path.join(args.out, name + ".ptx")
            try:
                done = subprocess.run(tilec_command(args, case, step, ptx),
                                      capture_output=True, text=True,
                                      timeout=args.timeout)
                error = first_error(done.stderr) if done.returncode else ""
            except subprocess.TimeoutExpired:
                error = f"tilec took more than {args.timeout} s"
            if error and os.path.exists(ptx):
                os.remove(ptx)
            print(f"{'ok  ' if not error else 'FAIL'} compile {case.id}/"
                  f"{step.kernel}{': ' + error if error else ''}", flush=True)
            results.append(dict(case=case.id, project=case.project,
                                file=case.path, kernel=step.kernel,
                                artifact=name, error=error))
    path = os.path.join(args.out, "corpus.json")
    if args.only and os.path.exists(path):
        # Some cases again: keep the others' results.
        with open(path) as f:
            done = {r["artifact"] for r in results}
            results = [r for r in json.load(f) if r["artifact"] not in done] \
                + results
    with open(path, "w") as f:
        json.dump(results, f, indent=1)
    dest = os.path.join(args.out, "sources", "corpus")
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    shutil.copytree(args.corpus, dest)
    ok = sum(1 for r in results if not r["error"])
    print(f"\ncompare_triton corpus: {ok} of {len(results)} steps compiled")
    return 0


def load_corpus_cases():
    """tools/corpus/cases (imported late: only --corpus needs it)."""
    sys.path.insert(0, CORPUS)
    from cases import corpus_cases
    return corpus_cases


#===--- the CUDA driver through ctypes --------------------------------------===#

class Driver:
    """Loads PTX into the current (torch's) context and launches it."""

    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        self.modules = {}

    def check(self, rc, what):
        if rc == 0:
            return
        name = ctypes.c_char_p()
        self.lib.cuGetErrorName(rc, ctypes.byref(name))
        raise RuntimeError(f"{what}: {name.value.decode() if name.value else rc}")

    def function(self, ptx_path, entry, shared, dynamic):
        key = (ptx_path, entry)
        if key in self.modules:
            return self.modules[key]
        with open(ptx_path, "rb") as f:
            image = f.read() + b"\0"
        module = ctypes.c_void_p()
        self.check(self.lib.cuModuleLoadData(ctypes.byref(module), image),
                   f"cuModuleLoadData({ptx_path})")
        fn = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(fn), module,
                                                entry.encode()),
                   f"cuModuleGetFunction({entry})")
        if dynamic and shared > 48 * 1024:
            # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            self.check(self.lib.cuFuncSetAttribute(fn, 8, shared),
                       "cuFuncSetAttribute")
        self.modules[key] = fn
        return fn

    def tensor_map(self, entry, values):
        """The CUtensorMap (128 bytes, 64-byte aligned) of a manifest's
        `tensor_maps` entry, encoded from the launch's values as the C++
        runtime does (runtime/lib/TensorMap.cpp)."""
        raw = RawParam(128, 64)
        # The base, the shapes, the strides but the last (which is 1).
        leaves = [values[i].value for i in entry["leaves"]]
        rank = len(leaves) // 2
        shapes, strides = leaves[1:1 + rank], leaves[1 + rank:]
        elem = ELEMENT_BYTES[entry["type"]]
        dims = (ctypes.c_uint64 * rank)(*reversed(shapes))
        gstrides = (ctypes.c_uint64 * max(1, rank - 1))(
            *[s * elem for s in reversed(strides)])
        box = (ctypes.c_uint32 * rank)(*reversed(entry["box"]))
        ones = (ctypes.c_uint32 * rank)(*([1] * rank))
        swizzle = {0: 0, 32: 1, 64: 2, 128: 3}[entry["swizzle"]]
        self.check(self.lib.cuTensorMapEncodeTiled(
            ctypes.c_void_p(raw.address), TMA_DTYPES.get(entry["type"], 0),
            ctypes.c_uint32(rank), ctypes.c_void_p(leaves[0]), dims, gstrides,
            box, ones, 0, swizzle, 3, 0),
            f"cuTensorMapEncodeTiled({entry['name']})")
        return raw

    def prepare(self, fn, grid, threads, shared, stream, values):
        """A function that launches `fn` with `values`: the parameter array
        is built once, so that a launch costs the host one driver call (a
        slow launch would leave the GPU idle inside the timed region of a
        short kernel)."""
        holders = list(values)
        params = (ctypes.c_void_p * len(holders))(
            *[ctypes.c_void_p(v.address) if isinstance(v, RawParam) else
              ctypes.cast(ctypes.pointer(v), ctypes.c_void_p)
              for v in holders])
        grid = tuple(grid) + (1,) * (3 - len(grid))
        args = (fn, ctypes.c_uint(grid[0]), ctypes.c_uint(grid[1]),
                ctypes.c_uint(grid[2]), ctypes.c_uint(threads), ctypes.c_uint(1),
                ctypes.c_uint(1), ctypes.c_uint(shared),
                ctypes.c_void_p(stream), params, None)
        launch_kernel = self.lib.cuLaunchKernel

        def launch():
            rc = launch_kernel(*args)
            if rc:
                self.check(rc, "cuLaunchKernel")
        launch.keep = holders
        return launch


class RawParam:
    """A kernel parameter passed as raw bytes (a CUtensorMap)."""

    def __init__(self, size, alignment):
        self.buffer = ctypes.create_string_buffer(size + alignment)
        base = ctypes.addressof(self.buffer)
        self.address = (base + alignment - 1) // alignment * alignment


ELEMENT_BYTES = {"fp16": 2, "bf16": 2, "fp32": 4, "fp64": 8, "i8": 1,
                 "i16": 2, "i32": 4, "i64": 8, "fp8e4nv": 1, "fp8e5": 1}
# CUtensorMapDataType (cuda.h); anything else is copied as bytes (0).
TMA_DTYPES = {"fp16": 6, "bf16": 9, "fp32": 7, "fp64": 8, "i16": 1,
              "i32": 3, "i64": 5}

SCALARS = {
    "i1": ctypes.c_int8, "i8": ctypes.c_int8, "i16": ctypes.c_int16,
    "i32": ctypes.c_int32, "i64": ctypes.c_int64, "u8": ctypes.c_uint8,
    "u16": ctypes.c_uint16, "u32": ctypes.c_uint32, "u64": ctypes.c_uint64,
    "fp32": ctypes.c_float, "fp64": ctypes.c_double,
}


#===--- run (GPU) -----------------------------------------------------------===#

def load_kernels(path):
    """Imports the @triton.jit functions of `path` without its host code."""
    with open(path) as f:
        text = f.read()
    tree = ast.parse(text)

    def named(decorator, names):
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        return ast.unparse(target).split(".")[-1] in names

    keep = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            # The profiler is host code (tutorial 09 imports it).
            if "profiler" not in ast.unparse(node):
                keep.append(node)
        elif isinstance(node, ast.FunctionDef) and any(
                named(d, ("jit",)) for d in node.decorator_list):
            # @triton.autotune's arguments are host code (config lists,
            # filters); the cases bind every constexpr themselves. So is
            # @triton.jit(launch_metadata=...), a profiler hook.
            node.decorator_list = [d for d in node.decorator_list
                                   if not named(d, ("autotune",))]
            for d in node.decorator_list:
                if isinstance(d, ast.Call):
                    d.keywords = [k for k in d.keywords
                                  if k.arg != "launch_metadata"]
            keep.append(node)
        elif isinstance(node, ast.Assign):
            try:
                ast.literal_eval(node.value)
                keep.append(node)
            except ValueError:
                pass
    tree.body = keep
    source = ast.unparse(tree) + "\n"
    handle, stripped = tempfile.mkstemp(suffix=".py", prefix="cmp_")
    with os.fdopen(handle, "w") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(
        os.path.basename(stripped)[:-3], stripped)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except ImportError as e:  # e.g. a tutorial importing something missing
        raise RuntimeError(f"importing {path}: {e}")
    return module


def load_corpus_module(corpus, case):
    """A collected file imported as its project's package module
    (tools/corpus/loader.py), from the sources that came with the kernels."""
    sys.path.insert(0, CORPUS)
    import loader
    with open(os.path.join(CORPUS, "manifest.json")) as f:
        roots = {p["name"]: p.get("root", "") for p in json.load(f)["projects"]}
    root = os.path.join(corpus, case.project, roots[case.project])
    return loader.load(os.path.normpath(root), case.run_source)


def argument(bound, name):
    """The value of manifest parameter `name`: a bound argument, or a leaf
    of a tensor descriptor (tilec passes `desc.base`, `desc.shape0`, ...,
    `desc.stride0`, ... where Triton takes one TensorDescriptor)."""
    if name in bound or "." not in name:
        return bound[name]
    desc_name, leaf = name.split(".", 1)
    desc = bound[desc_name]
    if leaf == "base":
        return desc.base
    if leaf.startswith("shape"):
        return int(desc.shape[int(leaf[len("shape"):])])
    if leaf.startswith("stride"):
        return int(desc.strides[int(leaf[len("stride"):])])
    raise KeyError(name)


def triton_kernel(obj):
    """What Triton's side launches: the JITFunction under its
    @triton.heuristics, which compute their constexprs from each launch's
    arguments as in the project (a case leaves them out of the call), and
    under no @triton.autotune (a case binds the constexprs of one config;
    tools/corpus/loader.py removes the decorator, this the wrapper of a
    kernel made by a triton.autotune(...)(f) call)."""
    while type(obj).__name__ not in ("JITFunction", "Heuristics") \
            and hasattr(obj, "fn"):
        obj = obj.fn
    return obj


class Runner:
    def __init__(self, torch, triton, kernels_dir, trials, warmups, dump=None):
        self.dump = dump
        self.torch = torch
        self.triton = triton
        self.kernels = kernels_dir
        self.trials = trials
        self.warmups = warmups
        self.driver = Driver()
        # tl.make_tensor_descriptor in Triton's kernels needs global scratch
        # for the TMA descriptors it builds on the device.
        if hasattr(triton, "set_allocator"):
            triton.set_allocator(
                lambda size, alignment, stream: torch.empty(
                    size, dtype=torch.int8, device="cuda"))
        self.flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32,
                                 device="cuda")
        self.modules = {}
        self.corpus = None  # the collected files, with --corpus

    def module(self, case):
        path = case.run_source
        if path not in self.modules:
            if getattr(case, "project", None):
                self.modules[path] = load_corpus_module(self.corpus, case)
            else:
                self.modules[path] = load_kernels(path)
        return self.modules[path]

    def fresh(self, buffers):
        return {k: v.clone() if hasattr(v, "clone") else v
                for k, v in buffers.items()}

    def ours(self, case, step, buffers):
        name = step.artifact(case)
        if not os.path.exists(os.path.join(self.kernels, name + ".json")):
            raise NotCompiled(name)
        with open(os.path.join(self.kernels, name + ".json")) as f:
            manifest = json.load(f)
        fn = self.driver.function(os.path.join(self.kernels, manifest["ptx"]),
                                  manifest["name"], manifest["shared_bytes"],
                                  manifest.get("dynamic_shared", False))
        bound = step.bind(buffers)
        values = []
        for param in manifest["params"]:
            value = argument(bound, param["name"])
            if param["kind"] == "pointer":
                values.append(ctypes.c_uint64(value.data_ptr()))
            elif param["type"] in ("fp16", "bf16"):
                dtype = (self.torch.float16 if param["type"] == "fp16"
                         else self.torch.bfloat16)
                bits = self.torch.tensor([value], dtype=dtype).view(
                    self.torch.int16).item()
                values.append(ctypes.c_uint16(bits & 0xffff))
            else:
                values.append(SCALARS[param["type"]](value))
        # Tensor maps follow the parameters, encoded from them.
        values += [self.driver.tensor_map(entry, values)
                   for entry in manifest.get("tensor_maps", [])]
        grid = step.grid(buffers)
        stream = self.torch.cuda.current_stream().cuda_stream
        shared = manifest["shared_bytes"] if manifest.get("dynamic_shared") else 0

        return self.driver.prepare(fn, grid, manifest["threads_per_block"],
                                   shared, stream, values)

    def theirs(self, case, step, buffers):
        module = self.module(case)
        if not hasattr(module, step.kernel):
            raise RuntimeError(f"{case.run_source} has no {step.kernel} once "
                               f"loaded; dropped: {getattr(module, '__corpus_skipped__', [])}")
        kernel = triton_kernel(getattr(module, step.kernel))
        bound = dict(step.bind(buffers))
        # A dtype constexpr (tl.float16) is named in the case, resolved here.
        bound.update({k: v.resolve(self.triton) if hasattr(v, "resolve") else v
                      for k, v in step.constexprs.items()})
        grid = step.grid(buffers)

        options = dict(num_warps=step.num_warps, num_stages=step.num_stages)
        for name in list(options):
            if name in bound:  # a constexpr of that name (tutorial 02's)
                del options[name]

        dump = self.dump

        def launch():
            compiled = kernel[grid](**bound, **options)
            if dump and compiled is not None and hasattr(compiled, "asm"):
                path = os.path.join(dump, step.artifact(case) + ".triton.ptx")
                if not os.path.exists(path):
                    with open(path, "w") as f:
                        f.write(compiled.asm["ptx"])
        return launch

    def run_side(self, case, inputs, side):
        buffers = self.fresh(inputs)
        launches = [side(case, step, buffers) for step in case.steps]

        def all_steps():
            if case.reset:
                case.reset(buffers)
            for launch in launches:
                launch()
        all_steps()
        self.torch.cuda.synchronize()
        return buffers, all_steps

    def time(self, fn):
        torch = self.torch
        for _ in range(self.warmups):
            fn()
        torch.cuda.synchronize()
        times = []
        for _ in range(self.trials):
            self.flush.zero_()
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        return statistics.median(times)


def compare(torch, name, got, want, how, magnitude=None, inputs=None):
    """'' if equal under `how`, else why not. NaNs and infinities must sit
    in the same places; `magnitude` (default |want|) scales the relative
    tolerance. A callable `how` is a case's own rule, given the inputs
    too: how(torch, name, got, want, inputs)."""
    if callable(how):
        return how(torch, name, got, want, inputs)
    if how == "exact":
        a = got.contiguous().view(torch.uint8)
        b = want.contiguous().view(torch.uint8)
        if torch.equal(a, b):
            return ""
        if got.element_size() == 1 and got.is_floating_point():
            # fp8 has no comparison kernels: compare its bytes (shaped as
            # the tensor, so that the index below is an element's).
            got, want = a.view(got.shape), b.view(want.shape)
        diff = (got != want) & ~(torch.isnan(got) & torch.isnan(want)) \
            if got.is_floating_point() else got != want
        count = int(diff.sum().item())
        first = int(diff.flatten().nonzero()[0].item()) if count else -1
        return (f"{name}: {count} of {got.numel()} elements differ"
                + (f", first at {first}: {got.flatten()[first].item()} vs "
                   f"{want.flatten()[first].item()}" if count else ""))
    rtol, atol = how
    g, w = got.double(), want.double()
    nans = torch.isnan(g) != torch.isnan(w)
    if bool(nans.any()):
        first = int(nans.flatten().nonzero()[0].item())
        return (f"{name}: NaN in {int(nans.sum().item())} of {got.numel()} "
                f"elements but not in the other (first at {first}: "
                f"{g.flatten()[first].item():.6g} vs "
                f"{w.flatten()[first].item():.6g})")
    infs = torch.isinf(w) | torch.isinf(g)
    if bool((infs & (g != w)).any()):
        first = int((infs & (g != w)).flatten().nonzero()[0].item())
        return (f"{name}: infinities differ at {int((infs & (g != w)).sum().item())} "
                f"of {got.numel()} elements (first at {first}: "
                f"{g.flatten()[first].item():.6g} vs "
                f"{w.flatten()[first].item():.6g})")
    scale = w.abs() if magnitude is None else magnitude.double()
    err = (g - w).abs().nan_to_num(0.0, posinf=0.0)
    bad = err > atol + rtol * scale
    if not bool(bad.any()):
        return ""
    worst = int(err.flatten().argmax().item())
    return (f"{name}: {int(bad.sum().item())} of {got.numel()} outside "
            f"rtol={rtol} atol={atol}; worst at {worst}: "
            f"{g.flatten()[worst].item():.6g} vs {w.flatten()[worst].item():.6g}")


class NotCompiled(Exception):
    """tilec did not compile this step (the corpus' compile recorded why)."""


def corpus_compile_errors(kernels):
    path = os.path.join(kernels, "corpus.json")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return {r["artifact"]: r["error"] for r in json.load(f)}


def run_all(args):
    import torch
    import triton
    torch.manual_seed(0)
    if args.dump_triton:
        os.makedirs(args.dump_triton, exist_ok=True)
    runner = Runner(torch, triton, args.kernels, args.trials, args.warmups,
                    args.dump_triton)
    sources = os.path.join(args.kernels, "sources")
    if args.corpus:
        selected = load_corpus_cases()(sources=sources)
        runner.corpus = os.path.join(sources, "corpus")
    else:
        selected = compare_cases.cases(None, args.tutorials, sources=sources)
    errors = corpus_compile_errors(args.kernels) if args.corpus else {}
    failed = passed = triton_only = 0
    rows, results = [], []
    for case in selected:
        if args.only and not any(s in case.id for s in args.only):
            continue
        not_ours = [errors[s.artifact(case)] for s in case.steps
                    if errors.get(s.artifact(case))]
        problems, timing = check_case(args, runner, torch, case,
                                      ours=not not_ours)
        if not_ours:
            # Triton's side alone still checks the case (its inputs, its
            # launch, the reference), and times Triton for later.
            status = "FAIL" if problems else "TRITON-ONLY"
            triton_only += 0 if problems else 1
        else:
            status = "FAIL" if problems else "PASS"
        failed += status == "FAIL"
        passed += status == "PASS"
        how = case.how.__name__ if callable(case.how) else \
            "exact" if case.how == "exact" else "close"
        line = f"{status} {case.id} [{how}]"
        if problems:
            line += ": " + "; ".join(problems)
        elif not_ours:
            line += f" (tilec: {not_ours[0]})"
        line += timing.get("text", "")
        if "ours_ms" in timing and timing.get("bytes"):
            rows.append((case.id, timing["ours_ms"], timing["theirs_ms"],
                         timing["bytes"]))
        results.append(dict(case=case.id, status=status, problems=problems,
                            **{k: v for k, v in timing.items()
                               if k != "text"}))
        print(line, flush=True)
    if rows:
        print("\n| case | ours GB/s | Triton GB/s | ours/Triton time |")
        print("|---|---:|---:|---:|")
        for cid, o, t, nbytes in rows:
            print(f"| {cid} | {nbytes / o / 1e6:.0f} | {nbytes / t / 1e6:.0f} "
                  f"| {o / t:.3f} |")
    if args.results:
        with open(args.results, "w") as f:
            json.dump(results, f, indent=1)
    summary = f"\ncompare_triton: {passed} passed, {failed} failed"
    if args.corpus:
        summary += f" ({triton_only} run by Triton only: tilec did not compile them)"
    print(summary)
    return 1 if failed else 0


def check_case(args, runner, torch, case, ours=True):
    """Runs one case on both sides (Triton's alone when `ours` is False)
    and compares; returns (problems, timing)."""
    timing = {}
    try:
        inputs = case.make(torch)
        if ours:
            mine, my_steps = runner.run_side(case, inputs, runner.ours)
        ref, their_steps = runner.run_side(case, inputs, runner.theirs)
        problems = []
        if ours:
            problems += [compare(torch, out, mine[out], ref[out], case.how,
                                 inputs=inputs)
                         for out in case.outputs]
        if case.reference:
            want = case.reference(torch, inputs)
            # A reference may give "<out>:magnitude", the size its
            # rounding errors scale with (the sum of |terms|).
            got = mine if ours else ref
            problems += [compare(torch, out + " (vs torch)", got[out],
                                 want[out], case.reference_how,
                                 want.get(out + ":magnitude"))
                         for out in want if ":" not in out]
        problems = [p for p in problems if p]
    except Exception as e:  # a case that cannot run is a failure
        return [f"{type(e).__name__}: {e}"], timing
    if not args.time or problems or not (case.bytes or case.flops):
        return problems, timing
    theirs_ms = runner.time(their_steps)
    timing["theirs_ms"] = theirs_ms
    ours_ms = runner.time(my_steps) if ours else None
    if ours:
        timing["ours_ms"] = ours_ms
    if case.bytes:
        nbytes = timing["bytes"] = case.bytes(inputs)
        text = (f" ours {ours_ms * 1e3:.1f} us {nbytes / ours_ms / 1e6:.0f} GB/s,"
                if ours else "")
        text += (f" Triton {theirs_ms * 1e3:.1f} us"
                 f" {nbytes / theirs_ms / 1e6:.0f} GB/s")
    else:
        flops = timing["flops"] = case.flops(inputs)
        text = (f" ours {ours_ms * 1e3:.1f} us {flops / ours_ms / 1e9:.1f}"
                f" TFLOP/s," if ours else "")
        text += (f" Triton {theirs_ms * 1e3:.1f} us"
                 f" {flops / theirs_ms / 1e9:.1f} TFLOP/s")
    if ours:
        text += f", ours/Triton time {ours_ms / theirs_ms:.3f}"
    timing["text"] = text
    return problems, timing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compile", help="compile every case with tilec")
    c.add_argument("--tilec", required=True)
    c.add_argument("--out", required=True)
    c.add_argument("--root", default=os.path.normpath(os.path.join(HERE, "../..")),
                   help="the repository (default: this script's)")
    c.add_argument("--tutorials", help="a directory with Triton's tutorials")
    c.add_argument("--corpus", metavar="DIR",
                   help="the collected corpus (.corpus, tools/corpus/collect.py):"
                   " compile its cases only, and record each step's result in"
                   " OUT/corpus.json")
    c.add_argument("--only", nargs="*", help="with --corpus: case ids "
                   "containing these")
    c.add_argument("--timeout", type=int, default=300,
                   help="with --corpus: seconds tilec may take a step")
    r = sub.add_parser("run", help="check (and time) every case on the GPU")
    r.add_argument("--kernels", required=True)
    r.add_argument("--tutorials")
    r.add_argument("--time", action="store_true")
    r.add_argument("--trials", type=int, default=50)
    r.add_argument("--warmups", type=int, default=5)
    r.add_argument("--only", nargs="*", help="case ids containing these")
    r.add_argument("--corpus", action="store_true",
                   help="run the corpus' cases (compiled with compile --corpus;"
                   " steps tilec did not compile run on Triton's side only)")
    r.add_argument("--results", metavar="FILE",
                   help="write each case's status and times there (JSON)")
    r.add_argument("--dump-triton", metavar="DIR",
                   help="write the PTX Triton compiled for each step there")
    args = parser.parse_args()
    sys.exit(compile_all(args) if args.command == "compile" else run_all(args))


if __name__ == "__main__":
    main()
