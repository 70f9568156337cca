#!/usr/bin/env bash
# Compiles every kernel that the GPU machine gets, with a given tilec, and
# compares two such sets: which kernels' PTX a compiler change touches.
#
#   tools/ptx-diff.sh compile TILEC OUT [CORPUS]
#   tools/ptx-diff.sh diff OUT_BEFORE OUT_AFTER
#
# `compile` writes OUT/kernels (the tilec-kernels target of BUILD_DIR, default
# build/, which tools/gpu/bundle.sh packs), OUT/compare (tools/gpu/
# compare_triton.py compile) and, given the corpus folder (.corpus, from
# tools/corpus/collect.py), OUT/corpus (compare_triton.py compile --corpus).
# Keep a copy of the first tilec: the build replaces it. `diff` prints each
# kernel whose PTX or manifest differs (the output paths they name aside),
# each compiled on one side only, and a count; it exits 1 when any differs.
set -uo pipefail

die() { echo "ptx-diff.sh: $*" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}

compile() {
  local tilec out corpus
  tilec=$(realpath "$1") || die "no tilec '$1'"
  out=$2 corpus=${3:-}
  [ -x "$tilec" ] || die "'$tilec' is not executable"
  rm -rf "$out" && mkdir -p "$out/kernels" || die "cannot write '$out'"
  out=$(cd "$out" && pwd)
  # The build's own commands, with this tilec and output folder.
  ninja -C "$build" -t commands tilec-kernels |
    grep -o "$build/bin/tilec [^&]*" |
    sed -e "s|^$build/bin/tilec|$tilec|" -e "s|$build/kernels/|$out/kernels/|g" \
        -e 's| --depfile [^ ]*||' > "$out/kernels.commands" ||
    die "no tilec-kernels commands in $build (configure it first)"
  local failed=0
  while read -r command; do
    (cd "$root" && eval "$command") > /dev/null 2>> "$out/kernels.log" ||
      { echo "FAIL $command" >> "$out/kernels.log"; failed=$((failed + 1)); }
  done < "$out/kernels.commands"
  echo "kernels: $(wc -l < "$out/kernels.commands") commands, $failed failed"
  python3 "$root/tools/gpu/compare_triton.py" compile --tilec "$tilec" \
    --out "$out/compare" --root "$root" > "$out/compare.log" 2>&1
  echo "compare: $(grep -c '^ok' "$out/compare.log") compiled"
  if [ -n "$corpus" ]; then
    python3 "$root/tools/gpu/compare_triton.py" compile --tilec "$tilec" \
      --out "$out/corpus" --corpus "$corpus" > "$out/corpus.log" 2>&1
    echo "corpus: $(grep -c '^ok' "$out/corpus.log") compiled"
  fi
  rm -rf "$out/compare/sources" "$out/corpus/sources"
}

# A file without its comments (PTX) and with OUT's path removed (manifests).
normalized() { grep -v '^//' "$2" | sed "s|$1/||g"; }

diffsets() {
  local a b changed=0 total=0
  a=$(cd "$1" && pwd) && b=$(cd "$2" && pwd) || die "no such folders"
  comm -3 <(cd "$a" && find . \( -name '*.ptx' -o -name '*.json' \) | sort) \
          <(cd "$b" && find . \( -name '*.ptx' -o -name '*.json' \) | sort) |
    sed 's/^\t*/ONE SIDE ONLY /'
  while read -r file; do
    [ -f "$b/$file" ] || continue
    total=$((total + 1))
    if ! cmp -s <(normalized "$a" "$a/$file") <(normalized "$b" "$b/$file"); then
      echo "CHANGED ${file#./}"
      changed=$((changed + 1))
    fi
  done < <(cd "$a" && find . \( -name '*.ptx' -o -name '*.json' \) ! -name corpus.json | sort)
  echo "$changed of $total files changed"
  [ "$changed" -eq 0 ]
}

case ${1:-} in
  compile) [ $# -ge 3 ] || die "usage: ptx-diff.sh compile TILEC OUT [CORPUS]"
           compile "$2" "$3" "${4:-}" ;;
  diff) [ $# -eq 3 ] || die "usage: ptx-diff.sh diff OUT_BEFORE OUT_AFTER"
        diffsets "$2" "$3" ;;
  *) die "usage: ptx-diff.sh compile TILEC OUT [CORPUS] | diff OUT_BEFORE OUT_AFTER" ;;
esac
