#!/usr/bin/env python3
"""Fuzzes tilec with generated kernels and mutants of the repository's.

    tools/fuzz/run.py --seed S --budget SECONDS --out DIR [--tilec PATH]

Input i of seed S depends only on (S, i), so a run is reproducible up to
the number of inputs the budget allows (--count caps it). Each input runs
through tilec with a per-input timeout and is classified:

  located error   tilec failed and printed FILE:LINE:COL: error: ...
  ptx ok          tilec succeeded and ptxas -arch=sm_90a accepted the PTX
                  (or ptxas is missing: 'ptx unchecked')
  crash           killed by a signal, or a stack dump / 'PLEASE submit'
  hang            the timeout ran out
  unlocated       tilec failed without a located error line
  ptxas           ptxas rejected tilec's PTX (or timed out on it)

Failures go to DIR/failures/NNNNN-KIND/ (input.py, command.sh, stderr.txt),
replacing those of an earlier run into DIR; DIR/summary.txt has the counts. Exits 1 if there was any failure.
"""

import argparse
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import mutate  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
FAILURES = ("crash", "hang", "unlocated", "ptxas")


def run(cmd, timeout):
    """(returncode or None on timeout, stderr text)."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, ""
    return p.returncode, p.stderr.decode("utf-8", "replace")


def classify(args, work, source, kernel, signature, warps):
    """(outcome, command, stderr) for one input."""
    path = os.path.join(work, "input.py")
    ptx = os.path.join(work, "out.ptx")
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(source)
    if os.path.exists(ptx):
        os.remove(ptx)
    cmd = [args.tilec, path, "--kernel", kernel, "--signature", signature,
           "--num-warps", str(warps), "-o", ptx]
    rc, err = run(cmd, args.timeout)
    if rc is None:
        return "hang", cmd, err
    if rc < 0 or "Stack dump" in err or "PLEASE submit" in err:
        return "crash", cmd, err
    if rc != 0:
        located = re.compile(r"^%s:\d+:\d+: error:" % re.escape(path), re.M)
        return ("located error" if located.search(err) else "unlocated",
                cmd, err)
    if not args.ptxas:
        return "ptx unchecked", cmd, err
    prc, perr = run([args.ptxas, "-arch=sm_90a", ptx, "-o", os.devnull],
                    args.timeout)
    if prc != 0:
        return "ptxas", cmd, "ptxas %s\n%s" % (
            "timed out" if prc is None else "exit %d" % prc, perr)
    return "ptx ok", cmd, err


def save(out, index, outcome, source, cmd, err):
    d = os.path.join(out, "failures", "%05d-%s" % (index, outcome))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "input.py"), "w", encoding="utf-8",
              newline="") as f:
        f.write(source)
    shown = [a if i != 1 else "input.py" for i, a in enumerate(cmd)]
    shown[shown.index("-o") + 1] = "out.ptx"
    with open(os.path.join(d, "command.sh"), "w") as f:
        f.write(" ".join(shlex.quote(a) for a in shown) + "\n")
    with open(os.path.join(d, "stderr.txt"), "w", encoding="utf-8") as f:
        f.write(err)
    return d


def make_input(seed, index, corpus):
    """Input `index` of `seed`: about two generated kernels per mutant."""
    rng = random.Random("%d:%d" % (seed, index))
    if corpus and rng.random() < 0.35:
        return mutate.mutate(rng, rng.choice(corpus))
    return gen.generate(rng)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=60,
                    help="seconds to run for")
    ap.add_argument("--count", type=int, default=0,
                    help="stop after this many inputs (0: no limit)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--tilec", default=os.path.join(ROOT, "build", "bin",
                                                    "tilec"))
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or
                    "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--timeout", type=float, default=30,
                    help="seconds per tilec (and ptxas) run")
    args = ap.parse_args()
    if not os.path.exists(args.ptxas):
        args.ptxas = None
    args.tilec = os.path.abspath(args.tilec)
    if not os.access(args.tilec, os.X_OK):
        ap.error("no tilec at %s (build it, or pass --tilec)" % args.tilec)
    work = os.path.join(args.out, "work")
    os.makedirs(work, exist_ok=True)
    # Only this run's failures: a rerun into the same DIR replaces them.
    shutil.rmtree(os.path.join(args.out, "failures"), ignore_errors=True)
    corpus = mutate.seeds(ROOT)

    counts = {}
    saved = []
    start = time.monotonic()
    index = 0
    while time.monotonic() - start < args.budget and (
            not args.count or index < args.count):
        source, kernel, signature = make_input(args.seed, index, corpus)
        warps = random.Random(index).choice([1, 2, 4, 4, 8])
        outcome, cmd, err = classify(args, work, source, kernel, signature,
                                     warps)
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome in FAILURES:
            saved.append(save(args.out, index, outcome, source, cmd, err))
        index += 1

    lines = ["seed %d: %d inputs in %.0f s" % (args.seed, index,
                                               time.monotonic() - start)]
    lines += ["  %-14s %d" % (k, v) for k, v in sorted(counts.items())]
    lines += ["failure: %s" % d for d in saved]
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if saved else 0


if __name__ == "__main__":
    sys.exit(main())
