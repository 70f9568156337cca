//===- RemoveLayoutConversions.cpp - the remove-conversions pass ----------===//

#include "tilec/Transforms/Passes.h"

#include "Rematerialize.h"

namespace tilec {
#define GEN_PASS_DEF_TILEREMOVELAYOUTCONVERSIONS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

struct TileRemoveLayoutConversionsPass
    : public tilec::impl::TileRemoveLayoutConversionsBase<
          TileRemoveLayoutConversionsPass> {
  void runOnOperation() override {
    tilec::rematerializeConversions(getOperation());
    tilec::narrowBeforeConversions(getOperation());
  }
};

} // namespace
