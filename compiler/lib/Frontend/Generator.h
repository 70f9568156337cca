//===- Generator.h - MLIRGen's internal state (private header) --*- C++ -*-===//
//
// MLIRGen evaluates a kernel's AST the way Triton's code generator does:
// Python values (ints, floats, bools, dtypes, tuples, the `tl` module) are
// computed at compile time with Python's semantics (PyValue.h); values
// that depend on the kernel's runtime arguments, and the numbers an
// assignment or a return makes tensors of (as Triton's do), are MLIR
// values with Triton's typed semantics. The Generator class is split over
//   MLIRGen.cpp     - the kernel, its parameters, simple statements,
//   ControlFlow.cpp - loops (scf.for) and branches (scf.if),
//   GenValue.cpp    - the values expressions evaluate to,
//   GenExpr.cpp     - expressions other than binary operators,
//   Operators.cpp   - binary operators and constant folding,
//   Builtins.cpp    - tl.* functions: argument binding and dispatch,
//   BuiltinOps.cpp  - what loads, stores, reductions... generate,
//   Typing.cpp      - Triton's promotion, casting and broadcasting rules.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_GENERATOR_H
#define TILEC_LIB_FRONTEND_GENERATOR_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Frontend.h"
#include "tilec/Frontend/Signature.h"

#include "tile/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"

#include <string>
#include <vector>

namespace tilec {
namespace detail {

/// What an expression evaluates to.
struct GenValue {
  enum class Kind {
    None,      ///< Python's None
    Constant,  ///< a Python int, float or bool (PyValue.h): a literal, a
               ///< constexpr, or what is computed from them only
    String,    ///< a compile-time string
    DType,     ///< tl.float32 and friends: `type` is the element type
    Tuple,     ///< a Python tuple or list: `elements`
    Runtime,   ///< an MLIR value: a scalar or a block (tensor)
    Namespace, ///< `tl` or `triton`: `name`
    Function,  ///< a callable: `name`, and `elements[0]` for a bound method
    BlockPtr,  ///< tl.make_block_ptr: `elements` base, shape (i64), strides
               ///< (i64), offsets (i32), all runtime; `ints` block shape,
               ///< then order
    TensorDesc, ///< tl.make_tensor_descriptor: `elements` base, shape (i32),
                ///< strides (i64), all runtime; `ints` block shape, then 1
                ///< for "nan" padding or 0 for "zero"
  };
  Kind kind = Kind::None;
  /// A Python number takes the type of the tensor it meets (Triton's
  /// weak typing); an assignment makes it a tensor (Generator::toTensor).
  ConstantValue constant;
  std::string name;
  mlir::Type type;
  /// For a dtype: an unsigned integer type (tl.uint32 ...).
  bool unsignedInt = false;
  mlir::Value value;
  /// A tuple written as a list ([1, 2]): they are one kind of value, as in
  /// Triton, but tl.static_print writes a list as Python does.
  bool isList = false;
  std::vector<GenValue> elements;
  std::vector<int64_t> ints;

  static GenValue none() { return GenValue(); }
  static GenValue constantOf(ConstantValue c);
  static GenValue integer(int64_t v) {
    return constantOf(ConstantValue::getInt(v));
  }
  static GenValue boolean(bool v) {
    return constantOf(ConstantValue::getBool(v));
  }
  static GenValue string(llvm::StringRef s);
  static GenValue dtype(mlir::Type type, bool unsignedInt = false);
  static GenValue tuple(std::vector<GenValue> elements);
  static GenValue runtime(mlir::Value value);
  static GenValue namespaceOf(llvm::StringRef name);
  static GenValue function(llvm::StringRef name);
  static GenValue method(llvm::StringRef name, GenValue self);
  static GenValue blockPtr(std::vector<GenValue> elements,
                           std::vector<int64_t> ints);
  static GenValue tensorDesc(std::vector<GenValue> elements,
                             std::vector<int64_t> ints);

  bool isNone() const { return kind == Kind::None; }
  bool isConstant() const { return kind == Kind::Constant; }
  bool isRuntime() const { return kind == Kind::Runtime; }
  bool isBlockPtr() const { return kind == Kind::BlockPtr; }
  bool isTensorDesc() const { return kind == Kind::TensorDesc; }
  /// A tensor descriptor's rank and block shape.
  size_t descRank() const { return ints.size() - 1; }
  llvm::ArrayRef<int64_t> descBlockShape() const {
    return llvm::ArrayRef(ints).take_front(descRank());
  }
  bool descNanPadding() const { return ints.back() != 0; }
  /// A kernel parameter's descriptor: its `!tile.tensormap` (else null).
  mlir::Value descTensorMap() const {
    return elements.size() > 1 + 2 * descRank() ? elements.back().value
                                                : mlir::Value();
  }
  /// A block pointer's rank, block shape and order.
  size_t blockRank() const { return ints.size() / 2; }
  llvm::ArrayRef<int64_t> blockShape() const {
    return llvm::ArrayRef(ints).take_front(blockRank());
  }
  /// An int or bool constant (of any size).
  bool isIntConstant() const { return isConstant() && !constant.isFloat(); }
  /// The value of an int or bool constant that fits in int64_t, else
  /// std::nullopt: consumers that need a machine integer (a block size, an
  /// axis, an index) say so when it does not fit.
  std::optional<int64_t> getInt64() const;
  /// Whether two compile-time values are the same (runtime values: the same
  /// SSA value).
  bool sameAs(const GenValue &other) const;
};

/// A call argument: its value and where it was written.
struct Arg {
  GenValue value;
  Location loc;
};

/// A variable binding and where it was last assigned.
struct Binding {
  GenValue value;
  Location assignedAt;
};

/// How deep the generator follows the program's nesting, counted through
/// the calls it inlines (a helper's expressions add to those of the
/// expression that calls it), so that the deepest input the limits let
/// through fits the front end's stack (Support/Stack.h). Each is far
/// beyond real kernels; Triton's own limit is Python's 1000 frames.
constexpr unsigned kMaxExpressionNesting = 2000;
constexpr unsigned kMaxStatementNesting = 1000;
/// Nested scf.if/for/while: the passes after the front end walk them
/// recursively, on the caller's stack.
constexpr unsigned kMaxRegionNesting = 256;
/// Calls of @triton.jit functions inside calls being inlined.
constexpr unsigned kMaxInlineDepth = 100;
/// Files imported through files, and names re-exported through modules.
constexpr unsigned kMaxImportDepth = 256;

class Generator;

/// One level of a recursion of the generator, counted in `depth` for as
/// long as it lives. Past `limit` levels it is false and has reported
/// "<what> nested too deeply (more than <limit> levels)" at `at`; the
/// recursion then stops.
class NestingLevel {
public:
  NestingLevel(Generator &gen, unsigned &depth, unsigned limit,
               const Location &at, llvm::StringRef what);
  ~NestingLevel() { --depth; }
  NestingLevel(const NestingLevel &) = delete;
  NestingLevel &operator=(const NestingLevel &) = delete;
  explicit operator bool() const { return entered; }

private:
  unsigned &depth;
  bool entered;
};

/// Generates one kernel. All methods report their errors as MLIR
/// diagnostics and return failure.
class Generator {
public:
  Generator(mlir::MLIRContext &context, llvm::SourceMgr &sourceMgr,
            const ast::Module &module, const FrontendOptions &options);

  mlir::OwningOpRef<mlir::ModuleOp> run();

  //===--- Locations and errors (MLIRGen.cpp) -----------------------------===//
  mlir::Location loc(const Location &where);
  mlir::InFlightDiagnostic emitError(const Location &where);

  //===--- Statements (MLIRGen.cpp) ---------------------------------------===//
  /// Binds the pending @triton.heuristics of `function` in `bindings`.
  mlir::LogicalResult
  applyHeuristics(const ast::Function &function,
                  llvm::ArrayRef<const ast::Heuristic *> pending,
                  llvm::MutableArrayRef<ParamBinding> bindings);
  mlir::LogicalResult genFunction(const ast::Function &function);
  mlir::LogicalResult bindParameters(const ast::Function &function,
                                     mlir::func::FuncOp &func);
  /// The arguments of a `tensordesc<...>` parameter `name` (base, shape,
  /// strides, from `argIndex` on; its tensor map at `mapIndex`, which
  /// advances too) as a tensor descriptor.
  GenValue bindTensorDescriptor(mlir::func::FuncOp func, unsigned &argIndex,
                                unsigned &mapIndex, llvm::StringRef name,
                                const SignatureEntry &entry,
                                const Location &at);
  mlir::LogicalResult genBlock(const ast::Block &block);
  mlir::LogicalResult genStmt(const ast::Stmt &stmt);
  mlir::LogicalResult genAssign(const ast::AssignStmt &stmt);
  mlir::LogicalResult genAugAssign(const ast::AugAssignStmt &stmt);
  mlir::LogicalResult assign(const ast::Expr &target, const GenValue &value,
                             const Location &at);
  /// What an assignment or a `return` (`what`, for errors) binds, as
  /// Triton's visit_Assign and visit_Return make it: a Python number
  /// becomes a tensor (toTensor), a tuple element by element; None, dtypes
  /// and runtime values stay; a string or function is an error at `at`.
  mlir::FailureOr<GenValue> assignedValue(const GenValue &value,
                                          const Location &at,
                                          llvm::StringRef what);
  mlir::LogicalResult genFor(const ast::ForStmt &stmt);
  mlir::LogicalResult genStaticFor(const ast::ForStmt &stmt,
                                   llvm::ArrayRef<Arg> bounds);
  mlir::LogicalResult genWhile(const ast::WhileStmt &stmt);
  /// The variables a runtime loop carries: defined before it and assigned
  /// in `body` (except `exclude`), with their values as the loop's inits.
  mlir::LogicalResult collectCarried(const ast::Block &body,
                                     llvm::StringRef exclude,
                                     const Location &at,
                                     llvm::SmallVectorImpl<std::string> &carried,
                                     llvm::SmallVectorImpl<mlir::Value> &inits);
  /// Binds the carried variables (or block pointer leaves) to `values`.
  void bindCarried(llvm::ArrayRef<std::string> carried, mlir::ValueRange values,
                   llvm::ArrayRef<Location> assignedAt = {});
  /// What the body yields: each carried variable in its init's type (and
  /// where it was last assigned, in `carriedAt`).
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  carriedYields(llvm::ArrayRef<std::string> carried, mlir::ValueRange inits,
                llvm::SmallVectorImpl<Location> &carriedAt);
  /// After a loop: back to the variables of before it (`saved`), the
  /// carried ones now the loop's `results`; names first assigned in the
  /// body are gone.
  void endLoop(const Location &at, llvm::StringMap<Binding> saved,
               llvm::ArrayRef<std::string> carried, mlir::ValueRange results,
               llvm::ArrayRef<Location> carriedAt);
  /// `assert test, msg`: tl.device_assert(test, msg) (DeviceAssert.cpp).
  mlir::LogicalResult genAssert(const ast::AssertStmt &stmt);

  //===--- Branches (Branches.cpp) ----------------------------------------===//
  mlir::LogicalResult genIf(const ast::IfStmt &stmt);
  /// Where an if/elif chain's conditions leave it: with a null `cond`,
  /// branch `branch` is taken at compile time (the else for
  /// getBranches().size()); otherwise `cond` is the runtime condition of
  /// `branch`, the first condition not known at compile time.
  struct ChainStart {
    size_t branch;
    mlir::Value cond;
  };
  /// Generates the conditions of `stmt` in order, up to the first that
  /// holds at compile time or is a runtime value.
  mlir::FailureOr<ChainStart> startIfChain(const ast::IfStmt &stmt);
  /// The chain from its first runtime condition on, each branch's body
  /// generated by `genBranch(index)` (the else's index is the number of
  /// branches); the variables that differ after the branches and pass
  /// `keep` become results of the scf.if ops.
  mlir::LogicalResult
  genRuntimeChain(const ast::IfStmt &stmt, ChainStart start,
                  llvm::function_ref<mlir::LogicalResult(size_t)> genBranch,
                  llvm::function_ref<bool(llvm::StringRef)> keep);
  /// One scf.if on `conds[0]` whose regions are `branches[0]` and
  /// `branches[1]`, or, with several conditions, one scf.if per condition
  /// running `branches[k]` when `conds[k]` holds (exactly one does);
  /// `branchNames` name the branches in errors about the if at `at`.
  mlir::LogicalResult
  genBranches(const Location &at, llvm::ArrayRef<mlir::Value> conds,
              llvm::ArrayRef<std::string> branchNames,
              llvm::ArrayRef<size_t> branches,
              llvm::function_ref<mlir::LogicalResult(size_t)> genBranch,
              llvm::function_ref<bool(llvm::StringRef)> keep);
  /// A value of `type` that is never read: zeros, or null pointers.
  mlir::Value placeholderOf(mlir::Type type, const Location &at);

  //===--- Returns (Returns.cpp) ------------------------------------------===//
  /// Where generation goes on: statement `second` of each block, innermost
  /// last.
  using Continuation =
      llvm::SmallVector<std::pair<const ast::Block *, size_t>, 4>;
  /// The body of a kernel or @triton.jit function, with `return` allowed
  /// anywhere outside loops, as Triton allows it: an if whose branches
  /// return takes the rest of the body into each branch that can reach it.
  /// The returned value (if any) is the variable `kReturnVar` afterwards.
  mlir::LogicalResult genFunctionBody(const ast::Block &body);
  /// Generates `rest` up to a return or its end; a path that ends without
  /// a return returns None (placed at the last statement, or `last`).
  mlir::LogicalResult genSequence(Continuation rest,
                                  std::optional<Location> last = std::nullopt);
  /// The variable that holds a function's return value (not a Python name).
  static constexpr llvm::StringLiteral kReturnVar = "return";

  //===--- Expressions (GenExpr.cpp) --------------------------------------===//
  mlir::FailureOr<GenValue> genExpr(const ast::Expr &expr);
  mlir::FailureOr<GenValue> lookup(const ast::NameExpr &name);
  mlir::FailureOr<GenValue> genAttribute(const ast::AttributeExpr &expr);
  mlir::FailureOr<GenValue> genSubscript(const ast::SubscriptExpr &expr);
  mlir::FailureOr<GenValue> genCall(const ast::CallExpr &expr);
  /// Fails at a `**mapping` argument of `call`, which kernels cannot pass.
  mlir::LogicalResult refuseKeywordUnpacking(const ast::CallExpr &call);
  mlir::FailureOr<GenValue> genUnary(const ast::UnaryExpr &expr);
  mlir::FailureOr<GenValue> genBoolOp(const ast::BoolOpExpr &expr);
  mlir::FailureOr<GenValue> genCompareChain(const ast::CompareExpr &expr);
  mlir::FailureOr<GenValue> genIfExp(const ast::IfExpExpr &expr);
  /// `lhs op rhs` for every binary operator, on any kind of value.
  mlir::FailureOr<GenValue> genBinary(ast::BinaryOp op, const Arg &lhs,
                                      const Arg &rhs, const Location &at);
  mlir::FailureOr<GenValue> genCompare(ast::CompareOp op, const Arg &lhs,
                                       const Arg &rhs, const Location &at);
  mlir::FailureOr<GenValue> genPointerArith(ast::BinaryOp op, const Arg &lhs,
                                            const Arg &rhs,
                                            const Location &at);
  mlir::FailureOr<GenValue> foldBinary(ast::BinaryOp op, const GenValue &lhs,
                                       const GenValue &rhs,
                                       const Location &at);
  mlir::FailureOr<GenValue> foldCompare(ast::CompareOp op,
                                        const GenValue &lhs,
                                        const GenValue &rhs,
                                        const Location &at);
  /// Python truthiness of a compile-time value, or failure for runtime ones.
  mlir::FailureOr<bool> truthiness(const GenValue &value, const Location &at);
  /// A runtime value as i1 (x != 0 unless it is already i1).
  mlir::FailureOr<mlir::Value> toBool(const Arg &value, const Location &at);

  //===--- Calls of @triton.jit functions (CallJit.cpp) --------------------===//
  /// What `module`'s import of a Triton module binds `name` to (`import
  /// triton.language as tl`, `from triton.language.extra.libdevice import
  /// rsqrt`), if it imports one so.
  std::optional<mlir::FailureOr<GenValue>>
  lookupTritonImport(const ast::Module &module, llvm::StringRef name,
                     const Location &at);
  /// The value `name` has through an import of another file in `scope`
  /// (a module or one of its functions), or std::nullopt when it has none;
  /// failure for a name whose import found no file or no such function.
  std::optional<mlir::FailureOr<GenValue>>
  lookupFileImport(llvm::StringRef name, const Location &at);
  /// `name` in `module`'s namespace: its @triton.jit function, what it
  /// imports, or its global; std::nullopt when it has none of them.
  std::optional<mlir::FailureOr<GenValue>>
  memberOf(const ast::Module &module, llvm::StringRef name,
           const Location &at);
  /// The names memberOf is resolving, innermost last: a re-export cycle
  /// comes back to one of them.
  llvm::SmallVector<std::pair<const ast::Module *, std::string>> resolving;
  /// `module.name` for a module another file's import gave.
  mlir::FailureOr<GenValue> moduleMember(llvm::StringRef ns,
                                         llvm::StringRef name,
                                         const Location &at);
  /// Whether namespace `ns` is such a module.
  static bool isModuleNamespace(llvm::StringRef ns);
  /// How errors name a function or namespace: "relu" for a jit function's
  /// qualified name, "helpers" for an imported module's, else `name`.
  static llvm::StringRef getDisplayName(llvm::StringRef name);
  /// The value of `module`'s top-level `name` if it has one kernels may
  /// read (Triton's rule: `name = tl.constexpr(value)`, or a dtype),
  /// evaluated in that module; failure for any other global.
  std::optional<mlir::FailureOr<GenValue>>
  lookupGlobal(const ast::Module &module, llvm::StringRef name,
               const Location &at);
  /// The globals being evaluated (a global that names itself is an error).
  llvm::SmallVector<const ast::Module::Global *> evaluatingGlobals;
  /// Whether `callee` is a @triton.jit function (memberOf gives them).
  static bool isJitFunction(const GenValue &callee);
  /// Inlines a call of one.
  mlir::FailureOr<GenValue> callJitFunction(const GenValue &callee,
                                            llvm::ArrayRef<Arg> args,
                                            llvm::ArrayRef<Arg> kwargValues,
                                            llvm::ArrayRef<std::string> kwargNames,
                                            const Location &at);

  //===--- Builtins (Builtins.cpp) ----------------------------------------===//
  mlir::FailureOr<GenValue> callFunction(const GenValue &callee,
                                         llvm::ArrayRef<Arg> args,
                                         llvm::ArrayRef<Arg> kwargValues,
                                         llvm::ArrayRef<std::string> kwargNames,
                                         const Location &at);
  /// Attribute `name` of the namespace `ns` (tl.float32, tl.load...).
  mlir::FailureOr<GenValue> namespaceMember(llvm::StringRef ns,
                                            llvm::StringRef name,
                                            const Location &at);
  /// Attribute of a runtime value (x.dtype, x.shape, x.to...).
  mlir::FailureOr<GenValue> valueMember(const GenValue &self,
                                        llvm::StringRef name,
                                        const Location &at);

  //===--- Typing (Typing.cpp) --------------------------------------------===//
  /// The type of a runtime value, or the type a constant defaults to.
  mlir::Type typeOf(const GenValue &value);
  /// The element type two operands are computed in (Triton's rules).
  mlir::FailureOr<mlir::Type> computationType(const Arg &lhs, const Arg &rhs,
                                              bool divOrMod,
                                              const Location &at);
  /// The common element type of several operands (tl.fma, tl.maximum...).
  /// They are computed with, so fp8 is an error (checkArithmetic).
  mlir::FailureOr<mlir::Type> commonType(llvm::ArrayRef<Arg> args,
                                         bool divOrMod, const Location &at);
  /// The common element type of values that are only selected or moved
  /// (tl.where, tl.join, `x if c else y`): Triton's promotion, fp8 included
  /// (two kinds of fp8 meet in fp16; fp8 and an integer is an error).
  mlir::FailureOr<mlir::Type> selectionType(llvm::ArrayRef<Arg> args,
                                            const Location &at);
  /// An error at `at` if `elementType` is fp8, which Triton does not
  /// compute with (x + y, comparisons, sums, sorts): it is only loaded,
  /// stored, selected, moved and converted.
  mlir::LogicalResult checkArithmetic(mlir::Type elementType,
                                      const Location &at);
  /// An element type with the signedness of its integers.
  struct Promoted {
    mlir::Type type;
    bool isUnsigned = false;
  };
  /// The element type and signedness operands are computed in, as Triton's
  /// computation_type_impl and integer_promote_impl choose them: a Python
  /// number (weak) takes the other operand's type; integers of one
  /// signedness promote to the wider, an unsigned and a signed one to the
  /// unsigned unless the signed is wider; with `divOrMod`, integers of
  /// different signedness are an error naming operator `op`. A Python int
  /// out of the chosen type's range is an error.
  mlir::FailureOr<Promoted> promote(llvm::ArrayRef<Arg> args, bool divOrMod,
                                    const Location &at,
                                    llvm::StringRef op = "/");
  /// promote, or with `selection` selectionType's rules (fp8 allowed).
  mlir::FailureOr<Promoted> promoteOperands(llvm::ArrayRef<Arg> args,
                                            bool divOrMod, bool selection,
                                            const Location &at,
                                            llvm::StringRef op = "/");
  /// Whether an operand counts as unsigned in promotion: unsigned runtime
  /// integers, bools (tl.int1 is one of Triton's unsigned types) and
  /// Python ints that to_tensor makes unsigned (2**31 to 2**32 - 1, and
  /// 2**63 to 2**64 - 1).
  bool isUnsignedOperand(const GenValue &value);
  /// `arg` with a Python number made a tensor of its own type (toTensor),
  /// as Triton's comparisons, tl.minimum/maximum, umulhi and range bounds
  /// make it before promoting.
  mlir::FailureOr<Arg> strengthen(const Arg &arg);
  /// The attribute for constant `c` as `elementType`.
  mlir::TypedAttr constantAttr(const ConstantValue &c, mlir::Type elementType);
  /// A scalar constant of `elementType`.
  mlir::Value constantScalar(const ConstantValue &c, mlir::Type elementType,
                             const Location &at);
  /// A runtime value of `value` with element type `elementType` (shape
  /// unchanged); constants are materialised directly in that type.
  mlir::FailureOr<mlir::Value> castTo(const Arg &value,
                                      mlir::Type elementType,
                                      const Location &at,
                                      bool dstUnsigned = false);
  /// A runtime value for a constant (toTensor), or the value itself.
  mlir::FailureOr<mlir::Value> materialize(const Arg &value,
                                           const Location &at);
  /// A Python number as Triton's to_tensor makes it a scalar: a bool int1,
  /// an int int32, uint32, int64 or uint64 by its range (an error past
  /// them), a float fp32, or fp64 where fp32 cannot hold its magnitude.
  mlir::FailureOr<mlir::Value> toTensor(const Arg &number);
  /// The type toTensor gives `number`, and whether it is unsigned.
  mlir::FailureOr<std::pair<mlir::Type, bool>>
  tensorTypeOf(const Arg &number);
  /// `value` as one arith.constant where the ops that make it fold with
  /// constant operands (MLIR's folders: the type's own semantics, as the
  /// canonicalizer would fold them later), else `value` itself. The folded
  /// ops are erased; so are the constants they used when `fresh` says
  /// nothing else holds them.
  mlir::Value foldConstant(mlir::Value value, bool fresh = false);
  /// The numpy broadcast of two shapes (a scalar has shape []).
  mlir::FailureOr<llvm::SmallVector<int64_t>>
  broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b,
                  const Location &at);
  /// `value` splatted, expanded and broadcast to `shape`.
  mlir::FailureOr<mlir::Value> broadcastTo(mlir::Value value,
                                           llvm::ArrayRef<int64_t> shape,
                                           const Location &at);
  /// `values` broadcast, in place, to their common shape, which is
  /// returned; a value whose shape does not fit is an error at `shapeAt[i]`
  /// (one location for all when it has one element), a broadcast at `at`.
  mlir::FailureOr<llvm::SmallVector<int64_t>>
  broadcastTogether(llvm::MutableArrayRef<mlir::Value> values,
                    llvm::ArrayRef<Location> shapeAt, const Location &at);
  /// Casts (with arith) a runtime value to another element type; integers
  /// widen and become floats by their own signedness (isUnsignedInt), and
  /// floats become `dstUnsigned` integers. The one conversion routine of
  /// the front end: a cast Triton refuses (an integer to or from fp8) is an
  /// error at `at`.
  mlir::FailureOr<mlir::Value>
  convertElementType(mlir::Value value, mlir::Type elementType,
                     const Location &at, bool bitcast = false,
                     bool dstUnsigned = false);

  //===--- Signedness (Signedness.cpp) -----------------------------------===//
  // Integers are signless in the IR; Triton's unsigned types (u32 arguments,
  // loads through *u32, x.to(tl.uint32), tl.randint) are tracked here, by
  // value, and pick the unsigned division, shifts, comparisons, min/max and
  // conversions.
  /// Whether `value` holds unsigned integers (for a pointer: whether its
  /// pointee is an unsigned integer), from the marks below or, failing
  /// those, from where it comes from (a load, pointer arithmetic, a shape
  /// op, a loop's initial value, a kernel argument typed u8..u64).
  bool isUnsignedInt(mlir::Value value);
  /// Whether a GenValue holds unsigned integers (a runtime value, or a dtype
  /// such as tl.uint32).
  bool isUnsigned(const GenValue &value);
  /// `value` marked as holding unsigned (or signed) integers: the value
  /// itself when that is already so, else a fresh copy of it.
  mlir::Value markSignedness(mlir::Value value, bool isUnsigned,
                             const Location &at);
  /// `value` converted (or bitcast) to `elementType` (a float to an
  /// unsigned integer with fptoui when `isUnsigned`) and marked as holding
  /// unsigned (or signed) integers: a conversion's new value is marked, an
  /// unchanged value gets a marked copy.
  mlir::FailureOr<mlir::Value> convertAndMark(mlir::Value value,
                                              mlir::Type elementType,
                                              bool isUnsigned,
                                              const Location &at,
                                              bool bitcast = false);
  /// `fresh`, a value just created, recorded as holding unsigned (or
  /// signed) integers whatever its operands hold; returns it.
  mlir::Value withSignedness(mlir::Value fresh, bool isUnsigned);
  /// `value` (integers) with the top bit flipped, as a signed value: the
  /// signed order of the flipped values is the unsigned order of the
  /// originals, which is how unsigned blocks are reduced and sorted.
  mlir::Value flipSignBit(mlir::Value value, const Location &at);
  /// The unsigned integers whose top-bit-flipped values `flipped` holds.
  mlir::Value unflipSignBit(mlir::Value flipped, const Location &at);
  /// Values marked unsigned or signed, overriding where they come from.
  llvm::DenseSet<mlir::Value> unsignedValues, signedValues;
  /// Marks `value` (a loop's or an if's result or a loop's argument) with
  /// the signedness isUnsignedInt finds for it now, so that later walks
  /// stop there: a value carried through n loops in a row took n steps at
  /// each of its uses, O(n^2) in all.
  void rememberSignedness(mlir::Value value);

  mlir::MLIRContext &context;
  llvm::SourceMgr &sourceMgr;
  const ast::Module &astModule;
  /// The module whose function's code is being generated: the kernel's, or
  /// another file's while one of its functions is inlined. Names resolve
  /// in it, as Python resolves a function's globals in its own module.
  const ast::Module *scope;
  /// Modules whose functions and namespaces GenValues name, by index.
  llvm::SmallVector<const ast::Module *> modules;
  /// The index of `module` in `modules`, added when first asked.
  unsigned getModuleIndex(const ast::Module *module);
  /// Location file names by source buffer.
  llvm::DenseMap<unsigned, mlir::StringAttr> bufferNames;
  const FrontendOptions &options;
  /// Whether device assertions are compiled: --debug or the kernel's
  /// @triton.jit(debug=True).
  bool debug = false;
  /// Counts the operations `builder` creates (FrontendOptions::maxOps).
  struct OpCounter : mlir::OpBuilder::Listener {
    uint64_t count = 0;
    void notifyOperationInserted(mlir::Operation *,
                                 mlir::OpBuilder::InsertPoint) override {
      ++count;
    }
  };
  OpCounter opCounter;
  mlir::OpBuilder builder;
  mlir::StringAttr filename;
  /// The kernel's variables. Python functions have one flat scope; loops
  /// and branches save and restore it around their bodies.
  llvm::StringMap<Binding> vars;
  /// The tensor map parameters made for tl.make_tensor_descriptor of kernel
  /// parameters, by their leaves and block shape (one per distinct
  /// descriptor).
  llvm::StringMap<mlir::Value> paramTensorMaps;
  /// The block pointers loops carry, as they were before the loop (their
  /// block shape and order must not change inside it).
  llvm::StringMap<GenValue> carriedTemplates;
  /// Why a name that is not in `vars` cannot be used (defined only inside a
  /// loop or on one branch), for better errors than "unknown name".
  llvm::StringMap<std::string> goneVars;
  /// Nesting depth of runtime control flow, where `return` is an early one.
  unsigned regionDepth = 0;
  /// The generator's recursion, through inlined calls too (NestingLevel).
  struct Nesting {
    unsigned expressions = 0, statements = 0, regions = 0, imports = 0;
  } nesting;
  /// The @triton.jit functions being inlined, innermost last.
  llvm::SmallVector<const ast::Function *> callStack;
};

/// While alive, the generator works in `module` with no local variables and
/// no enclosing runtime control flow (a @triton.jit function's body, a
/// global's value); then the caller's are back.
class FreshScope {
public:
  FreshScope(Generator &gen, const ast::Module *module)
      : gen(gen), vars(std::move(gen.vars)), goneVars(std::move(gen.goneVars)),
        regionDepth(gen.regionDepth), scope(gen.scope) {
    gen.vars.clear();
    gen.goneVars.clear();
    gen.regionDepth = 0;
    gen.scope = module;
  }
  ~FreshScope() {
    gen.vars = std::move(vars);
    gen.goneVars = std::move(goneVars);
    gen.regionDepth = regionDepth;
    gen.scope = scope;
  }
  FreshScope(const FreshScope &) = delete;
  FreshScope &operator=(const FreshScope &) = delete;

private:
  Generator &gen;
  llvm::StringMap<Binding> vars;
  llvm::StringMap<std::string> goneVars;
  unsigned regionDepth;
  const ast::Module *scope;
};

//===--- Variables across loops and branches (ControlFlow.cpp) -----------===//

/// "variable 'x'" for messages, or "the return value" for the variable
/// that holds a function's (Returns.cpp).
std::string variableName(llvm::StringRef name);
/// Converts `binding`'s value, the new value of a carried or merged
/// variable, to `type` if that keeps Triton's rule that its type does not
/// change: only weakly typed constants (and constants of the same element
/// type) adapt. `where` ends the errors ("inside the loop").
mlir::FailureOr<mlir::Value> coerceTo(Generator &gen, const Binding &binding,
                                      mlir::Type type, llvm::StringRef name,
                                      llvm::StringRef where,
                                      std::optional<bool> isUnsigned = {});

//===--- Type helpers (Typing.cpp) ----------------------------------------===//

/// The element type of a tensor, or the type itself.
mlir::Type getElementType(mlir::Type type);
/// The shape of a tensor, or [] for a scalar.
llvm::ArrayRef<int64_t> getShape(mlir::Type type);
/// A tensor of `shape`, or `elementType` itself for an empty shape.
mlir::Type getShapedLike(llvm::ArrayRef<int64_t> shape,
                         mlir::Type elementType);
bool isBlock(mlir::Type type);
bool isFloat(mlir::Type elementType);
bool isInt(mlir::Type elementType);
bool isPointer(mlir::Type elementType);
/// Whether an element type is fp8 (fp8e4nv or fp8e5).
bool isFp8(mlir::Type elementType);
/// How a type reads in errors: "f32", "tensor<128xf32>".
std::string describe(mlir::Type type);
/// How a value reads in errors: "a tuple", "the constant 3", "tensor<...>".
std::string describe(const GenValue &value);

} // namespace detail
} // namespace tilec

#endif // TILEC_LIB_FRONTEND_GENERATOR_H
