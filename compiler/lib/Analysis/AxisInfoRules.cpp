//===- AxisInfoRules.cpp - AxisInfo transfer functions --------------------===//
//
// How each operation transforms contiguity, divisibility and constancy. The
// definitions are in AxisInfo.h: facts hold on aligned blocks of positions,
// and divisibility speaks of the first element of each contiguous run. Most
// rules below reason about which aligned blocks of the result are still
// runs (of consecutive or of equal values) and re-derive divisibility for
// the first elements of those (possibly shorter) runs.
//
//===----------------------------------------------------------------------===//

#include "tilec/Analysis/AxisInfo.h"

#include "tilec/Analysis/Layout.h"

#include "tile/IR/Dialect.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace tilec;

using DimVector = AxisInfo::DimVector;

static constexpr int64_t kMaxDiv = AxisInfo::kMaxDivisibility;

static int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }
static int64_t gcd(int64_t a, int64_t b, int64_t c) {
  return std::gcd(std::gcd(a, b), c);
}

/// Caps a divisibility (products of divisibilities may exceed the cap).
static int64_t capDiv(int64_t value) { return std::min(value, kMaxDiv); }

/// Divisibility of the elements at multiples of `runs` along a dimension,
/// knowing that the elements at multiples of `contiguity` are divisible by
/// `div`. When `runs` cuts contiguous runs into pieces, a piece starts at
/// (run start + a multiple of gcd(runs, contiguity)).
static int64_t restrictDiv(int64_t div, int64_t contiguity, int64_t runs) {
  if (runs % contiguity == 0)
    return div;
  return gcd(div, runs, contiguity);
}

/// Divisibility of every element along `dim`.
static int64_t elementDiv(const AxisInfo &info, unsigned dim) {
  return restrictDiv(info.getDivisibility(dim), info.getContiguity(dim), 1);
}

/// The value every element of `info` equals, if known.
static std::optional<int64_t> constOf(const AxisInfo &info) {
  return info.getConstantValue();
}

static bool isConst(const AxisInfo &info, int64_t value) {
  return info.getConstantValue() == value;
}

/// Sign-extends `value` from the bit width of `type`'s elements; i1 is kept
/// as 0/1.
static int64_t normalize(int64_t value, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrIndex())
    return value;
  unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  if (width == 1)
    return value & 1;
  if (width >= 64)
    return value;
  return llvm::SignExtend64(value, width);
}

/// Builds the result info, switching to the exact constant form when the
/// value is known.
static AxisInfo makeInfo(Type type, DimVector contiguity,
                         DimVector divisibility, DimVector constancy,
                         std::optional<int64_t> constant) {
  if (constant)
    return AxisInfo::getConstant(type, normalize(*constant, type));
  return AxisInfo(std::move(contiguity), std::move(divisibility),
                  std::move(constancy));
}

/// The info of a scalar seen as a tensor of `type`'s shape (all equal).
static AxisInfo splatTo(const AxisInfo &scalar, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return scalar;
  if (auto constant = constOf(scalar))
    return AxisInfo::getConstant(type, *constant);
  unsigned rank = tensor.getRank();
  return AxisInfo(DimVector(rank, 1), DimVector(rank, elementDiv(scalar, 0)),
                  DimVector(tensor.getShape()));
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// a + b (or a - b), with b counted in units of `scale` bytes for addptr.
static AxisInfo visitAddSub(const AxisInfo &a, const AxisInfo &b, bool isSub,
                            int64_t scale, Type type) {
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    // A run of consecutive values plus a run of equal values is a run of
    // consecutive values; minus one is too, but not the other way round.
    int64_t c = gcd(a.getContiguity(d), b.getConstancy(d));
    if (!isSub)
      c = std::max(c, gcd(a.getConstancy(d), b.getContiguity(d)));
    contiguity.push_back(c);
    constancy.push_back(gcd(a.getConstancy(d), b.getConstancy(d)));
    int64_t bDiv = capDiv(b.getDivisibility(d) * scale);
    divisibility.push_back(
        gcd(restrictDiv(a.getDivisibility(d), a.getContiguity(d), c),
            restrictDiv(bDiv, b.getContiguity(d), c)));
  }
  std::optional<int64_t> constant;
  if (constOf(a) && constOf(b)) {
    int64_t rhs = *constOf(b) * scale;
    constant = isSub ? *constOf(a) - rhs : *constOf(a) + rhs;
  }
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

static AxisInfo visitMul(const AxisInfo &a, const AxisInfo &b, Type type) {
  if (isConst(b, 1))
    return a;
  if (isConst(a, 1))
    return b;
  if (isConst(a, 0) || isConst(b, 0))
    return AxisInfo::getConstant(type, 0);
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    contiguity.push_back(1);
    constancy.push_back(gcd(a.getConstancy(d), b.getConstancy(d)));
    divisibility.push_back(capDiv(elementDiv(a, d) * elementDiv(b, d)));
  }
  std::optional<int64_t> constant;
  if (constOf(a) && constOf(b))
    constant = *constOf(a) * *constOf(b);
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

/// a / b, rounding toward zero or down; assumes a >= 0 in runs.
static AxisInfo visitDiv(Operation *op, const AxisInfo &a, const AxisInfo &b,
                         Type type) {
  if (isConst(b, 1))
    return a;
  std::optional<int64_t> divisor = constOf(b);
  bool pow2Divisor = divisor && *divisor > 0 && llvm::isPowerOf2_64(*divisor);
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    contiguity.push_back(1);
    int64_t k = gcd(a.getConstancy(d), b.getConstancy(d));
    // A run of consecutive values that starts at a multiple of the divisor
    // and is no longer than it has a single quotient.
    if (divisor && *divisor > 0)
      k = std::max(k, gcd(a.getContiguity(d), a.getDivisibility(d), *divisor));
    constancy.push_back(k);
    int64_t div = 1;
    if (pow2Divisor && elementDiv(a, d) >= *divisor)
      div = elementDiv(a, d) / *divisor;
    divisibility.push_back(div);
  }
  std::optional<int64_t> constant;
  if (constOf(a) && divisor && *divisor != 0) {
    int64_t n = *constOf(a);
    if (isa<arith::FloorDivSIOp>(op))
      constant = llvm::divideFloorSigned(n, *divisor);
    else if (!isa<arith::DivUIOp>(op) || (n >= 0 && *divisor > 0))
      constant = n / *divisor;
  }
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

/// a % b; assumes a >= 0 in runs.
static AxisInfo visitRem(Operation *op, const AxisInfo &a, const AxisInfo &b,
                         Type type) {
  if (isConst(b, 1))
    return AxisInfo::getConstant(type, 0);
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    // A run of consecutive values starting at a multiple of g, with g
    // dividing the (locally constant) divisor, does not wrap around.
    int64_t c = gcd(gcd(a.getContiguity(d), a.getDivisibility(d)),
                    gcd(elementDiv(b, d), b.getConstancy(d)));
    contiguity.push_back(c);
    constancy.push_back(gcd(a.getConstancy(d), b.getConstancy(d)));
    // a - q*b is divisible by what divides both.
    divisibility.push_back(
        gcd(restrictDiv(a.getDivisibility(d), a.getContiguity(d), c),
            elementDiv(b, d)));
  }
  std::optional<int64_t> constant;
  if (constOf(a) && constOf(b) && *constOf(b) != 0 &&
      (!isa<arith::RemUIOp>(op) || (*constOf(a) >= 0 && *constOf(b) > 0)))
    constant = *constOf(a) % *constOf(b);
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

static AxisInfo visitShl(const AxisInfo &a, const AxisInfo &b, Type type) {
  if (isConst(b, 0))
    return a;
  std::optional<int64_t> shift = constOf(b);
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    contiguity.push_back(1);
    constancy.push_back(gcd(a.getConstancy(d), b.getConstancy(d)));
    int64_t div = elementDiv(a, d);
    if (shift && *shift > 0)
      div = *shift >= 31 ? kMaxDiv : capDiv(div << *shift);
    divisibility.push_back(div);
  }
  std::optional<int64_t> constant;
  if (constOf(a) && shift && *shift >= 0 && *shift < 64)
    constant = static_cast<int64_t>(static_cast<uint64_t>(*constOf(a))
                                    << *shift);
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

/// a >> b: a division by 2^b rounding down.
static AxisInfo visitShr(Operation *op, const AxisInfo &a, const AxisInfo &b,
                         Type type) {
  if (isConst(b, 0))
    return a;
  std::optional<int64_t> shift = constOf(b);
  bool known = shift && *shift > 0 && *shift < 31;
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    contiguity.push_back(1);
    int64_t k = gcd(a.getConstancy(d), b.getConstancy(d));
    int64_t div = 1;
    if (known) {
      int64_t divisor = int64_t(1) << *shift;
      k = std::max(k, gcd(a.getContiguity(d), a.getDivisibility(d), divisor));
      if (elementDiv(a, d) >= divisor)
        div = elementDiv(a, d) / divisor;
    }
    constancy.push_back(k);
    divisibility.push_back(div);
  }
  std::optional<int64_t> constant;
  if (constOf(a) && shift && *shift >= 0 && *shift < 64) {
    if (isa<arith::ShRSIOp>(op))
      constant = *constOf(a) >> *shift;
    else if (*constOf(a) >= 0)
      constant = static_cast<int64_t>(static_cast<uint64_t>(*constOf(a)) >>
                                      *shift);
  }
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

/// All ones (true for i1).
static bool isAllOnes(const AxisInfo &info, Type type) {
  return isConst(info, normalize(-1, type));
}

/// Bitwise and/or/xor, min/max: runs of equal values survive where both
/// operands have them.
static AxisInfo visitBitwise(Operation *op, const AxisInfo &a,
                             const AxisInfo &b, Type type) {
  bool isAnd = isa<arith::AndIOp>(op), isOr = isa<arith::OrIOp>(op),
       isXor = isa<arith::XOrIOp>(op);
  if (isAnd) {
    if (isAllOnes(a, type))
      return b;
    if (isAllOnes(b, type))
      return a;
    if (isConst(a, 0) || isConst(b, 0))
      return AxisInfo::getConstant(type, 0);
  }
  if (isOr || isXor) {
    if (isConst(a, 0))
      return b;
    if (isConst(b, 0))
      return a;
  }
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    contiguity.push_back(1);
    constancy.push_back(gcd(a.getConstancy(d), b.getConstancy(d)));
    // Trailing zeros: `and` keeps those of either operand; the others only
    // those they share (min/max return one of the operands).
    divisibility.push_back(isAnd ? std::max(elementDiv(a, d), elementDiv(b, d))
                                 : gcd(elementDiv(a, d), elementDiv(b, d)));
  }
  std::optional<int64_t> constant;
  if (constOf(a) && constOf(b)) {
    int64_t x = *constOf(a), y = *constOf(b);
    constant = llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
                   .Case([&](arith::AndIOp) { return x & y; })
                   .Case([&](arith::OrIOp) { return x | y; })
                   .Case([&](arith::XOrIOp) { return x ^ y; })
                   .Case([&](arith::MinSIOp) { return std::min(x, y); })
                   .Case([&](arith::MaxSIOp) { return std::max(x, y); })
                   .Default([](Operation *) { return std::nullopt; });
  }
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

static std::optional<int64_t> evaluate(arith::CmpIPredicate predicate,
                                       int64_t x, int64_t y) {
  uint64_t ux = x, uy = y;
  switch (predicate) {
  case arith::CmpIPredicate::eq:
    return x == y;
  case arith::CmpIPredicate::ne:
    return x != y;
  case arith::CmpIPredicate::slt:
    return x < y;
  case arith::CmpIPredicate::sle:
    return x <= y;
  case arith::CmpIPredicate::sgt:
    return x > y;
  case arith::CmpIPredicate::sge:
    return x >= y;
  case arith::CmpIPredicate::ult:
    return ux < uy;
  case arith::CmpIPredicate::ule:
    return ux <= uy;
  case arith::CmpIPredicate::ugt:
    return ux > uy;
  case arith::CmpIPredicate::uge:
    return ux >= uy;
  }
  return std::nullopt;
}

static AxisInfo visitCmp(arith::CmpIOp op, const AxisInfo &a,
                         const AxisInfo &b, Type type) {
  using P = arith::CmpIPredicate;
  P predicate = op.getPredicate();
  // `x < n` and `x >= n` flip where x reaches n: at a multiple of n's
  // divisibility, so never inside an aligned run of consecutive x no
  // longer than that. `x <= n` flips at n + 1, which is not aligned.
  bool flipsAlignedOnLhs = llvm::is_contained(
      {P::slt, P::sge, P::ult, P::uge}, predicate);
  bool flipsAlignedOnRhs = llvm::is_contained(
      {P::sgt, P::sle, P::ugt, P::ule}, predicate);
  auto alignedRun = [](const AxisInfo &x, const AxisInfo &n, unsigned d) {
    return gcd(gcd(x.getContiguity(d), x.getDivisibility(d)),
               gcd(n.getConstancy(d), elementDiv(n, d)));
  };
  DimVector constancy;
  for (unsigned d = 0, e = a.getRank(); d < e; ++d) {
    int64_t k = gcd(a.getConstancy(d), b.getConstancy(d));
    // Two runs of consecutive values keep their difference.
    if (a.getContiguity(d) > 1 && b.getContiguity(d) > 1)
      k = std::max(k, gcd(a.getContiguity(d), b.getContiguity(d)));
    if (flipsAlignedOnLhs)
      k = std::max(k, alignedRun(a, b, d));
    if (flipsAlignedOnRhs)
      k = std::max(k, alignedRun(b, a, d));
    constancy.push_back(k);
  }
  std::optional<int64_t> constant;
  if (constOf(a) && constOf(b))
    constant = evaluate(predicate, *constOf(a), *constOf(b));
  unsigned rank = a.getRank();
  return makeInfo(type, DimVector(rank, 1), DimVector(rank, 1), constancy,
                  constant);
}

static AxisInfo visitSelect(arith::SelectOp op, const AxisInfo &condition,
                            const AxisInfo &t, const AxisInfo &f, Type type) {
  if (auto constant = constOf(condition))
    return *constant ? t : f;
  // A scalar condition picks one side for the whole tensor.
  AxisInfo c = isa<RankedTensorType>(op.getCondition().getType())
                   ? condition
                   : splatTo(condition, type);
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = t.getRank(); d < e; ++d) {
    int64_t run = gcd(c.getConstancy(d),
                      gcd(t.getContiguity(d), f.getContiguity(d)));
    contiguity.push_back(run);
    constancy.push_back(
        gcd(c.getConstancy(d), t.getConstancy(d), f.getConstancy(d)));
    divisibility.push_back(
        gcd(restrictDiv(t.getDivisibility(d), t.getContiguity(d), run),
            restrictDiv(f.getDivisibility(d), f.getContiguity(d), run)));
  }
  std::optional<int64_t> constant;
  if (constOf(t) && constOf(t) == constOf(f))
    constant = constOf(t);
  return makeInfo(type, contiguity, divisibility, constancy, constant);
}

/// Integer casts keep runs and divisibility (overflow is ignored).
static AxisInfo visitCast(Operation *op, const AxisInfo &a, Type type) {
  std::optional<int64_t> constant = constOf(a);
  if (!constant)
    return a;
  int64_t value = *constant;
  Type source = getElementTypeOrSelf(op->getOperand(0).getType());
  // i1 is kept as 0/1; sign extension makes true -1.
  if (isa<arith::ExtSIOp>(op) && source.isInteger(1))
    value = -value;
  return AxisInfo::getConstant(type, normalize(value, type));
}

static AxisInfo visitConstant(arith::ConstantOp op) {
  Type type = op.getType();
  if (auto integer = dyn_cast<IntegerAttr>(op.getValue()))
    return AxisInfo::getConstant(type,
                                 normalize(integer.getValue().getSExtValue(),
                                           type));
  auto dense = dyn_cast<DenseIntElementsAttr>(op.getValue());
  if (dense && dense.isSplat())
    return AxisInfo::getConstant(
        type, normalize(dense.getSplatValue<APInt>().getSExtValue(), type));
  return AxisInfo::getPessimistic(type);
}

//===----------------------------------------------------------------------===//
// Tile ops
//===----------------------------------------------------------------------===//

static AxisInfo visitMakeRange(tile::MakeRangeOp op) {
  int64_t size = op.getEnd() - op.getStart();
  if (size == 1)
    return AxisInfo::getConstant(op.getType(), op.getStart());
  AxisInfo start = AxisInfo::getConstant(op.getType(), op.getStart());
  return AxisInfo({size}, {start.getDivisibility(0)}, {1});
}

static AxisInfo visitExpandDims(tile::ExpandDimsOp op, const AxisInfo &src) {
  Type type = op.getType();
  if (auto constant = constOf(src))
    return AxisInfo::getConstant(type, *constant);
  // The new dimension has one element: a run of one, whose divisibility is
  // what every element is divisible by.
  int64_t everyElement = 1;
  for (unsigned d = 0, e = src.getRank(); d < e; ++d)
    everyElement = std::max(everyElement, elementDiv(src, d));
  DimVector contiguity(src.getContiguity()), divisibility(src.getDivisibility()),
      constancy(src.getConstancy());
  unsigned axis = op.getAxis();
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis, everyElement);
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy);
}

/// Result dimension i is operand dimension order[i]: the facts move along.
static AxisInfo visitTrans(tile::TransOp op, const AxisInfo &src) {
  if (auto constant = constOf(src))
    return AxisInfo::getConstant(op.getType(), *constant);
  AxisInfo::DimVector contiguity, divisibility, constancy;
  for (int32_t d : op.getOrder()) {
    contiguity.push_back(src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

static AxisInfo visitBroadcast(tile::BroadcastOp op, const AxisInfo &src) {
  if (auto constant = constOf(src))
    return AxisInfo::getConstant(op.getType(), *constant);
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  DimVector contiguity(src.getContiguity()), divisibility(src.getDivisibility()),
      constancy(src.getConstancy());
  for (unsigned d = 0, e = resultType.getRank(); d < e; ++d) {
    if (srcType.getDimSize(d) != 1 || resultType.getDimSize(d) == 1)
      continue;
    contiguity[d] = 1;
    constancy[d] = resultType.getDimSize(d);
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// Whether AxisInfo describes values of `type`.
static bool isTracked(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isIntOrIndex() || isa<tile::PtrType>(element);
}

static AxisInfo visitSingleResult(Operation *op, ArrayRef<AxisInfo> in) {
  Type type = op->getResult(0).getType();
  return llvm::TypeSwitch<Operation *, AxisInfo>(op)
      .Case([&](arith::ConstantOp constant) { return visitConstant(constant); })
      .Case<arith::AddIOp>([&](auto) {
        return visitAddSub(in[0], in[1], /*isSub=*/false, 1, type);
      })
      .Case<arith::SubIOp>([&](auto) {
        return visitAddSub(in[0], in[1], /*isSub=*/true, 1, type);
      })
      .Case([&](tile::AddPtrOp addPtr) {
        return visitAddSub(in[0], in[1], /*isSub=*/false,
                           getElementBytes(addPtr.getType()), type);
      })
      .Case<arith::MulIOp>([&](auto) { return visitMul(in[0], in[1], type); })
      .Case<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp>(
          [&](auto) { return visitDiv(op, in[0], in[1], type); })
      .Case<arith::RemSIOp, arith::RemUIOp>(
          [&](auto) { return visitRem(op, in[0], in[1], type); })
      .Case<arith::ShLIOp>([&](auto) { return visitShl(in[0], in[1], type); })
      .Case<arith::ShRSIOp, arith::ShRUIOp>(
          [&](auto) { return visitShr(op, in[0], in[1], type); })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::MinSIOp,
            arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp>(
          [&](auto) { return visitBitwise(op, in[0], in[1], type); })
      .Case([&](arith::CmpIOp cmp) {
        return visitCmp(cmp, in[0], in[1], type);
      })
      .Case([&](arith::SelectOp select) {
        return visitSelect(select, in[0], in[1], in[2], type);
      })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
            arith::IndexCastOp, arith::IndexCastUIOp>(
          [&](auto) { return visitCast(op, in[0], type); })
      .Case([&](tile::MakeRangeOp range) { return visitMakeRange(range); })
      .Case([&](tile::SplatOp) { return splatTo(in[0], type); })
      .Case([&](tile::ExpandDimsOp expand) {
        return visitExpandDims(expand, in[0]);
      })
      .Case([&](tile::BroadcastOp broadcast) {
        return visitBroadcast(broadcast, in[0]);
      })
      .Case([&](tile::TransOp trans) { return visitTrans(trans, in[0]); })
      .Case([&](tile::ConvertLayoutOp) { return in[0]; })
      .Default([&](Operation *) { return AxisInfo::getPessimistic(type); });
}

SmallVector<AxisInfo> tilec::inferAxisInfo(Operation *op,
                                           ArrayRef<AxisInfo> operands) {
  SmallVector<AxisInfo> results;
  for (Value result : op->getResults())
    results.push_back(AxisInfo::getPessimistic(result.getType()));
  if (op->getNumResults() != 1 || !isTracked(op->getResult(0).getType()))
    return results;
  // Rules read the operands' facts dimension by dimension: give up on
  // operands that were not described with the expected rank.
  for (auto [operand, info] : llvm::zip(op->getOperands(), operands)) {
    if (info.getRank() != AxisInfo::getPessimistic(operand.getType()).getRank())
      return results;
  }
  results[0] = visitSingleResult(op, operands);
  return results;
}
