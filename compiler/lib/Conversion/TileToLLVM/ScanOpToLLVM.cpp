//===- ScanOpToLLVM.cpp - prefix sums and products along an axis ----------===//
//
// The layout gives each coordinate bit b of the axis to one register, lane
// or warp bit (getAxisBits). The scan goes through those bits from the
// lowest: before step b every element holds P, its prefix within its
// aligned run of 2^b elements, and T, that run's total. Its partner (the
// element whose coordinate differs in bit b only) holds the other run's
// total; an element in the upper run adds it to P, and both add it to T.
// The partner is another register of the thread, a lane (a shuffle) or a
// warp (through the op's scratch). With `reverse`, the lower run adds the
// upper one instead.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tilec/Analysis/Layout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tilec;

/// a op b for a scan of `kind`.
static Value combine(OpBuilder &builder, Location loc, tile::ScanKind kind,
                     Value a, Value b) {
  bool isFloat = isa<FloatType>(a.getType());
  switch (kind) {
  case tile::ScanKind::Sum:
    return isFloat ? arith::AddFOp::create(builder, loc, a, b).getResult()
                   : arith::AddIOp::create(builder, loc, a, b).getResult();
  case tile::ScanKind::Prod:
    return isFloat ? arith::MulFOp::create(builder, loc, a, b).getResult()
                   : arith::MulIOp::create(builder, loc, a, b).getResult();
  case tile::ScanKind::Max:
    return isFloat ? arith::MaxNumFOp::create(builder, loc, a, b).getResult()
                   : arith::MaxSIOp::create(builder, loc, a, b).getResult();
  case tile::ScanKind::Min:
    return isFloat ? arith::MinNumFOp::create(builder, loc, a, b).getResult()
                   : arith::MinSIOp::create(builder, loc, a, b).getResult();
  }
  llvm_unreachable("unknown scan kind");
}

namespace {

struct ScanOpLowering : public OpConversionPattern<tile::ScanOp> {
  ScanOpLowering(const TypeConverter &converter, MLIRContext *context,
                 const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    auto bits = getAxisBits(type.getEncoding(), type.getShape(), op.getAxis());
    if (!bits)
      return rewriter.notifyMatchFailure(op, "the layout splits axis bits");
    std::optional<Distribution> distribution = Distribution::get(type);
    if (!distribution)
      return rewriter.notifyMatchFailure(op, "no layout");
    tile::ScanKind kind = op.getKind();
    bool reverse = op.getReverse();
    Type element = getTypeConverter()->convertType(type.getElementType());
    SmallVector<Value> prefix(adaptor.getSrc().begin(), adaptor.getSrc().end());
    SmallVector<Value> total = prefix;
    size_t count = prefix.size();
    Value base;
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 1);

    for (auto [inDim, bit] : *bits) {
      // The partner's total, and whether this element is in the upper run.
      SmallVector<Value> partner(count);
      SmallVector<Value> upper(count);
      if (inDim == tile::kRegister) {
        for (size_t r = 0; r < count; ++r) {
          partner[r] = total[r ^ (size_t(1) << bit)];
          upper[r] = arith::ConstantIntOp::create(rewriter, loc,
                                                  (r >> bit) & 1, 1);
        }
      } else {
        Value id = inDim == tile::kLane ? emitLaneId(rewriter, loc)
                                        : emitWarpId(rewriter, loc);
        Value isUpper = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ne,
            arith::AndIOp::create(rewriter, loc, id,
                                  emitI32(rewriter, loc, 1 << bit)),
            emitI32(rewriter, loc, 0));
        for (size_t r = 0; r < count; ++r)
          upper[r] = isUpper;
        if (inDim == tile::kLane) {
          for (size_t r = 0; r < count; ++r)
            partner[r] = emitShuffleXor(rewriter, loc, total[r], 1u << bit);
        } else {
          // Warps: every thread's totals through scratch, slot
          // thread * count + register.
          if (!base) {
            auto it = state.sharedOffsets.find(op);
            if (it == state.sharedOffsets.end())
              return rewriter.notifyMatchFailure(op, "no scratch");
            base = emitSharedPointer(rewriter, loc, it->second);
          }
          partner = emitWarpExchange(rewriter, loc, base, element, total, bit);
        }
      }
      for (size_t r = 0; r < count; ++r) {
        // Forward: the upper run adds the lower run's total before its own
        // prefix; reverse: the lower run adds the upper's after it.
        Value takes = reverse ? arith::XOrIOp::create(rewriter, loc, upper[r],
                                                      one)
                                    .getResult()
                              : upper[r];
        Value updated = reverse
                            ? combine(rewriter, loc, kind, prefix[r], partner[r])
                            : combine(rewriter, loc, kind, partner[r], prefix[r]);
        prefix[r] = arith::SelectOp::create(rewriter, loc, takes, updated,
                                            prefix[r]);
        // The kinds are commutative: the order of the run totals is free.
        total[r] = combine(rewriter, loc, kind, total[r], partner[r]);
      }
    }
    rewriter.replaceOpWithMultiple(op, {prefix});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateScanPatterns(TileTypeConverter &converter,
                                 const LoweringState &state,
                                 RewritePatternSet &patterns) {
  patterns.add<ScanOpLowering>(converter, patterns.getContext(), state);
}
