//===- FakeCuda.h - test hooks of the fake CUDA driver ----------*- C++ -*-===//
//
// libtilec_fake_cuda.so stands in for libcuda.so.1 (select it with
// TILEC_LIBCUDA) so the runtime, the host programs and the GPU tests can be
// exercised on machines without a GPU. It implements the Driver API entry
// points the runtime uses, with device memory in host RAM, and runs the
// lecture's three kernels on the CPU with Triton's semantics, checking every
// access against live allocations (an out-of-bounds access is reported as
// CUDA_ERROR_ILLEGAL_ADDRESS, sticky, like the real thing).
//
// A cubin (an image starting with the ELF magic, from ptxas) is read for its
// entry points and their parameter sizes (FakeCubin.h) and runs the same
// emulated kernels; TILEC_FAKE_CUDA_CONSTANTS gives its constants.
//
// "PTX" for it is any text with a `.version` line and a `.entry name(`
// parameter list; `// tilec-fake: KEY=VALUE` lines configure a module:
//   BLOCK_SIZE=<n>        the constexpr the emulated kernel uses
//   max_threads=<n>       what CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK says
//   launch_ms=<x>         each launch advances the fake device clock, which
//                         events read, by x ms (a measurably slower kernel)
//   jit_error=<text>      make cuModuleLoadDataEx fail with INVALID_PTX
//   record_only=1         launches of kernels it does not emulate succeed
//                         and are only recorded (TilecFakeLaunch); without
//                         it they fail with CUDA_ERROR_NOT_SUPPORTED
//
// Environment: TILEC_FAKE_CUDA_NO_DEVICE=1 makes cuInit fail with
// CUDA_ERROR_NO_DEVICE. TILEC_FAKE_CUDA_CONSTANTS=BLOCK_SIZE=1024[,K=V...]
// configures every module as those directives would (a module's own
// directives win), so that real PTX from tilec, which has none, runs too.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_FAKECUDA_H
#define TILEC_TEST_FAKECUDA_H

#include <cstddef>
#include <cstdint>

/// What the fake saw at the last cuLaunchKernel.
struct TilecFakeLaunch {
  char name[128];
  unsigned grid[3];
  unsigned block[3];
  unsigned dynamicSharedBytes;
  unsigned paramCount;
  /// Each parameter's bytes, zero-extended, as read with the PTX's sizes.
  uint64_t params[16];
  /// Launched through cuLaunchKernelEx with programmatic stream
  /// serialization allowed.
  int programmatic;
};

/// The arguments of the last cuTensorMapEncodeTiled. The fake writes the
/// global address into the map's first 8 bytes (and zeros after), so a
/// launch record shows which map reached a parameter.
struct TilecFakeTensorMap {
  unsigned dataType;
  unsigned rank;
  uint64_t address;
  /// Innermost first, as the driver takes them.
  uint64_t dims[5];
  uint64_t strides[4];
  unsigned box[5];
  unsigned elementStrides[5];
  unsigned interleave, swizzle, l2Promotion, oobFill;
};

extern "C" {
/// cuTensorMapEncodeTiled calls since the process started.
int tilec_fake_tensor_map_count(void);
/// Copies the last encoding's arguments into \p out; 0 if there was none.
int tilec_fake_last_tensor_map(struct TilecFakeTensorMap *out);
/// Launches that reached cuLaunchKernel since the process started.
int tilec_fake_launch_count(void);
/// Copies the last launch into \p out; returns 0 if there was none.
int tilec_fake_last_launch(struct TilecFakeLaunch *out);
/// cuMemsetD8Async calls since the process started.
int tilec_fake_memset_d8_count(void);
/// Cubins loaded (cuModuleLoadData/Ex on an ELF image) so far.
int tilec_fake_cubin_load_count(void);
/// cuMemcpyDtoDAsync calls since the process started.
int tilec_fake_copy_dtod_count(void);
/// Device allocations currently live.
size_t tilec_fake_live_allocations(void);
/// The max dynamic shared memory last set on function \p name, or -1.
int tilec_fake_max_dynamic_shared(const char *name);
}

#endif // TILEC_TEST_FAKECUDA_H
