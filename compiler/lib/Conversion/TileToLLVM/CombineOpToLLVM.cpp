//===- CombineOpToLLVM.cpp - reductions and scans with a combine region ---===//
//
// tile.combine_reduce takes the steps of tile.reduce (ReduceOpToLLVM.cpp)
// and tile.combine_scan those of tile.scan (Scan.cpp) with k operands at
// once: every step moves each operand (a shuffle, a scratch slot) and then
// combines the k-tuples by cloning the op's combine region, whose scalar ops
// the conversion lowers like any others. The fixed-kind ops keep their own
// patterns, so the kernels that use them are not touched.
//
// tile.map_elementwise clones its region once per element the thread
// holds, with no exchange between threads.
//
// The reduction combines in whatever order the threads meet, as tl.sum
// does: its region must be commutative (Triton's is too). The scan keeps
// the order of elements at every step, so any associative region works
// (a linear recurrence, say).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "Scan.h"

#include "tilec/Analysis/Layout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec;

namespace {

/// One value of each operand.
using Tuple = ScanTuple;

/// The single-block `region` cloned on `args` (its block's arguments, in
/// order): the values its terminator returns.
Tuple emitRegion(OpBuilder &builder, Region &region, ArrayRef<Value> args) {
  Block &block = region.front();
  IRMapping mapping;
  for (auto [arg, value] : llvm::zip_equal(block.getArguments(), args))
    mapping.map(arg, value);
  for (Operation &op : block.without_terminator())
    builder.clone(op, mapping);
  Tuple result;
  for (Value value : block.getTerminator()->getOperands())
    result.push_back(mapping.lookupOrDefault(value));
  return result;
}

/// a op b: the combine region's body cloned on (a, b).
Tuple emitCombine(OpBuilder &builder, Region &combiner, ValueRange a,
                  ValueRange b) {
  SmallVector<Value> args(a.begin(), a.end());
  args.append(b.begin(), b.end());
  return emitRegion(builder, combiner, args);
}

/// Bytes a scratch slot of `type` takes (SharedMemory.cpp's sizing).
uint64_t getSlotBytes(Type type) {
  return std::max(1u, type.getIntOrFloatBitWidth() / 8);
}

/// Element types of the operands.
SmallVector<Type> getElementTypes(ValueRange srcs) {
  SmallVector<Type> elements;
  for (Value src : srcs)
    elements.push_back(cast<RankedTensorType>(src.getType()).getElementType());
  return elements;
}

/// Start of each operand's scratch array: `slots` slots apiece, arrays at
/// multiples of 8 bytes (as SharedMemory.cpp sizes them).
SmallVector<Value> emitScratchArrays(OpBuilder &builder, Location loc,
                                     uint64_t offset, ArrayRef<Type> elements,
                                     uint64_t slots) {
  SmallVector<Value> bases;
  for (Type element : elements) {
    bases.push_back(emitSharedPointer(builder, loc, offset));
    offset += llvm::alignTo(slots * getSlotBytes(element), 8);
  }
  return bases;
}

struct CombineReduceOpLowering
    : public OpConversionPattern<tile::CombineReduceOp> {
  CombineReduceOpLowering(const TypeConverter &converter, MLIRContext *context,
                          const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::CombineReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    std::optional<Distribution> src = Distribution::get(srcType);
    if (!src)
      return rewriter.notifyMatchFailure(op, "no layout");
    unsigned axis = op.getAxis();
    size_t k = op.getSrcs().size();
    ArrayRef<ValueRange> values = adaptor.getSrcs();
    Region &combiner = op.getCombiner();
    auto combine = [&](ValueRange a, ValueRange b) {
      return emitCombine(rewriter, combiner, a, b);
    };

    // The result's elements, in the order the results hold them.
    auto resultType = dyn_cast<RankedTensorType>(op.getResult()[0].getType());
    std::optional<Distribution> result;
    if (resultType) {
      result = Distribution::get(resultType);
      if (!result)
        return rewriter.notifyMatchFailure(op, "no result layout");
    }
    std::optional<SmallVector<size_t>> slots =
        getReductionSlots(*src, result ? &*result : nullptr, axis);
    if (!slots)
      return rewriter.notifyMatchFailure(op, "result layout is not a slice");

    // 1. Within the thread.
    SmallVector<Tuple> partials(result ? result->size() : 1);
    for (auto [index, slot] : llvm::enumerate(*slots)) {
      Tuple current;
      for (size_t i = 0; i < k; ++i)
        current.push_back(values[i][index]);
      Tuple &partial = partials[slot];
      partial = partial.empty() ? current : combine(partial, current);
    }

    // 2. Across the lanes: one butterfly round per lane bit along the axis.
    const tile::LinearLayout &layout = src->getLinearLayout();
    std::optional<ReduceBits> bits = getReduceBits(layout, axis);
    if (!bits)
      return rewriter.notifyMatchFailure(op, "threads mix the reduced axis "
                                             "with other dimensions");
    for (int32_t bit = 0; bit < 5; ++bit) {
      if (!(bits->lanes & (1 << bit)))
        continue;
      for (Tuple &partial : partials) {
        Tuple other;
        for (Value value : partial)
          other.push_back(emitShuffleXor(rewriter, loc, value, 1 << bit));
        partial = combine(partial, other);
      }
    }

    // 3. Across the warps, through one scratch array per operand, as
    // tile.reduce does with its one.
    int64_t warps = int64_t(1) << llvm::popcount(uint32_t(bits->warps));
    if (warps > 1) {
      auto offsetIt = state.sharedOffsets.find(op);
      if (offsetIt == state.sharedOffsets.end())
        return rewriter.notifyMatchFailure(op, "no shared memory allocated");
      SmallVector<Type> elements = getElementTypes(op.getSrcs());
      uint64_t slotCount =
          uint64_t(srcType.getNumElements() / srcType.getDimSize(axis)) * warps;
      SmallVector<Value> bases = emitScratchArrays(
          rewriter, loc, offsetIt->second, elements, slotCount);
      Value laneId = emitLaneId(rewriter, loc);
      Value warpId = emitWarpId(rewriter, loc);
      Value warp = emitCompressBits(rewriter, loc, warpId, bits->warps);
      SmallVector<Value> slots;
      if (resultType) {
        for (Value linear : result->emitLinearIndices(rewriter, loc))
          slots.push_back(arith::MulIOp::create(rewriter, loc, linear,
                                                emitI32(rewriter, loc, warps)));
      } else {
        slots.push_back(emitI32(rewriter, loc, 0));
      }
      // One writer per warp and result element: no lane bit along the axis,
      // no lane or warp that only holds copies.
      int32_t quietLanes =
          bits->lanes | layout.getFreeVariableMask(tile::kLane);
      int32_t quietWarps = layout.getFreeVariableMask(tile::kWarp);
      auto isZero = [&](Value id, int32_t mask) -> Value {
        Value masked = arith::AndIOp::create(rewriter, loc, id,
                                             emitI32(rewriter, loc, mask));
        return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                     masked, emitI32(rewriter, loc, 0));
      };
      Value writer = isZero(laneId, quietLanes);
      if (quietWarps)
        writer = arith::AndIOp::create(rewriter, loc, writer,
                                       isZero(warpId, quietWarps));
      auto ifOp = scf::IfOp::create(rewriter, loc, writer, /*withElse=*/false);
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
        for (auto [slot, partial] : llvm::zip(slots, partials)) {
          Value index = arith::AddIOp::create(rewriter, loc, slot, warp);
          for (size_t i = 0; i < k; ++i)
            LLVM::StoreOp::create(rewriter, loc, partial[i],
                                  emitSharedElementPointer(rewriter, loc,
                                                           bases[i],
                                                           elements[i], index));
        }
      }
      emitBarrier(rewriter, loc);
      for (auto [slot, partial] : llvm::zip(slots, partials)) {
        Tuple total;
        for (int64_t w = 0; w < warps; ++w) {
          Value index = arith::AddIOp::create(rewriter, loc, slot,
                                              emitI32(rewriter, loc, w));
          Tuple loaded;
          for (size_t i = 0; i < k; ++i)
            loaded.push_back(LLVM::LoadOp::create(
                rewriter, loc, elements[i],
                emitSharedElementPointer(rewriter, loc, bases[i], elements[i],
                                         index)));
          total = total.empty() ? loaded : combine(total, loaded);
        }
        partial = total;
      }
      // tile-insert-barriers orders these reads before the slots are
      // written again.
    }

    if (!resultType) {
      rewriter.replaceOp(op, partials.front());
      return success();
    }
    SmallVector<SmallVector<Value>> results(k);
    for (const Tuple &partial : partials)
      for (size_t i = 0; i < k; ++i)
        results[i].push_back(partial[i]);
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }

  const LoweringState &state;
};

/// The partner warp's tuples for `tuples` (one per chunk), exchanged through
/// one scratch array per operand at `bases` (slot thread * chunks + chunk),
/// with a barrier before the loads and one after them.
SmallVector<Tuple> exchangeWarpTuples(OpBuilder &builder, Location loc,
                                      ArrayRef<Value> bases,
                                      ArrayRef<Type> elements,
                                      ArrayRef<Tuple> tuples,
                                      unsigned warpBit) {
  Value tid = emitThreadId(builder, loc);
  Value partnerTid = arith::XOrIOp::create(builder, loc, tid,
                                           emitI32(builder, loc, 32 << warpBit));
  auto slot = [&](Value thread, size_t chunk, size_t i) {
    Value index = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, thread,
                              emitI32(builder, loc, int64_t(tuples.size()))),
        emitI32(builder, loc, int64_t(chunk)));
    return emitSharedElementPointer(builder, loc, bases[i], elements[i],
                                    index);
  };
  for (auto [chunk, tuple] : llvm::enumerate(tuples))
    for (auto [i, value] : llvm::enumerate(tuple))
      LLVM::StoreOp::create(builder, loc, value, slot(tid, chunk, i));
  emitBarrier(builder, loc);
  SmallVector<Tuple> partners(tuples.size());
  for (auto [chunk, partner] : llvm::enumerate(partners))
    for (size_t i = 0; i < elements.size(); ++i)
      partner.push_back(LLVM::LoadOp::create(builder, loc, elements[i],
                                             slot(partnerTid, chunk, i)));
  // The next exchange's stores must wait for these loads.
  emitBarrier(builder, loc);
  return partners;
}

/// The scan of Scan.cpp on tuples. Each combine puts the tuple of the
/// elements that come first along the axis first, so the region need not
/// commute.
struct CombineScanOpLowering : public OpConversionPattern<tile::CombineScanOp> {
  CombineScanOpLowering(const TypeConverter &converter, MLIRContext *context,
                        const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::CombineScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    auto bits = getAxisBits(type.getEncoding(), type.getShape(), op.getAxis());
    if (!bits)
      return rewriter.notifyMatchFailure(op, "the layout splits axis bits");
    uint64_t slots = getScanExchangeSlots(type, op.getAxis());
    auto offset = state.sharedOffsets.find(op);
    if (slots && offset == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no scratch");
    size_t k = op.getSrcs().size();
    ArrayRef<ValueRange> values = adaptor.getSrcs();
    SmallVector<Type> elements = getElementTypes(op.getSrcs());
    Region &combiner = op.getCombiner();

    auto combine = [&](ValueRange a, ValueRange b) {
      return emitCombine(rewriter, combiner, a, b);
    };
    SmallVector<Value> bases;
    auto exchangeWarps = [&](ArrayRef<Tuple> tuples, unsigned warpBit) {
      if (bases.empty())
        bases = emitScratchArrays(rewriter, loc, offset->second, elements,
                                  slots);
      return exchangeWarpTuples(rewriter, loc, bases, elements, tuples,
                                warpBit);
    };
    ScanCallbacks callbacks{combine, exchangeWarps, /*commutative=*/false};
    SmallVector<Tuple> tuples(values[0].size());
    for (auto [r, tuple] : llvm::enumerate(tuples))
      for (size_t i = 0; i < k; ++i)
        tuple.push_back(values[i][r]);
    SmallVector<SmallVector<Value>> results(k);
    for (const Tuple &tuple : emitScan(rewriter, loc, *bits, tuples,
                                       op.getReverse(), callbacks))
      for (size_t i = 0; i < k; ++i)
        results[i].push_back(tuple[i]);
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }

  const LoweringState &state;
};

/// tile.map_elementwise: its region cloned once per `pack` consecutive
/// elements the thread holds, on those elements of each operand. Branches
/// in the region stay branches (scf.if, lowered later), one per clone.
struct MapElementwiseOpLowering
    : public OpConversionPattern<tile::MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::MapElementwiseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<ValueRange> values = adaptor.getSrcs();
    size_t count = values[0].size();
    if (llvm::any_of(values,
                     [&](ValueRange v) { return v.size() != count; }))
      return rewriter.notifyMatchFailure(op, "operand layouts differ");
    // pack consecutive elements a clone, operand by operand; a last run
    // shorter than pack is padded with poison, whose results are dropped.
    size_t pack = op.getPack();
    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (size_t i = 0; i < count; i += pack) {
      SmallVector<Value> args;
      for (ValueRange operand : values)
        for (size_t j = 0; j < pack; ++j)
          args.push_back(i + j < count
                             ? operand[i + j]
                             : LLVM::PoisonOp::create(rewriter, op.getLoc(),
                                                      operand[0].getType())
                                   .getResult());
      Tuple element = emitRegion(rewriter, op.getBody(), args);
      for (size_t k = 0; k < results.size(); ++k)
        for (size_t j = 0; j < pack && i + j < count; ++j)
          results[k].push_back(element[k * pack + j]);
    }
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};

} // namespace

void tilec::populateCombinePatterns(TileTypeConverter &converter,
                                    const LoweringState &state,
                                    RewritePatternSet &patterns) {
  patterns.add<CombineReduceOpLowering, CombineScanOpLowering>(
      converter, patterns.getContext(), state);
  patterns.add<MapElementwiseOpLowering>(converter, patterns.getContext());
}
