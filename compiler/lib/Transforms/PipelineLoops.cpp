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
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Analysis/Layout.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace tilec {
#define GEN_PASS_DEF_TILEPIPELINE
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// A load whose block only goes into a shared-memory buffer.
struct StagedLoad {
  LoadOp load;
  LocalAllocOp alloc;
};

/// What pipelining one loop needs to know.
struct LoopPlan {
  SmallVector<StagedLoad> loads;
  /// Stage 0: the ops computing the loads' pointers and masks and the
  /// loop-carried values they use, in program order.
  llvm::SetVector<Operation *> stage0;
  /// Loop-carried values (iter_arg numbers) only stage 0 uses.
  llvm::SmallDenseSet<unsigned> aheadArgs;
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

/// The plan for `loop`, or std::nullopt when it has nothing to pipeline or
/// does not have the shape this pass handles.
static std::optional<LoopPlan> planLoop(scf::ForOp loop,
                                        const AxisInfoAnalysis &axisInfo) {
  Block *body = loop.getBody();
  LoopPlan plan;
  for (Operation &op : body->without_terminator()) {
    auto alloc = dyn_cast<LocalAllocOp>(op);
    if (!alloc || !alloc.getSrc())
      continue;
    auto load = alloc.getSrc().getDefiningOp<LoadOp>();
    if (!load || load->getBlock() != body || !load->hasOneUse() ||
        !isa<RankedTensorType>(load.getType()) ||
        (load.getOther() && !isZeroBits(load.getOther())) || load.getCache() ||
        load.getEvict() || !hasCopyableVectors(load, axisInfo))
      continue;
    if (!llvm::all_of(alloc->getUsers(), [&](Operation *user) {
          return isa<LocalLoadOp, WarpGroupDotOp>(user) &&
                 user->getBlock() == body;
        }))
      continue;
    plan.loads.push_back({load, alloc});
  }
  if (plan.loads.empty())
    return std::nullopt;

  for (StagedLoad staged : plan.loads)
    for (Value operand : {staged.load.getPtr(), staged.load.getMask()})
      if (operand &&
          failed(addSlice(operand, body, plan.stage0, plan.aheadArgs)))
        return std::nullopt;
  // The values carried ahead must serve stage 0 only, inside the loop and
  // after it.
  for (unsigned arg : plan.aheadArgs) {
    Value blockArg = body->getArgument(arg + 1);
    bool onlyStage0 = llvm::all_of(blockArg.getUsers(), [&](Operation *user) {
      return plan.stage0.contains(user) || isa<scf::YieldOp>(user) ||
             llvm::any_of(plan.loads, [&](StagedLoad staged) {
               return user == staged.load;
             });
    });
    if (!onlyStage0 || !loop.getResult(arg).use_empty())
      return std::nullopt;
  }
  // Stage 0 runs S - 1 iterations ahead, so nothing else may use its values
  // (a store through the loads' pointers would see the wrong iteration's).
  for (Operation *op : plan.stage0)
    for (OpOperand &use : op->getUses()) {
      Operation *user = use.getOwner();
      bool ok = plan.stage0.contains(user) ||
                (isa<scf::YieldOp>(user) &&
                 plan.aheadArgs.contains(use.getOperandNumber())) ||
                llvm::any_of(plan.loads, [&](StagedLoad staged) {
                  return user == staged.load;
                });
      if (!ok)
        return std::nullopt;
    }
  // Program order, so that clones see their operands first.
  SmallVector<Operation *> ordered(plan.stage0.begin(), plan.stage0.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  plan.stage0 = llvm::SetVector<Operation *>(ordered.begin(), ordered.end());
  return plan;
}

/// Clones stage 0 under `mapping` (which maps the induction variable and the
/// carried-ahead arguments) and starts each load's copy into `buffers[i]`
/// stage `stage`, masked off when `iv` is past `upper`; commits the group.
static void emitStage0(OpBuilder &builder, Location loc, LoopPlan &plan,
                       IRMapping &mapping, ArrayRef<Value> buffers,
                       Value stage, Value iv, Value upper) {
  for (Operation *op : plan.stage0)
    builder.clone(*op, mapping);
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        iv, upper);
  SmallVector<Value> tokens;
  for (auto [staged, buffer] : llvm::zip(plan.loads, buffers)) {
    Value ptr = mapping.lookupOrDefault(staged.load.getPtr());
    auto maskType = cast<RankedTensorType>(getI1Like(ptr.getType()));
    Value mask = SplatOp::create(builder, loc, maskType, inRange);
    if (Value original = staged.load.getMask())
      mask = arith::AndIOp::create(builder, loc,
                                   mapping.lookupOrDefault(original), mask);
    Value view = MemDescSubviewOp::create(builder, loc,
                                          staged.alloc.getType(), buffer, stage);
    tokens.push_back(AsyncCopyOp::create(builder, loc, ptr, view, mask));
  }
  AsyncCommitGroupOp::create(builder, loc, tokens);
}

/// Lets each wgmma product of the loop run on into the next iteration
/// (`pendings = 1`) when its accumulator goes only to the next iteration's
/// product: the wait at the end of iteration i then covers iteration i - 1,
/// whose stage the copies issued after it overwrite. With several
/// warpgroups a barrier after the product makes every warpgroup's wait
/// count before any thread's copies. A `tile.warpgroup_dot_wait` after the
/// loop completes the last product before the accumulator is read.
///
/// With a register operand, the loop then runs under `scf.if (lower <
/// upper)`, with those waits inside: ptxas serializes every wgmma of a
/// kernel (C7515) where a path that skipped the loop (its initial
/// accumulators, set by ordinary moves) joins the loop's exit before the
/// wait, as LLVM lays out a guarded loop. (fp16/bf16 products, factors in
/// shared memory, have not met it, and the guard costs their loops with
/// masks registers: they keep the plain wait.)
static void overlapProducts(scf::ForOp loop, OpBuilder &builder) {
  int64_t numWarps = getNumWarps(loop);
  if (numWarps % 4 != 0)
    return;
  Block *body = loop.getBody();
  SmallVector<unsigned> pending;
  bool registerOperands = false;
  for (auto dot : llvm::make_early_inc_range(body->getOps<WarpGroupDotOp>())) {
    auto arg = dyn_cast<BlockArgument>(dot.getAcc());
    if (!arg || arg.getOwner() != body || arg.getArgNumber() == 0 ||
        !arg.hasOneUse() || !dot->hasOneUse())
      continue;
    unsigned index = arg.getArgNumber() - 1;
    OpOperand &use = *dot->getUses().begin();
    if (!isa<scf::YieldOp>(use.getOwner()) || use.getOperandNumber() != index)
      continue;
    dot.setPendings(1);
    // A register operand (B of a transposed product) is read while the
    // product runs, and the next iteration loads its fragments into the
    // same registers: the previous product must be complete before that
    // load, or ptxas serializes every wgmma (C7515). The wait goes right
    // before the load, after this iteration's copies have landed.
    bool registerB = isa<RankedTensorType>(dot.getB().getType());
    registerOperands |= registerB;
    if (registerB)
      if (Operation *load = dot.getB().getDefiningOp();
          load && load->getBlock() == body) {
        builder.setInsertionPoint(load);
        auto wait = WarpGroupDotWaitOp::create(builder, dot.getLoc(),
                                               arg.getType(), arg, 0);
        dot.getAccMutable().assign(wait.getResult());
      }
    if (numWarps > 4) {
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

static void pipelineLoop(scf::ForOp loop, LoopPlan &plan,
                         unsigned stages) {
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  Block *body = loop.getBody();
  Value lower = loop.getLowerBound(), upper = loop.getUpperBound(),
        step = loop.getStep();

  // One S-deep buffer per load.
  SmallVector<Value> buffers;
  for (StagedLoad staged : plan.loads) {
    MemDescType type = staged.alloc.getType();
    SmallVector<int64_t> shape = {int64_t(stages)};
    llvm::append_range(shape, type.getShape());
    buffers.push_back(LocalAllocOp::create(
        builder, loc,
        MemDescType::get(loop.getContext(), shape, type.getElementType(),
                         type.getEncoding()),
        Value(), IntegerAttr()));
  }

  // Prologue: stages 0 .. S-2 for iterations 0 .. S-2. Its copies may
  // overwrite bytes that code before the loop still reads (an earlier loop's
  // buffers share them): a barrier first. tile-insert-barriers does not
  // order asynchronous copies against earlier reads; inside the loop the
  // schedule does.
  BarrierOp::create(builder, loc);
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
    emitStage0(builder, loc, plan, mapping, buffers,
               arith::ConstantIntOp::create(builder, loc, s, 32), iv, upper);
    for (unsigned arg : plan.aheadArgs)
      ahead[arg] = mapping.lookupOrDefault(body->getTerminator()->getOperand(arg));
  }

  SmallVector<Value> inits(ahead);
  inits.push_back(arith::ConstantIntOp::create(builder, loc, 0, 32));
  inits.push_back(arith::ConstantIntOp::create(builder, loc, stages - 1, 32));
  auto newLoop = scf::ForOp::create(builder, loc, lower, upper, step, inits);
  Block *newBody = newLoop.getBody();
  unsigned numArgs = loop.getInitArgs().size();
  Value readStage = newBody->getArgument(numArgs + 1);
  Value writeStage = newBody->getArgument(numArgs + 2);

  OpBuilder inner = OpBuilder::atBlockBegin(newBody);
  AsyncWaitOp::create(inner, loc, ValueRange(), stages - 2);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (unsigned i = 0; i < numArgs; ++i)
    mapping.map(body->getArgument(i + 1), newBody->getArgument(i + 1));
  // The staged loads' buffers become the stage being read.
  for (auto [staged, buffer] : llvm::zip(plan.loads, buffers))
    mapping.map(staged.alloc.getResult(),
                MemDescSubviewOp::create(inner, loc, staged.alloc.getType(),
                                         buffer, readStage)
                    .getResult());
  // Stage 0 of iteration i + S - 1 goes after the last read of a buffer, so
  // that the barrier before those reads also orders them before the copies
  // that overwrite the stage read in iteration i - 1.
  Operation *lastRead = nullptr;
  for (StagedLoad staged : plan.loads)
    for (Operation *user : staged.alloc->getUsers())
      if (!lastRead || lastRead->isBeforeInBlock(user))
        lastRead = user;
  IRMapping aheadMapping;
  for (Operation &op : body->without_terminator()) {
    if (llvm::any_of(plan.loads, [&](StagedLoad staged) {
          return &op == staged.load || &op == staged.alloc;
        }))
      continue;
    inner.clone(op, mapping);
    if (&op != lastRead)
      continue;
    Value iv = arith::AddIOp::create(
        inner, loc, newLoop.getInductionVar(),
        arith::MulIOp::create(
            inner, loc, step,
            arith::ConstantIntOp::create(inner, loc, stages - 1, 32)));
    aheadMapping.map(loop.getInductionVar(), iv);
    for (unsigned arg : plan.aheadArgs)
      aheadMapping.map(body->getArgument(arg + 1), newBody->getArgument(arg + 1));
    emitStage0(inner, loc, plan, aheadMapping, buffers, writeStage, iv, upper);
  }
  SmallVector<Value> yields;
  for (auto [i, operand] :
       llvm::enumerate(body->getTerminator()->getOperands()))
    yields.push_back(plan.aheadArgs.contains(i)
                         ? aheadMapping.lookupOrDefault(operand)
                         : mapping.lookupOrDefault(operand));
  yields.push_back(nextStage(inner, loc, readStage, stages));
  yields.push_back(nextStage(inner, loc, writeStage, stages));
  scf::YieldOp::create(inner, loc, yields);

  builder.setInsertionPointAfter(newLoop);
  AsyncWaitOp::create(builder, loc, ValueRange(), 0);
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
    SmallVector<std::tuple<scf::ForOp, LoopPlan, unsigned>> loops;
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
    for (auto &[loop, plan, stages] : loops)
      pipelineLoop(loop, plan, stages);
  }
};

} // namespace
