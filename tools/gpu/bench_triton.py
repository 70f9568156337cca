#!/usr/bin/env python3
"""Runs the lecture's kernels with Triton at our benchmark shapes and compares.

Imports the very .py files tilec compiles (examples/<kernel>/<kernel>.py in
the bundle), launches them with the same BLOCK_SIZE and num_warps as our
host programs, checks the results against float64 torch references, and
times each case twice:

  * with triton.testing.do_bench (median), Triton's own method;
  * with the same CUDA-event method as our host programs (tilec::rt::
    benchmark): warm-up runs, synchronize, then per trial an untimed 256 MiB
    L2 flush, start event, launch, end event, wait; mean, median and P95.

It also measures the copy ceiling (torch clone of 1 GiB fp32) and prints a
table against our RESULT lines (logs/results.txt from run_all.sh).

  python3 bench_triton.py --examples ./examples --results logs/results.txt
"""

import argparse
import importlib.util
import math
import os
import statistics
import sys

FLUSH_BYTES = 256 << 20

# (case id, kernel, shape, BLOCK_SIZE, num_warps); ids match our RESULT lines.
CASES = [
    ("gelu_268435456", "gelu", (1 << 28,), 1024, 4),
    ("softmax_8192x1024", "softmax", (8192, 1024), 1024, 4),
    ("softmax_8192x4096", "softmax", (8192, 4096), 4096, 8),
    ("softmax_4096x16384", "softmax", (4096, 16384), 16384, 16),
    ("softmax_32768x1000", "softmax", (32768, 1000), 1024, 4),
    ("rowsum_4096x16384", "rowsum", (4096, 16384), 1024, 4),
    ("rowsum_16384x4096", "rowsum", (16384, 4096), 1024, 4),
    ("rowsum_65536x1000", "rowsum", (65536, 1000), 1024, 4),
]


def parse_results(lines):
    """Maps case id -> {key: value} from our 'RESULT key=value ...' lines."""
    results = {}
    for line in lines:
        if not line.startswith("RESULT "):
            continue
        fields = dict(
            item.split("=", 1) for item in line.split()[1:] if "=" in item)
        if "case" in fields:
            results[fields["case"]] = fields
    return results


def summarize(samples_ms):
    """Mean, median and nearest-rank P95, as tilec::rt::summarize."""
    ordered = sorted(samples_ms)
    rank = max(1, math.ceil(0.95 * len(ordered)))
    return {
        "mean": statistics.fmean(ordered),
        "median": statistics.median(ordered),
        "p95": ordered[rank - 1],
    }


def gbps(nbytes, ms):
    return nbytes / (ms * 1e6)


def format_table(rows):
    """rows: dicts with case, bytes, ours_ms, triton_ms, dobench_ms (None if
    missing). Returns a markdown table."""
    header = ("| case | MiB moved | ours GB/s | Triton GB/s (events) | "
              "Triton GB/s (do_bench) | ours/Triton time (events) |")
    lines = [header, "|---|---:|---:|---:|---:|---:|"]

    def rate(nbytes, ms):
        return "-" if ms is None else f"{gbps(nbytes, ms):.1f}"

    for row in rows:
        ratio = ("-" if row["ours_ms"] is None or row["triton_ms"] is None
                 else f"{row['ours_ms'] / row['triton_ms']:.3f}")
        lines.append(
            f"| {row['case']} | {row['bytes'] / 2**20:.0f} | "
            f"{rate(row['bytes'], row['ours_ms'])} | "
            f"{rate(row['bytes'], row['triton_ms'])} | "
            f"{rate(row['bytes'], row['dobench_ms'])} | {ratio} |")
    return "\n".join(lines)


def load_module(path, name):
    # Triton's @jit reads the kernel's source, so load it from the file.
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", default="examples",
                        help="folder holding gelu/gelu.py, softmax/softmax.py, "
                             "rowsum/rowsum.py")
    parser.add_argument("--results", default=None,
                        help="our RESULT lines (logs/results.txt)")
    parser.add_argument("--table", default=None,
                        help="also write the comparison table here")
    parser.add_argument("--warmups", type=int, default=10)
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--cases", default="",
                        help="comma-separated case ids (default: all)")
    args = parser.parse_args()

    import torch
    import triton
    import triton.testing

    device = torch.device("cuda")
    print(f"torch {torch.__version__}, triton {triton.__version__}, "
          f"{torch.cuda.get_device_name()}", flush=True)

    modules = {
        kernel: load_module(
            os.path.join(args.examples, kernel, f"{kernel}.py"), kernel)
        for kernel in ("gelu", "softmax", "rowsum")
    }
    ours = {}
    if args.results and os.path.exists(args.results):
        with open(args.results) as f:
            ours = parse_results(f)

    flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32, device=device)

    def time_events(fn):
        """Our host programs' method (tilec::rt::benchmark)."""
        for _ in range(args.warmups):
            fn()
        torch.cuda.synchronize()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        samples = []
        for trial in range(args.trials):
            flush.fill_(trial)
            start.record()
            fn()
            end.record()
            end.synchronize()
            samples.append(start.elapsed_time(end))
        return summarize(samples)

    def time_do_bench(fn):
        return triton.testing.do_bench(fn, return_mode="median")

    generator = torch.Generator(device=device)
    generator.manual_seed(1)

    def uniform(shape, lo, hi):
        values = torch.rand(shape, device=device, generator=generator)
        return values * (hi - lo) + lo

    def gelu_case(shape, block, warps):
        (n,) = shape
        x = uniform((n,), -5.0, 5.0)
        y = torch.empty_like(x)
        grid = (triton.cdiv(n, block),)
        kernel = modules["gelu"].triton_gelu_kernel

        def launch():
            kernel[grid](x, y, n, BLOCK_SIZE=block, num_warps=warps)

        def check():
            xd = x.double()
            ref = 0.5 * xd * (1 + torch.tanh(0.79788456 * (xd + 0.044715 * xd ** 3)))
            scale = torch.maximum(ref.abs(), (0.5 * xd).abs()).clamp_min(1e-30)
            err = ((y.double() - ref).abs() / scale).max().item()
            return {"max_rel_err": err}, err <= 1e-5

        return launch, check, 2 * n * 4

    def softmax_case(shape, block, warps):
        rows, cols = shape
        x = uniform((rows, cols), -5.0, 5.0)
        y = torch.empty_like(x)
        kernel = modules["softmax"].triton_softmax_kernel

        def launch():
            kernel[(rows,)](x, y, x.stride(0), y.stride(0), cols,
                            BLOCK_SIZE=block, num_warps=warps)

        def check():
            ref = torch.softmax(x.double(), dim=1)
            err = (y.double() - ref).abs().max().item()
            sums = (y.double().sum(dim=1) - 1).abs().max().item()
            finite = bool(torch.isfinite(y).all().item())
            return ({"max_abs_err": err, "max_rowsum_err": sums},
                    finite and err <= 1e-5 and sums <= 1e-5)

        return launch, check, 2 * rows * cols * 4

    def rowsum_case(shape, block, warps):
        rows, cols = shape
        x = uniform((rows, cols), 0.0, 1.0)
        out = torch.empty(rows, device=device, dtype=torch.float32)
        kernel = modules["rowsum"].row_sum_kernel

        def launch():
            kernel[(rows,)](x, out, cols, BLOCK_SIZE=block, num_warps=warps)

        def check():
            ref = x.double().sum(dim=1)
            err = ((out.double() - ref).abs() / ref.clamp_min(1e-30)).max().item()
            return {"max_rel_err": err}, err <= 1e-5

        return launch, check, (rows * cols + rows) * 4

    builders = {"gelu": gelu_case, "softmax": softmax_case,
                "rowsum": rowsum_case}
    wanted = set(filter(None, args.cases.split(",")))
    rows = []
    failures = 0
    for case_id, kernel, shape, block, warps in CASES:
        if wanted and case_id not in wanted:
            continue
        try:
            launch, check, nbytes = builders[kernel](shape, block, warps)
            launch()  # compiles on first use; also the checked run
            torch.cuda.synchronize()
            errors, ok = check()
            events = time_events(launch)
            dobench = time_do_bench(launch)
        except Exception as error:  # report and go on with the next case
            print(f"{case_id}: FAIL ({type(error).__name__}: {error})", flush=True)
            failures += 1
            continue
        failures += 0 if ok else 1
        error_text = " ".join(f"{k}={v:.3g}" for k, v in errors.items())
        print(f"triton {case_id} block={block} warps={warps}: {error_text} "
              f"mean={events['mean']:.4f}ms median={events['median']:.4f}ms "
              f"p95={events['p95']:.4f}ms GB/s={gbps(nbytes, events['median']):.1f} "
              f"do_bench_median={dobench:.4f}ms GB/s={gbps(nbytes, dobench):.1f} "
              f"{'PASS' if ok else 'FAIL'}", flush=True)
        mine = ours.get(case_id)
        rows.append({
            "case": case_id,
            "bytes": nbytes,
            "ours_ms": float(mine["median_ms"]) if mine else None,
            "triton_ms": events["median"],
            "dobench_ms": dobench,
        })
        del launch, check
        torch.cuda.empty_cache()

    # The copy ceiling: read 1 GiB, write 1 GiB.
    src = torch.empty(1 << 28, dtype=torch.float32, device=device)
    src.uniform_()
    copy_bytes = 2 * src.numel() * 4
    copy_dobench = time_do_bench(lambda: src.clone())
    copy_events = time_events(lambda: src.clone())
    print(f"copy ceiling (torch clone of 1 GiB fp32): "
          f"{gbps(copy_bytes, copy_dobench):.1f} GB/s do_bench median, "
          f"{gbps(copy_bytes, copy_events['median']):.1f} GB/s events median",
          flush=True)

    table = format_table(rows)
    note = (f"\nours: tilec host programs, median of {args.trials} event-timed "
            f"trials after {args.warmups} warm-ups (256 MiB L2 flush before "
            f"each trial); Triton (events): the same method; do_bench: "
            f"triton.testing.do_bench median. Ratio < 1: ours is faster.\n"
            f"copy ceiling: {gbps(copy_bytes, copy_dobench):.1f} GB/s "
            f"(do_bench), {gbps(copy_bytes, copy_events['median']):.1f} GB/s "
            f"(events)")
    print()
    print(table + note)
    if args.table:
        with open(args.table, "w") as f:
            f.write(table + note + "\n")
    if not ours:
        print("note: no RESULT lines of ours were found; the ours column is empty")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
