//===- Branches.cpp - if, elif and else -----------------------------------===//
//
// An if/elif/else chain is read in order: a condition known at compile
// time picks or skips its branch, as Triton's code generator does. From the
// first runtime condition on, the branches become scf.if ops whose results
// are the variables they assign differently; a variable's type may not
// depend on the condition, as in Triton.
//
// One runtime condition followed only by the else is one scf.if. Longer
// chains stay flat instead of nesting an scf.if per elif: MLIR's verifier
// and rewriters take time that grows with the square of the nesting (a
// 2000-branch chain took 5.8 s), and every walk of the IR recursed once a
// level. A selector, the index of the branch taken, is computed first
// (each later condition in an scf.if of its own, evaluated only while no
// branch is taken, so that its loads and calls run when Python's would);
// then one scf.if per branch runs that branch when the selector names it,
// each passing the others' values through.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include <algorithm>
#include <functional>

using namespace mlir;

namespace tilec {
namespace detail {

namespace {

/// A branch's condition: known at compile time, or an i1 scalar.
struct Condition {
  std::optional<bool> known;
  Value value;
};

/// The variables after branches that each started from the same ones: a
/// name that every branch leaves defined lives on; where the branches'
/// values differ it becomes a result of the branches' scf.if ops, one
/// value per branch (coerced before the terminator of its block).
class BranchMerge {
public:
  /// `names[k]` says which branch `blocks[k]` is ("the then-branch"), for
  /// errors about the if at `at`.
  BranchMerge(Generator &gen, const Location &at, ArrayRef<std::string> names,
              ArrayRef<Block *> blocks)
      : results(blocks.size()), gen(gen), at(at), names(names),
        blocks(blocks) {}

  /// Sets the generator's variables to `saved` and what the branches
  /// (`branchVars`, one map each) leave that passes `keep`; the values that
  /// differ are holes to `bind` later, their per-branch values in
  /// `results`.
  LogicalResult merge(const llvm::StringMap<Binding> &saved,
                      ArrayRef<llvm::StringMap<Binding>> branchVars,
                      llvm::function_ref<bool(StringRef)> keep);

  /// Whether some variable differs between the branches.
  bool hasResults() const { return !merged.empty(); }
  /// The types of the results.
  SmallVector<Type> getResultTypes() const {
    SmallVector<Type> types;
    for (Value v : results.front())
      types.push_back(v.getType());
    return types;
  }
  /// Binds the merged variables, `values` in the holes, in order.
  void bind(ValueRange values);

  /// Per branch, the values its scf.if yields.
  SmallVector<SmallVector<Value>> results;

private:
  FailureOr<GenValue> mergeValue(ArrayRef<Binding> values,
                                 const std::string &what, StringRef name);
  FailureOr<GenValue> mergeElements(ArrayRef<Binding> values, StringRef part,
                                    const std::string &what, StringRef name);
  FailureOr<Type> resultType(ArrayRef<Binding> values,
                             const std::string &what, StringRef name,
                             std::optional<bool> &isUnsigned);

  Generator &gen;
  Location at;
  ArrayRef<std::string> names;
  ArrayRef<Block *> blocks;
  SmallVector<std::string> merged;
  SmallVector<GenValue> mergedValues;
  SmallVector<Location> mergedAt;
  /// The variables before the if.
  const llvm::StringMap<Binding> *saved = nullptr;
};

} // namespace

/// "(1, 0)": a block pointer's order.
static std::string orderText(ArrayRef<int64_t> order) {
  std::string text = "(";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(order, os);
  os << (order.size() == 1 ? ",)" : ")");
  return text;
}

/// Two block pointers (or two tensor descriptors) on the branches of a
/// runtime if must agree in what is known at compile time, their element
/// type, block shape and order (padding), which the error names when they
/// do not; and a descriptor parameter's tensor map cannot change.
static LogicalResult checkSameRecordLayout(Generator &gen, const Binding &t,
                                           const Binding &e,
                                           const std::string &what) {
  bool isBlockPtr = t.value.isBlockPtr();
  const char *fixed = isBlockPtr
                          ? "; a block pointer's element type, block shape and "
                            "order must not depend on a runtime condition"
                          : "; a tensor descriptor's element type, block shape "
                            "and padding must not depend on a runtime condition";
  std::string then = describe(t.value), other = describe(e.value);
  if (then != other)
    return gen.emitError(t.assignedAt)
           << what << " holds " << then << " on one branch and " << other
           << " on the other" << fixed;
  if (isBlockPtr && t.value.ints != e.value.ints) {
    size_t rank = t.value.blockRank();
    return gen.emitError(t.assignedAt)
           << what << " holds " << then << " of order "
           << orderText(ArrayRef(t.value.ints).drop_front(rank))
           << " on one branch and of order "
           << orderText(ArrayRef(e.value.ints).drop_front(rank))
           << " on the other" << fixed;
  }
  if (!isBlockPtr && t.value.descNanPadding() != e.value.descNanPadding()) {
    auto padding = [](const GenValue &v) {
      return v.descNanPadding() ? "\"nan\"" : "\"zero\"";
    };
    return gen.emitError(t.assignedAt)
           << what << " holds " << then << " with padding "
           << padding(t.value) << " on one branch and " << padding(e.value)
           << " on the other" << fixed;
  }
  if (!isBlockPtr && t.value.descTensorMap() != e.value.descTensorMap())
    return gen.emitError(t.assignedAt)
           << what << " holds a different tensor descriptor parameter on "
           << "each branch of this if, which is not supported yet";
  return success();
}

LogicalResult
BranchMerge::merge(const llvm::StringMap<Binding> &saved,
                   ArrayRef<llvm::StringMap<Binding>> branchVars,
                   llvm::function_ref<bool(StringRef)> keep) {
  // Every name a branch has (that the caller keeps), in a stable order.
  std::vector<std::string> all;
  for (const llvm::StringMap<Binding> &branch : branchVars)
    for (const auto &entry : branch)
      if (keep(entry.getKey()))
        all.push_back(entry.getKey().str());
  llvm::sort(all);
  all.erase(std::unique(all.begin(), all.end()), all.end());

  gen.vars = saved;
  this->saved = &saved;
  std::string line = std::to_string(at.line);
  for (const std::string &name : all) {
    SmallVector<Binding> values;
    for (const llvm::StringMap<Binding> &branch : branchVars) {
      auto it = branch.find(name);
      if (it == branch.end())
        break;
      values.push_back(it->second);
    }
    if (values.size() != branchVars.size()) {
      // Missing on a branch: it has no value after the if.
      gen.goneVars[name] =
          "'" + name + "' is " +
          (branchVars.size() == 2 ? "only defined on one branch"
                                  : "not defined on every branch") +
          " of the if at line " + line;
      continue;
    }
    size_t before = results.front().size();
    FailureOr<GenValue> value = mergeValue(values, variableName(name), name);
    if (failed(value))
      return failure();
    if (results.front().size() == before) {
      gen.vars[name] = Binding{*value, values.front().assignedAt};
      continue;
    }
    merged.push_back(name);
    mergedValues.push_back(*value);
    mergedAt.push_back(values.front().assignedAt);
  }
  return success();
}

/// Merges the values' elements (a tuple's, or a block pointer's or tensor
/// descriptor's leaves) position by position; `part` names one in errors.
FailureOr<GenValue> BranchMerge::mergeElements(ArrayRef<Binding> values,
                                               StringRef part,
                                               const std::string &what,
                                               StringRef name) {
  GenValue merged = values.front().value;
  for (size_t i = 0; i < merged.elements.size(); ++i) {
    SmallVector<Binding> elements;
    for (const Binding &b : values)
      elements.push_back(Binding{b.value.elements[i], b.assignedAt});
    FailureOr<GenValue> element = mergeValue(
        elements, (part + " " + Twine(i) + " of " + what).str(), name);
    if (failed(element))
      return failure();
    merged.elements[i] = *element;
  }
  return merged;
}

/// Merges one value of every branch: equal ones stay as they are; tuples of
/// one length merge element by element; other values that differ become
/// results, typed by the runtime values (or by promotion when all are
/// constants). Returns the merged value with a null runtime value in place
/// of each new result (filled by bind, in the same order).
FailureOr<GenValue> BranchMerge::mergeValue(ArrayRef<Binding> values,
                                            const std::string &what,
                                            StringRef name) {
  const Binding &first = values.front();
  if (llvm::all_of(values, [&](const Binding &b) {
        return b.value.sameAs(first.value);
      }))
    return first.value;
  if (llvm::all_of(values, [](const Binding &b) {
        return b.value.kind == GenValue::Kind::Tuple;
      })) {
    size_t n = first.value.elements.size();
    for (auto [k, b] : llvm::enumerate(values))
      if (b.value.elements.size() != n)
        return gen.emitError(first.assignedAt)
               << what << " is a tuple of " << n << " after " << names[0]
               << " of this if but of " << b.value.elements.size()
               << " after " << names[k];
    return mergeElements(values, "element", what, name);
  }
  // Block pointers and tensor descriptors merge leaf by leaf (base, shape,
  // strides, offsets), as loops carry block pointers: what is known at
  // compile time must agree.
  if (llvm::all_of(values, [&](const Binding &b) {
        return b.value.kind == first.value.kind &&
               (b.value.isBlockPtr() || b.value.isTensorDesc());
      })) {
    for (const Binding &b : values.drop_front())
      if (failed(checkSameRecordLayout(gen, first, b, what)))
        return failure();
    return mergeElements(values, "leaf", what, name);
  }
  std::optional<bool> isUnsigned;
  FailureOr<Type> type = resultType(values, what, name, isUnsigned);
  if (failed(type))
    return failure();
  OpBuilder &builder = gen.builder;
  for (auto [k, b] : llvm::enumerate(values)) {
    builder.setInsertionPoint(blocks[k]->getTerminator());
    FailureOr<Value> v = coerceTo(gen, b, *type, name,
                                  "between the branches of this if",
                                  isUnsigned);
    if (failed(v))
      return failure();
    results[k].push_back(*v);
  }
  return GenValue::runtime(Value());
}

/// The type of a result whose branches hold `values`: the runtime values'
/// (which must agree, and not be blocks where another branch holds a
/// number), or the first constant's to_tensor type, which the others must
/// have too. A runtime value the variable had before the if gives the type
/// (and signedness), so that an error points at the branch that changed it.
FailureOr<Type> BranchMerge::resultType(ArrayRef<Binding> values,
                                        const std::string &what,
                                        StringRef name,
                                        std::optional<bool> &isUnsigned) {
  const Binding *runtime = nullptr;
  size_t runtimeBranch = 0;
  auto before = saved->find(name);
  for (auto [k, b] : llvm::enumerate(values)) {
    if (!b.value.isRuntime())
      continue;
    bool kept = before != saved->end() && before->second.value.sameAs(b.value);
    if (!runtime || (kept && runtime->value.value.getType() ==
                                 b.value.value.getType())) {
      runtime = &b;
      runtimeBranch = k;
      continue;
    }
    if (b.value.value.getType() != runtime->value.value.getType())
      return gen.emitError(at)
             << what << " is " << describe(runtime->value.value.getType())
             << " after " << names[runtimeBranch] << " of this if but "
             << describe(b.value.value.getType()) << " after " << names[k]
             << "; its type must not depend on a runtime condition";
  }
  // A number on one branch and a block on another: Triton's if keeps each
  // variable's type, and a number is a scalar there.
  for (const Binding &r : values) {
    if (!r.value.isRuntime() ||
        !isa<RankedTensorType>(r.value.value.getType()))
      continue;
    for (auto [k, number] : llvm::enumerate(values))
      if (number.value.isConstant())
        return gen.emitError(number.assignedAt)
               << what << " is " << describe(r.value.value.getType())
               << " on one branch of this if but " << describe(number.value)
               << " after " << names[k]
               << "; as in Triton its type must not depend on a runtime "
                  "condition (make the number a block, e.g. with tl.full)";
  }
  if (runtime) {
    isUnsigned = gen.isUnsignedInt(runtime->value.value);
    return runtime->value.value.getType();
  }
  if (llvm::all_of(values,
                   [](const Binding &b) { return b.value.isConstant(); })) {
    FailureOr<std::pair<Type, bool>> tensorType =
        gen.tensorTypeOf(Arg{values.front().value, values.front().assignedAt});
    if (failed(tensorType))
      return failure();
    isUnsigned = tensorType->second;
    return tensorType->first;
  }
  const Binding &first = values.front();
  const Binding *other = llvm::find_if(values, [&](const Binding &b) {
    return !b.value.sameAs(first.value);
  });
  return gen.emitError(first.assignedAt)
         << what << " holds " << describe(first.value) << " on one branch and "
         << describe(other->value) << " on the other; only numbers, blocks "
         << "and tuples of them can differ between the branches of a runtime "
            "if";
}

void BranchMerge::bind(ValueRange values) {
  unsigned next = 0;
  std::function<void(GenValue &)> fill = [&](GenValue &value) {
    if (value.kind == GenValue::Kind::Tuple || value.isBlockPtr() ||
        value.isTensorDesc()) {
      for (GenValue &element : value.elements)
        fill(element);
      return;
    }
    if (value.isRuntime() && !value.value) {
      gen.rememberSignedness(values[next]);
      value = GenValue::runtime(values[next++]);
    }
  };
  for (auto [i, name] : llvm::enumerate(merged)) {
    fill(mergedValues[i]);
    gen.vars[name] = Binding{mergedValues[i], mergedAt[i]};
  }
}

/// The condition of `branch`: a compile-time truth, or an i1 scalar.
static FailureOr<Condition> genCondition(Generator &gen,
                                         const ast::IfStmt::Branch &branch) {
  FailureOr<GenValue> cond = gen.genExpr(*branch.cond);
  if (failed(cond))
    return failure();
  FailureOr<bool> truth = gen.truthiness(*cond, branch.loc);
  if (succeeded(truth))
    return Condition{*truth, Value()};
  if (isBlock(cond->value.getType()))
    return gen.emitError(branch.cond->loc())
           << "an if condition must be a scalar, got "
           << describe(cond->value.getType()) << "; use tl.where for blocks";
  FailureOr<Value> c = gen.toBool(Arg{*cond, branch.cond->loc()}, branch.loc);
  if (failed(c))
    return failure();
  return Condition{std::nullopt, *c};
}

FailureOr<Generator::ChainStart>
Generator::startIfChain(const ast::IfStmt &stmt) {
  ArrayRef<ast::IfStmt::Branch> branches = stmt.getBranches();
  for (size_t i = 0; i < branches.size(); ++i) {
    FailureOr<Condition> cond = genCondition(*this, branches[i]);
    if (failed(cond))
      return failure();
    if (!cond->known)
      return ChainStart{i, cond->value};
    if (*cond->known)
      return ChainStart{i, Value()};
  }
  return ChainStart{branches.size(), Value()};
}

LogicalResult Generator::genIf(const ast::IfStmt &stmt) {
  FailureOr<ChainStart> start = startIfChain(stmt);
  if (failed(start))
    return failure();
  if (!start->cond)
    return genBlock(stmt.getBody(start->branch));
  return genRuntimeChain(
      stmt, *start,
      [&](size_t branch) { return genBlock(stmt.getBody(branch)); },
      [](StringRef) { return true; });
}

/// An scf.if on `cond` without results, both regions holding only their
/// terminator.
static scf::IfOp createEmptyIf(OpBuilder &builder, mlir::Location loc,
                               Value cond) {
  return scf::IfOp::create(builder, loc, TypeRange{}, cond,
                           /*withElseRegion=*/true);
}

/// Replaces the terminator of `block` by a yield of `values`.
static void setYield(OpBuilder &builder, Block *block, ValueRange values,
                     mlir::Location loc) {
  Operation *old = block->getTerminator();
  builder.setInsertionPoint(old);
  scf::YieldOp::create(builder, loc, values);
  old->erase();
}

/// `ifOp` again, with the results `types` and the same regions.
static scf::IfOp withResults(OpBuilder &builder, scf::IfOp ifOp,
                             TypeRange types) {
  builder.setInsertionPoint(ifOp);
  auto newIf = scf::IfOp::create(builder, ifOp.getLoc(), types,
                                 ifOp.getCondition(), /*addThenBlock=*/false,
                                 /*addElseBlock=*/false);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  ifOp.erase();
  return newIf;
}

LogicalResult Generator::genBranches(
    const Location &at, ArrayRef<Value> conds,
    ArrayRef<std::string> branchNames, ArrayRef<size_t> branches,
    llvm::function_ref<LogicalResult(size_t)> genBranch,
    llvm::function_ref<bool(StringRef)> keep) {
  bool flat = conds.size() > 1;
  SmallVector<scf::IfOp> ifOps;
  SmallVector<Block *> blocks;
  for (Value cond : conds) {
    ifOps.push_back(createEmptyIf(builder, loc(at), cond));
    blocks.push_back(&ifOps.back().getThenRegion().front());
  }
  // A plain if: its else region is the second branch.
  if (!flat)
    blocks.push_back(&ifOps.front().getElseRegion().front());

  NestingLevel level(*this, nesting.regions, kMaxRegionNesting, at,
                     "runtime control flow (if, for, while)");
  if (!level)
    return failure();
  llvm::StringMap<Binding> saved = vars;
  SmallVector<llvm::StringMap<Binding>> branchVars(branches.size());
  {
    OpBuilder::InsertionGuard guard(builder);
    ++regionDepth;
    for (auto [k, branch] : llvm::enumerate(branches)) {
      vars = saved;
      builder.setInsertionPoint(blocks[k]->getTerminator());
      if (failed(genBranch(branch))) {
        --regionDepth;
        return failure();
      }
      branchVars[k] = std::move(vars);
    }
    --regionDepth;
  }

  BranchMerge merge(*this, at, branchNames, blocks);
  {
    OpBuilder::InsertionGuard guard(builder);
    if (failed(merge.merge(saved, branchVars, keep)))
      return failure();
  }
  if (!merge.hasResults()) {
    // Without results an empty else region can go: `scf.if %c { ... }`.
    for (scf::IfOp ifOp : ifOps)
      if (ifOp.getElseRegion().front().getOperations().size() == 1)
        ifOp.getElseRegion().front().erase();
    return success();
  }
  SmallVector<Type> types = merge.getResultTypes();
  OpBuilder::InsertionGuard guard(builder);
  mlir::Location yieldLoc = loc(at);
  if (!flat) {
    scf::IfOp newIf = withResults(builder, ifOps.front(), types);
    setYield(builder, &newIf.getThenRegion().front(), merge.results[0],
             yieldLoc);
    setYield(builder, &newIf.getElseRegion().front(), merge.results[1],
             yieldLoc);
    merge.bind(newIf.getResults());
    return success();
  }
  // Flat: each branch's scf.if passes on what the ones before it left, and
  // the first what no branch is yet (every path takes one branch, so that
  // value is never read: zeros).
  builder.setInsertionPoint(ifOps.front());
  SmallVector<Value> passed;
  for (Type type : types)
    passed.push_back(placeholderOf(type, at));
  for (auto [k, ifOp] : llvm::enumerate(ifOps)) {
    scf::IfOp newIf = withResults(builder, ifOp, types);
    setYield(builder, &newIf.getThenRegion().front(), merge.results[k],
             yieldLoc);
    setYield(builder, &newIf.getElseRegion().front(), passed, yieldLoc);
    passed.assign(newIf.getResults().begin(), newIf.getResults().end());
  }
  merge.bind(passed);
  return success();
}

Value Generator::placeholderOf(Type type, const Location &at) {
  Type element = getElementType(type);
  ArrayRef<int64_t> shape = getShape(type);
  if (!isPointer(element)) {
    Value zero = constantScalar(ConstantValue::getInt(0), element, at);
    return shape.empty() ? zero
                         : Value(tile::SplatOp::create(builder, loc(at), type,
                                                       zero));
  }
  // A null pointer: address 0.
  Value address =
      constantScalar(ConstantValue::getInt(0), builder.getI64Type(), at);
  Value null = tile::PtrCastOp::create(builder, loc(at), element, address);
  return shape.empty()
             ? null
             : Value(tile::SplatOp::create(builder, loc(at), type, null));
}

LogicalResult Generator::genRuntimeChain(
    const ast::IfStmt &stmt, ChainStart start,
    llvm::function_ref<LogicalResult(size_t)> genBranch,
    llvm::function_ref<bool(StringRef)> keep) {
  ArrayRef<ast::IfStmt::Branch> branches = stmt.getBranches();
  size_t n = branches.size();
  // Errors about the merged variables point at the first runtime branch
  // (an elif whose earlier conditions were known), as an if of its own.
  const Location &at = branches[start.branch].loc;
  auto plainIf = [&](size_t otherwise) {
    std::string names[2] = {"the then-branch", "the else-branch"};
    size_t bodies[2] = {start.branch, otherwise};
    return genBranches(at, {start.cond}, names, bodies, genBranch, keep);
  };
  if (start.branch + 1 == n)
    return plainIf(n);

  // The selector: the index of the branch taken so far, -1 for none yet.
  // Later conditions are generated only while it is -1. What only serves
  // the selector is in `selection`, to go if no condition needs it.
  mlir::Location l = loc(at);
  Type i32 = builder.getI32Type();
  SmallVector<Operation *> selection;
  auto constant = [&](int64_t v) {
    auto op =
        arith::ConstantOp::create(builder, l, builder.getIntegerAttr(i32, v));
    selection.push_back(op);
    return op.getResult();
  };
  auto select = [&](Value cond, Value a, Value b) {
    auto op = arith::SelectOp::create(builder, l, cond, a, b);
    selection.push_back(op);
    return op.getResult();
  };
  Value none = constant(-1);
  Value selector = select(start.cond, constant(int64_t(start.branch)), none);
  SmallVector<size_t> taken = {start.branch};
  bool elseReached = true, guarded = false;
  for (size_t j = start.branch + 1; j < n && elseReached; ++j) {
    auto undecided = arith::CmpIOp::create(
        builder, l, arith::CmpIPredicate::eq, selector, none);
    auto guard = scf::IfOp::create(builder, l, TypeRange{i32}, undecided,
                                   /*addThenBlock=*/true,
                                   /*addElseBlock=*/true);
    Block *then = &guard.getThenRegion().front();
    FailureOr<Condition> cond = [&] {
      OpBuilder::InsertionGuard insertion(builder);
      builder.setInsertionPointToStart(then);
      return genCondition(*this, branches[j]);
    }();
    if (failed(cond))
      return failure();
    if (cond->known && then->empty()) {
      // Nothing to guard: a branch never taken, or one taken whenever no
      // branch before it is (and the else never).
      guard.erase();
      selection.push_back(undecided);
      if (!*cond->known)
        continue;
      selector = select(undecided, constant(int64_t(j)), selector);
      taken.push_back(j);
      elseReached = false;
      continue;
    }
    {
      OpBuilder::InsertionGuard insertion(builder);
      builder.setInsertionPointToEnd(then);
      Value pick = arith::ConstantOp::create(
          builder, l, builder.getIntegerAttr(i32, int64_t(j)));
      Value choice =
          !cond->known
              ? Value(arith::SelectOp::create(builder, l, cond->value, pick,
                                              none))
          : *cond->known ? pick
                         : none;
      scf::YieldOp::create(builder, l, choice);
      builder.setInsertionPointToStart(&guard.getElseRegion().front());
      scf::YieldOp::create(builder, l, selector);
    }
    guarded = true;
    selector = guard.getResult(0);
    if (!cond->known || *cond->known)
      taken.push_back(j);
    if (cond->known && *cond->known)
      elseReached = false;
  }
  if (elseReached)
    taken.push_back(n);
  if (!guarded && taken.size() == 2) {
    // Every later condition was known: one scf.if on the first, as if the
    // chain were `if c: ... else: ...`.
    for (Operation *op : llvm::reverse(selection))
      op->erase();
    return plainIf(taken[1]);
  }

  // One scf.if per branch that can be taken, on the selector.
  SmallVector<Value> conds;
  SmallVector<std::string> names;
  for (size_t branch : taken) {
    Value code = arith::ConstantOp::create(
        builder, l,
        builder.getIntegerAttr(i32, branch == n ? -1 : int64_t(branch)));
    conds.push_back(arith::CmpIOp::create(
        builder, l, arith::CmpIPredicate::eq, selector, code));
    names.push_back(branch == n ? "the else-branch"
                                : "the branch at line " +
                                      std::to_string(branches[branch].loc.line));
  }
  return genBranches(at, conds, names, taken, genBranch, keep);
}

} // namespace detail
} // namespace tilec
