//===- Arch.h - matching a manifest's target to a device --------*- C++ -*-===//
//
// PTX for "sm_XY" JIT-compiles for any device of compute capability >= X.Y;
// "sm_XYa" (architecture-specific features) runs only on exactly X.Y, and
// "sm_XYf" (family-specific) on X.Z with Z >= Y. Checking this up front turns
// an opaque NO_BINARY_FOR_GPU / INVALID_PTX into a message that says why.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_ARCH_H
#define TILEC_RUNTIME_ARCH_H

#include <optional>
#include <string>
#include <string_view>

namespace tilec::rt {

/// A parsed "sm_<major><minor>[a|f]" target.
struct Arch {
  unsigned major = 0;
  unsigned minor = 0;
  /// '\0', 'a' or 'f'.
  char suffix = '\0';
};

/// Parses "sm_90", "sm_90a", "sm_100f", ...; std::nullopt if malformed.
std::optional<Arch> parseArch(std::string_view text);

/// std::nullopt if code for \p arch runs on a device of compute capability
/// \p major.\p minor, else a lowercase reason.
std::optional<std::string> archMismatch(std::string_view arch, int major,
                                        int minor);

/// std::nullopt if a cubin assembled for \p arch runs on a device of compute
/// capability \p major.\p minor, else a lowercase reason. Machine code
/// (SASS) is not forward compatible across major versions: "sm_XY" runs on
/// X.Z with Z >= Y, "sm_XYa" only on X.Y.
std::optional<std::string> cubinArchMismatch(std::string_view arch, int major,
                                             int minor);

/// Which compiled form of a kernel to load.
enum class ImageKind { Cubin, Ptx };

/// Picks the cubin when there is one (\p cubinArch not empty) and it runs
/// on compute capability \p major.\p minor, else the PTX when there is one
/// (\p hasPtx) and it can be JIT-compiled for the device. Throws Error
/// "cannot run <what>: ..." giving the reason for each form when neither fits.
ImageKind selectImage(std::string_view ptxArch, bool hasPtx,
                      std::string_view cubinArch, int major, int minor,
                      const std::string &what);

/// "cubin" or "ptx".
const char *toString(ImageKind kind);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_ARCH_H
