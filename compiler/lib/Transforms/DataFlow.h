//===- DataFlow.h - where a kernel's values come from and go ----*- C++ -*-===//
//
// Small walks over tile IR shared by the passes that choose how memory is
// accessed (tile-mark-streaming-loads, tile-prefetch-next-programs). They
// follow values through scf.for iteration arguments and results.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TRANSFORMS_DATAFLOW_H
#define TILEC_TRANSFORMS_DATAFLOW_H

#include "mlir/IR/Value.h"

namespace tilec {

/// The function argument `ptr` is computed from by pointer arithmetic, or
/// null when it has none or more than one.
mlir::BlockArgument rootPointer(mlir::Value ptr);

/// Whether `value` is computed from `tile.program_id`.
bool dependsOnProgramId(mlir::Value value);

/// Whether the data `loaded` reaches anything but a reduction: a store or a
/// load (as value, address or mask), a return, or an op not followed.
bool escapesUnreduced(mlir::Value loaded);

} // namespace tilec

#endif // TILEC_TRANSFORMS_DATAFLOW_H
