//===- SharedMemory.h - what shared memory ops need -------------*- C++ -*-===//
//
// Shared memory is either a buffer (`tile.local_alloc`, a value of type
// `!tile.memdesc`) or scratch that an op's lowering uses internally (the
// exchange of a reduction across warps, a layout conversion, the operands
// of an FMA `tile.dot`). tile-allocate-shared places both; tile-insert-
// barriers and tile-to-llvm read the offsets it records.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_ANALYSIS_SHAREDMEMORY_H
#define TILEC_ANALYSIS_SHAREDMEMORY_H

#include "tile/IR/Dialect.h"

#include "mlir/IR/Operation.h"

#include <optional>

namespace tilec {

/// The attribute giving a scratch user's byte offset.
inline constexpr llvm::StringLiteral kScratchOffsetAttrName =
    "tile.scratch_offset";
/// The module attribute giving the shared-memory bytes a program needs.
inline constexpr llvm::StringLiteral kSharedBytesAttrName = "tile.shared_bytes";

/// The lane and warp bits of a register layout that move along a reduced
/// axis: the reduction combines across them (butterfly shuffles for lanes,
/// shared memory for warps).
struct ReduceBits {
  int32_t lanes = 0;
  int32_t warps = 0;
};
/// ReduceBits of `layout` for `axis`; std::nullopt when a thread bit moves
/// along the axis and another dimension at once.
std::optional<ReduceBits> getReduceBits(const tile::LinearLayout &layout,
                                        unsigned axis);

/// Where an FMA tile.dot keeps its factors in scratch: row-major, each row
/// padded by 8 elements so that the rows a warp reads together start in
/// different banks, B after A at a 16-byte boundary.
struct DotScratchLayout {
  int64_t aPitch = 0;   ///< elements from one row of A to the next
  int64_t bPitch = 0;   ///< elements from one row of B to the next
  uint64_t bOffset = 0; ///< bytes from A's start to B's
  uint64_t bytes = 0;   ///< the whole region
};
DotScratchLayout getDotScratchLayout(tile::DotOp op);

/// Slots a scan along `axis` of a `type` block exchanges through scratch
/// between warps: one per chunk (the run of elements a thread holds along
/// the axis at its lowest axis bits, while those are register bits) of
/// every thread, slot thread * chunks + chunk; 0 when no warp bit is on the
/// axis.
uint64_t getScanExchangeSlots(mlir::RankedTensorType type, unsigned axis);

/// Bytes of scratch `op`'s lowering uses; 0 for none.
uint64_t getScratchBytes(mlir::Operation *op);

/// The byte offset tile-allocate-shared gave `op` (a tile.local_alloc or a
/// scratch user), if any.
std::optional<uint64_t> getSharedOffset(mlir::Operation *op);

/// Whether `op` is a scalar atomic that releases: one thread (thread 0)
/// releases for the whole program.
bool isReleasingScalarAtomic(mlir::Operation *op);

/// Marks a releasing scalar atomic that needs no barrier before it: no
/// thread but its own read or wrote global memory since the program's last
/// barrier (tile-insert-barriers decides).
constexpr llvm::StringLiteral kNoReleaseBarrierAttrName =
    "tile.no_release_barrier";

/// Whether `op`'s lowering begins with a barrier among the program's
/// threads: a releasing scalar atomic (every thread's earlier writes must
/// be ordered before it, as in the lock pattern `stores;
/// tl.atomic_xchg(lock, 0)`), unless marked kNoReleaseBarrierAttrName.
/// tile-insert-barriers counts that barrier rather than placing another
/// next to it.
bool startsWithBarrier(mlir::Operation *op);

/// The buffer that `op` is a view of (a tile.memdesc_subview, one buffer
/// of a stack, or a tile.memdesc_trans, the same bytes transposed), or
/// null when `op` is no view.
mlir::Value getViewedBuffer(mlir::Operation *op);

/// The allocation behind a buffer value (through views), or null.
tile::LocalAllocOp getAllocation(mlir::Value buffer);

} // namespace tilec

#endif // TILEC_ANALYSIS_SHAREDMEMORY_H
