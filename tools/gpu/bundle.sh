#!/usr/bin/env bash
# Packs what the GPU machine needs to run Tilec's GPU tests and benchmarks
# (it has no cmake, no LLVM and no network): the host programs and GPU tests
# built in BUILD_DIR, the compiled kernels (.ptx + .json), the lecture's .py
# kernel files for the Triton comparison, and the scripts to run it all.
#
#   tools/gpu/bundle.sh BUILD_DIR OUT_DIR
#   cd OUT_DIR && ./run_all.sh            # on the GPU machine
#
# KERNELS_DIR=DIR takes the kernels from DIR instead of BUILD_DIR/kernels
# (the fake-driver smoke test uses BUILD_DIR/fake-kernels). TUTORIALS=DIR
# adds the kernels of Triton's tutorials found there to the comparison
# with Triton (tools/gpu/compare_triton.py).
set -euo pipefail

die() { echo "bundle.sh: $*" >&2; exit 1; }

[ $# -eq 2 ] || die "usage: bundle.sh BUILD_DIR OUT_DIR"
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || die "no build directory '$1'"
out=$2
kernels=${KERNELS_DIR:-$build/kernels}
[ -d "$kernels" ] && kernels=$(cd "$kernels" && pwd)
limit_mib=64

programs=(example-gelu example-softmax example-rowsum example-matmul
          gpu-test-gelu gpu-test-softmax gpu-test-rowsum
          gpu-test-blocks2d gpu-test-dtypes gpu-test-matmul gpu-test-control gpu-test-atomics
          gpu-test-random gpu-test-attention gpu-test-shapes gpu-test-permute
          gpu-test-asserts gpu-test-combine gpu-test-descriptors gpu-test-layernorm
          gpu-test-hints gpu-load-time)
for program in "${programs[@]}"; do
  [ -x "$build/bin/$program" ] ||
    die "missing $build/bin/$program (build it: ninja -C $build ${programs[*]})"
done

list=$build/tilec-kernels.txt
[ -f "$list" ] || die "missing $list (configure $build first)"
mapfile -t names < <(grep -v '^$' "$list")
[ ${#names[@]} -gt 0 ] || die "$list names no kernels"
missing=()
for name in "${names[@]}"; do
  [ -f "$kernels/$name.json" ] && [ -f "$kernels/$name.ptx" ] || missing+=("$name")
done
[ ${#missing[@]} -eq 0 ] ||
  die "kernels missing from $kernels: ${missing[*]} (build them: ninja -C $build tilec-kernels)"

# Autotuned kernels (tilec --autotune): required from the build's kernels;
# a KERNELS_DIR without them (the fake driver's stand-ins) leaves them out.
indexes=()
if [ -f "$build/tilec-autotuned.txt" ]; then
  mapfile -t listed < <(grep -v '^$' "$build/tilec-autotuned.txt")
  for name in "${listed[@]}"; do
    if [ -f "$kernels/$name.json" ]; then
      indexes+=("$name")
    elif [ -n "${KERNELS_DIR:-}" ]; then
      echo "bundle.sh: note: $kernels has no autotuned $name; not bundled" >&2
    else
      die "autotuned kernel $name missing from $kernels (build it: ninja -C $build tilec-kernels)"
    fi
  done
fi

# Only ever delete a previous bundle, never an unrelated directory.
if [ -e "$out" ]; then
  [ -f "$out/BUNDLE.txt" ] || [ -z "$(ls -A "$out")" ] ||
    die "$out exists and is not a bundle; choose another OUT_DIR"
  rm -rf "$out"
fi
mkdir -p "$out/bin" "$out/kernels" "$out/examples"

# Symbol tables stripped: a quarter of each program, and the call carries
# at most 64 MiB.
for program in "${programs[@]}"; do
  cp "$build/bin/$program" "$out/bin/"
  strip "$out/bin/$program" 2>/dev/null || true
done
for name in "${names[@]}"; do
  cp "$kernels/$name.json" "$kernels/$name.ptx" "$out/kernels/"
  # tilec_add_kernel(... CUBIN) kernels have a cubin too.
  if [ -f "$kernels/$name.cubin" ]; then cp "$kernels/$name.cubin" "$out/kernels/"; fi
done
# Autotuned kernels: the index and every config it lists.
for name in "${indexes[@]}"; do
  cp "$kernels/$name.json" "$kernels/${name}"_c*.ptx "$kernels/${name}"_c*.json \
     "$out/kernels/"
done
for kernel in gelu softmax rowsum matmul; do
  mkdir -p "$out/examples/$kernel"
  cp "$root/examples/$kernel/$kernel.py" "$out/examples/$kernel/"
done
cp "$root/examples/matmul/grouped.py" "$out/examples/matmul/"
# The Triton comparison: every case of compare_cases.py compiled here (with
# Triton's tutorials too when TUTORIALS names a directory holding them).
if [ -x "$build/bin/tilec" ]; then
  python3 "$root/tools/gpu/compare_triton.py" compile --tilec "$build/bin/tilec" \
    --out "$out/compare" ${TUTORIALS:+--tutorials "$TUTORIALS"} >/dev/null ||
    die "compare_triton.py compile failed (run it by hand to see why)"
  cp "$root/tools/gpu/compare_triton.py" "$root/tools/gpu/compare_cases.py" "$out/"
fi
cp "$root/tools/gpu/run_all.sh" "$root/tools/gpu/bench_triton.py" \
   "$root/tools/gpu/bench_triton_matmul.py" "$root/tools/gpu/load_time.sh" "$out/"
chmod +x "$out/run_all.sh" "$out/bench_triton.py" "$out/bench_triton_matmul.py" \
   "$out/load_time.sh" "$out"/bin/*

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain -- runtime examples test/gpu tools/gpu 2>/dev/null | head -1)
{
  echo "Tilec device bundle"
  echo "commit: $commit${dirty:+ (with uncommitted changes)}"
  echo "created: $(date -u +%Y-%m-%dT%H:%M:%SZ) from $build"
  echo "kernels: $kernels (${#names[@]} variants)"
  echo "run: ./run_all.sh   (QUICK=1 for a smoke test; see its header)"
  echo
  (cd "$out" && find . -type f ! -name BUNDLE.txt -printf '%10s  %p\n' | sort -k2)
} > "$out/BUNDLE.txt"

bytes=$(du -sb "$out" | cut -f1)
mib=$(( (bytes + 1048575) / 1048576 ))
[ "$bytes" -lt $((limit_mib * 1048576)) ] ||
  die "bundle is $mib MiB, over the ${limit_mib} MiB limit"
echo "bundle: $out ($mib MiB, ${#names[@]} kernels, ${#programs[@]} programs)"
