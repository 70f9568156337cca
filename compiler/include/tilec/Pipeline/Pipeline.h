//===- Pipeline.h - tilec's pass pipeline -----------------------*- C++ -*-===//
//
// The passes from tile IR (as MLIRGen emits it) to the LLVM/NVVM dialects,
// in one place so that tilec and tile-opt run the same sequence.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_PIPELINE_PIPELINE_H
#define TILEC_PIPELINE_PIPELINE_H

#include "mlir/Pass/PassManager.h"

namespace tilec {

/// Choices that change the code the pipeline generates.
struct PipelineOptions {
  /// Unroll factor of innermost loops that load blocks (1: no unrolling).
  /// Off by default: on the H200, row-sum ran the same unrolled by 2 or 4
  /// (docs/performance.md); kept for tuning.
  unsigned unrollLoops = 1;
  /// Run tile-mark-streaming-loads: loads whose data is read once and only
  /// reduced become last-use loads.
  bool streamingLoads = true;
  /// tile-prefetch-next-programs' distance in bytes (0: off). Needs sm_90
  /// (bulk prefetch).
  unsigned prefetchDistance = 2u << 20;
  /// tile-pipeline's stages: K tiles in flight (1: no pipelining). Triton's
  /// default.
  unsigned numStages = 3;
};

/// Adds the passes that lower tile IR to the LLVM and NVVM dialects.
void buildTileToLLVMPipeline(mlir::OpPassManager &pm,
                             const PipelineOptions &options = {});

/// Registers `tile-to-llvm-pipeline` (for tile-opt) and tilec's passes.
void registerTilecPasses();

} // namespace tilec

#endif // TILEC_PIPELINE_PIPELINE_H
