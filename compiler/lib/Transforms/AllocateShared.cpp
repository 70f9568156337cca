//===- AllocateShared.cpp - tile-allocate-shared ---------------------------===//
//
// Places shared-memory buffers and scratch areas, reusing bytes between
// regions whose lives do not overlap (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/Layout.h"
#include "tilec/Analysis/SharedMemory.h"
#include "tilec/Target/Arch.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <optional>

namespace tilec {
#define GEN_PASS_DEF_TILEALLOCATESHARED
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// A region of shared memory: its size, its life as an interval of op
/// positions (program order, inclusive), and the op that gets its offset.
/// Scratch lives during its op.
struct Region {
  Operation *owner;
  uint64_t bytes;
  int64_t start, end;
  /// Buffers that wgmma or TMA read in a swizzled layout start at a multiple
  /// of the swizzle pattern's 1024 bytes; others at 16.
  uint64_t alignment = 16;
  uint64_t offset = 0;
  bool scratch = false;
};

/// Program-order positions of the ops of a function.
class Positions {
public:
  explicit Positions(func::FuncOp func) {
    func.walk<WalkOrder::PreOrder>(
        [&](Operation *op) { position[op] = position.size(); });
  }
  int64_t of(Operation *op) const { return position.lookup(op); }
  /// The last position inside `op` (its own when it has no regions).
  int64_t lastIn(Operation *op) const {
    int64_t result = of(op);
    op->walk([&](Operation *inner) { result = std::max(result, of(inner)); });
    return result;
  }

private:
  llvm::DenseMap<Operation *, int64_t> position;
};

/// The life of the buffer `alloc`: to its last use, through views; a use
/// in a loop that does not hold the allocation keeps it for the whole loop
/// (later iterations use it again).
static std::pair<int64_t, int64_t> getLife(LocalAllocOp alloc,
                                           const Positions &positions) {
  int64_t start = positions.of(alloc), end = start;
  SmallVector<Value> buffers = {alloc.getResult()};
  while (!buffers.empty()) {
    Value buffer = buffers.pop_back_val();
    for (Operation *user : buffer.getUsers()) {
      if (getViewedBuffer(user))
        buffers.push_back(user->getResult(0));
      int64_t useEnd = positions.of(user);
      for (Operation *parent = user->getParentOp(); parent;
           parent = parent->getParentOp()) {
        if (parent->isAncestor(alloc))
          break;
        if (isa<LoopLikeOpInterface>(parent))
          useEnd = std::max(useEnd, positions.lastIn(parent));
      }
      end = std::max(end, useEnd);
    }
  }
  return {start, end};
}

/// The lowest offset, aligned for `regions[i]`, at which it overlaps none
/// of the regions placed before it that are alive at the same time, and,
/// with `avoidScratch`, no placed scratch area at all.
static uint64_t getFirstFit(ArrayRef<Region> regions, unsigned i,
                            bool avoidScratch) {
  const Region &region = regions[i];
  uint64_t offset = 0;
  bool moved = true;
  while (moved) {
    moved = false;
    for (const Region &other : regions.take_front(i)) {
      bool conflict = (avoidScratch && other.scratch) ||
                      (other.start <= region.end && region.start <= other.end);
      bool overlap = offset < other.offset + other.bytes &&
                     other.offset < offset + region.bytes;
      if (conflict && overlap) {
        offset = llvm::alignTo(other.offset + other.bytes, region.alignment);
        moved = true;
      }
    }
  }
  return offset;
}

/// First fit: each region, in order of its start (program order, so the
/// same IR gets the same offsets), takes the lowest aligned offset that no
/// placed region alive at the same time uses. With `room`, a scratch area
/// first tries bytes that no earlier scratch area took, and keeps them if
/// they end within `room`: sharing bytes with an earlier scratch user
/// costs a barrier between the two ops (tile-insert-barriers), worth it
/// only where it saves bytes. Returns the total.
static uint64_t place(MutableArrayRef<Region> regions,
                      std::optional<uint64_t> room) {
  llvm::stable_sort(regions, [](const Region &a, const Region &b) {
    return a.start < b.start;
  });
  uint64_t total = 0;
  for (unsigned i = 0; i < regions.size(); ++i) {
    Region &region = regions[i];
    bool apart = room && region.scratch;
    region.offset = getFirstFit(regions, i, /*avoidScratch=*/apart);
    if (apart && region.offset + region.bytes > *room)
      region.offset = getFirstFit(regions, i, /*avoidScratch=*/false);
    total = std::max(total, region.offset + region.bytes);
  }
  return total;
}

/// Places `regions` with no two scratch areas sharing bytes when that fits
/// in `limit` (sharing would only add barriers between their ops); else in
/// the least bytes first fit finds, keeping scratch areas apart where that
/// fits in them. Buffers land where plain first fit puts them (a scratch
/// area is never alive with a buffer allocated after it), and every
/// scratch area ends within that total, so the total is plain first fit's.
static uint64_t placeAll(MutableArrayRef<Region> regions, uint64_t limit) {
  uint64_t apart = place(regions, std::numeric_limits<uint64_t>::max());
  if (apart <= limit)
    return apart;
  uint64_t total = place(regions, std::nullopt);
  return place(regions, total);
}

struct TileAllocateSharedPass
    : public tilec::impl::TileAllocateSharedBase<TileAllocateSharedPass> {
  using TileAllocateSharedBase::TileAllocateSharedBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    Type i64 = IntegerType::get(context, 64);
    uint64_t total = 0;
    for (auto func : module.getOps<func::FuncOp>()) {
      Positions positions(func);
      SmallVector<Region> regions;
      func.walk([&](Operation *op) {
        if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
          auto [start, end] = getLife(alloc, positions);
          uint64_t alignment =
              isa<NvmmaSharedEncodingAttr>(alloc.getType().getEncoding()) ? 1024
                                                                          : 16;
          regions.push_back({op, uint64_t(alloc.getType().getSizeInBytes()),
                             start, end, alignment});
          return;
        }
        // Scratch lives during its op, even in a loop: each iteration's
        // op writes it before reading it. tile-insert-barriers sees the op
        // read and write all of it, so whatever takes the same bytes later
        // (a buffer, the next scratch user, the op's next iteration) is
        // written only after a barrier.
        if (uint64_t bytes = getScratchBytes(op))
          regions.push_back({op, bytes, positions.of(op),
                             positions.lastIn(op), 16, 0, /*scratch=*/true});
      });
      uint64_t limit = maxSharedBytes
                           ? uint64_t(maxSharedBytes)
                           : getMaxSharedBytesPerBlock(getTargetArch(module));
      total = std::max(total, placeAll(regions, limit));
      for (const Region &region : regions) {
        auto offset = IntegerAttr::get(i64, region.offset);
        if (auto alloc = dyn_cast<LocalAllocOp>(region.owner))
          alloc.setOffsetAttr(offset);
        else
          region.owner->setAttr(kScratchOffsetAttrName, offset);
      }
    }
    module->setAttr(kSharedBytesAttrName, IntegerAttr::get(i64, total));
  }
};

} // namespace
