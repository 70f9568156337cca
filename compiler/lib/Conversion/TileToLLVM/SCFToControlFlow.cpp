//===- SCFToControlFlow.cpp - tile-scf-to-cf ------------------------------===//
//
// convert-scf-to-cf's patterns, applied in an order whose block splits move
// few ops (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"

namespace tilec {
#define GEN_PASS_DEF_TILESCFTOCF
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

/// Whether `op` is an scf op that its parent's lowering takes along (a
/// terminator) rather than one lowered on its own.
static bool isLoweredWithParent(Operation *op) {
  return op->hasTrait<OpTrait::IsTerminator>() ||
         isa<scf::ReduceReturnOp>(op);
}

struct TileSCFToCF : tilec::impl::TileSCFToCFBase<TileSCFToCF> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSCFToControlFlowConversionPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    PatternApplicator applicator(frozen);
    applicator.applyDefaultCostModel();
    PatternRewriter rewriter(&getContext());
    // Some lowerings make scf ops of their own (scf.parallel gives
    // scf.for): sweep until none is left.
    while (true) {
      // The ops in an op's regions come before it, and a block's ops last
      // first. (Lowering an op makes its regions' blocks part of the
      // enclosing region, which upstream's patterns expect of nested ops
      // already lowered.)
      SmallVector<Operation *> ops;
      getOperation()->walk<WalkOrder::PostOrder, ReverseIterator>(
          [&](Operation *op) {
            if (isa<scf::SCFDialect>(op->getDialect()) &&
                !isLoweredWithParent(op))
              ops.push_back(op);
          });
      if (ops.empty())
        return;
      bool lowered = false;
      for (Operation *op : ops) {
        rewriter.setInsertionPoint(op);
        lowered |= succeeded(applicator.matchAndRewrite(op, rewriter));
      }
      if (!lowered) {
        ops.front()->emitOpError("cannot be lowered to the cf dialect");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
