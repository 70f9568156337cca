//===- JSON.h - llvm::json with a bound on nesting --------------*- C++ -*-===//
//
// llvm::json's parser, and the values it builds when they are destroyed,
// recurse once per level of nesting: a file of 100000 '[' overflowed the
// stack. tilec's JSON (autotune configs, manifests in the compile cache)
// nests three levels deep, so the readers take at most kMaxJSONDepth, the
// runtime's bound too (runtime/lib/Json.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_SUPPORT_JSON_H
#define TILEC_SUPPORT_JSON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

namespace tilec {

/// The deepest nesting of arrays and objects the readers take.
constexpr unsigned kMaxJSONDepth = 256;

/// llvm::json::parse of `text` once it is known to nest at most
/// kMaxJSONDepth levels deep. Errors start with `sourceName`: "NAME:LINE:COL:
/// JSON nested too deeply (more than 256 levels)" at the bracket that goes
/// deeper, "NAME: not JSON: ..." with llvm::json's message otherwise.
llvm::Expected<llvm::json::Value> parseJSON(llvm::StringRef text,
                                            llvm::StringRef sourceName);

} // namespace tilec

#endif // TILEC_SUPPORT_JSON_H
