//===- Frontend.h - from Python kernel source to the tile dialect -*- C++ -*-===//
//
// The frontend's whole interface to the driver: parse a Python file, dump
// its kernels' ASTs, and generate a tile-dialect module for one kernel
// specialised by a Triton AOT signature and -D constexpr bindings.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_FRONTEND_H
#define TILEC_FRONTEND_FRONTEND_H

// The driver owns the returned ast::Module, so it needs the complete type.
#include "tilec/Frontend/AST.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <utility>

namespace tilec {

/// Options that pick and specialise one kernel.
struct FrontendOptions {
  /// Empty: the file's only @triton.jit kernel (an error if it has none or
  /// several).
  std::string kernelName;
  /// Triton AOT signature, e.g. "*fp32:16,*fp32:16,i32,1024". If it has as
  /// many entries as the kernel has parameters it binds them positionally
  /// (and -D may not name any of them); otherwise its entries bind, in order,
  /// the parameters that -D leaves unbound, and trailing tl.constexpr
  /// parameters with defaults may be left out.
  std::string signature;
  /// -D NAME=VALUE constexpr bindings.
  llvm::SmallVector<std::pair<std::string, std::string>> defines;
  /// Generate tl.device_assert and `assert` statements (Triton's
  /// TRITON_DEBUG / debug=True); off, they generate nothing. A kernel
  /// decorated @triton.jit(debug=True) is compiled with them either way.
  bool debug = false;
  /// The most tile IR operations the front end may create (0: no limit).
  /// Unrolled tl.static_range loops multiply the code, nested ones the
  /// more (200 x 200 trips took 110 s and 1.6 GB in tilec); past this a
  /// loop that unrolls is a located error rather than a compile without
  /// end.
  uint64_t maxOps = 100000;
};

/// `buffer` with "\r\n" and lone "\r" line ends made "\n". Python and the
/// lexer read all three as line ends, but SourceMgr counts only "\n" when
/// it prints a location's line, so a file with old Mac line ends would show
/// the wrong line (or none). The main file and every imported one go
/// through it.
std::unique_ptr<llvm::MemoryBuffer>
normalizeNewlines(std::unique_ptr<llvm::MemoryBuffer> buffer);

/// Parses the main buffer of `sourceMgr` as a Python file. Kernels are the
/// top-level functions decorated with @triton.jit (or @jit, possibly with
/// arguments); everything else at top level is skipped after lexing, so it
/// may use any Python syntax. Errors are printed through
/// sourceMgr.PrintMessage. Returns null on error.
std::unique_ptr<ast::Module> parseModule(llvm::SourceMgr &sourceMgr);

/// Prints the AST of every kernel, or only of `kernelName` if non-empty.
void dumpAST(const ast::Module &module, llvm::StringRef kernelName,
             llvm::raw_ostream &os);

/// Builds a tile-dialect module holding the chosen kernel specialised by
/// `options`. Errors are emitted as MLIR diagnostics at FileLineColLoc
/// locations of the source (the caller installs a
/// mlir::SourceMgrDiagnosticHandler on the same sourceMgr). Loads the
/// dialects it needs into `context`. Returns null on error.
mlir::OwningOpRef<mlir::ModuleOp> mlirGen(mlir::MLIRContext &context,
                                          llvm::SourceMgr &sourceMgr,
                                          const ast::Module &module,
                                          const FrontendOptions &options);

} // namespace tilec

#endif // TILEC_FRONTEND_FRONTEND_H
