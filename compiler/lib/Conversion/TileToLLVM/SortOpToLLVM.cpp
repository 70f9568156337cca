//===- SortOpToLLVM.cpp - tl.sort as a bitonic network in registers -------===//
//
// Triton's bitonic network along the last dimension (n = 2^L elements):
// stages s = 1..L, each with compare-exchange steps along coordinate bits
// i = s-1 down to 0. In a step every element x meets its partner y (the
// element whose coordinate differs in bit i only) and becomes y when
//
//   (x > y) != (flip ^ right)
//
// where `right` is bit i of its coordinate and `flip` bit s of it (stages
// before the last alternate directions), or `descending` in the last
// stage. Keeping Triton's exact rule keeps its results for NaN and signed
// zeros too.
//
// As in the scan lowering, each coordinate bit of the axis is one register,
// lane or warp bit of the layout (getAxisBits): the partner is another
// register of the thread, a lane (a shuffle) or a warp (through the op's
// scratch), so values stay in registers between steps.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tilec/Analysis/Layout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace tilec;

/// x > y as Triton compares: ordered for floats (narrow ones in f32),
/// signed for integers, unsigned for i1.
static Value emitGreater(OpBuilder &builder, Location loc, Value x, Value y) {
  Type type = x.getType();
  if (auto floatType = dyn_cast<FloatType>(type)) {
    if (floatType.getWidth() < 32) {
      x = arith::ExtFOp::create(builder, loc, builder.getF32Type(), x);
      y = arith::ExtFOp::create(builder, loc, builder.getF32Type(), y);
    }
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OGT, x, y);
  }
  auto predicate = type.isInteger(1) ? arith::CmpIPredicate::ugt
                                     : arith::CmpIPredicate::sgt;
  return arith::CmpIOp::create(builder, loc, predicate, x, y);
}

/// Compare-exchanges a thread over every sort of `op`'s function.
static uint64_t kernelSortSteps(tile::SortOp op) {
  uint64_t total = 0;
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return 0;
  func->walk([&](tile::SortOp sort) {
    auto type = cast<RankedTensorType>(sort.getType());
    auto bits =
        getAxisBits(type.getEncoding(), type.getShape(), type.getRank() - 1);
    std::optional<Distribution> distribution = Distribution::get(type);
    if (!bits || !distribution)
      return;
    uint64_t stages = bits->size();
    total += uint64_t(distribution->size()) * stages *
             (stages + 1) / 2;
  });
  return total;
}

namespace {

struct SortOpLowering : public OpConversionPattern<tile::SortOp> {
  SortOpLowering(const TypeConverter &converter, MLIRContext *context,
                 const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::SortOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    auto bits =
        getAxisBits(type.getEncoding(), type.getShape(), type.getRank() - 1);
    if (!bits)
      return rewriter.notifyMatchFailure(op, "the layout splits axis bits");
    Type element = getTypeConverter()->convertType(type.getElementType());
    SmallVector<Value> values(adaptor.getSrc().begin(), adaptor.getSrc().end());
    size_t count = values.size();
    unsigned stages = bits->size();
    // The network is straight-line code: stages (stages + 1) / 2 steps of
    // one compare-exchange per register each. Past this many a thread, all
    // the kernel's sorts together, ptxas takes long (a 1024x1024 sort: 2
    // warps, minutes; 32 warps, 56320 a thread, 20 s; two sorts of 14080
    // each, 55 s).
    constexpr uint64_t kMaxSteps = 1 << 13;
    uint64_t steps = uint64_t(count) * stages * (stages + 1) / 2;
    if (steps > kMaxSteps)
      return op.emitError("this sort (tl.sort, tl.topk) takes ")
             << count << " elements a thread through " << stages * (stages + 1) / 2
             << " steps (" << steps << " compare-exchanges a thread, more than "
             << kMaxSteps << "): use more warps or a smaller block";
    uint64_t total = kernelSortSteps(op);
    if (total > kMaxSteps)
      return op.emitError("this kernel's sorts (tl.sort, tl.topk) take ")
             << total << " compare-exchanges a thread together, more than "
             << kMaxSteps << ": use more warps or smaller blocks";

    // Bit k of the coordinate along the axis of register r's element.
    SmallVector<Value> threadBits(stages);
    auto coordBit = [&](unsigned k, size_t r) -> Value {
      auto [inDim, bit] = (*bits)[k];
      if (inDim == tile::kRegister)
        return arith::ConstantIntOp::create(rewriter, loc, (r >> bit) & 1, 1);
      if (!threadBits[k]) {
        Value id = inDim == tile::kLane ? emitLaneId(rewriter, loc)
                                        : emitWarpId(rewriter, loc);
        threadBits[k] = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ne,
            arith::AndIOp::create(rewriter, loc, id,
                                  emitI32(rewriter, loc, 1 << bit)),
            emitI32(rewriter, loc, 0));
      }
      return threadBits[k];
    };

    Value scratch;
    Value descending =
        arith::ConstantIntOp::create(rewriter, loc, op.getDescending(), 1);
    for (unsigned stage = 1; stage <= stages; ++stage) {
      for (unsigned step = stage; step-- > 0;) {
        auto [inDim, bit] = (*bits)[step];
        SmallVector<Value> partner(count);
        if (inDim == tile::kRegister) {
          for (size_t r = 0; r < count; ++r)
            partner[r] = values[r ^ (size_t(1) << bit)];
        } else if (inDim == tile::kLane) {
          for (size_t r = 0; r < count; ++r)
            partner[r] = emitShuffleXor(rewriter, loc, values[r], 1u << bit);
        } else {
          // Warps: every thread's values through scratch, slot
          // thread * count + register.
          if (!scratch) {
            auto it = state.sharedOffsets.find(op);
            if (it == state.sharedOffsets.end())
              return rewriter.notifyMatchFailure(op, "no scratch");
            scratch = emitSharedPointer(rewriter, loc, it->second);
          }
          partner = emitWarpExchange(rewriter, loc, scratch, element, values,
                                     bit);
        }
        SmallVector<Value> next(count);
        for (size_t r = 0; r < count; ++r) {
          Value flip = stage < stages ? coordBit(stage, r) : descending;
          Value side = arith::XOrIOp::create(rewriter, loc, flip,
                                             coordBit(step, r));
          Value greater = emitGreater(rewriter, loc, values[r], partner[r]);
          Value take = arith::XOrIOp::create(rewriter, loc, greater, side);
          next[r] = arith::SelectOp::create(rewriter, loc, take, partner[r],
                                            values[r]);
        }
        values = std::move(next);
      }
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateSortPatterns(TileTypeConverter &converter,
                                 const LoweringState &state,
                                 RewritePatternSet &patterns) {
  patterns.add<SortOpLowering>(converter, patterns.getContext(), state);
}
