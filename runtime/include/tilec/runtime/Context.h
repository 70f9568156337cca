//===- Context.h - the device and its primary context -----------*- C++ -*-===//
//
// The runtime works on device 0's primary context (the one the CUDA runtime
// and PyTorch share). Select another GPU with CUDA_VISIBLE_DEVICES.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_CONTEXT_H
#define TILEC_RUNTIME_CONTEXT_H

#include "tilec/runtime/Launch.h"

#include <cstdint>
#include <string>

struct CUctx_st;

namespace tilec::rt {

/// What the runtime needs to know about the device.
struct DeviceInfo {
  std::string name;
  int computeMajor = 0;
  int computeMinor = 0;
  int multiprocessors = 0;
  int maxThreadsPerBlock = 0;
  /// The most shared memory one block may opt in to, in bytes.
  int64_t maxSharedPerBlockOptin = 0;
  uint64_t totalMemoryBytes = 0;
  GridLimits gridLimits;
};

/// Device 0's primary context, retained once for the life of the process.
class Context {
public:
  /// Retains the context on first use and makes it current on the calling
  /// thread. Every runtime object that talks to the device calls this, so
  /// programs need not. Throws Error if the driver is unavailable.
  static Context &current();

  const DeviceInfo &device() const { return info; }
  CUctx_st *handle() const { return context; }

  /// Waits for all work on the device (cuCtxSynchronize); throws Error if a
  /// kernel failed.
  void synchronize() const;

  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

private:
  Context();

  CUctx_st *context = nullptr;
  DeviceInfo info;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_CONTEXT_H
