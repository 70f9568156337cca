//===- LoopUnroll.h - scf.for unrolling, kept apart ------------*- C++ -*-===//
//
// MLIR's SCF utilities declare a function `mlir::tile`, which clashes with
// our dialect's namespace `mlir::tile`; this wrapper keeps the two headers in
// different translation units.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TRANSFORMS_LOOPUNROLL_H
#define TILEC_TRANSFORMS_LOOPUNROLL_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tilec {

/// Unrolls `loop` by `factor`, with a remainder loop for trip counts that
/// are not multiples of it.
mlir::LogicalResult unrollLoop(mlir::scf::ForOp loop, unsigned factor);

} // namespace tilec

#endif // TILEC_TRANSFORMS_LOOPUNROLL_H
