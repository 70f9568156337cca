//===- AssignLayouts.cpp - the tile-assign-layouts pass -------------------===//
//
// Anchors: every load and store of a tensor gets the blocked layout that
// coalesces it. Propagation (LayoutPropagation.h) spreads the anchors'
// layouts over the function. Then the types are rewritten and the uses that
// need another layout get a conversion, which rematerialisation removes
// where the value is cheap to recompute.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "LayoutPropagation.h"
#include "Rematerialize.h"

#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Analysis/Layout.h"
#include "tilec/Analysis/LayoutRules.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace tilec {
#define GEN_PASS_DEF_TILEASSIGNLAYOUTS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// A memory op and the layout that coalesces it.
struct Anchor {
  Operation *op;
  Attribute layout;
  /// Bytes one thread moves per access, then elements: wider first.
  int64_t vectorBytes;
  int64_t numElements;
  /// Whether the op takes this layout only.
  bool strict = false;
  /// The vector width of a misaligned access (LayoutAnchor::maxRun); 0 for
  /// others.
  int64_t maxRun = 0;
  /// The loops around the op.
  unsigned loopDepth = 0;
};

} // namespace

/// The loops (scf.for, scf.while) around `op` in its function.
static unsigned getLoopDepth(Operation *op) {
  unsigned depth = 0;
  for (Operation *parent = op->getParentOp();
       parent && !isa<func::FuncOp>(parent); parent = parent->getParentOp())
    depth += isa<LoopLikeOpInterface>(parent);
  return depth;
}

/// Whether an access through `ptr` that moves `vector` elements at once
/// along `dim` is misaligned: its addresses run on consecutively for more
/// (up to 16 bytes) and its block gives every thread more, but alignment
/// allows no wider vector (rows of bf16 whose stride is not known to be a
/// multiple of 8 elements: 2-byte aligned).
static bool isMisaligned(Value ptr, unsigned dim, int64_t vector,
                         int64_t perThread, const AxisInfoAnalysis &axisInfo) {
  int64_t elementBytes = getElementBytes(ptr.getType());
  int64_t run = std::min(axisInfo.getContiguity(ptr, dim),
                         int64_t(kMaxAccessBytes) / elementBytes);
  return vector < std::min<int64_t>(llvm::bit_floor(uint64_t(run)), perThread);
}

/// The coalescing rule: threads own `vector` consecutive elements along the
/// most contiguous dimension, where `vector` is what the pointers allow
/// (AxisInfoAnalysis::getPtrVectorWidth) but no more than keeps every
/// thread of the program busy.
///
/// A misaligned access (isMisaligned) moves one such vector at a time: a
/// layout giving its threads more consecutive elements would only spread
/// its lanes further apart, each warp access over more sectors, so its
/// anchor limits them (maxRun).
static Anchor getAnchor(Operation *op, Value ptr,
                        const AxisInfoAnalysis &axisInfo, unsigned numWarps,
                        int64_t maxVector = 0) {
  auto type = cast<RankedTensorType>(ptr.getType());
  SmallVector<unsigned> order = axisInfo.getContiguityOrder(ptr);
  int64_t perThread = llvm::bit_floor(uint64_t(
      std::max<int64_t>(1, type.getNumElements() / (kWarpSize * numWarps))));
  int64_t vector = std::min<int64_t>(
      axisInfo.getPtrVectorWidth(ptr, order.front()), perThread);
  if (maxVector > 0)
    vector = std::min(vector, maxVector);
  BlockedEncodingAttr layout = buildBlockedLayout(
      op->getContext(), type.getShape(), order, vector, numWarps);
  int64_t bytes = int64_t(layout.getSizePerThread()[order.front()]) *
                  int64_t(getElementBytes(type));
  Anchor anchor{op, layout, bytes, type.getNumElements()};
  anchor.loopDepth = getLoopDepth(op);
  // (Atomics are narrowed for another reason; see collectAnchors.)
  if (maxVector == 0 &&
      isMisaligned(ptr, order.front(), vector, perThread, axisInfo))
    anchor.maxRun = vector;
  return anchor;
}

/// Whether `value` is a tl.dot product, through elementwise ops (ReLU,
/// casts, scaling) and the loop that accumulates it.
static bool comesFromDot(Value value, unsigned depth = 0) {
  if (depth > 16)
    return false;
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (isa<DotOp>(def))
    return true;
  if (auto loop = dyn_cast<scf::ForOp>(def)) {
    unsigned index = cast<OpResult>(value).getResultNumber();
    return comesFromDot(loop.getBody()->getTerminator()->getOperand(index),
                        depth + 1);
  }
  if (!def->hasTrait<OpTrait::Elementwise>() || def->getNumRegions() != 0)
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return isa<RankedTensorType>(operand.getType()) &&
           comesFromDot(operand, depth + 1);
  });
}

/// The most bytes of a product that its store goes through shared memory
/// for: the scratch may take the bytes of the loop's buffers, which are dead
/// by then, but not much more.
static constexpr int64_t kMaxStoreScratchBytes = 128 * 1024;

/// The load a product's factor comes from (through element-type
/// conversions), or null.
static LoadOp getFactorLoad(Value factor) {
  Operation *def = factor.getDefiningOp();
  while (isa_and_nonnull<arith::ExtFOp, arith::TruncFOp>(def))
    def = def->getOperand(0).getDefiningOp();
  return dyn_cast_or_null<LoadOp>(def);
}

/// The dims along which a product's factors are contiguous in memory (A's,
/// B's), when both are loads used as they are; std::nullopt otherwise.
static std::optional<std::pair<unsigned, unsigned>>
getFactorContiguity(DotOp dot, const AxisInfoAnalysis &axisInfo) {
  LoadOp a = getFactorLoad(dot.getA()), b = getFactorLoad(dot.getB());
  if (!a || !b || a.getResult() != dot.getA() || b.getResult() != dot.getB())
    return std::nullopt;
  return std::make_pair(axisInfo.getContiguityOrder(a.getPtr()).front(),
                        axisInfo.getContiguityOrder(b.getPtr()).front());
}

/// fp8 products run on wgmma (m64nNk32) only with both factors loaded
/// contiguous along K (A row-major, B column-major), as wgmma reads 8-bit
/// factors K-major only, on sm_90a and in a wgmma shape; their sums go
/// through fp32 once per product.
/// Others widen their factors to fp16, which holds every fp8 value exactly,
/// and take the fp16 paths.
static void widenFp8Products(func::FuncOp func,
                             const AxisInfoAnalysis &axisInfo,
                             unsigned numWarps, bool useWgmma) {
  func.walk([&](DotOp dot) {
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    Type element = aType.getElementType();
    if (!isa<Float8E4M3FNType, Float8E5M2Type>(element))
      return;
    // (The fp32 sums below hold a second set of accumulators: past 64 a
    // thread ptxas spills some, which still beat widening on the H200:
    // 526-610 TFLOP/s at 128x256x128 on 8 warps over three calls, against
    // 294 widened.)
    std::optional<std::pair<unsigned, unsigned>> contiguity =
        getFactorContiguity(dot, axisInfo);
    bool native =
        useWgmma && targetsSm90a(dot) && aType.getDimSize(1) % 32 == 0 &&
        getWgmmaAccumulatorLayout(dot.getContext(), dot.getType().getShape(),
                                  numWarps) &&
        contiguity == std::make_pair(1u, 0u);
    OpBuilder builder(dot);
    if (native) {
      // wgmma sums fp8 products in fewer bits than fp32 (about 14 of
      // mantissa): each product starts from zero and is added to the
      // accumulator in fp32, once per tl.dot (a K tile), as Triton does by
      // default and as torch._scaled_mm does.
      if (isZeroBits(dot.getAcc()))
        return;
      auto accType = cast<RankedTensorType>(dot.getAcc().getType());
      Value zeros = arith::ConstantOp::create(
          builder, dot.getLoc(), accType,
          DenseElementsAttr::get(accType, builder.getF32FloatAttr(0)));
      Value acc = dot.getAcc();
      dot.getAccMutable().set(zeros);
      builder.setInsertionPointAfter(dot);
      auto sum = arith::AddFOp::create(builder, dot.getLoc(), acc, dot);
      dot.getResult().replaceAllUsesExcept(sum, sum);
      return;
    }
    Type f16 = builder.getF16Type();
    for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
      auto type = cast<RankedTensorType>(operand->get().getType());
      operand->set(arith::ExtFOp::create(builder, dot.getLoc(),
                                         type.clone(f16), operand->get()));
    }
  });
}

/// Whether a tf32 product reads A contiguous along K and B contiguous along
/// N (both row-major): wgmma then computes it transposed, B from registers,
/// rather than transposing B into a K-major buffer.
static bool prefersTransposedProduct(DotOp dot,
                                     const AxisInfoAnalysis &axisInfo) {
  return getFactorContiguity(dot, axisInfo) == std::make_pair(1u, 1u);
}

/// `anchors` (in priority order) with each misaligned one moved ahead of the
/// first aligned one in as many loops or fewer, narrowest first. Where the
/// two meet in a tile, the aligned access then takes the narrow layout: it
/// moves narrower vectors, still whole sectors a warp, where a conversion
/// would take a trip through shared memory and the misaligned access a
/// wider layout would spread over more sectors (8 times the L2 writes for
/// a bf16 store 8 a thread). An aligned access in a deeper loop keeps its
/// place: it runs more often than the conversion of a misaligned value
/// from outside that loop, which is done once.
static SmallVector<Anchor> promoteMisaligned(ArrayRef<Anchor> anchors) {
  SmallVector<Anchor> misaligned;
  for (const Anchor &anchor : anchors)
    if (anchor.maxRun && !anchor.strict)
      misaligned.push_back(anchor);
  llvm::stable_sort(misaligned, [](const Anchor &a, const Anchor &b) {
    return a.maxRun < b.maxRun;
  });
  SmallVector<Anchor> result;
  SmallVector<bool> placed(misaligned.size(), false);
  for (const Anchor &anchor : anchors) {
    if (anchor.maxRun && !anchor.strict)
      continue;
    // Strict anchors keep their places: they take no other layout.
    if (!anchor.strict) {
      for (auto [index, early] : llvm::enumerate(misaligned)) {
        if (placed[index] || early.loopDepth < anchor.loopDepth)
          continue;
        result.push_back(early);
        placed[index] = true;
      }
    }
    result.push_back(anchor);
  }
  for (auto [index, late] : llvm::enumerate(misaligned))
    if (!placed[index])
      result.push_back(late);
  return result;
}

static SmallVector<LayoutAnchor>
collectAnchors(func::FuncOp func, const AxisInfoAnalysis &axisInfo,
               unsigned numWarps, bool useWgmma, bool transposedTf32) {
  SmallVector<Anchor> anchors;
  func.walk([&](Operation *op) {
    Value ptr;
    if (auto load = dyn_cast<LoadOp>(op))
      ptr = load.getPtr();
    else if (auto store = dyn_cast<StoreOp>(op))
      ptr = store.getPtr();
    if (ptr && isa<RankedTensorType>(ptr.getType()))
      anchors.push_back(getAnchor(op, ptr, axisInfo, numWarps));
    // Atomics are one element at a time: spreading the elements over as
    // many threads as there are leaves the fewest to run one after another
    // and the fewest threads holding copies.
    Value atomicPtr;
    if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      atomicPtr = rmw.getPtr();
    else if (auto cas = dyn_cast<AtomicCASOp>(op))
      atomicPtr = cas.getPtr();
    if (atomicPtr && isa<RankedTensorType>(atomicPtr.getType()))
      anchors.push_back(getAnchor(op, atomicPtr, axisInfo, numWarps,
                                  /*maxVector=*/1));
  });
  // A product that tensor cores can compute wants its accumulator where
  // mma.sync leaves its results; it goes first, so that the loop-carried
  // accumulator takes that layout and only the final store may convert. Its
  // factors need dot operand layouts, which their loads refuse (they keep
  // the layouts that coalesce them): a conversion goes between, which
  // tile-dot-operands-to-shared turns into a trip through shared memory.
  //
  // The loads of those factors come right after: they keep the layouts that
  // coalesce them (16 bytes a thread), whatever a wider tile that shares
  // their index math (the fp32 store of C) would give them.
  llvm::SmallPtrSet<Operation *, 4> factorLoads;
  // tf32 factors of wgmma products whose loads run along M or N: they take
  // a layout that transposes into the K-major buffer without conflicts.
  llvm::SmallDenseMap<Operation *, Attribute> transposingLoads;
  func.walk([&](DotOp dot) {
    Type element = cast<RankedTensorType>(dot.getA().getType()).getElementType();
    auto type = cast<RankedTensorType>(dot.getType());
    int64_t k = cast<RankedTensorType>(dot.getA().getType()).getDimSize(1);
    // m16n8k16 for fp16/bf16, m16n8k8 for fp32 factors in tf32.
    bool halves = (element.isF16() || element.isBF16()) && k % 16 == 0;
    // fp8 products left by widenFp8Products are wgmma's.
    bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(element);
    bool tf32 = element.isF32() && dot.getPrecision() == InputPrecision::TF32 &&
                k % 8 == 0;
    if (!halves && !tf32 && !fp8)
      return;
    // On sm_90a, fp16/bf16 products of whole warpgroups use wgmma, which
    // reads both factors from shared memory; elsewhere mma.sync.
    Attribute layout;
    bool sm90a = useWgmma && targetsSm90a(dot);
    // A row-major B in tf32: wgmma computes the product transposed, B from
    // registers (read from a buffer filled by 16-byte copies), A as its
    // K-major shared operand.
    if (tf32 && sm90a && transposedTf32 &&
        prefersTransposedProduct(dot, axisInfo))
      layout = getTransposedWgmmaAccumulatorLayout(
          dot.getContext(), type.getShape(), numWarps);
    if (layout) {
      anchors.push_back({dot, layout, std::numeric_limits<int64_t>::max(),
                         type.getNumElements(), /*strict=*/true});
      for (Value factor : {dot.getA(), dot.getB()})
        factorLoads.insert(getFactorLoad(factor));
      return;
    }
    if ((halves || tf32 || fp8) && sm90a)
      layout = getWgmmaAccumulatorLayout(dot.getContext(), type.getShape(),
                                         numWarps);
    // tf32 wgmma pays for K-major factors (a B that runs along N is copied
    // 4 bytes at a time to transpose it): on the H200 it beat mma.sync with
    // two m64 tiles per warpgroup or tiles of 128x128 elements and more
    // (4096^3, TFLOP/s: 128x128x32 on 4 warps 187.5 against 49.8, on 8
    // 180.7 against 130.1, 128x256x32 205 against 66, 128x64x32 on 4
    // 155.9 against 127.2), not below (the lecture's 64x64x32 99.9 against
    // 117.0, 64x128x32 98.4 against 132.9).
    if (layout && tf32) {
      int64_t groups = numWarps / 4;
      bool twoTiles = type.getDimSize(0) >= 128 * groups;
      if (!twoTiles && type.getNumElements() < 128 * 128)
        layout = {};
    }
    bool wgmmaTf32 = layout && tf32;
    if (!layout)
      layout =
          getMmaAccumulatorLayout(dot.getContext(), type.getShape(), numWarps);
    if (!layout)
      return;
    anchors.push_back({dot, layout, std::numeric_limits<int64_t>::max(),
                       type.getNumElements(), /*strict=*/true});
    // An fp8 product's fp32 sum (widenFp8Products) carries the accumulator
    // in its place: it takes the product's layout as early.
    if (fp8 && dot->hasOneUse())
      if (auto sum = dyn_cast<arith::AddFOp>(*dot->getUsers().begin()))
        anchors.push_back({sum, layout, std::numeric_limits<int64_t>::max(),
                           type.getNumElements(), /*strict=*/true});
    Value factors[] = {dot.getA(), dot.getB()};
    for (auto [opIdx, factor] : llvm::enumerate(factors)) {
      LoadOp load = getFactorLoad(factor);
      if (!load)
        continue;
      Operation *def = load;
      factorLoads.insert(def);
      if (!wgmmaTf32 || load.getResult() != factor)
        continue;
      // K-major in memory (contiguous along K): the coalesced layout fits.
      unsigned kDim = opIdx == 0 ? 1 : 0;
      if (axisInfo.getContiguityOrder(load.getPtr()).front() == kDim)
        continue;
      auto factorType = cast<RankedTensorType>(factor.getType());
      transposingLoads[def] = getTransposingFactorLayout(
          dot.getContext(), factorType.getShape(), opIdx, numWarps);
    }
  });
  // Strictly: their shared-memory stores are conflict-free for the layout
  // that coalesces them (16-byte vectors filling whole rows), and the
  // swizzle is chosen for it. Product and loads start together, so that
  // the loop-carried accumulator and pointers take their layouts before the
  // index math they share spreads another.
  for (Anchor &anchor : anchors)
    if (factorLoads.contains(anchor.op)) {
      anchor.vectorBytes = std::numeric_limits<int64_t>::max() - 1;
      anchor.strict = true;
      auto it = transposingLoads.find(anchor.op);
      if (it != transposingLoads.end())
        anchor.layout = it->second;
    }
  // A product's store keeps the layout that coalesces it: with 16-byte
  // vectors, the accumulator layouts give a thread two consecutive
  // elements per row, so storing from them takes twice the instructions
  // and a quarter of each line per warp; with narrower ones (pointers of
  // unknown alignment, as Triton's grouped GEMM tutorial loads them from a
  // table), another blocked layout would give a thread 8 consecutive
  // elements and each warp's 2-byte stores 16 sectors (6x the L2 writes
  // on the H200, 25.0 -> 21.6 us for that tutorial). The conversion goes
  // through shared memory once, after the loop.
  for (Anchor &anchor : anchors) {
    auto store = dyn_cast<StoreOp>(anchor.op);
    if (!store || !comesFromDot(store.getValue()))
      continue;
    auto type = cast<RankedTensorType>(store.getValue().getType());
    if (type.getNumElements() * int64_t(getElementBytes(type)) >
        kMaxStoreScratchBytes)
      continue;
    anchor.strict = true;
  }
  // At equal widths a store of wider elements goes first: its layout gives
  // narrower elements whole sectors still (fp16 at 4 a thread: 8 bytes, 256
  // a warp), where theirs would make each of its stores half a sector a
  // thread (fp32 at 8 a thread: two 16-byte stores 32 bytes apart), which
  // costs L2 twice the writes (layer norm backward's fp32 partial sums:
  // 1.8x the sectors).
  // (A load of the same element size ranks just after the store: loads
  // take wider vectors than 16 bytes a thread at no cost in L2, and the
  // strict anchors keep their places.)
  auto rank = [](const Anchor &anchor) -> int64_t {
    if (anchor.strict)
      return std::numeric_limits<int64_t>::max();
    int64_t bytes = 0;
    if (auto store = dyn_cast<StoreOp>(anchor.op))
      return 2 * int64_t(getElementBytes(
                     cast<RankedTensorType>(store.getValue().getType())));
    if (auto load = dyn_cast<LoadOp>(anchor.op))
      bytes = getElementBytes(cast<RankedTensorType>(load.getType()));
    return 2 * bytes - 1;
  };
  llvm::stable_sort(anchors, [&](const Anchor &a, const Anchor &b) {
    if (a.vectorBytes != b.vectorBytes)
      return a.vectorBytes > b.vectorBytes;
    if (a.numElements != b.numElements)
      return a.numElements > b.numElements;
    return rank(a) > rank(b);
  });
  SmallVector<LayoutAnchor> result;
  for (const Anchor &anchor : promoteMisaligned(anchors))
    result.push_back({anchor.op, anchor.layout, anchor.strict, anchor.maxRun});
  return result;
}

/// The layout operand `use` of a Regroup op (reshape, join, split) gets,
/// `needed` being the one its result derives. These ops read their
/// operands' registers in any order (isRegroupInRegisters), so the same
/// map spelled differently, or its registers renumbered, needs no
/// conversion; but join's two operands must keep one type, so both take
/// the first one's layout when it is such a permutation, else `needed`
/// (a load joined with a reduction's slice, or a product's accumulator
/// with a load, had two).
static Attribute getRegroupOperandTarget(OpOperand &use, Attribute needed,
                                         const LayoutPropagation &propagation) {
  Operation *op = use.getOwner();
  auto type = cast<RankedTensorType>(use.get().getType());
  auto reusable = [&](Value operand) -> Attribute {
    Attribute layout = propagation.getLayout(operand);
    if (layout && isRegisterPermutation(withLayout(type, layout),
                                        withLayout(type, needed)))
      return layout;
    return needed;
  };
  if (op->getNumOperands() == 1)
    return reusable(use.get());
  return reusable(op->getOperand(0));
}

/// Rewrites every tensor type with its layout and converts the uses that
/// need another one.
static void applyLayouts(func::FuncOp func,
                         const LayoutPropagation &propagation) {
  // Decide the conversions first; the graph is keyed by values and ops,
  // which retyping keeps.
  SmallVector<std::pair<OpOperand *, Attribute>> conversions;
  func.walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      if (!isa<RankedTensorType>(use.get().getType()))
        continue;
      Attribute needed = propagation.getRequiredLayout(use);
      if (needed && getLayoutRule(op) == LayoutRule::Regroup)
        needed = getRegroupOperandTarget(use, needed, propagation);
      if (needed && needed != propagation.getLayout(use.get()))
        conversions.push_back({&use, needed});
    }
  });

  auto retype = [&](Value value) {
    if (isa<RankedTensorType>(value.getType()))
      value.setType(withLayout(value.getType(), propagation.getLayout(value)));
  };
  func.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          retype(arg);
    for (Value result : op->getResults())
      retype(result);
    // A dense constant keeps its values; only its type gains the layout.
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto type = dyn_cast<RankedTensorType>(constant.getType()))
        constant.setValueAttr(
            cast<DenseElementsAttr>(constant.getValue()).reshape(type));
  });

  DenseMap<std::pair<Value, Attribute>, Value> converted;
  OpBuilder builder(func.getContext());
  for (auto [use, needed] : conversions) {
    Value value = use->get();
    Value &convert = converted[{value, needed}];
    if (!convert) {
      // Next to the definition, so that all uses share one conversion.
      if (Operation *def = value.getDefiningOp())
        builder.setInsertionPointAfter(def);
      else
        builder.setInsertionPointToStart(
            cast<BlockArgument>(value).getOwner());
      convert = ConvertLayoutOp::create(builder, value.getLoc(),
                                        withLayout(value.getType(), needed),
                                        value);
    }
    use->set(convert);
  }

  Block &entry = func.getBody().front();
  SmallVector<Type> resultTypes(func.getResultTypes());
  func.walk([&](func::ReturnOp ret) {
    if (ret->getParentOp() == func)
      resultTypes.assign(ret.getOperandTypes().begin(),
                         ret.getOperandTypes().end());
  });
  func.setType(FunctionType::get(func.getContext(), entry.getArgumentTypes(),
                                 resultTypes));
}

/// Layouts are assigned once, to IR that has none.
static LogicalResult checkNoLayouts(ModuleOp module) {
  auto hasLayout = [](Type type) { return bool(getEncoding(type)); };
  WalkResult result = module.walk([&](Operation *op) -> WalkResult {
    bool found = llvm::any_of(op->getOperandTypes(), hasLayout) ||
                 llvm::any_of(op->getResultTypes(), hasLayout);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        found |= llvm::any_of(block.getArgumentTypes(), hasLayout);
    if (found)
      return op->emitOpError("already has tensor layouts; "
                             "tile-assign-layouts expects none");
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Elements of one block a thread may hold. Twice the 255 registers a
/// thread has is already spilled; past it LLVM's straight-line strength
/// reduction and ptxas take time that grows faster than the block (a
/// 256x1024 block on 4 warps, 2048 a thread: 70 s in tilec, longer in
/// ptxas), so a larger block is an error naming the limit, not a hang.
static constexpr int64_t kMaxElementsPerThread = 512;

/// Every block fits kMaxElementsPerThread a thread at `numWarps` warps.
/// The error goes on the first op with a source location that makes such a
/// block (canonicalization leaves hoisted constants unlocated).
static LogicalResult checkElementsPerThread(ModuleOp module,
                                            unsigned numWarps) {
  int64_t threads = int64_t(numWarps) * kWarpSize;
  Operation *culprit = nullptr;
  RankedTensorType culpritType;
  module.walk([&](Operation *op) -> WalkResult {
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor ||
          llvm::divideCeil(tensor.getNumElements(), threads) <=
              kMaxElementsPerThread)
        continue;
      bool located = !isa<UnknownLoc>(op->getLoc());
      if (!culprit || located)
        culprit = op, culpritType = tensor;
      if (located)
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!culprit)
    return success();
  std::string element;
  llvm::raw_string_ostream(element) << culpritType.getElementType();
  InFlightDiagnostic diag = culprit->emitError() << "a block of ";
  llvm::interleave(culpritType.getShape(), diag, "x");
  diag << " " << element << " is "
       << llvm::divideCeil(culpritType.getNumElements(), threads)
       << " elements a thread at " << numWarps << " warp"
       << (numWarps == 1 ? "" : "s") << "; tilec takes at most "
       << kMaxElementsPerThread << " (more warps or a smaller block)";
  return failure();
}

/// Element operations a thread may run in a kernel's code (each block op
/// counts its elements a thread once, wherever it sits): the size of the
/// LLVM IR and PTX tilec makes. A 128x128 fp32 block on one warp updated
/// 100 times by an unrolled tl.static_range is 102400 and takes 4 s in
/// tilec; compile time grows with it (the front end's --max-ops caps tile
/// IR ops, not their width), so past this limit a kernel is an error, not
/// minutes of LLVM and ptxas. The kernels of our tests and of the Triton
/// comparisons count at most 4402.
static constexpr int64_t kMaxElementOpsPerThread = 262144;

/// The kernel's block ops together stay within kMaxElementOpsPerThread;
/// the error goes on the first located op that passes it.
static LogicalResult checkCodeSize(ModuleOp module, unsigned numWarps) {
  int64_t threads = int64_t(numWarps) * kWarpSize;
  int64_t total = 0;
  Operation *culprit = nullptr;
  module.walk([&](Operation *op) -> WalkResult {
    for (Type type : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(type))
        total += llvm::divideCeil(tensor.getNumElements(), threads);
    if (total > kMaxElementOpsPerThread && !isa<UnknownLoc>(op->getLoc())) {
      culprit = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (total <= kMaxElementOpsPerThread)
    return success();
  Operation *at = culprit ? culprit : module.getOperation();
  return at->emitError()
         << "the kernel passes " << kMaxElementOpsPerThread
         << " block element operations a thread here (at " << numWarps
         << " warp" << (numWarps == 1 ? "" : "s")
         << "), the most tilec compiles: LLVM and ptxas would take minutes "
            "(smaller blocks, more warps, or fewer unrolled iterations)";
}

static FailureOr<unsigned> getCheckedNumWarps(ModuleOp module) {
  Attribute attr = module->getAttr(kNumWarpsAttrName);
  if (attr && !isa<IntegerAttr>(attr))
    return module.emitError() << "'" << kNumWarpsAttrName
                              << "' must be an integer";
  int64_t numWarps = getNumWarps(module);
  if (numWarps <= 0 || numWarps > 32 || !llvm::isPowerOf2_64(numWarps))
    return module.emitError()
           << "'" << kNumWarpsAttrName
           << "' must be a power of two from 1 to 32, got " << numWarps;
  return numWarps;
}

namespace {

struct TileAssignLayoutsPass
    : public tilec::impl::TileAssignLayoutsBase<TileAssignLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<unsigned> numWarps = getCheckedNumWarps(module);
    if (failed(numWarps) || failed(checkNoLayouts(module)) ||
        failed(checkElementsPerThread(module, *numWarps)) ||
        failed(checkCodeSize(module, *numWarps)))
      return signalPassFailure();

    // Without layouts a conversion means nothing.
    module.walk([](ConvertLayoutOp op) {
      op.getResult().replaceAllUsesWith(op.getSrc());
      op->erase();
    });

    AxisInfoAnalysis axisInfo(module);
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      widenFp8Products(func, axisInfo, *numWarps, wgmma);
      LayoutPropagation propagation(func, *numWarps);
      if (failed(propagation.build()))
        return signalPassFailure();
      propagation.run(
          collectAnchors(func, axisInfo, *numWarps, wgmma, transposedTf32));
      applyLayouts(func, propagation);
      if (rematerialize)
        rematerializeConversions(func);
      narrowBeforeConversions(func);
    }
  }
};

} // namespace
