//===- Layout.cpp - questions about tensor layouts ------------------------===//

#include "tilec/Analysis/Layout.h"
#include "tilec/Target/Arch.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <set>

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
  if (auto distributed = dyn_cast_or_null<DistributedLayoutInterface>(layout))
    return distributed.getLayoutRank();
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
  // Mirrors SliceEncodingAttr's verifier: any register layout but a dot
  // operand's.
  if (!parent || isa<DotOperandEncodingAttr>(parent) ||
      dim >= getLayoutRank(parent))
    return {};
  return SliceEncodingAttr::get(parent.getContext(), dim, parent);
}

std::optional<SmallVector<std::pair<std::string, int32_t>>>
tilec::getAxisBits(Attribute layout, ArrayRef<int64_t> shape, unsigned axis) {
  auto distributed = dyn_cast_or_null<DistributedLayoutInterface>(layout);
  if (!distributed || axis >= shape.size())
    return std::nullopt;
  LinearLayout linear = distributed.toLinearLayout(shape);
  std::string axisName = getDimName(axis);
  unsigned axisBits = linear.getOutDimSizeLog2(axisName);
  SmallVector<std::pair<std::string, int32_t>> bits(axisBits);
  SmallVector<bool> found(axisBits, false);
  for (const std::string &inDim : linear.getInDimNames()) {
    for (int32_t bit = 0, e = linear.getInDimSizeLog2(inDim); bit < e; ++bit) {
      int32_t along = linear.getBasis(inDim, bit, axisName);
      if (along == 0)
        continue;
      // A unit step along the axis, and nothing else.
      if (!llvm::isPowerOf2_32(uint32_t(along)))
        return std::nullopt;
      for (const std::string &outDim : linear.getOutDimNames())
        if (outDim != axisName && linear.getBasis(inDim, bit, outDim) != 0)
          return std::nullopt;
      unsigned b = llvm::Log2_32(uint32_t(along));
      if (found[b])
        return std::nullopt;
      found[b] = true;
      bits[b] = {inDim, bit};
    }
  }
  if (!llvm::all_of(found, [](bool f) { return f; }))
    return std::nullopt;
  return bits;
}

/// The linear layout of `layout` on `shape`, if it is a register layout.
static std::optional<LinearLayout>
getRegisterLinearLayout(Attribute layout, ArrayRef<int64_t> shape) {
  auto distributed = dyn_cast_or_null<DistributedLayoutInterface>(layout);
  if (!distributed || distributed.getLayoutRank() != shape.size())
    return std::nullopt;
  return distributed.toLinearLayout(shape);
}

/// Output dims dim0, dim1, ... of the sizes of `shape`.
static SmallVector<std::pair<std::string, int32_t>>
getOutDims(ArrayRef<int64_t> shape) {
  SmallVector<std::pair<std::string, int32_t>> outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.push_back({getDimName(d), int32_t(size)});
  return outDims;
}

/// For each dim, 2^(number of `bases` along it): a nonzero basis counts for
/// its dim, a zero basis (a copy, where a blocked layout's run overruns the
/// shape) for the dim of the basis before it, or `order[0]` at the start.
/// Empty when some basis is not a power of two along one dim.
static SmallVector<unsigned> countRuns(const LinearLayout::Bases &bases,
                                       ArrayRef<unsigned> order) {
  SmallVector<unsigned> counts(order.size(), 1);
  unsigned current = order.front();
  for (const auto &basis : bases) {
    int dim = -1;
    for (auto [d, value] : llvm::enumerate(basis)) {
      if (value == 0)
        continue;
      if (dim >= 0 || !llvm::isPowerOf2_32(uint32_t(value)))
        return {};
      dim = d;
    }
    if (dim >= 0)
      current = dim;
    counts[current] *= 2;
  }
  return counts;
}

/// `layout` as a blocked layout when one spells the same map, else as a
/// `#tile.linear`: derived layouts keep the spelling their neighbours have,
/// so that equal layouts compare equal.
static Attribute spellLayout(MLIRContext *context, const LinearLayout &layout,
                             ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  SmallVector<unsigned> order(rank);
  for (unsigned d = 0; d < rank; ++d)
    order[d] = rank - 1 - d;
  // Every order of up to four dims, row-major (the last dim fastest) first;
  // larger ranks stay linear.
  do {
    if (rank > 4)
      break;
    SmallVector<unsigned> lanes = countRuns(layout.getBases(kLane), order);
    SmallVector<unsigned> warps = countRuns(layout.getBases(kWarp), order);
    if (lanes.empty() || warps.empty())
      break;
    SmallVector<unsigned> sizes(rank, 1);
    for (unsigned d = 0; d < rank; ++d) {
      SmallVector<int32_t> unit(rank, 0);
      for (unit[d] = int32_t(sizes[d]);
           llvm::is_contained(layout.getBases(kRegister), unit);
           unit[d] = int32_t(sizes[d]))
        sizes[d] *= 2;
    }
    auto blocked = BlockedEncodingAttr::getChecked(
        [] { return InFlightDiagnostic(); }, context, ArrayRef<unsigned>(sizes),
        ArrayRef<unsigned>(lanes), ArrayRef<unsigned>(warps),
        ArrayRef<unsigned>(order));
    if (blocked && blocked.toLinearLayout(shape) == layout)
      return blocked;
  } while (std::prev_permutation(order.begin(), order.end()));
  return LinearEncodingAttr::get(context, layout);
}

/// `layout`'s register, lane and warp bases rewritten by `map` (old
/// coordinates to new) over output dims of sizes `shape`, as an attribute.
template <typename MapFn>
static Attribute mapBases(MLIRContext *context, const LinearLayout &layout,
                          ArrayRef<int64_t> shape, MapFn map) {
  SmallVector<std::pair<std::string, LinearLayout::Bases>> inDims;
  for (const std::string &name : layout.getInDimNames()) {
    LinearLayout::Bases bases;
    for (const auto &basis : layout.getBases(name))
      bases.push_back(map(ArrayRef<int32_t>(basis)));
    inDims.push_back({name, std::move(bases)});
  }
  return spellLayout(context, LinearLayout(inDims, getOutDims(shape)), shape);
}

Attribute tilec::permuteLayout(Attribute layout, ArrayRef<int32_t> order,
                               ArrayRef<int64_t> shape) {
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(layout)) {
    if (blocked.getOrder().size() != order.size())
      return {};
    SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA;
    SmallVector<unsigned> inverse(order.size()), newOrder;
    for (auto [i, d] : llvm::enumerate(order)) {
      sizePerThread.push_back(blocked.getSizePerThread()[d]);
      threadsPerWarp.push_back(blocked.getThreadsPerWarp()[d]);
      warpsPerCTA.push_back(blocked.getWarpsPerCTA()[d]);
      inverse[d] = i;
    }
    for (unsigned d : blocked.getOrder())
      newOrder.push_back(inverse[d]);
    return BlockedEncodingAttr::get(layout.getContext(), sizePerThread,
                                    threadsPerWarp, warpsPerCTA, newOrder);
  }
  std::optional<LinearLayout> linear = getRegisterLinearLayout(layout, shape);
  if (!linear || order.size() != shape.size())
    return {};
  SmallVector<int64_t> permuted;
  for (int32_t d : order)
    permuted.push_back(shape[d]);
  return mapBases(layout.getContext(), *linear, permuted,
                  [&](ArrayRef<int32_t> basis) {
                    SmallVector<int32_t> values;
                    for (int32_t d : order)
                      values.push_back(basis[d]);
                    return values;
                  });
}

Attribute tilec::reshapeLayout(Attribute layout, ArrayRef<int64_t> from,
                               ArrayRef<int64_t> to) {
  if (from == to)
    return layout;
  std::optional<LinearLayout> linear = getRegisterLinearLayout(layout, from);
  auto isPow2 = [](int64_t size) {
    return size > 0 && llvm::isPowerOf2_64(size);
  };
  if (!linear || to.empty() || !llvm::all_of(to, isPow2))
    return {};
  return spellLayout(layout.getContext(), linear->reshapeOuts(getOutDims(to)),
                     to);
}

Attribute tilec::joinLayout(Attribute layout, ArrayRef<int64_t> shape) {
  std::optional<LinearLayout> linear = getRegisterLinearLayout(layout, shape);
  if (!linear)
    return {};
  SmallVector<int64_t> joined(shape);
  joined.push_back(2);
  // Every basis gets a 0 along the new dim; the register bases a new
  // lowest bit that selects the right operand.
  SmallVector<std::pair<std::string, LinearLayout::Bases>> inDims;
  for (const std::string &name : linear->getInDimNames()) {
    LinearLayout::Bases bases;
    if (name == kRegister) {
      bases.emplace_back(shape.size(), 0);
      bases.back().push_back(1);
    }
    for (const auto &basis : linear->getBases(name)) {
      bases.push_back(basis);
      bases.back().push_back(0);
    }
    inDims.push_back({name, std::move(bases)});
  }
  return spellLayout(layout.getContext(),
                     LinearLayout(inDims, getOutDims(joined)), joined);
}

Attribute tilec::splitLayout(Attribute layout, ArrayRef<int64_t> shape) {
  if (shape.size() < 2 || shape.back() != 2)
    return {};
  std::optional<LinearLayout> linear = getRegisterLinearLayout(layout, shape);
  if (!linear)
    return {};
  // One register bit, and nothing else, must pick the half.
  unsigned last = shape.size() - 1;
  int halfBit = -1;
  for (const std::string &name : linear->getInDimNames()) {
    for (auto [bit, basis] : llvm::enumerate(linear->getBases(name))) {
      if (basis[last] == 0)
        continue;
      bool unit = llvm::all_of(ArrayRef<int32_t>(basis).drop_back(),
                               [](int32_t v) { return v == 0; });
      if (name != kRegister || !unit || halfBit >= 0)
        return {};
      halfBit = bit;
    }
  }
  if (halfBit < 0)
    return {};
  SmallVector<std::pair<std::string, LinearLayout::Bases>> inDims;
  for (const std::string &name : linear->getInDimNames()) {
    LinearLayout::Bases bases;
    for (auto [bit, basis] : llvm::enumerate(linear->getBases(name))) {
      if (name == kRegister && int(bit) == halfBit)
        continue;
      bases.emplace_back(basis.begin(), basis.end() - 1);
    }
    inDims.push_back({name, std::move(bases)});
  }
  return spellLayout(layout.getContext(),
                     LinearLayout(inDims, getOutDims(shape.drop_back())),
                     shape.drop_back());
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

MmaEncodingAttr tilec::getMmaAccumulatorLayout(MLIRContext *context,
                                               ArrayRef<int64_t> shape,
                                               unsigned numWarps) {
  if (shape.size() != 2 || shape[0] % 16 != 0 || shape[1] % 8 != 0)
    return {};
  // Warps go where they leave the most instruction tiles per warp, so that
  // each warp's tile is as square as the shape allows: fewer fragment loads
  // per product.
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    int64_t tilesM = shape[0] / (16 * wm), tilesN = shape[1] / (8 * wn);
    if (tilesM >= tilesN && tilesM > 1)
      wm *= 2;
    else if (tilesN > 1)
      wn *= 2;
    else
      return {};
  }
  return MmaEncodingAttr::get(context, {wm, wn});
}

/// The dimension a register layout holds contiguously (1 when unknown).
static unsigned getContiguousDim(RankedTensorType type) {
  auto layout = dyn_cast_or_null<DistributedLayoutInterface>(type.getEncoding());
  if (!layout)
    return 1;
  LinearLayout linear = layout.toLinearLayout(type.getShape());
  return linear.getNumConsecutiveRegisters(getDimName(0)) >
                 linear.getNumConsecutiveRegisters(getDimName(1))
             ? 0
             : 1;
}

tile::SwizzledSharedEncodingAttr
tilec::getDotOperandSharedLayout(RankedTensorType srcType) {
  MLIRContext *context = srcType.getContext();
  ArrayRef<int64_t> shape = srcType.getShape();
  // Keep the dimension the source holds contiguously contiguous, so that
  // each thread stores whole vectors.
  unsigned contiguous = getContiguousDim(srcType);
  unsigned elementBytes = getElementBytes(srcType);
  int64_t rowBytes = shape[contiguous] * elementBytes;
  // 16-byte vectors; rows of a 128-byte line share a phase; as many phases
  // as a row has vectors (at most the 8 of a line), so that the eight rows
  // one ldmatrix reads land in the eight 16-byte bank groups.
  unsigned vec = std::max<int64_t>(
      1, std::min<int64_t>(16 / elementBytes, shape[contiguous]));
  unsigned perPhase = std::max<int64_t>(1, 128 / rowBytes);
  unsigned maxPhase = std::clamp<int64_t>(rowBytes / 16, 1, 8);
  SmallVector<unsigned> order = {contiguous, 1 - contiguous};
  return tile::SwizzledSharedEncodingAttr::get(context, vec, perPhase,
                                               maxPhase, order);
}

StringRef tilec::getTargetArch(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  auto target =
      module ? module->getAttrOfType<StringAttr>(kTargetAttrName) : nullptr;
  return target ? target.getValue() : StringRef("sm_80");
}

bool tilec::targetsSm90a(Operation *op) {
  return hasWgmma(getTargetArch(op));
}

WgmmaEncodingAttr tilec::getWgmmaAccumulatorLayout(MLIRContext *context,
                                                   ArrayRef<int64_t> shape,
                                                   unsigned numWarps) {
  if (shape.size() != 2 || numWarps % 4 != 0)
    return {};
  unsigned groups = numWarps / 4;
  // At most two m64 instructions per warpgroup along M (the accumulators of
  // a wider N and more would crowd the registers).
  int64_t tiles = shape[0] / (64 * groups);
  if (shape[0] % (64 * groups) != 0 || tiles > 2 ||
      tiles * shape[1] > 256 || shape[1] < 16 || shape[1] > 256 ||
      !llvm::isPowerOf2_64(shape[1]))
    return {};
  return WgmmaEncodingAttr::get(context, {numWarps, 1}, shape[1]);
}

WgmmaEncodingAttr
tilec::getTransposedWgmmaAccumulatorLayout(MLIRContext *context,
                                           ArrayRef<int64_t> shape,
                                           unsigned numWarps) {
  if (shape.size() != 2 || numWarps % 4 != 0)
    return {};
  int64_t rows = 16 * int64_t(numWarps);
  int64_t tiles = shape[1] / rows;
  // At most two m64 tiles: B's fragments of a whole K tile (16 registers
  // per tile) stay live beside the accumulators while the product runs.
  if (shape[1] % rows != 0 || tiles > 2 || tiles * shape[0] > 256 ||
      shape[0] < 16 || shape[0] > 256 || !llvm::isPowerOf2_64(shape[0]))
    return {};
  return WgmmaEncodingAttr::get(context, {numWarps, 1}, shape[0],
                                /*transposed=*/true);
}

/// PTX's widest swizzle (bytes) that rows of `rowBytes` fill: 128, 64, 32,
/// or 0 for none.
static unsigned getSwizzleBytes(int64_t rowBytes) {
  return rowBytes >= 128 ? 128 : rowBytes >= 64 ? 64 : rowBytes >= 32 ? 32 : 0;
}

NvmmaSharedEncodingAttr
tilec::getTransposedOperandSharedLayout(RankedTensorType srcType) {
  unsigned bits = srcType.getElementTypeBitWidth();
  return NvmmaSharedEncodingAttr::get(
      srcType.getContext(), getSwizzleBytes(srcType.getShape()[1] * bits / 8),
      bits, /*transposed=*/false);
}

NvmmaSharedEncodingAttr
tilec::getWgmmaOperandSharedLayout(RankedTensorType srcType, unsigned opIdx) {
  unsigned bits = srcType.getElementTypeBitWidth();
  unsigned kDim = opIdx == 0 ? 1 : 0;
  unsigned contiguous = bits == 32 ? kDim : getContiguousDim(srcType);
  int64_t rowBytes = srcType.getShape()[contiguous] * bits / 8;
  return NvmmaSharedEncodingAttr::get(srcType.getContext(),
                                      getSwizzleBytes(rowBytes), bits,
                                      /*transposed=*/contiguous == 0);
}

BlockedEncodingAttr tilec::getTransposingFactorLayout(MLIRContext *context,
                                                      ArrayRef<int64_t> shape,
                                                      unsigned opIdx,
                                                      unsigned numWarps) {
  unsigned kDim = opIdx == 0 ? 1 : 0, other = 1 - kDim;
  SmallVector<unsigned> threads(2), warps(2, 1), order = {other, kDim};
  threads[other] = 8;
  threads[kDim] = 4;
  // Warps along K first (as far as it goes), then along the other dim.
  int64_t kLeft = std::max<int64_t>(1, shape[kDim] / 4);
  warps[kDim] = std::min<int64_t>(numWarps, llvm::bit_floor(uint64_t(kLeft)));
  warps[other] = numWarps / warps[kDim];
  return BlockedEncodingAttr::get(context, {1, 1}, threads, warps, order);
}

bool tilec::isRegisterPermutation(RankedTensorType from, RankedTensorType to) {
  auto fromLayout =
      dyn_cast_or_null<DistributedLayoutInterface>(from.getEncoding());
  auto toLayout = dyn_cast_or_null<DistributedLayoutInterface>(to.getEncoding());
  if (!fromLayout || !toLayout || from.getShape() != to.getShape())
    return false;
  LinearLayout source = fromLayout.toLinearLayout(from.getShape());
  LinearLayout target = toLayout.toLinearLayout(to.getShape());
  SmallVector<std::string> threads = {kLane.str(), kWarp.str()};
  SmallVector<std::string> dims = source.getOutDimNames();
  if (source.sublayout(threads, dims) != target.sublayout(threads, dims))
    return false;
  // The registers' own coordinates: the span of the source's register
  // bases must contain each of the target's.
  LinearLayout sourceRegs = source.sublayout({kRegister.str()}, dims);
  std::set<SmallVector<int32_t>> held;
  for (int32_t r = 0, e = sourceRegs.getInDimSize(kRegister); r < e; ++r)
    held.insert(sourceRegs.apply(ArrayRef<int32_t>{r}));
  LinearLayout targetRegs = target.sublayout({kRegister.str()}, dims);
  for (int32_t r = 0, e = targetRegs.getInDimSize(kRegister); r < e; ++r)
    if (!held.count(targetRegs.apply(ArrayRef<int32_t>{r})))
      return false;
  return true;
}
