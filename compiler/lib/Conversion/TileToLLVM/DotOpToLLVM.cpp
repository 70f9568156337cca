//===- DotOpToLLVM.cpp - block matrix products: mma.sync or FMA -----------===//
//
// With an mma accumulator the factors arrive in their dot operand layouts,
// so each warp already holds the fragments of its m16n8k16 products: the
// lowering only picks, for each instruction tile, the registers the
// instruction reads (by their coordinates in the operand layouts) and issues
// nvvm.mma.sync. Any other accumulator layout takes the FMA path: every
// thread writes the elements of `a` and `b` it holds to scratch shared
// memory at their row-major positions (rows padded, see
// getDotScratchLayout), a barrier, then each thread computes the
// accumulator elements it holds with one fp32 fma per k, reading a's rows
// and b's columns back.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"
#include "tilec/Analysis/Layout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace tilec;

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

/// Two 16-bit elements as one 32-bit word for mma.sync: a vector<2xf16>
/// for f16, an i32 for bf16 (the form the NVVM op takes).
static Value packPair(OpBuilder &builder, Location loc, Value low,
                      Value high) {
  Type element = low.getType();
  auto pairType = VectorType::get({2}, element);
  Value pair = LLVM::UndefOp::create(builder, loc, pairType);
  for (auto [index, value] : llvm::enumerate(SmallVector<Value>{low, high}))
    pair = LLVM::InsertElementOp::create(
        builder, loc, pair, value,
        LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                 builder.getI32IntegerAttr(index)));
  if (element.isF16())
    return pair;
  return LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), pair);
}

/// acc + a @ b on the tensor cores: `a`, `b` and `acc` are the registers of
/// the thread under `aDist`, `bDist` (dot operand layouts) and `cDist` (the
/// mma layout). Instruction tiles are 16 x 8 x 16 for fp16/bf16 (two
/// consecutive k per 32-bit register) and 16 x 8 x 8 for tf32 (one); the
/// registers' offsets from the thread's base coordinates say which tile each
/// belongs to.
static FailureOr<SmallVector<Value>>
emitMmaProduct(OpBuilder &builder, Location loc, const Distribution &aDist,
               const Distribution &bDist, const Distribution &cDist,
               tile::MmaEncodingAttr mma, ValueRange a, ValueRange b,
               ValueRange acc) {
  ArrayRef<int64_t> aShape = aDist.getShape(), bShape = bDist.getShape();
  int64_t m = aShape[0], k = aShape[1], n = bShape[1];
  int64_t mStep = 16 * mma.getWarpsPerCTA()[0];
  int64_t nStep = 8 * mma.getWarpsPerCTA()[1];
  Type element = a.front().getType();
  bool tf32 = element.isF32();
  // Along k: a register holds `pack` elements; the second half of the
  // instruction's k starts `half` further.
  int64_t kStep = tf32 ? 8 : 16, half = kStep / 2, pack = tf32 ? 1 : 2;
  NVVM::MMATypes ptxType = tf32                 ? NVVM::MMATypes::tf32
                           : element.isBF16()   ? NVVM::MMATypes::bf16
                                                : NVVM::MMATypes::f16;
  auto f32 = builder.getF32Type();
  Type resultType = LLVM::LLVMStructType::getLiteral(
      builder.getContext(), SmallVector<Type>(4, f32));
  // The 32-bit word holding `pack` consecutive k from `row`, `col` on.
  auto word = [&](const Distribution &dist, ValueRange values, int64_t row,
                  int64_t col, bool alongRows) -> Value {
    SmallVector<Value> parts;
    for (int64_t i = 0; i < pack; ++i) {
      int64_t index = alongRows ? dist.find({row + i, col})
                                : dist.find({row, col + i});
      if (index < 0)
        return {};
      parts.push_back(values[index]);
    }
    if (tf32)
      return LLVM::BitcastOp::create(builder, loc, builder.getI32Type(),
                                     parts[0]);
    return packPair(builder, loc, parts[0], parts[1]);
  };

  SmallVector<Value> result(acc.begin(), acc.end());
  for (int64_t mt = 0; mt < m; mt += mStep)
    for (int64_t nt = 0; nt < n; nt += nStep)
      for (int64_t kt = 0; kt < k; kt += kStep) {
        // a0..a3: rows +0/+8, k +0/+half.
        SmallVector<Value> aWords, bWords, cValues;
        for (auto [dr, dk] : {std::pair<int64_t, int64_t>{0, 0}, {8, 0},
                              {0, half}, {8, half}}) {
          Value w = word(aDist, a, mt + dr, kt + dk, /*alongRows=*/false);
          if (!w)
            return failure();
          aWords.push_back(w);
        }
        // b0, b1: k +0/+half.
        for (int64_t dk : {int64_t(0), half}) {
          Value w = word(bDist, b, kt + dk, nt, /*alongRows=*/true);
          if (!w)
            return failure();
          bWords.push_back(w);
        }
        SmallVector<int64_t> slots;
        for (auto [dr, dc] : {std::pair<int64_t, int64_t>{0, 0}, {0, 1},
                              {8, 0}, {8, 1}}) {
          int64_t slot = cDist.find({mt + dr, nt + dc});
          if (slot < 0)
            return failure();
          slots.push_back(slot);
          cValues.push_back(result[slot]);
        }
        Value d = NVVM::MmaOp::create(
            builder, loc, resultType, aWords, bWords, cValues,
            ArrayRef<int64_t>{16, 8, kStep}, std::nullopt, std::nullopt,
            std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
            std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                           NVVM::MMALayout::col});
        for (auto [i, slot] : llvm::enumerate(slots))
          result[slot] = LLVM::ExtractValueOp::create(builder, loc, d, i);
      }
  return result;
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
    if (auto mma = dyn_cast_or_null<tile::MmaEncodingAttr>(cType.getEncoding())) {
      FailureOr<SmallVector<Value>> product = failure();
      Type element = aType.getElementType();
      if (element.isF16() || element.isBF16() ||
          (element.isF32() && op.getPrecision() == tile::InputPrecision::TF32))
        product =
          emitMmaProduct(rewriter, loc, *a, *b, *c, mma, adaptor.getA(),
                         adaptor.getB(), adaptor.getAcc());
      if (failed(product))
        return op.emitOpError("mma.sync takes fp16, bf16 or tf32 factors "
                              "covering the m16n8k16 (m16n8k8) tiles of the "
                              "accumulator");
      rewriter.replaceOpWithMultiple(op, {*product});
      return success();
    }

    auto offsetIt = state.sharedOffsets.find(op);
    if (offsetIt == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no shared memory allocated");
    int64_t k = aType.getDimSize(1), n = bType.getDimSize(1);
    Type element = getTypeConverter()->convertType(aType.getElementType());
    DotScratchLayout shared = getDotScratchLayout(op);
    Value aBase = emitSharedPointer(rewriter, loc, offsetIt->second);
    Value bBase =
        emitSharedPointer(rewriter, loc, offsetIt->second + shared.bOffset);

    // tile-insert-barriers orders these stores after the reads of a previous
    // iteration.
    storeToShared(rewriter, loc, *a, aBase, element, adaptor.getA(), k,
                  shared.aPitch);
    storeToShared(rewriter, loc, *b, bBase, element, adaptor.getB(), n,
                  shared.bPitch);
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
