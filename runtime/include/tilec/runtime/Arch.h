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

} // namespace tilec::rt

#endif // TILEC_RUNTIME_ARCH_H
