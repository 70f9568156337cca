//===- jit_race_worker.cpp - one process of the compile cache race test ---===//
//
// jit_race_worker CACHE_DIR SOURCE.py BLOCK_SIZE...
//
// Compiles the lecture's GeLU at each BLOCK_SIZE through the cache in
// CACHE_DIR and prints one line per kernel, "BLOCK_SIZE SHA-256-of-PTX
// hit|miss", for jit_cache_test to compare with an uncached compile. Many of
// these run at once on one cache directory.
//
//===----------------------------------------------------------------------===//

#include "tilec/JIT/JIT.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int main(int argc, char **argv) {
  if (argc < 4) {
    errs() << "usage: jit_race_worker CACHE_DIR SOURCE.py BLOCK_SIZE...\n";
    return 2;
  }
  tilec::jit::CacheOptions cache;
  cache.directory = argv[1];
  for (int i = 3; i < argc; ++i) {
    tilec::jit::Request request;
    request.kernelName = "triton_gelu_kernel";
    request.signature = "*fp32:16,*fp32:16,i32," + std::string(argv[i]);
    auto compiled = tilec::jit::compileFile(argv[2], request, cache);
    if (!compiled) {
      errs() << "jit_race_worker: " << toString(compiled.takeError()) << "\n";
      return 1;
    }
    outs() << argv[i] << " "
           << toHex(SHA256::hash(arrayRefFromStringRef(compiled->ptx)),
                    /*LowerCase=*/true)
           << " " << (compiled->fromCache ? "hit" : "miss") << "\n";
  }
  return 0;
}
