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

/// Moves a narrowing cast (arith.truncf, arith.trunci) that is the only user
/// of a `tile.convert_layout` before the conversion, so the conversion moves
/// the narrow values: a product's fp32 accumulator stored as fp16 goes
/// through half the scratch. Returns how many casts moved.
unsigned narrowBeforeConversions(mlir::Operation *root);

} // namespace tilec

#endif // TILEC_LIB_TRANSFORMS_REMATERIALIZE_H
