//===- Outputs.h - the files tilec writes, checked before any is ----------===//
//
// tilec may write several files in one run (-o, the manifest beside it or
// at --manifest, --depfile, a launcher's .cpp, a cubin's .ptx, each
// autotune config's PTX and manifest). Before the first is written they
// are checked against the input and each other by file identity, so that
// `-o k.py` or `--manifest k.ptx -o k.ptx` is an error instead of a lost
// source or a manifest where the PTX should be. Writes that fail (a full
// disk, /dev/full) are errors too, not LLVM's fatal "IO failure".
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_OUTPUTS_H
#define TILEC_TOOLS_TILEC_OUTPUTS_H

#include "mlir/Support/LogicalResult.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace tilec {

/// The files one tilec run will write, each with the option that names it.
class OutputFiles {
public:
  /// `path` ("-" is standard output) will be written; `role` says which
  /// option or rule names it ("-o", "--manifest", "the manifest beside
  /// -o").
  void add(llvm::StringRef path, llvm::StringRef role);

  /// An error when an output is the file `input` ("-": none), whatever the
  /// spelling (links, "./", ".."), or when two outputs are one file (a
  /// device such as /dev/null may take several).
  llvm::Error check(llvm::StringRef input) const;

private:
  struct Output {
    std::string path;
    std::string role;
  };
  std::vector<Output> outputs;
};

/// Writes `path` ("-": standard output) through `write`. A failed write is
/// "cannot write 'PATH': REASON", printed as tilec's error, and a regular
/// file it left half written is removed.
mlir::LogicalResult writeOutput(llvm::StringRef path,
                                llvm::function_ref<void(llvm::raw_ostream &)>
                                    write);

} // namespace tilec

#endif // TILEC_TOOLS_TILEC_OUTPUTS_H
