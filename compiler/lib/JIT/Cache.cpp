//===- Cache.cpp - the compile cache's entries on disk --------------------===//

#include "tilec/JIT/Cache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <unistd.h>
#include <vector>

using namespace llvm;
using namespace tilec::jit;

// Format 2 added the cubin; a format-1 entry is a miss and is replaced.
static constexpr StringLiteral kMagic = "tilec-cache-entry 2\n";

static std::string hashPayload(StringRef payload) {
  return toHex(SHA256::hash(arrayRefFromStringRef(payload)),
               /*LowerCase=*/true);
}

std::string tilec::jit::encodeEntry(const CacheEntry &entry) {
  std::string payload = entry.ptx + entry.manifest + entry.cubin;
  std::string bytes;
  raw_string_ostream os(bytes);
  os << kMagic << hashPayload(payload) << "\n"
     << entry.ptx.size() << " " << entry.manifest.size() << " "
     << entry.cubin.size() << "\n"
     << payload;
  return bytes;
}

std::optional<CacheEntry> tilec::jit::decodeEntry(StringRef bytes) {
  if (!bytes.consume_front(kMagic))
    return std::nullopt;
  auto [checksum, rest] = bytes.split('\n');
  auto [sizeLine, payload] = rest.split('\n');
  SmallVector<StringRef, 3> sizeTexts;
  sizeLine.split(sizeTexts, ' ');
  uint64_t sizes[3] = {0, 0, 0};
  if (checksum.size() != 64 || sizeTexts.size() != 3)
    return std::nullopt;
  uint64_t total = 0;
  for (auto [text, size] : llvm::zip(sizeTexts, sizes)) {
    if (text.getAsInteger(10, size) || size > payload.size())
      return std::nullopt;
    total += size;
  }
  if (payload.size() != total || hashPayload(payload) != checksum)
    return std::nullopt;
  CacheEntry entry;
  entry.ptx = payload.take_front(sizes[0]).str();
  entry.manifest = payload.substr(sizes[0], sizes[1]).str();
  entry.cubin = payload.drop_front(sizes[0] + sizes[1]).str();
  return entry;
}

std::string DiskCache::getEntryPath(StringRef key) const {
  SmallString<256> path(directory);
  sys::path::append(path, key + kEntrySuffix);
  return std::string(path);
}

std::optional<CacheEntry> DiskCache::lookup(StringRef key) const {
  int fd = -1;
  if (sys::fs::openFileForRead(getEntryPath(key), fd))
    return std::nullopt;
  auto buffer = MemoryBuffer::getOpenFile(sys::fs::convertFDToNativeFile(fd),
                                          "cache entry", /*FileSize=*/-1,
                                          /*RequiresNullTerminator=*/false);
  std::optional<CacheEntry> entry;
  if (buffer)
    entry = decodeEntry((*buffer)->getBuffer());
  // Used now: eviction keeps recently used entries. Best effort.
  if (entry)
    (void)sys::fs::setLastAccessAndModificationTime(
        fd, std::chrono::system_clock::now());
  ::close(fd);
  return entry;
}

/// Writes `bytes` to `fd` and flushes them to the disk.
static Error writeAndSync(int fd, StringRef bytes, StringRef path) {
  {
    raw_fd_ostream os(fd, /*shouldClose=*/false);
    os << bytes;
    os.flush();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      return createStringError("cannot write '" + path + "': " + ec.message());
    }
  }
  if (::fsync(fd) != 0)
    return createStringError("cannot sync '" + path + "'");
  return Error::success();
}

Error DiskCache::store(StringRef key, const CacheEntry &entry) const {
  if (std::error_code ec = sys::fs::create_directories(directory))
    return createStringError("cannot create the cache directory '" + directory +
                             "': " + ec.message());
  SmallString<256> model(directory);
  sys::path::append(model, key + "-%%%%%%%%" + kTempSuffix);
  SmallString<256> temp;
  int fd = -1;
  if (std::error_code ec = sys::fs::createUniqueFile(model, fd, temp))
    return createStringError("cannot create a file in '" + directory +
                             "': " + ec.message());
  Error written = writeAndSync(fd, encodeEntry(entry), temp);
  ::close(fd);
  if (written) {
    sys::fs::remove(temp);
    return written;
  }
  // rename() replaces the entry atomically, also a damaged one.
  if (std::error_code ec = sys::fs::rename(temp, getEntryPath(key))) {
    sys::fs::remove(temp);
    return createStringError("cannot publish cache entry '" +
                             getEntryPath(key) + "': " + ec.message());
  }
  evict();
  return Error::success();
}

/// Whether `name` is one the cache gives its files: false for an entry,
/// "<key>.tilec", true for a temporary file, "<key>-XXXXXXXX.partial"
/// (store's model), none for any other name. A key is 64 hex digits.
static std::optional<bool> classifyName(StringRef name) {
  auto isKey = [](StringRef text) {
    return text.size() == 64 && llvm::all_of(text, llvm::isHexDigit);
  };
  if (name.consume_back(DiskCache::kEntrySuffix))
    return isKey(name) ? std::optional<bool>(false) : std::nullopt;
  if (!name.consume_back(DiskCache::kTempSuffix))
    return std::nullopt;
  auto [key, unique] = name.rsplit('-');
  if (!isKey(key) || unique.size() != 8)
    return std::nullopt;
  return true;
}

void DiskCache::evict() const {
  struct File {
    std::string path;
    sys::TimePoint<> used;
    uint64_t size;
  };
  std::vector<File> entries;
  uint64_t total = 0;
  auto now = std::chrono::system_clock::now();
  std::error_code ec;
  for (sys::fs::directory_iterator it(directory, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef path = it->path();
    // Only files named as the cache names them: the directory may be one
    // that holds other files too.
    std::optional<bool> isTemp = classifyName(sys::path::filename(path));
    if (!isTemp)
      continue;
    sys::fs::file_status status;
    if (sys::fs::status(path, status) ||
        status.type() != sys::fs::file_type::regular_file)
      continue; // Removed meanwhile by another process, or not a file.
    // A writer that died left its temporary file; live writers finish in
    // well under an hour.
    if (*isTemp) {
      if (now - status.getLastModificationTime() > std::chrono::hours(1))
        sys::fs::remove(path);
      continue;
    }
    entries.push_back(
        {path.str(), status.getLastModificationTime(), status.getSize()});
    total += status.getSize();
  }
  if (total <= maxBytes)
    return;
  llvm::sort(entries,
             [](const File &a, const File &b) { return a.used < b.used; });
  for (const File &file : entries) {
    if (total <= maxBytes)
      break;
    sys::fs::remove(file.path);
    total -= file.size;
  }
}
