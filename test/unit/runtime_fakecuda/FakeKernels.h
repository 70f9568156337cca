//===- FakeKernels.h - the lecture's kernels on the CPU ---------*- C++ -*-===//
//
// CPU versions of the three kernels with Triton's semantics (one program
// per grid index, BLOCK_SIZE lanes, masked loads and stores, fp32
// arithmetic), used by the fake driver in place of the PTX; and
// accumulate_kernel (out += x), which the autotuning tests use.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_FAKEKERNELS_H
#define TILEC_TEST_FAKEKERNELS_H

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tilec::fake {

/// Whether [address, address + bytes) lies inside one live allocation.
using BoundsCheck = std::function<bool(uint64_t address, uint64_t bytes)>;

enum class KernelOutcome {
  /// Ran to completion.
  Ran,
  /// Not one of the emulated kernels; nothing was done.
  Unknown,
  /// Touched memory outside every allocation; stopped.
  IllegalAddress,
  /// The module did not say BLOCK_SIZE.
  MissingConstant,
};

/// Runs kernel \p name over \p programs programs with the raw parameter
/// values \p params (zero-extended to 64 bits).
KernelOutcome runKernel(const std::string &name,
                        const std::map<std::string, int64_t> &constants,
                        uint64_t programs, const std::vector<uint64_t> &params,
                        const BoundsCheck &inBounds);

} // namespace tilec::fake

#endif // TILEC_TEST_FAKEKERNELS_H
