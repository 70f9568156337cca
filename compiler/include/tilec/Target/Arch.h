//===- Arch.h - what each target architecture offers ------------*- C++ -*-===//
//
// tilec targets sm_80, sm_90 and sm_90a (tilec --arch). Every choice that
// depends on the target asks one of these questions, so that what an
// architecture offers is written down once: the passes read the name from
// the module (getTargetArch in tilec/Analysis/Layout.h), the drivers from
// their options.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TARGET_ARCH_H
#define TILEC_TARGET_ARCH_H

#include "llvm/ADT/StringRef.h"

namespace tilec {

/// The compute capability `arch` names (80 for sm_80, 90 for sm_90 and
/// sm_90a), or 0 for a name that is not `sm_NN` or `sm_NNa`.
inline unsigned getComputeCapability(llvm::StringRef arch) {
  if (!arch.consume_front("sm_"))
    return 0;
  arch.consume_back("a");
  unsigned capability = 0;
  if (arch.getAsInteger(10, capability))
    return 0;
  return capability;
}

/// Hopper's warpgroup instructions (wgmma) and the TMA paths tilec pairs
/// with them: only the architecture-specific sm_90a.
inline bool hasWgmma(llvm::StringRef arch) {
  return getComputeCapability(arch) == 90 && arch.ends_with("a");
}

/// The fp8 conversion instructions (cvt with .e4m3x2/.e5m2x2), sm_89 and
/// newer; before, fp8e5 converts with integer operations.
inline bool hasFp8Conversions(llvm::StringRef arch) {
  return getComputeCapability(arch) >= 89;
}

/// Whether kernels may use fp8e4nv: as in Triton, only where the hardware
/// converts it (sm_89 and newer); sm_80 has fp8e5 only.
inline bool supportsFp8E4Nv(llvm::StringRef arch) {
  return hasFp8Conversions(arch);
}

/// `atom.add.bf16`, sm_90 and newer; before, a compare-and-swap loop.
inline bool hasBf16AtomicAdd(llvm::StringRef arch) {
  return getComputeCapability(arch) >= 90;
}

/// The bulk L2 prefetch (cp.async.bulk.prefetch), sm_90 and newer.
inline bool hasBulkPrefetch(llvm::StringRef arch) {
  return getComputeCapability(arch) >= 90;
}

/// Programmatic dependent launch (griddepcontrol), sm_90 and newer.
inline bool hasGridDependencyControl(llvm::StringRef arch) {
  return getComputeCapability(arch) >= 90;
}

/// Hopper's 228 KiB of shared memory per SM (the occupancy of two programs
/// per SM is reckoned with it), sm_90 and newer.
inline bool hasHopperSharedMemory(llvm::StringRef arch) {
  return getComputeCapability(arch) >= 90;
}

/// The most shared memory one program may have (the per-block opt-in
/// maximum): 227 KiB on Hopper, 163 KiB on A100.
inline uint64_t getMaxSharedBytesPerBlock(llvm::StringRef arch) {
  return hasHopperSharedMemory(arch) ? 232448 : 166912;
}

} // namespace tilec

#endif // TILEC_TARGET_ARCH_H
