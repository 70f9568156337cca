//===- PrefetchNextPrograms.cpp - tile-prefetch-next-programs -------------===//
//
// Each program prefetches into L2 the row that program `pid + D` will load
// (see Passes.td for the rule and why).
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "DataFlow.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"

namespace tilec {
#define GEN_PASS_DEF_TILEPREFETCHNEXTPROGRAMS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// Offsets `s + arange(first, first + count)`; `scalar` is null for none.
struct RangeOffsets {
  Value scalar;
  int64_t first = 0;
  int64_t count = 0;
};

/// What one program loads: elements [0, min(count, bound - maskScalar -
/// maskFirst)) of `base + ptrOffsets` (all `count` when there is no mask).
struct RowLoad {
  Value base;
  RangeOffsets ptrOffsets;
  std::optional<RangeOffsets> maskOffsets;
  Value bound;
};

} // namespace

static std::optional<RangeOffsets> matchRangeOffsets(Value value) {
  if (auto range = value.getDefiningOp<MakeRangeOp>())
    return RangeOffsets{Value(), range.getStart(),
                        int64_t(range.getEnd()) - range.getStart()};
  auto add = value.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  for (auto [a, b] : {std::pair(add.getLhs(), add.getRhs()),
                      std::pair(add.getRhs(), add.getLhs())}) {
    auto splat = a.getDefiningOp<SplatOp>();
    auto range = b.getDefiningOp<MakeRangeOp>();
    if (splat && range)
      return RangeOffsets{splat.getSrc(), range.getStart(),
                          int64_t(range.getEnd()) - range.getStart()};
  }
  return std::nullopt;
}

static std::optional<RowLoad> matchRowLoad(LoadOp load) {
  auto addptr = load.getPtr().getDefiningOp<AddPtrOp>();
  if (!addptr)
    return std::nullopt;
  auto splat = addptr.getPtr().getDefiningOp<SplatOp>();
  std::optional<RangeOffsets> offsets = matchRangeOffsets(addptr.getOffset());
  if (!splat || !offsets)
    return std::nullopt;
  RowLoad row{splat.getSrc(), *offsets, std::nullopt, Value()};
  if (!load.getMask())
    return row;
  auto cmp = load.getMask().getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::slt)
    return std::nullopt;
  auto boundSplat = cmp.getRhs().getDefiningOp<SplatOp>();
  row.maskOffsets = matchRangeOffsets(cmp.getLhs());
  if (!boundSplat || !row.maskOffsets ||
      row.maskOffsets->count != offsets->count)
    return std::nullopt;
  row.bound = boundSplat.getSrc();
  return row;
}

/// Whether the scalar `value` is computed from the arguments and the grid by
/// side-effect-free scalar arithmetic only, so that it can be recomputed for
/// another program.
static bool isRecomputable(Value value) {
  SmallVector<Value> worklist{value};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (!isa<func::FuncOp>(arg.getOwner()->getParentOp()))
        return false;
      continue;
    }
    Operation *op = v.getDefiningOp();
    if (op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
        llvm::any_of(op->getResultTypes(),
                     [](Type t) { return isa<ShapedType>(t); }))
      return false;
    worklist.append(op->operand_begin(), op->operand_end());
  }
  return true;
}

/// Recomputes a recomputable `value` with the program ids that `mapping`
/// replaces, cloning what it is computed from.
static Value cloneForProgram(Value value, IRMapping &mapping,
                             OpBuilder &builder) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  if (isa<BlockArgument>(value))
    return value;
  Operation *op = value.getDefiningOp();
  for (Value operand : op->getOperands())
    cloneForProgram(operand, mapping, builder);
  Operation *clone = builder.clone(*op, mapping);
  return clone->getResult(cast<OpResult>(value).getResultNumber());
}

static bool isConstantZero(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantIntOp>();
  return constant && constant.value() == 0;
}

namespace {

struct TilePrefetchNextProgramsPass
    : public tilec::impl::TilePrefetchNextProgramsBase<
          TilePrefetchNextProgramsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (distanceBytes == 0)
      return;
    getOperation().walk([&](func::FuncOp func) { prefetchIn(func); });
  }

  void prefetchIn(func::FuncOp func) {
    SmallVector<LoadOp> loads;
    for (Operation &op : func.getBody().front())
      if (auto load = dyn_cast<LoadOp>(op))
        loads.push_back(load);
    if (loads.empty() || isComputeBound(func, loads.size()))
      return;
    llvm::DenseSet<Value> done;
    for (LoadOp load : loads) {
      auto type = dyn_cast<RankedTensorType>(load.getType());
      if (!type || type.getRank() != 1 || load.getCache() || load.getEvict() ||
          !done.insert(load.getPtr()).second ||
          !dependsOnProgramId(load.getPtr()) ||
          !escapesUnreduced(load.getResult()))
        continue;
      if (!type.getElementType().isIntOrFloat())
        continue;
      std::optional<RowLoad> row = matchRowLoad(load);
      unsigned bits = type.getElementType().getIntOrFloatBitWidth();
      if (!row || bits % 8 != 0)
        continue;
      SmallVector<Value> scalars{row->base, row->ptrOffsets.scalar, row->bound,
                                 row->maskOffsets ? row->maskOffsets->scalar
                                                  : Value()};
      if (!llvm::all_of(scalars, [](Value v) { return !v || isRecomputable(v); }))
        continue;
      emitPrefetch(load, *row, bits / 8);
    }
  }

  /// Whether the kernel does so much block arithmetic per block it loads
  /// (more than `max-arith-per-load` arith/math ops with block results)
  /// that its loads are not what it waits for. A seeded dropout (Philox:
  /// about 250 such ops for one load) ran 3% slower with the prefetch on
  /// the H200, while GeLU (about 15) and softmax (about 10) gained.
  bool isComputeBound(func::FuncOp func, size_t numLoads) {
    if (maxArithPerLoad == 0)
      return false;
    size_t arith = 0;
    func.walk([&](Operation *op) {
      StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace()
                                           : StringRef();
      if ((dialect == "arith" || dialect == "math") &&
          !isa<arith::ConstantOp>(op) && op->getNumResults() == 1 &&
          isa<RankedTensorType>(op->getResult(0).getType()))
        ++arith;
    });
    return arith > maxArithPerLoad * numLoads;
  }

  /// Emits, after `load`, the prefetch of what program `pid + D` loads.
  void emitPrefetch(LoadOp load, const RowLoad &row, int64_t elementBytes) {
    Location loc = load.getLoc();
    OpBuilder builder(load.getContext());
    builder.setInsertionPointAfter(load);
    int64_t blockBytes = row.ptrOffsets.count * elementBytes;
    int64_t distance = std::max<int64_t>(
        {1, distanceBytes / blockBytes, int64_t(minPrograms)});
    auto i32 = [&](int64_t v) {
      return arith::ConstantIntOp::create(builder, loc, builder.getI32Type(),
                                          v)
          .getResult();
    };
    // Program ids come from one tile.program_id op per axis after CSE, but
    // the mapping must cover every op reading axis 0.
    IRMapping mapping;
    Value pid = ProgramIdOp::create(builder, loc, builder.getI32Type(), 0);
    Value next = arith::AddIOp::create(builder, loc, pid, i32(distance));
    load->getParentOfType<func::FuncOp>().walk([&](ProgramIdOp op) {
      if (op.getAxis() == 0 && op.getResult() != pid)
        mapping.map(op.getResult(), next);
    });
    Value base = cloneForProgram(row.base, mapping, builder);
    Value ptrScalar = row.ptrOffsets.scalar
                          ? cloneForProgram(row.ptrOffsets.scalar, mapping,
                                            builder)
                          : i32(0);
    Value bound = row.bound ? cloneForProgram(row.bound, mapping, builder)
                            : Value();
    Value maskScalar = row.maskOffsets && row.maskOffsets->scalar
                           ? cloneForProgram(row.maskOffsets->scalar, mapping,
                                             builder)
                           : i32(0);
    // Elements program `next` loads: all of them, or those under the mask.
    // (createOrFold keeps the arithmetic on constants out of the IR.)
    Value count = i32(row.ptrOffsets.count);
    if (bound) {
      Value maskStart = builder.createOrFold<arith::AddIOp>(
          loc, maskScalar, i32(row.maskOffsets->first));
      Value left = builder.createOrFold<arith::SubIOp>(loc, bound, maskStart);
      count = builder.createOrFold<arith::MinSIOp>(loc, count, left);
    }
    Value inGrid = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, next,
        NumProgramsOp::create(builder, loc, builder.getI32Type(), 0));
    Value bytes = arith::SelectOp::create(
        builder, loc, inGrid,
        builder.createOrFold<arith::MulIOp>(loc, count, i32(elementBytes)),
        i32(0));
    Value offset = builder.createOrFold<arith::AddIOp>(
        loc, ptrScalar, i32(row.ptrOffsets.first));
    Value start = isConstantZero(offset)
                      ? base
                      : AddPtrOp::create(builder, loc, base.getType(), base,
                                         offset)
                            .getResult();
    PrefetchOp::create(builder, loc, start, bytes);
  }
};

} // namespace
