#!/usr/bin/env python3
"""Runs the same @triton.jit kernels through tilec and through Triton, on the
same inputs, and compares their outputs and times.

Two steps, on two machines:

  # here (tilec, no GPU): compile every case's kernels to PTX + manifest
  tools/gpu/compare_triton.py compile --tilec build/bin/tilec --out DIR \
      [--tutorials TDIR]
  # on the GPU machine (torch and Triton, no tilec): check and time
  python3 compare_triton.py run --kernels DIR [--tutorials TDIR] [--time]

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

Prints one line per case and a summary; exits 1 if a comparison failed.
Triton and torch are references here, never dependencies of tilec.
"""

import argparse
import ast
import ctypes
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_cases  # noqa: E402

FLUSH_BYTES = 256 << 20


#===--- compile (no GPU) ----------------------------------------------------===#

def compile_all(args):
    os.makedirs(args.out, exist_ok=True)
    failures = 0
    for case in compare_cases.cases(args.root, args.tutorials):
        for step in case.steps:
            name = step.artifact(case)
            ptx = os.path.join(args.out, name + ".ptx")
            command = [args.tilec, case.source, "--kernel", step.kernel,
                       "--signature", step.signature,
                       "--num-warps", str(step.num_warps),
                       "--num-stages", str(step.num_stages), "-o", ptx
                       ] + step.flags
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


def jit_function(obj):
    # Under @triton.autotune / @triton.heuristics the JITFunction is .fn.
    while not hasattr(obj, "run") or type(obj).__name__ != "JITFunction":
        if not hasattr(obj, "fn"):
            break
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

    def module(self, path):
        if path not in self.modules:
            self.modules[path] = load_kernels(path)
        return self.modules[path]

    def fresh(self, buffers):
        return {k: v.clone() if hasattr(v, "clone") else v
                for k, v in buffers.items()}

    def ours(self, case, step, buffers):
        name = step.artifact(case)
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
        kernel = jit_function(getattr(self.module(case.run_source), step.kernel))
        bound = dict(step.bind(buffers))
        bound.update(step.constexprs)
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


def compare(torch, name, got, want, how, magnitude=None):
    """'' if equal under `how`, else why not. NaNs and infinities must sit
    in the same places; `magnitude` (default |want|) scales the relative
    tolerance."""
    if how == "exact":
        a = got.contiguous().view(torch.uint8)
        b = want.contiguous().view(torch.uint8)
        if torch.equal(a, b):
            return ""
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


def run_all(args):
    import torch
    import triton
    torch.manual_seed(0)
    if args.dump_triton:
        os.makedirs(args.dump_triton, exist_ok=True)
    runner = Runner(torch, triton, args.kernels, args.trials, args.warmups,
                    args.dump_triton)
    sources = os.path.join(args.kernels, "sources")
    failed = passed = 0
    rows = []
    for case in compare_cases.cases(None, args.tutorials, sources=sources):
        if args.only and not any(s in case.id for s in args.only):
            continue
        try:
            inputs = case.make(torch)
            mine, my_steps = runner.run_side(case, inputs, runner.ours)
            ref, their_steps = runner.run_side(case, inputs, runner.theirs)
            problems = [compare(torch, out, mine[out], ref[out], case.how)
                        for out in case.outputs]
            if case.reference:
                want = case.reference(torch, inputs)
                # A reference may give "<out>:magnitude", the size its
                # rounding errors scale with (the sum of |terms|).
                problems += [compare(torch, out + " (vs torch)", mine[out],
                                     want[out], case.reference_how,
                                     want.get(out + ":magnitude"))
                             for out in want if ":" not in out]
            problems = [p for p in problems if p]
        except Exception as e:  # a case that cannot run is a failure
            problems = [f"{type(e).__name__}: {e}"]
            my_steps = their_steps = None
        status = "FAIL" if problems else "PASS"
        line = f"{status} {case.id} [{case.how if case.how == 'exact' else 'close'}]"
        if problems:
            failed += 1
            line += ": " + "; ".join(problems)
        else:
            passed += 1
        if args.time and case.bytes and not problems:
            ours_ms = runner.time(my_steps)
            theirs_ms = runner.time(their_steps)
            nbytes = case.bytes(inputs)
            line += (f" ours {ours_ms * 1e3:.1f} us {nbytes / ours_ms / 1e6:.0f} GB/s,"
                     f" Triton {theirs_ms * 1e3:.1f} us"
                     f" {nbytes / theirs_ms / 1e6:.0f} GB/s,"
                     f" ours/Triton time {ours_ms / theirs_ms:.3f}")
            rows.append((case.id, ours_ms, theirs_ms, nbytes))
        if args.time and case.flops and not problems:
            ours_ms = runner.time(my_steps)
            theirs_ms = runner.time(their_steps)
            flops = case.flops(inputs)
            line += (f" ours {ours_ms * 1e3:.1f} us {flops / ours_ms / 1e9:.1f}"
                     f" TFLOP/s, Triton {theirs_ms * 1e3:.1f} us"
                     f" {flops / theirs_ms / 1e9:.1f} TFLOP/s,"
                     f" ours/Triton time {ours_ms / theirs_ms:.3f}")
        print(line, flush=True)
    if rows:
        print("\n| case | ours GB/s | Triton GB/s | ours/Triton time |")
        print("|---|---:|---:|---:|")
        for cid, o, t, nbytes in rows:
            print(f"| {cid} | {nbytes / o / 1e6:.0f} | {nbytes / t / 1e6:.0f} "
                  f"| {o / t:.3f} |")
    print(f"\ncompare_triton: {passed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compile", help="compile every case with tilec")
    c.add_argument("--tilec", required=True)
    c.add_argument("--out", required=True)
    c.add_argument("--root", default=os.path.normpath(os.path.join(HERE, "../..")),
                   help="the repository (default: this script's)")
    c.add_argument("--tutorials", help="a directory with Triton's tutorials")
    r = sub.add_parser("run", help="check (and time) every case on the GPU")
    r.add_argument("--kernels", required=True)
    r.add_argument("--tutorials")
    r.add_argument("--time", action="store_true")
    r.add_argument("--trials", type=int, default=50)
    r.add_argument("--warmups", type=int, default=5)
    r.add_argument("--only", nargs="*", help="case ids containing these")
    r.add_argument("--dump-triton", metavar="DIR",
                   help="write the PTX Triton compiled for each step there")
    args = parser.parse_args()
    sys.exit(compile_all(args) if args.command == "compile" else run_all(args))


if __name__ == "__main__":
    main()
