#!/usr/bin/env bash
# Runs Tilec's GPU tests and benchmarks from a device bundle (made by
# tools/gpu/bundle.sh) on a machine with an NVIDIA GPU; needs no cmake.
#
#   ./run_all.sh
#
# 1. GPU tests: each tilec-compiled kernel against float64 CPU references;
#    PASS/FAIL per test and a "<n> passed, <m> failed" line.
# 2. Benchmarks of our host programs at the benchmark shapes (GeLU 2^28;
#    softmax 8192x1024, 8192x4096, 4096x16384, 32768x1000; rowsum
#    4096x16384, 16384x4096, 65536x1000), collecting their RESULT lines in
#    logs/results.txt.
# 3. bench_triton.py: the same .py kernels under Triton at the same shapes
#    and launch configurations, the copy ceiling, and the comparison table
#    (also in logs/comparison.md).
# 3b. compare_triton.py: the kernels of compare_cases.py (dropout, random
#    numbers, layer norm; Triton's tutorials if bundled) through tilec and
#    through Triton on the same inputs: outputs compared (bit for bit where
#    they must agree), times side by side.
# 4. With the time left, the GPU tests again under compute-sanitizer
#    (memcheck; racecheck and synccheck for the reductions, racecheck for
#    the 2-D blocks, matmul and attention tests) if installed.
#
# The whole run keeps within BUDGET seconds (default 360): every step's time
# limit is cut to what is left, and a step with under 20 s left is skipped.
# Typical run: about 2-4 minutes on an H200.
#
# Environment:
#   QUICK=1      small shapes and few trials, no sanitizer, no Triton
#   SANITIZE=0   skip the compute-sanitizer runs
#   TRITON=0     skip bench_triton.py
#   BUDGET=<s>   total time budget in seconds (default 360)
#   KERNELS_DIR  kernels to load (default: ./kernels)
#   LOG_DIR      where the logs go (default: ./logs), e.g. $OUT/logs
# Every step's output is also in logs/<step>.log. Exits 0 if no step failed
# (a skipped step, exit 77, is not a failure), 1 if one did, 2 if every
# step was skipped (no driver).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
kernels=${KERNELS_DIR:-$here/kernels}
quick=${QUICK:-0}
budget=${BUDGET:-360}
logs=${LOG_DIR:-$here/logs}
rm -rf "$logs"
mkdir -p "$logs"

passed=0
failed=0
skipped=0
failures=()

# step NAME SECONDS COMMAND...: runs COMMAND with a time limit, shows and
# logs its output, and records the outcome.
step() {
  local name=$1 limit=$2
  shift 2
  local left=$((budget - SECONDS - 5))
  [ "$limit" -le "$left" ] || limit=$left
  if [ "$limit" -lt 20 ]; then
    echo "SKIP $name (out of time: ${SECONDS}s of ${budget}s used)"
    skipped=$((skipped + 1))
    return
  fi
  local start=$SECONDS
  echo "=== $name (limit ${limit}s): $*"
  timeout --kill-after=10 "$limit" "$@" 2>&1 | tee "$logs/$name.log"
  local rc=${PIPESTATUS[0]}
  local took=$((SECONDS - start))
  # Host programs exit 0 after printing SKIP when there is no driver.
  if [ "$rc" -eq 0 ] && grep -q '^SKIP: ' "$logs/$name.log"; then
    rc=77
  fi
  if [ "$rc" -eq 0 ]; then
    echo "PASS $name (${took}s)"
    passed=$((passed + 1))
  elif [ "$rc" -eq 77 ]; then
    echo "SKIP $name (${took}s)"
    skipped=$((skipped + 1))
  else
    local why="exit $rc"
    [ "$rc" -eq 124 ] && why="timed out after ${limit}s"
    echo "FAIL $name ($why, ${took}s)"
    failed=$((failed + 1))
    failures+=("$name")
  fi
}

echo "Tilec GPU run: $(date -u +%Y-%m-%dT%H:%M:%SZ), bundle $(sed -n 2p BUNDLE.txt 2>/dev/null)"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
    --format=csv,noheader 2>&1 | sed 's/^/gpu: /'
fi

#===--- 1. GPU tests ------------------------------------------------------===#
step gpu-test-gelu 120 ./bin/gpu-test-gelu --kernels-dir "$kernels"
step gpu-test-softmax 120 ./bin/gpu-test-softmax --kernels-dir "$kernels"
step gpu-test-rowsum 120 ./bin/gpu-test-rowsum --kernels-dir "$kernels"
step gpu-test-blocks2d 120 ./bin/gpu-test-blocks2d --kernels-dir "$kernels"
step gpu-test-dtypes 120 ./bin/gpu-test-dtypes --kernels-dir "$kernels"
step gpu-test-matmul 120 ./bin/gpu-test-matmul --kernels-dir "$kernels"
step gpu-test-control 120 ./bin/gpu-test-control --kernels-dir "$kernels"
step gpu-test-atomics 120 ./bin/gpu-test-atomics --kernels-dir "$kernels"
step gpu-test-random 120 ./bin/gpu-test-random --kernels-dir "$kernels"
step gpu-test-attention 120 ./bin/gpu-test-attention --kernels-dir "$kernels"
step gpu-test-shapes 120 ./bin/gpu-test-shapes --kernels-dir "$kernels"
step gpu-test-permute 120 ./bin/gpu-test-permute --kernels-dir "$kernels"
# Its failing case traps in a child process of its own.
step gpu-test-asserts 120 ./bin/gpu-test-asserts --kernels-dir "$kernels"
step gpu-test-combine 120 ./bin/gpu-test-combine --kernels-dir "$kernels"
step gpu-test-descriptors 120 ./bin/gpu-test-descriptors --kernels-dir "$kernels"
step gpu-test-layernorm 120 ./bin/gpu-test-layernorm --kernels-dir "$kernels"
step gpu-test-hints 120 ./bin/gpu-test-hints --kernels-dir "$kernels"

echo "GPU tests: $passed passed, $failed failed, $skipped skipped"

#===--- 2. Our benchmarks -------------------------------------------------===#
if [ "$quick" = 1 ]; then
  timing=(--warmups 1 --trials 5)
  step bench-gelu 180 ./bin/example-gelu --kernels-dir "$kernels" "${timing[@]}" --n 1000003
  step bench-softmax 180 ./bin/example-softmax --kernels-dir "$kernels" "${timing[@]}" --rows 512 --cols 1000
  step bench-rowsum 180 ./bin/example-rowsum --kernels-dir "$kernels" "${timing[@]}" --rows 512 --cols 4096
else
  step bench-gelu 180 ./bin/example-gelu --kernels-dir "$kernels"
  step bench-softmax 180 ./bin/example-softmax --kernels-dir "$kernels"
  step bench-rowsum 180 ./bin/example-rowsum --kernels-dir "$kernels"
fi
grep -h '^RESULT ' "$logs"/bench-*.log > "$logs/results.txt" || true
echo "our results: $(wc -l < "$logs/results.txt") RESULT lines in logs/results.txt"

#===--- 3. Triton on the same kernels --------------------------------------===#
if [ "$quick" != 1 ] && [ "${TRITON:-1}" != 0 ]; then
  step bench-triton 300 python3 ./bench_triton.py --examples ./examples \
    --results "$logs/results.txt" --table "$logs/comparison.md" \
    --warmups 10 --trials 100
fi

#===--- 3b. Same kernels through tilec and Triton: outputs and times -------===#
if [ "$quick" != 1 ] && [ "${TRITON:-1}" != 0 ] && [ -d compare ]; then
  step compare-triton 240 python3 ./compare_triton.py run --kernels ./compare --time
fi

#===--- 4. Sanitizers, with the time left --------------------------------===#
if [ "$quick" != 1 ] && [ "${SANITIZE:-1}" != 0 ]; then
  sanitizer=$(command -v compute-sanitizer ||
              ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null || true)
  if [ -n "$sanitizer" ]; then
    check() { # check TOOL TEST [ARGS...]
      local tool=$1 test=$2
      shift 2
      # API errors are not kernel errors: the runtime probes the end of a
      # kernel's parameter list with cuFuncGetParamInfo, which answers
      # CUDA_ERROR_INVALID_VALUE there by design.
      step "$tool-$test" 120 "$sanitizer" --tool "$tool" --error-exitcode 99 \
        --report-api-errors no --print-limit 20 "./bin/$test" \
        --kernels-dir "$kernels" "$@"
    }
    check memcheck gpu-test-gelu --quick
    check memcheck gpu-test-softmax
    check memcheck gpu-test-rowsum
    check memcheck gpu-test-blocks2d
    check memcheck gpu-test-dtypes
    check memcheck gpu-test-matmul
    check memcheck gpu-test-control
    check memcheck gpu-test-atomics
    check memcheck gpu-test-random
    check memcheck gpu-test-attention
    check memcheck gpu-test-shapes
    check memcheck gpu-test-permute
    # The sanitizer would report the failing case's trap: only the one that
    # holds.
    check memcheck gpu-test-asserts --holds-only
    check racecheck gpu-test-permute
    check memcheck gpu-test-combine
    check memcheck gpu-test-descriptors
    check synccheck gpu-test-descriptors
    check racecheck gpu-test-atomics
    check memcheck gpu-test-layernorm
    check racecheck gpu-test-layernorm
    check memcheck gpu-test-hints
    # racecheck tracks every shared-memory access of tile.dot's round trip:
    # the shapes with a 4097 dimension would take most of its time limit.
    check racecheck gpu-test-matmul --quick
    check racecheck gpu-test-softmax
    check racecheck gpu-test-rowsum
    check racecheck gpu-test-blocks2d
    check racecheck gpu-test-combine
    # Pipelined loops with copies into shared memory, replicated row
    # statistics among them (attention_bwd_kv).
    check racecheck gpu-test-attention
    check synccheck gpu-test-softmax
    check synccheck gpu-test-rowsum
  else
    echo "note: compute-sanitizer not found; sanitizer runs skipped"
  fi
fi

echo
echo "all steps: $passed passed, $failed failed, $skipped skipped (${SECONDS}s)"
if [ "$failed" -ne 0 ]; then
  echo "failed: ${failures[*]}"
  exit 1
fi
if [ "$passed" -eq 0 ]; then
  echo "nothing ran: no CUDA driver or GPU was found"
  exit 2
fi
exit 0
