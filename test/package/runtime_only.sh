#!/usr/bin/env bash
# Builds and installs the runtime alone (no LLVM/MLIR, no fmt: find_package
# of them is disabled, so a dependency that crept in fails the configure),
# then builds examples/consumer against that prefix with TILEC_COMPILER
# pointing at a tilec built elsewhere, and runs it (or it says SKIP without
# a driver).
#   runtime_only.sh SOURCE_DIR WORK_DIR TILEC
set -euo pipefail
source=$1 work=$2 tilec=$3
rm -rf "$work"
mkdir -p "$work"
cmake -S "$source" -B "$work/build" -G Ninja \
      -DTILEC_BUILD_COMPILER=OFF -DTILEC_BUILD_EXAMPLES=OFF \
      -DTILEC_BUILD_TESTS=OFF \
      -DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON -DCMAKE_DISABLE_FIND_PACKAGE_MLIR=ON \
      -DCMAKE_DISABLE_FIND_PACKAGE_LLVM=ON > "$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
cmake --install "$work/build" --prefix "$work/prefix" > "$work/install.log"
for file in lib/libtilec_runtime.a include/tilec/runtime/Runtime.h \
            lib/cmake/Tilec/TilecConfig.cmake lib/cmake/Tilec/TilecTargets.cmake; do
  [ -e "$work/prefix/$file" ] || { echo "not installed: $file"; exit 1; }
done
for file in bin/tilec bin/tile-opt; do
  [ ! -e "$work/prefix/$file" ] || { echo "a runtime-only build installed $file"; exit 1; }
done
# Without TILEC_COMPILER the package says why no kernel is compiled.
cmake -S "$source/examples/consumer" -B "$work/no-compiler" -G Ninja \
      -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/no-compiler.log" 2>&1
grep -q "no tilec to compile kernels with" "$work/no-compiler.log" ||
  { echo "no warning without a compiler:"; cat "$work/no-compiler.log"; exit 1; }
cmake -S "$source/examples/consumer" -B "$work/consumer" -G Ninja \
      -DCMAKE_PREFIX_PATH="$work/prefix" -DTILEC_COMPILER="$tilec" \
      > "$work/consumer-configure.log" 2>&1 ||
  { cat "$work/consumer-configure.log"; exit 1; }
cmake --build "$work/consumer" --target all tilec-kernels \
  > "$work/consumer-build.log" ||
  { cat "$work/consumer-build.log"; exit 1; }
[ -f "$work/consumer/kernels/gelu.ptx" ] ||
  { echo "TILEC_COMPILER=$tilec compiled no kernel"; exit 1; }
"$work/consumer/consumer"
