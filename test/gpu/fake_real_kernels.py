#!/usr/bin/env python3
"""Prepares tilec-compiled kernels for the fake CUDA driver.

Copies every <name>.json and <name>.ptx from KERNELS_DIR to OUT_DIR and
appends to each PTX the `// tilec-fake: BLOCK_SIZE=<n>` line the fake driver
(test/unit/runtime_fakecuda) needs to emulate the kernel on the CPU. The
manifests and the PTX parameter lists stay exactly as tilec wrote them, so
running the GPU tests on OUT_DIR under the fake checks that the compiler's
output and the runtime agree (parameter count, sizes, divisibility, shared
memory) without a GPU.

    fake_real_kernels.py KERNELS_DIR OUT_DIR KERNEL_LIST
"""

import json
import os
import shutil
import sys


def main():
    kernels, out, listing = sys.argv[1:4]
    with open(listing) as f:
        names = [line.strip() for line in f if line.strip()]
    missing = [n for n in names
               if not os.path.exists(os.path.join(kernels, n + ".json"))]
    if missing:
        print(f"missing kernels in {kernels}: {' '.join(missing)} "
              "(build them: ninja tilec-kernels)", file=sys.stderr)
        return 1
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for name in names:
        with open(os.path.join(kernels, name + ".json")) as f:
            manifest = json.load(f)
        block = [c["value"] for c in manifest.get("constexprs", [])
                 if c["name"] == "BLOCK_SIZE"]
        shutil.copy(os.path.join(kernels, name + ".json"), out)
        ptx_name = manifest["ptx"]
        with open(os.path.join(kernels, ptx_name)) as f:
            ptx = f.read()
        if block:
            ptx += f"\n// tilec-fake: BLOCK_SIZE={block[0]}\n"
        with open(os.path.join(out, ptx_name), "w") as f:
            f.write(ptx)
    print(f"{len(names)} kernels prepared in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
