//===- Launcher.h - typed C++ launchers (tilec --emit cpp) ------*- C++ -*-===//
//
// For one compiled kernel, a C++ header and source file: a function in
// namespace tilec::kernels whose parameters have the kernel's C++ types
// (tilec::rt::PointerArg<float> for *fp32, tilec::rt::ScalarArg<int32_t> for
// i32, ...), with the PTX embedded as a char array and the manifest as
// constants. The generated code builds on runtime/include/tilec/runtime/
// Launcher.h; docs/tilec.md has the type mapping.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TARGET_LAUNCHER_H
#define TILEC_TARGET_LAUNCHER_H

#include "tilec/Target/Manifest.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tilec {

/// What a launcher needs beyond the kernel's manifest.
struct LauncherOptions {
  /// The C++ function, in namespace tilec::kernels.
  std::string functionName;
  /// The header's file name, which the source includes ("gelu.h").
  std::string headerName;
  /// The source's file name, named in run-time messages ("gelu.cpp").
  std::string sourceName;
  /// How the kernel was compiled, for the comment at the top of both files.
  std::string command;
};

/// Whether `name` can name a C++ function: an identifier that is no keyword
/// and not reserved (no `__`, no leading `_` and capital).
bool isCppIdentifier(llvm::StringRef name);

/// Fails if a launcher cannot be written for `manifest` (a parameter type
/// with no C++ counterpart, a function name that is no identifier).
llvm::Error checkLauncher(const KernelManifest &manifest,
                          const LauncherOptions &options);

/// Writes the header: the launcher's declarations. Call checkLauncher first.
void writeLauncherHeader(const KernelManifest &manifest,
                         const LauncherOptions &options, llvm::raw_ostream &os);

/// Writes the source: the PTX, the cubin when manifest.cubinArch is set, the
/// manifest constants and the launcher's definitions. Call checkLauncher
/// first.
void writeLauncherSource(const KernelManifest &manifest, llvm::StringRef ptx,
                         llvm::StringRef cubin, const LauncherOptions &options,
                         llvm::raw_ostream &os);

} // namespace tilec

#endif // TILEC_TARGET_LAUNCHER_H
