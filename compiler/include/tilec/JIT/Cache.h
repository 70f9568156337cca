//===- Cache.h - the compile cache's entries on disk ------------*- C++ -*-===//
//
// One file per key, `<dir>/<key>.tilec`:
//
//   tilec-cache-entry 2\n
//   <SHA-256 of the payload, hex>\n
//   <PTX bytes> <manifest bytes> <cubin bytes>\n
//   <PTX><manifest><cubin>
//
// Writers publish an entry whole: they write a unique temporary file in the
// same directory, fsync it and rename it over the entry, so readers see the
// old file or the new one, never a part. Readers check the header, the
// sizes and the checksum; anything else is a miss. A hit touches the
// entry's modification time, which eviction reads as "last used".
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_JIT_CACHE_H
#define TILEC_JIT_CACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tilec::jit {

/// What an entry holds.
struct CacheEntry {
  std::string ptx;
  std::string manifest;
  /// ptxas' cubin of the PTX; empty when none was made.
  std::string cubin;
};

/// A cache directory.
class DiskCache {
public:
  DiskCache(std::string directory, uint64_t maxBytes)
      : directory(std::move(directory)), maxBytes(maxBytes) {}

  /// The entry for `key`, or std::nullopt when there is none or it is
  /// damaged (a wrong header, size or checksum).
  std::optional<CacheEntry> lookup(llvm::StringRef key) const;

  /// Publishes `entry` under `key` atomically, then evicts if the cache
  /// holds more than maxBytes.
  llvm::Error store(llvm::StringRef key, const CacheEntry &entry) const;

  /// Removes least recently used entries until at most maxBytes remain, and
  /// temporary files that writers left behind more than an hour ago.
  void evict() const;

  /// The entry file of `key`.
  std::string getEntryPath(llvm::StringRef key) const;

  /// The suffix of temporary files (for tests that look for leftovers).
  static constexpr llvm::StringLiteral kTempSuffix = ".partial";
  static constexpr llvm::StringLiteral kEntrySuffix = ".tilec";

private:
  std::string directory;
  uint64_t maxBytes;
};

/// The bytes of an entry file holding `entry`.
std::string encodeEntry(const CacheEntry &entry);

/// The entry `bytes` hold, or std::nullopt if they are not a whole, intact
/// entry.
std::optional<CacheEntry> decodeEntry(llvm::StringRef bytes);

} // namespace tilec::jit

#endif // TILEC_JIT_CACHE_H
