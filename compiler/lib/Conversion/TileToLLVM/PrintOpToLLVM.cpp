//===- PrintOpToLLVM.cpp - tl.device_print through vprintf ----------------===//
//
// One vprintf call per element and operand, by the thread that owns the
// element (threads holding copies stay quiet; Triton prints every copy),
// under an scf.if on ownership, in Triton's format:
//
//   pid (x, y, z) idx (i, j) <prefix>: v                 one operand
//   pid (x, y, z) idx (i, j) <prefix>: (operand k) v     several
//
// vprintf takes the format and a buffer of the arguments laid out as C
// varargs would pass them: floats as doubles, narrow integers as ints. The
// buffer is one alloca per line in the function's entry block.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace tilec;

namespace {

/// The printf conversion of one value and the value as vprintf takes it.
std::pair<std::string, Value> promote(OpBuilder &builder, Location loc,
                                      Value value, bool hex, bool isUnsigned) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type)) {
    if (hex) {
      Value word = LLVM::BitcastOp::create(builder, loc,
                                           builder.getIntegerType(bits), value);
      if (bits == 64)
        return {"0x%llx", word};
      if (bits == 32)
        return {"0x%x", word};
      return {"0x%x", LLVM::ZExtOp::create(builder, loc, builder.getI32Type(),
                                           word)
                          .getResult()};
    }
    Value wide = bits == 64 ? value
                            : LLVM::FPExtOp::create(
                                  builder, loc, builder.getF64Type(), value)
                                  .getResult();
    return {"%f", wide};
  }
  if (bits == 64)
    return {hex ? "0x%llx" : isUnsigned ? "%llu" : "%lld", value};
  Value word = bits == 32 ? value
               : bits == 1 || isUnsigned
                   ? LLVM::ZExtOp::create(builder, loc, builder.getI32Type(),
                                          value)
                         .getResult()
                   : LLVM::SExtOp::create(builder, loc, builder.getI32Type(),
                                          value)
                         .getResult();
  return {hex ? "0x%x" : isUnsigned ? "%u" : "%d", word};
}

} // namespace

Value tilec::emitGlobalString(OpBuilder &builder, Location loc,
                              ModuleOp module, StringRef prefix,
                              StringRef text) {
  std::string name = (prefix + std::to_string(llvm::hash_value(text))).str();
  auto arrayType =
      LLVM::LLVMArrayType::get(builder.getI8Type(), text.size() + 1);
  if (!module.lookupSymbol<LLVM::GlobalOp>(name)) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(builder, loc, arrayType, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           builder.getStringAttr((text + Twine('\0')).str()));
  }
  return LLVM::AddressOfOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext()), name);
}

namespace {

LLVM::LLVMFuncOp getVprintf(OpBuilder &builder, ModuleOp module) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>("vprintf"))
    return fn;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(builder.getContext());
  return LLVM::LLVMFuncOp::create(
      builder, module.getLoc(), "vprintf",
      LLVM::LLVMFunctionType::get(builder.getI32Type(), {ptr, ptr}));
}

/// Calls vprintf(format, fields) under `owner`, the fields in a buffer
/// allocated in the function's entry block: allocas there are static, so
/// loops do not grow the stack.
void emitPrintf(ConversionPatternRewriter &rewriter, Location loc,
                Operation *op, ModuleOp module, LLVM::LLVMFuncOp vprintf,
                Value owner, StringRef format, ArrayRef<Value> fields) {
  MLIRContext *context = rewriter.getContext();
  SmallVector<Type> fieldTypes;
  for (Value f : fields)
    fieldTypes.push_back(f.getType());
  auto structType = LLVM::LLVMStructType::getLiteral(context, fieldTypes);
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    auto fn = op->getParentOfType<FunctionOpInterface>();
    rewriter.setInsertionPointToStart(&fn.getFunctionBody().front());
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                         rewriter.getI32IntegerAttr(1));
    buffer = LLVM::AllocaOp::create(rewriter, loc, ptrType, structType, one,
                                    /*alignment=*/8);
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, owner, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  for (auto [i, f] : llvm::enumerate(fields)) {
    Value slot =
        LLVM::GEPOp::create(rewriter, loc, ptrType, structType, buffer,
                            ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
    LLVM::StoreOp::create(rewriter, loc, f, slot);
  }
  Value text = emitGlobalString(rewriter, loc, module, "tile_print_", format);
  LLVM::CallOp::create(rewriter, loc, vprintf, ValueRange{text, buffer});
}

struct PrintOpLowering : public OpConversionPattern<tile::PrintOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    // Who prints which element: the layout of the block operands, or one
    // thread for scalars only.
    RankedTensorType blockType;
    for (Value arg : op.getArgs())
      if (auto tensor = dyn_cast<RankedTensorType>(arg.getType()))
        blockType = tensor;
    std::optional<Distribution> distribution;
    Value owner;
    SmallVector<Value> base;
    size_t count = 1;
    int32_t repeated = 0;
    if (blockType) {
      distribution = Distribution::get(blockType);
      if (!distribution)
        return rewriter.notifyMatchFailure(op, "no layout");
      owner = distribution->emitIsOwner(rewriter, loc);
      base = distribution->emitBase(rewriter, loc);
      count = distribution->size();
      repeated = distribution->getLinearLayout().getFreeVariableMask(
          tile::kRegister);
    } else {
      owner = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                    emitThreadId(rewriter, loc),
                                    emitI32(rewriter, loc, 0));
    }
    if (!owner)
      owner = arith::ConstantIntOp::create(rewriter, loc, 1, 1);

    SmallVector<Value> pid{
        NVVM::BlockIdXOp::create(rewriter, loc, rewriter.getI32Type()),
        NVVM::BlockIdYOp::create(rewriter, loc, rewriter.getI32Type()),
        NVVM::BlockIdZOp::create(rewriter, loc, rewriter.getI32Type())};
    LLVM::LLVMFuncOp vprintf = getVprintf(rewriter, module);

    // Triton's line: "pid (x, y, z) idx (i, j) prefix: v", the prefix
    // ending in one ':', and "(operand k) " before the value when several
    // are printed (one line each).
    std::string prefix = StringRef(op.getPrefix()).rtrim().str();
    if (!prefix.empty() && prefix.back() != ':')
      prefix += ':';
    size_t numArgs = adaptor.getArgs().size();
    for (size_t r = 0; r < count; ++r) {
      if (int64_t(r) & repeated)
        continue;
      std::string head = "pid (%u, %u, %u) idx (";
      SmallVector<Value> indices;
      if (distribution) {
        ArrayRef<int64_t> offset = distribution->getOffsets()[r];
        for (auto [d, b] : llvm::enumerate(base)) {
          head += d ? ", %u" : "%u";
          indices.push_back(arith::AddIOp::create(
              rewriter, loc, b, emitI32(rewriter, loc, offset[d])));
        }
      }
      head += ") " + prefix;
      for (auto [k, values] : llvm::enumerate(adaptor.getArgs())) {
        Value value = values.size() == 1 ? values[0] : values[r];
        std::optional<ArrayRef<bool>> unsignedArgs = op.getUnsignedArgs();
        bool isUnsigned = unsignedArgs && (*unsignedArgs)[k];
        auto [spec, promoted] =
            promote(rewriter, loc, value, op.getHex(), isUnsigned);
        std::string format = head;
        if (numArgs > 1)
          format += " (operand " + std::to_string(k) + ")";
        format += " " + spec + "\n";
        SmallVector<Value> fields(pid);
        llvm::append_range(fields, indices);
        fields.push_back(promoted);
        emitPrintf(rewriter, loc, op, module, vprintf, owner, format, fields);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::populatePrintPatterns(TileTypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<PrintOpLowering>(converter, patterns.getContext());
}
