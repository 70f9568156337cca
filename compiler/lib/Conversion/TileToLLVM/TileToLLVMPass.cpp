//===- TileToLLVMPass.cpp - the tile-to-llvm pass --------------------------===//

#include "tilec/Conversion/Passes.h"

#include "Lowering.h"
#include "Scan.h"


#include "tile/IR/Dialect.h"
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Analysis/Layout.h"
#include "tilec/Target/Arch.h"

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
  return !isa<RankedTensorType, tile::PtrType, tile::MemDescType,
              tile::AsyncTokenType>(type);
}

static bool hasLegalTypes(Operation *op) {
  return llvm::all_of(op->getOperandTypes(), isLegalType) &&
         llvm::all_of(op->getResultTypes(), isLegalType);
}

/// Reads the offsets tile-allocate-shared gave the scratch users; fails on
/// a scratch user or buffer that has none, or a module without its total.
static LogicalResult collectScratchOffsets(ModuleOp module,
                                           LoweringState &state) {
  bool placed = bool(module->getAttr(kSharedBytesAttrName));
  WalkResult result = module.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<tile::LocalAllocOp>(op)) {
      if (alloc.getOffset() && placed)
        return WalkResult::advance();
      op->emitOpError("has no offset: run tile-allocate-shared first");
      return WalkResult::interrupt();
    }
    if (!getScratchBytes(op))
      return WalkResult::advance();
    std::optional<uint64_t> offset = getSharedOffset(op);
    if (!offset || !placed) {
      op->emitOpError("needs shared memory: run tile-allocate-shared first");
      return WalkResult::interrupt();
    }
    state.sharedOffsets[op] = *offset;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Math ops NVPTX cannot select (all widths) or can select only in fp32:
/// they become calls of libdevice's `__nv_*` functions, which tilec links
/// into the module (Target/PTX.cpp). fp32 exp, log, sin, cos, tanh and
/// rsqrt use the approx instructions instead (MathToNVVM.cpp).
bool tilec::needsLibdevice(Operation *op) {
  if (isa<math::ErfOp, math::ErfcOp, math::TanOp, math::AtanOp, math::Atan2Op,
          math::AsinOp, math::AcosOp, math::SinhOp, math::CoshOp,
          math::ExpM1Op, math::Log1pOp, math::Log10Op, math::PowFOp,
          math::CbrtOp, math::AsinhOp, math::AcoshOp, math::AtanhOp>(op))
    return true;
  // As in Triton 3.6 (checked in its PTX on the H200): tl.log, tl.log2,
  // tl.sin and tl.cos are libdevice's correctly range-reduced functions
  // (__nv_logf, ...), not the SFU's .approx forms, whose absolute error
  // near log(1) and for large sin/cos arguments is far above an ulp.
  if (isa<math::LogOp, math::Log2Op, math::SinOp, math::CosOp>(op))
    return true;
  if (isa<math::ExpOp, math::Exp2Op, math::TanhOp>(op))
    return op->getResult(0).getType().isF64();
  return false;
}

/// Every call of one external function must have one signature (the
/// declaration the lowering creates is shared).
static LogicalResult checkExternSignatures(ModuleOp module) {
  llvm::StringMap<std::pair<Operation *, FunctionType>> seen;
  WalkResult result = module.walk([&](tile::ExternElementwiseOp op) {
    SmallVector<Type> inputs;
    for (Type type : op.getSrcs().getTypes())
      inputs.push_back(getElementTypeOrSelf(type));
    auto type = FunctionType::get(op.getContext(), inputs,
                                  getElementTypeOrSelf(op.getType()));
    auto [it, inserted] = seen.try_emplace(op.getSymbol(), op, type);
    if (inserted || it->second.second == type)
      return WalkResult::advance();
    op.emitOpError("calls ") << op.getSymbol() << " as " << type
                             << " but an earlier call has "
                             << it->second.second;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Whether `type` (a scalar, block, pointer or shared buffer) holds
/// fp8e4nv.
static bool holdsFp8E4Nv(Type type) {
  if (auto memdesc = dyn_cast<tile::MemDescType>(type))
    type = memdesc.getElementType();
  type = getElementTypeOrSelf(type);
  if (auto ptr = dyn_cast<tile::PtrType>(type))
    type = ptr.getPointeeType();
  return isa<Float8E4M3FNType>(type);
}

/// fp8e4nv exists where the target converts it (supportsFp8E4Nv); as Triton
/// does, a kernel that uses it elsewhere is refused: at the kernel for a
/// parameter, else at the first op with a source location that makes one.
static LogicalResult checkFp8E4Nv(ModuleOp module, StringRef arch) {
  if (supportsFp8E4Nv(arch))
    return success();
  auto refuse = [&](Operation *at, StringRef what) {
    return at->emitError()
           << what << "fp8e4nv is not supported on " << arch
           << ": as in Triton, it needs sm_89 or newer (" << arch
           << " has fp8e5)";
  };
  for (auto func : module.getOps<func::FuncOp>())
    for (BlockArgument arg : func.getArguments())
      if (holdsFp8E4Nv(arg.getType())) {
        auto name =
            func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), "tile.name");
        std::string what =
            name ? ("parameter '" + name.getValue() + "': ").str() : "";
        return refuse(func, what);
      }
  Operation *culprit = nullptr;
  module.walk([&](Operation *op) -> WalkResult {
    if (!llvm::any_of(op->getResultTypes(), holdsFp8E4Nv))
      return WalkResult::advance();
    bool located = !isa<UnknownLoc>(op->getLoc());
    if (!culprit || located)
      culprit = op;
    return located ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!culprit)
    return success();
  return refuse(culprit, "");
}

/// What the kernel uses must exist on its target; the error goes on the
/// first op (or kernel parameter) that uses what does not.
static LogicalResult checkTargetSupport(ModuleOp module) {
  StringRef arch = getTargetArch(module);
  if (failed(checkFp8E4Nv(module, arch)))
    return failure();
  // griddepcontrol (tl.extra.cuda.gdc_wait, gdc_launch_dependents) is
  // PTX 7.8 on sm_90.
  if (!hasGridDependencyControl(arch)) {
    WalkResult walk = module.walk([&](NVVM::GriddepcontrolOp op) {
      op.emitError() << "tl.extra.cuda.gdc_wait and gdc_launch_dependents "
                        "need sm_90 or newer (the target is "
                     << arch << ")";
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  return success();
}

namespace {

struct TileToLLVMPass : public tilec::impl::TileToLLVMBase<TileToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    if (failed(checkExternSignatures(module)))
      return signalPassFailure();
    if (failed(checkTargetSupport(module)))
      return signalPassFailure();
    // A scan past its budget is one located error, before any lowering.
    WalkResult scans = module.walk([&](Operation *op) {
      if (isa<tile::ScanOp, tile::CombineScanOp>(op) &&
          failed(checkScanBudget(op)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (scans.wasInterrupted())
      return signalPassFailure();
    LoweringState state;
    if (failed(collectScratchOffsets(module, state)))
      return signalPassFailure();
    // wgmma's swizzled buffers are placed at multiples of 1024 bytes from
    // the start (tile-allocate-shared), which must be aligned as much.
    uint64_t sharedAlignment = 16;
    module.walk([&](tile::LocalAllocOp alloc) {
      if (isa<tile::NvmmaSharedEncodingAttr>(alloc.getType().getEncoding()))
        sharedAlignment = 1024;
    });
    uint64_t sharedBytes = 0;
    if (auto attr = module->getAttrOfType<IntegerAttr>(kSharedBytesAttrName))
      sharedBytes = attr.getInt();
    AxisInfoAnalysis axisInfo(module);
    state.axisInfo = &axisInfo;

    TileTypeConverter converter(context);
    RewritePatternSet patterns(context);
    populateElementwisePatterns(converter, state, patterns);
    populateMemoryPatterns(converter, state, patterns);
    populateAtomicPatterns(converter, state, patterns);
    populateReducePatterns(converter, state, patterns);
    populateScanPatterns(converter, state, patterns);
    populateCombinePatterns(converter, state, patterns);
    populateReshapePatterns(converter, state, patterns);
    populatePrintPatterns(converter, patterns);
    populateFp8Patterns(converter, patterns);
    populateAssertPatterns(converter, patterns);
    populateGatherPatterns(converter, state, patterns);
    populateSortPatterns(converter, state, patterns);
    populateHistogramPatterns(converter, state, patterns);
    populateConvertLayoutPatterns(converter, state, patterns);
    populateDotPatterns(converter, state, patterns);
    populateSharedMemoryPatterns(converter, state, patterns);
    populateWarpGroupDotPatterns(converter, patterns);
    populateMathApproxPatterns(converter, patterns);
    populateTmaPatterns(converter, patterns);
    populateFuncPatterns(converter, patterns);
    populateLibdevicePatterns(converter, patterns);

    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addIllegalDialect<tile::TileDialect>();
    target.addIllegalOp<func::FuncOp, func::ReturnOp>();
    target.addDynamicallyLegalDialect<arith::ArithDialect>(
        [](Operation *op) { return hasLegalTypes(op) && !involvesFp8(op); });
    target.addDynamicallyLegalDialect<math::MathDialect>([](Operation *op) {
      return hasLegalTypes(op) && !needsLibdevice(op) && !involvesFp8(op);
    });
    target.addDynamicallyLegalOp<math::ExpOp, math::Exp2Op, math::LogOp,
                                 math::Log2Op, math::SinOp, math::CosOp,
                                 math::TanhOp, math::RsqrtOp>(
        [](Operation *op) {
          Type type = op->getResult(0).getType();
          return hasLegalTypes(op) && !needsLibdevice(op) && !type.isF32() &&
                 !type.isF16() && !type.isBF16();
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
                             kSharedSymbol, Attribute(), sharedAlignment,
                             /*addrSpace=*/kShared);
    }
    module->setAttr(kSharedBytesAttrName,
                    IntegerAttr::get(IntegerType::get(context, 64),
                                     sharedBytes));
  }
};

} // namespace
