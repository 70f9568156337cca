//===- MLIRGen.cpp - kernels, parameters, statements and control flow -----===//
//
// Emits `func.func @kernel(args) attributes {tile.constexprs = {...}}` with
// the body in the tile, arith, math and scf dialects. Runtime loops become
// scf.for with iter_args for the variables they reassign; runtime ifs become
// scf.if with results for the variables their branches assign; loops over
// tl.static_range and ifs on compile-time conditions are resolved here.
//
// `assert` statements generate nothing: in Triton they are device checks
// only in debug mode, which tilec does not have.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace mlir;

OwningOpRef<ModuleOp> tilec::mlirGen(MLIRContext &context,
                                     llvm::SourceMgr &sourceMgr,
                                     const ast::Module &module,
                                     const FrontendOptions &options) {
  context.loadDialect<tile::TileDialect, arith::ArithDialect,
                      math::MathDialect, scf::SCFDialect,
                      func::FuncDialect>();
  return tilec::detail::Generator(context, module, options).run();
}

namespace tilec {
namespace detail {

Generator::Generator(MLIRContext &context, const ast::Module &module,
                     const FrontendOptions &options)
    : context(context), astModule(module), options(options),
      builder(&context),
      filename(StringAttr::get(&context, module.getFilename())) {}

mlir::Location Generator::loc(const Location &where) {
  return FileLineColLoc::get(filename, where.line, where.col);
}

InFlightDiagnostic Generator::emitError(const Location &where) {
  return mlir::emitError(loc(where));
}

//===----------------------------------------------------------------------===//
// Kernels and parameters
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> Generator::run() {
  const auto &kernels = astModule.getKernels();
  Location fileStart;
  fileStart.line = 1;
  fileStart.col = 1;
  auto names = [&] {
    std::string list;
    for (const auto &k : kernels)
      list += (list.empty() ? "" : ", ") + k->getName().str();
    return list;
  };
  const ast::Function *kernel = nullptr;
  if (!options.kernelName.empty()) {
    kernel = astModule.lookup(options.kernelName);
    if (!kernel) {
      InFlightDiagnostic diag = emitError(fileStart)
                                << "no @triton.jit kernel named '"
                                << options.kernelName << "'";
      if (!kernels.empty())
        diag << " (kernels: " << names() << ")";
      return nullptr;
    }
  } else if (kernels.empty()) {
    emitError(fileStart) << "no @triton.jit kernel in this file";
    return nullptr;
  } else if (kernels.size() > 1) {
    emitError(kernels[1]->loc())
        << "several @triton.jit kernels in this file (" << names()
        << "); choose one with --kernel";
    return nullptr;
  } else {
    kernel = kernels.front().get();
  }

  OwningOpRef<ModuleOp> module = ModuleOp::create(loc(kernel->loc()));
  builder.setInsertionPointToEnd(module->getBody());
  if (failed(genFunction(*kernel)))
    return nullptr;
  if (failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

/// The MLIR type a signature scalar kind names.
static Type scalarType(Builder &b, ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
    return b.getI1Type();
  case ScalarKind::I8:
  case ScalarKind::U8:
    return b.getI8Type();
  case ScalarKind::I16:
  case ScalarKind::U16:
    return b.getI16Type();
  case ScalarKind::I32:
  case ScalarKind::U32:
    return b.getI32Type();
  case ScalarKind::I64:
  case ScalarKind::U64:
    return b.getI64Type();
  case ScalarKind::F16:
    return b.getF16Type();
  case ScalarKind::BF16:
    return b.getBF16Type();
  case ScalarKind::F32:
    return b.getF32Type();
  case ScalarKind::F64:
    return b.getF64Type();
  }
  llvm_unreachable("unknown scalar kind");
}

/// The attribute recording a constexpr's value in `tile.constexprs`.
static Attribute constexprAttr(Builder &b, const GenValue &value) {
  switch (value.kind) {
  case GenValue::Kind::Constant:
    switch (value.constant.kind) {
    case ConstantValue::Kind::Int: {
      int64_t v = value.constant.intValue;
      if (v >= INT32_MIN && v <= INT32_MAX)
        return b.getI32IntegerAttr(static_cast<int32_t>(v));
      return b.getI64IntegerAttr(v);
    }
    case ConstantValue::Kind::Float:
      return b.getF64FloatAttr(value.constant.floatValue);
    case ConstantValue::Kind::Bool:
      return b.getBoolAttr(value.constant.boolValue);
    }
    break;
  case GenValue::Kind::DType:
    return TypeAttr::get(value.type);
  case GenValue::Kind::String:
    return b.getStringAttr(value.name);
  default:
    break;
  }
  return b.getUnitAttr();
}

LogicalResult Generator::genFunction(const ast::Function &function) {
  const std::vector<ast::Param> &params = function.getParams();
  SmallVector<ParamInfo> infos;
  for (const ast::Param &p : params)
    infos.push_back({p.name, p.isConstexpr(), p.defaultValue != nullptr});
  SmallVector<ParamBinding> bindings;
  BindingError bindError;
  if (!bindSignature(function.getName(), infos, options.signature,
                     options.defines, bindings, bindError)) {
    const Location &at = bindError.paramIndex < 0
                             ? function.loc()
                             : params[bindError.paramIndex].loc;
    emitError(at) << bindError.message;
    return failure();
  }

  SmallVector<Type> argTypes;
  for (const ParamBinding &binding : bindings) {
    if (binding.kind != ParamBinding::Kind::Argument)
      continue;
    Type type = scalarType(builder, binding.entry.type);
    if (binding.entry.kind == SignatureEntry::Kind::Pointer)
      type = tile::PtrType::get(type);
    argTypes.push_back(type);
  }
  auto func = func::FuncOp::create(builder, loc(function.loc()),
                                   function.getName(),
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);

  SmallVector<NamedAttribute> constexprs;
  unsigned argIndex = 0;
  for (auto [param, binding] : llvm::zip(params, bindings)) {
    GenValue value;
    switch (binding.kind) {
    case ParamBinding::Kind::Argument: {
      unsigned i = argIndex++;
      func.setArgAttr(i, "tile.name", builder.getStringAttr(param.name));
      if (binding.entry.divisibility)
        func.setArgAttr(i, "tile.divisibility",
                        builder.getI32IntegerAttr(binding.entry.divisibility));
      value = GenValue::runtime(entry->getArgument(i));
      break;
    }
    case ParamBinding::Kind::Constant:
      value = GenValue::constantOf(binding.value);
      break;
    case ParamBinding::Kind::Default: {
      FailureOr<GenValue> v = genExpr(*param.defaultValue);
      if (failed(v))
        return failure();
      if (v->isRuntime())
        return emitError(param.defaultValue->loc())
               << "the default of constexpr parameter '" << param.name
               << "' must be a compile-time value";
      value = *v;
      break;
    }
    }
    if (binding.kind != ParamBinding::Kind::Argument)
      constexprs.push_back(builder.getNamedAttr(
          param.name, constexprAttr(builder, value)));
    vars[param.name] = Binding{value, param.loc};
  }
  func->setAttr("tile.constexprs", builder.getDictionaryAttr(constexprs));

  // A bare `return` may end the kernel; any other return is early.
  const ast::Block &body = function.getBody();
  for (const ast::StmtPtr &stmt : body) {
    auto *ret = dyn_cast<ast::ReturnStmt>(stmt.get());
    if (ret && &stmt == &body.back() && !ret->getValue())
      break;
    if (failed(genStmt(*stmt)))
      return failure();
  }
  func::ReturnOp::create(builder, loc(function.loc()));
  return success();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

LogicalResult Generator::genBlock(const ast::Block &block) {
  for (const ast::StmtPtr &stmt : block)
    if (failed(genStmt(*stmt)))
      return failure();
  return success();
}

LogicalResult Generator::genStmt(const ast::Stmt &stmt) {
  using Kind = ast::Stmt::Kind;
  switch (stmt.getKind()) {
  case Kind::Assign:
    return genAssign(cast<ast::AssignStmt>(stmt));
  case Kind::AugAssign:
    return genAugAssign(cast<ast::AugAssignStmt>(stmt));
  case Kind::Expr: {
    const ast::Expr &expr = cast<ast::ExprStmt>(stmt).getExpr();
    if (isa<ast::StringExpr>(expr))
      return success(); // A docstring.
    return genExpr(expr);
  }
  case Kind::For:
    return genFor(cast<ast::ForStmt>(stmt));
  case Kind::If:
    return genIf(cast<ast::IfStmt>(stmt));
  case Kind::While:
    return emitError(stmt.loc()) << "unsupported construct: while loop";
  case Kind::Pass:
  case Kind::Assert:
    return success();
  case Kind::Break:
    return emitError(stmt.loc()) << "unsupported construct: break";
  case Kind::Continue:
    return emitError(stmt.loc()) << "unsupported construct: continue";
  case Kind::Return:
    if (cast<ast::ReturnStmt>(stmt).getValue())
      return emitError(stmt.loc()) << "kernels cannot return a value";
    return emitError(stmt.loc())
           << "early return is not supported; 'return' may only end the "
              "kernel";
  case Kind::Unsupported:
    return emitError(stmt.loc()) << "unsupported construct: "
                                 << cast<ast::UnsupportedStmt>(stmt).getWhat();
  }
  llvm_unreachable("unknown statement kind");
}

LogicalResult Generator::genAssign(const ast::AssignStmt &stmt) {
  if (!stmt.getValue())
    return success(); // `x: int` declares nothing we need.
  FailureOr<GenValue> value = genExpr(*stmt.getValue());
  if (failed(value))
    return failure();
  if (stmt.getAnnotation()) {
    const ast::Expr *a = stmt.getAnnotation();
    bool isConstexpr =
        (isa<ast::AttributeExpr>(a) &&
         cast<ast::AttributeExpr>(a)->getAttr() == "constexpr") ||
        (isa<ast::NameExpr>(a) && cast<ast::NameExpr>(a)->getName() == "constexpr");
    if (isConstexpr && value->isRuntime())
      return emitError(stmt.getValue()->loc())
             << "a tl.constexpr variable needs a compile-time value";
  } else if (value->isConstant()) {
    // A plain assignment gives a Python number a type (i32, fp32), as
    // Triton's assignment turns it into a tensor; `x: tl.constexpr = 3`
    // keeps it a weakly typed constant.
    value->weak = false;
  }
  for (const ast::ExprPtr &target : stmt.getTargets())
    if (failed(assign(*target, *value, stmt.loc())))
      return failure();
  return success();
}

LogicalResult Generator::assign(const ast::Expr &target, const GenValue &value,
                                const Location &at) {
  if (auto *name = dyn_cast<ast::NameExpr>(&target)) {
    vars[name->getName()] = Binding{value, at};
    goneVars.erase(name->getName());
    return success();
  }
  if (auto *seq = dyn_cast<ast::SequenceExpr>(&target)) {
    const ast::ExprList &targets = seq->getElements();
    if (value.kind != GenValue::Kind::Tuple ||
        value.elements.size() != targets.size())
      return emitError(target.loc())
             << "cannot unpack " << describe(value) << " into "
             << targets.size() << " targets";
    for (auto [t, v] : llvm::zip(targets, value.elements))
      if (failed(assign(*t, v, at)))
        return failure();
    return success();
  }
  return emitError(target.loc())
         << "only names can be assigned to; blocks are immutable";
}

LogicalResult Generator::genAugAssign(const ast::AugAssignStmt &stmt) {
  auto *name = dyn_cast<ast::NameExpr>(&stmt.getTarget());
  if (!name)
    return emitError(stmt.getTarget().loc())
           << "only names can be assigned to; blocks are immutable";
  FailureOr<GenValue> current = lookup(*name);
  if (failed(current))
    return failure();
  FailureOr<GenValue> rhs = genExpr(stmt.getValue());
  if (failed(rhs))
    return failure();
  FailureOr<GenValue> result =
      genBinary(stmt.getOp(), Arg{*current, name->loc()},
                Arg{*rhs, stmt.getValue().loc()}, stmt.loc());
  if (failed(result))
    return failure();
  return assign(*name, *result, stmt.loc());
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// Names assigned anywhere in `block` (nested blocks included), each with
/// the place of its first assignment, in order of appearance.
static void collectAssigned(const ast::Block &block,
                            llvm::SmallVectorImpl<std::string> &names,
                            llvm::StringMap<Location> &firstAt);

static void collectTargets(const ast::Expr &target, const Location &at,
                           llvm::SmallVectorImpl<std::string> &names,
                           llvm::StringMap<Location> &firstAt) {
  if (auto *name = dyn_cast<ast::NameExpr>(&target)) {
    if (firstAt.try_emplace(name->getName(), at).second)
      names.push_back(name->getName().str());
    return;
  }
  if (auto *seq = dyn_cast<ast::SequenceExpr>(&target))
    for (const ast::ExprPtr &e : seq->getElements())
      collectTargets(*e, at, names, firstAt);
}

static void collectAssigned(const ast::Block &block,
                            llvm::SmallVectorImpl<std::string> &names,
                            llvm::StringMap<Location> &firstAt) {
  for (const ast::StmtPtr &stmt : block) {
    if (auto *assign = dyn_cast<ast::AssignStmt>(stmt.get())) {
      for (const ast::ExprPtr &t : assign->getTargets())
        collectTargets(*t, stmt->loc(), names, firstAt);
    } else if (auto *aug = dyn_cast<ast::AugAssignStmt>(stmt.get())) {
      collectTargets(aug->getTarget(), stmt->loc(), names, firstAt);
    } else if (auto *forStmt = dyn_cast<ast::ForStmt>(stmt.get())) {
      collectTargets(forStmt->getTarget(), stmt->loc(), names, firstAt);
      collectAssigned(forStmt->getBody(), names, firstAt);
    } else if (auto *ifStmt = dyn_cast<ast::IfStmt>(stmt.get())) {
      collectAssigned(ifStmt->getThen(), names, firstAt);
      collectAssigned(ifStmt->getElse(), names, firstAt);
    } else if (auto *whileStmt = dyn_cast<ast::WhileStmt>(stmt.get())) {
      collectAssigned(whileStmt->getBody(), names, firstAt);
    }
  }
}

/// Converts `value`, the new value of a carried or merged variable, to
/// `type` if that keeps Triton's rule that its type does not change: only
/// weakly typed constants (and constants of the same element type) adapt.
static FailureOr<Value> coerceTo(Generator &gen, const Binding &binding,
                                 Type type, llvm::StringRef name,
                                 llvm::StringRef where) {
  const GenValue &v = binding.value;
  if (v.isRuntime()) {
    if (v.value.getType() == type)
      return v.value;
    return gen.emitError(binding.assignedAt)
           << "variable '" << name << "' changes type from "
           << describe(type) << " to " << describe(v.value.getType()) << " "
           << where << "; its type must stay the same";
  }
  if (v.isConstant()) {
    Type elementType = getElementType(type);
    if (!v.weak && gen.typeOf(v) != elementType)
      return gen.emitError(binding.assignedAt)
             << "variable '" << name << "' changes type from "
             << describe(type) << " to " << describe(gen.typeOf(v)) << " "
             << where << "; its type must stay the same";
    Value scalar = gen.constantScalar(v.constant, elementType,
                                      binding.assignedAt);
    return gen.broadcastTo(scalar, getShape(type), binding.assignedAt);
  }
  return gen.emitError(binding.assignedAt)
         << "variable '" << name << "' holds " << describe(v)
         << ", which cannot change " << where;
}

LogicalResult Generator::genFor(const ast::ForStmt &stmt) {
  auto *call = dyn_cast<ast::CallExpr>(&stmt.getIter());
  FailureOr<GenValue> callee = failure();
  if (call) {
    callee = genExpr(call->getCallee());
    if (failed(callee))
      return failure();
  }
  std::string rangeName = succeeded(callee) ? callee->name : "";
  if (!call || callee->kind != GenValue::Kind::Function ||
      (rangeName != "range" && rangeName != "tl.range" &&
       rangeName != "tl.static_range"))
    return emitError(stmt.getIter().loc())
           << "only 'for ... in range(...)' (or tl.range, tl.static_range) "
              "loops are supported";
  if (!stmt.getElse().empty())
    return emitError(stmt.loc()) << "unsupported construct: for-else";
  auto *target = dyn_cast<ast::NameExpr>(&stmt.getTarget());
  if (!target)
    return emitError(stmt.getTarget().loc())
           << "the loop variable must be a single name";

  // range(stop) or range(start, stop[, step]); tl.range's tuning keywords
  // (num_stages, loop_unroll_factor...) are accepted and ignored.
  SmallVector<Arg> bounds;
  for (const ast::ExprPtr &arg : call->getArgs()) {
    FailureOr<GenValue> v = genExpr(*arg);
    if (failed(v))
      return failure();
    bounds.push_back(Arg{*v, arg->loc()});
  }
  if (bounds.empty() || bounds.size() > 3)
    return emitError(call->loc())
           << rangeName << "() takes 1 to 3 arguments but " << bounds.size()
           << " were given";
  for (const ast::Keyword &kw : call->getKeywords()) {
    static const char *tuning[] = {"num_stages", "loop_unroll_factor",
                                   "disallow_acc_multi_buffer", "flatten",
                                   "warp_specialize"};
    if (rangeName == "tl.range" &&
        llvm::is_contained(tuning, llvm::StringRef(kw.name)))
      continue;
    return emitError(kw.loc) << rangeName
                             << "() got an unexpected keyword argument '"
                             << kw.name << "'";
  }
  if (bounds.size() == 1)
    bounds.insert(bounds.begin(), Arg{GenValue::integer(0), call->loc()});
  if (bounds.size() == 2)
    bounds.push_back(Arg{GenValue::integer(1), call->loc()});
  if (rangeName == "tl.static_range")
    return genStaticFor(stmt, bounds);

  // Bounds: integer scalars in one type, at least i32.
  for (const Arg &b : bounds)
    if (!b.value.isIntConstant() &&
        !(b.value.isRuntime() && !isBlock(b.value.value.getType()) &&
          isInt(b.value.value.getType())))
      return emitError(b.loc) << "range bounds must be integer scalars, got "
                              << describe(b.value);
  if (bounds[2].value.isConstant() && bounds[2].value.getInt() <= 0)
    return emitError(bounds[2].loc)
           << "range step must be positive, got " << bounds[2].value.getInt();
  FailureOr<Type> boundType = commonType(bounds, false, stmt.loc());
  if (failed(boundType))
    return failure();
  Type ivType = boundType->getIntOrFloatBitWidth() < 32
                    ? Type(builder.getI32Type())
                    : *boundType;
  SmallVector<Value> boundValues;
  for (const Arg &b : bounds) {
    FailureOr<Value> v = castTo(b, ivType, stmt.loc());
    if (failed(v))
      return failure();
    boundValues.push_back(*v);
  }

  // Loop-carried variables: defined before the loop, assigned inside it.
  SmallVector<std::string> assigned;
  llvm::StringMap<Location> firstAt;
  collectAssigned(stmt.getBody(), assigned, firstAt);
  SmallVector<std::string> carried;
  SmallVector<Value> inits;
  for (const std::string &name : assigned) {
    if (name == target->getName())
      continue;
    auto it = vars.find(name);
    if (it == vars.end())
      continue;
    const GenValue &v = it->second.value;
    if (!v.isRuntime() && !v.isConstant())
      return emitError(firstAt[name])
             << "variable '" << name << "' holds " << describe(v)
             << " and cannot be reassigned inside a runtime loop";
    FailureOr<Value> init = materialize(Arg{v, it->second.assignedAt},
                                        stmt.loc());
    if (failed(init))
      return failure();
    carried.push_back(name);
    inits.push_back(*init);
  }

  auto forOp = scf::ForOp::create(builder, loc(stmt.loc()), boundValues[0],
                                  boundValues[1], boundValues[2], inits);
  Block *body = forOp.getBody();
  OpBuilder::InsertionGuard guard(builder);
  if (inits.empty())
    builder.setInsertionPoint(body->getTerminator());
  else
    builder.setInsertionPointToEnd(body);

  llvm::StringMap<Binding> saved = vars;
  vars[target->getName()] =
      Binding{GenValue::runtime(forOp.getInductionVar()), target->loc()};
  for (auto [name, arg] : llvm::zip(carried, forOp.getRegionIterArgs()))
    vars[name].value = GenValue::runtime(arg);
  ++regionDepth;
  LogicalResult result = genBlock(stmt.getBody());
  --regionDepth;
  if (failed(result))
    return failure();

  SmallVector<Value> yields;
  SmallVector<Location> carriedAt;
  for (auto [name, init] : llvm::zip(carried, inits)) {
    const Binding &binding = vars[name];
    FailureOr<Value> v = coerceTo(*this, binding, init.getType(), name,
                                  "inside the loop");
    if (failed(v)) {
      return failure();
    }
    yields.push_back(*v);
    carriedAt.push_back(binding.assignedAt);
  }
  if (!inits.empty())
    scf::YieldOp::create(builder, loc(stmt.loc()), yields);

  // Names first assigned in the body do not exist after the loop.
  for (const auto &entry : vars) {
    llvm::StringRef name = entry.getKey();
    if (saved.count(name))
      continue;
    goneVars[name] = ("'" + name + "' is only defined inside the loop at line " +
                      std::to_string(stmt.loc().line) +
                      "; it has no value after the loop")
                         .str();
  }
  vars = std::move(saved);
  for (auto [i, name] : llvm::enumerate(carried))
    vars[name] = Binding{GenValue::runtime(forOp.getResult(i)), carriedAt[i]};
  return success();
}

LogicalResult Generator::genStaticFor(const ast::ForStmt &stmt,
                                      ArrayRef<Arg> bounds) {
  for (const Arg &b : bounds)
    if (!b.value.isIntConstant())
      return emitError(b.loc)
             << "tl.static_range bounds must be compile-time integers";
  int64_t start = bounds[0].value.getInt(), stop = bounds[1].value.getInt(),
          step = bounds[2].value.getInt();
  if (step == 0)
    return emitError(bounds[2].loc) << "range step must not be zero";
  int64_t trips = step > 0 ? (stop - start + step - 1) / step
                           : (start - stop - step - 1) / -step;
  if (trips > 4096)
    return emitError(stmt.loc()) << "tl.static_range would unroll " << trips
                                 << " iterations; at most 4096 are allowed";
  const auto &target = cast<ast::NameExpr>(stmt.getTarget());
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
    vars[target.getName()] = Binding{GenValue::integer(i), target.loc()};
    if (failed(genBlock(stmt.getBody())))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Branches
//===----------------------------------------------------------------------===//

LogicalResult Generator::genIf(const ast::IfStmt &stmt) {
  FailureOr<GenValue> cond = genExpr(stmt.getCond());
  if (failed(cond))
    return failure();
  FailureOr<bool> truth = truthiness(*cond, stmt.loc());
  if (succeeded(truth))
    return genBlock(*truth ? stmt.getThen() : stmt.getElse());
  if (isBlock(cond->value.getType()))
    return emitError(stmt.getCond().loc())
           << "an if condition must be a scalar, got "
           << describe(cond->value.getType()) << "; use tl.where for blocks";
  FailureOr<Value> c = toBool(Arg{*cond, stmt.getCond().loc()}, stmt.loc());
  if (failed(c))
    return failure();
  return genRuntimeIf(stmt, *c);
}

LogicalResult Generator::genRuntimeIf(const ast::IfStmt &stmt, Value cond) {
  auto ifOp = scf::IfOp::create(builder, loc(stmt.loc()), TypeRange{}, cond,
                                /*withElseRegion=*/true);
  Block *blocks[2] = {&ifOp.getThenRegion().front(),
                      &ifOp.getElseRegion().front()};
  const ast::Block *bodies[2] = {&stmt.getThen(), &stmt.getElse()};
  llvm::StringMap<Binding> saved = vars;
  llvm::StringMap<Binding> branchVars[2];
  OpBuilder::InsertionGuard guard(builder);
  ++regionDepth;
  for (int i = 0; i < 2; ++i) {
    vars = saved;
    builder.setInsertionPoint(blocks[i]->getTerminator());
    if (failed(genBlock(*bodies[i]))) {
      --regionDepth;
      return failure();
    }
    branchVars[i] = std::move(vars);
  }
  --regionDepth;

  // Every name either branch changed, in a stable order.
  std::vector<std::string> names;
  for (auto &branch : branchVars)
    for (const auto &entry : branch)
      names.push_back(entry.getKey().str());
  llvm::sort(names);
  names.erase(std::unique(names.begin(), names.end()), names.end());

  vars = saved;
  SmallVector<std::string> merged;
  SmallVector<Value> results[2];
  SmallVector<Location> mergedAt;
  for (const std::string &name : names) {
    auto thenIt = branchVars[0].find(name), elseIt = branchVars[1].find(name);
    bool inThen = thenIt != branchVars[0].end();
    bool inElse = elseIt != branchVars[1].end();
    if (!inThen || !inElse) {
      // New in one branch only: it has no value after the if.
      goneVars[name] = "'" + name +
                       "' is only defined on one branch of the if at line " +
                       std::to_string(stmt.loc().line);
      continue;
    }
    const Binding &t = thenIt->second, &e = elseIt->second;
    if (t.value.sameAs(e.value)) {
      vars[name] = t;
      continue;
    }
    // The branches disagree: the variable becomes a result of the scf.if,
    // typed by the runtime side (or by promotion when both are constants).
    Type type;
    if (t.value.isRuntime() && e.value.isRuntime() &&
        t.value.value.getType() != e.value.value.getType())
      return emitError(stmt.loc())
             << "variable '" << name << "' is "
             << describe(t.value.value.getType())
             << " after the then-branch of this if but "
             << describe(e.value.value.getType())
             << " after the else-branch; its type must not depend on a "
                "runtime condition";
    if (t.value.isRuntime())
      type = t.value.value.getType();
    else if (e.value.isRuntime())
      type = e.value.value.getType();
    else if (t.value.isConstant() && e.value.isConstant()) {
      FailureOr<Type> common = computationType(
          Arg{t.value, t.assignedAt}, Arg{e.value, e.assignedAt}, false,
          stmt.loc());
      if (failed(common))
        return failure();
      type = *common;
    } else {
      return emitError(t.assignedAt)
             << "variable '" << name << "' holds " << describe(t.value)
             << " on one branch and " << describe(e.value)
             << " on the other; only numbers and blocks can differ between "
                "the branches of a runtime if";
    }
    const Binding *branch[2] = {&t, &e};
    for (int i = 0; i < 2; ++i) {
      builder.setInsertionPoint(blocks[i]->getTerminator());
      FailureOr<Value> v =
          coerceTo(*this, *branch[i], type, name, "between the branches of "
                                                  "this if");
      if (failed(v))
        return failure();
      results[i].push_back(*v);
    }
    merged.push_back(name);
    mergedAt.push_back(t.assignedAt);
  }
  if (merged.empty()) {
    // Without results an empty else region can go: `scf.if %c { ... }`.
    if (bodies[1]->empty() && blocks[1]->getOperations().size() == 1)
      blocks[1]->erase();
    return success();
  }

  // Rebuild the scf.if with one result per merged variable.
  SmallVector<Type> resultTypes;
  for (Value v : results[0])
    resultTypes.push_back(v.getType());
  builder.setInsertionPoint(ifOp);
  auto newIf = scf::IfOp::create(builder, loc(stmt.loc()), resultTypes, cond,
                                 /*addThenBlock=*/false,
                                 /*addElseBlock=*/false);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  for (int i = 0; i < 2; ++i) {
    Operation *oldYield = blocks[i]->getTerminator();
    builder.setInsertionPoint(oldYield);
    scf::YieldOp::create(builder, loc(stmt.loc()), results[i]);
    oldYield->erase();
  }
  ifOp.erase();
  for (auto [i, name] : llvm::enumerate(merged))
    vars[name] = Binding{GenValue::runtime(newIf.getResult(i)), mergedAt[i]};
  return success();
}

} // namespace detail
} // namespace tilec
