#!/usr/bin/env python3
"""Checks the parts of tools/gpu/bench_triton.py that need no GPU: reading
our RESULT lines, the timing summary and the comparison table. Run by CTest:
    python3 bench_triton_test.py <path to tools/gpu>
"""

import sys

sys.path.insert(0, sys.argv[1])
import bench_triton as bench  # noqa: E402


def main():
    results = bench.parse_results([
        "device: x\n",
        "RESULT case=gelu_268435456 kernel=gelu variant=gelu_b1024_w4_d16 "
        "median_ms=0.500000 gbps=4294.97\n",
        "gelu n=1 ... PASS\n",
    ])
    assert list(results) == ["gelu_268435456"], results
    assert results["gelu_268435456"]["median_ms"] == "0.500000"

    stats = bench.summarize([float(v) for v in range(100, 0, -1)])
    assert stats == {"mean": 50.5, "median": 50.5, "p95": 95.0}, stats
    assert bench.summarize([0.25])["p95"] == 0.25

    # Every case id must match what our host programs print.
    ids = [case[0] for case in bench.CASES]
    assert ids == ["gelu_268435456", "softmax_8192x1024", "softmax_8192x4096",
                   "softmax_4096x16384", "softmax_32768x1000",
                   "rowsum_4096x16384", "rowsum_16384x4096",
                   "rowsum_65536x1000"], ids
    configs = {case[0]: case[3:] for case in bench.CASES}
    assert configs["softmax_8192x4096"] == (4096, 8)
    assert configs["softmax_4096x16384"] == (16384, 16)

    table = bench.format_table([
        {"case": "gelu_268435456", "bytes": 2 << 30, "ours_ms": 0.5,
         "triton_ms": 0.625, "dobench_ms": 0.5},
        {"case": "rowsum_65536x1000", "bytes": 262406144, "ours_ms": None,
         "triton_ms": 0.1, "dobench_ms": None},
    ]).splitlines()
    assert table[2] == ("| gelu_268435456 | 2048 | 4295.0 | 3436.0 | 4295.0 "
                        "| 0.800 |"), table[2]
    assert table[3] == "| rowsum_65536x1000 | 250 | - | 2624.1 | - | - |", table[3]
    print("bench_triton helpers: ok")


if __name__ == "__main__":
    main()
