//===- AllocateShared.cpp - tile-allocate-shared ---------------------------===//
//
// Places shared-memory buffers and scratch areas, reusing bytes between
// regions whose lives do not overlap (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/SharedMemory.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

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
/// Scratch lives during its op (and apart from all other scratch).
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

/// First fit: each region, in order of its start, takes the lowest 16-byte
/// aligned offset that no placed region alive at the same time uses.
static uint64_t place(MutableArrayRef<Region> regions) {
  llvm::stable_sort(regions, [](const Region &a, const Region &b) {
    return a.start < b.start;
  });
  uint64_t total = 0;
  for (unsigned i = 0; i < regions.size(); ++i) {
    Region &region = regions[i];
    uint64_t offset = 0;
    bool moved = true;
    while (moved) {
      moved = false;
      for (unsigned j = 0; j < i; ++j) {
        const Region &other = regions[j];
        bool liveTogether =
            (other.scratch && region.scratch) ||
            (other.start <= region.end && region.start <= other.end);
        bool overlap = offset < other.offset + other.bytes &&
                       other.offset < offset + region.bytes;
        if (liveTogether && overlap) {
          offset = llvm::alignTo(other.offset + other.bytes, region.alignment);
          moved = true;
        }
      }
    }
    region.offset = offset;
    total = std::max(total, offset + region.bytes);
  }
  return total;
}

struct TileAllocateSharedPass
    : public tilec::impl::TileAllocateSharedBase<TileAllocateSharedPass> {
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
        // Scratch lives during its op: tile-insert-barriers sees the op
        // read and write all of it, so a later buffer in the same bytes
        // gets a barrier before it is written. Two scratch areas never
        // share bytes, though: consecutive reductions (softmax's max and
        // sum) would need a barrier between them.
        if (uint64_t bytes = getScratchBytes(op))
          regions.push_back({op, bytes, positions.of(op),
                             positions.lastIn(op), 16, 0, /*scratch=*/true});
      });
      total = std::max(total, place(regions));
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
