//===- DotOpToLLVM.cpp - block matrix products: mma.sync or FMA -----------===//
//
// tile.dot through shared memory: every thread writes the elements of `a`
// and `b` it holds at their row-major positions (rows padded, see
// getDotSharedLayout), a barrier, then each thread
// computes the accumulator elements it holds with one fp32 fma per k,
// reading a's rows and b's columns back. Any operand layout works this way.
// When the factors are fp16 or bf16 and the accumulator has the layout
// mma.sync produces (getMmaAccumulatorLayout), the warps instead read
// m16n8k16 fragments from the same shared memory and multiply on the
// tensor cores; otherwise the FMA loop is the general path.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"
#include "tilec/Analysis/Layout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace tilec;

DotSharedLayout tilec::getDotSharedLayout(tile::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  unsigned bytes = getByteWidth(aType.getElementType());
  DotSharedLayout layout;
  layout.aPitch = aType.getDimSize(1) + 8;
  layout.bPitch = bType.getDimSize(1) + 8;
  layout.bOffset = llvm::alignTo(aType.getDimSize(0) * layout.aPitch * bytes, 16);
  layout.bytes = layout.bOffset + bType.getDimSize(0) * layout.bPitch * bytes;
  return layout;
}

/// Writes the values a thread holds of a tensor with `distribution` to its
/// rows (`cols` elements, `pitch` apart) in shared memory at `base`.
static void storeToShared(OpBuilder &builder, Location loc,
                          const Distribution &distribution, Value base,
                          Type element, ValueRange values, int64_t cols,
                          int64_t pitch) {
  // Copies of an element are equal, so every holder may write it.
  for (auto [ptr, value] :
       llvm::zip(emitSharedElementPointers(builder, loc, distribution, base,
                                           element, cols, pitch),
                 values))
    LLVM::StoreOp::create(builder, loc, value, ptr);
}

/// Loads element `index` (i32) of the array of `element` at `base`, as f32.
static Value loadAsF32(OpBuilder &builder, Location loc, Value base,
                       Type element, Value index) {
  Value ptr = emitSharedElementPointer(builder, loc, base, element, index);
  Value value = LLVM::LoadOp::create(builder, loc, element, ptr);
  if (element.isF32())
    return value;
  return LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), value);
}

/// Loads the 32-bit word at element `index` (i32) of the f16/bf16 array at
/// `base`: two consecutive elements, the first in the low half.
static Value loadPair(OpBuilder &builder, Location loc, Value base,
                      Type element, Value index) {
  Value ptr = emitSharedElementPointer(builder, loc, base, element, index);
  return LLVM::LoadOp::create(builder, loc, builder.getI32Type(), ptr);
}

/// Packs the f16/bf16 elements at `low` and `high` (i32 indices) of the
/// array at `base` into one 32-bit word, `low` in the low half.
static Value loadTwo(OpBuilder &builder, Location loc, Value base,
                     Type element, Value low, Value high) {
  Type i16 = builder.getI16Type(), i32 = builder.getI32Type();
  auto half = [&](Value index) {
    Value ptr = emitSharedElementPointer(builder, loc, base, element, index);
    Value bits = LLVM::LoadOp::create(builder, loc, i16, ptr);
    return LLVM::ZExtOp::create(builder, loc, i32, bits).getResult();
  };
  Value hi = LLVM::ShlOp::create(builder, loc, half(high),
                                 LLVM::ConstantOp::create(
                                     builder, loc, i32,
                                     builder.getI32IntegerAttr(16)));
  return LLVM::OrOp::create(builder, loc, half(low), hi);
}

/// D = A * B + C on the tensor cores for one m16n8k16 tile: `a` four
/// 32-bit words, `b` two, `c` four f32; returns four f32.
static SmallVector<Value> emitMma(OpBuilder &builder, Location loc,
                                  bool bf16, ArrayRef<Value> a,
                                  ArrayRef<Value> b, ArrayRef<Value> c) {
  Type f32 = builder.getF32Type();
  std::string text = llvm::formatv(
      "mma.sync.aligned.m16n8k16.row.col.f32.{0}.{0}.f32 {{$0, $1, $2, $3}, "
      "{{$4, $5, $6, $7}, {{$8, $9}, {{$10, $11, $12, $13};",
      bf16 ? "bf16" : "f16");
  SmallVector<Value> operands(a.begin(), a.end());
  operands.append(b.begin(), b.end());
  operands.append(c.begin(), c.end());
  auto asmOp = LLVM::InlineAsmOp::create(
      builder, loc,
      LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                       SmallVector<Type>(4, f32)),
      operands, text, "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f",
      /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(),
                                LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> d;
  for (unsigned i = 0; i < 4; ++i)
    d.push_back(
        LLVM::ExtractValueOp::create(builder, loc, asmOp.getResult(0), i));
  return d;
}

/// The accumulator elements `c` (in the thread's order under `distribution`,
/// the mma accumulator layout) plus A * B, computed with mma.sync from the
/// row-major factors in shared memory.
static SmallVector<Value> emitMmaProduct(OpBuilder &builder, Location loc,
                                         const Distribution &distribution,
                                         int64_t m, int64_t n, int64_t k,
                                         const DotSharedLayout &shared,
                                         int64_t numWarps, bool bf16,
                                         Type element, Value aBase,
                                         Value bBase, ValueRange c) {
  auto i32 = [&](int64_t v) { return emitI32(builder, loc, v); };
  auto add = [&](Value x, Value y) {
    return arith::AddIOp::create(builder, loc, x, y).getResult();
  };
  auto mul = [&](Value x, int64_t y) {
    return arith::MulIOp::create(builder, loc, x, i32(y)).getResult();
  };
  Value tid = emitThreadId(builder, loc);
  Value lane = arith::RemUIOp::create(builder, loc, tid, i32(32));
  Value warp = arith::DivUIOp::create(builder, loc, tid, i32(32));
  Value group = arith::DivUIOp::create(builder, loc, lane, i32(4));
  Value pairCol = mul(arith::RemUIOp::create(builder, loc, lane, i32(4)), 2);

  int64_t mTiles = m / 16, nTiles = n / (8 * numWarps);
  SmallVector<Value> acc(c.begin(), c.end());
  // Position in the thread's list of accumulator element (row, column)
  // offsets from its base (row group, 2 * (lane % 4) + 8 * warp).
  auto slot = [&](int64_t rowOffset, int64_t colOffset) {
    int64_t index = distribution.find({rowOffset, colOffset});
    assert(index >= 0 && "mma fragment element not held by the thread");
    return index;
  };
  Value warpCol = mul(warp, 8);
  for (int64_t kt = 0; kt < k / 16; ++kt) {
    // A fragments: rows group (+8), columns pairCol (+8) of each m tile.
    SmallVector<SmallVector<Value, 4>> aFrag(mTiles);
    for (int64_t mt = 0; mt < mTiles; ++mt)
      for (auto [dr, dk] : {std::pair<int64_t, int64_t>{0, 0}, {8, 0},
                            {0, 8}, {8, 8}}) {
        Value row = add(group, i32(mt * 16 + dr));
        Value index =
            add(mul(row, shared.aPitch), add(pairCol, i32(kt * 16 + dk)));
        aFrag[mt].push_back(loadPair(builder, loc, aBase, element, index));
      }
    // B fragments: rows pairCol, pairCol + 1 (+8) of column group.
    SmallVector<SmallVector<Value, 2>> bFrag(nTiles);
    for (int64_t nt = 0; nt < nTiles; ++nt) {
      Value col = add(add(warpCol, group), i32(nt * 8 * numWarps));
      for (int64_t dk : {0, 8}) {
        Value row = add(pairCol, i32(kt * 16 + dk));
        Value low = add(mul(row, shared.bPitch), col);
        Value high = add(low, i32(shared.bPitch));
        bFrag[nt].push_back(loadTwo(builder, loc, bBase, element, low, high));
      }
    }
    for (int64_t mt = 0; mt < mTiles; ++mt)
      for (int64_t nt = 0; nt < nTiles; ++nt) {
        int64_t col = nt * 8 * numWarps;
        int64_t slots[4] = {slot(mt * 16, col), slot(mt * 16, col + 1),
                            slot(mt * 16 + 8, col),
                            slot(mt * 16 + 8, col + 1)};
        SmallVector<Value> cIn;
        for (int64_t s : slots)
          cIn.push_back(acc[s]);
        SmallVector<Value> d =
            emitMma(builder, loc, bf16, aFrag[mt], bFrag[nt], cIn);
        for (auto [s, value] : llvm::zip(slots, d))
          acc[s] = value;
      }
  }
  return acc;
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
    DotSharedLayout shared = getDotSharedLayout(op);
    Value aBase = emitSharedPointer(rewriter, loc, offsetIt->second);
    Value bBase =
        emitSharedPointer(rewriter, loc, offsetIt->second + shared.bOffset);

    // In a loop, the previous iteration may still be reading the operands.
    if (op->getParentOfType<scf::ForOp>())
      emitBarrier(rewriter, loc);
    storeToShared(rewriter, loc, *a, aBase, element, adaptor.getA(), k,
                  shared.aPitch);
    storeToShared(rewriter, loc, *b, bBase, element, adaptor.getB(), n,
                  shared.bPitch);
    emitBarrier(rewriter, loc);

    Type aElement = aType.getElementType();
    int64_t numWarps = 1;
    if (auto layout = dyn_cast<tile::BlockedEncodingAttr>(cType.getEncoding()))
      for (unsigned w : layout.getWarpsPerCTA())
        numWarps *= w;
    if ((aElement.isF16() || aElement.isBF16()) && k % 16 == 0 &&
        cType.getEncoding() ==
            getMmaAccumulatorLayout(op.getContext(), cType.getShape(),
                                    numWarps)) {
      rewriter.replaceOpWithMultiple(
          op, {emitMmaProduct(rewriter, loc, *c, m, n, k, shared, numWarps,
                              aElement.isBF16(), element, aBase, bBase,
                              adaptor.getAcc())});
      return success();
    }

    // The accumulator elements a thread holds share few rows and columns:
    // read each row's a[row][kk] and each column's b[kk][col] once per kk.
    SmallVector<Value> base = c->emitBase(rewriter, loc);
    llvm::MapVector<int64_t, Value> rowStarts, cols;
    for (ArrayRef<int64_t> offset : c->getOffsets()) {
      if (!rowStarts.count(offset[0])) {
        Value row = arith::AddIOp::create(rewriter, loc, base[0],
                                          emitI32(rewriter, loc, offset[0]));
        rowStarts[offset[0]] = arith::MulIOp::create(
            rewriter, loc, row, emitI32(rewriter, loc, shared.aPitch));
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
                                         emitI32(rewriter, loc, shared.bPitch));
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
