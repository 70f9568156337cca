//===- ElementwiseOpToLLVM.cpp - per-thread element-wise code -------------===//
//
// Element-wise ops (arith/math on tensors, tile.addptr) become one scalar op
// per value the thread holds; shape ops (splat, make_range, broadcast,
// expand_dims) only reorder or repeat values, since layouts are chosen so
// that a thread already holds what it needs.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tilec;

namespace {

/// The register bits over which `result`'s values repeat: where the axis
/// analysis knows the values are constant over aligned blocks of K_d
/// elements along each dim d, flipping a register bit whose coordinates
/// stay below K_d in every dim stays in the block (a copy's zero basis
/// always does), so the register with those bits clear holds the same
/// value. This is what keeps a mask like `cols < N` (N a multiple of 16) at
/// one compare per 8-element vector instead of one per element.
static int64_t getRepeatedBits(Value result, const LoweringState &state,
                               size_t count) {
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || !state.axisInfo)
    return 0;
  const AxisInfo *info = state.axisInfo->lookup(result);
  std::optional<Distribution> distribution = Distribution::get(type);
  if (!info || !info->isInitialized() || !distribution ||
      info->getRank() != type.getRank())
    return 0;
  const tile::LinearLayout &layout = distribution->getLinearLayout();
  if (size_t(layout.getInDimSize(tile::kRegister)) != count)
    return 0;
  int64_t repeated = 0;
  for (int32_t bit = 0, e = layout.getInDimSizeLog2(tile::kRegister); bit < e;
       ++bit) {
    bool inBlock = true;
    for (unsigned d = 0, rank = type.getRank(); d < rank && inBlock; ++d) {
      int64_t block = llvm::bit_floor(uint64_t(
          std::max<int64_t>(1, info->getConstancy(d))));
      std::string dim = tile::getDimName(d);
      if (layout.hasOutDim(dim) &&
          layout.getBasis(tile::kRegister, bit, dim) >= block)
        inBlock = false;
    }
    if (inBlock)
      repeated |= int64_t(1) << bit;
  }
  return repeated;
}

/// For each register a thread holds of `op`'s results, the register whose
/// values it repeats in every result (itself if none): an op with several
/// results (tile.inline_asm) reuses a register only where all of them
/// repeat. Ops with memory effects repeat nothing.
static SmallVector<int64_t> getRepeatedRegisters(Operation *op,
                                                 const LoweringState &state,
                                                 size_t count) {
  int64_t repeated = isMemoryEffectFree(op) ? ~int64_t(0) : 0;
  for (Value result : op->getResults())
    repeated &= getRepeatedBits(result, state, count);
  SmallVector<int64_t> sources(count);
  for (size_t i = 0; i < count; ++i)
    sources[i] = int64_t(i) & ~repeated;
  return sources;
}

/// Any op with the Elementwise trait whose results are tensors: one scalar
/// copy of the op per held value, except where the value repeats one the
/// thread already computed (getRepeatedRegisters) and the op has no side
/// effects.
struct ElementwiseOpLowering : public ConversionPattern {
  ElementwiseOpLowering(const TypeConverter &converter, MLIRContext *context,
                        const LoweringState &state)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context),
        state(state) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() == 0 ||
        op->getNumRegions() != 0)
      return failure();
    // Tensors, and scalars of pointer type, need converting.
    Type type = op->getResult(0).getType();
    if (!isa<RankedTensorType, tile::PtrType>(type))
      return failure();
    // Per result, its elements' types (tile.inline_asm may have several
    // results, all of one shape and so of one layout).
    SmallVector<SmallVector<Type>> resultTypes(op->getNumResults());
    for (auto [k, result] : llvm::enumerate(op->getResults()))
      if (failed(getTypeConverter()->convertType(result.getType(),
                                                 resultTypes[k])) ||
          resultTypes[k].size() != resultTypes[0].size())
        return rewriter.notifyMatchFailure(op, "cannot convert the results");
    size_t count = resultTypes[0].size();
    // A scalar operand (arith.select's condition may be one) is shared.
    for (ValueRange operand : operands)
      if (operand.size() != count && operand.size() != 1)
        return rewriter.notifyMatchFailure(op, "operand layouts differ");
    SmallVector<int64_t> sources = getRepeatedRegisters(op, state, count);
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (size_t i = 0; i < count; ++i) {
      if (sources[i] != int64_t(i)) {
        for (auto [k, values] : llvm::enumerate(results))
          values.push_back(values[sources[i]]);
        continue;
      }
      OperationState state(op->getLoc(), op->getName());
      for (ValueRange operand : operands)
        state.addOperands(operand.size() == 1 ? operand[0] : operand[i]);
      for (const SmallVector<Type> &types : resultTypes)
        state.addTypes(types[i]);
      state.addAttributes(op->getAttrs());
      Operation *scalar = rewriter.create(state);
      for (auto [k, value] : llvm::enumerate(scalar->getResults()))
        results[k].push_back(value);
    }
    SmallVector<ValueRange> replacements(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, replacements);
    return success();
  }

  const LoweringState &state;
};

/// `arith.constant dense<v>`: every held value is v.
struct ConstantOpLowering : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense)
      return rewriter.notifyMatchFailure(op, "only splat constants lower");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertType(type, resultTypes)))
      return failure();
    Value scalar = arith::ConstantOp::create(
        rewriter, op.getLoc(), cast<TypedAttr>(dense.getSplatValue<Attribute>()));
    rewriter.replaceOpWithMultiple(
        op, {SmallVector<Value>(resultTypes.size(), scalar)});
    return success();
  }
};

struct SplatOpLowering : public OpConversionPattern<tile::SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::SplatOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertType(op.getType(), resultTypes)))
      return failure();
    Value scalar = adaptor.getSrc().front();
    rewriter.replaceOpWithMultiple(
        op, {SmallVector<Value>(resultTypes.size(), scalar)});
    return success();
  }
};

struct MakeRangeOpLowering : public OpConversionPattern<tile::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::MakeRangeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<Distribution> distribution =
        Distribution::get(op.getType());
    if (!distribution)
      return rewriter.notifyMatchFailure(op, "no layout");
    Location loc = op.getLoc();
    Value base = distribution->emitBase(rewriter, loc).front();
    if (op.getStart() != 0)
      base = arith::AddIOp::create(rewriter, loc, base,
                                   emitI32(rewriter, loc, op.getStart()));
    SmallVector<Value> values;
    for (ArrayRef<int64_t> offset : distribution->getOffsets())
      values.push_back(offset[0] == 0
                           ? base
                           : arith::AddIOp::create(
                                 rewriter, loc, base,
                                 emitI32(rewriter, loc, offset[0]))
                                 .getResult());
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct BroadcastOpLowering : public OpConversionPattern<tile::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::BroadcastOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto values = gatherValues(
        srcType, adaptor.getSrc(), op.getType(), [&](ArrayRef<int64_t> offset) {
          SmallVector<int64_t> projected(offset);
          for (unsigned d = 0; d < projected.size(); ++d)
            if (srcType.getDimSize(d) == 1)
              projected[d] = 0;
          return projected;
        });
    if (failed(values))
      return rewriter.notifyMatchFailure(op, "operand does not hold the values");
    rewriter.replaceOpWithMultiple(op, {*values});
    return success();
  }
};

struct ExpandDimsOpLowering : public OpConversionPattern<tile::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::ExpandDimsOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned axis = op.getAxis();
    auto values = gatherValues(
        cast<RankedTensorType>(op.getSrc().getType()), adaptor.getSrc(),
        cast<RankedTensorType>(op.getType()), [&](ArrayRef<int64_t> offset) {
          SmallVector<int64_t> projected(offset);
          projected.erase(projected.begin() + axis);
          return projected;
        });
    if (failed(values))
      return rewriter.notifyMatchFailure(op, "operand does not hold the values");
    rewriter.replaceOpWithMultiple(op, {*values});
    return success();
  }
};

/// The result's layout is the operand's permuted (LayoutRules' Trans): each
/// thread already holds the elements, result offset o being operand offset
/// o permuted back.
struct TransOpLowering : public OpConversionPattern<tile::TransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::TransOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int32_t> order = op.getOrder();
    auto values = gatherValues(
        cast<RankedTensorType>(op.getSrc().getType()), adaptor.getSrc(),
        cast<RankedTensorType>(op.getType()), [&](ArrayRef<int64_t> offset) {
          SmallVector<int64_t> source(offset.size());
          for (auto [i, d] : llvm::enumerate(order))
            source[d] = offset[i];
          return source;
        });
    if (failed(values))
      return rewriter.notifyMatchFailure(op, "operand does not hold the values");
    rewriter.replaceOpWithMultiple(op, {*values});
    return success();
  }
};

/// Pointer arithmetic counts in elements: one GEP per held value.
struct AddPtrOpLowering : public OpConversionPattern<tile::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::AddPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type pointee = getTypeConverter()->convertType(
        cast<tile::PtrType>(getElementTypeOrSelf(op.getType())).getPointeeType());
    auto ptrType = LLVM::LLVMPointerType::get(getContext(), kGlobal);
    ValueRange ptrs = adaptor.getPtr(), offsets = adaptor.getOffset();
    if (ptrs.size() != offsets.size())
      return rewriter.notifyMatchFailure(op, "operand layouts differ");
    SmallVector<Value> results;
    for (auto [ptr, offset] : llvm::zip(ptrs, offsets))
      results.push_back(LLVM::GEPOp::create(rewriter, op.getLoc(), ptrType,
                                            pointee, ptr, ValueRange{offset}));
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

/// A scalar tile.ptr_cast (blocks become scalar ones first, through
/// ElementwiseOpLowering): pointers are one LLVM type whatever they point
/// to, so only integer <-> pointer takes an instruction.
struct PtrCastOpLowering : public OpConversionPattern<tile::PtrCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::PtrCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    // The scalar copies ElementwiseOpLowering makes have LLVM types already.
    Type result = LLVM::isCompatibleType(op.getType())
                      ? op.getType()
                      : getTypeConverter()->convertType(op.getType());
    if (!result)
      return rewriter.notifyMatchFailure(op, "cannot convert the result");
    Value src = adaptor.getSrc();
    bool fromPtr = isa<LLVM::LLVMPointerType>(src.getType());
    bool toPtr = isa<LLVM::LLVMPointerType>(result);
    if (fromPtr && toPtr)
      rewriter.replaceOp(op, src);
    else if (toPtr)
      rewriter.replaceOpWithNewOp<LLVM::IntToPtrOp>(op, result, src);
    else
      rewriter.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, result, src);
    return success();
  }
};

template <typename OpTy, typename XOp, typename YOp, typename ZOp>
struct GridQueryLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value result;
    switch (op.getAxis()) {
    case 0:
      result = XOp::create(rewriter, op.getLoc(), i32);
      break;
    case 1:
      result = YOp::create(rewriter, op.getLoc(), i32);
      break;
    default:
      result = ZOp::create(rewriter, op.getLoc(), i32);
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

namespace {

/// A scalar `tile.extern_elementwise`: a call of its function, declared in
/// the module on first use (block ones become scalar ones first, through
/// ElementwiseOpLowering).
struct ExternCallLowering
    : public OpConversionPattern<tile::ExternElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    auto module = op->getParentOfType<ModuleOp>();
    Type result = getTypeConverter()->convertType(op.getType());
    SmallVector<Type> params;
    for (Value operand : adaptor.getSrcs())
      params.push_back(operand.getType());
    auto fnType = LLVM::LLVMFunctionType::get(result, params);
    // tile-to-llvm checked first that every call has one signature.
    auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(op.getSymbol());
    if (!fn) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      fn = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymbol(),
                                    fnType);
    }
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, fn, adaptor.getSrcs());
    return success();
  }
};

/// A scalar `tile.inline_asm`: LLVM inline assembly, its outputs in a
/// struct when there are several.
struct InlineAsmLowering : public OpConversionPattern<tile::InlineAsmOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::InlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getResult(0).getType()))
      return failure();
    SmallVector<Type> types(op.getResultTypes());
    Type resultType =
        types.size() == 1
            ? types[0]
            : LLVM::LLVMStructType::getLiteral(getContext(), types);
    Value asmResult = emitInlineAsm(rewriter, op.getLoc(), resultType,
                                    adaptor.getSrcs(), op.getAsmString(),
                                    op.getConstraints(),
                                    /*hasSideEffects=*/!op.getPure());
    if (types.size() == 1) {
      rewriter.replaceOp(op, asmResult);
      return success();
    }
    SmallVector<Value> results;
    for (size_t k = 0; k < types.size(); ++k)
      results.push_back(LLVM::ExtractValueOp::create(
          rewriter, op.getLoc(), asmResult, int64_t(k)));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// `tile.inline_asm` with pack = p > 1: one instance per p consecutive
/// elements of the thread (the last group padded with undef), each operand
/// and result narrower than 32 bits packed min(32 / bits, p) to a vector
/// register.
struct PackedInlineAsmLowering
    : public OpConversionPattern<tile::InlineAsmOp> {
  PackedInlineAsmLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  static unsigned perRegister(Type type, unsigned pack) {
    unsigned bits = type.getIntOrFloatBitWidth();
    return bits < 32 ? std::min(32 / bits, pack) : 1;
  }

  LogicalResult
  matchAndRewrite(tile::InlineAsmOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned pack = op.getPack();
    if (pack == 1)
      return failure();
    Location loc = op.getLoc();
    SmallVector<SmallVector<Type>> resultTypes(op.getNumResults());
    for (auto [k, result] : llvm::enumerate(op.getResults()))
      if (failed(getTypeConverter()->convertType(result.getType(),
                                                 resultTypes[k])) ||
          resultTypes[k].size() != resultTypes[0].size())
        return rewriter.notifyMatchFailure(op, "cannot convert the results");
    size_t count = resultTypes[0].size();
    size_t padded = llvm::alignTo(count, pack);
    SmallVector<SmallVector<Value>> operands;
    for (ValueRange operand : adaptor.getSrcs()) {
      if (operand.size() != count)
        return rewriter.notifyMatchFailure(op, "operand layouts differ");
      SmallVector<Value> values(operand.begin(), operand.end());
      Type type = values.front().getType();
      while (values.size() < padded)
        values.push_back(LLVM::UndefOp::create(rewriter, loc, type));
      operands.push_back(std::move(values));
    }
    // The assembly's outputs, result by result.
    SmallVector<Type> outputTypes;
    for (const SmallVector<Type> &types : resultTypes) {
      unsigned per = perRegister(types.front(), pack);
      Type reg = per == 1 ? types.front()
                          : Type(VectorType::get({per}, types.front()));
      outputTypes.append(pack / per, reg);
    }
    Type asmType =
        outputTypes.size() == 1
            ? outputTypes.front()
            : LLVM::LLVMStructType::getLiteral(getContext(), outputTypes);
    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (size_t i = 0; i < padded; i += pack) {
      SmallVector<Value> inputs;
      for (const SmallVector<Value> &values : operands) {
        Type type = values.front().getType();
        unsigned per = perRegister(type, pack);
        for (unsigned j = 0; j < pack; j += per) {
          if (per == 1) {
            inputs.push_back(values[i + j]);
            continue;
          }
          Value vector = LLVM::UndefOp::create(
              rewriter, loc, VectorType::get({per}, type));
          for (unsigned k = 0; k < per; ++k)
            vector = LLVM::InsertElementOp::create(
                rewriter, loc, vector, values[i + j + k],
                emitI32(rewriter, loc, k));
          inputs.push_back(vector);
        }
      }
      Value asmResult =
          emitInlineAsm(rewriter, loc, asmType, inputs, op.getAsmString(),
                        op.getConstraints(), /*hasSideEffects=*/!op.getPure());
      unsigned output = 0;
      for (auto [k, types] : llvm::enumerate(resultTypes)) {
        unsigned per = perRegister(types.front(), pack);
        for (unsigned j = 0; j < pack; j += per) {
          Value reg = outputTypes.size() == 1
                          ? asmResult
                          : LLVM::ExtractValueOp::create(rewriter, loc,
                                                         asmResult, output);
          ++output;
          if (per == 1) {
            results[k].push_back(reg);
            continue;
          }
          for (unsigned e = 0; e < per; ++e)
            results[k].push_back(LLVM::ExtractElementOp::create(
                rewriter, loc, reg, emitI32(rewriter, loc, e)));
        }
      }
    }
    for (SmallVector<Value> &values : results)
      values.resize(count);
    SmallVector<ValueRange> replacements(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, replacements);
    return success();
  }
};

} // namespace

void tilec::populateElementwisePatterns(TileTypeConverter &converter,
                                        const LoweringState &state,
                                        RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ElementwiseOpLowering>(converter, context, state);
  patterns.add<ExternCallLowering, InlineAsmLowering,
               PackedInlineAsmLowering>(converter, context);
  patterns.add<ConstantOpLowering, SplatOpLowering, MakeRangeOpLowering,
               BroadcastOpLowering, ExpandDimsOpLowering, TransOpLowering,
               AddPtrOpLowering, PtrCastOpLowering,
               GridQueryLowering<tile::ProgramIdOp, NVVM::BlockIdXOp,
                                 NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryLowering<tile::NumProgramsOp, NVVM::GridDimXOp,
                                 NVVM::GridDimYOp, NVVM::GridDimZOp>>(
      converter, context);
}
