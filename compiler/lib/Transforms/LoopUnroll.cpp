//===- LoopUnroll.cpp - scf.for unrolling, kept apart ----------------------===//

#include "LoopUnroll.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

mlir::LogicalResult tilec::unrollLoop(mlir::scf::ForOp loop, unsigned factor) {
  return mlir::loopUnrollByFactor(loop, factor);
}
