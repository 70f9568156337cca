#!/usr/bin/env bash
# The README's main job, end to end on one kernel: installs what is missing,
# builds tilec and the GeLU host program, compiles the lecture's GeLU kernel
# (examples/gelu/gelu.py) to PTX plus its JSON manifest, prints both,
# assembles the PTX for the H200 with ptxas, and runs example-gelu.
#
#   ./tools/run-example.sh          (BUILD_DIR=DIR to build elsewhere)
#
# Without a GPU, example-gelu prints "SKIP: no CUDA driver (...)" and exits 0;
# with one, it checks the kernel against a float64 reference and times it.
# Exits non-zero as soon as a step fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${BUILD_DIR:-build}
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
demo=$build/kernels-demo

step() { printf '\n=== %s\n' "$*"; }
trap 'echo "run-example.sh: failed (exit $?) in the step above" >&2' ERR

step "1/5 missing packages: tools/install-deps.sh"
./tools/install-deps.sh

# tilec and example-gelu, and the two GeLU kernel variants example-gelu loads
# from $build/kernels on a GPU machine (the i32:16 one when n % 16 == 0).
step "2/5 build: tools/build.sh (BUILD_DIR=$build)"
BUILD_DIR=$build ./tools/build.sh tilec example-gelu \
  tilec-kernel-gelu_b1024_w4 tilec-kernel-gelu_b1024_w4_d16

step "3/5 compile examples/gelu/gelu.py to PTX"
mkdir -p "$demo"
rm -f "$demo/gelu.ptx" "$demo/gelu.json" "$demo/gelu.cubin"
echo "\$ $build/bin/tilec examples/gelu/gelu.py --kernel triton_gelu_kernel" \
     "--signature '*fp32:16,*fp32:16,i32,1024' --emit ptx -o $demo/gelu.ptx"
"$build/bin/tilec" examples/gelu/gelu.py --kernel triton_gelu_kernel \
  --signature '*fp32:16,*fp32:16,i32,1024' --emit ptx -o "$demo/gelu.ptx"
echo "--- $demo/gelu.ptx"
cat "$demo/gelu.ptx"
echo "--- $demo/gelu.json (the manifest tilec writes beside the PTX)"
cat "$demo/gelu.json"

step "4/5 assemble for the H200: ptxas -arch=sm_90a"
[ -x "$ptxas" ] || { echo "run-example.sh: no ptxas at $ptxas (set PTXAS)" >&2; exit 1; }
"$ptxas" -arch=sm_90a -v "$demo/gelu.ptx" -o "$demo/gelu.cubin"
echo "ptxas: OK ($demo/gelu.cubin)"

step "5/5 run: $build/bin/example-gelu"
"$build/bin/example-gelu"
echo
echo "run-example.sh: done"
