//===- Dialect.h - the tile dialect -----------------------------*- C++ -*-===//
//
// Everything a user of the tile dialect includes: the dialect, its types,
// layout attributes and operations, and small helpers on tile types.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_IR_DIALECT_H
#define TILE_IR_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/Layout/LinearLayout.h"

#include "tile/IR/TileDialect.h.inc"
#include "tile/IR/TileEnums.h.inc"

#include "tile/IR/TileInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/IR/TileTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/IR/TileAttrs.h.inc"

namespace tile {

/// On an scf.for: the pipeline depth `tl.range(..., num_stages=N)` asked
/// for, which tile-pipeline uses instead of its own num-stages.
inline constexpr llvm::StringLiteral kLoopNumStagesAttrName =
    "tile.num_stages";

/// The type a load through pointers of type `ptrLike` yields: the pointee for
/// a scalar pointer, a tensor of pointees of the same shape and encoding for
/// a tensor of pointers. Returns null for anything else.
mlir::Type getPointeeLike(mlir::Type ptrLike);

/// i1, or a tensor of i1 of the same shape and encoding as `type`.
mlir::Type getI1Like(mlir::Type type);

/// `elementType`, or a tensor of it with the shape and encoding of `like`.
mlir::Type getSameShape(mlir::Type like, mlir::Type elementType);

/// The layout attribute of a ranked tensor type, or null.
mlir::Attribute getEncoding(mlir::Type type);

/// Whether `type` is a tile pointer or a tensor of them.
bool isPtrLike(mlir::Type type);

/// Whether `value` is a constant scalar or block (a dense splat, or a
/// tile.splat of a constant) whose bits are all zero: +0.0 or 0.
bool isZeroBits(mlir::Value value);

} // namespace tile

#define GET_OP_CLASSES
#include "tile/IR/TileOps.h.inc"

#endif // TILE_IR_DIALECT_H
