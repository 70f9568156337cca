#!/usr/bin/env python3
"""Times Triton on the lecture's matmul + ReLU, for comparison with ours.

Imports examples/matmul/matmul.py (the file tilec compiles) from the bundle.
By default it runs the file's own host wrapper (64x64x32 tiles, the
lecture's launch) at 4096^3 for fp16, bf16 and fp32 inputs. With --configs
it launches the same @triton.jit kernel at other tiles, warps and stages
(BMxBNxBKwWsS, comma-separated), fp16 and bf16, and times cuBLAS
(torch.matmul + relu, fp16/bf16 out) beside it. Every timing is
triton.testing.do_bench's median after a check against torch's
relu(a @ b) in fp32.

  python3 bench_triton_matmul.py --examples ./examples
  python3 bench_triton_matmul.py --examples ./examples --size 8192 \\
      --configs 128x256x64w8s3,64x64x32w4s3
  python3 bench_triton_matmul.py --examples ./examples --grouped

--grouped runs examples/matmul/grouped.py (grouped program order,
@triton.autotune over its Hopper configs) through Triton's autotuner at
--size for --dtypes (default fp16,bf16; fp32 runs tl.dot in tf32 and
cuBLAS with TF32 allowed), printing the config Triton picks, and cuBLAS.
"""

import argparse
import importlib.util
import re


def parse_config(text):
    match = re.fullmatch(r"(\d+)x(\d+)x(\d+)w(\d+)s(\d+)", text)
    if not match:
        raise SystemExit(f"bad config '{text}': want BMxBNxBKwWsS")
    return tuple(int(g) for g in match.groups())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", default="examples",
                        help="directory holding matmul/matmul.py")
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--configs", default="",
                        help="BMxBNxBKwWsS,... to launch the kernel with")
    parser.add_argument("--grouped", action="store_true",
                        help="time grouped.py under Triton's autotuner")
    parser.add_argument("--dtypes", default="fp16,bf16",
                        help="with --grouped: fp16, bf16 and/or fp32")
    args = parser.parse_args()

    import torch
    import triton

    spec = importlib.util.spec_from_file_location(
        "matmul", f"{args.examples}/matmul/matmul.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    n = args.size
    flops = 2 * n ** 3

    if args.grouped:
        spec = importlib.util.spec_from_file_location(
            "grouped", f"{args.examples}/matmul/grouped.py")
        grouped = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(grouped)
        names = {"fp16": torch.float16, "bf16": torch.bfloat16,
                 "fp32": torch.float32}
        # fp32 factors: tl.dot's default (tf32), and cuBLAS on tf32 too.
        torch.backends.cuda.matmul.allow_tf32 = True
        for dtype in (names[d] for d in args.dtypes.split(",")):
            a = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
            b = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
            c = grouped.grouped_matmul_relu(a, b)  # autotunes
            err = (c - torch.relu(a.float() @ b.float())).abs().max().item()
            best = grouped.grouped_matmul_relu_kernel.best_config
            ms = triton.testing.do_bench(
                lambda: grouped.grouped_matmul_relu(a, b))
            print(f"triton grouped {dtype} {n}^3: {ms:.3f} ms "
                  f"{flops / ms / 1e9:.1f} TFLOP/s max_abs_err={err:.3g} "
                  f"best={best}")
            ms = triton.testing.do_bench(lambda: torch.relu(a @ b))
            print(f"cublas {dtype} {n}^3: {ms:.3f} ms "
                  f"{flops / ms / 1e9:.1f} TFLOP/s")
        return

    if not args.configs:
        for dtype in (torch.float16, torch.bfloat16, torch.float32):
            a = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
            b = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
            c = module.triton_matmul_relu(a, b)
            err = (c - torch.relu(a.float() @ b.float())).abs().max().item()
            ms = triton.testing.do_bench(
                lambda: module.triton_matmul_relu(a, b))
            print(f"triton matmul {dtype} {n}^3: {ms:.3f} ms "
                  f"{flops / ms / 1e9:.1f} TFLOP/s max_abs_err={err:.3g}")
        return

    kernel = module.matmul_relu_kernel
    for dtype in (torch.float16, torch.bfloat16):
        a = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
        b = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
        ref = torch.relu(a.float() @ b.float())
        ms = triton.testing.do_bench(lambda: torch.relu(a @ b))
        print(f"cublas {dtype} {n}^3: {ms:.3f} ms "
              f"{flops / ms / 1e9:.1f} TFLOP/s")
        for text in args.configs.split(","):
            bm, bn, bk, warps, stages = parse_config(text)
            c = torch.empty((n, n), device="cuda", dtype=torch.float32)
            grid = (triton.cdiv(n, bm), triton.cdiv(n, bn))

            def launch():
                kernel[grid](a, b, c, n, n, n, a.stride(0), a.stride(1),
                             b.stride(0), b.stride(1), c.stride(0),
                             c.stride(1), bm, bn, bk, num_warps=warps,
                             num_stages=stages)

            launch()
            err = (c - ref).abs().max().item()
            ms = triton.testing.do_bench(launch)
            print(f"triton {text} {dtype} {n}^3: {ms:.3f} ms "
                  f"{flops / ms / 1e9:.1f} TFLOP/s max_abs_err={err:.3g}")


if __name__ == "__main__":
    main()
