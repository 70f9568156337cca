#!/usr/bin/env python3
"""Prints the corpus' table for docs/testing.md from a compile (and,
when given, a run) of its cases.

  tools/corpus/table.py --compiled DIR/corpus.json [--run RESULTS.json ...]
      [--rerun CASE ...]

One row a kernel (its project, file, function, cases): `compiles` when
tilec compiled every step of every case, else the first error's message;
with --run (the results of one run, or of a run in parts), whether Triton
and we agree on every case and the median ours/Triton time over its timed
cases. A kernel with a case named by --rerun (changed since that run) says
`re-run needed` instead of that run's verdict. Then the blockers: the
errors grouped by what tilec lacks, ranked by the number of kernels they
block.
"""

import argparse
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import collect  # noqa: E402

# What each error says tilec lacks: (pattern on the message, blocker).
BLOCKERS = [
    (r"invalid signature entry 'None'",
     "None arguments: Triton specialises a None pointer or scalar to a "
     "constexpr None; a signature cannot say None"),
    (r"is bound (under the top-level condition|in the top-level try)",
     "names bound under a top-level `if`/`try` whose condition calls host "
     "code (liger's `compare_version(\"triton\", operator.ge, \"3.0.0\") "
     "and not is_npu_available()`, unsloth's `Version` from unsloth_zoo "
     "and its `DEVICE_TYPE == \"xpu\"`)"),
    (r"cannot read the global .*bound to what the host function",
     "globals bound to what a host function returns "
     "(`rsqrt = libdevice_find(\"rsqrt\")`)"),
    (r"positional argument follows keyword argument",
     "`**kwargs` in a decorator's call (`@triton.autotune(..., "
     "**autotune_cache_kwargs)`), anywhere in the file"),
    (r"key names '.*', which is not a runtime parameter",
     "@triton.autotune keys that name constexpr parameters"),
    (r"unsupported triton.Config argument 'pre_hook'",
     "triton.Config(pre_hook=...)"),
    (r"expected an int, float or bool constant",
     "a module constant in triton.Config (`num_stages=FORWARD_NUM_STAGES`)"),
    (r"'torch' is bound by a top-level import",
     "host code in a tl.constexpr global (`X = tl.constexpr(torch.finfo("
     "torch.float32).min)`), which Triton evaluates when it runs the module"),
    (r"unknown name 'get_scan_accum_type'",
     "constexpr functions (`@tl.constexpr def f(dtype)`: dtype "
     "introspection at compile time)"),
]


def blocker(error):
    for pattern, name in BLOCKERS:
        if re.search(pattern, error):
            return name
    return re.sub(r"^\S+:\d+:\d+: error: ", "", error)


def short(error, limit=150):
    """The message without the path (file:line:col stays), without the
    list of types an invalid signature entry could have had, cut at
    `limit`, its backquotes made quotes (it goes into a code span)."""
    text = re.sub(r"^\S*/([^/]+\.py)", r"\1", error)
    text = re.sub(r" \(expected i1, .*\)$", "", text)
    text = text.replace("`", "'")
    return text if len(text) <= limit else text[:limit - 3] + "..."


def kernels(compiled, manifest):
    """(project, file, kernel) -> {cases, error} in manifest order."""
    rows = {}
    for project in manifest["projects"]:
        for k in project["kernels"]:
            rows[(project["name"], k["file"], k["name"])] = dict(cases=[], error="")
    for r in compiled:
        row = rows.setdefault((r["project"], r["file"], r["kernel"]),
                              dict(cases=[], error=""))
        if r["case"] not in row["cases"]:
            row["cases"].append(r["case"])
        if r["error"] and not row["error"]:
            row["error"] = r["error"]
    return rows


def run_columns(row, run, rerun=()):
    if run is None:
        return "not run yet", "not run yet"
    results = [run[c] for c in row["cases"] if c in run]
    if not results:
        return "not run", "not run"
    bad = [r for r in results if r["status"] == "FAIL"]
    correct = ("re-run needed" if any(c in rerun for c in row["cases"]) else
               "no: " + bad[0]["problems"][0][:80] if bad else
               "yes" if all(r["status"] == "PASS" for r in results) else
               "Triton only")
    ratios = [r["ours_ms"] / r["theirs_ms"] for r in results
              if r.get("ours_ms") and r.get("theirs_ms")]
    return correct, (f"{statistics.median(ratios):.2f}" if ratios else "-")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compiled", required=True, help="OUT/corpus.json")
    parser.add_argument("--run", nargs="+", metavar="FILE",
                        help="compare_triton run --results FILE (several: "
                        "the parts of one run)")
    parser.add_argument("--rerun", nargs="+", default=[], metavar="CASE",
                        help="case ids changed since the run")
    args = parser.parse_args()
    with open(args.compiled) as f:
        compiled = json.load(f)
    run = None
    if args.run:
        run = {}
        for path in args.run:
            with open(path) as f:
                run.update({r["case"]: r for r in json.load(f)})
    manifest = collect.load_manifest()
    rows = kernels(compiled, manifest)
    repos = {p["name"]: p for p in manifest["projects"]}

    ok = sum(1 for r in rows.values() if not r["error"])
    print(f"{ok} of {len(rows)} kernels compile "
          f"({len(compiled)} steps of {len({r['case'] for r in compiled})} "
          f"cases).\n")
    print("| project | file | kernel | cases | tilec | correct | ours/Triton |")
    print("|---|---|---|---:|---|---|---:|")
    for (project, path, name), row in rows.items():
        correct, ratio = run_columns(row, run, set(args.rerun))
        status = "compiles" if not row["error"] else f"`{short(row['error'])}`"
        print(f"| {project} | {os.path.basename(path)} | `{name}` | "
              f"{len(row['cases'])} | {status} | {correct} | {ratio} |")

    print("\nBlockers, by kernels blocked:\n")
    counts = {}
    for (project, _, name), row in rows.items():
        if row["error"]:
            counts.setdefault(blocker(row["error"]), []).append(
                f"{project}/{name}")
    ranked = sorted(counts.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    for i, (name, blocked) in enumerate(ranked, 1):
        projects = sorted({b.split("/")[0] for b in blocked})
        print(f"{i}. {name}: {len(blocked)} ({', '.join(projects)})")
    print("\nProjects:\n")
    print("| project | repository | commit | license |")
    print("|---|---|---|---|")
    for name, p in repos.items():
        print(f"| {name} | {p['repository']} | `{p['commit'][:12]}` | "
              f"{p.get('license', '?')} |")


if __name__ == "__main__":
    main()
