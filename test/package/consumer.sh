#!/usr/bin/env bash
# Installs this build into a fresh prefix, then configures, builds and runs
# examples/consumer (a separate CMake project) against it with
# find_package(Tilec): the package's tilec compiles the consumer's kernel at
# its build time and its runtime launches it (or says SKIP without a driver).
#   consumer.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 source=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
for file in bin/tilec bin/tile-opt lib/libtilec_runtime.a \
            include/tilec/runtime/Runtime.h \
            lib/cmake/Tilec/TilecConfig.cmake lib/cmake/Tilec/TilecKernels.cmake; do
  [ -e "$work/prefix/$file" ] || { echo "not installed: $file"; exit 1; }
done
cmake -S "$source/examples/consumer" -B "$work/build" -G Ninja \
      -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log"
[ -f "$work/build/kernels/gelu.ptx" ] && [ -f "$work/build/kernels/gelu.json" ] ||
  { echo "the package's tilec_add_kernel made no kernel"; exit 1; }
"$work/build/consumer"
