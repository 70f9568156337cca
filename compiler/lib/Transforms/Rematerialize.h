//===- Rematerialize.h - recomputing instead of converting ------*- C++ -*-===//

#ifndef TILEC_LIB_TRANSFORMS_REMATERIALIZE_H
#define TILEC_LIB_TRANSFORMS_REMATERIALIZE_H

#include "mlir/IR/Operation.h"

namespace tilec {

/// Removes the `tile.convert_layout` ops under `root` that convert to the
/// layout their operand already has, and those whose operand is computed by
/// at most `maxOps` cheap, side-effect-free ops (ranges, splats, constants,
/// broadcast, expand_dims, addptr, arith) from values already in the layouts
/// needed: that chain is recomputed in the target layout next to the
/// original, which is erased once unused. Returns how many conversions went.
unsigned rematerializeConversions(mlir::Operation *root, unsigned maxOps = 16);

} // namespace tilec

#endif // TILEC_LIB_TRANSFORMS_REMATERIALIZE_H
