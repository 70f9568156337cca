//===- Distribution.cpp - which thread holds which element ----------------===//

#include "Distribution.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec;
using tile::LinearLayout;

Value tilec::emitI32(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, value, 32);
}

Value tilec::emitThreadId(OpBuilder &builder, Location loc) {
  return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
}

Value tilec::emitLaneId(OpBuilder &builder, Location loc) {
  return arith::RemUIOp::create(builder, loc, emitThreadId(builder, loc),
                                emitI32(builder, loc, 32));
}

Value tilec::emitWarpId(OpBuilder &builder, Location loc) {
  return arith::DivUIOp::create(builder, loc, emitThreadId(builder, loc),
                                emitI32(builder, loc, 32));
}

/// Coordinate bits that the bases of `inDims` can set along `outDim`.
static int64_t getReachedBits(const LinearLayout &layout,
                              ArrayRef<StringRef> inDims, StringRef outDim) {
  int64_t bits = 0;
  for (StringRef inDim : inDims) {
    if (!layout.hasInDim(inDim))
      continue;
    for (int32_t bit = 0, e = layout.getInDimSizeLog2(inDim); bit < e; ++bit)
      bits |= layout.getBasis(inDim, bit, outDim);
  }
  return bits;
}

Value tilec::emitLinearCoord(OpBuilder &builder, Location loc,
                             const LinearLayout &layout, StringRef inDim,
                             Value id, StringRef outDim) {
  Value result;
  bool disjoint = true;
  int64_t covered = 0;
  auto accumulate = [&](Value term, int64_t bits) {
    if (!result) {
      result = term;
    } else if (disjoint && !(covered & bits)) {
      result = arith::AddIOp::create(builder, loc, result, term);
    } else {
      disjoint = false;
      result = arith::XOrIOp::create(builder, loc, result, term);
    }
    covered |= bits;
  };
  int32_t numBits = layout.hasInDim(inDim) ? layout.getInDimSizeLog2(inDim) : 0;
  for (int32_t bit = 0; bit < numBits;) {
    int64_t value = layout.getBasis(inDim, bit, outDim);
    if (value == 0) {
      ++bit;
      continue;
    }
    // A run of bits whose bases double each time is a shifted bit field.
    int32_t run = 1;
    if (llvm::isPowerOf2_64(value))
      while (bit + run < numBits &&
             layout.getBasis(inDim, bit + run, outDim) == value << run)
        ++run;
    Value term = id;
    if (bit > 0)
      term = arith::ShRUIOp::create(builder, loc, term,
                                    emitI32(builder, loc, bit));
    // An id is below its dimension's size: a run up to the top bit needs
    // no mask.
    if (bit + run < numBits)
      term = arith::AndIOp::create(builder, loc, term,
                                   emitI32(builder, loc, (1 << run) - 1));
    if (llvm::isPowerOf2_64(value)) {
      if (value > 1)
        term = arith::ShLIOp::create(
            builder, loc, term, emitI32(builder, loc, llvm::Log2_64(value)));
      accumulate(term, ((int64_t(1) << run) - 1) * value);
    } else {
      term = arith::MulIOp::create(builder, loc, term,
                                   emitI32(builder, loc, value));
      accumulate(term, llvm::NextPowerOf2(value) - 1);
    }
    bit += run;
  }
  return result ? result : emitI32(builder, loc, 0);
}

Value tilec::emitCompressBits(OpBuilder &builder, Location loc, Value id,
                              int32_t mask) {
  Value result;
  int32_t position = 0;
  for (int32_t bit = 0; bit < 31; ++bit) {
    if (!(mask & (1 << bit)))
      continue;
    Value term = id;
    if (bit != position)
      term = arith::ShRUIOp::create(builder, loc, term,
                                    emitI32(builder, loc, bit - position));
    term = arith::AndIOp::create(builder, loc, term,
                                 emitI32(builder, loc, 1 << position));
    result = result ? arith::OrIOp::create(builder, loc, result, term) : term;
    ++position;
  }
  return result ? result : emitI32(builder, loc, 0);
}

std::optional<Distribution> Distribution::get(Attribute attr,
                                              ArrayRef<int64_t> shape) {
  auto distributed = dyn_cast_or_null<tile::DistributedLayoutInterface>(attr);
  if (!distributed || distributed.getLayoutRank() != shape.size())
    return std::nullopt;
  Distribution result;
  result.shape.assign(shape.begin(), shape.end());
  result.layout = distributed.toLinearLayout(shape);
  const LinearLayout &layout = result.layout;

  unsigned rank = shape.size();
  for (unsigned d = 0; d < rank; ++d) {
    std::string dim = tile::getDimName(d);
    if (getReachedBits(layout, {tile::kRegister}, dim) &
        getReachedBits(layout, {tile::kLane, tile::kWarp}, dim))
      return std::nullopt;
  }
  for (int32_t reg = 0, e = layout.getInDimSize(tile::kRegister); reg < e;
       ++reg) {
    SmallVector<int64_t> offset;
    for (auto &[name, value] : layout.apply({{tile::kRegister.str(), reg}}))
      offset.push_back(value);
    result.offsets.push_back(std::move(offset));
  }
  return result;
}

std::optional<Distribution> Distribution::get(RankedTensorType type) {
  return get(type.getEncoding(), type.getShape());
}

int64_t Distribution::find(ArrayRef<int64_t> offset) const {
  for (auto [index, candidate] : llvm::enumerate(offsets))
    if (ArrayRef<int64_t>(candidate) == offset)
      return index;
  return -1;
}

std::pair<unsigned, int64_t> Distribution::getContiguity() const {
  for (unsigned d = 0, e = getRank(); d < e; ++d) {
    int64_t run = layout.getNumConsecutiveRegisters(tile::getDimName(d));
    if (run > 1)
      return {d, run};
  }
  return {0, 1};
}

SmallVector<Value> Distribution::emitBase(OpBuilder &builder,
                                          Location loc) const {
  Value lane = emitLaneId(builder, loc);
  Value warp = emitWarpId(builder, loc);
  SmallVector<Value> base;
  for (unsigned d = 0, e = getRank(); d < e; ++d) {
    std::string dim = tile::getDimName(d);
    Value lanePart =
        emitLinearCoord(builder, loc, layout, tile::kLane, lane, dim);
    Value warpPart =
        emitLinearCoord(builder, loc, layout, tile::kWarp, warp, dim);
    bool disjoint = !(getReachedBits(layout, {tile::kLane}, dim) &
                      getReachedBits(layout, {tile::kWarp}, dim));
    if (disjoint)
      base.push_back(arith::AddIOp::create(builder, loc, warpPart, lanePart));
    else
      base.push_back(arith::XOrIOp::create(builder, loc, warpPart, lanePart));
  }
  return base;
}

SmallVector<Value> Distribution::emitLinearIndices(OpBuilder &builder,
                                                   Location loc) const {
  SmallVector<Value> base = emitBase(builder, loc);
  SmallVector<Value> indices;
  for (ArrayRef<int64_t> offset : offsets) {
    Value linear = emitI32(builder, loc, 0);
    int64_t stride = 1;
    for (int d = getRank() - 1; d >= 0; --d) {
      Value coord = arith::AddIOp::create(builder, loc, base[d],
                                          emitI32(builder, loc, offset[d]));
      linear = arith::AddIOp::create(
          builder, loc, linear,
          arith::MulIOp::create(builder, loc, coord,
                                emitI32(builder, loc, stride)));
      stride *= shape[d];
    }
    indices.push_back(linear);
  }
  return indices;
}

Value Distribution::emitIsOwner(OpBuilder &builder, Location loc) const {
  Value owner;
  auto conjoin = [&](Value id, int32_t mask) {
    if (!mask)
      return;
    Value bits = arith::AndIOp::create(builder, loc, id,
                                       emitI32(builder, loc, mask));
    Value isZero = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                         bits, emitI32(builder, loc, 0));
    owner = owner ? arith::AndIOp::create(builder, loc, owner, isZero)
                  : isZero;
  };
  if (int32_t mask = layout.getFreeVariableMask(tile::kLane))
    conjoin(emitLaneId(builder, loc), mask);
  if (int32_t mask = layout.getFreeVariableMask(tile::kWarp))
    conjoin(emitWarpId(builder, loc), mask);
  return owner;
}

std::optional<SmallVector<size_t>>
tilec::getReductionSlots(const Distribution &src, const Distribution *result,
                         unsigned axis) {
  SmallVector<SmallVector<int64_t>> resultOffsets;
  if (result)
    for (ArrayRef<int64_t> offset : result->getOffsets())
      resultOffsets.emplace_back(offset);
  else
    resultOffsets.emplace_back();
  SmallVector<size_t> slots;
  for (ArrayRef<int64_t> offset : src.getOffsets()) {
    SmallVector<int64_t> key(offset);
    key.erase(key.begin() + axis);
    auto it = llvm::find(resultOffsets, key);
    if (it == resultOffsets.end())
      return std::nullopt;
    slots.push_back(it - resultOffsets.begin());
  }
  return slots;
}
