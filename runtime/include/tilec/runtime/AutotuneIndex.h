//===- AutotuneIndex.h - the index tilec writes for @autotune ---*- C++ -*-===//
//
// For a kernel under @triton.autotune, tilec compiles every config to its
// own PTX + manifest and writes an index beside them:
//
//   {"kind": "autotune", "name": "matmul_kernel", "key": ["M", "N", "K"],
//    "reset_to_zero": ["c_ptr"], "restore_value": [],
//    "configs": [{"manifest": "matmul_c0.json", "num_warps": 8,
//                 "num_stages": 3, "constexprs": {"BLOCK_SIZE_M": 128}}],
//    "skipped": [{"config": 2, "reason": "needs 262144 bytes of ..."}]}
//
// `key`, `reset_to_zero`, `restore_value` and `skipped` are optional;
// `configs` must not be empty and its manifests are relative to the index.
// A config index is a position in `configs`; `skipped[].config` counts the
// configs of the source, before the compiler dropped any. Unknown keys are
// ignored.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_AUTOTUNEINDEX_H
#define TILEC_RUNTIME_AUTOTUNEINDEX_H

#include "tilec/runtime/Manifest.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilec::rt {

/// One compiled config of an autotuned kernel.
struct AutotuneConfig {
  /// Its number among the source's configs ("config" in the index; the N
  /// of tilec's <stem>_cN), which reports print; its position when absent.
  std::optional<uint64_t> number;
  /// Its manifest, relative to the index's directory.
  std::string manifest;
  unsigned numWarps = 0;
  unsigned numStages = 0;
  /// The config's constexpr values, in the index's order.
  std::vector<ConstexprInfo> constexprs;

  /// "BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, num_warps=8, num_stages=3".
  std::string describe() const;
};

/// A config the compiler did not produce, and why.
struct AutotuneSkip {
  /// The config's position among the source's configs.
  uint64_t config = 0;
  std::string reason;
};

/// The parsed, checked autotune index.
struct AutotuneIndex {
  /// The kernel's name in the source.
  std::string name;
  /// Parameters whose values select a tuning (Triton's `key`), or
  /// constexprs every config was compiled with at one value.
  std::vector<std::string> key;
  /// Pointer parameters zeroed before each timed run.
  std::vector<std::string> resetToZero;
  /// Pointer parameters saved before tuning and restored after each run.
  std::vector<std::string> restoreValue;
  std::vector<AutotuneConfig> configs;
  std::vector<AutotuneSkip> skipped;
  /// Where the index was read from ("" when parsed from a string).
  std::string path;
  std::string directory;
  /// Each config's manifest, filled and cross-checked by load().
  std::vector<Manifest> manifests;

  /// Parses and checks \p text alone (the manifests are not read); errors
  /// are "<sourceName>:<line>:<column>: <problem>".
  static AutotuneIndex parse(std::string_view text,
                             std::string_view sourceName);

  /// Reads the index at \p path and every config's manifest, and checks
  /// that the manifests take the same parameters (names, kinds, types),
  /// agree with their config's num_warps and constexprs, and that `key`,
  /// `reset_to_zero` and `restore_value` name parameters (the latter two
  /// pointers; `key` also constexprs of one value in every config). Errors name the file and the field.
  static AutotuneIndex load(const std::string &path);

  /// Config \p config's manifest path (directory joined with manifest).
  std::string manifestPath(size_t config) const;

  /// Runs load()'s cross-checks on \p loaded, one manifest per config,
  /// read from manifestPath(i). Throws Error.
  void checkManifests(const std::vector<Manifest> &loaded) const;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_AUTOTUNEINDEX_H
