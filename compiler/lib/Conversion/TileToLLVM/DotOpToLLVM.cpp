//===- DotOpToLLVM.cpp - block matrix products on the FMA units -----------===//
//
// tile.dot through shared memory: every thread writes the elements of `a`
// and `b` it holds at their row-major positions, a barrier, then each thread
// computes the accumulator elements it holds with one fp32 fma per k,
// reading a's rows and b's columns back. Any operand layout works this way.
// This is the general path; tensor cores (mma.sync, wgmma) come later and
// will take the fp16/bf16 cases.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace tilec;

/// Writes the values a thread holds of a tensor with `distribution` to
/// shared memory at `base`, row-major.
static void storeToShared(OpBuilder &builder, Location loc,
                          const Distribution &distribution, Value base,
                          Type element, ValueRange values) {
  auto sharedPtrType =
      LLVM::LLVMPointerType::get(builder.getContext(), kShared);
  // Copies of an element are equal, so every holder may write it.
  for (auto [linear, value] :
       llvm::zip(distribution.emitLinearIndices(builder, loc), values)) {
    Value ptr = LLVM::GEPOp::create(builder, loc, sharedPtrType, element,
                                    base, ValueRange{linear});
    LLVM::StoreOp::create(builder, loc, value, ptr);
  }
}

/// Loads element `index` (i32) of the array of `element` at `base`, as f32.
static Value loadAsF32(OpBuilder &builder, Location loc, Value base,
                       Type element, Value index) {
  auto sharedPtrType =
      LLVM::LLVMPointerType::get(builder.getContext(), kShared);
  Value ptr = LLVM::GEPOp::create(builder, loc, sharedPtrType, element, base,
                                  ValueRange{index});
  Value value = LLVM::LoadOp::create(builder, loc, element, ptr);
  if (element.isF32())
    return value;
  return LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), value);
}

namespace {

struct DotOpLowering : public OpConversionPattern<tile::DotOp> {
  DotOpLowering(const TypeConverter &converter, MLIRContext *context,
                const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getType());
    std::optional<Distribution> a = Distribution::get(aType);
    std::optional<Distribution> b = Distribution::get(bType);
    std::optional<Distribution> c = Distribution::get(cType);
    if (!a || !b || !c)
      return rewriter.notifyMatchFailure(op, "no layout");
    auto offsetIt = state.sharedOffsets.find(op);
    if (offsetIt == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no shared memory allocated");
    int64_t m = aType.getDimSize(0), k = aType.getDimSize(1),
            n = bType.getDimSize(1);
    Type element = getTypeConverter()->convertType(aType.getElementType());
    unsigned bytes = getByteWidth(aType.getElementType());
    Value aBase = emitSharedPointer(rewriter, loc, offsetIt->second);
    Value bBase =
        emitSharedPointer(rewriter, loc, offsetIt->second + m * k * bytes);

    // In a loop, the previous iteration may still be reading the operands.
    if (op->getParentOfType<scf::ForOp>())
      emitBarrier(rewriter, loc);
    storeToShared(rewriter, loc, *a, aBase, element, adaptor.getA());
    storeToShared(rewriter, loc, *b, bBase, element, adaptor.getB());
    emitBarrier(rewriter, loc);

    // The accumulator elements a thread holds share few rows and columns:
    // read each row's a[row][kk] and each column's b[kk][col] once per kk.
    SmallVector<Value> base = c->emitBase(rewriter, loc);
    llvm::MapVector<int64_t, Value> rowStarts, cols;
    for (ArrayRef<int64_t> offset : c->getOffsets()) {
      if (!rowStarts.count(offset[0])) {
        Value row = arith::AddIOp::create(rewriter, loc, base[0],
                                          emitI32(rewriter, loc, offset[0]));
        rowStarts[offset[0]] = arith::MulIOp::create(
            rewriter, loc, row, emitI32(rewriter, loc, k));
      }
      if (!cols.count(offset[1]))
        cols[offset[1]] = arith::AddIOp::create(
            rewriter, loc, base[1], emitI32(rewriter, loc, offset[1]));
    }

    ValueRange acc = adaptor.getAcc();
    auto loop = scf::ForOp::create(
        rewriter, loc, emitI32(rewriter, loc, 0), emitI32(rewriter, loc, k),
        emitI32(rewriter, loc, 1), acc);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value kk = loop.getInductionVar();
      llvm::DenseMap<int64_t, Value> aValues, bValues;
      for (auto &[offset, start] : rowStarts)
        aValues[offset] = loadAsF32(
            rewriter, loc, aBase, element,
            arith::AddIOp::create(rewriter, loc, start, kk));
      Value bRow = arith::MulIOp::create(rewriter, loc, kk,
                                         emitI32(rewriter, loc, n));
      for (auto &[offset, col] : cols)
        bValues[offset] = loadAsF32(
            rewriter, loc, bBase, element,
            arith::AddIOp::create(rewriter, loc, bRow, col));
      SmallVector<Value> sums;
      for (auto [offset, sum] :
           llvm::zip(c->getOffsets(), loop.getRegionIterArgs()))
        sums.push_back(LLVM::FMAOp::create(rewriter, loc, aValues[offset[0]],
                                           bValues[offset[1]], sum));
      scf::YieldOp::create(rewriter, loc, sums);
    }
    rewriter.replaceOpWithMultiple(op, {loop.getResults()});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateDotPatterns(TileTypeConverter &converter,
                                const LoweringState &state,
                                RewritePatternSet &patterns) {
  patterns.add<DotOpLowering>(converter, patterns.getContext(), state);
}
