//===- InsertBarriers.cpp - tile-insert-barriers ---------------------------===//
//
// Puts a barrier between shared-memory accesses of different threads that
// could otherwise race (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/SharedMemory.h"

namespace tilec {
#define GEN_PASS_DEF_TILEINSERTBARRIERS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// A byte range [begin, end) of shared memory.
struct Range {
  uint64_t begin, end;
  bool overlaps(const Range &other) const {
    return begin < other.end && other.begin < end;
  }
  bool operator==(const Range &other) const {
    return begin == other.begin && end == other.end;
  }
};

/// What was read and written since the last barrier, and the buffers that
/// asynchronous copies are filling.
struct Pending {
  SmallVector<Range> reads, writes, inFlight;
  /// Whether threads stored to shared memory from registers since the last
  /// barrier (not through cp.async): what wgmma reads must be fenced.
  bool genericWrites = false;
  /// Whether any thread but thread 0 (where scalar atomics run) may have
  /// read or written global memory since the last barrier: a releasing
  /// scalar atomic must then wait for every thread first. Reads count too:
  /// in `count = tl.load(Count); tl.atomic_xchg(Count, 1)` every thread
  /// must have read Count before thread 0 overwrites it.
  bool globalAccesses = false;

  static bool overlapsAny(ArrayRef<Range> ranges, const Range &range) {
    return llvm::any_of(ranges,
                        [&](const Range &r) { return r.overlaps(range); });
  }
  static void add(SmallVectorImpl<Range> &ranges, const Range &range) {
    if (!llvm::is_contained(ranges, range))
      ranges.push_back(range);
  }
  void merge(const Pending &other) {
    for (const Range &r : other.reads)
      add(reads, r);
    for (const Range &r : other.writes)
      add(writes, r);
    for (const Range &r : other.inFlight)
      add(inFlight, r);
    genericWrites |= other.genericWrites;
    globalAccesses |= other.globalAccesses;
  }
  bool operator==(const Pending &other) const {
    auto same = [](ArrayRef<Range> a, ArrayRef<Range> b) {
      return a.size() == b.size() &&
             llvm::all_of(a, [&](const Range &r) {
               return llvm::is_contained(b, r);
             });
    };
    return same(reads, other.reads) && same(writes, other.writes) &&
           same(inFlight, other.inFlight) &&
           genericWrites == other.genericWrites &&
           globalAccesses == other.globalAccesses;
  }
};

/// The range of the buffer `value` lives in (a subview: its whole stack).
static std::optional<Range> getBufferRange(Value value) {
  LocalAllocOp alloc = getAllocation(value);
  if (!alloc || !alloc.getOffset())
    return std::nullopt;
  uint64_t begin = *alloc.getOffset();
  return Range{begin, begin + uint64_t(alloc.getType().getSizeInBytes())};
}

class BarrierInserter {
public:
  /// Walks `block` from `state`; with `insert`, places the barriers.
  /// Returns what is pending at its end.
  Pending visitBlock(Block &block, Pending state, bool insert) {
    for (Operation &op : llvm::make_early_inc_range(block))
      state = visitOp(&op, std::move(state), insert);
    return state;
  }

  LogicalResult status = success();
  /// Whether barriers after stores from registers get an async-proxy fence
  /// (the function has wgmma).
  bool fenceBarriers = false;

private:
  /// For each loop, the states it was walked from without `insert` and what
  /// it left pending.
  llvm::DenseMap<Operation *, SmallVector<std::pair<Pending, Pending>, 2>>
      visitedLoops;

  Pending visitOp(Operation *op, Pending state, bool insert) {
    // A barrier orders what completed before it; copies still in flight
    // stay so. One already there (tile-pipeline's) gets the fence as well.
    if (isa<BarrierOp>(op)) {
      if (insert)
        fence(op, state);
      return afterBarrier(std::move(state));
    }
    // An asynchronous copy writes when it completes, at a wait. Its writes
    // over what earlier iterations read are ordered by the schedule that
    // tile-pipeline builds (copies into a stage start after the barrier
    // that follows the stage's last reads), not here.
    if (auto copy = dyn_cast<AsyncCopyOp>(op)) {
      std::optional<Range> range = getBufferRange(copy.getDst());
      if (!range) {
        status = op->emitOpError("accesses shared memory that "
                                 "tile-allocate-shared has not placed");
        return state;
      }
      Pending::add(state.inFlight, *range);
      return state;
    }
    if (isa<AsyncWaitOp>(op)) {
      for (const Range &r : state.inFlight)
        Pending::add(state.writes, r);
      state.inFlight.clear();
      return state;
    }
    if (isa<scf::ForOp, scf::WhileOp>(op))
      return visitLoopOnce(op, std::move(state), insert);
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      Pending result =
          visitBlock(branch.getThenRegion().front(), state, insert);
      if (!branch.getElseRegion().empty())
        result.merge(
            visitBlock(branch.getElseRegion().front(), state, insert));
      else
        result.merge(state);
      return result;
    }
    return visitAccess(op, std::move(state), insert);
  }

  /// What a loop leaves pending from `state`. A loop is walked until its
  /// body's end is stable, and so is a loop inside it at each of those
  /// walks: without remembering what a loop gave for a state (walks without
  /// `insert` change nothing), loops nested d deep took 2^d walks of the
  /// innermost (25 deep: 40 s).
  Pending visitLoopOnce(Operation *loop, Pending state, bool insert) {
    if (!insert)
      for (const auto &[entry, result] : visitedLoops[loop])
        if (entry == state)
          return result;
    Pending result = visitLoop(loop, state, insert);
    if (!insert)
      visitedLoops[loop].push_back({std::move(state), result});
    return result;
  }

  Pending visitLoop(Operation *op, Pending state, bool insert) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      // Accesses before the loop that its body would race with get one
      // barrier before the loop rather than one in every iteration.
      if (hasHazard(*loop.getBody(), state))
        state = placeBarrier(op, std::move(state), insert);
      // Walk the body until what its end leaves pending is stable, so that
      // the next iteration's accesses see it; then place the barriers.
      Pending entry = state;
      for (unsigned i = 0; i < 4; ++i) {
        Pending end = visitBlock(*loop.getBody(), entry, /*insert=*/false);
        Pending next = state;
        next.merge(end);
        if (next == entry)
          break;
        entry = std::move(next);
      }
      Pending end = visitBlock(*loop.getBody(), entry, insert);
      // Zero iterations leave `state`.
      end.merge(state);
      return end;
    }
    if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      // The same, with the condition's block then the body's as the loop
      // body; the loop leaves after the condition's block.
      Block &before = loop.getBefore().front();
      Block &after = loop.getAfter().front();
      if (hasHazard(before, state) || hasHazard(after, state))
        state = placeBarrier(op, std::move(state), insert);
      Pending entry = state;
      for (unsigned i = 0; i < 4; ++i) {
        Pending middle = visitBlock(before, entry, /*insert=*/false);
        Pending end = visitBlock(after, middle, /*insert=*/false);
        Pending next = state;
        next.merge(end);
        if (next == entry)
          break;
        entry = std::move(next);
      }
      Pending middle = visitBlock(before, entry, insert);
      visitBlock(after, middle, insert);
      return middle;
    }
    llvm_unreachable("visitLoop takes scf.for and scf.while");
  }

  /// Any other op: its nested regions in order, or the op as one access.
  Pending visitAccess(Operation *op, Pending state, bool insert) {
    // A combine or map region holds scalar code: the op itself is the
    // access.
    if (op->getNumRegions() &&
        !isa<CombineReduceOp, CombineScanOp, MapElementwiseOp>(op)) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          state = visitBlock(block, std::move(state), insert);
      return state;
    }

    // A releasing scalar atomic waits for every thread, so that their
    // accesses are ordered before it, unless none touched global memory
    // since the last barrier (an atomic right after the lock's
    // compare-and-swap). That barrier orders what is pending as a
    // tile.barrier would (unless stores wait to be fenced for wgmma: only a
    // tile.barrier gets the fence).
    if (isReleasingScalarAtomic(op)) {
      bool needed = state.globalAccesses;
      if (insert) {
        if (needed)
          op->removeAttr(kNoReleaseBarrierAttrName);
        else
          op->setAttr(kNoReleaseBarrierAttrName,
                      UnitAttr::get(op->getContext()));
      }
      if (needed && !(fenceBarriers && state.genericWrites))
        state = afterBarrier(std::move(state));
    }
    SmallVector<Range> reads, writes;
    getAccesses(op, reads, writes);
    if (hasHazard(reads, writes, state))
      state = placeBarrier(op, std::move(state), insert);
    for (const Range &r : reads)
      Pending::add(state.reads, r);
    for (const Range &r : writes)
      Pending::add(state.writes, r);
    // Every write getAccesses reports is a store from registers.
    state.genericWrites |= !writes.empty();
    state.globalAccesses |= mayAccessGlobalFromAnyThread(op);
    return state;
  }

  /// Whether `op` may read or write global memory from a thread other than
  /// thread 0: loads, stores, copies, block atomics, and anything unknown
  /// that touches memory.
  static bool mayAccessGlobalFromAnyThread(Operation *op) {
    if (isa<AtomicRMWOp, AtomicCASOp>(op))
      return isa<RankedTensorType>(op->getOperand(0).getType());
    if (isa<StoreOp, LoadOp, AsyncCopyOp>(op))
      return true;
    // Shared memory only.
    if (isa<LocalAllocOp, LocalLoadOp, LocalStoreOp, AsyncWaitOp, BarrierOp>(
            op))
      return false;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return op->getNumRegions() == 0 && !isPure(op);
    return effects.hasEffect<MemoryEffects::Read>() ||
           effects.hasEffect<MemoryEffects::Write>();
  }

  /// What is pending after a barrier: copies still in flight stay so.
  static Pending afterBarrier(Pending state) {
    Pending after;
    after.inFlight = std::move(state.inFlight);
    return after;
  }

  /// wgmma reads through the async proxy: stores from registers that it
  /// may read must be fenced by the threads that made them, before the
  /// barrier that orders them (a barrier placed for another access may be
  /// the one a later product relies on, so any barrier after such stores
  /// is). Copies by cp.async are not fenced: their completion at the wait,
  /// then the barrier, orders them for wgmma, as Triton and CUTLASS rely
  /// on.
  void fence(Operation *barrier, const Pending &state) {
    if (!fenceBarriers || !state.genericWrites)
      return;
    if (isa_and_nonnull<FenceAsyncSharedOp>(barrier->getPrevNode()))
      return;
    OpBuilder builder(barrier);
    FenceAsyncSharedOp::create(builder, barrier->getLoc());
  }

  /// Puts a barrier before `op` (with `insert`) and returns what is pending
  /// after it.
  Pending placeBarrier(Operation *op, Pending state, bool insert) {
    if (insert) {
      OpBuilder builder(op);
      fence(BarrierOp::create(builder, op->getLoc()), state);
    }
    return afterBarrier(std::move(state));
  }

  /// Whether an access in `block` (or nested in it) races with `state`.
  bool hasHazard(Block &block, const Pending &state) {
    bool found = false;
    block.walk([&](Operation *inner) {
      if (inner->getNumRegions() &&
          !isa<CombineReduceOp, CombineScanOp, MapElementwiseOp>(inner))
        return;
      SmallVector<Range> reads, writes;
      getAccesses(inner, reads, writes);
      found |= hasHazard(reads, writes, state);
    });
    return found;
  }

  static bool hasHazard(ArrayRef<Range> reads, ArrayRef<Range> writes,
                        const Pending &state) {
    return llvm::any_of(reads,
                        [&](const Range &r) {
                          return Pending::overlapsAny(state.writes, r);
                        }) ||
           llvm::any_of(writes, [&](const Range &r) {
             return Pending::overlapsAny(state.writes, r) ||
                    Pending::overlapsAny(state.reads, r);
           });
  }

  /// The shared-memory ranges `op` reads and writes.
  void getAccesses(Operation *op, SmallVectorImpl<Range> &reads,
                   SmallVectorImpl<Range> &writes) {
    auto need = [&](std::optional<Range> range, SmallVectorImpl<Range> &into) {
      if (range) {
        into.push_back(*range);
        return;
      }
      status = op->emitOpError("accesses shared memory that "
                               "tile-allocate-shared has not placed");
    };
    if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
      if (alloc.getSrc())
        need(getBufferRange(alloc.getResult()), writes);
      return;
    }
    if (auto store = dyn_cast<LocalStoreOp>(op))
      return need(getBufferRange(store.getDst()), writes);
    if (auto load = dyn_cast<LocalLoadOp>(op))
      return need(getBufferRange(load.getSrc()), reads);
    if (auto dot = dyn_cast<WarpGroupDotOp>(op)) {
      // A register operand (B of a transposed product, or A) reads no
      // buffer.
      for (Value factor : {dot.getA(), dot.getB()})
        if (isa<MemDescType>(factor.getType()))
          need(getBufferRange(factor), reads);
      return;
    }
    if (uint64_t bytes = getScratchBytes(op)) {
      std::optional<uint64_t> offset = getSharedOffset(op);
      std::optional<Range> range;
      if (offset)
        range = Range{*offset, *offset + bytes};
      need(range, writes);
      if (range)
        reads.push_back(*range);
    }
  }
};

struct TileInsertBarriersPass
    : public tilec::impl::TileInsertBarriersBase<TileInsertBarriersPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      BarrierInserter inserter;
      func.walk([&](WarpGroupDotOp) { inserter.fenceBarriers = true; });
      inserter.visitBlock(func.getBody().front(), {}, /*insert=*/true);
      if (failed(inserter.status))
        return signalPassFailure();
    }
  }
};

} // namespace
