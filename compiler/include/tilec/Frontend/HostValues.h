//===- HostValues.h - the Python around kernels that tilec evaluates -*- C++ -*-===//
//
// Triton runs a kernel's file as Python, so a name bound under a top-level
// `if` or `try` is the one of the branch Python takes: a Triton version
// check (`if version.parse(triton.__version__) >= version.parse("3.0")`)
// or an import that may fail picks libdevice's or tl.math's function, or
// one of two @triton.jit helpers. tilec evaluates what it can of that code
// for the Triton it stands in for (3.6.0, CUDA): strings, numbers, bools,
// None, packaging's versions, triton.__version__, hasattr of Triton's
// modules, comparisons and `and`/`or`/`not`; and it tells whether an import
// resolves. Anything else (a host function's result, torch's state) is
// unknown, and the parser binds the names of such a branch to that
// condition, for a located error if a kernel uses one.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HOSTVALUES_H
#define TILEC_FRONTEND_HOSTVALUES_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Imports.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace tilec {

/// The version of Triton whose module-level behaviour tilec reproduces.
inline constexpr llvm::StringLiteral kTritonVersion = "3.6.0";

/// A value of the host code that tilec can compute.
struct HostValue {
  enum class Kind {
    None,
    Bool,
    Int,
    Str,
    /// A packaging version: its release numbers.
    Version,
    /// A module or function, by its dotted path ("triton.language",
    /// "packaging.version.parse").
    Object,
  };
  Kind kind = Kind::None;
  int64_t integer = 0;
  /// Str's text or Object's path.
  std::string text;
  llvm::SmallVector<int64_t, 4> release;

  static HostValue none() { return {}; }
  static HostValue boolean(bool b) {
    HostValue v;
    v.kind = Kind::Bool;
    v.integer = b;
    return v;
  }
  static HostValue object(llvm::StringRef path) {
    HostValue v;
    v.kind = Kind::Object;
    v.text = path.str();
    return v;
  }
};

/// The host values of a module's names, as far as tilec knows them.
using HostNames = llvm::StringMap<HostValue>;

/// The value of `expr`, if tilec can compute it.
std::optional<HostValue> evaluateHost(const ast::Expr &expr,
                                      const HostNames &names);
/// Python's bool(`expr`), if tilec can tell. `A and B` is false when either
/// is known false, true when both are known true.
std::optional<bool> evaluateHostTruth(const ast::Expr &expr,
                                      const HostNames &names);

/// Binds in `names` what a top-level import statement of `importer` binds
/// (modules and their members, as dotted paths).
void bindHostImport(const ImportStatement &statement, HostNames &names);

/// Whether an import statement of the file `importer` succeeds under Triton
/// 3.6: true or false when tilec can tell (Triton's modules and the names
/// they have, files beside `importer`), std::nullopt for other modules.
std::optional<bool> importSucceeds(const ImportStatement &statement,
                                   llvm::StringRef importer);

} // namespace tilec

#endif // TILEC_FRONTEND_HOSTVALUES_H
