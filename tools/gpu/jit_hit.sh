#!/usr/bin/env bash
# A compile cache hit and its load, each in a fresh process (gpu-jit-hit),
# from the directory tools/gpu/jit_pack.sh made:
#   ./jit_hit.sh [RUNS]        (default 10 hits per form)
# For the JIT's cubin and for its PTX alone (--no-cubin): one miss into an
# empty cache, then RUNS hits; prints each form's miss and the medians of
# the hits' jit_ms, load_ms and hit_and_load_ms (the goal: 10 ms) and
# context_ms. The driver's PTX cache on disk is off (CUDA_CACHE_DISABLE=1).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=${1:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lib"
for packed in "$here"/lib/*.xz; do
  python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' \
    "$packed" "$work/lib/$(basename "$packed" .xz)"
done
chmod +x "$work/lib/gpu-jit-hit"
program=$work/lib/gpu-jit-hit
export LD_LIBRARY_PATH=$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export CUDA_CACHE_DISABLE=1
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
for form in cubin ptx; do
  flag=; [ "$form" = ptx ] && flag=--no-cubin
  cache=$work/cache-$form
  status=0
  line=$("$program" "$cache" "$here/gelu.py" $flag) || status=$?
  if [ "$status" = 77 ]; then echo "$line"; exit 0; fi
  [ "$status" = 0 ] || { echo "jit_hit.sh: the miss ($form) failed ($status)" >&2; exit 1; }
  echo "$form miss: $line"
  jit=() load=() total=() context=() wall=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    line=$("$program" "$cache" "$here/gelu.py" $flag)
    wall+=("$(( ($(date +%s%N) - start) / 1000 ))")
    [ "$(field "$line" jit)" = hit ] || { echo "jit_hit.sh: not a hit: $line" >&2; exit 1; }
    [ "$(field "$line" image)" = "$form" ] || { echo "jit_hit.sh: loaded the wrong image: $line" >&2; exit 1; }
    jit+=("$(field "$line" jit_ms)") load+=("$(field "$line" load_ms)")
    total+=("$(field "$line" hit_and_load_ms)") context+=("$(field "$line" context_ms)")
  done
  printf '%-5s hits: jit_ms %7.3f  load_ms %7.3f  hit_and_load_ms %7.3f  context_ms %7.3f  process_ms %8.1f  (median of %d)\n' \
    "$form" "$(printf '%s\n' "${jit[@]}" | median)" "$(printf '%s\n' "${load[@]}" | median)" \
    "$(printf '%s\n' "${total[@]}" | median)" "$(printf '%s\n' "${context[@]}" | median)" \
    "$(printf '%s\n' "${wall[@]}" | median | awk '{print $1 / 1000}')" "$runs"
done
