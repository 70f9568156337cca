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

#include "llvm/ADT/ArrayRef.h"
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
  /// For `tilec --autotune --emit cpp`: the kernel's @triton.autotune, its
  /// configs[i] compiled as variants[i]. The launcher then tunes per key
  /// (tilec::rt::EmbeddedAutotuned) instead of picking by promises.
  const AutotuneIndex *autotune = nullptr;
};

/// Whether `name` can name a C++ function: an identifier that is no keyword
/// and not reserved (no `__`, no leading `_` and capital).
bool isCppIdentifier(llvm::StringRef name);

/// One specialisation of the kernel a launcher embeds.
struct LauncherVariant {
  KernelManifest manifest;
  std::string ptx;
  /// The cubin, when manifest.cubinArch is set.
  std::string cubin;
};

/// Fails if a launcher cannot be written for `variants` (at least one): a
/// parameter type with no C++ counterpart, a function name that is no
/// identifier, or variants whose parameters or constexprs differ in more
/// than their promises (`:16`, `:1`); autotune configs may differ in their
/// constexprs only.
llvm::Error checkLauncher(llvm::ArrayRef<LauncherVariant> variants,
                          const LauncherOptions &options);

/// Writes the header: the launcher's declarations. Call checkLauncher first.
void writeLauncherHeader(llvm::ArrayRef<LauncherVariant> variants,
                         const LauncherOptions &options, llvm::raw_ostream &os);

/// Writes the source: each variant's PTX, cubin and manifest constants, and
/// the launcher's definitions. One variant is launched as it is; of
/// several, each launch takes the first whose promises the arguments keep
/// (tilec::rt::EmbeddedVariants). Call checkLauncher first.
void writeLauncherSource(llvm::ArrayRef<LauncherVariant> variants,
                         const LauncherOptions &options,
                         llvm::raw_ostream &os);

} // namespace tilec

#endif // TILEC_TARGET_LAUNCHER_H
