//===- TypeConverter.cpp - tile types to LLVM types -----------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tilec;

TileTypeConverter::TileTypeConverter(MLIRContext *context)
    : LLVMTypeConverter(context) {
  addConversion([context](tile::PtrType) -> Type {
    return LLVM::LLVMPointerType::get(context, kGlobal);
  });
  addConversion([context](tile::MemDescType) -> Type {
    return LLVM::LLVMPointerType::get(context, kShared);
  });
  // A tensor map is a kernel parameter passed by value; the kernel uses
  // its generic address.
  addConversion([context](tile::TensorMapType) -> Type {
    return LLVM::LLVMPointerType::get(context);
  });
  // Tokens only order ops in the tile dialect; an unused i32 stands in.
  addConversion([context](tile::AsyncTokenType) -> Type {
    return IntegerType::get(context, 32);
  });
  // A tensor is the list of values its thread holds under its layout.
  addConversion([this](RankedTensorType type, SmallVectorImpl<Type> &results)
                    -> std::optional<LogicalResult> {
    std::optional<Distribution> distribution = Distribution::get(type);
    if (!distribution)
      return failure();
    Type element = convertType(type.getElementType());
    if (!element)
      return failure();
    results.append(distribution->size(), element);
    return success();
  });
}

unsigned tilec::getByteWidth(Type type) {
  if (isa<tile::PtrType, LLVM::LLVMPointerType>(type))
    return 8;
  return std::max<unsigned>(1, type.getIntOrFloatBitWidth() / 8);
}

Value tilec::emitSharedPointer(OpBuilder &builder, Location loc,
                               uint64_t offset) {
  MLIRContext *context = builder.getContext();
  auto sharedPtrType = LLVM::LLVMPointerType::get(context, kShared);
  Value base = LLVM::AddressOfOp::create(builder, loc, sharedPtrType,
                                         kSharedSymbol);
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(builder, loc, sharedPtrType, builder.getI8Type(),
                             base,
                             ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
}

Value tilec::emitSharedElementPointer(OpBuilder &builder, Location loc,
                                      Value base, Type element, Value index) {
  auto sharedPtrType = LLVM::LLVMPointerType::get(builder.getContext(), kShared);
  return LLVM::GEPOp::create(builder, loc, sharedPtrType, element, base,
                             ValueRange{index});
}

SmallVector<Value>
tilec::emitSharedElementPointers(OpBuilder &builder, Location loc,
                                 const Distribution &distribution, Value base,
                                 Type element, int64_t rowLength,
                                 int64_t rowPitch) {
  SmallVector<Value> pointers;
  bool padded = rowPitch > rowLength;
  Value cols, pad;
  if (padded) {
    cols = emitI32(builder, loc, rowLength);
    pad = emitI32(builder, loc, rowPitch - rowLength);
  }
  for (Value index : distribution.emitLinearIndices(builder, loc)) {
    if (padded) {
      Value row = arith::DivUIOp::create(builder, loc, index, cols);
      index = arith::AddIOp::create(
          builder, loc, index, arith::MulIOp::create(builder, loc, row, pad));
    }
    pointers.push_back(
        emitSharedElementPointer(builder, loc, base, element, index));
  }
  return pointers;
}

void tilec::emitBarrier(OpBuilder &builder, Location loc) {
  NVVM::Barrier0Op::create(builder, loc);
}

SmallVector<Value> tilec::emitWarpExchange(OpBuilder &builder, Location loc,
                                           Value scratch, Type element,
                                           ArrayRef<Value> values,
                                           unsigned warpBit) {
  size_t count = values.size();
  Value tid = emitThreadId(builder, loc);
  Value partnerTid = arith::XOrIOp::create(builder, loc, tid,
                                           emitI32(builder, loc, 32 << warpBit));
  auto slot = [&](Value thread, size_t r) {
    Value index = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, thread,
                              emitI32(builder, loc, int64_t(count))),
        emitI32(builder, loc, int64_t(r)));
    return emitSharedElementPointer(builder, loc, scratch, element, index);
  };
  unsigned bytes = getByteWidth(element);
  for (size_t r = 0; r < count; ++r)
    LLVM::StoreOp::create(builder, loc, values[r], slot(tid, r), bytes);
  emitBarrier(builder, loc);
  SmallVector<Value> partner;
  for (size_t r = 0; r < count; ++r)
    partner.push_back(
        LLVM::LoadOp::create(builder, loc, element, slot(partnerTid, r), bytes));
  emitBarrier(builder, loc);
  return partner;
}

Value tilec::emitInlineAsm(OpBuilder &builder, Location loc, Type resultType,
                           ValueRange operands, StringRef text,
                           StringRef constraints, bool hasSideEffects) {
  return LLVM::InlineAsmOp::create(
             builder, loc, resultType, operands, text, constraints,
             hasSideEffects, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(builder.getContext(),
                                       LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

void tilec::emitInlineAsmVoid(OpBuilder &builder, Location loc,
                              ValueRange operands, StringRef text,
                              StringRef constraints) {
  LLVM::InlineAsmOp::create(
      builder, loc, TypeRange(), operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}
