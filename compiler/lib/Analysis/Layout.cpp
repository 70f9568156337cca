//===- Layout.cpp - questions about tensor layouts ------------------------===//

#include "tilec/Analysis/Layout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace tile;

int64_t tilec::getNumWarps(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  if (!module)
    return kDefaultNumWarps;
  if (auto attr = module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName))
    return attr.getInt();
  return kDefaultNumWarps;
}

unsigned tilec::getElementBytes(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto ptr = dyn_cast<PtrType>(element))
    element = ptr.getPointeeType();
  unsigned bits = element.getIntOrFloatBitWidth();
  return std::max(1u, bits / 8);
}

unsigned tilec::getLayoutRank(Attribute layout) {
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(layout))
    return blocked.getRank();
  if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(layout)) {
    unsigned parentRank = getLayoutRank(slice.getParent());
    return parentRank ? parentRank - 1 : 0;
  }
  return 0;
}

SmallVector<unsigned> tilec::getSizePerThread(Attribute layout) {
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(layout))
    return SmallVector<unsigned>(blocked.getSizePerThread());
  if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(layout)) {
    SmallVector<unsigned> sizes = getSizePerThread(slice.getParent());
    if (slice.getDim() >= sizes.size())
      return {};
    sizes.erase(sizes.begin() + slice.getDim());
    return sizes;
  }
  return {};
}

SmallVector<unsigned> tilec::getOrder(Attribute layout) {
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(layout))
    return SmallVector<unsigned>(blocked.getOrder());
  if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(layout)) {
    // The parent's order without the removed dimension, renumbered.
    SmallVector<unsigned> order;
    unsigned dim = slice.getDim();
    for (unsigned d : getOrder(slice.getParent())) {
      if (d == dim)
        continue;
      order.push_back(d > dim ? d - 1 : d);
    }
    return order;
  }
  return {};
}

Attribute tilec::getSliceLayout(unsigned dim, Attribute parent) {
  // Mirrors SliceEncodingAttr's verifier: only blocked parents for now.
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(parent);
  if (!blocked || dim >= blocked.getRank())
    return {};
  return SliceEncodingAttr::get(parent.getContext(), dim, parent);
}

RankedTensorType tilec::withLayout(Type type, Attribute layout) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               layout);
}

/// Largest power of two not above `value`, and at least 1.
static unsigned floorPow2(int64_t value) {
  if (value <= 1)
    return 1;
  return static_cast<unsigned>(llvm::bit_floor(static_cast<uint64_t>(value)));
}

BlockedEncodingAttr tilec::buildBlockedLayout(MLIRContext *context,
                                              ArrayRef<int64_t> shape,
                                              ArrayRef<unsigned> order,
                                              unsigned vector,
                                              unsigned numWarps) {
  unsigned rank = shape.size();
  assert(rank > 0 && order.size() == rank && "order must cover the shape");
  SmallVector<unsigned> sizePerThread(rank, 1);
  SmallVector<unsigned> threadsPerWarp(rank, 1);
  SmallVector<unsigned> warpsPerCTA(rank, 1);

  unsigned fastest = order.front(), slowest = order.back();
  sizePerThread[fastest] =
      std::min(floorPow2(vector), floorPow2(shape[fastest]));

  // Lanes go to the fastest dimension first so that a warp's accesses are
  // adjacent in memory.
  unsigned lanesLeft = kWarpSize;
  for (unsigned d : order) {
    unsigned wanted = floorPow2(shape[d] / sizePerThread[d]);
    threadsPerWarp[d] = std::min(lanesLeft, wanted);
    lanesLeft /= threadsPerWarp[d];
  }
  threadsPerWarp[fastest] *= lanesLeft;

  // Warps go to the slowest dimension first: a row-major reduction along
  // the fastest dimension then stays within a warp.
  unsigned warpsLeft = numWarps;
  for (unsigned d : llvm::reverse(order)) {
    unsigned wanted =
        floorPow2(shape[d] / (sizePerThread[d] * threadsPerWarp[d]));
    warpsPerCTA[d] = std::min(warpsLeft, wanted);
    warpsLeft /= warpsPerCTA[d];
  }
  warpsPerCTA[slowest] *= warpsLeft;

  return BlockedEncodingAttr::get(context, sizePerThread, threadsPerWarp,
                                  warpsPerCTA, order);
}

BlockedEncodingAttr tilec::getDefaultLayout(MLIRContext *context,
                                            ArrayRef<int64_t> shape,
                                            unsigned numWarps) {
  SmallVector<unsigned> order;
  for (unsigned d = shape.size(); d > 0; --d)
    order.push_back(d - 1);
  return buildBlockedLayout(context, shape, order, /*vector=*/1, numWarps);
}

BlockedEncodingAttr tilec::getMmaAccumulatorLayout(MLIRContext *context,
                                                   ArrayRef<int64_t> shape,
                                                   unsigned numWarps) {
  if (shape.size() != 2 || shape[0] % 16 != 0 ||
      shape[1] % (8 * int64_t(numWarps)) != 0)
    return {};
  return BlockedEncodingAttr::get(context, {1, 2}, {8, 4}, {1, numWarps},
                                  {1, 0});
}
