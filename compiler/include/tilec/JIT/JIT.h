//===- JIT.h - compiling kernels in process, with a disk cache -*- C++ -*-===//
//
// tilec::jit::compile turns kernel source into PTX and a manifest without
// running tilec, and keeps what it compiled in a content-addressed cache on
// disk: the key is a SHA-256 of everything that decides the code (the
// source, kernel, signature, defines, warps, stages, target, pipeline
// options, tilec's version and commit), so a later process, or another one
// at the same time, gets the same kernel without compiling it again.
// docs/tilec.md ("The compile cache") has the layout and the guarantees.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_JIT_JIT_H
#define TILEC_JIT_JIT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>

namespace tilec::jit {

/// One kernel to compile: everything that decides its code.
struct Request {
  /// The Python source text of the kernel's file.
  std::string source;
  /// How errors name the source ("gelu.py"); not part of the key.
  std::string sourceName = "<source>";
  /// Empty: the file's only @triton.jit kernel.
  std::string kernelName;
  /// Triton AOT signature, as tilec --signature.
  std::string signature;
  /// -D NAME=VALUE bindings, in order.
  llvm::SmallVector<std::pair<std::string, std::string>> defines;
  unsigned numWarps = 4;
  unsigned numStages = 3;
  std::string arch = "sm_90a";
  /// As tilec --unroll-loops, --streaming-loads, --l2-prefetch-distance.
  unsigned unrollLoops = 1;
  bool streamingLoads = true;
  unsigned prefetchDistance = 2u << 20;
  /// As tilec --fp-fusion: a * b + c may become one fma.
  bool fpFusion = true;
  /// As tilec --debug: compile device assertions.
  bool debug = false;
  /// tilec --libdevice; empty: the one found at configure time.
  std::string libdevicePath;
  /// As tilec --two-programs-per-sm: ask ptxas to fit two programs of a
  /// tensor-core kernel of 8+ warps per SM when that spills nothing.
  bool twoProgramsPerSM = true;
  /// tilec --ptxas, for that question and for the cubin; empty: the one
  /// found at configure time (none: the PTX goes without the directive,
  /// and without a cubin).
  std::string ptxasPath;
  /// Also assemble the PTX into a cubin for `arch` (with that ptxas, when
  /// there is one), so that a load on a device of that arch skips the
  /// driver's PTX compile (26-44 ms on the H200 against 0.3 ms).
  bool cubin = true;
  /// As tilec --max-ops: the most tile IR operations the front end may
  /// create (0: no limit).
  uint64_t maxOps = 100000;
  /// As tilec --check-inline-asm: run ptxas on a kernel with
  /// tl.inline_asm_elementwise, so that assembly it rejects is an error at
  /// the call.
  bool checkInlineAsm = true;
};

/// The error of a kernel that needs more shared memory than its arch has
/// (tilec --autotune skips such configs, as Triton drops them).
class SharedMemoryError : public llvm::ErrorInfo<SharedMemoryError> {
public:
  static char ID;
  explicit SharedMemoryError(std::string text) : text(std::move(text)) {}
  void log(llvm::raw_ostream &os) const override { os << text; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string text;
};

/// Where compiled kernels are kept.
struct CacheOptions {
  /// The cache directory; empty: no cache.
  std::string directory;
  /// Entries beyond this many bytes are evicted, least recently used first.
  uint64_t maxBytes = uint64_t(1) << 30;
};

/// A compiled kernel. To launch it, give the runtime the manifest and both
/// images: `rt::Kernel::load(rt::Manifest::parse(k.manifest, name), k.ptx,
/// k.cubin, name)` takes the cubin when it fits the device, else the PTX.
struct CompiledKernel {
  std::string ptx;
  /// The JSON manifest; its "ptx" names `<kernel>.ptx`, and with a cubin
  /// its "cubin" `<kernel>.cubin` and "cubin_arch" the request's arch.
  std::string manifest;
  /// ptxas' cubin of the PTX; empty when none was asked for or no ptxas
  /// was found.
  std::string cubin;
  /// The cache key (64 hex digits).
  std::string key;
  /// Whether it came from the cache.
  bool fromCache = false;
};

/// `compiled.manifest` with its "ptx" naming `ptxFile` instead of
/// `<kernel>.ptx` and its "cubin" naming `cubinFile` (for a caller that
/// writes the files under other names); an empty `cubinFile` drops the
/// cubin from the manifest.
std::string renameFiles(const CompiledKernel &compiled,
                        llvm::StringRef ptxFile, llvm::StringRef cubinFile);

/// $TILEC_CACHE_DIR, else $XDG_CACHE_HOME/tilec, else ~/.cache/tilec.
std::string getDefaultCacheDir();

/// CacheOptions for getDefaultCacheDir() and the default size limit.
CacheOptions getDefaultCacheOptions();

/// The cache key of `request`: SHA-256 in lowercase hex.
std::string computeKey(const Request &request);

/// Compiles `request` without the cache. Errors carry the compiler's
/// diagnostics (file:line:col: error: ...).
llvm::Expected<CompiledKernel> compileUncached(const Request &request);

/// Returns the cached kernel for `request`, or compiles it and publishes it
/// in `cache` (a failure to write the cache is not an error: the kernel is
/// returned all the same).
llvm::Expected<CompiledKernel>
compile(const Request &request,
        const CacheOptions &cache = getDefaultCacheOptions());

/// compile() with the source read from `path` (its file name names it).
llvm::Expected<CompiledKernel>
compileFile(llvm::StringRef path, Request request,
            const CacheOptions &cache = getDefaultCacheOptions());

} // namespace tilec::jit

#endif // TILEC_JIT_JIT_H
