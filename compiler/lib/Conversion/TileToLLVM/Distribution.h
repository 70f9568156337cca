//===- Distribution.h - which thread holds which element --------*- C++ -*-===//
//
// A layout attribute together with a shape says which elements each thread
// holds: its linear layout (tile/Layout/LinearLayout.h) maps (register, lane,
// warp) to tensor coordinates. The lowering represents a tensor by the values
// of its own thread, one per register, in register order; this file computes
// that order (statically) and the thread-dependent part of each element's
// coordinates (as IR).
//
// An element's coordinate along dimension d is base[d] + offset[d], where
// base depends only on the thread (lane and warp bits) and offset only on the
// register. That sum is the layout's XOR because every layout we lower gives
// registers and threads disjoint coordinate bits; Distribution::get refuses
// layouts that do not.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOLLVM_DISTRIBUTION_H
#define TILEC_CONVERSION_TILETOLLVM_DISTRIBUTION_H

#include "tile/Layout/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace tilec {

/// The elements one thread holds for a (layout, shape) pair.
class Distribution {
public:
  /// Resolves a register layout against `shape`. Returns std::nullopt for
  /// attributes that are not register layouts, and for layouts whose
  /// register and thread bits overlap in some coordinate.
  static std::optional<Distribution> get(mlir::Attribute layout,
                                         llvm::ArrayRef<int64_t> shape);
  /// Shorthand for a tensor type.
  static std::optional<Distribution> get(mlir::RankedTensorType type);

  /// Number of values per thread.
  size_t size() const { return offsets.size(); }
  unsigned getRank() const { return shape.size(); }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  /// The linear layout (in dims register, lane, warp; out dims dim0, ...).
  const tile::LinearLayout &getLinearLayout() const { return layout; }
  /// Per element, its coordinate offsets from the thread's base.
  llvm::ArrayRef<llvm::SmallVector<int64_t>> getOffsets() const {
    return offsets;
  }
  /// Position in the thread's list of the element with these offsets, or -1.
  int64_t find(llvm::ArrayRef<int64_t> offset) const;

  /// The dimension along which a thread's first registers hold consecutive
  /// elements, and how many; (0, 1) when no dimension does.
  std::pair<unsigned, int64_t> getContiguity() const;

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

private:
  llvm::SmallVector<int64_t> shape;
  tile::LinearLayout layout;
  llvm::SmallVector<llvm::SmallVector<int64_t>> offsets;
};

/// Emits the thread's index in its CTA (%tid.x, i32).
mlir::Value emitThreadId(mlir::OpBuilder &builder, mlir::Location loc);
/// Emits the thread's lane id (i32).
mlir::Value emitLaneId(mlir::OpBuilder &builder, mlir::Location loc);
/// Emits the thread's warp id (i32).
mlir::Value emitWarpId(mlir::OpBuilder &builder, mlir::Location loc);

/// The value (i32) that the bits of `id` (an i32 value of input dim `inDim`)
/// contribute to output dim `outDim` of `layout`: the XOR of the bases of
/// its set bits, emitted as shifts and masks of runs of bits.
mlir::Value emitLinearCoord(mlir::OpBuilder &builder, mlir::Location loc,
                            const tile::LinearLayout &layout,
                            llvm::StringRef inDim, mlir::Value id,
                            llvm::StringRef outDim);

/// The bits of `id` selected by `mask`, packed together (lowest first).
mlir::Value emitCompressBits(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value id, int32_t mask);

/// Where each element of `src` goes when it is reduced along `axis` into
/// `result` (null for a scalar result): the index, among the result's held
/// elements, of the one with its offsets less that axis. None when the
/// result's layout is not `src`'s slice along the axis.
std::optional<llvm::SmallVector<size_t>>
getReductionSlots(const Distribution &src, const Distribution *result,
                  unsigned axis);

/// An i32 constant.
mlir::Value emitI32(mlir::OpBuilder &builder, mlir::Location loc,
                    int64_t value);

} // namespace tilec

#endif // TILEC_CONVERSION_TILETOLLVM_DISTRIBUTION_H
