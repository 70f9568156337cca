//===- ReduceOpToLLVM.cpp - reductions within and across threads ----------===//
//
// A reduction along an axis runs in three steps, each only as wide as the
// layout spreads that axis: first over the values a thread holds, then over
// the lanes of a warp with butterfly shuffles, then over the warps through
// shared memory (one slot per warp and result element, a barrier, and every
// thread combining the slots of its result elements).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec;

/// Combines two partial results of a `kind` reduction.
static Value combine(OpBuilder &builder, Location loc, tile::ReduceKind kind,
                     Value a, Value b) {
  bool isFloat = isa<FloatType>(a.getType());
  switch (kind) {
  case tile::ReduceKind::Sum:
    return isFloat ? arith::AddFOp::create(builder, loc, a, b).getResult()
                   : arith::AddIOp::create(builder, loc, a, b).getResult();
  case tile::ReduceKind::Max:
    return isFloat ? arith::MaxNumFOp::create(builder, loc, a, b).getResult()
                   : arith::MaxSIOp::create(builder, loc, a, b).getResult();
  case tile::ReduceKind::Min:
    return isFloat ? arith::MinNumFOp::create(builder, loc, a, b).getResult()
                   : arith::MinSIOp::create(builder, loc, a, b).getResult();
  }
  llvm_unreachable("unknown reduction kind");
}

Value tilec::emitShuffleXor(OpBuilder &builder, Location loc, Value value,
                            unsigned laneMask) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = builder.getI32Type();
  Value allLanes = emitI32(builder, loc, -1);
  Value clamp = emitI32(builder, loc, 0x1f);
  Value offset = emitI32(builder, loc, laneMask);
  auto shuffle32 = [&](Value word) -> Value {
    return NVVM::ShflOp::create(builder, loc, i32, allLanes, word, offset,
                                clamp, NVVM::ShflKind::bfly, UnitAttr());
  };
  Type intType = builder.getIntegerType(bits);
  Value asInt = isa<IntegerType>(type)
                    ? value
                    : LLVM::BitcastOp::create(builder, loc, intType, value)
                          .getResult();
  Value shuffled;
  if (bits == 64) {
    Value low = LLVM::TruncOp::create(builder, loc, i32, asInt);
    Value high = LLVM::TruncOp::create(
        builder, loc, i32,
        LLVM::LShrOp::create(builder, loc, asInt,
                             arith::ConstantIntOp::create(builder, loc, 32, 64)));
    Type i64 = builder.getI64Type();
    Value lowBack = LLVM::ZExtOp::create(builder, loc, i64, shuffle32(low));
    Value highBack = LLVM::ShlOp::create(
        builder, loc, LLVM::ZExtOp::create(builder, loc, i64, shuffle32(high)),
        arith::ConstantIntOp::create(builder, loc, 32, 64));
    shuffled = LLVM::OrOp::create(builder, loc, lowBack, highBack);
  } else if (bits == 32) {
    shuffled = shuffle32(asInt);
  } else {
    Value wide = LLVM::ZExtOp::create(builder, loc, i32, asInt);
    shuffled = LLVM::TruncOp::create(builder, loc, intType, shuffle32(wide));
  }
  if (isa<IntegerType>(type))
    return shuffled;
  return LLVM::BitcastOp::create(builder, loc, type, shuffled);
}

namespace {

struct ReduceOpLowering : public OpConversionPattern<tile::ReduceOp> {
  ReduceOpLowering(const TypeConverter &converter, MLIRContext *context,
                   const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    std::optional<Distribution> src = Distribution::get(srcType);
    if (!src)
      return rewriter.notifyMatchFailure(op, "no layout");
    unsigned axis = op.getAxis();
    tile::ReduceKind kind = op.getKind();
    ValueRange values = adaptor.getSrc();

    // The result's elements, in the order the result holds them.
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
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
    SmallVector<Value> partials(result ? result->size() : 1);
    for (auto [index, slot] : llvm::enumerate(*slots)) {
      Value &partial = partials[slot];
      partial = partial ? combine(rewriter, loc, kind, partial, values[index])
                        : values[index];
    }

    // 2. Across the lanes that hold distinct elements along the axis: one
    // butterfly round per lane bit that moves along it.
    const tile::LinearLayout &layout = src->getLinearLayout();
    std::optional<ReduceBits> bits = getReduceBits(layout, axis);
    if (!bits)
      return rewriter.notifyMatchFailure(op, "threads mix the reduced axis "
                                             "with other dimensions");
    for (int32_t bit = 0; bit < 5; ++bit) {
      if (!(bits->lanes & (1 << bit)))
        continue;
      for (Value &partial : partials)
        partial = combine(rewriter, loc, kind, partial,
                          emitShuffleXor(rewriter, loc, partial, 1 << bit));
    }

    // 3. Across the warps, through shared memory.
    int64_t warps = int64_t(1) << llvm::popcount(uint32_t(bits->warps));
    if (warps > 1) {
      auto offsetIt = state.sharedOffsets.find(op);
      if (offsetIt == state.sharedOffsets.end())
        return rewriter.notifyMatchFailure(op, "no shared memory allocated");
      Type element = partials.front().getType();
      auto sharedPtrType = LLVM::LLVMPointerType::get(getContext(), kShared);
      Value base = emitSharedPointer(rewriter, loc, offsetIt->second);
      Value laneId = emitLaneId(rewriter, loc);
      Value warpId = emitWarpId(rewriter, loc);
      // The warp's position along the axis.
      Value warp = emitCompressBits(rewriter, loc, warpId, bits->warps);
      // Slot of each result element: its row-major index times the warps.
      SmallVector<Value> slots;
      if (resultType) {
        for (Value linear : result->emitLinearIndices(rewriter, loc))
          slots.push_back(arith::MulIOp::create(
              rewriter, loc, linear, emitI32(rewriter, loc, warps)));
      } else {
        slots.push_back(emitI32(rewriter, loc, 0));
      }
      // One lane of each warp writes its partials: the one with no bit along
      // the axis (they all hold the total now) and none that only makes
      // copies; warps that hold copies of another's partials stay out.
      int32_t quietLanes = bits->lanes | layout.getFreeVariableMask(tile::kLane);
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
          Value ptr = LLVM::GEPOp::create(rewriter, loc, sharedPtrType, element,
                                          base, ValueRange{index});
          LLVM::StoreOp::create(rewriter, loc, partial, ptr);
        }
      }
      emitBarrier(rewriter, loc);
      for (auto [slot, partial] : llvm::zip(slots, partials)) {
        Value total;
        for (int64_t w = 0; w < warps; ++w) {
          Value index = arith::AddIOp::create(rewriter, loc, slot,
                                              emitI32(rewriter, loc, w));
          Value ptr = LLVM::GEPOp::create(rewriter, loc, sharedPtrType, element,
                                          base, ValueRange{index});
          Value loaded = LLVM::LoadOp::create(rewriter, loc, element, ptr);
          total = total ? combine(rewriter, loc, kind, total, loaded) : loaded;
        }
        partial = total;
      }
      // tile-insert-barriers orders these reads before the slots are
      // written again (in the next iteration of a loop).
    }

    if (!resultType) {
      rewriter.replaceOp(op, partials.front());
      return success();
    }
    rewriter.replaceOpWithMultiple(op, {partials});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateReducePatterns(TileTypeConverter &converter,
                                   const LoweringState &state,
                                   RewritePatternSet &patterns) {
  patterns.add<ReduceOpLowering>(converter, patterns.getContext(), state);
}
