//===- TileAttrs.cpp - tile layout attributes -----------------------------===//

#include "tile/IR/Dialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tile;

static unsigned product(ArrayRef<unsigned> values) {
  unsigned result = 1;
  for (unsigned v : values)
    result *= v;
  return result;
}

unsigned BlockedEncodingAttr::getNumWarps() const {
  return product(getWarpsPerCTA());
}

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> sizePerThread,
                            ArrayRef<unsigned> threadsPerWarp,
                            ArrayRef<unsigned> warpsPerCTA,
                            ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0)
    return emitError() << "blocked layout needs at least one dimension";
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "blocked layout parameters must all have rank "
                       << rank;
  if (product(threadsPerWarp) != 32)
    return emitError() << "threadsPerWarp must multiply to 32, got "
                       << product(threadsPerWarp);
  for (ArrayRef<unsigned> values : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : values)
      if (v == 0 || !llvm::isPowerOf2_32(v))
        return emitError() << "blocked layout sizes must be powers of two";
  SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  for (unsigned i = 0; i < rank; ++i)
    if (sorted[i] != i)
      return emitError() << "order must be a permutation of 0.." << rank - 1;
  return success();
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  auto blocked = dyn_cast<BlockedEncodingAttr>(parent);
  if (!blocked)
    return emitError() << "slice parent must be a blocked layout";
  if (dim >= blocked.getRank())
    return emitError() << "slice dimension " << dim
                       << " is out of range for a parent of rank "
                       << blocked.getRank();
  return success();
}

/// Rank a layout describes: a slice has one dimension fewer than its parent.
static unsigned getLayoutRank(Attribute layout) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
    return blocked.getRank();
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return getLayoutRank(slice.getParent()) - 1;
  return 0;
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != getRank())
    return emitError() << "blocked layout of rank " << getRank()
                       << " on a tensor of rank " << shape.size();
  return success();
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != getLayoutRank(*this))
    return emitError() << "slice layout of rank " << getLayoutRank(*this)
                       << " on a tensor of rank " << shape.size();
  return success();
}
