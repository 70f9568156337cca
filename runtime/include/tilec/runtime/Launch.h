//===- Launch.h - checking a launch against a kernel's manifest -*- C++ -*-===//
//
// cuLaunchKernel trusts its kernelParams completely: a missing argument or a
// pointer where an int was expected is undefined behaviour on the device.
// validateLaunch is the pure check Kernel::launch runs first; it needs no
// driver, so it is unit-tested on machines without a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_LAUNCH_H
#define TILEC_RUNTIME_LAUNCH_H

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/Manifest.h"

#include <cstdint>
#include <vector>

namespace tilec::rt {

/// Grid dimensions in blocks. Signed so that a negative size computed by
/// mistake is reported rather than wrapped.
struct Grid {
  int64_t x = 1;
  int64_t y = 1;
  int64_t z = 1;
};

/// The device's maximum grid dimensions (CUDA's values for every device
/// since compute capability 3.0 by default).
struct GridLimits {
  int64_t maxX = 2147483647;
  int64_t maxY = 65535;
  int64_t maxZ = 65535;
};

/// Throws Error unless \p args match \p manifest's params in number, kind,
/// scalar type, pointer alignment and integer divisibility, and every grid
/// dimension is in [1, limit]. Messages start "launch of <kernel>: " and name
/// the offending parameter by index and name.
void validateLaunch(const Manifest &manifest, const Grid &grid,
                    const std::vector<Arg> &args,
                    const GridLimits &limits = GridLimits());
/// The same for the \p count arguments at \p args.
void validateLaunch(const Manifest &manifest, const Grid &grid,
                    const Arg *args, size_t count,
                    const GridLimits &limits = GridLimits());

/// Whether \p args keep the promises \p manifest's kernel was specialised
/// for: as many arguments as parameters, pointers aligned and integers
/// divisible as `:16` says, `:1` integers equal to 1. Kinds and types are
/// validateLaunch's to check. Never throws; picks a variant of a kernel
/// (EmbeddedVariants).
bool promisesHold(const Manifest &manifest, const Arg *args, size_t count);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_LAUNCH_H
