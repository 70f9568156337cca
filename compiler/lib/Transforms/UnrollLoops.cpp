//===- UnrollLoops.cpp - tile-unroll-loops ---------------------------------===//
//
// Unrolls innermost scf.for loops that load blocks, so that the loads of
// several iterations are in flight at once (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace tilec {
#define GEN_PASS_DEF_TILEUNROLLLOOPS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

struct TileUnrollLoopsPass
    : public tilec::impl::TileUnrollLoopsBase<TileUnrollLoopsPass> {
  using TileUnrollLoopsBase::TileUnrollLoopsBase;

  void runOnOperation() override {
    if (factor <= 1)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      bool innermost = true, loads = false;
      loop.getBody()->walk([&](Operation *op) {
        if (isa<scf::ForOp>(op))
          innermost = false;
        if (auto load = dyn_cast<tile::LoadOp>(op))
          loads |= isa<RankedTensorType>(load.getType());
      });
      if (innermost && loads)
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      if (failed(loopUnrollByFactor(loop, factor))) {
        loop.emitError("cannot unroll this loop by ") << factor;
        return signalPassFailure();
      }
  }
};

} // namespace
