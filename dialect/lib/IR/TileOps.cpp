//===- TileOps.cpp - tile dialect operations ------------------------------===//

#include "tile/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tile;

#define GET_OP_CLASSES
#include "tile/IR/TileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStart(), end = getEnd();
  if (start < 0 || end <= start)
    return emitOpError("needs 0 <= start < end, got [")
           << start << ", " << end << ")";
  int64_t size = end - start;
  if (!llvm::isPowerOf2_64(size))
    return emitOpError("range size must be a power of two, got ") << size;
  RankedTensorType type = getType();
  if (type.getRank() != 1 || type.getDimSize(0) != size)
    return emitOpError("result must be a rank-1 tensor of ") << size
           << " elements";
  return success();
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandDimsOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError("axis ") << axis << " is out of range for rank "
                                << srcType.getRank();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the operand's with a 1 inserted "
                       "at axis ")
           << axis;
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError("element types must match");
  Attribute srcLayout = srcType.getEncoding();
  Attribute resultLayout = resultType.getEncoding();
  if (!srcLayout && !resultLayout)
    return success();
  auto slice = dyn_cast_or_null<SliceEncodingAttr>(srcLayout);
  if (!slice || !resultLayout || slice.getDim() != axis ||
      slice.getParent() != resultLayout)
    return emitOpError("operand layout must be the slice of the result "
                       "layout along axis ")
           << axis;
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  if (srcType.getRank() != resultType.getRank())
    return emitOpError("operand and result must have the same rank");
  for (auto [s, r] : llvm::zip(srcType.getShape(), resultType.getShape()))
    if (s != r && s != 1)
      return emitOpError("can only broadcast dimensions of size 1");
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError("element types must match");
  if (srcType.getEncoding() != resultType.getEncoding())
    return emitOpError("operand and result layouts must match");
  return success();
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  if (srcType.getShape() != resultType.getShape() ||
      srcType.getElementType() != resultType.getElementType())
    return emitOpError("operand and result must differ in layout only");
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // convert(convert(x)) is one conversion from x.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

LogicalResult PtrCastOp::verify() {
  // (Elementwise checked that both are blocks of one shape, or scalars.)
  Type src = getSrc().getType(), result = getType();
  if (getEncoding(src) != getEncoding(result))
    return emitOpError("operand and result layouts must match");
  Type from = getElementTypeOrSelf(src), to = getElementTypeOrSelf(result);
  bool fromPtr = isa<PtrType>(from), toPtr = isa<PtrType>(to);
  auto isAddress = [](Type type) { return type.isInteger(64); };
  if ((fromPtr && toPtr) || (fromPtr && isAddress(to)) ||
      (toPtr && isAddress(from)))
    return success();
  return emitOpError("casts pointers to pointers, pointers to i64 or i64 to "
                     "pointers, not ")
         << from << " to " << to;
}

LogicalResult AddPtrOp::verify() {
  if (isa<RankedTensorType>(getPtr().getType()) !=
      isa<RankedTensorType>(getOffset().getType()))
    return emitOpError("pointer and offset must both be blocks or both be "
                       "scalars");
  if (auto ptrType = dyn_cast<RankedTensorType>(getPtr().getType()))
    if (ptrType.getShape() !=
        cast<RankedTensorType>(getOffset().getType()).getShape())
      return emitOpError("pointer and offset must have the same shape");
  Attribute ptrLayout = getEncoding(getPtr().getType());
  Attribute offsetLayout = getEncoding(getOffset().getType());
  if (ptrLayout != offsetLayout)
    return emitOpError("pointer and offset layouts must match");
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

/// Checks the cache hints of a load or store: PTX has no instruction with
/// both a cache operator and an eviction priority, and loads and stores take
/// different cache operators.
static LogicalResult verifyCacheHints(Operation *op,
                                      std::optional<CacheModifier> cache,
                                      std::optional<EvictionPolicy> evict,
                                      bool isLoad) {
  if (cache && evict)
    return op->emitOpError("cannot have both a cache modifier and an "
                           "eviction policy (PTX takes one or the other)");
  if (!cache)
    return success();
  bool loadOnly = *cache == CacheModifier::CA || *cache == CacheModifier::LU ||
                  *cache == CacheModifier::CV;
  bool storeOnly = *cache == CacheModifier::WB || *cache == CacheModifier::WT;
  if (isLoad && storeOnly)
    return op->emitOpError("cache modifier '")
           << stringifyCacheModifier(*cache)
           << "' applies to stores, not loads";
  if (!isLoad && loadOnly)
    return op->emitOpError("cache modifier '")
           << stringifyCacheModifier(*cache)
           << "' applies to loads, not stores";
  return success();
}

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("'other' needs a 'mask'");
  if (!getTmaMap() && !getTmaCoords().empty())
    return emitOpError("TMA coordinates need a tensor map");
  if (getTmaMap()) {
    auto type = dyn_cast<RankedTensorType>(getPtr().getType());
    if (!type)
      return emitOpError("a scalar load cannot name a TMA block");
    if (getTmaCoords().size() != size_t(type.getRank()))
      return emitOpError("a rank-")
             << type.getRank() << " block needs " << type.getRank()
             << " TMA coordinates, got " << getTmaCoords().size();
  }
  return verifyCacheHints(*this, getCache(), getEvict(), /*isLoad=*/true);
}

LogicalResult StoreOp::verify() {
  return verifyCacheHints(*this, getCache(), getEvict(), /*isLoad=*/false);
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

LogicalResult ScanOp::verify() {
  auto type = cast<RankedTensorType>(getSrc().getType());
  if (getAxis() >= uint32_t(type.getRank()))
    return emitOpError("axis ") << getAxis() << " is out of range for rank "
                                << type.getRank();
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.isInteger(1))
    return emitOpError("scans numbers, got ") << element;
  return success();
}

//===----------------------------------------------------------------------===//
// ReshapeOp, JoinOp, SplitOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  if (src.getElementType() != result.getElementType())
    return emitOpError("result element type differs from the operand's");
  if (src.getNumElements() != result.getNumElements())
    return emitOpError("reshapes ")
           << src.getNumElements() << " elements into "
           << result.getNumElements();
  return success();
}

LogicalResult JoinOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getType());
  if (lhs.getShape() != rhs.getShape() ||
      lhs.getElementType() != rhs.getElementType())
    return emitOpError("operands must have one type");
  SmallVector<int64_t> shape(lhs.getShape());
  shape.push_back(2);
  if (result.getShape() != ArrayRef<int64_t>(shape) ||
      result.getElementType() != lhs.getElementType())
    return emitOpError("result must be the operands' shape with a last "
                       "dimension of 2");
  return success();
}

LogicalResult SplitOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getRank() < 1 || src.getShape().back() != 2)
    return emitOpError("the last dimension must be 2");
  for (Value result : {getLhs(), getRhs()}) {
    auto type = cast<RankedTensorType>(result.getType());
    if (type.getShape() != src.getShape().drop_back() ||
        type.getElementType() != src.getElementType())
      return emitOpError("results must be the operand's shape without its "
                         "last dimension");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp, SortOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto index = cast<RankedTensorType>(getIndex().getType());
  auto result = cast<RankedTensorType>(getType());
  if (src.getElementType() != result.getElementType())
    return emitOpError("result element type differs from the source's");
  if (index.getShape() != result.getShape())
    return emitOpError("result shape must be the index's");
  int64_t rank = src.getRank();
  if (index.getRank() != rank)
    return emitOpError("index has rank ")
           << index.getRank() << " but the source has rank " << rank;
  int64_t axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " is out of range for rank "
                                << rank;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && index.getDimSize(d) != src.getDimSize(d))
      return emitOpError("index dimension ")
             << d << " is " << index.getDimSize(d)
             << " but the source's is " << src.getDimSize(d);
  return success();
}

LogicalResult HistogramOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  if (src.getRank() != 1 || result.getRank() != 1)
    return emitOpError("counts a 1-d block into a 1-d block");
  if (src.getElementType().isInteger(1))
    return emitOpError("counts integers, got ") << src;
  return success();
}

LogicalResult SortOp::verify() {
  if (isa<PtrType>(getElementTypeOrSelf(getSrc().getType())))
    return emitOpError("sorts numbers, got ") << getSrc().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  std::optional<ArrayRef<int64_t>> shape;
  for (Type type : getArgs().getTypes()) {
    if (isa<PtrType>(getElementTypeOrSelf(type)))
      return emitOpError("prints numbers, got ") << type;
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (shape && *shape != tensor.getShape())
      return emitOpError("block operands must have one shape");
    shape = tensor.getShape();
  }
  if (std::optional<ArrayRef<bool>> flags = getUnsignedArgs();
      flags && flags->size() != getArgs().size())
    return emitOpError("unsigned_args needs one entry per operand, got ")
           << flags->size() << " for " << getArgs().size();
  return success();
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

LogicalResult TransOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  ArrayRef<int32_t> order = getOrder();
  if (order.size() != size_t(src.getRank()))
    return emitOpError("order has ") << order.size() << " entries for a rank "
                                     << src.getRank() << " block";
  llvm::SmallVector<bool> seen(order.size(), false);
  for (int32_t d : order) {
    if (d < 0 || d >= src.getRank() || seen[d])
      return emitOpError("order must be a permutation of 0..")
             << src.getRank() - 1;
    seen[d] = true;
  }
  if (src.getElementType() != result.getElementType())
    return emitOpError("result element type differs from the operand's");
  for (auto [i, d] : llvm::enumerate(order))
    if (result.getDimSize(i) != src.getDimSize(d))
      return emitOpError("result dimension ")
             << i << " is " << result.getDimSize(i) << " but operand dimension "
             << d << " is " << src.getDimSize(d);
  return success();
}

//===----------------------------------------------------------------------===//
// ExternElementwiseOp
//===----------------------------------------------------------------------===//

LogicalResult ExternElementwiseOp::verify() {
  if (getSymbol().empty())
    return emitOpError("needs a symbol");
  for (Type type : getSrcs().getTypes())
    if (isa<PtrType>(getElementTypeOrSelf(type)))
      return emitOpError("operands must be numbers, got ") << type;
  if (isa<PtrType>(getElementTypeOrSelf(getType())))
    return emitOpError("the result must be a number");
  return success();
}

//===----------------------------------------------------------------------===//
// InlineAsmOp
//===----------------------------------------------------------------------===//

LogicalResult InlineAsmOp::verify() {
  if (getAsmString().empty())
    return emitOpError("needs assembly text");
  if (getResults().empty())
    return emitOpError("needs at least one result");
  if (getPack() < 1 || getPack() > 16 || !llvm::isPowerOf2_32(getPack()))
    return emitOpError("pack must be 1, 2, 4, 8 or 16, got ") << getPack();
  std::optional<ArrayRef<int64_t>> shape;
  auto check = [&](Type type) -> LogicalResult {
    if (isa<PtrType>(getElementTypeOrSelf(type)))
      return emitOpError("operands and results must be numbers, got ")
             << type;
    auto tensor = dyn_cast<RankedTensorType>(type);
    ArrayRef<int64_t> s = tensor ? tensor.getShape() : ArrayRef<int64_t>();
    if (shape && *shape != s)
      return emitOpError("operands and results must have one shape");
    shape = s;
    return success();
  };
  for (Type type : getSrcs().getTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}

void InlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  Type element = getElementTypeOrSelf(getValue().getType());
  unsigned bits = element.getIntOrFloatBitWidth();
  AtomicKind kind = getKind();
  if (element.isInteger()) {
    if (bits != 32 && bits != 64)
      return emitOpError("integer atomics take 32- or 64-bit elements, got ")
             << element;
    return success();
  }
  if (element.isF32() || element.isF64()) {
    if (kind == AtomicKind::Add || kind == AtomicKind::Max ||
        kind == AtomicKind::Min || kind == AtomicKind::Xchg)
      return success();
    return emitOpError("'") << stringifyAtomicKind(kind)
                            << "' does not apply to " << element
                            << " (floats take add, max, min and xchg)";
  }
  if (element.isF16() || element.isBF16()) {
    if (kind == AtomicKind::Add)
      return success();
    return emitOpError("'") << stringifyAtomicKind(kind)
                            << "' does not apply to " << element
                            << " (16-bit floats take add only)";
  }
  return emitOpError("atomics do not apply to ") << element;
}

LogicalResult AtomicCASOp::verify() {
  Type element = getElementTypeOrSelf(getValue().getType());
  if (!element.isIntOrFloat())
    return emitOpError("atomics do not apply to ") << element;
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 16 && bits != 32 && bits != 64)
    return emitOpError("compare-and-swap takes 16-, 32- or 64-bit elements, "
                       "got ")
           << element;
  return success();
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto aType = cast<RankedTensorType>(getA().getType());
  auto bType = cast<RankedTensorType>(getB().getType());
  auto accType = cast<RankedTensorType>(getAcc().getType());
  if (aType.getRank() != 2 || bType.getRank() != 2 || accType.getRank() != 2)
    return emitOpError("operands must be 2-D blocks");
  Type element = aType.getElementType();
  if (element != bType.getElementType())
    return emitOpError("'a' and 'b' must have the same element type, got ")
           << element << " and " << bType.getElementType();
  if (!element.isF16() && !element.isBF16() && !element.isF32() &&
      !isa<Float8E4M3FNType, Float8E5M2Type>(element))
    return emitOpError("operands must be f16, bf16, f32 or fp8 (f8E4M3FN, "
                       "f8E5M2), got ")
           << element;
  if (!accType.getElementType().isF32())
    return emitOpError("the accumulator must be f32, got ")
           << accType.getElementType();
  if (aType.getDimSize(1) != bType.getDimSize(0))
    return emitOpError("'a' is ")
           << aType.getDimSize(0) << "x" << aType.getDimSize(1)
           << " and 'b' " << bType.getDimSize(0) << "x" << bType.getDimSize(1)
           << ": the inner dimensions differ";
  if (accType.getDimSize(0) != aType.getDimSize(0) ||
      accType.getDimSize(1) != bType.getDimSize(1))
    return emitOpError("the accumulator must be ")
           << aType.getDimSize(0) << "x" << bType.getDimSize(1);
  // A tensor-core product takes its factors in the operand layouts of its
  // accumulator's layout, and only those.
  auto mma = dyn_cast_or_null<MmaEncodingAttr>(accType.getEncoding());
  for (auto [index, type] :
       llvm::enumerate(SmallVector<RankedTensorType>{aType, bType})) {
    auto operand =
        dyn_cast_or_null<DotOperandEncodingAttr>(type.getEncoding());
    if (!mma && !operand)
      continue;
    if (!mma)
      return emitOpError("factors in dot operand layouts need an mma "
                         "accumulator");
    if (!operand || operand.getOpIdx() != index || operand.getParent() != mma)
      return emitOpError("with an mma accumulator, factor ")
             << index << " must have layout #tile.dot_operand<opIdx = "
             << index << ", parent = " << mma << ", ...>";
  }
  return success();
}

namespace {

/// `x + dot(a, b, 0)` -> `dot(a, b, x)`: `acc += tl.dot(a, b)` accumulates
/// in the product's own registers instead of adding a second tile.
struct FoldAddIntoDot : public OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto dot = add->getOperand(i).getDefiningOp<DotOp>();
      if (!dot || !dot->hasOneUse() || !isZeroBits(dot.getAcc()))
        continue;
      // fp8 products on wgmma are summed in fp32 outside it on purpose
      // (tile-assign-layouts splits them so, once layouts are known).
      if (isa<Float8E4M3FNType, Float8E5M2Type>(
              cast<RankedTensorType>(dot.getA().getType()).getElementType()) &&
          cast<RankedTensorType>(dot.getType()).getEncoding())
        continue;
      Value other = add->getOperand(1 - i);
      if (other.getType() != dot.getType())
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(add, dot.getType(), dot.getA(),
                                         dot.getB(), other,
                                         dot.getPrecision());
      rewriter.eraseOp(dot);
      return success();
    }
    return failure();
  }
};

} // namespace

void DotOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<FoldAddIntoDot>(context);
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// Checks that a register tensor and a buffer hold the same elements.
static LogicalResult verifySameContents(Operation *op, RankedTensorType tensor,
                                        MemDescType buffer) {
  if (tensor.getShape() != buffer.getShape() ||
      tensor.getElementType() != buffer.getElementType())
    return op->emitOpError("tensor ")
           << tensor << " and buffer " << buffer
           << " must have the same shape and element type";
  if (tensor.getEncoding() &&
      !isa<DistributedLayoutInterface>(tensor.getEncoding()))
    return op->emitOpError("the tensor must have a register layout");
  return success();
}

LogicalResult LocalAllocOp::verify() {
  if (!getSrc())
    return success();
  return verifySameContents(*this, cast<RankedTensorType>(getSrc().getType()),
                            getType());
}

LogicalResult LocalStoreOp::verify() {
  return verifySameContents(*this, cast<RankedTensorType>(getSrc().getType()),
                            getDst().getType());
}

LogicalResult LocalLoadOp::verify() {
  return verifySameContents(*this, cast<RankedTensorType>(getType()),
                            getSrc().getType());
}

/// The shape and element type of a factor: a buffer or a register tensor.
static std::pair<ArrayRef<int64_t>, Type> getFactorShape(Type type) {
  if (auto buffer = dyn_cast<MemDescType>(type))
    return {buffer.getShape(), buffer.getElementType()};
  auto tensor = cast<RankedTensorType>(type);
  return {tensor.getShape(), tensor.getElementType()};
}

LogicalResult WarpGroupDotOp::verify() {
  auto aBuffer = dyn_cast<MemDescType>(getA().getType());
  auto aTensor = dyn_cast<RankedTensorType>(getA().getType());
  auto bBuffer = dyn_cast<MemDescType>(getB().getType());
  auto bTensor = dyn_cast<RankedTensorType>(getB().getType());
  auto [aShape, element] = getFactorShape(getA().getType());
  auto [bShape, bElement] = getFactorShape(getB().getType());
  auto acc = cast<RankedTensorType>(getAcc().getType());
  if (aShape.size() != 2 || bShape.size() != 2 || acc.getRank() != 2)
    return emitOpError("operands must be 2-D");
  bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(element);
  if (element != bElement ||
      !(element.isF16() || element.isBF16() || element.isF32() || fp8))
    return emitOpError("factors must both be f16, both bf16, both f32 "
                       "(tf32) or both the same fp8 type");
  if (!acc.getElementType().isF32())
    return emitOpError("the accumulator must be f32");
  if (aShape[1] != bShape[0] || acc.getShape()[0] != aShape[0] ||
      acc.getShape()[1] != bShape[1])
    return emitOpError("shapes do not multiply: ")
           << getA().getType() << " times " << getB().getType() << " into "
           << acc;
  auto accLayout = dyn_cast_or_null<WgmmaEncodingAttr>(acc.getEncoding());
  if (!accLayout)
    return emitOpError("the accumulator must have a #tile.wgmma layout");
  if (aTensor) {
    // wgmma's register operand A: 16-bit elements, 2 per register.
    auto aLayout =
        dyn_cast_or_null<DotOperandEncodingAttr>(aTensor.getEncoding());
    if (accLayout.getTransposed() || !aLayout || aLayout.getOpIdx() != 0 ||
        aLayout.getParent() != accLayout)
      return emitOpError("a register tensor a must be in "
                         "#tile.dot_operand<opIdx = 0> of the (untransposed) "
                         "accumulator layout");
    // (Its kWidth 2 holds 16-bit elements: f16 or bf16.)
    if (!bBuffer || !isa<NvmmaSharedEncodingAttr>(bBuffer.getEncoding()))
      return emitOpError("with a register tensor a, b must be in a "
                         "#tile.nvmma_shared buffer");
    return success();
  }
  auto aLayout = dyn_cast<NvmmaSharedEncodingAttr>(aBuffer.getEncoding());
  if (accLayout.getTransposed()) {
    // D^T = B^T A^T: B in wgmma's registers, A as its K-major B operand.
    auto bLayout = bTensor ? dyn_cast_or_null<DotOperandEncodingAttr>(
                                 bTensor.getEncoding())
                           : DotOperandEncodingAttr();
    if (!bLayout || bLayout.getParent() != accLayout)
      return emitOpError("with a transposed accumulator layout, b must be a "
                         "register tensor in #tile.dot_operand<opIdx = 1> of "
                         "that layout");
    if (!aLayout || aLayout.getTransposed())
      return emitOpError("a must be in a K-major #tile.nvmma_shared buffer "
                         "(transposed = false)");
    return success();
  }
  auto bLayout = bBuffer ? dyn_cast<NvmmaSharedEncodingAttr>(
                               bBuffer.getEncoding())
                         : NvmmaSharedEncodingAttr();
  if (!aLayout || !bLayout)
    return emitOpError("factors must be in #tile.nvmma_shared buffers");
  // wgmma reads tf32 and fp8 factors K-major only: A not transposed, B
  // transposed.
  if ((element.isF32() || fp8) &&
      (aLayout.getTransposed() || !bLayout.getTransposed()))
    return emitOpError("f32 (tf32) and fp8 factors must be K-major: A with K "
                       "contiguous (transposed = false), B with K contiguous "
                       "(transposed = true)");
  return success();
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  ArrayRef<int64_t> from = src.getShape(), to = result.getShape();
  if (from.size() != 2 || to.size() != 2 || from[0] != to[1] ||
      from[1] != to[0] || src.getElementType() != result.getElementType())
    return emitOpError("the result must be the 2-d source with its "
                       "dimensions swapped, got ")
           << src << " -> " << result;
  auto srcLayout = dyn_cast<NvmmaSharedEncodingAttr>(src.getEncoding());
  auto resultLayout = dyn_cast<NvmmaSharedEncodingAttr>(result.getEncoding());
  if (!srcLayout || !resultLayout ||
      srcLayout.getSwizzle() != resultLayout.getSwizzle() ||
      srcLayout.getElementBits() != resultLayout.getElementBits() ||
      srcLayout.getTransposed() == resultLayout.getTransposed())
    return emitOpError("transposes a #tile.nvmma_shared buffer: the result's "
                       "layout is the source's with `transposed` flipped");
  return success();
}

LogicalResult AsyncCopyOp::verify() {
  auto ptrType = cast<RankedTensorType>(getPtr().getType());
  MemDescType dst = getDst().getType();
  Type pointee = cast<PtrType>(ptrType.getElementType()).getPointeeType();
  if (ptrType.getShape() != dst.getShape() || pointee != dst.getElementType())
    return emitOpError("pointers to ")
           << pointee << " of shape " << ptrType << " cannot fill buffer "
           << dst;
  return success();
}

/// Checks that `barrier` is one mbarrier: a 1x1 buffer of one i64 (shared
/// layouts describe two dimensions).
static LogicalResult verifyMBarrier(Operation *op, MemDescType barrier) {
  if (barrier.getShape() != ArrayRef<int64_t>{1, 1} ||
      !barrier.getElementType().isInteger(64))
    return op->emitOpError("an mbarrier is a buffer of one i64, got ")
           << barrier;
  return success();
}

LogicalResult TmaCopyOp::verify() {
  MemDescType dst = getDst().getType();
  if (getCoords().size() != dst.getShape().size())
    return emitOpError("a rank-")
           << dst.getShape().size() << " buffer needs "
           << dst.getShape().size() << " coordinates, got "
           << getCoords().size();
  auto layout = dyn_cast<NvmmaSharedEncodingAttr>(dst.getEncoding());
  if (!layout || layout.getTransposed() || dst.getShape().size() != 2)
    return emitOpError("TMA fills a 2-d #tile.nvmma_shared buffer whose last "
                       "dimension is contiguous, got ")
           << dst;
  return verifyMBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierInitOp::verify() {
  return verifyMBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierInvalOp::verify() {
  return verifyMBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierExpectOp::verify() {
  return verifyMBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierWaitOp::verify() {
  return verifyMBarrier(*this, getBarrier().getType());
}

LogicalResult MemDescSubviewOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (src.getShape().size() < 2 ||
      src.getShape().drop_front() != result.getShape() ||
      src.getElementType() != result.getElementType() ||
      src.getEncoding() != result.getEncoding())
    return emitOpError("the result must be ")
           << "one buffer of the source's leading dimension (same element "
              "type and layout)";
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("axis ") << axis << " is out of range for rank "
                                << srcType.getRank();
  Type elementType = srcType.getElementType();
  if (isa<PtrType>(elementType))
    return emitOpError("cannot reduce pointers");
  if (srcType.getRank() == 1) {
    if (getType() != elementType)
      return emitOpError("reducing a rank-1 block must give a scalar of its "
                         "element type");
    return success();
  }
  auto resultType = dyn_cast<RankedTensorType>(getType());
  SmallVector<int64_t> expected(srcType.getShape());
  expected.erase(expected.begin() + axis);
  if (!resultType || resultType.getShape() != ArrayRef<int64_t>(expected) ||
      resultType.getElementType() != elementType)
    return emitOpError("result must be the operand without dimension ")
           << axis;
  Attribute srcLayout = srcType.getEncoding();
  Attribute resultLayout = resultType.getEncoding();
  if (!srcLayout && !resultLayout)
    return success();
  auto slice = dyn_cast_or_null<SliceEncodingAttr>(resultLayout);
  if (!slice || slice.getDim() != axis || slice.getParent() != srcLayout)
    return emitOpError("result layout must be the slice of the operand "
                       "layout along axis ")
           << axis;
  return success();
}

//===----------------------------------------------------------------------===//
// CombineReduceOp, CombineScanOp
//===----------------------------------------------------------------------===//

/// The checks both combine ops share: k operands of one shape and layout,
/// an axis within their rank.
static LogicalResult verifyCombineOperands(Operation *op, ValueRange srcs,
                                           uint32_t axis) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  auto first = cast<RankedTensorType>(srcs.front().getType());
  if (axis >= uint32_t(first.getRank()))
    return op->emitOpError("axis ")
           << axis << " is out of range for rank " << first.getRank();
  for (Value src : srcs) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getShape() != first.getShape() ||
        type.getEncoding() != first.getEncoding())
      return op->emitOpError("operands must share one shape and layout");
    if (isa<PtrType>(type.getElementType()))
      return op->emitOpError("cannot combine pointers");
  }
  return success();
}

/// The combine region takes (a_0..a_k-1, b_0..b_k-1) of the operands'
/// element types, returns k values of those types and holds scalar code
/// only: its lowering repeats it on the values a thread holds.
/// Every op in `region` (a `kind` region: combine, map_elementwise) works
/// on scalars: the region runs once per element or pair of elements.
static LogicalResult verifyScalarRegion(Region &region, StringRef kind) {
  WalkResult walk = region.walk([&](Operation *inner) {
    auto isShaped = [](Type type) { return isa<ShapedType>(type); };
    if (llvm::any_of(inner->getOperandTypes(), isShaped) ||
        llvm::any_of(inner->getResultTypes(), isShaped)) {
      inner->emitOpError("in a ") << kind << " region must work on scalars";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

static LogicalResult verifyCombiner(Operation *op, ValueRange srcs,
                                    Region &region) {
  Block &block = region.front();
  SmallVector<Type> elements;
  for (Value src : srcs)
    elements.push_back(cast<RankedTensorType>(src.getType()).getElementType());
  SmallVector<Type> expected(elements);
  expected.append(elements);
  if (TypeRange(block.getArgumentTypes()) != TypeRange(expected))
    return op->emitOpError("the combine region must take ")
           << 2 * srcs.size() << " scalars: two of each operand's element type";
  Operation *terminator = block.getTerminator();
  if (TypeRange(terminator->getOperandTypes()) != TypeRange(elements))
    return terminator->emitOpError("must return ")
           << srcs.size() << " value" << (srcs.size() == 1 ? "" : "s")
           << " of the operands' element types";
  return verifyScalarRegion(region, "combine");
}

LogicalResult MapElementwiseOp::verify() {
  if (getPack() < 1)
    return emitOpError("pack must be at least 1");
  // The Elementwise trait has checked the shapes, and that there are
  // operands when there are results and the other way round.
  if (getSrcs().empty())
    return emitOpError("needs operands and results");
  // The layouts too must be one.
  Attribute layout =
      cast<RankedTensorType>(getSrcs()[0].getType()).getEncoding();
  auto matches = [&](Type type) {
    return cast<RankedTensorType>(type).getEncoding() == layout;
  };
  if (!llvm::all_of(getSrcs().getTypes(), matches) ||
      !llvm::all_of(getResults().getTypes(), matches))
    return emitOpError("operands and results must have one shape and layout");
  return success();
}

LogicalResult MapElementwiseOp::verifyRegions() {
  Block &block = getBody().front();
  // pack scalars of each operand (result), operand by operand.
  unsigned pack = getPack();
  SmallVector<Type> operands, results;
  for (Type type : getSrcs().getTypes())
    operands.append(pack, cast<RankedTensorType>(type).getElementType());
  for (Type type : getResults().getTypes())
    results.append(pack, cast<RankedTensorType>(type).getElementType());
  if (TypeRange(block.getArgumentTypes()) != TypeRange(operands))
    return emitOpError("the region must take ")
           << pack << " scalar" << (pack == 1 ? "" : "s")
           << " of each operand's element type";
  Operation *terminator = block.getTerminator();
  if (TypeRange(terminator->getOperandTypes()) != TypeRange(results))
    return terminator->emitOpError("must return ")
           << pack << " scalar" << (pack == 1 ? "" : "s")
           << " of each result's element type";
  return verifyScalarRegion(getBody(), "map_elementwise");
}

LogicalResult CombineReduceOp::verify() {
  if (failed(verifyCombineOperands(*this, getSrcs(), getAxis())))
    return failure();
  if (getResult().size() != getSrcs().size())
    return emitOpError("needs one result per operand");
  uint32_t axis = getAxis();
  for (auto [src, result] : llvm::zip(getSrcs(), getResult())) {
    auto srcType = cast<RankedTensorType>(src.getType());
    Type element = srcType.getElementType();
    if (srcType.getRank() == 1) {
      if (result.getType() != element)
        return emitOpError("reducing a rank-1 block must give a scalar of "
                           "its element type");
      continue;
    }
    auto resultType = dyn_cast<RankedTensorType>(result.getType());
    SmallVector<int64_t> expected(srcType.getShape());
    expected.erase(expected.begin() + axis);
    if (!resultType || resultType.getShape() != ArrayRef<int64_t>(expected) ||
        resultType.getElementType() != element)
      return emitOpError("each result must be its operand without dimension ")
             << axis;
    Attribute srcLayout = srcType.getEncoding();
    Attribute resultLayout = resultType.getEncoding();
    if (!srcLayout && !resultLayout)
      continue;
    auto slice = dyn_cast_or_null<SliceEncodingAttr>(resultLayout);
    if (!slice || slice.getDim() != axis || slice.getParent() != srcLayout)
      return emitOpError("result layout must be the slice of the operand "
                         "layout along axis ")
             << axis;
  }
  return success();
}

LogicalResult CombineReduceOp::verifyRegions() {
  return verifyCombiner(*this, getSrcs(), getCombiner());
}

LogicalResult CombineScanOp::verify() {
  if (failed(verifyCombineOperands(*this, getSrcs(), getAxis())))
    return failure();
  if (TypeRange(getResult().getTypes()) != TypeRange(getSrcs().getTypes()))
    return emitOpError("results must have the operands' types");
  return success();
}

LogicalResult CombineScanOp::verifyRegions() {
  return verifyCombiner(*this, getSrcs(), getCombiner());
}
