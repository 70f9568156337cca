//===- Parser.h - recursive-descent parser for kernels ----------*- C++ -*-===//
//
// Parses a Python file: top-level functions decorated with @triton.jit are
// parsed into ast::Function; the names other top-level statements bind are
// recorded, in the branches of top-level `if`/`try` that Python takes
// (ParseTopLevel.cpp), and the rest is skipped token by token (the lexer's
// NEWLINE/INDENT/DEDENT tokens say where it ends), so host code may use any
// Python syntax.
//
// Inside kernels the grammar is Python's, with its operator precedence.
// Constructs kernels cannot use are still recognised and kept as
// Unsupported nodes, so that the error comes from MLIRGen with a location
// and `--emit ast` works on any kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_PARSER_H
#define TILEC_FRONTEND_PARSER_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/HostValues.h"
#include "tilec/Frontend/Imports.h"
#include "tilec/Frontend/Lexer.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

namespace tilec {

class Parser;

/// Parses each Python file that the imports of the module tilec compiles
/// reach, once, however the files import each other (cycles included).
class ModuleLoader {
public:
  explicit ModuleLoader(llvm::SourceMgr &sourceMgr) : sourceMgr(sourceMgr) {}

  /// Records `module`, the file `path`'s; the first one recorded is the
  /// module tilec compiles, which keeps every other.
  void add(llvm::StringRef path, ast::Module *module);
  /// The module of the file `path`, parsed into `sourceMgr` when first
  /// asked for. Null after an error (printed; at `at` when the file cannot
  /// be read).
  const ast::Module *load(llvm::StringRef path, const Location &at);

  /// How many files deep imports may go (a file importing one that imports
  /// another...): each level parses on the stack of the one before.
  static constexpr unsigned kMaxDepth = 256;

private:
  /// `path` as one file has one key.
  static std::string getKey(llvm::StringRef path);

  llvm::SourceMgr &sourceMgr;
  ast::Module *root = nullptr;
  llvm::StringMap<const ast::Module *> loaded;
  /// The files being parsed, each imported by the one before.
  unsigned depth = 0;
};

class Parser {
public:
  /// Parses buffer `bufferID` of `sourceMgr` (0: its main buffer); errors
  /// go to sourceMgr.PrintMessage.
  explicit Parser(llvm::SourceMgr &sourceMgr, unsigned bufferID = 0);

  /// Parses the whole file, and through `loader` the files it imports.
  /// Returns null after printing the first error.
  std::unique_ptr<ast::Module> parseModule(ModuleLoader *loader = nullptr);

private:
  //===--- Tokens ---------------------------------------------------------===//
  const Token &tok() const { return tokens[pos]; }
  const Token &peek(unsigned ahead = 1) const;
  void consume();
  bool consumeIf(tok::Kind kind);
  /// Consumes a token of `kind`, or reports "expected <what>, got <token>".
  bool expect(tok::Kind kind, llvm::StringRef what);
  /// Reports an error (only the first one is printed) and returns null.
  std::nullptr_t error(const Location &loc, const llvm::Twine &message);

  //===--- Skipping -------------------------------------------------------===//
  /// Skips tokens up to and including the NEWLINE that ends this logical line.
  void skipLine();
  /// Skips a statement: its line and, if one follows, its indented block.
  void skipStatement();
  /// Skips tokens up to and including the bracket that closes the one just
  /// before the current token.
  void skipToClosingBracket();

  //===--- Top level ------------------------------------------------------===//
  /// Whether the decorator after '@' names triton.jit or jit.
  bool isJitDecorator() const;
  /// Whether the decorator at the current `@` passes `debug=True`.
  bool hasDebugTrue() const;
  /// Whether the decorator after '@' is `triton.<name>` or `<name>`.
  bool isDecoratorNamed(llvm::StringRef name) const;

  //===--- Module-level statements (ParseTopLevel.cpp) --------------------===//
  /// Reads one statement of the module, or of a block under a top-level
  /// `if` or `try`: a @triton.jit function is parsed, the names other
  /// statements bind are recorded, host code is skipped.
  bool parseTopLevelStatement(ast::Module &module);
  /// The block after a top-level compound statement's ':', each statement
  /// read by `each`.
  bool parseTopLevelSuite(llvm::function_ref<bool()> each);
  /// `if`/`elif`/`else` at the top level: the branch Python takes, when
  /// tilec can evaluate the conditions (HostValues.h).
  bool parseTopLevelIf(ast::Module &module);
  /// `try`/`except`/`else`/`finally` at the top level: the body when its
  /// imports resolve, else the handler that catches the ImportError.
  bool parseTopLevelTry(ast::Module &module);
  /// A decorated definition; a @triton.jit function becomes a kernel.
  bool parseDecorated(ast::Module &module);
  /// Records what the simple statement or definition at the current token
  /// binds.
  void recordStatement(ast::Module &module);
  /// The names the statement at the current token binds (an assignment's
  /// name, an import's names, a definition's name).
  std::vector<std::string> boundNames() const;
  /// Binds in hostNames the value of a top-level `NAME = value` or import.
  void recordHostValue();
  /// `f = triton.jit(f)`, `f = triton.heuristics({...})(f)` or `f =
  /// triton.autotune(...)(f)` at the current token: what the decorators
  /// do. Returns false when the statement is not one of them (or after an
  /// error: `failed` says which).
  bool recordWrappedKernel(ast::Module &module);
  /// At `NAME = ...`: the value, parsed quietly without moving past it,
  /// when it is one whole expression; null otherwise.
  ast::ExprPtr peekAssignedValue();
  /// Where each top-level `def NAME` without decorators starts, for
  /// recordWrappedKernel.
  llvm::StringMap<size_t> plainDefs;
  /// The source text of tokens [begin, end), its whitespace runs as one
  /// space.
  std::string sourceText(size_t begin, size_t end) const;
  /// `file:line`, for what an error says of module-level code.
  std::string describeLocation(const Location &loc) const;

  //===--- Decorators (ParseDecorators.cpp) -------------------------------===//
  /// One keyword argument of a decorator's call once `**` is expanded.
  struct DecoratorKeyword {
    std::string name;
    Location loc;
    const ast::Expr *value;
  };
  /// Remembers where the value of a top-level `NAME = value`, or of a
  /// `def NAME(): return value`, starts, for decorators that refer to it.
  void recordTopLevelValue();
  /// Records the value of a top-level `NAME = value` or `NAME: annotation
  /// = value` in `module`, if it parses (host code need not).
  void recordGlobal(ast::Module &module);
  /// Parses the expression at token `at`, then returns to where it was.
  ast::ExprPtr parseAt(size_t at);
  /// `expr`, or the top-level value it names (a name, or a call without
  /// arguments of a function that returns it); null after an error.
  const ast::Expr *resolveTopLevel(const ast::Expr &expr,
                                   std::vector<ast::ExprPtr> &keepAlive,
                                   unsigned calls = 0);
  bool parseConstantValue(const ast::Expr &expr, ConstantValue &value);
  bool parseNameList(const ast::Expr &expr, llvm::StringRef what,
                     std::vector<std::string> &names);
  /// A config's value: a literal, or the literal a module constant is bound
  /// to; null for anything else (host code computes it).
  const ast::Expr *resolveConfigValue(const ast::Expr &value,
                                      std::vector<ast::ExprPtr> &keepAlive);
  bool parseTuneConfig(const ast::Expr &expr, ast::TuneConfig &config);
  /// Reads one keyword argument of @triton.autotune into `spec`, or
  /// `configs` and `key`.
  bool readAutotuneKeyword(const DecoratorKeyword &keyword,
                           ast::AutotuneSpec &spec, const ast::Expr *&configs,
                           const ast::Expr *&key);
  /// Reads the parsed call `@triton.autotune(...)` into `spec`.
  bool parseAutotune(const ast::Expr &decorator, ast::AutotuneSpec &spec);
  /// Checks `spec` against the kernel's parameters.
  bool checkAutotune(const ast::Function &function,
                     const ast::AutotuneSpec &spec);
  /// Reads the parsed call `@triton.heuristics(...)` into `entries` (which
  /// point into `decorator`).
  bool parseHeuristics(const ast::Expr &decorator,
                       std::vector<ast::Heuristic> &entries);
  /// Checks `entries` against the kernel's parameters and its autotune
  /// configs.
  bool checkHeuristics(const ast::Function &function,
                       llvm::ArrayRef<ast::Heuristic> entries);

  //===--- Decorator arguments (DecoratorArgs.cpp) ------------------------===//
  /// The keywords of `call` (a call of `callee`), each `**mapping` expanded
  /// where the mapping is a dict display with string keys or
  /// `dict(name=value, ...)`, written there or bound to a name at the top
  /// level of this file; the values those names give are kept alive in
  /// `keepAlive`. The first `**` that cannot be expanded so is left in
  /// `opaque` (the caller decides whether its keywords matter). False after
  /// an error: a key that is not a string, a keyword given twice.
  bool expandKeywords(const ast::CallExpr &call, llvm::StringRef callee,
                      std::vector<DecoratorKeyword> &keywords,
                      std::vector<ast::ExprPtr> &keepAlive,
                      const ast::Keyword *&opaque);
  /// The value `name` is bound to at the top level of this file before the
  /// decorator, through up to 8 `A = B` links; null where it is bound to
  /// nothing there, or to what tilec does not parse. No error is reported.
  const ast::Expr *resolveConstantName(const ast::NameExpr &name,
                                       std::vector<ast::ExprPtr> &keepAlive);

  std::unique_ptr<ast::Function> parseFunction();
  bool parseParams(std::vector<ast::Param> &params);

  //===--- Statements -----------------------------------------------------===//
  /// Parses the block after a ':' (an indented block or simple statements).
  bool parseSuite(ast::Block &block);
  bool parseStatement(ast::Block &block);
  bool parseSimpleStatements(ast::Block &block);
  ast::StmtPtr parseSmallStatement();
  ast::StmtPtr parseExprStatement();
  ast::StmtPtr parseIf();
  ast::StmtPtr parseFor();
  ast::StmtPtr parseWhile();
  /// A compound statement kernels cannot use: skipped whole.
  ast::StmtPtr skipUnsupported(llvm::StringRef what);
  /// Parses `else: suite` if present.
  bool parseElse(ast::Block &block);

  //===--- Expressions ----------------------------------------------------===//
  /// `a, b, c` (a tuple when there is a comma) or a single expression.
  ast::ExprPtr parseTestList();
  /// Targets of `for`: `exprlist` that stops before `in`.
  ast::ExprPtr parseTargetList();
  ast::ExprPtr parseTest();
  ast::ExprPtr parseLambda();
  ast::ExprPtr parseOrTest();
  ast::ExprPtr parseAndTest();
  ast::ExprPtr parseNotTest();
  ast::ExprPtr parseComparison();
  /// A left-associative chain `a op b op c` at one precedence level.
  template <typename ParseOperand, typename MapOp>
  ast::ExprPtr parseBinaryChain(ParseOperand parseOperand, MapOp mapOp);
  ast::ExprPtr parseBitOr();
  ast::ExprPtr parseBitXor();
  ast::ExprPtr parseBitAnd();
  ast::ExprPtr parseShift();
  ast::ExprPtr parseArith();
  ast::ExprPtr parseTerm();
  ast::ExprPtr parseFactor();
  ast::ExprPtr parsePower();
  ast::ExprPtr parsePrimary();
  ast::ExprPtr parseAtom();
  ast::ExprPtr parseParenthesized();
  ast::ExprPtr parseListDisplay();
  ast::ExprPtr parseDictDisplay();
  ast::ExprPtr parseStrings();
  ast::ExprPtr parseCall(ast::ExprPtr callee);
  ast::ExprPtr parseSubscript(ast::ExprPtr value);
  ast::ExprPtr parseSubscriptItem();
  /// An element of a display or argument list: a test, `*x`, or `x := y`.
  ast::ExprPtr parseElement();

  /// Fails (once) when expressions nest deeper than the AST walkers should
  /// recurse; `depth` counts the recursive descents in progress.
  bool enterNesting();
  void exitNesting() { --depth; }

  llvm::SourceMgr &sourceMgr;
  unsigned bufferID;
  Lexer lexer;
  llvm::SmallVector<Token, 0> tokens;
  size_t pos = 0;
  unsigned depth = 0;
  /// Token positions of top-level values (see recordTopLevelValue).
  llvm::StringMap<size_t> topLevelValues, topLevelReturns;
  bool failed = false;
  /// Records a top-level import of a Triton module kernels may name, or of
  /// another Python file (in fileImports, bound once the file is parsed).
  void recordImport(ast::Module &module);
  std::vector<FileImport> fileImports;
  /// Parses the files of fileImports and binds their names in `module`.
  bool bindFileImports(ast::Module &module, ModuleLoader &loader);
  /// Set while the statements read are in a branch of a top-level `if` or
  /// `try` that tilec cannot tell Python takes: why, for Module's
  /// addConditional.
  std::optional<std::string> unknownReach;
  /// What tilec knows of the host values of this file's names.
  HostNames hostNames;
  /// While set, errors are recorded in quietMessage instead of printed (to
  /// try reading something that may be beyond tilec, like host code).
  bool quiet = false;
  std::string quietMessage;
};

} // namespace tilec

#endif // TILEC_FRONTEND_PARSER_H
