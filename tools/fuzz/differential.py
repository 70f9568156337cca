#!/usr/bin/env python3
"""Differential testing on the GPU: generated kernels through tilec and
through Triton, on the same inputs, outputs compared.

  # here: generate kernels with gen.py and compile them with tilec
  tools/fuzz/differential.py compile --seed 1 --count 500 --out DIR \
      [--grep REGEX]   # only kernels whose source matches
  # on the GPU machine (torch and Triton): run both, compare
  python3 tools/fuzz/differential.py run --dir DIR [--limit-seconds 300]

`compile` keeps the kernels tilec compiles (`ptx ok` in run.py's terms);
the rest are run.py's business. `run` makes inputs from each kernel's
signature (sizes that honour its :16 and :1 specialisations, buffers large
enough for unmasked stores), launches our PTX (compare_triton.Driver) and
Triton's JIT on fresh copies, and sorts each kernel into:

  same       every output element equal (NaNs where Triton has NaNs)
  close      equal within the tolerance (fp32: rtol 1e-3, atol 1e-5;
             fp16 outputs: rtol 1e-2, atol 1e-3): reduction order and
             approximate math differ between the compilers
  MISMATCH   outputs differ: a bug on one side, or behaviour undefined in
             both (integer division by zero, shifts past the width)
  triton-error  Triton rejects the kernel (tilec accepted it)
  ERROR      our launch failed

Mismatches are listed with their kernel file (DIR/NNNNN.py) and the
first differing element; the script exits 1 if there was any MISMATCH or
ERROR. Generated kernels only use the standard library to build.
"""

import argparse
import json
import re
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools", "gpu"))


def compile_all(args):
    import gen
    os.makedirs(args.out, exist_ok=True)
    cases = []
    for index in range(args.count):
        rng = random.Random("diff:%d:%d" % (args.seed, index))
        source, kernel, signature = gen.generate(rng, defined=True)
        warps = rng.choice([1, 2, 4, 4, 8])
        if args.grep and not re.search(args.grep, source):
            continue
        name = "%05d" % index
        path = os.path.join(args.out, name + ".py")
        with open(path, "w") as f:
            f.write(source)
        ptx = os.path.join(args.out, name + ".ptx")
        done = subprocess.run(
            [args.tilec, path, "--kernel", kernel, "--signature", signature,
             "--num-warps", str(warps), "-o", ptx],
            capture_output=True, text=True)
        if done.returncode != 0:
            continue
        cases.append(dict(name=name, kernel=kernel, signature=signature,
                          warps=warps, seed=args.seed, index=index))
    with open(os.path.join(args.out, "cases.json"), "w") as f:
        json.dump(cases, f, indent=1)
    print("differential: %d of %d generated kernels compiled into %s"
          % (len(cases), args.count, args.out))
    return 0


#===--- run (GPU) -----------------------------------------------------------===#

def parse(signature):
    """(pointer dtypes, the rest) of a gen.py signature."""
    fields = signature.split(",")
    ptrs = [f[1:].split(":")[0] for f in fields[:3]]
    return ptrs, fields[3:]


def specialised(field, rng, low, high):
    """A value for an `i32[:16|:1]` field."""
    spec = field.split(":")[1] if ":" in field else ""
    if spec == "1":
        return 1
    value = rng.randint(low, high)
    if spec == "16":
        value = max(16, (value + 15) // 16 * 16)
    return value


def make_inputs(torch, case):
    rng = random.Random("%s:%s" % (case["seed"], case["index"]))
    ptrs, rest = parse(case["signature"])
    dtypes = {"fp32": torch.float32, "fp16": torch.float16,
              "i32": torch.int32, "u32": torch.uint32}
    if len(rest) == 2:  # 1-D: n, BLOCK
        block = int(rest[1])
        n = specialised(rest[0], rng, 1, 3 * block + 5)
        grid = ((n + block - 1) // block,)
        size = grid[0] * block
        scalars = dict(n=n)
        constexprs = dict(BLOCK=block)
    else:  # 2-D: M, N, stride, BM, BN
        bm, bn = int(rest[3]), int(rest[4])
        m = rng.randint(1, 3 * bm + 3)
        n = rng.randint(1, bn + 3)
        # Rows must not overlap (an unmasked store writes all BN columns),
        # so the stride is at least BN; `:1` kernels get one row (below).
        stride = specialised(rest[2], rng, bn, bn + 40)
        if stride == 1:
            m = 1
        grid = ((m + bm - 1) // bm,)
        size = (grid[0] * bm - 1) * stride + bn + 1
        scalars = dict(M=m, N=n, stride=stride)
        constexprs = dict(BM=bm, BN=bn)

    gen = torch.Generator(device="cuda")
    gen.manual_seed(case["index"])

    def block(dtype, count):
        if dtype == "i32":
            return torch.randint(-50, 50, (count,), generator=gen,
                                 device="cuda", dtype=torch.int32)
        if dtype == "u32":
            # Small values, and a quarter past 2^31, where unsigned and
            # signed semantics part.
            small = torch.randint(0, 100, (count,), generator=gen,
                                  device="cuda", dtype=torch.int32)
            top = torch.randint(0, 4, (count,), generator=gen, device="cuda",
                                dtype=torch.int32) == 0
            return torch.where(top, small | (-2**31), small).view(torch.uint32)
        return (2 * torch.randn(count, generator=gen, device="cuda")).to(
            dtypes[dtype])
    buffers = dict(x_ptr=block(ptrs[0], size),
                   y_ptr=torch.zeros(size, dtype=dtypes[ptrs[1]],
                                     device="cuda"),
                   w_ptr=block(ptrs[2], 64 * 64))
    buffers.update(scalars)
    return buffers, grid, constexprs


def racy(case):
    """Whether the kernel's rows overlap whatever M is: stride specialised
    to 1 with blocks of several rows, and a store of every row (a masked
    store of row 0 alone would be fine, but gen.py may store unmasked)."""
    ptrs, rest = parse(case["signature"])
    return len(rest) == 5 and rest[2].endswith(":1") and int(rest[3]) > 1


def compare(torch, got, want, tf32=False, float_work=False):
    """('same' | 'close' | 'MISMATCH', detail). `tf32`: the kernel has a
    tl.dot of fp32 blocks, which both compilers run in tf32 by default, each
    with its own order of accumulation. `float_work`: integer outputs come
    from float arithmetic (approximate exp2, sums in another order), so a
    last-ulp difference may truncate to integers 1 apart."""
    if got.dtype == torch.uint32:  # few torch ops take uint32
        got, want = got.view(torch.int32), want.view(torch.int32)
    if not got.is_floating_point():
        if torch.equal(got, want):
            return "same", ""
        if float_work and bool(
                ((got.long() - want.long()).abs() <= 1).all()):
            return "close", ""
        i = int((got != want).nonzero()[0].item())
        return "MISMATCH", "y[%d]: %d vs Triton's %d (%d elements differ)" % (
            i, got[i].item(), want[i].item(), int((got != want).sum()))
    same_bits = torch.equal(got.view(torch.int16 if got.element_size() == 2
                                     else torch.int32),
                            want.view(torch.int16 if want.element_size() == 2
                                      else torch.int32))
    if same_bits:
        return "same", ""
    g, w = got.double(), want.double()
    nan = torch.isnan(g) != torch.isnan(w)
    inf = (torch.isinf(g) | torch.isinf(w)) & (g != w)
    finite = torch.isfinite(g) & torch.isfinite(w)
    rtol, atol = (1e-2, 1e-3) if got.dtype == torch.float16 or tf32 \
        else (1e-3, 1e-5)
    # Relative to the output's scale too: a sum of large terms that cancel
    # keeps the terms' absolute rounding error.
    scale = float(w[torch.isfinite(w)].abs().max().item()) \
        if bool(torch.isfinite(w).any()) else 1.0
    err = (g - w).abs()
    far = finite & (err > atol + rtol * w.abs()) & (err > rtol * scale * 1e-2)
    bad = nan | inf | far
    if not bool(bad.any()):
        return "close", ""
    i = int(bad.nonzero()[0].item())
    return "MISMATCH", "y[%d]: %r vs Triton's %r (%d elements differ)" % (
        i, got[i].item(), want[i].item(), int(bad.sum()))


STICKY = ("unspecified launch failure", "illegal memory access",
          "illegal instruction", "misaligned address", "device-side assert",
          "CUDA_ERROR_LAUNCH_FAILED", "CUDA_ERROR_ILLEGAL")


def run_all(args):
    """Runs the cases in child processes: a kernel that traps (a launch
    failure) leaves the CUDA context unusable, so the child stops there and
    a new one goes on from the next case."""
    with open(os.path.join(args.dir, "cases.json")) as f:
        total_cases = len(json.load(f))
    counts = {}
    failed = 0
    first = 0
    start = time.monotonic()
    while first < total_cases:
        left = args.limit_seconds - (time.monotonic() - start)
        if left <= 0:
            break
        child = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "run", "--dir",
             args.dir, "--limit-seconds", str(left), "--first", str(first),
             "--child"], capture_output=True, text=True)
        sys.stdout.write("".join(
            line + "\n" for line in child.stdout.splitlines()
            if not line.startswith("CHILD ")))
        last = None
        for line in child.stdout.splitlines():
            if line.startswith("CHILD "):
                last = json.loads(line[len("CHILD "):])
        if last is None:
            print("differential: a child died without a summary:\n%s"
                  % child.stderr[-2000:])
            return 1
        for key, value in last["counts"].items():
            counts[key] = counts.get(key, 0) + value
        failed += last["failed"]
        first = last["next"]
        if not last["sticky"]:
            break
    total = sum(counts.values())
    print("\ndifferential: %d kernels in %.0f s: %s" % (
        total, time.monotonic() - start,
        ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    return 1 if failed else 0


def run_child(args):
    import torch
    import compare_triton as ct
    with open(os.path.join(args.dir, "cases.json")) as f:
        cases = json.load(f)
    driver = ct.Driver()
    stream = torch.cuda.current_stream().cuda_stream
    counts = {}
    mismatches = []
    start = time.monotonic()
    sticky = False
    index = args.first  # the next case to run
    while index < len(cases) and not sticky:
        case = cases[index]
        if time.monotonic() - start > args.limit_seconds:
            break
        index += 1
        path = os.path.join(args.dir, case["name"] + ".py")
        if racy(case):
            counts["skipped (rows overlap)"] = counts.get(
                "skipped (rows overlap)", 0) + 1
            continue
        outcome, detail = "ERROR", ""
        try:
            inputs, grid, constexprs = make_inputs(torch, case)
            ours = {k: v.clone() if hasattr(v, "clone") else v
                    for k, v in inputs.items()}
            theirs = {k: v.clone() if hasattr(v, "clone") else v
                      for k, v in inputs.items()}
            try:
                module = ct.load_kernels(path)
                kernel = ct.jit_function(getattr(module, case["kernel"]))
                kernel[grid](**theirs, **constexprs, num_warps=case["warps"])
                torch.cuda.synchronize()
            except Exception as e:
                outcome, detail = "triton-error", str(e).splitlines()[-1][:200]
                raise
            with open(os.path.join(args.dir, case["name"] + ".json")) as f:
                manifest = json.load(f)
            fn = driver.function(os.path.join(args.dir, manifest["ptx"]),
                                 manifest["name"], manifest["shared_bytes"],
                                 manifest.get("dynamic_shared", False))
            shared = manifest["shared_bytes"] \
                if manifest.get("dynamic_shared") else 0
            # The manifest lists what the PTX takes (an `i32:1` argument is
            # specialised away).
            values = [ct.ctypes.c_uint64(ours[p["name"]].data_ptr())
                      if p["kind"] == "pointer"
                      else ct.SCALARS[p["type"]](ours[p["name"]])
                      for p in manifest["params"]]
            driver.prepare(fn, grid, manifest["threads_per_block"], shared,
                           stream, values)()
            torch.cuda.synchronize()
            with open(path) as f:
                source = f.read()
            tf32 = "tl.dot(" in source
            float_work = "x.to(tl.float32)" in source or \
                parse(case["signature"])[0][0] in ("fp32", "fp16")
            outcome, detail = compare(torch, ours["y_ptr"], theirs["y_ptr"],
                                      tf32, float_work)
        except Exception as e:
            if outcome != "triton-error":
                outcome, detail = "ERROR", "%s: %s" % (type(e).__name__, e)
            # A trap poisons the context: this child stops after the case.
            sticky = any(text in str(e) for text in STICKY)
            if sticky:
                detail = "launch failure (the kernel trapped): " + \
                    str(e).splitlines()[0][:160]
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome in ("MISMATCH", "ERROR"):
            mismatches.append((case["name"], outcome, detail))
        if outcome in ("MISMATCH", "ERROR", "triton-error"):
            print("%s %s (%s, %s, %d warps): %s" % (
                outcome, path, case["kernel"], case["signature"],
                case["warps"], detail), flush=True)
    print("CHILD " + json.dumps(dict(
        counts=counts, failed=len(mismatches), sticky=sticky,
        next=index)), flush=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compile")
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--count", type=int, default=500)
    c.add_argument("--out", required=True)
    c.add_argument("--grep", default="",
                   help="keep only generated kernels whose source matches "
                        "this regular expression (a run focused on one "
                        "construct, e.g. 'tl.trans')")
    c.add_argument("--tilec", default=os.path.join(ROOT, "build", "bin",
                                                   "tilec"))
    r = sub.add_parser("run")
    r.add_argument("--dir", required=True)
    r.add_argument("--limit-seconds", type=float, default=300)
    r.add_argument("--first", type=int, default=0,
                   help=argparse.SUPPRESS)  # a child's first case
    r.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.command == "compile":
        sys.exit(compile_all(args))
    sys.exit(run_child(args) if args.child else run_all(args))


if __name__ == "__main__":
    main()
