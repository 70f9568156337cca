//===- Distribution.cpp - which thread holds which element ----------------===//

#include "Distribution.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace tilec;

Value tilec::emitI32(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, value, 32);
}

Value tilec::emitThreadId(OpBuilder &builder, Location loc) {
  return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
}

/// Splits `id` into coordinates along the dimensions, `counts[order[0]]`
/// varying fastest.
static SmallVector<Value> splitId(OpBuilder &builder, Location loc, Value id,
                                  ArrayRef<int64_t> counts,
                                  ArrayRef<unsigned> order) {
  SmallVector<Value> coords(counts.size());
  int64_t stride = 1;
  for (unsigned dim : order) {
    Value coord = id;
    if (stride > 1)
      coord = arith::DivUIOp::create(builder, loc, coord,
                                     emitI32(builder, loc, stride));
    if (counts[dim] == 1)
      coord = emitI32(builder, loc, 0);
    else
      coord = arith::RemUIOp::create(builder, loc, coord,
                                     emitI32(builder, loc, counts[dim]));
    coords[dim] = coord;
    stride *= counts[dim];
  }
  return coords;
}

SmallVector<Value> tilec::emitLaneCoords(OpBuilder &builder, Location loc,
                                         const BlockedPlacement &blocked) {
  Value lane = arith::RemUIOp::create(builder, loc, emitThreadId(builder, loc),
                                      emitI32(builder, loc, 32));
  return splitId(builder, loc, lane, blocked.threadsPerWarp, blocked.order);
}

SmallVector<Value> tilec::emitWarpCoords(OpBuilder &builder, Location loc,
                                         const BlockedPlacement &blocked) {
  Value warp = arith::DivUIOp::create(builder, loc, emitThreadId(builder, loc),
                                      emitI32(builder, loc, 32));
  return splitId(builder, loc, warp, blocked.warpsPerCTA, blocked.order);
}

/// Resolves a blocked layout against a shape.
static BlockedPlacement placeBlocked(tile::BlockedEncodingAttr layout,
                                     ArrayRef<int64_t> shape) {
  BlockedPlacement placement;
  placement.order.assign(layout.getOrder().begin(), layout.getOrder().end());
  placement.shape.assign(shape.begin(), shape.end());
  for (unsigned d = 0, e = shape.size(); d < e; ++d) {
    int64_t size = std::min<int64_t>(layout.getSizePerThread()[d], shape[d]);
    int64_t lanes = layout.getThreadsPerWarp()[d];
    int64_t warps = layout.getWarpsPerCTA()[d];
    placement.sizePerThread.push_back(size);
    placement.threadsPerWarp.push_back(lanes);
    placement.warpsPerCTA.push_back(warps);
    int64_t distinctLanes = std::clamp<int64_t>(shape[d] / size, 1, lanes);
    placement.distinctLanes.push_back(distinctLanes);
    placement.distinctWarps.push_back(
        std::clamp<int64_t>(shape[d] / (size * lanes), 1, warps));
  }
  return placement;
}

/// Offsets of every element a thread holds under a blocked placement, in
/// the thread's order: `order[0]` fastest, and along each dimension the
/// repetitions of the CTA tile outside the contiguous run of sizePerThread.
static SmallVector<SmallVector<int64_t>>
blockedOffsets(const BlockedPlacement &placement) {
  unsigned rank = placement.shape.size();
  SmallVector<int64_t> counts(rank), tile(rank);
  int64_t total = 1;
  for (unsigned d = 0; d < rank; ++d) {
    tile[d] = placement.sizePerThread[d] * placement.threadsPerWarp[d] *
              placement.warpsPerCTA[d];
    int64_t reps = std::max<int64_t>(1, placement.shape[d] / tile[d]);
    counts[d] = placement.sizePerThread[d] * reps;
    total *= counts[d];
  }
  SmallVector<SmallVector<int64_t>> offsets;
  offsets.reserve(total);
  for (int64_t linear = 0; linear < total; ++linear) {
    SmallVector<int64_t> offset(rank);
    int64_t rest = linear;
    for (unsigned dim : placement.order) {
      int64_t index = rest % counts[dim];
      rest /= counts[dim];
      int64_t size = placement.sizePerThread[dim];
      offset[dim] = (index / size) * tile[dim] + index % size;
    }
    offsets.push_back(std::move(offset));
  }
  return offsets;
}

std::optional<Distribution> Distribution::get(Attribute layout,
                                              ArrayRef<int64_t> shape) {
  // Walk up slices to the root blocked layout, re-inserting each sliced
  // dimension with size 1: a slice holds what its parent holds there.
  SmallVector<int64_t> rootShape(shape);
  SmallVector<unsigned> kept;
  for (unsigned d = 0; d < shape.size(); ++d)
    kept.push_back(d);
  while (auto slice = dyn_cast_or_null<tile::SliceEncodingAttr>(layout)) {
    unsigned dim = slice.getDim();
    rootShape.insert(rootShape.begin() + dim, 1);
    for (unsigned &k : kept)
      if (k >= dim)
        ++k;
    layout = slice.getParent();
  }
  auto blocked = dyn_cast_or_null<tile::BlockedEncodingAttr>(layout);
  if (!blocked || blocked.getRank() != rootShape.size())
    return std::nullopt;

  Distribution result;
  result.rank = shape.size();
  result.blocked = placeBlocked(blocked, rootShape);
  result.keptDims = kept;
  for (const SmallVector<int64_t> &rootOffset : blockedOffsets(result.blocked)) {
    SmallVector<int64_t> offset;
    for (unsigned d : kept)
      offset.push_back(rootOffset[d]);
    // Slices drop dimensions, so several root elements may coincide.
    if (llvm::any_of(result.offsets, [&](const SmallVector<int64_t> &o) {
          return o == offset;
        }))
      continue;
    result.offsets.push_back(std::move(offset));
  }
  return result;
}

std::optional<Distribution> Distribution::get(RankedTensorType type) {
  return get(type.getEncoding(), type.getShape());
}

int64_t Distribution::find(ArrayRef<int64_t> offset) const {
  for (auto [index, candidate] : llvm::enumerate(offsets))
    if (ArrayRef<int64_t>(candidate) == offset)
      return index;
  return -1;
}

SmallVector<Value> Distribution::emitBase(OpBuilder &builder,
                                          Location loc) const {
  SmallVector<Value> lanes = emitLaneCoords(builder, loc, blocked);
  SmallVector<Value> warps = emitWarpCoords(builder, loc, blocked);
  SmallVector<Value> base;
  for (unsigned d : keptDims) {
    int64_t size = blocked.sizePerThread[d];
    int64_t lanesHere = blocked.threadsPerWarp[d];
    Value warpPart = arith::MulIOp::create(
        builder, loc, warps[d], emitI32(builder, loc, size * lanesHere));
    Value lanePart = arith::MulIOp::create(builder, loc, lanes[d],
                                           emitI32(builder, loc, size));
    Value coord = arith::AddIOp::create(builder, loc, warpPart, lanePart);
    // Threads beyond the shape wrap around and hold copies.
    if (size * lanesHere * blocked.warpsPerCTA[d] > blocked.shape[d])
      coord = arith::RemUIOp::create(builder, loc, coord,
                                     emitI32(builder, loc, blocked.shape[d]));
    base.push_back(coord);
  }
  return base;
}

SmallVector<Value> Distribution::emitLinearIndices(OpBuilder &builder,
                                                   Location loc) const {
  SmallVector<Value> base = emitBase(builder, loc);
  SmallVector<Value> indices;
  for (ArrayRef<int64_t> offset : offsets) {
    Value linear = emitI32(builder, loc, 0);
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
      Value coord = arith::AddIOp::create(builder, loc, base[d],
                                          emitI32(builder, loc, offset[d]));
      linear = arith::AddIOp::create(
          builder, loc, linear,
          arith::MulIOp::create(builder, loc, coord,
                                emitI32(builder, loc, stride)));
      stride *= blocked.shape[keptDims[d]];
    }
    indices.push_back(linear);
  }
  return indices;
}

Value Distribution::emitIsOwner(OpBuilder &builder, Location loc) const {
  SmallVector<Value> lanes, warps;
  Value owner;
  auto conjoin = [&](Value coord, int64_t bound) {
    Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                          coord, emitI32(builder, loc, bound));
    owner = owner ? arith::AndIOp::create(builder, loc, owner, inRange)
                  : inRange;
  };
  for (unsigned d = 0, e = blocked.shape.size(); d < e; ++d) {
    if (blocked.distinctLanes[d] < blocked.threadsPerWarp[d]) {
      if (lanes.empty())
        lanes = emitLaneCoords(builder, loc, blocked);
      conjoin(lanes[d], blocked.distinctLanes[d]);
    }
    if (blocked.distinctWarps[d] < blocked.warpsPerCTA[d]) {
      if (warps.empty())
        warps = emitWarpCoords(builder, loc, blocked);
      conjoin(warps[d], blocked.distinctWarps[d]);
    }
  }
  return owner;
}
