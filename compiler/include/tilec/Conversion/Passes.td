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

#endif // TILEC_CONVERSION_PASSES_TD
