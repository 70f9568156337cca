//===- ControlFlow.cpp - loops and branches -------------------------------===//
//
// Runtime loops become scf.for with iter_args for the variables they
// reassign (defined before the loop, assigned in its body). A variable's
// type may not change across iterations, as in Triton. tl.static_range
// loops are unrolled here. (Branches: Branches.cpp.)
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "tilec/Frontend/PyValue.h"

#include <algorithm>
#include <functional>
#include <tuple>

using namespace mlir;

namespace tilec {
namespace detail {

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
      for (const ast::IfStmt::Branch &branch : ifStmt->getBranches())
        collectAssigned(branch.body, names, firstAt);
      collectAssigned(ifStmt->getElse(), names, firstAt);
    } else if (auto *whileStmt = dyn_cast<ast::WhileStmt>(stmt.get())) {
      collectAssigned(whileStmt->getBody(), names, firstAt);
    }
  }
}

std::string variableName(llvm::StringRef name) {
  if (name == Generator::kReturnVar)
    return "the return value";
  return ("variable '" + name + "'").str();
}

/// The value of a carried or merged variable, `binding`, as a value of
/// `type` (of `isUnsigned` integers), if that keeps Triton's rule that its
/// type does not change. A Python number (a tl.constexpr variable) is a
/// tensor of its own type here, as Triton's loops and ifs make it.
FailureOr<Value> coerceTo(Generator &gen, const Binding &binding, Type type,
                          llvm::StringRef name, llvm::StringRef where,
                          std::optional<bool> isUnsigned) {
  GenValue v = binding.value;
  if (v.isConstant()) {
    FailureOr<Value> tensor = gen.toTensor(Arg{v, binding.assignedAt});
    if (failed(tensor))
      return failure();
    v = GenValue::runtime(*tensor);
  }
  if (v.isRuntime()) {
    // Signedness is part of the type too (u32 is not i32), as in Triton.
    if (v.value.getType() == type && isUnsigned &&
        isa<IntegerType>(getElementType(type)) &&
        gen.isUnsignedInt(v.value) != *isUnsigned)
      return gen.emitError(binding.assignedAt)
             << variableName(name) << " changes from "
             << (*isUnsigned ? "unsigned" : "signed") << " to "
             << (*isUnsigned ? "signed" : "unsigned") << " integers " << where
             << "; its type must stay the same";
    if (v.value.getType() == type)
      return v.value;
    return gen.emitError(binding.assignedAt)
           << variableName(name) << " changes type from "
           << describe(type) << " to " << describe(v.value.getType()) << " "
           << where << "; its type must stay the same";
  }
  return gen.emitError(binding.assignedAt)
         << variableName(name) << " holds " << describe(v)
         << ", which cannot change " << where;
}

/// A block pointer a loop carries is carried leaf by leaf (its base,
/// shape, strides and offsets), each under "<name>\x1f<index>"; its block
/// shape and order must not change.
static constexpr char kLeafSeparator = '\x1f';

/// The variable and leaf index of a carried name (-1 for a whole value).
static std::pair<llvm::StringRef, int> splitLeaf(llvm::StringRef carried) {
  auto [name, leaf] = carried.split(kLeafSeparator);
  if (leaf.empty())
    return {name, -1};
  return {name, std::stoi(leaf.str())};
}

void Generator::bindCarried(ArrayRef<std::string> carried, ValueRange values,
                            ArrayRef<Location> assignedAt) {
  for (Value value : values)
    rememberSignedness(value);
  for (auto [i, entry] : llvm::enumerate(carried)) {
    auto [name, leaf] = splitLeaf(entry);
    Binding &binding = vars[name];
    if (leaf < 0)
      binding.value = GenValue::runtime(values[i]);
    else
      binding.value.elements[leaf] = GenValue::runtime(values[i]);
    if (!assignedAt.empty())
      binding.assignedAt = assignedAt[i];
  }
}

LogicalResult Generator::collectCarried(const ast::Block &body,
                                        llvm::StringRef exclude,
                                        const Location &at,
                                        SmallVectorImpl<std::string> &carried,
                                        SmallVectorImpl<Value> &inits) {
  SmallVector<std::string> assigned;
  llvm::StringMap<Location> firstAt;
  collectAssigned(body, assigned, firstAt);
  for (const std::string &name : assigned) {
    if (name == exclude)
      continue;
    auto it = vars.find(name);
    if (it == vars.end())
      continue;
    const GenValue &v = it->second.value;
    if (v.isBlockPtr()) {
      carriedTemplates[name] = v;
      for (auto [i, leaf] : llvm::enumerate(v.elements)) {
        carried.push_back(name + kLeafSeparator + std::to_string(i));
        inits.push_back(leaf.value);
      }
      continue;
    }
    if (!v.isRuntime() && !v.isConstant())
      return emitError(firstAt[name])
             << variableName(name) << " holds " << describe(v)
             << " and cannot be reassigned inside a runtime loop";
    FailureOr<Value> init = materialize(Arg{v, it->second.assignedAt}, at);
    if (failed(init))
      return failure();
    carried.push_back(name);
    inits.push_back(*init);
  }
  return success();
}

FailureOr<SmallVector<Value>>
Generator::carriedYields(ArrayRef<std::string> carried, ValueRange inits,
                         SmallVectorImpl<Location> &carriedAt) {
  SmallVector<Value> yields;
  // Block pointers keep their block shape and order (carriedTemplates).
  llvm::StringMap<GenValue> &before = carriedTemplates;
  for (auto [entry, init] : llvm::zip(carried, inits)) {
    auto [name, leaf] = splitLeaf(entry);
    Binding binding = vars[name];
    if (leaf >= 0) {
      const GenValue &v = binding.value;
      if (!v.isBlockPtr() || v.ints != before[name].ints)
        return emitError(binding.assignedAt)
               << variableName(name) << " changes from "
               << describe(before[name]) << " to " << describe(v)
               << " inside the loop; a block pointer may only be advanced";
      binding.value = v.elements[leaf];
    }
    FailureOr<Value> v = coerceTo(*this, binding, init.getType(), name,
                                  "inside the loop", isUnsignedInt(init));
    if (failed(v))
      return failure();
    yields.push_back(*v);
    carriedAt.push_back(binding.assignedAt);
  }
  return yields;
}

void Generator::endLoop(const Location &at, llvm::StringMap<Binding> saved,
                        ArrayRef<std::string> carried, ValueRange results,
                        ArrayRef<Location> carriedAt) {
  // Names first assigned in the body do not exist after the loop.
  for (const auto &entry : vars) {
    llvm::StringRef name = entry.getKey();
    if (saved.count(name))
      continue;
    goneVars[name] = ("'" + name + "' is only defined inside the loop at line " +
                      std::to_string(at.line) +
                      "; it has no value after the loop")
                         .str();
  }
  vars = std::move(saved);
  bindCarried(carried, results, carriedAt);
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

  // range(stop) or range(start, stop[, step]); tl.range's num_stages sets
  // the loop's pipeline depth (tile.num_stages, read by tile-pipeline); its
  // other tuning keywords (loop_unroll_factor...) are accepted and ignored.
  if (failed(refuseKeywordUnpacking(*call)))
    return failure();
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
  std::optional<int64_t> loopStages;
  for (const ast::Keyword &kw : call->getKeywords()) {
    static const char *tuning[] = {"loop_unroll_factor",
                                   "disallow_acc_multi_buffer", "flatten",
                                   "warp_specialize"};
    if (rangeName == "tl.range" && kw.name == "num_stages") {
      FailureOr<GenValue> v = genExpr(*kw.value);
      if (failed(v))
        return failure();
      if (v->kind == GenValue::Kind::None)
        continue;
      std::optional<int64_t> stages = v->getInt64();
      if (!stages || *stages < 0 || *stages > 8)
        return emitError(kw.value->loc())
               << "tl.range(): num_stages must be a compile-time integer "
                  "from 0 to 8, got "
               << describe(*v);
      loopStages = *stages;
      continue;
    }
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
  if (bounds[2].value.isConstant() &&
      !py::compare(ast::CompareOp::Gt, bounds[2].value.constant,
                   ConstantValue::getInt(0)))
    return emitError(bounds[2].loc) << "range step must be positive, got "
                                    << py::str(bounds[2].value.constant);
  // The induction variable's type: Triton's integer_promote_impl of the
  // bounds made tensors (to_tensor: a Python int is an int32, a uint32 from
  // 2**31, an int64 where it needs one, so that range(n, 2**40) counts in
  // int64), at least i32 here; each bound converts to it by the induction
  // variable's signedness, as Triton's create_int_cast does there.
  SmallVector<Arg> typed;
  for (const Arg &b : bounds) {
    if (b.value.isConstant() &&
        !py::intInRange(b.value.constant, APInt::getSignedMinValue(64),
                        APInt::getSignedMaxValue(64)))
      return emitError(b.loc) << "range bounds must fit in 64 bits, got "
                              << py::str(b.value.constant);
    FailureOr<Arg> t = strengthen(b);
    if (failed(t))
      return failure();
    typed.push_back(*t);
  }
  FailureOr<Promoted> boundType = promote(typed, false, stmt.loc());
  if (failed(boundType))
    return failure();
  Type ivType = boundType->type.getIntOrFloatBitWidth() < 32
                    ? Type(builder.getI32Type())
                    : boundType->type;
  bool ivUnsigned = boundType->isUnsigned && ivType == boundType->type;
  SmallVector<Value> boundValues;
  for (const Arg &b : typed) {
    FailureOr<Value> v = castTo(b, ivType, stmt.loc());
    if (failed(v))
      return failure();
    if (b.value.isRuntime() && *v != b.value.value &&
        getElementType(b.value.value.getType()).getIntOrFloatBitWidth() <
            ivType.getIntOrFloatBitWidth() &&
        isUnsignedInt(b.value.value) != ivUnsigned) {
      // castTo widened by the bound's own signedness; Triton by the
      // induction variable's.
      Value src = b.value.value;
      *v = ivUnsigned ? arith::ExtUIOp::create(builder, loc(stmt.loc()),
                                               ivType, src)
                            .getResult()
                      : arith::ExtSIOp::create(builder, loc(stmt.loc()),
                                               ivType, src)
                            .getResult();
    }
    boundValues.push_back(*v);
  }

  NestingLevel level(*this, nesting.regions, kMaxRegionNesting, stmt.loc(),
                     "runtime control flow (if, for, while)");
  if (!level)
    return failure();
  SmallVector<std::string> carried;
  SmallVector<Value> inits;
  if (failed(collectCarried(stmt.getBody(), target->getName(), stmt.loc(),
                            carried, inits)))
    return failure();

  auto forOp = scf::ForOp::create(builder, loc(stmt.loc()), boundValues[0],
                                  boundValues[1], boundValues[2], inits);
  if (loopStages)
    forOp->setAttr(tile::kLoopNumStagesAttrName,
                   builder.getI32IntegerAttr(*loopStages));
  Block *body = forOp.getBody();
  OpBuilder::InsertionGuard guard(builder);
  if (inits.empty())
    builder.setInsertionPoint(body->getTerminator());
  else
    builder.setInsertionPointToEnd(body);

  llvm::StringMap<Binding> saved = vars;
  vars[target->getName()] = Binding{
      GenValue::runtime(withSignedness(forOp.getInductionVar(), ivUnsigned)),
      target->loc()};
  bindCarried(carried, forOp.getRegionIterArgs());
  ++regionDepth;
  LogicalResult result = genBlock(stmt.getBody());
  --regionDepth;
  if (failed(result))
    return failure();

  SmallVector<Location> carriedAt;
  FailureOr<SmallVector<Value>> yields = carriedYields(carried, inits, carriedAt);
  if (failed(yields))
    return failure();
  if (!inits.empty())
    scf::YieldOp::create(builder, loc(stmt.loc()), *yields);
  endLoop(stmt.loc(), std::move(saved), carried, forOp.getResults(),
          carriedAt);
  return success();
}

LogicalResult Generator::genStaticFor(const ast::ForStmt &stmt,
                                      ArrayRef<Arg> bounds) {
  for (const Arg &b : bounds)
    if (!b.value.isIntConstant())
      return emitError(b.loc)
             << "tl.static_range bounds must be compile-time integers";
  const ConstantValue &start = bounds[0].value.constant,
                      &stop = bounds[1].value.constant,
                      &step = bounds[2].value.constant;
  ConstantValue zero = ConstantValue::getInt(0);
  if (!py::truthy(step))
    return emitError(bounds[2].loc) << "range step must not be zero";
  // Python's trip count, max(0, ceil((stop - start) / step)), in ints of
  // any size (bounds are Python ints).
  py::Result distance = py::binary(ast::BinaryOp::Sub, stop, start);
  py::Result trips =
      distance ? py::binary(ast::BinaryOp::FloorDiv,
                            *py::unary(ast::UnaryOp::Minus, *distance), step)
               : distance;
  trips = trips ? py::unary(ast::UnaryOp::Minus, *trips) : trips;
  if (!trips)
    return emitError(stmt.loc()) << trips.getError();
  if (py::compare(ast::CompareOp::Lt, *trips, zero))
    trips = zero;
  if (py::compare(ast::CompareOp::Gt, *trips, ConstantValue::getInt(4096)))
    return emitError(stmt.loc()) << "tl.static_range would unroll "
                                 << py::str(*trips)
                                 << " iterations; at most 4096 are allowed";
  uint64_t tripCount = uint64_t(trips->getInt64());
  const auto &target = cast<ast::NameExpr>(stmt.getTarget());
  ConstantValue i = ConstantValue::getInt(start.getBigInt()); // True is 1
  for (uint64_t trip = 0; trip < tripCount; ++trip) {
    if (trip > 0)
      i = *py::binary(ast::BinaryOp::Add, i, step);
    vars[target.getName()] =
        Binding{GenValue::constantOf(i), target.loc()};
    if (failed(genBlock(stmt.getBody())))
      return failure();
    if (options.maxOps && opCounter.count > options.maxOps)
      return emitError(stmt.loc())
             << "unrolling this tl.static_range takes the kernel past "
             << options.maxOps << " operations of tile IR (after " << trip + 1
             << " of its " << tripCount
             << " iterations); compile time grows with the code: use a "
                "runtime loop (range or tl.range), or raise the limit with "
                "--max-ops";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// While loops
//===----------------------------------------------------------------------===//

LogicalResult Generator::genWhile(const ast::WhileStmt &stmt) {
  if (!stmt.getElse().empty())
    return emitError(stmt.loc()) << "unsupported construct: while-else";

  NestingLevel level(*this, nesting.regions, kMaxRegionNesting, stmt.loc(),
                     "runtime control flow (if, for, while)");
  if (!level)
    return failure();
  // Loop-carried variables, as for `for`; the condition reads them at the
  // top of each trip.
  SmallVector<std::string> carried;
  SmallVector<Value> inits;
  if (failed(collectCarried(stmt.getBody(), "", stmt.loc(), carried, inits)))
    return failure();
  SmallVector<Type> types;
  SmallVector<mlir::Location> locs;
  for (Value init : inits) {
    types.push_back(init.getType());
    locs.push_back(loc(stmt.loc()));
  }

  auto whileOp = scf::WhileOp::create(builder, loc(stmt.loc()), types, inits);
  OpBuilder::InsertionGuard guard(builder);
  llvm::StringMap<Binding> saved = vars;

  // Before: the condition, a runtime scalar.
  Block *before = builder.createBlock(&whileOp.getBefore(), {}, types, locs);
  bindCarried(carried, before->getArguments());
  FailureOr<GenValue> cond = genExpr(stmt.getCond());
  if (failed(cond))
    return failure();
  if (!cond->isRuntime())
    return emitError(stmt.getCond().loc())
           << "a while condition must be a runtime scalar, got "
           << describe(*cond)
           << " (a loop that only `break` ends is not supported yet)";
  if (isBlock(cond->value.getType()))
    return emitError(stmt.getCond().loc())
           << "a while condition must be a scalar, got "
           << describe(cond->value.getType());
  FailureOr<Value> c = toBool(Arg{*cond, stmt.getCond().loc()}, stmt.loc());
  if (failed(c))
    return failure();
  scf::ConditionOp::create(builder, loc(stmt.loc()), *c,
                           before->getArguments());

  // After: the body, yielding the carried values back to the condition.
  Block *after = builder.createBlock(&whileOp.getAfter(), {}, types, locs);
  vars = saved;
  bindCarried(carried, after->getArguments());
  ++regionDepth;
  LogicalResult result = genBlock(stmt.getBody());
  --regionDepth;
  if (failed(result))
    return failure();
  SmallVector<Location> carriedAt;
  FailureOr<SmallVector<Value>> yields = carriedYields(carried, inits, carriedAt);
  if (failed(yields))
    return failure();
  scf::YieldOp::create(builder, loc(stmt.loc()), *yields);
  endLoop(stmt.loc(), std::move(saved), carried, whileOp.getResults(),
          carriedAt);
  return success();
}

} // namespace detail
} // namespace tilec
