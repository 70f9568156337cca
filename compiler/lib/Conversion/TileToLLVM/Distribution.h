//===- Distribution.h - which thread holds which element --------*- C++ -*-===//
//
// A layout attribute together with a shape says which elements each thread
// holds. The lowering represents a tensor by the values of its own thread, in
// a fixed order; this file computes that order (statically) and the thread-
// dependent part of each element's coordinates (as IR).
//
// An element's coordinate along dimension d is base[d] + offset[d], where
// base depends only on the thread (lane and warp) and offset only on the
// element's position in the thread's list.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOLLVM_DISTRIBUTION_H
#define TILEC_CONVERSION_TILETOLLVM_DISTRIBUTION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace tilec {

/// How a blocked layout, resolved against one shape, places elements.
struct BlockedPlacement {
  /// Elements each thread holds contiguously per dimension (the layout's
  /// sizePerThread clamped to the shape).
  llvm::SmallVector<int64_t> sizePerThread;
  llvm::SmallVector<int64_t> threadsPerWarp;
  llvm::SmallVector<int64_t> warpsPerCTA;
  llvm::SmallVector<unsigned> order;
  llvm::SmallVector<int64_t> shape;
  /// Lanes and warps along each dimension that hold distinct elements; the
  /// others hold copies (when the shape is smaller than the layout's tile).
  llvm::SmallVector<int64_t> distinctLanes;
  llvm::SmallVector<int64_t> distinctWarps;
};

/// The elements one thread holds for a (layout, shape) pair.
class Distribution {
public:
  /// Resolves `layout` (blocked or slice) against `shape`. Returns
  /// std::nullopt for layouts the lowering does not know.
  static std::optional<Distribution> get(mlir::Attribute layout,
                                         llvm::ArrayRef<int64_t> shape);
  /// Shorthand for a tensor type.
  static std::optional<Distribution> get(mlir::RankedTensorType type);

  /// Number of values per thread.
  size_t size() const { return offsets.size(); }
  unsigned getRank() const { return rank; }
  /// Per element, its coordinate offsets from the thread's base.
  llvm::ArrayRef<llvm::SmallVector<int64_t>> getOffsets() const {
    return offsets;
  }
  /// Position in the thread's list of the element with these offsets, or -1.
  int64_t find(llvm::ArrayRef<int64_t> offset) const;

  /// The thread's base coordinates (i32 values), one per dimension.
  llvm::SmallVector<mlir::Value> emitBase(mlir::OpBuilder &builder,
                                          mlir::Location loc) const;
  /// The row-major index within the tensor of each held element (i32), in
  /// the thread's order; shared-memory exchanges address elements by it.
  llvm::SmallVector<mlir::Value> emitLinearIndices(mlir::OpBuilder &builder,
                                                   mlir::Location loc) const;
  /// An i1 that is true in exactly one thread among those holding copies of
  /// the same elements; null when no two threads share elements.
  mlir::Value emitIsOwner(mlir::OpBuilder &builder, mlir::Location loc) const;

  /// The underlying blocked placement (of the root parent for slices).
  const BlockedPlacement &getBlocked() const { return blocked; }
  /// Dimensions of the root blocked layout that this tensor keeps, in order.
  llvm::ArrayRef<unsigned> getKeptDims() const { return keptDims; }

private:
  unsigned rank = 0;
  BlockedPlacement blocked;
  llvm::SmallVector<unsigned> keptDims;
  llvm::SmallVector<llvm::SmallVector<int64_t>> offsets;
};

/// Emits the thread's index in its CTA (%tid.x, i32).
mlir::Value emitThreadId(mlir::OpBuilder &builder, mlir::Location loc);

/// Lane coordinates along each dimension of a blocked placement.
llvm::SmallVector<mlir::Value> emitLaneCoords(mlir::OpBuilder &builder,
                                              mlir::Location loc,
                                              const BlockedPlacement &blocked);
/// Warp coordinates along each dimension of a blocked placement.
llvm::SmallVector<mlir::Value> emitWarpCoords(mlir::OpBuilder &builder,
                                              mlir::Location loc,
                                              const BlockedPlacement &blocked);

/// An i32 constant.
mlir::Value emitI32(mlir::OpBuilder &builder, mlir::Location loc,
                    int64_t value);

} // namespace tilec

#endif // TILEC_CONVERSION_TILETOLLVM_DISTRIBUTION_H
