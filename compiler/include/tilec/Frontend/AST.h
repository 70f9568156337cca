//===- AST.h - the kernel language's abstract syntax tree -------*- C++ -*-===//
//
// The tree the parser builds for each @triton.jit function. It mirrors the
// Python syntax closely (as Python's own `ast` module does) so that MLIRGen,
// not the parser, decides what is supported; every node keeps the location
// of its first token for diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_AST_H
#define TILEC_FRONTEND_AST_H

#include "tilec/Frontend/Signature.h"
#include "tilec/Frontend/Token.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec {
namespace ast {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// Base class of all expressions.
class Expr {
public:
  enum class Kind {
    Name,
    Int,
    Float,
    Bool,
    None,
    String,
    Ellipsis,
    Tuple,
    List,
    Attribute,
    Subscript,
    Slice,
    Call,
    Unary,
    Binary,
    BoolOp,
    Compare,
    IfExp,
    Lambda,
    Dict,
    Unsupported,
  };

  Expr(Kind kind, Location loc) : kind(kind), location(loc) {}
  virtual ~Expr() = default;

  Kind getKind() const { return kind; }
  const Location &loc() const { return location; }

private:
  const Kind kind;
  Location location;
};

using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

/// A name: `x`, `tl`.
class NameExpr : public Expr {
public:
  NameExpr(Location loc, llvm::StringRef name)
      : Expr(Kind::Name, loc), name(name.str()) {}
  llvm::StringRef getName() const { return name; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Name; }

private:
  std::string name;
};

/// An integer literal; Python's are unbounded, ours stop at
/// py::kMaxIntBits.
class IntExpr : public Expr {
public:
  IntExpr(Location loc, llvm::APInt value)
      : Expr(Kind::Int, loc), value(std::move(value)) {}
  /// The literal's value, non-negative, of any width.
  const llvm::APInt &getValue() const { return value; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Int; }

private:
  llvm::APInt value;
};

/// A floating-point literal; the spelling is kept for dumps.
class FloatExpr : public Expr {
public:
  FloatExpr(Location loc, double value, llvm::StringRef spelling)
      : Expr(Kind::Float, loc), value(value), spelling(spelling.str()) {}
  double getValue() const { return value; }
  llvm::StringRef getSpelling() const { return spelling; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Float; }

private:
  double value;
  std::string spelling;
};

/// `True` or `False`.
class BoolExpr : public Expr {
public:
  BoolExpr(Location loc, bool value) : Expr(Kind::Bool, loc), value(value) {}
  bool getValue() const { return value; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Bool; }

private:
  bool value;
};

/// `None`.
class NoneExpr : public Expr {
public:
  explicit NoneExpr(Location loc) : Expr(Kind::None, loc) {}
  static bool classof(const Expr *e) { return e->getKind() == Kind::None; }
};

/// A string literal (adjacent literals already concatenated).
class StringExpr : public Expr {
public:
  StringExpr(Location loc, std::string value)
      : Expr(Kind::String, loc), value(std::move(value)) {}
  llvm::StringRef getValue() const { return value; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::String; }

private:
  std::string value;
};

/// `...`.
class EllipsisExpr : public Expr {
public:
  explicit EllipsisExpr(Location loc) : Expr(Kind::Ellipsis, loc) {}
  static bool classof(const Expr *e) { return e->getKind() == Kind::Ellipsis; }
};

/// A tuple `(a, b)` / `a, b` or a list `[a, b]`.
class SequenceExpr : public Expr {
public:
  SequenceExpr(Kind kind, Location loc, ExprList elements)
      : Expr(kind, loc), elements(std::move(elements)) {}
  const ExprList &getElements() const { return elements; }
  bool isList() const { return getKind() == Kind::List; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Tuple || e->getKind() == Kind::List;
  }

private:
  ExprList elements;
};

/// `value.attr`.
class AttributeExpr : public Expr {
public:
  AttributeExpr(Location loc, ExprPtr value, llvm::StringRef attr,
                Location attrLoc)
      : Expr(Kind::Attribute, loc), value(std::move(value)), attr(attr.str()),
        attrLoc(attrLoc) {}
  const Expr &getValue() const { return *value; }
  llvm::StringRef getAttr() const { return attr; }
  const Location &getAttrLoc() const { return attrLoc; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Attribute;
  }

private:
  ExprPtr value;
  std::string attr;
  Location attrLoc;
};

/// `value[i, j]`: one index per comma-separated item.
class SubscriptExpr : public Expr {
public:
  SubscriptExpr(Location loc, ExprPtr value, ExprList indices)
      : Expr(Kind::Subscript, loc), value(std::move(value)),
        indices(std::move(indices)) {}
  const Expr &getValue() const { return *value; }
  const ExprList &getIndices() const { return indices; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Subscript;
  }

private:
  ExprPtr value;
  ExprList indices;
};

/// `lower:upper:step` inside a subscript; each part may be absent.
class SliceExpr : public Expr {
public:
  SliceExpr(Location loc, ExprPtr lower, ExprPtr upper, ExprPtr step)
      : Expr(Kind::Slice, loc), lower(std::move(lower)),
        upper(std::move(upper)), step(std::move(step)) {}
  const Expr *getLower() const { return lower.get(); }
  const Expr *getUpper() const { return upper.get(); }
  const Expr *getStep() const { return step.get(); }
  bool isFull() const { return !lower && !upper && !step; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Slice; }

private:
  ExprPtr lower, upper, step;
};

/// A keyword argument `name=value` in a call, or `**value` (then `name` is empty).
struct Keyword {
  std::string name;
  Location loc;
  ExprPtr value;
};

/// `callee(args..., name=value...)`.
class CallExpr : public Expr {
public:
  CallExpr(Location loc, ExprPtr callee, ExprList args,
           std::vector<Keyword> keywords)
      : Expr(Kind::Call, loc), callee(std::move(callee)),
        args(std::move(args)), keywords(std::move(keywords)) {}
  const Expr &getCallee() const { return *callee; }
  const ExprList &getArgs() const { return args; }
  const std::vector<Keyword> &getKeywords() const { return keywords; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Call; }

private:
  ExprPtr callee;
  ExprList args;
  std::vector<Keyword> keywords;
};

enum class UnaryOp { Plus, Minus, Invert, Not };

/// `-x`, `+x`, `~x`, `not x`.
class UnaryExpr : public Expr {
public:
  UnaryExpr(Location loc, UnaryOp op, ExprPtr operand)
      : Expr(Kind::Unary, loc), op(op), operand(std::move(operand)) {}
  UnaryOp getOp() const { return op; }
  const Expr &getOperand() const { return *operand; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Unary; }

private:
  UnaryOp op;
  ExprPtr operand;
};

enum class BinaryOp {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  MatMul,
  Shl,
  Shr,
  BitAnd,
  BitOr,
  BitXor,
};

/// The Python spelling of a binary operator: "+", "//", "@".
llvm::StringRef spell(BinaryOp op);

/// `lhs op rhs` for arithmetic, bitwise and shift operators.
class BinaryExpr : public Expr {
public:
  BinaryExpr(Location loc, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::Binary, loc), op(op), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
  BinaryOp getOp() const { return op; }
  const Expr &getLHS() const { return *lhs; }
  const Expr &getRHS() const { return *rhs; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Binary; }

private:
  BinaryOp op;
  ExprPtr lhs, rhs;
};

/// `lhs and rhs` / `lhs or rhs` (chains nest to the left).
class BoolOpExpr : public Expr {
public:
  BoolOpExpr(Location loc, bool isAnd, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::BoolOp, loc), isAndOp(isAnd), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
  bool isAnd() const { return isAndOp; }
  const Expr &getLHS() const { return *lhs; }
  const Expr &getRHS() const { return *rhs; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolOp; }

private:
  bool isAndOp;
  ExprPtr lhs, rhs;
};

enum class CompareOp { Lt, Le, Gt, Ge, Eq, Ne, In, NotIn, Is, IsNot };

/// The Python spelling of a comparison operator: "<", "not in".
llvm::StringRef spell(CompareOp op);

/// A comparison chain `a < b <= c`: n operands and n - 1 operators.
class CompareExpr : public Expr {
public:
  CompareExpr(Location loc, ExprList operands, std::vector<CompareOp> ops)
      : Expr(Kind::Compare, loc), operands(std::move(operands)),
        ops(std::move(ops)) {}
  const ExprList &getOperands() const { return operands; }
  llvm::ArrayRef<CompareOp> getOps() const { return ops; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Compare; }

private:
  ExprList operands;
  std::vector<CompareOp> ops;
};

/// `thenValue if cond else elseValue`.
class IfExpExpr : public Expr {
public:
  IfExpExpr(Location loc, ExprPtr cond, ExprPtr thenValue, ExprPtr elseValue)
      : Expr(Kind::IfExp, loc), cond(std::move(cond)),
        thenValue(std::move(thenValue)), elseValue(std::move(elseValue)) {}
  const Expr &getCond() const { return *cond; }
  const Expr &getThen() const { return *thenValue; }
  const Expr &getElse() const { return *elseValue; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::IfExp; }

private:
  ExprPtr cond, thenValue, elseValue;
};

/// `lambda a, b: body`.
class LambdaExpr : public Expr {
public:
  LambdaExpr(Location loc, std::vector<std::string> params, ExprPtr body)
      : Expr(Kind::Lambda, loc), params(std::move(params)),
        body(std::move(body)) {}
  llvm::ArrayRef<std::string> getParams() const { return params; }
  const Expr &getBody() const { return *body; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Lambda; }

private:
  std::vector<std::string> params;
  ExprPtr body;
};

/// `{key: value, ...}`. Kernels cannot use dicts; decorators such as
/// @triton.autotune give their configs' constexpr values with them.
class DictExpr : public Expr {
public:
  DictExpr(Location loc, ExprList keys, ExprList values)
      : Expr(Kind::Dict, loc), keys(std::move(keys)), values(std::move(values)) {}
  const ExprList &getKeys() const { return keys; }
  const ExprList &getValues() const { return values; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Dict; }

private:
  ExprList keys, values;
};

/// Python syntax kernels cannot use (comprehensions, dict and set displays,
/// starred expressions, yield, await, `:=`): parsed only far enough to skip,
/// so that MLIRGen can name it in a located error.
class UnsupportedExpr : public Expr {
public:
  UnsupportedExpr(Location loc, llvm::StringRef what)
      : Expr(Kind::Unsupported, loc), what(what.str()) {}
  llvm::StringRef getWhat() const { return what; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Unsupported;
  }

private:
  std::string what;
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

/// Base class of all statements.
class Stmt {
public:
  enum class Kind {
    Assign,
    AugAssign,
    Expr,
    For,
    If,
    While,
    Pass,
    Break,
    Continue,
    Assert,
    Return,
    Unsupported,
  };

  Stmt(Kind kind, Location loc) : kind(kind), location(loc) {}
  virtual ~Stmt() = default;

  Kind getKind() const { return kind; }
  const Location &loc() const { return location; }

private:
  const Kind kind;
  Location location;
};

/// `t1 = t2 = value` (usually one target) or `name: annotation = value`.
class AssignStmt : public Stmt {
public:
  AssignStmt(Location loc, ExprList targets, ExprPtr value,
             ExprPtr annotation)
      : Stmt(Kind::Assign, loc), targets(std::move(targets)),
        value(std::move(value)), annotation(std::move(annotation)) {}
  const ExprList &getTargets() const { return targets; }
  /// Null for a bare annotation `x: int`.
  const Expr *getValue() const { return value.get(); }
  const Expr *getAnnotation() const { return annotation.get(); }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assign; }

private:
  ExprList targets;
  ExprPtr value;
  ExprPtr annotation;
};

/// `target op= value`.
class AugAssignStmt : public Stmt {
public:
  AugAssignStmt(Location loc, BinaryOp op, ExprPtr target, ExprPtr value)
      : Stmt(Kind::AugAssign, loc), op(op), target(std::move(target)),
        value(std::move(value)) {}
  BinaryOp getOp() const { return op; }
  const Expr &getTarget() const { return *target; }
  const Expr &getValue() const { return *value; }
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::AugAssign;
  }

private:
  BinaryOp op;
  ExprPtr target, value;
};

/// An expression evaluated for its effect, e.g. `tl.store(...)`.
class ExprStmt : public Stmt {
public:
  ExprStmt(Location loc, ExprPtr expr)
      : Stmt(Kind::Expr, loc), expr(std::move(expr)) {}
  const Expr &getExpr() const { return *expr; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Expr; }

private:
  ExprPtr expr;
};

/// `for target in iter: body [else: orelse]`.
class ForStmt : public Stmt {
public:
  ForStmt(Location loc, ExprPtr target, ExprPtr iter, Block body, Block orelse)
      : Stmt(Kind::For, loc), target(std::move(target)), iter(std::move(iter)),
        body(std::move(body)), orelse(std::move(orelse)) {}
  const Expr &getTarget() const { return *target; }
  const Expr &getIter() const { return *iter; }
  const Block &getBody() const { return body; }
  const Block &getElse() const { return orelse; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::For; }

private:
  ExprPtr target, iter;
  Block body, orelse;
};

/// `if c1: b1 elif c2: b2 ... else: e`. An elif chain is one statement
/// with a branch per condition, so that nothing that reads it recurses per
/// branch (a chain of 5000 elifs is ordinary Python).
class IfStmt : public Stmt {
public:
  /// `if cond: body` or `elif cond: body`, at the keyword.
  struct Branch {
    Location loc;
    ExprPtr cond;
    Block body;
  };

  IfStmt(Location loc, std::vector<Branch> branches, Block elseBody)
      : Stmt(Kind::If, loc), branches(std::move(branches)),
        elseBody(std::move(elseBody)) {}
  /// The branches with conditions, the `if` first.
  llvm::ArrayRef<Branch> getBranches() const { return branches; }
  const Block &getElse() const { return elseBody; }
  /// Branch `i`'s body, or the else block for i == getBranches().size().
  const Block &getBody(size_t i) const {
    return i < branches.size() ? branches[i].body : elseBody;
  }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::If; }

private:
  std::vector<Branch> branches;
  Block elseBody;
};

/// `while cond: body [else: orelse]`.
class WhileStmt : public Stmt {
public:
  WhileStmt(Location loc, ExprPtr cond, Block body, Block orelse)
      : Stmt(Kind::While, loc), cond(std::move(cond)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  const Expr &getCond() const { return *cond; }
  const Block &getBody() const { return body; }
  const Block &getElse() const { return orelse; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::While; }

private:
  ExprPtr cond;
  Block body, orelse;
};

/// `pass`, `break` and `continue`: nothing but a kind and a place.
class SimpleStmt : public Stmt {
public:
  SimpleStmt(Kind kind, Location loc) : Stmt(kind, loc) {}
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::Pass || s->getKind() == Kind::Break ||
           s->getKind() == Kind::Continue;
  }
};

/// `assert test, message`.
class AssertStmt : public Stmt {
public:
  AssertStmt(Location loc, ExprPtr test, ExprPtr message)
      : Stmt(Kind::Assert, loc), test(std::move(test)),
        message(std::move(message)) {}
  const Expr &getTest() const { return *test; }
  const Expr *getMessage() const { return message.get(); }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assert; }

private:
  ExprPtr test, message;
};

/// `return [value]`.
class ReturnStmt : public Stmt {
public:
  ReturnStmt(Location loc, ExprPtr value)
      : Stmt(Kind::Return, loc), value(std::move(value)) {}
  const Expr *getValue() const { return value.get(); }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Return; }

private:
  ExprPtr value;
};

/// A statement kernels cannot use (try, with, nested def or class, import,
/// global, del, raise...), skipped by the parser and named here so that
/// MLIRGen can report it.
class UnsupportedStmt : public Stmt {
public:
  UnsupportedStmt(Location loc, llvm::StringRef what)
      : Stmt(Kind::Unsupported, loc), what(what.str()) {}
  llvm::StringRef getWhat() const { return what; }
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::Unsupported;
  }

private:
  std::string what;
};

//===----------------------------------------------------------------------===//
// Functions and modules
//===----------------------------------------------------------------------===//

/// A parameter `name[: annotation][ = default]`.
struct Param {
  std::string name;
  Location loc;
  ExprPtr annotation;
  ExprPtr defaultValue;

  /// Whether the annotation is `tl.constexpr` (or any `*.constexpr`, or a
  /// bare `constexpr`).
  bool isConstexpr() const;
};

/// One `triton.Config({...}, num_warps=, num_stages=)` of @triton.autotune.
struct TuneConfig {
  Location loc;
  /// The constexpr parameters it binds, in the order written.
  std::vector<std::pair<std::string, ConstantValue>> values;
  unsigned numWarps = 4;
  unsigned numStages = 3;
  /// Where `num_warps=` gives its value, for an error when the config is
  /// compiled (invalid when the config does not set it).
  Location numWarpsLoc;
  /// Set by the parser when a value is computed by host code (a call, a
  /// name): that key, and where its value is.
  std::string hostValue;
  Location hostValueLoc;
};

/// What @triton.autotune says about a kernel. tilec compiles every config;
/// the runtime times them per value of `key` and keeps the fastest.
struct AutotuneSpec {
  Location loc;
  std::vector<TuneConfig> configs;
  /// Runtime parameters whose values pick the config.
  std::vector<std::string> key;
  /// Pointer parameters zeroed (reset_to_zero) or saved and restored
  /// (restore_value) around every timed run.
  std::vector<std::string> resetToZero, restoreValue;
  /// The configs are computed by host code tilec cannot read (a list
  /// comprehension, filter(...)): the decorator is ignored, with a warning.
  bool ignored = false;
};

/// One entry of `@triton.heuristics(values={'NAME': lambda args: ...})`:
/// the constexpr parameter NAME takes the lambda's value, computed at
/// compile time from the other constexprs (`args['X']`).
struct Heuristic {
  std::string name;
  Location loc;
  /// The lambda's parameter (`args`) and body.
  std::string argName;
  const Expr *body = nullptr;
};

/// A @triton.jit function.
class Function {
public:
  Function(Location loc, llvm::StringRef name, std::vector<Param> params,
           Block body)
      : location(loc), name(name.str()), params(std::move(params)),
        body(std::move(body)) {}
  const Location &loc() const { return location; }
  llvm::StringRef getName() const { return name; }
  const std::vector<Param> &getParams() const { return params; }
  const Block &getBody() const { return body; }
  /// The @triton.autotune decorator's configs, if it has one.
  const std::optional<AutotuneSpec> &getAutotune() const { return autotune; }
  void setAutotune(AutotuneSpec spec) { autotune = std::move(spec); }
  /// The @triton.heuristics entries, in order; `decorator` owns their
  /// lambdas.
  llvm::ArrayRef<Heuristic> getHeuristics() const { return heuristics; }
  /// Whether it is decorated @triton.jit(debug=True): device assertions
  /// are compiled whatever the driver's option.
  bool getDebug() const { return debug; }
  void setDebug(bool value) { debug = value; }
  void setHeuristics(std::vector<Heuristic> entries, ExprPtr decorator) {
    heuristics = std::move(entries);
    heuristicsDecorator = std::move(decorator);
  }

private:
  Location location; ///< of the `def` keyword
  std::optional<AutotuneSpec> autotune;
  std::vector<Heuristic> heuristics;
  ExprPtr heuristicsDecorator;
  bool debug = false;
  std::string name;
  std::vector<Param> params;
  Block body;
};

/// A parsed source file: its @triton.jit functions, in source order.
class Module {
public:
  explicit Module(llvm::StringRef filename) : filename(filename.str()) {}
  llvm::StringRef getFilename() const { return filename; }
  const std::vector<std::unique_ptr<Function>> &getKernels() const {
    return kernels;
  }
  void addKernel(std::unique_ptr<Function> kernel) {
    kernels.push_back(std::move(kernel));
  }
  /// The kernel called `name`, or null.
  const Function *lookup(llvm::StringRef name) const;
  Function *lookup(llvm::StringRef name) {
    return const_cast<Function *>(std::as_const(*this).lookup(name));
  }
  /// Top-level imports of Triton modules kernels may name, by the name they
  /// bind: `from triton.language.extra import libdevice` binds "libdevice"
  /// to "libdevice"; `from triton.language import constexpr` binds
  /// "constexpr" to "tl.constexpr", a member of tl.
  void addImport(llvm::StringRef name, llvm::StringRef module) {
    imports[name] = module.str();
  }
  llvm::StringRef lookupImport(llvm::StringRef name) const {
    auto it = imports.find(name);
    return it == imports.end() ? llvm::StringRef() : llvm::StringRef(it->second);
  }

  /// What a top-level import of another Python file binds a name to: that
  /// file's module (`import helpers`), one of its functions (`from .helpers
  /// import relu`: member "relu"), or nothing when the file was not found
  /// (module null; `spelled` says what was looked for).
  struct FileBinding {
    const Module *module = nullptr;
    std::string member;
    std::string spelled;
  };
  void addFileImport(llvm::StringRef name, FileBinding binding) {
    fileImports[name] = std::move(binding);
  }
  /// The binding of `name`, or null.
  const FileBinding *lookupFileImport(llvm::StringRef name) const {
    auto it = fileImports.find(name);
    return it == fileImports.end() ? nullptr : &it->second;
  }
  /// A top-level `NAME = value` (or `NAME: annotation = value`). Kernels
  /// may read the ones Triton lets them: `tl.constexpr(...)` values, names
  /// annotated `tl.constexpr`, dtypes, and Triton's functions and modules.
  struct Global {
    ExprPtr value;
    Location loc;
    /// The annotation of `NAME: annotation = value`; null without one.
    ExprPtr annotation;
  };
  void addGlobal(llvm::StringRef name, Global global) {
    globals[name] = std::move(global);
  }
  /// The last top-level assignment of `name`, or null.
  const Global *lookupGlobal(llvm::StringRef name) const {
    auto it = globals.find(name);
    return it == globals.end() ? nullptr : &it->second;
  }
  /// Binds `name` under a top-level `if` or `try` whose branch tilec cannot
  /// tell (`why` says which, for the error where a kernel uses the name);
  /// what it was bound to before is no longer known.
  void addConditional(llvm::StringRef name, std::string why) {
    imports.erase(name);
    fileImports.erase(name);
    globals.erase(name);
    conditionals[name] = std::move(why);
  }
  /// Why `name` is bound under such a branch, or null: a binding that
  /// surely runs replaces that one.
  const std::string *lookupConditional(llvm::StringRef name) const {
    auto it = conditionals.find(name);
    return it == conditionals.end() ? nullptr : &it->second;
  }
  void removeConditional(llvm::StringRef name) { conditionals.erase(name); }
  /// Records that a top-level import binds `name` to `spelled` (`torch`,
  /// `flag_gems.runtime.device`), whatever module it is: for the error
  /// where a kernel uses a name that only host code has.
  void addHostImport(llvm::StringRef name, std::string spelled) {
    hostImports[name] = std::move(spelled);
  }
  llvm::StringRef lookupHostImport(llvm::StringRef name) const {
    auto it = hostImports.find(name);
    return it == hostImports.end() ? llvm::StringRef()
                                   : llvm::StringRef(it->second);
  }
  /// Modules whose every function `from M import *` binds.
  void addStarImport(const Module *module) { starImports.push_back(module); }
  llvm::ArrayRef<const Module *> getStarImports() const { return starImports; }
  /// Keeps a module this one's imports reached (the module tilec compiles
  /// owns every file's, however they import each other).
  void adoptImported(std::unique_ptr<Module> module) {
    importedModules.push_back(std::move(module));
  }

private:
  std::string filename;
  std::vector<std::unique_ptr<Function>> kernels;
  llvm::StringMap<std::string> imports;
  llvm::StringMap<FileBinding> fileImports;
  llvm::StringMap<Global> globals;
  llvm::StringMap<std::string> conditionals;
  llvm::StringMap<std::string> hostImports;
  std::vector<const Module *> starImports;
  std::vector<std::unique_ptr<Module>> importedModules;
};

/// Prints `expr` as Python with every operation parenthesised, which makes
/// the parser's grouping visible: `(a + (b * c))`.
void printExpr(const Expr &expr, llvm::raw_ostream &os);

/// Prints one kernel, statement by statement with locations.
void dumpFunction(const Function &function, llvm::raw_ostream &os);

} // namespace ast
} // namespace tilec

#endif // TILEC_FRONTEND_AST_H
