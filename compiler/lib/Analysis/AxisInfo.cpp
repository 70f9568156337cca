//===- AxisInfo.cpp - contiguity, divisibility, constancy -----------------===//
//
// The lattice value, the sparse data-flow analysis that propagates it (the
// transfer functions live in AxisInfoRules.cpp) and the queries on its
// results.
//
//===----------------------------------------------------------------------===//

#include "tilec/Analysis/AxisInfo.h"

#include "tilec/Analysis/Layout.h"

#include "tile/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace tilec;

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo::AxisInfo(DimVector contiguity, DimVector divisibility,
                   DimVector constancy, std::optional<int64_t> constantValue)
    : contiguity(std::move(contiguity)), divisibility(std::move(divisibility)),
      constancy(std::move(constancy)), constantValue(constantValue) {
  assert(this->contiguity.size() == this->divisibility.size() &&
         this->contiguity.size() == this->constancy.size() &&
         "one entry per dimension");
}

AxisInfo AxisInfo::getPessimistic(unsigned rank) {
  return AxisInfo(DimVector(rank, 1), DimVector(rank, 1), DimVector(rank, 1));
}

/// Number of dimensions AxisInfo gives a value of `type`.
static unsigned getInfoRank(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getRank();
  return 1;
}

AxisInfo AxisInfo::getPessimistic(Type type) {
  AxisInfo info = getPessimistic(getInfoRank(type));
  // A typed pointer is at least aligned to its element (the ABI guarantees
  // it; a misaligned access would fault).
  if (tile::isPtrLike(type))
    std::fill(info.divisibility.begin(), info.divisibility.end(),
              getElementBytes(type));
  return info;
}

AxisInfo AxisInfo::getConstant(Type type, int64_t value) {
  unsigned rank = getInfoRank(type);
  DimVector constancy(rank, 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    constancy.assign(tensor.getShape().begin(), tensor.getShape().end());
  int64_t divisibility = kMaxDivisibility;
  if (value != 0) {
    uint64_t magnitude =
        value < 0 ? 0 - static_cast<uint64_t>(value) : uint64_t(value);
    divisibility = std::min<uint64_t>(magnitude & (~magnitude + 1),
                                      uint64_t(kMaxDivisibility));
  }
  return AxisInfo(DimVector(rank, 1), DimVector(rank, divisibility),
                  std::move(constancy), value);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return getPessimistic(std::max(lhs.getRank(), rhs.getRank()));
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    contiguity.push_back(std::gcd(lhs.contiguity[d], rhs.contiguity[d]));
    divisibility.push_back(std::gcd(lhs.divisibility[d], rhs.divisibility[d]));
    constancy.push_back(std::gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constantValue == rhs.constantValue)
    constant = lhs.constantValue;
  return AxisInfo(std::move(contiguity), std::move(divisibility),
                  std::move(constancy), constant);
}

void AxisInfo::print(raw_ostream &os) const {
  if (!isInitialized()) {
    os << "<uninitialized>";
    return;
  }
  auto printDims = [&](StringRef name, ArrayRef<int64_t> dims) {
    os << name << " = [";
    llvm::interleaveComma(dims, os);
    os << "]";
  };
  printDims("contiguity", contiguity);
  os << ", ";
  printDims("divisibility", divisibility);
  os << ", ";
  printDims("constancy", constancy);
  if (constantValue)
    os << ", constant = " << *constantValue;
}

//===----------------------------------------------------------------------===//
// The data-flow analysis
//===----------------------------------------------------------------------===//

namespace {

class AxisInfoLattice : public dataflow::Lattice<AxisInfo> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AxisInfoLattice)
  using Lattice::Lattice;
};

/// The largest power of two at most `value` (at least 1).
static int64_t floorPowerOf2(int64_t value) {
  return value <= 1 ? 1 : int64_t(llvm::bit_floor(uint64_t(value)));
}

/// `info` raised by the user's hints (`tl.multiple_of`, `tl.max_contiguous`,
/// `tl.max_constancy`), given per dimension. A hint never lowers what the
/// rules proved; contiguity and constancy stay within the dimension.
static AxisInfo applyHints(const AxisInfo &info, Type type,
                           ArrayRef<int32_t> divisibility,
                           ArrayRef<int32_t> contiguity,
                           ArrayRef<int32_t> constancy) {
  unsigned rank = info.getRank();
  SmallVector<int64_t> shape(rank, AxisInfo::kMaxDivisibility);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  else
    shape.assign(rank, 1);
  AxisInfo::DimVector cont(info.getContiguity()), div(info.getDivisibility()),
      constant(info.getConstancy());
  for (unsigned d = 0; d < rank; ++d) {
    if (d < divisibility.size())
      div[d] = std::max(
          div[d], std::min(AxisInfo::kMaxDivisibility,
                           int64_t(1) << llvm::countr_zero(
                               uint64_t(std::max(divisibility[d], 1)))));
    if (d < contiguity.size())
      cont[d] = std::max(cont[d],
                         std::min(shape[d], floorPowerOf2(contiguity[d])));
    if (d < constancy.size())
      constant[d] = std::max(constant[d],
                             std::min(shape[d], floorPowerOf2(constancy[d])));
  }
  return AxisInfo(cont, div, constant, info.getConstantValue());
}

/// The values of hint `name` (`tile.multiple_of` and friends) in `attrs`.
static ArrayRef<int32_t> getHint(DictionaryAttr attrs, StringRef name) {
  if (!attrs)
    return {};
  if (auto hint = attrs.getAs<DenseI32ArrayAttr>(name))
    return hint.asArrayRef();
  return {};
}

/// `info` with the hints of `attrs` applied, if it has any.
static AxisInfo applyHints(const AxisInfo &info, Type type,
                           DictionaryAttr attrs) {
  ArrayRef<int32_t> divisibility = getHint(attrs, "tile.multiple_of");
  ArrayRef<int32_t> contiguity = getHint(attrs, "tile.max_contiguous");
  ArrayRef<int32_t> constancy = getHint(attrs, "tile.max_constancy");
  if (divisibility.empty() && contiguity.empty() && constancy.empty())
    return info;
  return applyHints(info, type, divisibility, contiguity, constancy);
}

/// Facts about a value nothing flows into: the arguments of a kernel (with
/// their `tile.divisibility` and `tl.multiple_of` hints) and values of
/// unknown origin.
static AxisInfo getEntryInfo(Value value) {
  AxisInfo info = AxisInfo::getPessimistic(value.getType());
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || isa<RankedTensorType>(value.getType()))
    return info;
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func || !arg.getOwner()->isEntryBlock())
    return info;
  info = applyHints(info, value.getType(),
                    func.getArgAttrDict(arg.getArgNumber()));
  auto hint =
      func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), "tile.divisibility");
  if (!hint || hint.getInt() <= 0)
    return info;
  // Only the power-of-two part of a hint is usable.
  AxisInfo hinted = AxisInfo::getConstant(value.getType(), hint.getInt());
  int64_t divisibility =
      std::max(hinted.getDivisibility(0), info.getDivisibility(0));
  return AxisInfo({1}, {divisibility}, {1});
}

class AxisInfoDataFlow
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    SmallVector<AxisInfo> operandInfos;
    for (const AxisInfoLattice *operand : operands) {
      // Wait until every operand is known; the solver revisits us then.
      if (!operand->getValue().isInitialized())
        return success();
      operandInfos.push_back(operand->getValue());
    }
    SmallVector<AxisInfo> resultInfos = inferAxisInfo(op, operandInfos);
    // The frontend puts a value's hints on its defining op.
    if (op->getNumResults() == 1 && !op->getDiscardableAttrDictionary().empty())
      resultInfos.front() =
          applyHints(resultInfos.front(), op->getResult(0).getType(),
                     op->getDiscardableAttrDictionary());
    for (auto [lattice, info] : llvm::zip(results, resultInfos))
      propagateIfChanged(lattice, lattice->join(info));
    return success();
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override {
    auto loop = dyn_cast<LoopLikeOpInterface>(op);
    std::optional<Value> iv =
        loop ? loop.getSingleInductionVar() : std::nullopt;
    unsigned numForwarded = successor.getSuccessorInputs().size();
    for (auto [index, lattice] : llvm::enumerate(argLattices)) {
      if (index >= firstIndex && index < firstIndex + numForwarded)
        continue;
      if (iv && lattice->getAnchor() == *iv && successor.getSuccessor()) {
        visitInductionVar(loop, successor.getSuccessor(), lattice);
        continue;
      }
      setToEntryState(lattice);
    }
  }

  void setToEntryState(AxisInfoLattice *lattice) override {
    propagateIfChanged(lattice,
                       lattice->join(getEntryInfo(lattice->getAnchor())));
  }

private:
  /// lb + k * step is divisible by whatever divides both lb and step.
  void visitInductionVar(LoopLikeOpInterface loop, Region *body,
                         AxisInfoLattice *lattice) {
    std::optional<OpFoldResult> lb = loop.getSingleLowerBound();
    std::optional<OpFoldResult> step = loop.getSingleStep();
    if (!lb || !step)
      return setToEntryState(lattice);
    // Revisit the loop entry when the bounds' facts change.
    ProgramPoint *point = getProgramPointBefore(&body->front());
    auto infoOf = [&](OpFoldResult bound) -> AxisInfo {
      if (auto value = dyn_cast<Value>(bound))
        return getLatticeElementFor(point, value)->getValue();
      if (auto attr = dyn_cast<IntegerAttr>(cast<Attribute>(bound)))
        return AxisInfo::getConstant(lattice->getAnchor().getType(),
                                     attr.getInt());
      return AxisInfo::getPessimistic(1);
    };
    AxisInfo lbInfo = infoOf(*lb), stepInfo = infoOf(*step);
    if (!lbInfo.isInitialized() || !stepInfo.isInitialized())
      return;
    int64_t divisibility =
        std::gcd(lbInfo.getDivisibility(0), stepInfo.getDivisibility(0));
    propagateIfChanged(lattice,
                       lattice->join(AxisInfo({1}, {divisibility}, {1})));
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

AxisInfoAnalysis::AxisInfoAnalysis(Operation *root) {
  DataFlowSolver solver;
  dataflow::loadBaselineAnalyses(solver);
  solver.load<AxisInfoDataFlow>();
  if (failed(solver.initializeAndRun(root)))
    return;
  auto record = [&](Value value) {
    const auto *lattice = solver.lookupState<AxisInfoLattice>(value);
    if (lattice && lattice->getValue().isInitialized())
      infos.try_emplace(value, lattice->getValue());
  };
  root->walk([&](Operation *op) {
    for (Value result : op->getResults())
      record(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          record(arg);
  });
}

const AxisInfo *AxisInfoAnalysis::lookup(Value value) const {
  auto it = infos.find(value);
  return it == infos.end() ? nullptr : &it->second;
}

AxisInfo AxisInfoAnalysis::getAxisInfo(Value value) const {
  if (const AxisInfo *info = lookup(value))
    return *info;
  return AxisInfo::getPessimistic(value.getType());
}

int64_t AxisInfoAnalysis::getContiguity(Value value, unsigned dim) const {
  const AxisInfo *info = lookup(value);
  return info && dim < info->getRank() ? info->getContiguity(dim) : 1;
}

int64_t AxisInfoAnalysis::getDivisibility(Value value, unsigned dim) const {
  AxisInfo info = getAxisInfo(value);
  return dim < info.getRank() ? info.getDivisibility(dim) : 1;
}

int64_t AxisInfoAnalysis::getConstancy(Value value, unsigned dim) const {
  const AxisInfo *info = lookup(value);
  return info && dim < info->getRank() ? info->getConstancy(dim) : 1;
}

SmallVector<unsigned> AxisInfoAnalysis::getContiguityOrder(Value ptr) const {
  AxisInfo info = getAxisInfo(ptr);
  SmallVector<unsigned> order;
  for (unsigned d = info.getRank(); d > 0; --d)
    order.push_back(d - 1);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return info.getContiguity(a) > info.getContiguity(b);
  });
  return order;
}

/// Largest power of two not above `value`, and at least 1.
static unsigned floorPow2(int64_t value) {
  if (value <= 1)
    return 1;
  return static_cast<unsigned>(llvm::bit_floor(static_cast<uint64_t>(value)));
}

unsigned AxisInfoAnalysis::getPtrVectorWidth(Value ptr, unsigned dim) const {
  AxisInfo info = getAxisInfo(ptr);
  if (dim >= info.getRank())
    return 1;
  int64_t bytes = getElementBytes(ptr.getType());
  int64_t width = std::min({info.getContiguity(dim),
                            info.getDivisibility(dim) / bytes,
                            int64_t(kMaxAccessBytes) / bytes});
  return floorPow2(width);
}

unsigned AxisInfoAnalysis::getMaskConstancy(Value mask, unsigned dim) const {
  if (!mask)
    return AxisInfo::kMaxDivisibility;
  return floorPow2(getConstancy(mask, dim));
}

unsigned AxisInfoAnalysis::getAccessVectorWidth(Operation *loadOrStore) const {
  Value ptr, mask;
  if (auto load = dyn_cast<tile::LoadOp>(loadOrStore)) {
    ptr = load.getPtr();
    mask = load.getMask();
  } else if (auto store = dyn_cast<tile::StoreOp>(loadOrStore)) {
    ptr = store.getPtr();
    mask = store.getMask();
  } else {
    return 1;
  }
  Attribute layout = tile::getEncoding(ptr.getType());
  SmallVector<unsigned> order = getOrder(layout);
  SmallVector<unsigned> sizePerThread = getSizePerThread(layout);
  if (order.empty() || sizePerThread.size() != order.size())
    return 1;
  unsigned dim = order.front();
  return floorPow2(std::min({sizePerThread[dim], getPtrVectorWidth(ptr, dim),
                             getMaskConstancy(mask, dim)}));
}
