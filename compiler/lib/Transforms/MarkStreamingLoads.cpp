//===- MarkStreamingLoads.cpp - tile-mark-streaming-loads -----------------===//
//
// Marks block loads whose data the kernel reads once and only reduces as
// last-use (`ld.global.lu`); see Passes.td for the rule and why.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "DataFlow.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tilec {
#define GEN_PASS_DEF_TILEMARKSTREAMINGLOADS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

struct TileMarkStreamingLoadsPass
    : public tilec::impl::TileMarkStreamingLoadsBase<
          TileMarkStreamingLoadsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([](func::FuncOp func) { markFunction(func); });
  }

  static void markFunction(func::FuncOp func) {
    // How many loads and stores use each pointer argument.
    llvm::DenseMap<Value, unsigned> accesses;
    SmallVector<LoadOp> candidates;
    func.walk([&](Operation *op) {
      Value ptr;
      if (auto load = dyn_cast<LoadOp>(op)) {
        ptr = load.getPtr();
        if (isa<RankedTensorType>(load.getType()) && !load.getCache() &&
            !load.getEvict())
          candidates.push_back(load);
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        ptr = store.getPtr();
      } else {
        return;
      }
      // An access through a pointer of unknown origin may touch anything.
      ++accesses[rootPointer(ptr)];
    });
    if (accesses.count(Value()))
      return;
    for (LoadOp load : candidates) {
      if (accesses.lookup(rootPointer(load.getPtr())) != 1 ||
          !dependsOnProgramId(load.getPtr()) ||
          escapesUnreduced(load.getResult()))
        continue;
      load.setCacheAttr(CacheModifierAttr::get(load.getContext(),
                                               CacheModifier::LU));
    }
  }
};

} // namespace
