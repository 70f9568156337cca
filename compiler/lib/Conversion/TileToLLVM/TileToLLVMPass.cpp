//===- TileToLLVMPass.cpp - the tile-to-llvm pass --------------------------===//

#include "tilec/Conversion/Passes.h"

#include "Lowering.h"

#include "tile/IR/Dialect.h"
#include "tilec/Analysis/AxisInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tilec {
#define GEN_PASS_DEF_TILETOLLVM
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;

/// Whether `type` survives this pass unchanged.
static bool isLegalType(Type type) {
  return !isa<RankedTensorType, tile::PtrType>(type);
}

static bool hasLegalTypes(Operation *op) {
  return llvm::all_of(op->getOperandTypes(), isLegalType) &&
         llvm::all_of(op->getResultTypes(), isLegalType);
}

/// Shared-memory bytes `op` needs: one slot per warp and result element for
/// a reduction across warps, the whole tensor for a layout conversion, both
/// factors for a matrix product.
static uint64_t getSharedBytesNeeded(Operation *op) {
  if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
    auto srcType = cast<RankedTensorType>(reduce.getSrc().getType());
    std::optional<Distribution> distribution = Distribution::get(srcType);
    if (!distribution)
      return 0;
    unsigned rootAxis = distribution->getKeptDims()[reduce.getAxis()];
    int64_t warps = distribution->getBlocked().distinctWarps[rootAxis];
    if (warps == 1)
      return 0;
    int64_t elements = srcType.getNumElements() / srcType.getDimSize(reduce.getAxis());
    return elements * warps * getByteWidth(srcType.getElementType());
  }
  if (auto dot = dyn_cast<tile::DotOp>(op))
    return getDotSharedLayout(dot).bytes;
  if (auto convert = dyn_cast<tile::ConvertLayoutOp>(op)) {
    auto type = cast<RankedTensorType>(convert.getType());
    return type.getNumElements() * getByteWidth(type.getElementType());
  }
  return 0;
}

/// Gives every op that needs shared memory its own region. Regions are not
/// reused: the kernels of today need a few hundred bytes at most, and
/// distinct regions need no barrier between one use and the next.
static uint64_t allocateSharedMemory(ModuleOp module, LoweringState &state) {
  uint64_t total = 0;
  module.walk([&](Operation *op) {
    uint64_t bytes = getSharedBytesNeeded(op);
    if (!bytes)
      return;
    total = llvm::alignTo(total, 16);
    state.sharedOffsets[op] = total;
    total += bytes;
  });
  return total;
}

/// Math functions that NVPTX cannot select and that have no lowering here
/// yet get a located error now instead of a failure deep in the back end.
static LogicalResult checkSupported(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    if (!isa<math::ErfOp, math::ErfcOp, math::TanOp, math::AtanOp,
             math::Atan2Op, math::AsinOp, math::AcosOp, math::SinhOp,
             math::CoshOp, math::ExpM1Op, math::Log1pOp, math::Log10Op,
             math::PowFOp, math::CbrtOp>(op))
      return WalkResult::advance();
    op->emitError() << "'" << op->getName()
                    << "' has no GPU lowering yet";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

namespace {

struct TileToLLVMPass : public tilec::impl::TileToLLVMBase<TileToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    if (failed(checkSupported(module)))
      return signalPassFailure();

    LoweringState state;
    uint64_t sharedBytes = allocateSharedMemory(module, state);
    AxisInfoAnalysis axisInfo(module);
    state.axisInfo = &axisInfo;

    TileTypeConverter converter(context);
    RewritePatternSet patterns(context);
    populateElementwisePatterns(converter, patterns);
    populateMemoryPatterns(converter, state, patterns);
    populateReducePatterns(converter, state, patterns);
    populateConvertLayoutPatterns(converter, state, patterns);
    populateDotPatterns(converter, state, patterns);
    populateMathApproxPatterns(converter, patterns);
    populateFuncPatterns(converter, patterns);

    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addIllegalDialect<tile::TileDialect>();
    target.addIllegalOp<func::FuncOp, func::ReturnOp>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        hasLegalTypes);
    target.addDynamicallyLegalOp<math::ExpOp, math::Exp2Op, math::LogOp,
                                 math::Log2Op, math::SinOp, math::CosOp,
                                 math::TanhOp, math::RsqrtOp>(
        [](Operation *op) {
          Type type = op->getResult(0).getType();
          return hasLegalTypes(op) && !type.isF32() && !type.isF16() &&
                 !type.isBF16();
        });

    target.addDynamicallyLegalOp<arith::DivFOp>([](arith::DivFOp op) {
      return hasLegalTypes(op) && !op.getType().isF32();
    });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Shared memory is sized at launch (extern, like CUDA's dynamic shared
    // memory), so kernels can use more than the 48 KiB of a static array.
    if (sharedBytes) {
      OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
      auto arrayType = LLVM::LLVMArrayType::get(builder.getI8Type(), 0);
      LLVM::GlobalOp::create(builder, module.getLoc(), arrayType,
                             /*isConstant=*/false, LLVM::Linkage::External,
                             kSharedSymbol, Attribute(), /*alignment=*/16,
                             /*addrSpace=*/kShared);
    }
    module->setAttr("tile.shared_bytes",
                    IntegerAttr::get(IntegerType::get(context, 64),
                                     sharedBytes));
  }
};

} // namespace
