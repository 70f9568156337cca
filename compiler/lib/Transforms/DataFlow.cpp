//===- DataFlow.cpp - where a kernel's values come from and go -----------===//

#include "DataFlow.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace tile;

/// The values a loop-carried block argument of `scf.for` takes: its initial
/// value and what the body yields for it. Empty for the induction variable.
static SmallVector<Value> iterArgSources(BlockArgument arg) {
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg == loop.getInductionVar())
    return {};
  unsigned index = arg.getArgNumber() - loop.getNumInductionVars();
  return {loop.getInitArgs()[index], loop.getYieldedValues()[index]};
}

BlockArgument tilec::rootPointer(Value ptr) {
  SmallVector<Value> worklist{ptr};
  llvm::DenseSet<Value> seen;
  BlockArgument root;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (isa<func::FuncOp>(arg.getOwner()->getParentOp())) {
        if (root && root != arg)
          return {};
        root = arg;
        continue;
      }
      SmallVector<Value> sources = iterArgSources(arg);
      if (sources.empty())
        return {};
      worklist.append(sources.begin(), sources.end());
      continue;
    }
    Operation *op = value.getDefiningOp();
    if (auto addptr = dyn_cast<AddPtrOp>(op))
      worklist.push_back(addptr.getPtr());
    else if (isa<SplatOp, BroadcastOp, ExpandDimsOp, ConvertLayoutOp>(op))
      worklist.push_back(op->getOperand(0));
    else if (auto loop = dyn_cast<scf::ForOp>(op))
      worklist.push_back(loop.getRegionIterArgs()[cast<OpResult>(value)
                                                      .getResultNumber()]);
    else
      return {};
  }
  return root;
}

bool tilec::dependsOnProgramId(Value value) {
  SmallVector<Value> worklist{value};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (!loop)
        continue;
      if (arg == loop.getInductionVar()) {
        worklist.append({loop.getLowerBound(), loop.getUpperBound(),
                         loop.getStep()});
        continue;
      }
      SmallVector<Value> sources = iterArgSources(arg);
      worklist.append(sources.begin(), sources.end());
      continue;
    }
    Operation *op = v.getDefiningOp();
    if (isa<ProgramIdOp>(op))
      return true;
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      worklist.push_back(
          loop.getYieldedValues()[cast<OpResult>(v).getResultNumber()]);
      continue;
    }
    worklist.append(op->operand_begin(), op->operand_end());
  }
  return false;
}

bool tilec::escapesUnreduced(Value loaded) {
  SmallVector<Value> worklist{loaded};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ReduceOp, CombineReduceOp>(user))
        continue;
      if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        auto loop = dyn_cast<scf::ForOp>(yield->getParentOp());
        if (!loop)
          return true;
        unsigned index = use.getOperandNumber();
        worklist.push_back(loop.getResult(index));
        worklist.push_back(loop.getRegionIterArgs()[index]);
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() < loop.getNumControlOperands())
          return true;
        unsigned index = use.getOperandNumber() - loop.getNumControlOperands();
        worklist.push_back(loop.getResult(index));
        worklist.push_back(loop.getRegionIterArgs()[index]);
        continue;
      }
      if (isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, func::ReturnOp>(
              user) ||
          user->getNumRegions() != 0 || user->getNumResults() == 0)
        return true;
      worklist.append(user->result_begin(), user->result_end());
    }
  }
  return false;
}
