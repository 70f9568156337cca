//===- Driver.h - the CUDA driver, loaded at run time -----------*- C++ -*-===//
//
// libcuda.so.1 is opened with dlopen the first time the runtime needs it, so
// programs link and start on machines without an NVIDIA driver and can say
// so (Driver::available) instead of failing to load. Entry points are the
// symbols cuda.h maps their names to (cuMemAlloc -> cuMemAlloc_v2). Set TILEC_LIBCUDA to a
// path to use another driver library (the unit tests use a fake one).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_DRIVER_H
#define TILEC_RUNTIME_DRIVER_H

#include <string>

namespace tilec::rt {

/// Entry point to the process-wide driver state. Loading happens once, on
/// the first call of any of these, and is thread-safe.
class Driver {
public:
  /// True if the driver library loaded, every entry point the runtime needs
  /// resolved, cuInit succeeded and at least one device is present.
  static bool available();

  /// Why available() is false, e.g. "tilec runtime: no CUDA driver:
  /// libcuda.so.1 could not be loaded (...)"; empty when it is true.
  static std::string unavailableReason();

  /// The driver's CUDA version as 1000 * major + 10 * minor. Throws Error
  /// if the driver is unavailable.
  static int version();
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_DRIVER_H
