#!/usr/bin/env python3
"""Times Triton on the lecture's matmul + ReLU, for comparison with ours.

Imports examples/matmul/matmul.py (the file tilec compiles) from the bundle
and runs its own host wrapper (64x64x32 tiles, the lecture's launch) at
4096^3 for fp16, bf16 and fp32 inputs, timed with triton.testing.do_bench
(median), after a check against torch's relu(a @ b) in fp32.

  python3 bench_triton_matmul.py --examples ./examples
"""

import argparse
import importlib.util


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", default="examples",
                        help="directory holding matmul/matmul.py")
    parser.add_argument("--size", type=int, default=4096)
    args = parser.parse_args()

    import torch
    import triton

    spec = importlib.util.spec_from_file_location(
        "matmul", f"{args.examples}/matmul/matmul.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    n = args.size
    for dtype in (torch.float16, torch.bfloat16, torch.float32):
        a = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
        b = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
        c = module.triton_matmul_relu(a, b)
        err = (c - torch.relu(a.float() @ b.float())).abs().max().item()
        ms = triton.testing.do_bench(lambda: module.triton_matmul_relu(a, b))
        print(f"triton matmul {dtype} {n}^3: {ms:.3f} ms "
              f"{2 * n ** 3 / ms / 1e9:.1f} TFLOP/s max_abs_err={err:.3g}")


if __name__ == "__main__":
    main()
