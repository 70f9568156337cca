#!/usr/bin/env bash
# Builds Tilec and runs every test: lit (tile-opt, tilec, ptxas), Catch2 unit
# tests and, where a GPU is present, the GPU tests (they skip with a message
# elsewhere). Ends with one summary line: "N passed, N failed[, N skipped]".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/tools/install-deps.sh" || exit 1
# The kernels tilec compiles for the examples are tested too (ptxas, the
# fake driver), so they are built with everything else.
BUILD_DIR=$build "$root/tools/build.sh" all tilec-kernels ||
  { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }

passed=0; failed=0; skipped=0

echo "=== lit"
lit_out=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "$build/test" 2>&1 | tee "$lit_out"
lit_pass=$(grep -oP '^\s*Passed\s*:\s*\K[0-9]+' "$lit_out" | tail -1)
lit_fail=$(grep -oP '^\s*Failed\s*:\s*\K[0-9]+' "$lit_out" | tail -1)
lit_unsup=$(grep -oP '^\s*Unsupported\s*:\s*\K[0-9]+' "$lit_out" | tail -1)
passed=$((passed + ${lit_pass:-0})); failed=$((failed + ${lit_fail:-0}))
skipped=$((skipped + ${lit_unsup:-0}))
[ -n "${lit_pass:-}" ] || { echo "lit ran nothing"; failed=$((failed + 1)); }

echo "=== ctest (unit, runtime, GPU)"
ctest_out=$(mktemp)
(cd "$build" && ctest --output-on-failure 2>&1) | tee "$ctest_out"
ct_total=$(grep -oP 'tests passed, \K[0-9]+(?= tests failed out of)' "$ctest_out" | tail -1)
ct_all=$(grep -oP 'tests failed out of \K[0-9]+' "$ctest_out" | tail -1)
ct_skip=$(grep -c '\*\*\*Skipped\|Not Run' "$ctest_out" || true)
if [ -n "${ct_all:-}" ]; then
  failed=$((failed + ct_total))
  passed=$((passed + ct_all - ct_total - ct_skip))
  skipped=$((skipped + ct_skip))
else
  echo "ctest ran nothing"; failed=$((failed + 1))
fi
grep -h "SKIP" "$ctest_out" | head -3

echo "${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" -eq 0 ]
