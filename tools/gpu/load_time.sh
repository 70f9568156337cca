#!/usr/bin/env bash
# Load time of each kernel with a cubin, cubin against PTX, each load in a
# fresh process (bin/gpu-load-time). Run from the device bundle:
#   ./load_time.sh [RUNS]        (default 5 runs per kernel and form)
# Prints per kernel and form the median of load_ms (Kernel::load: reading
# the files, cuModuleLoadData or the PTX JIT, the checks) and of context_ms.
# The driver's JIT cache on disk is off (CUDA_CACHE_DISABLE=1), so every
# PTX load compiles. Not run yet on the H200 (docs/performance.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=${1:-5}
bin=$here/bin/gpu-load-time
[ -x "$bin" ] || { echo "load_time.sh: no $bin (bundle.sh copies it)" >&2; exit 1; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
found=0
for manifest in "$here"/kernels/*.json; do
  grep -q '"cubin"' "$manifest" || continue
  found=1
  for form in cubin ptx; do
    flag=; [ "$form" = ptx ] && flag=--ptx
    loads=() contexts=()
    for _ in $(seq "$runs"); do
      status=0
      line=$(CUDA_CACHE_DISABLE=1 "$bin" "$manifest" $flag) || status=$?
      if [ "$status" = 77 ]; then echo "$line"; exit 0; fi
      [ "$status" = 0 ] || { echo "load_time.sh: gpu-load-time $manifest $flag failed ($status)" >&2; exit 1; }
      got=$(echo "$line" | awk '{print $2}')
      [ "$got" = "$form" ] || { echo "load_time.sh: $manifest loaded $got, not $form" >&2; exit 1; }
      loads+=("$(echo "$line" | sed 's/.*load_ms=//')")
      contexts+=("$(echo "$line" | sed 's/.*context_ms=\([0-9.]*\).*/\1/')")
    done
    printf '%-40s %-5s load_ms %8.3f  context_ms %8.3f  (median of %d)\n' \
      "$(basename "$manifest" .json)" "$form" \
      "$(printf '%s\n' "${loads[@]}" | median)" \
      "$(printf '%s\n' "${contexts[@]}" | median)" "$runs"
  done
done
[ "$found" = 1 ] || { echo "load_time.sh: no manifest with a cubin in $here/kernels" >&2; exit 1; }
