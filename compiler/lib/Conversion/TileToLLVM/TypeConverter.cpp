//===- TypeConverter.cpp - tile types to LLVM types -----------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tilec;

TileTypeConverter::TileTypeConverter(MLIRContext *context)
    : LLVMTypeConverter(context) {
  addConversion([context](tile::PtrType) -> Type {
    return LLVM::LLVMPointerType::get(context, kGlobal);
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

void tilec::emitBarrier(OpBuilder &builder, Location loc) {
  NVVM::Barrier0Op::create(builder, loc);
}
