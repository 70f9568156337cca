//===- Pipeline.cpp - tilec's pass pipeline -------------------------------===//

#include "tilec/Pipeline/Pipeline.h"

#include "tilec/Conversion/Passes.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void tilec::buildTileToLLVMPipeline(OpPassManager &pm,
                                    const PipelineOptions &options) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.streamingLoads)
    pm.addPass(createTileMarkStreamingLoads());
  if (options.prefetchDistance > 0)
    pm.addPass(createTilePrefetchNextPrograms(
        TilePrefetchNextProgramsOptions{options.prefetchDistance,
                                        /*minPrograms=*/64}));
  if (options.unrollLoops > 1)
    pm.addPass(createTileUnrollLoops(
        TileUnrollLoopsOptions{/*factor=*/options.unrollLoops}));
  pm.addPass(createTileAssignLayouts());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createTileDotOperandsToShared());
  // Always: loops of tl.range(..., num_stages=N) may ask for their own
  // depth even when the default (numStages) is 1.
  pm.addPass(createTilePipeline(TilePipelineOptions{options.numStages}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTileAllocateShared());
  pm.addPass(createTileInsertBarriers());
  pm.addPass(createTileToLLVM());
  // convert-scf-to-cf, linear in the ops of a block.
  pm.addPass(createTileSCFToCF());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void tilec::registerTilecPasses() {
  registerTilecConversionPasses();
  registerTilecTransformsPasses();
  PassPipelineRegistration<>(
      "tile-to-llvm-pipeline",
      "lower tile IR to the LLVM and NVVM dialects as tilec does",
      [](OpPassManager &pm) { buildTileToLLVMPipeline(pm); });
}
