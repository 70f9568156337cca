//===- AutotuneFile.h - @triton.autotune configs from JSON -----*- C++ -*-===//
//
// Configs that a kernel's host code computes (a comprehension over values
// known only when Python runs, filter(keep, ...)) are beyond tilec's reading
// of the decorator. `tilec --autotune-configs FILE` takes them from a JSON
// file instead, in triton.Config's terms:
//
//   {"key": ["N_CTX"], "reset_to_zero": [], "restore_value": [],
//    "configs": [{"kwargs": {"BLOCK_M": 128, "BLOCK_N": 64},
//                 "num_warps": 8, "num_stages": 3}, ...]}
//
// `key` and the two lists are optional (the decorator's, when it has them,
// are used otherwise); num_warps and num_stages default to Triton's 4 and 3.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_AUTOTUNEFILE_H
#define TILEC_FRONTEND_AUTOTUNEFILE_H

#include "tilec/Frontend/AST.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace tilec {

/// The autotune spec of `kernel` read from the JSON file at `path`: its
/// configs, and its key and lists where the file gives them (else those of
/// `fromDecorator`, when the kernel's decorator could be read). Errors name
/// the file and what is wrong: bad JSON, a field of the wrong type, a name
/// that is not a tl.constexpr (config) or runtime (key) parameter.
llvm::Expected<ast::AutotuneSpec>
readAutotuneFile(llvm::StringRef path, const ast::Function &kernel,
                 const ast::AutotuneSpec *fromDecorator);

} // namespace tilec

#endif // TILEC_FRONTEND_AUTOTUNEFILE_H
