//===- PipelineLoops.cpp - tile-pipeline ------------------------------------===//
//
// Software pipelining of loops whose blocks go from global memory through a
// shared-memory buffer into registers (the factors of a tensor-core
// tile.dot): the loads of iteration i + S - 1 are started, as asynchronous
// copies into stage (i + S - 1) % S of an S-deep buffer, while iteration i
// reads stage i % S and multiplies (see Passes.td).
//
// The ops that compute the loads' pointers and masks form stage 0; they are
// pure and depend only on the induction variable, loop invariants and
// loop-carried values that nothing else uses (the pointers and their
// increments). So the loop can carry those values S - 1 iterations ahead:
// the prologue clones stage 0 for iterations 0 .. S-2, and the body clones
// it once more for iteration i + S - 1 after reading stage i % S.
//
// A load through a tensor descriptor parameter that names its block in the
// tensor map (`tma %map[coords]`) and only feeds wgmma from a swizzled
// buffer is copied by TMA instead: one thread issues the stage's copies
// after an `mbarrier.arrive.expect_tx` of their bytes on the stage's
// mbarrier, and every thread waits on that mbarrier's phase before reading
// the stage. The phase flips each time the stages wrap around.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Analysis/Layout.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace tilec {
#define GEN_PASS_DEF_TILEPIPELINE
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// The box and swizzle a tensor map's TMA copies use.
struct TmaBox {
  SmallVector<int32_t> box;
  int32_t swizzle = 0;
  bool operator==(const TmaBox &other) const {
    return box == other.box && swizzle == other.swizzle;
  }
};

/// A load whose block only goes into shared-memory buffers, or one that
/// the loop reads in registers and that goes through one to be copied
/// ahead.
struct StagedLoad {
  LoadOp load;
  /// The buffers its block fills: one, or several of one type (a block
  /// that feeds two products, one through a transposed view: every buffer
  /// becomes the same stage). Empty for a register load until
  /// pipelineLoop gives it its buffer.
  SmallVector<LocalAllocOp, 2> allocs;
  /// The box of its TMA copies when TMA copies it (else cp.async).
  std::optional<TmaBox> tma;

  MemDescType getType() const {
    LocalAllocOp first = allocs.front();
    return first.getType();
  }
  bool isAlloc(Operation *op) const {
    return llvm::is_contained(allocs, dyn_cast<LocalAllocOp>(op));
  }
};

/// What pipelining one loop needs to know.
struct LoopPlan {
  SmallVector<StagedLoad, 4> loads;
  /// Stage 0: the ops computing the loads' pointers and masks and the
  /// loop-carried values they use, in program order.
  llvm::SetVector<Operation *> stage0;
  /// Loop-carried values (iter_arg numbers) that stage 0 uses: the loop
  /// carries them S - 1 iterations ahead.
  llvm::SmallDenseSet<unsigned> aheadArgs;
  /// Those of aheadArgs that this iteration's ops use too (or the code
  /// after the loop): the loop carries both values, the ahead one in an
  /// extra iter_arg.
  llvm::SmallVector<unsigned> sharedArgs;
};

} // namespace

/// Whether a thread copies at least 4 bytes at a time: cp.async moves 4, 8
/// or 16 bytes. A mask that changes inside a copy is fine: the lowering
/// moves such copies lane by lane.
static bool hasCopyableVectors(LoadOp load, const AxisInfoAnalysis &axisInfo) {
  auto type = cast<RankedTensorType>(load.getPtr().getType());
  auto layout = dyn_cast_or_null<DistributedLayoutInterface>(type.getEncoding());
  if (!layout)
    return false;
  LinearLayout linear = layout.toLinearLayout(type.getShape());
  for (unsigned d = 0, e = type.getRank(); d < e; ++d) {
    int64_t run = linear.getNumConsecutiveRegisters(getDimName(d));
    run = std::min<int64_t>(run, axisInfo.getPtrVectorWidth(load.getPtr(), d));
    if (run * getElementBytes(type) >= 4)
      return true;
  }
  return false;
}

/// The ops that read the buffers of `allocs`, through transposed views.
static SmallVector<Operation *> getReaders(ArrayRef<LocalAllocOp> allocs) {
  SmallVector<Operation *> readers;
  for (LocalAllocOp alloc : allocs)
    for (Operation *user : alloc->getUsers()) {
      if (!isa<MemDescTransOp>(user)) {
        readers.push_back(user);
        continue;
      }
      llvm::append_range(readers, user->getUsers());
    }
  return readers;
}

/// The TMA box that fills `alloc` from `load`'s tensor map, when TMA can:
/// an sm_90a kernel, a load naming its block in a tensor map, a 2-d
/// #tile.nvmma_shared buffer (last dimension contiguous, 32- to 128-byte
/// swizzle) that only wgmma reads, whose stages and column blocks start on
/// 1024-byte boundaries (the swizzle pattern follows address bits), and a
/// box of at most 256 x 256 elements.
static std::optional<TmaBox> getTmaBox(LoadOp load,
                                       ArrayRef<LocalAllocOp> allocs) {
  if (!load.getTmaMap() || !targetsSm90a(load))
    return std::nullopt;
  // The runtime encodes a kernel parameter that names its leaves.
  auto map = dyn_cast<BlockArgument>(load.getTmaMap());
  auto func = map ? dyn_cast<func::FuncOp>(map.getOwner()->getParentOp())
                  : func::FuncOp();
  if (!func || !func.getArgAttr(map.getArgNumber(), "tile.name") ||
      !func.getArgAttr(map.getArgNumber(), "tile.tensor_map_of"))
    return std::nullopt;
  LocalAllocOp first = allocs.front();
  MemDescType type = first.getType();
  auto layout = dyn_cast<NvmmaSharedEncodingAttr>(type.getEncoding());
  if (!layout || layout.getTransposed() || type.getShape().size() != 2)
    return std::nullopt;
  int64_t swizzle = layout.getSwizzle();
  if (swizzle != 32 && swizzle != 64 && swizzle != 128)
    return std::nullopt;
  int64_t rows = type.getShape()[0];
  int64_t boxCols = swizzle * 8 / type.getElementTypeBitWidth();
  if (rows > 256 || boxCols > 256 || (rows * swizzle) % 1024 != 0 ||
      type.getSizeInBytes() % 1024 != 0)
    return std::nullopt;
  if (!llvm::all_of(getReaders(allocs),
                    [](Operation *user) { return isa<WarpGroupDotOp>(user); }))
    return std::nullopt;
  TmaBox box;
  box.box = {static_cast<int32_t>(rows), static_cast<int32_t>(boxCols)};
  box.swizzle = static_cast<int32_t>(swizzle);
  return box;
}

/// Adds to `slice` the ops of `body` that `value` depends on, and the
/// loop-carried values it reaches to `args`. Fails on an op that is not
/// pure.
static LogicalResult addSlice(Value value, Block *body,
                              llvm::SetVector<Operation *> &slice,
                              llvm::SmallDenseSet<unsigned> &args) {
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      // Argument 0 is the induction variable.
      if (arg.getOwner() == body && arg.getArgNumber() > 0 &&
          args.insert(arg.getArgNumber() - 1).second) {
        Value next =
            body->getTerminator()->getOperand(arg.getArgNumber() - 1);
        worklist.push_back(next);
      }
      continue;
    }
    Operation *op = v.getDefiningOp();
    if (op->getBlock() != body || slice.contains(op))
      continue;
    if (!isPure(op) || op->getNumRegions())
      return failure();
    slice.insert(op);
    llvm::append_range(worklist, op->getOperands());
  }
  return success();
}

/// The buffers `load`'s block goes into when that is all it does: local
/// allocs of one type in `body`, read (through transposed views) only by
/// local loads and wgmma products there. Empty otherwise.
static SmallVector<LocalAllocOp, 2> getStagedAllocs(LoadOp load, Block *body) {
  SmallVector<LocalAllocOp, 2> allocs;
  for (Operation *user : load->getUsers()) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (!alloc || alloc->getBlock() != body ||
        (!allocs.empty() && alloc.getType() != allocs.front().getType()))
      return {};
    allocs.push_back(alloc);
  }
  auto inBody = [&](Operation *user) { return user->getBlock() == body; };
  for (LocalAllocOp alloc : allocs)
    if (!llvm::all_of(alloc->getUsers(), inBody))
      return {};
  if (!llvm::all_of(getReaders(allocs), [&](Operation *user) {
        return isa<LocalLoadOp, WarpGroupDotOp>(user) && inBody(user);
      }))
    return {};
  llvm::sort(allocs, [](LocalAllocOp a, LocalAllocOp b) {
    return a->isBeforeInBlock(b);
  });
  return allocs;
}

/// Whether `load`'s block flows into a product of `body` through ops there
/// (attention's row statistics: exp2(qk - m) becomes a factor).
static bool reachesProduct(LoadOp load, Block *body) {
  SmallVector<Operation *> worklist = {load};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Operation *user : op->getUsers()) {
      if (user->getBlock() != body || !seen.insert(user).second)
        continue;
      if (isa<DotOp, WarpGroupDotOp>(user))
        return true;
      worklist.push_back(user);
    }
  }
  return false;
}

/// Whether `load` is a block this loop reads in registers and that may go
/// through a buffer to be copied ahead, as Triton's pipeliner does in
/// loops with products: its block reaches a product, every use is in
/// `body`, and no use stores it into a buffer.
static bool isRegisterLoad(LoadOp load, Block *body,
                           const AxisInfoAnalysis &axisInfo) {
  return llvm::all_of(load->getUsers(),
                      [&](Operation *user) {
                        return user->getBlock() == body &&
                               !isa<LocalAllocOp>(user);
                      }) &&
         reachesProduct(load, body) && hasCopyableVectors(load, axisInfo);
}

/// Whether a load can be copied by cp.async or TMA at all.
static bool isCopyable(LoadOp load) {
  return isa<RankedTensorType>(load.getType()) &&
         (!load.getOther() || isZeroBits(load.getOther())) &&
         !load.getCache() && !load.getEvict();
}

/// Whether `loop` writes global memory (its loads copied ahead might then
/// pass a store they depend on).
static bool writesGlobalMemory(scf::ForOp loop) {
  return loop.getBody()
      ->walk([](Operation *op) {
        return isa<StoreOp, AtomicRMWOp, AtomicCASOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The arguments of `plan.aheadArgs` whose values of this iteration are
/// needed as well: by an op outside stage 0 (directly or through ops of
/// stage 0), by the code after the loop, or for the next value of such an
/// argument or of one not carried ahead.
static SmallVector<unsigned> getSharedArgs(scf::ForOp loop,
                                           const LoopPlan &plan) {
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  // The staged loads and their buffers become copies and stage views.
  auto isStaged = [&](Operation *op) {
    return llvm::any_of(plan.loads, [&](const StagedLoad &staged) {
      return op == staged.load || staged.isAlloc(op);
    });
  };
  SmallVector<Value> worklist;
  for (Operation &op : body->without_terminator()) {
    if (plan.stage0.contains(&op) || isStaged(&op))
      continue;
    op.walk([&](Operation *nested) {
      llvm::append_range(worklist, nested->getOperands());
    });
  }
  for (auto [i, operand] : llvm::enumerate(yield->getOperands()))
    if (!plan.aheadArgs.contains(i) || !loop.getResult(i).use_empty())
      worklist.push_back(operand);
  llvm::SmallDenseSet<unsigned> shared;
  for (unsigned arg : plan.aheadArgs)
    if (!loop.getResult(arg).use_empty())
      shared.insert(arg);
  llvm::SmallPtrSet<Operation *, 32> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      unsigned index = arg.getArgNumber();
      if (arg.getOwner() == body && index > 0 &&
          plan.aheadArgs.contains(index - 1) && shared.insert(index - 1).second)
        worklist.push_back(yield->getOperand(index - 1));
      continue;
    }
    Operation *op = v.getDefiningOp();
    if (op->getBlock() != body || isStaged(op) || !seen.insert(op).second)
      continue;
    llvm::append_range(worklist, op->getOperands());
  }
  SmallVector<unsigned> result(shared.begin(), shared.end());
  llvm::sort(result);
  return result;
}

/// The plan for `loop`, or std::nullopt when it has nothing to pipeline or
/// does not have the shape this pass handles.
static std::optional<LoopPlan> planLoop(scf::ForOp loop,
                                        const AxisInfoAnalysis &axisInfo) {
  Block *body = loop.getBody();
  LoopPlan plan;
  for (auto load : body->getOps<LoadOp>()) {
    if (!isCopyable(load))
      continue;
    SmallVector<LocalAllocOp, 2> allocs = getStagedAllocs(load, body);
    if (allocs.empty())
      continue;
    std::optional<TmaBox> tma = getTmaBox(load, allocs);
    if (!tma && !hasCopyableVectors(load, axisInfo))
      continue;
    plan.loads.push_back({load, std::move(allocs), std::move(tma)});
  }
  if (plan.loads.empty())
    return std::nullopt;
  // A TMA load's pointers and mask go ahead too, unused: what computes them
  // may share carried values with its coordinates.
  for (StagedLoad &staged : plan.loads) {
    SmallVector<Value> operands = {staged.load.getPtr(), staged.load.getMask()};
    if (staged.tma)
      llvm::append_range(operands, staged.load.getTmaCoords());
    for (Value operand : operands)
      if (operand &&
          failed(addSlice(operand, body, plan.stage0, plan.aheadArgs)))
        return std::nullopt;
  }
  // The loop's other loads that feed its products go ahead too, through
  // buffers of their own, unless the loop stores; one whose pointers or mask
  // need more than the induction variable, invariants and carried values
  // (an index loaded this iteration) stays where it is.
  bool writes = writesGlobalMemory(loop);
  if (!writes)
    for (auto load : body->getOps<LoadOp>()) {
      if (!isCopyable(load) || !isRegisterLoad(load, body, axisInfo))
        continue;
      llvm::SetVector<Operation *> stage0 = plan.stage0;
      llvm::SmallDenseSet<unsigned> aheadArgs = plan.aheadArgs;
      if (failed(addSlice(load.getPtr(), body, stage0, aheadArgs)) ||
          (load.getMask() &&
           failed(addSlice(load.getMask(), body, stage0, aheadArgs))))
        continue;
      plan.stage0 = std::move(stage0);
      plan.aheadArgs = std::move(aheadArgs);
      plan.loads.push_back({load, {}, std::nullopt});
    }

  // Stage 0 runs S - 1 iterations ahead: a carried value it uses that this
  // iteration needs as well is carried twice. A loop that stores is left
  // alone then (its loads would move past stores through the same
  // pointers).
  plan.sharedArgs = getSharedArgs(loop, plan);
  if (!plan.sharedArgs.empty() && writes)
    return std::nullopt;
  // Program order, so that clones see their operands first.
  SmallVector<Operation *> ordered(plan.stage0.begin(), plan.stage0.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  plan.stage0 = llvm::SetVector<Operation *>(ordered.begin(), ordered.end());
  return plan;
}

/// The mbarrier of stage `stage` in `barriers`.
static Value barrierOf(OpBuilder &builder, Location loc, Value barriers,
                       Value stage) {
  auto type = cast<MemDescType>(barriers.getType());
  return MemDescSubviewOp::create(builder, loc,
                                  type.cloneWith(type.getShape().drop_front(),
                                                 type.getElementType()),
                                  barriers, stage);
}

/// Clones stage 0 under `mapping` (which maps the induction variable and the
/// carried-ahead arguments) and starts each load's copy into `buffers[i]`
/// stage `stage`, masked off when `iv` is past `upper`; commits the group
/// of cp.async copies, and counts the TMA copies' bytes on the stage's
/// mbarrier in `barriers`.
static void emitStage0(OpBuilder &builder, Location loc, LoopPlan &plan,
                       IRMapping &mapping, ArrayRef<Value> buffers,
                       Value barriers, Value stage, Value iv, Value upper) {
  for (Operation *op : plan.stage0)
    builder.clone(*op, mapping);
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        iv, upper);
  if (barriers) {
    int64_t bytes = 0;
    for (StagedLoad &staged : plan.loads)
      if (staged.tma)
        bytes += staged.getType().getSizeInBytes();
    Value barrier = barrierOf(builder, loc, barriers, stage);
    MBarrierExpectOp::create(builder, loc, barrier, bytes, inRange);
    for (auto [staged, buffer] : llvm::zip(plan.loads, buffers)) {
      if (!staged.tma)
        continue;
      SmallVector<Value> coords;
      for (Value coord : staged.load.getTmaCoords())
        coords.push_back(mapping.lookupOrDefault(coord));
      Value view = MemDescSubviewOp::create(
          builder, loc, staged.getType(), buffer, stage);
      TmaCopyOp::create(builder, loc, staged.load.getTmaMap(), coords, view,
                        barrier, inRange);
    }
  }
  SmallVector<Value> tokens;
  for (auto [staged, buffer] : llvm::zip(plan.loads, buffers)) {
    if (staged.tma)
      continue;
    Value ptr = mapping.lookupOrDefault(staged.load.getPtr());
    auto maskType = cast<RankedTensorType>(getI1Like(ptr.getType()));
    Value mask = SplatOp::create(builder, loc, maskType, inRange);
    if (Value original = staged.load.getMask())
      mask = arith::AndIOp::create(builder, loc,
                                   mapping.lookupOrDefault(original), mask);
    Value view = MemDescSubviewOp::create(builder, loc,
                                          staged.getType(), buffer, stage);
    tokens.push_back(AsyncCopyOp::create(builder, loc, ptr, view, mask));
  }
  if (!tokens.empty())
    AsyncCommitGroupOp::create(builder, loc, tokens);
}

/// Lets each wgmma product of the loop run on into the next iteration
/// (`pendings = 1`) when its result is only carried to the next iteration,
/// as the next product's accumulator or read by other ops first (then
/// after a wait): the wait at the end of iteration i then covers i - 1,
/// whose stage the copies issued after it overwrite. With several
/// warpgroups a barrier after the product makes every warpgroup's wait
/// count before any thread's copies. A `tile.warpgroup_dot_wait` after the
/// loop completes the last product before the accumulator is read.
///
/// With a register operand (A or B), the loop then runs under `scf.if
/// (lower < upper)`, with those waits inside: ptxas serializes every wgmma
/// of a kernel (C7515) where a path that skipped the loop (its initial
/// accumulators, set by ordinary moves) joins the loop's exit before the
/// wait, as LLVM lays out a guarded loop (attention's backward with one m64
/// tile a program met it through its register-A products). fp16/bf16
/// products with both factors in shared memory have not met it, and the
/// guard costs their loops with masks registers: they keep the plain wait.
static void overlapProducts(scf::ForOp loop, OpBuilder &builder) {
  int64_t numWarps = getNumWarps(loop);
  if (numWarps % 4 != 0)
    return;
  Block *body = loop.getBody();
  SmallVector<unsigned> pending;
  bool registerOperands = false;
  for (auto dot : llvm::make_early_inc_range(body->getOps<WarpGroupDotOp>())) {
    if (!dot->hasOneUse())
      continue;
    OpOperand &use = *dot->getUses().begin();
    if (!isa<scf::YieldOp>(use.getOwner()))
      continue;
    unsigned index = use.getOperandNumber();
    BlockArgument arg = body->getArgument(index + 1);
    if (arg != dot.getAcc()) {
      // The carried accumulator is read before the next product (attention
      // rescales it: acc * alpha): the product still runs on, and a wait
      // goes before the first op that reads what it carries. An earlier
      // product's wait there has usually completed it already (groups
      // complete in order).
      if (!dot.getAcc().getDefiningOp() || arg.use_empty() ||
          isa<RankedTensorType>(dot.getB().getType()))
        continue;
      Operation *first = nullptr;
      for (Operation *user : arg.getUsers())
        if (Operation *ancestor = body->findAncestorOpInBlock(*user);
            ancestor && (!first || ancestor->isBeforeInBlock(first)))
          first = ancestor;
      builder.setInsertionPoint(first);
      auto wait =
          WarpGroupDotWaitOp::create(builder, dot.getLoc(), arg.getType(), arg, 0);
      arg.replaceAllUsesExcept(wait.getResult(), wait);
    } else if (!arg.hasOneUse()) {
      continue;
    }
    dot.setPendings(1);
    // A register operand (B of a transposed product) is read while the
    // product runs, and the next iteration loads its fragments into the
    // same registers: the previous product must be complete before that
    // load, or ptxas serializes every wgmma (C7515). The wait goes right
    // before the load, after this iteration's copies have landed.
    bool registerB = isa<RankedTensorType>(dot.getB().getType());
    registerOperands |=
        registerB || isa<RankedTensorType>(dot.getA().getType());
    if (registerB)
      if (Operation *load = dot.getB().getDefiningOp();
          load && load->getBlock() == body) {
        builder.setInsertionPoint(load);
        auto wait = WarpGroupDotWaitOp::create(builder, dot.getLoc(),
                                               arg.getType(), arg, 0);
        dot.getAccMutable().assign(wait.getResult());
      }
    // (pipelineLoop may have put one there already, before TMA copies.)
    if (numWarps > 4 && !isa_and_nonnull<BarrierOp>(dot->getNextNode())) {
      builder.setInsertionPointAfter(dot);
      BarrierOp::create(builder, dot.getLoc());
    }
    pending.push_back(index);
  }
  if (pending.empty())
    return;
  Location loc = loop.getLoc();
  if (!registerOperands) {
    builder.setInsertionPointAfter(loop);
    for (unsigned index : pending) {
      Value result = loop.getResult(index);
      auto wait = WarpGroupDotWaitOp::create(builder, loc, result.getType(),
                                             result, 0);
      result.replaceAllUsesExcept(wait.getResult(), wait);
    }
    return;
  }

  builder.setInsertionPoint(loop);
  Value runs = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                     loop.getLowerBound(),
                                     loop.getUpperBound());
  auto guard = scf::IfOp::create(builder, loc, loop.getResultTypes(), runs,
                                 /*withElseRegion=*/true);
  SmallVector<Value> results(loop.getResults());
  for (auto [result, replacement] : llvm::zip(results, guard.getResults()))
    result.replaceAllUsesWith(replacement);
  Block *then = &guard.getThenRegion().front();
  loop->moveBefore(then, then->end());
  builder.setInsertionPointAfter(loop);
  for (unsigned index : pending)
    results[index] = WarpGroupDotWaitOp::create(
        builder, loc, results[index].getType(), results[index], 0);
  scf::YieldOp::create(builder, loc, results);
  builder.setInsertionPointToEnd(&guard.getElseRegion().front());
  scf::YieldOp::create(builder, loc, loop.getInitArgs());
}

/// `(stage + 1) % stages`.
static Value nextStage(OpBuilder &builder, Location loc, Value stage,
                       unsigned stages) {
  Value one = arith::ConstantIntOp::create(builder, loc, 1, 32);
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
  Value next = arith::AddIOp::create(builder, loc, stage, one);
  Value wrap = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq, next,
      arith::ConstantIntOp::create(builder, loc, stages, 32));
  return arith::SelectOp::create(builder, loc, wrap, zero, next);
}

/// Gives a register load of `staged` a plain buffer: its block is stored
/// there and read back where it is used, in the layout each use wants (a
/// layout conversion of it becomes the read), so that the pipeliner can
/// copy it ahead like a product's factor.
static void bufferRegisterLoad(StagedLoad &staged) {
  LoadOp load = staged.load;
  MLIRContext *context = load.getContext();
  Location loc = load.getLoc();
  auto type = cast<RankedTensorType>(load.getType());
  auto layout = SwizzledSharedEncodingAttr::get(context, 1, 1, 1,
                                                getOrder(type.getEncoding()));
  OpBuilder builder(context);
  builder.setInsertionPointAfter(load);
  auto alloc = LocalAllocOp::create(
      builder, loc,
      MemDescType::get(context, type.getShape(), type.getElementType(),
                       layout),
      load.getResult(), IntegerAttr());
  Value plain;
  for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
    if (user == alloc)
      continue;
    if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
      builder.setInsertionPoint(convert);
      convert.replaceAllUsesWith(
          LocalLoadOp::create(builder, loc, convert.getType(), alloc)
              .getResult());
      convert.erase();
      continue;
    }
    if (!plain) {
      builder.setInsertionPointAfter(alloc);
      plain = LocalLoadOp::create(builder, loc, type, alloc);
    }
    user->replaceUsesOfWith(load.getResult(), plain);
  }
  staged.allocs.push_back(alloc);
}

static void pipelineLoop(scf::ForOp loop, LoopPlan &plan,
                         unsigned stages) {
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  Block *body = loop.getBody();
  Value lower = loop.getLowerBound(), upper = loop.getUpperBound(),
        step = loop.getStep();
  for (StagedLoad &staged : plan.loads)
    if (staged.allocs.empty())
      bufferRegisterLoad(staged);

  // One S-deep buffer per load.
  SmallVector<Value> buffers;
  for (StagedLoad &staged : plan.loads) {
    MemDescType type = staged.getType();
    SmallVector<int64_t> shape = {int64_t(stages)};
    llvm::append_range(shape, type.getShape());
    buffers.push_back(LocalAllocOp::create(
        builder, loc,
        MemDescType::get(loop.getContext(), shape, type.getElementType(),
                         type.getEncoding()),
        Value(), IntegerAttr()));
  }

  bool anyTma = llvm::any_of(
      plan.loads, [](const StagedLoad &s) { return s.tma.has_value(); });
  bool anyCpAsync = llvm::any_of(
      plan.loads, [](const StagedLoad &s) { return !s.tma.has_value(); });
  // One mbarrier per stage for the TMA copies.
  Value barriers;
  if (anyTma) {
    MLIRContext *context = loop.getContext();
    auto layout = SwizzledSharedEncodingAttr::get(context, 1, 1, 1, {1, 0});
    barriers = LocalAllocOp::create(
        builder, loc,
        MemDescType::get(context, {int64_t(stages), 1, 1},
                         IntegerType::get(context, 64), layout),
        Value(), IntegerAttr());
  }

  // Prologue: stages 0 .. S-2 for iterations 0 .. S-2. Its copies may
  // overwrite bytes that code before the loop still reads (an earlier loop's
  // buffers share them): a barrier first. tile-insert-barriers does not
  // order asynchronous copies against earlier reads; inside the loop the
  // schedule does. TMA writes through the async proxy, so this thread's
  // earlier stores are fenced for it first; the mbarriers are initialised
  // after the barrier, and a second one publishes them.
  if (anyTma)
    FenceAsyncSharedOp::create(builder, loc);
  BarrierOp::create(builder, loc);
  if (anyTma) {
    for (unsigned s = 0; s < stages; ++s)
      MBarrierInitOp::create(
          builder, loc,
          barrierOf(builder, loc, barriers,
                    arith::ConstantIntOp::create(builder, loc, s, 32)),
          1);
    BarrierOp::create(builder, loc);
  }
  SmallVector<Value> ahead(loop.getInitArgs());
  for (unsigned s = 0; s + 1 < stages; ++s) {
    IRMapping mapping;
    Value iv = arith::AddIOp::create(
        builder, loc, lower,
        arith::MulIOp::create(builder, loc, step,
                              arith::ConstantIntOp::create(builder, loc, s, 32)));
    mapping.map(loop.getInductionVar(), iv);
    for (unsigned arg : plan.aheadArgs)
      mapping.map(body->getArgument(arg + 1), ahead[arg]);
    emitStage0(builder, loc, plan, mapping, buffers, barriers,
               arith::ConstantIntOp::create(builder, loc, s, 32), iv, upper);
    for (unsigned arg : plan.aheadArgs)
      ahead[arg] = mapping.lookupOrDefault(body->getTerminator()->getOperand(arg));
  }

  // A shared argument keeps its own start; its ahead value goes last.
  SmallVector<Value> inits(ahead);
  for (unsigned arg : plan.sharedArgs)
    inits[arg] = loop.getInitArgs()[arg];
  inits.push_back(arith::ConstantIntOp::create(builder, loc, 0, 32));
  inits.push_back(arith::ConstantIntOp::create(builder, loc, stages - 1, 32));
  // The parity of the mbarrier phase that the stage read next completes.
  if (anyTma)
    inits.push_back(arith::ConstantIntOp::create(builder, loc, 0, 32));
  unsigned firstShared = inits.size();
  for (unsigned arg : plan.sharedArgs)
    inits.push_back(ahead[arg]);
  auto newLoop = scf::ForOp::create(builder, loc, lower, upper, step, inits);
  Block *newBody = newLoop.getBody();
  unsigned numArgs = loop.getInitArgs().size();
  Value readStage = newBody->getArgument(numArgs + 1);
  Value writeStage = newBody->getArgument(numArgs + 2);
  Value phase = anyTma ? newBody->getArgument(numArgs + 3) : Value();

  OpBuilder inner = OpBuilder::atBlockBegin(newBody);
  if (anyCpAsync)
    AsyncWaitOp::create(inner, loc, ValueRange(), stages - 2);
  if (anyTma)
    MBarrierWaitOp::create(inner, loc,
                           barrierOf(inner, loc, barriers, readStage), phase);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (unsigned i = 0; i < numArgs; ++i)
    mapping.map(body->getArgument(i + 1), newBody->getArgument(i + 1));
  // The staged loads' buffers become the stage being read.
  for (auto [staged, buffer] : llvm::zip(plan.loads, buffers)) {
    Value view = MemDescSubviewOp::create(inner, loc, staged.getType(),
                                          buffer, readStage);
    for (LocalAllocOp alloc : staged.allocs)
      mapping.map(alloc.getResult(), view);
  }
  // Stage 0 of iteration i + S - 1 goes after the last read of a buffer, so
  // that the barrier before those reads also orders them before the copies
  // that overwrite the stage read in iteration i - 1.
  Operation *lastRead = nullptr;
  for (StagedLoad &staged : plan.loads)
    for (Operation *user : getReaders(staged.allocs))
      if (!lastRead || lastRead->isBeforeInBlock(user))
        lastRead = user;
  IRMapping aheadMapping;
  for (Operation &op : body->without_terminator()) {
    if (llvm::any_of(plan.loads, [&](StagedLoad staged) {
          return &op == staged.load || staged.isAlloc(&op);
        }))
      continue;
    inner.clone(op, mapping);
    if (&op != lastRead)
      continue;
    // TMA copies are ordered after earlier reads by no barrier of
    // tile-insert-barriers (each thread waits on the mbarrier alone), and
    // one warpgroup may run an iteration ahead of another: every thread's
    // reads of the stage about to be overwritten (iteration i - 1, or i - 2
    // when products run on) must be done before thread 0 starts the copies.
    // One warpgroup needs none: its warps meet at every wgmma.
    if (anyTma && getNumWarps(loop) > 4)
      BarrierOp::create(inner, loc);
    Value iv = arith::AddIOp::create(
        inner, loc, newLoop.getInductionVar(),
        arith::MulIOp::create(
            inner, loc, step,
            arith::ConstantIntOp::create(inner, loc, stages - 1, 32)));
    aheadMapping.map(loop.getInductionVar(), iv);
    for (unsigned arg : plan.aheadArgs)
      aheadMapping.map(body->getArgument(arg + 1), newBody->getArgument(arg + 1));
    for (auto [k, arg] : llvm::enumerate(plan.sharedArgs))
      aheadMapping.map(body->getArgument(arg + 1),
                       newBody->getArgument(firstShared + k + 1));
    emitStage0(inner, loc, plan, aheadMapping, buffers, barriers, writeStage,
               iv, upper);
  }
  SmallVector<Value> yields;
  for (auto [i, operand] :
       llvm::enumerate(body->getTerminator()->getOperands()))
    yields.push_back(plan.aheadArgs.contains(i) &&
                             !llvm::is_contained(plan.sharedArgs, i)
                         ? aheadMapping.lookupOrDefault(operand)
                         : mapping.lookupOrDefault(operand));
  Value nextRead = nextStage(inner, loc, readStage, stages);
  yields.push_back(nextRead);
  yields.push_back(nextStage(inner, loc, writeStage, stages));
  if (anyTma) {
    // The phase flips when the read stage wraps to 0.
    Value wrapped = arith::CmpIOp::create(
        inner, loc, arith::CmpIPredicate::eq, nextRead,
        arith::ConstantIntOp::create(inner, loc, 0, 32));
    Value flipped = arith::XOrIOp::create(
        inner, loc, phase, arith::ConstantIntOp::create(inner, loc, 1, 32));
    yields.push_back(
        arith::SelectOp::create(inner, loc, wrapped, flipped, phase));
  }
  for (unsigned arg : plan.sharedArgs)
    yields.push_back(aheadMapping.lookupOrDefault(
        body->getTerminator()->getOperand(arg)));
  scf::YieldOp::create(inner, loc, yields);

  builder.setInsertionPointAfter(newLoop);
  if (anyCpAsync)
    AsyncWaitOp::create(builder, loc, ValueRange(), 0);
  if (anyTma) {
    // Every copy issued has been waited for (those past the last iteration
    // were predicated off); once no thread waits any more, the mbarriers
    // are invalidated before their bytes serve anything else.
    BarrierOp::create(builder, loc);
    for (unsigned s = 0; s < stages; ++s)
      MBarrierInvalOp::create(
          builder, loc,
          barrierOf(builder, loc, barriers,
                    arith::ConstantIntOp::create(builder, loc, s, 32)));
    BarrierOp::create(builder, loc);
  }
  for (unsigned i = 0; i < numArgs; ++i)
    loop.getResult(i).replaceAllUsesWith(newLoop.getResult(i));
  loop->erase();
  overlapProducts(newLoop, builder);
}

namespace {

struct TilePipelinePass
    : public tilec::impl::TilePipelineBase<TilePipelinePass> {
  using Base::Base;

  void runOnOperation() override {
    AxisInfoAnalysis axisInfo(getOperation());
    SmallVector<std::tuple<scf::ForOp, LoopPlan, unsigned>, 2> loops;
    getOperation().walk([&](scf::ForOp loop) {
      // tl.range(..., num_stages=N) overrides the pass's depth.
      unsigned stages = numStages;
      if (auto attr = loop->getAttrOfType<IntegerAttr>(kLoopNumStagesAttrName))
        stages = attr.getInt();
      if (stages < 2 || !loop.getInductionVar().getType().isInteger(32))
        return;
      if (std::optional<LoopPlan> plan = planLoop(loop, axisInfo))
        loops.push_back({loop, std::move(*plan), stages});
    });
    // Each tensor map has one box: the runtime encodes it once per launch.
    // A loop that would copy through one with another box is left alone.
    llvm::MapVector<Value, TmaBox> boxes;
    for (auto &[loop, plan, stages] : loops) {
      auto compatible = [&](StagedLoad &staged) {
        if (!staged.tma)
          return true;
        auto [it, inserted] =
            boxes.try_emplace(staged.load.getTmaMap(), *staged.tma);
        return inserted || it->second == *staged.tma;
      };
      if (!llvm::all_of(plan.loads, compatible))
        continue;
      pipelineLoop(loop, plan, stages);
    }
    // The loads left name blocks in tensor maps for nothing now.
    getOperation().walk([](LoadOp load) {
      load.getTmaMapMutable().clear();
      load.getTmaCoordsMutable().clear();
    });
    finishTensorMaps(boxes);
  }

  /// Drops the tensor map parameters no TMA copy reads, and records the
  /// others in order in the module's `tile.tensor_maps` (name, the leaves
  /// it is encoded from, element type, box, swizzle), for the manifest: the
  /// kernel takes them after its other parameters, as the runtime passes
  /// them.
  void finishTensorMaps(const llvm::MapVector<Value, TmaBox> &boxes) {
    ModuleOp module = getOperation();
    Builder builder(module.getContext());
    SmallVector<Attribute> entries;
    for (auto func : module.getOps<func::FuncOp>()) {
      llvm::BitVector unused(func.getNumArguments());
      for (BlockArgument arg : func.getArguments()) {
        if (!isa<TensorMapType>(arg.getType()))
          continue;
        unsigned index = arg.getArgNumber();
        auto name = func.getArgAttrOfType<StringAttr>(index, "tile.name");
        auto leaves =
            func.getArgAttrOfType<DenseI32ArrayAttr>(index, "tile.tensor_map_of");
        const TmaBox *box =
            boxes.count(arg) ? &boxes.find(arg)->second : nullptr;
        // getTmaBox made sure that a map a copy reads names its leaves.
        if (arg.use_empty() || !box || !name || !leaves || leaves.empty()) {
          if (arg.use_empty())
            unused.set(index);
          continue;
        }
        auto base =
            dyn_cast<PtrType>(func.getArgument(leaves[0]).getType());
        Type element = base ? base.getPointeeType() : builder.getI8Type();
        entries.push_back(builder.getDictionaryAttr(
            {builder.getNamedAttr("name", name),
             builder.getNamedAttr("leaves", leaves),
             builder.getNamedAttr("element", TypeAttr::get(element)),
             builder.getNamedAttr("box", builder.getDenseI32ArrayAttr(box->box)),
             builder.getNamedAttr("swizzle",
                                  builder.getI32IntegerAttr(box->swizzle))}));
      }
      (void)func.eraseArguments(unused);
    }
    if (!entries.empty())
      module->setAttr("tile.tensor_maps", builder.getArrayAttr(entries));
  }
};

} // namespace
