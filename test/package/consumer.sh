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
# all: the consumer and its launcher; tilec-kernels: the PTX and manifest.
cmake --build "$work/build" --target all tilec-kernels > "$work/build.log"
[ -f "$work/build/kernels/gelu.ptx" ] && [ -f "$work/build/kernels/gelu.json" ] ||
  { echo "the package's tilec_add_kernel made no kernel"; exit 1; }
[ -f "$work/build/kernels/launchers/tilec/kernels/gelu.h" ] ||
  { echo "the package's tilec_add_kernel made no launcher"; exit 1; }
# First against this build's fake driver, which runs GeLU on the CPU: the
# typed launcher end to end without a GPU. Its line comes first, so the
# test's PASS/SKIP pattern sees it; then the real driver's (SKIP without).
fake=$build/lib/libtilec_fake_cuda.so
if [ -f "$fake" ]; then
  result=$(TILEC_LIBCUDA=$fake TILEC_FAKE_CUDA_CONSTANTS=BLOCK_SIZE=1024 \
           "$work/build/consumer" 2>&1) || true
  # One line per size (the launcher's two variants); every one must pass.
  case $result in
    *FAIL*) echo "FAIL: with the fake driver: $result"; exit 1 ;;
    PASS:*) echo "PASS: with the fake driver: ${result//$'\n'/; }" ;;
    *) echo "FAIL: with the fake driver: $result"; exit 1 ;;
  esac
fi
"$work/build/consumer"
