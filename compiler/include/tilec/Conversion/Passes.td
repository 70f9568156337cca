//===- Passes.td - tilec conversion passes ----------------*- tablegen -*-===//

#ifndef TILEC_CONVERSION_PASSES_TD
#define TILEC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileToLLVM : Pass<"tile-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower layout-annotated tile IR to the LLVM and NVVM dialects";
  let description = [{
    Every tensor becomes the values its thread owns under its layout (a 1:N
    type conversion); tile ops become per-thread LLVM/NVVM code: vectorised
    global loads and stores, warp shuffles and shared memory for reductions
    and layout conversions, `ex2.approx` for exponentials. Kernels become
    `llvm.func`s marked `nvvm.kernel`. Scalar arith/math/scf are left for the
    upstream conversions that follow. Needs `tile-assign-layouts` first.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TileSCFToCF : Pass<"tile-scf-to-cf", "mlir::ModuleOp"> {
  let summary = "convert-scf-to-cf, in time linear in the ops of a block";
  let description = [{
    Lowers scf ops to the cf dialect with upstream's patterns
    (`populateSCFToControlFlowConversionPatterns`), each op after the ops in
    its regions and a block's ops from the last to the first. Lowering an
    op splits its block there and moves the ops after it: from the last
    op on, that is only up to the next op lowered. `convert-scf-to-cf`
    lowers from the first, moving the rest of the block each time and
    recording each op it moved, so that 2000 scf.if in one block took
    3.5 s and 900 MB.
  }];
  let dependentDialects = ["mlir::cf::ControlFlowDialect"];
}

#endif // TILEC_CONVERSION_PASSES_TD
