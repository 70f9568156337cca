//===- Imports.h - @triton.jit functions from other Python files -*- C++ -*-===//
//
// A kernel may call @triton.jit functions of other files that its file
// imports, as Python resolves them: `from .helpers import relu`,
// `from helpers import relu as act`, `import helpers` (then
// `helpers.relu(x)`), `from . import helpers`, `import pkg.helpers as h`.
// A module name resolves to a file next to the importing one (dots go up
// from its directory, as relative imports do; an absolute name is looked
// for there too, as the directory of a script run by Python is on its
// path, and else from the directory that holds the project's package: the
// parent of the nearest directory above the file named as the import's
// first part, as if the project were installed). Imports that name no such file are host code (torch, triton's own
// modules) and are skipped; a relative one is remembered, so that using a
// name it was meant to bind says which file is missing.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_IMPORTS_H
#define TILEC_FRONTEND_IMPORTS_H

#include "tilec/Frontend/Token.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

/// One name that a top-level import statement binds to another Python
/// file, or meant to.
struct FileImport {
  /// The name bound in the importing file.
  std::string name;
  /// The file; empty when no file was found (`spelled` says what was
  /// looked for).
  std::string path;
  /// Empty: the name is the module itself; else the module's member it
  /// names (`from .helpers import relu` binds relu to member "relu").
  std::string member;
  /// The module as the statement spells it ("'.helpers'"; when no file was
  /// found, with ", but there is no file DIR/helpers.py"), for errors.
  std::string spelled;
  Location loc;
};

/// A top-level import statement as written: `import a.b [as c], ...` or
/// `from ..a.b import (c [as d], ...)` / `from M import *`.
struct ImportStatement {
  bool isFrom = false;
  /// The leading dots of `from`.
  unsigned level = 0;
  /// The module of `from`, its dotted parts.
  llvm::SmallVector<llvm::StringRef> module;
  struct Name {
    /// `import a.b`: {a, b}; after `from ... import`: one part.
    llvm::SmallVector<llvm::StringRef> dotted;
    llvm::StringRef alias;
    Location loc;
  };
  llvm::SmallVector<Name> names;
  /// `from M import *`.
  bool star = false;
  Location starLoc;
};

/// The import statement starting at `tokens[pos]`; std::nullopt for none
/// (or a `from` without `import`). Both the parser (Triton's modules) and
/// resolveFileImports (other files) read statements through it.
std::optional<ImportStatement> readImportStatement(llvm::ArrayRef<Token> tokens,
                                                   size_t pos);

/// The names that `statement`, at the top level of the file `importer`,
/// binds to other Python files. Statements that import no such file give
/// none.
std::vector<FileImport> resolveFileImports(const ImportStatement &statement,
                                           llvm::StringRef importer);

/// Every Python file that `source` (the text of the file `path`) imports
/// (at the top level, under a top-level `if` or `try`, or in a function),
/// directly or through the files it imports, each once,
/// in the order they are first reached; `path` itself is not listed. The
/// compile cache's key covers their contents, and tilec's --depfile lists
/// them.
std::vector<std::string> findImportedFiles(llvm::StringRef path,
                                           llvm::StringRef source);

} // namespace tilec

#endif // TILEC_FRONTEND_IMPORTS_H
