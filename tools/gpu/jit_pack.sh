#!/usr/bin/env bash
# Packs what tools/gpu/jit_hit.sh needs on a machine without LLVM:
#   tools/gpu/jit_pack.sh BUILD_DIR OUT_DIR
# gpu-jit-hit, the lecture's gelu.py, jit_hit.sh, and the shared libraries
# the program links beyond glibc and libstdc++ (libLLVM and what it
# needs), stripped and xz-compressed: ~50 MB, a device call of its own (the
# GPU bundle leaves too little of the 64 MiB a call carries).
set -euo pipefail
build=$1 out=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
program=$build/bin/gpu-jit-hit
[ -x "$program" ] || { echo "jit_pack.sh: no $program (ninja -C $build gpu-jit-hit)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/lib"
pack() { # FILE: stripped and compressed into lib/
  strip --strip-unneeded -o "$out/lib/unpacked" "$1"
  xz -T0 -9 -c "$out/lib/unpacked" > "$out/lib/$(basename "$1").xz"
  rm "$out/lib/unpacked"
}
pack "$program"
cp "$src/examples/gelu/gelu.py" "$src/tools/gpu/jit_hit.sh" "$out/"
# Every library but the C and C++ runtimes, which the device has.
ldd "$program" | awk '/=>/ {print $3}' |
  grep -vE '/(libc|libm|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' |
  while read -r lib; do pack "$lib"; done
du -sh "$out"
