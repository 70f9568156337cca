//===- TestAxisInfo.cpp - the tile-test-axis-info pass --------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/AxisInfo.h"

#include "mlir/IR/TypeUtilities.h"

namespace tilec {
#define GEN_PASS_DEF_TILETESTAXISINFO
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;

/// Integers and pointers, scalar or tensor: what the analysis describes.
static bool isDescribed(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isIntOrIndex() || isa<tile::PtrType>(element);
}

static std::string toString(const AxisInfo &info) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << info;
  return text;
}

namespace {

struct TileTestAxisInfoPass
    : public tilec::impl::TileTestAxisInfoBase<TileTestAxisInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    AxisInfoAnalysis axisInfo(getOperation());
    if (accessesOnly) {
      getOperation().walk([&](Operation *op) {
        if (!isa<tile::LoadOp, tile::StoreOp>(op))
          return;
        if (!tile::getEncoding(op->getOperand(0).getType()))
          return;
        op->emitRemark() << "access vector width = "
                         << axisInfo.getAccessVectorWidth(op);
      });
      return;
    }
    getOperation().walk([&](Operation *op) {
      for (Region &region : op->getRegions()) {
        if (region.empty())
          continue;
        for (BlockArgument arg : region.front().getArguments())
          if (isDescribed(arg.getType()))
            op->emitRemark() << "arg #" << arg.getArgNumber() << ": "
                             << toString(axisInfo.getAxisInfo(arg));
      }
      for (OpResult result : op->getResults()) {
        if (!isDescribed(result.getType()))
          continue;
        InFlightDiagnostic remark = op->emitRemark();
        if (op->getNumResults() > 1)
          remark << "result #" << result.getResultNumber() << ": ";
        remark << toString(axisInfo.getAxisInfo(result));
      }
    });
  }
};

} // namespace
