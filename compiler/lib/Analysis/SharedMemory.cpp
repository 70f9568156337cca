//===- SharedMemory.cpp - what shared memory ops need ---------------------===//

#include "tilec/Analysis/SharedMemory.h"

#include "tilec/Analysis/LayoutRules.h"

#include "tilec/Analysis/Layout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec;

std::optional<ReduceBits> tilec::getReduceBits(const tile::LinearLayout &layout,
                                               unsigned axis) {
  std::string axisDim = tile::getDimName(axis);
  SmallVector<std::string> outDims = layout.getOutDimNames();
  ReduceBits result;
  for (auto [inDim, mask] :
       {std::pair<StringRef, int32_t *>{tile::kLane, &result.lanes},
        {tile::kWarp, &result.warps}}) {
    for (int32_t bit = 0, e = layout.getInDimSizeLog2(inDim); bit < e; ++bit) {
      ArrayRef<int32_t> basis = layout.getBasis(inDim, bit);
      bool alongAxis = false, elsewhere = false;
      for (auto [d, name] : llvm::enumerate(outDims)) {
        if (!basis[d])
          continue;
        (name == axisDim ? alongAxis : elsewhere) = true;
      }
      // A bit that moves along the axis and another dimension at once would
      // combine partials of different results.
      if (alongAxis && elsewhere)
        return std::nullopt;
      if (alongAxis)
        *mask |= 1 << bit;
    }
  }
  return result;
}

/// Bytes one element of `tensor` occupies in shared memory (a pointer, 8).
static unsigned getStoredBytes(RankedTensorType tensor) {
  Type element = tensor.getElementType();
  if (isa<tile::PtrType>(element))
    return 8;
  return std::max(1u, element.getIntOrFloatBitWidth() / 8);
}

DotScratchLayout tilec::getDotScratchLayout(tile::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  unsigned bytes = getStoredBytes(aType);
  DotScratchLayout layout;
  layout.aPitch = aType.getDimSize(1) + 8;
  layout.bPitch = bType.getDimSize(1) + 8;
  layout.bOffset =
      llvm::alignTo(aType.getDimSize(0) * layout.aPitch * bytes, 16);
  layout.bytes = layout.bOffset + bType.getDimSize(0) * layout.bPitch * bytes;
  return layout;
}

/// Bytes an atomic's result takes on its way from the threads that did the
/// atomics to every thread holding a copy: none when the result is unused
/// or no two threads hold the same element.
static uint64_t getAtomicScratchBytes(Operation *op) {
  Value result = op->getResult(0);
  if (result.use_empty())
    return 0;
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type)
    return 8; // a scalar: one thread does it, every thread reads it
  auto layout =
      dyn_cast_or_null<tile::DistributedLayoutInterface>(type.getEncoding());
  if (!layout)
    return 0;
  tile::LinearLayout linear = layout.toLinearLayout(type.getShape());
  if (!linear.getFreeVariableMask(tile::kLane) &&
      !linear.getFreeVariableMask(tile::kWarp))
    return 0;
  return type.getNumElements() * getStoredBytes(type);
}

/// A sort across warps exchanges every thread's values through scratch:
/// one slot per thread and register.
static uint64_t getSortScratchBytes(RankedTensorType type) {
  auto layout =
      dyn_cast_or_null<tile::DistributedLayoutInterface>(type.getEncoding());
  if (!layout)
    return 0;
  auto bits = getAxisBits(layout, type.getShape(), type.getRank() - 1);
  if (!bits || llvm::none_of(*bits, [](const auto &bit) {
        return bit.first == tile::kWarp;
      }))
    return 0;
  tile::LinearLayout linear = layout.toLinearLayout(type.getShape());
  return uint64_t(linear.getInDimSize(tile::kRegister)) *
         linear.getInDimSize(tile::kLane) * linear.getInDimSize(tile::kWarp) *
         getStoredBytes(type);
}

uint64_t tilec::getScanExchangeSlots(RankedTensorType type, unsigned axis) {
  auto layout =
      dyn_cast_or_null<tile::DistributedLayoutInterface>(type.getEncoding());
  if (!layout)
    return 0;
  auto bits = getAxisBits(layout, type.getShape(), axis);
  if (!bits || llvm::none_of(*bits, [](const auto &bit) {
        return bit.first == tile::kWarp;
      }))
    return 0;
  // A chunk: the elements that the lowest axis bits, while they are
  // register bits, tell apart.
  unsigned chunkBits = 0;
  while (chunkBits < bits->size() &&
         (*bits)[chunkBits].first == tile::kRegister)
    ++chunkBits;
  tile::LinearLayout linear = layout.toLinearLayout(type.getShape());
  return uint64_t(linear.getInDimSize(tile::kRegister) >> chunkBits) *
         linear.getInDimSize(tile::kLane) * linear.getInDimSize(tile::kWarp);
}

/// A combine scan across warps exchanges each operand's chunk totals, one
/// array after another, each starting at a multiple of 8 bytes.
static uint64_t getCombineScanScratchBytes(tile::CombineScanOp op) {
  auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
  uint64_t slots = getScanExchangeSlots(type, op.getAxis());
  uint64_t bytes = 0;
  for (Value src : op.getSrcs())
    bytes += llvm::alignTo(
        slots * getStoredBytes(cast<RankedTensorType>(src.getType())), 8);
  return bytes;
}

/// A combine reduction across warps has tl.sum's slots for each operand,
/// one array after another, each starting at a multiple of 8 bytes.
static uint64_t getCombineReduceScratchBytes(tile::CombineReduceOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  auto layout =
      dyn_cast_or_null<tile::DistributedLayoutInterface>(srcType.getEncoding());
  if (!layout)
    return 0;
  std::optional<ReduceBits> bits =
      getReduceBits(layout.toLinearLayout(srcType.getShape()), op.getAxis());
  if (!bits || !bits->warps)
    return 0;
  int64_t warps = int64_t(1) << llvm::popcount(uint32_t(bits->warps));
  int64_t elements =
      srcType.getNumElements() / srcType.getDimSize(op.getAxis());
  uint64_t bytes = 0;
  for (Value src : op.getSrcs())
    bytes +=
        llvm::alignTo(elements * warps *
                          getStoredBytes(cast<RankedTensorType>(src.getType())),
                      8);
  return bytes;
}

uint64_t tilec::getScratchBytes(Operation *op) {
  if (auto scan = dyn_cast<tile::CombineScanOp>(op))
    return getCombineScanScratchBytes(scan);
  if (auto reduce = dyn_cast<tile::CombineReduceOp>(op))
    return getCombineReduceScratchBytes(reduce);
  // Reshape, join and split: every element once, in row-major order
  // (none when each thread already holds what it needs).
  if (isa<tile::ReshapeOp, tile::JoinOp, tile::SplitOp>(op)) {
    if (isRegroupInRegisters(op))
      return 0;
    auto type = cast<RankedTensorType>(
        isa<tile::SplitOp>(op) ? op->getOperand(0).getType()
                               : op->getResult(0).getType());
    return type.getNumElements() * getStoredBytes(type);
  }
  if (auto scan = dyn_cast<tile::ScanOp>(op)) {
    auto type = cast<RankedTensorType>(scan.getType());
    return getScanExchangeSlots(type, scan.getAxis()) * getStoredBytes(type);
  }
  if (auto sort = dyn_cast<tile::SortOp>(op))
    return getSortScratchBytes(cast<RankedTensorType>(sort.getType()));
  // Histogram: one i32 counter per bin.
  if (auto histogram = dyn_cast<tile::HistogramOp>(op))
    return cast<RankedTensorType>(histogram.getType()).getNumElements() * 4;
  // Gather: the source, every element once in row-major order.
  if (auto gather = dyn_cast<tile::GatherOp>(op)) {
    auto type = cast<RankedTensorType>(gather.getSrc().getType());
    return type.getNumElements() * getStoredBytes(type);
  }
  if (isa<tile::AtomicRMWOp, tile::AtomicCASOp>(op))
    return getAtomicScratchBytes(op);
  if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
    auto srcType = cast<RankedTensorType>(reduce.getSrc().getType());
    auto layout =
        dyn_cast_or_null<tile::DistributedLayoutInterface>(srcType.getEncoding());
    if (!layout)
      return 0;
    std::optional<ReduceBits> bits =
        getReduceBits(layout.toLinearLayout(srcType.getShape()), reduce.getAxis());
    if (!bits || !bits->warps)
      return 0;
    int64_t warps = int64_t(1) << llvm::popcount(uint32_t(bits->warps));
    int64_t elements =
        srcType.getNumElements() / srcType.getDimSize(reduce.getAxis());
    return elements * warps * getStoredBytes(srcType);
  }
  if (auto dot = dyn_cast<tile::DotOp>(op)) {
    // Products on the tensor cores take their factors in registers.
    if (isa_and_nonnull<tile::MmaEncodingAttr>(
            cast<RankedTensorType>(dot.getType()).getEncoding()))
      return 0;
    return getDotScratchLayout(dot).bytes;
  }
  if (auto convert = dyn_cast<tile::ConvertLayoutOp>(op)) {
    auto type = cast<RankedTensorType>(convert.getType());
    if (isRegisterPermutation(
            cast<RankedTensorType>(convert.getSrc().getType()), type))
      return 0;
    return type.getNumElements() * getStoredBytes(type);
  }
  return 0;
}

std::optional<uint64_t> tilec::getSharedOffset(Operation *op) {
  if (auto alloc = dyn_cast<tile::LocalAllocOp>(op)) {
    if (std::optional<uint64_t> offset = alloc.getOffset())
      return *offset;
    return std::nullopt;
  }
  if (auto attr = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttrName))
    return attr.getInt();
  return std::nullopt;
}

Value tilec::getViewedBuffer(Operation *op) {
  if (auto subview = dyn_cast<tile::MemDescSubviewOp>(op))
    return subview.getSrc();
  if (auto trans = dyn_cast<tile::MemDescTransOp>(op))
    return trans.getSrc();
  return Value();
}

tile::LocalAllocOp tilec::getAllocation(Value buffer) {
  // Views lie inside their allocation.
  while (Operation *op = buffer.getDefiningOp()) {
    Value viewed = getViewedBuffer(op);
    if (!viewed)
      break;
    buffer = viewed;
  }
  return buffer.getDefiningOp<tile::LocalAllocOp>();
}

bool tilec::startsWithBarrier(Operation *op) {
  return isReleasingScalarAtomic(op) &&
         !op->hasAttr(kNoReleaseBarrierAttrName);
}

bool tilec::isReleasingScalarAtomic(Operation *op) {
  auto releasesScalar = [](auto atomic) {
    tile::MemSemantic sem = atomic.getSem();
    return !isa<RankedTensorType>(atomic.getPtr().getType()) &&
           (sem == tile::MemSemantic::Release ||
            sem == tile::MemSemantic::AcqRel);
  };
  if (auto rmw = dyn_cast<tile::AtomicRMWOp>(op))
    return releasesScalar(rmw);
  if (auto cas = dyn_cast<tile::AtomicCASOp>(op))
    return releasesScalar(cas);
  return false;
}
