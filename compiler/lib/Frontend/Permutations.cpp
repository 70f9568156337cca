//===- Permutations.cpp - flip, cat, gather, sort, topk, histogram -------===//
//
// Ops that move elements along a dimension. tl.gather is tile.gather;
// tl.flip is a gather whose index is the reversed range; tl.cat is a join,
// a transpose and a reshape (a then b, one of the orders Triton allows);
// tl.sort is tile.sort; tl.topk is a descending sort of which a max over
// the groups of k keeps the first k (sorted, every later group is
// smaller); tl.histogram is tile.histogram of the values, masked-off ones
// made -1 (counted by no bin).
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

/// A runtime block argument, or an error naming `fn`.
static FailureOr<Value> blockArg(Generator &gen, const Arg &arg,
                                 llvm::StringRef fn) {
  FailureOr<Value> x = valueArg(gen, arg);
  if (failed(x))
    return failure();
  if (!isBlock(x->getType()))
    return gen.emitError(arg.loc)
           << fn << "() needs a block, got " << describe(x->getType());
  return x;
}

/// A dimension argument of a block of rank `rank` (negative counts from
/// the end); None is the last dimension.
static FailureOr<unsigned> dimArg(Generator &gen, const BoundArgs &args,
                                  unsigned slot, int64_t rank,
                                  llvm::StringRef fn, llvm::StringRef what) {
  if (!args.has(slot))
    return unsigned(rank - 1);
  FailureOr<int64_t> dim = constantInt(gen, args[slot], what);
  if (failed(dim))
    return failure();
  int64_t d = *dim < 0 ? *dim + rank : *dim;
  if (d < 0 || d >= rank)
    return gen.emitError(args[slot].loc)
           << fn << "(): " << what << " " << *dim
           << " is out of range for a block of rank " << rank;
  return unsigned(d);
}

FailureOr<GenValue> buildGather(Generator &gen, const BoundArgs &args,
                                const Location &at) {
  FailureOr<Value> src = blockArg(gen, args[0], "tl.gather");
  if (failed(src))
    return failure();
  FailureOr<Value> index = valueArg(gen, args[1]);
  if (failed(index))
    return failure();
  auto srcType = cast<RankedTensorType>(src->getType());
  auto indexType = dyn_cast<RankedTensorType>(index->getType());
  if (!indexType || !isInt(indexType.getElementType()) ||
      indexType.getElementType().isInteger(1))
    return gen.emitError(args[1].loc)
           << "tl.gather(): the index must be a block of integers, got "
           << describe(index->getType());
  int64_t rank = srcType.getRank();
  if (indexType.getRank() != rank)
    return gen.emitError(at)
           << "tl.gather(): the source and the index must have the same rank, "
              "got "
           << describe(srcType) << " and " << describe(indexType);
  FailureOr<int64_t> axisArg = constantInt(gen, args[2], "the axis");
  if (failed(axisArg))
    return failure();
  int64_t axis = *axisArg < 0 ? *axisArg + rank : *axisArg;
  if (axis < 0 || axis >= rank)
    return gen.emitError(args[2].loc)
           << "tl.gather(): axis " << *axisArg
           << " is out of range for a block of rank " << rank;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && indexType.getDimSize(d) != srcType.getDimSize(d))
      return gen.emitError(at)
             << "tl.gather(): the index's dimension " << d << " ("
             << indexType.getDimSize(d) << ") must match the source's ("
             << srcType.getDimSize(d) << ")";
  return GenValue::runtime(tile::GatherOp::create(
      gen.builder, gen.loc(at),
      RankedTensorType::get(indexType.getShape(), srcType.getElementType()),
      *src, *index, uint32_t(axis)));
}

FailureOr<GenValue> buildFlip(Generator &gen, const BoundArgs &args,
                              const Location &at) {
  FailureOr<Value> x = blockArg(gen, args[0], "tl.flip");
  if (failed(x))
    return failure();
  auto type = cast<RankedTensorType>(x->getType());
  FailureOr<unsigned> dim =
      dimArg(gen, args, 1, type.getRank(), "tl.flip", "dim");
  if (failed(dim))
    return failure();
  int64_t n = type.getDimSize(*dim);
  if (n == 1)
    return GenValue::runtime(*x);
  // The index n-1-i along `dim`, the same across the other dimensions.
  mlir::Location l = gen.loc(at);
  auto rangeType = RankedTensorType::get({n}, gen.builder.getI32Type());
  Value range = tile::MakeRangeOp::create(gen.builder, l, rangeType, 0,
                                          uint32_t(n));
  Value last = arith::ConstantOp::create(
      gen.builder, l,
      DenseElementsAttr::get(rangeType, gen.builder.getI32IntegerAttr(n - 1)));
  Value reversed = arith::SubIOp::create(gen.builder, l, last, range);
  SmallVector<int64_t> shape(type.getRank(), 1);
  shape[*dim] = n;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (d == int64_t(*dim))
      continue;
    SmallVector<int64_t> expanded(getShape(reversed.getType()));
    unsigned pos = d < int64_t(*dim) ? d : expanded.size();
    expanded.insert(expanded.begin() + pos, 1);
    reversed = tile::ExpandDimsOp::create(
        gen.builder, l, RankedTensorType::get(expanded, gen.builder.getI32Type()),
        reversed, pos);
  }
  FailureOr<Value> index = gen.broadcastTo(reversed, type.getShape(), at);
  if (failed(index))
    return failure();
  return GenValue::runtime(
      tile::GatherOp::create(gen.builder, l, type, *x, *index, *dim));
}

FailureOr<GenValue> buildCat(Generator &gen, const BoundArgs &args,
                             const Location &at) {
  FailureOr<bool> canReorder = optionalBool(gen, args, 2, "tl.cat", "can_reorder");
  if (failed(canReorder))
    return failure();
  // As in Triton, whose tl.cat may put the elements in any order.
  if (!*canReorder)
    return gen.emitError(at)
           << "tl.cat() may reorder elements and needs can_reorder=True";
  FailureOr<Value> a = blockArg(gen, args[0], "tl.cat");
  FailureOr<Value> b = failed(a) ? a : blockArg(gen, args[1], "tl.cat");
  if (failed(b))
    return failure();
  auto type = cast<RankedTensorType>(a->getType());
  if (type.getRank() != 1)
    return gen.emitError(args[0].loc)
           << "tl.cat() concatenates 1-d blocks only, got " << describe(type);
  if (b->getType() != type)
    return gen.emitError(at) << "tl.cat() needs two blocks of one type, got "
                             << describe(type) << " and "
                             << describe(b->getType());
  // join gives [[a0, b0], [a1, b1], ...]; its transpose in row-major order
  // is a then b.
  mlir::Location l = gen.loc(at);
  int64_t n = type.getDimSize(0);
  Type element = type.getElementType();
  Value joined = tile::JoinOp::create(
      gen.builder, l, RankedTensorType::get({n, 2}, element), *a, *b);
  Value rows = tile::TransOp::create(gen.builder, l,
                                     RankedTensorType::get({2, n}, element),
                                     joined, ArrayRef<int32_t>{1, 0});
  return GenValue::runtime(tile::ReshapeOp::create(
      gen.builder, l, RankedTensorType::get({2 * n}, element), rows));
}

/// Checks tl.sort's and tl.topk's block and dimension: the last one only,
/// as in Triton.
static FailureOr<Value> sortedBlock(Generator &gen, const BoundArgs &args,
                                    unsigned dimSlot, llvm::StringRef fn) {
  FailureOr<Value> x = blockArg(gen, args[0], fn);
  if (failed(x))
    return failure();
  auto type = cast<RankedTensorType>(x->getType());
  if (isPointer(type.getElementType()))
    return gen.emitError(args[0].loc)
           << fn << "() of pointers is not supported";
  // Sorting compares, which fp8 does not (as Triton's sort, whose network
  // multiplies too).
  if (failed(gen.checkArithmetic(type.getElementType(), args[0].loc)))
    return failure();
  FailureOr<unsigned> dim =
      dimArg(gen, args, dimSlot, type.getRank(), fn, "dim");
  if (failed(dim))
    return failure();
  if (*dim != type.getRank() - 1)
    return gen.emitError(args[dimSlot].loc)
           << fn << "() sorts along the last dimension only, got dim "
           << *args[dimSlot].value.getInt64();
  return x;
}

FailureOr<GenValue> buildSort(Generator &gen, const BoundArgs &args,
                              const Location &at) {
  FailureOr<Value> x = sortedBlock(gen, args, 1, "tl.sort");
  if (failed(x))
    return failure();
  bool descending = false;
  if (args.has(2)) {
    FailureOr<bool> t = gen.truthiness(args[2].value, args[2].loc);
    if (failed(t) || !args[2].value.isConstant())
      return gen.emitError(args[2].loc)
             << "tl.sort(): descending must be a compile-time bool";
    descending = *t;
  }
  // Unsigned blocks sort as their top-bit-flipped values do, signed.
  bool isUnsigned = gen.isUnsignedInt(*x);
  Value key = isUnsigned ? gen.flipSignBit(*x, at) : *x;
  Value sorted = tile::SortOp::create(
      gen.builder, gen.loc(at), key,
      descending ? gen.builder.getUnitAttr() : UnitAttr());
  return GenValue::runtime(isUnsigned ? gen.unflipSignBit(sorted, at)
                                      : sorted);
}

FailureOr<GenValue> buildTopk(Generator &gen, const BoundArgs &args,
                              const Location &at) {
  FailureOr<Value> x = sortedBlock(gen, args, 2, "tl.topk");
  if (failed(x))
    return failure();
  auto type = cast<RankedTensorType>(x->getType());
  int64_t n = type.getShape().back();
  FailureOr<int64_t> k = constantInt(gen, args[1], "k");
  if (failed(k))
    return failure();
  if (*k <= 0 || *k > n || !llvm::isPowerOf2_64(uint64_t(*k)))
    return gen.emitError(args[1].loc)
           << "tl.topk(): k must be a power of two of at most " << n
           << ", got " << *k;
  mlir::Location l = gen.loc(at);
  // Unsigned blocks order as their top-bit-flipped values do, signed.
  bool isUnsigned = gen.isUnsignedInt(*x);
  auto result = [&](Value v) {
    return GenValue::runtime(isUnsigned ? gen.unflipSignBit(v, at) : v);
  };
  Value key = isUnsigned ? gen.flipSignBit(*x, at) : *x;
  Value sorted =
      tile::SortOp::create(gen.builder, l, key, gen.builder.getUnitAttr());
  if (*k == n)
    return result(sorted);
  // Groups of k: every element of a later group is at most the element in
  // the same place of the first group, so their max is the first group.
  SmallVector<int64_t> shape(type.getShape().drop_back());
  shape.push_back(n / *k);
  shape.push_back(*k);
  Type element = type.getElementType();
  Value groups = tile::ReshapeOp::create(
      gen.builder, l, RankedTensorType::get(shape, element), sorted);
  shape.erase(shape.end() - 2);
  GenValue top = result(tile::ReduceOp::create(
      gen.builder, l, RankedTensorType::get(shape, element), groups,
      uint32_t(shape.size() - 1), tile::ReduceKind::Max));
  // Triton's topk reduces the groups with tl.max, which widens integers
  // narrower than 32 bits to int32 (by their signedness): so is the result.
  if (!isInt(element) || element.getIntOrFloatBitWidth() >= 32)
    return top;
  FailureOr<Value> wide =
      gen.convertAndMark(top.value, gen.builder.getI32Type(), false, at);
  if (failed(wide))
    return failure();
  return GenValue::runtime(*wide);
}

FailureOr<GenValue> buildHistogram(Generator &gen, const BoundArgs &args,
                                   const Location &at) {
  FailureOr<Value> x = valueArg(gen, args[0]);
  if (failed(x))
    return failure();
  auto type = dyn_cast<RankedTensorType>(x->getType());
  if (!type || type.getRank() != 1 || !isInt(type.getElementType()) ||
      type.getElementType().isInteger(1))
    return gen.emitError(args[0].loc)
           << "tl.histogram() needs a 1-d block of integers, got "
           << describe(x->getType());
  const GenValue &bins = args[1].value;
  std::optional<int64_t> numBins = bins.getInt64();
  if (!numBins || *numBins <= 0 || !llvm::isPowerOf2_64(uint64_t(*numBins)))
    return gen.emitError(args[1].loc)
           << "tl.histogram(): num_bins must be a power of two known at "
              "compile time, got "
           << describe(bins);
  mlir::Location l = gen.loc(at);
  Value src = *x;
  // The lowering reads narrow values with their sign: unsigned ones widen
  // with zeros first, so that a u8 200 counts in bin 200 as in Triton.
  if (type.getElementType().getIntOrFloatBitWidth() < 32 &&
      gen.isUnsignedInt(src)) {
    FailureOr<Value> wide =
        gen.convertElementType(src, gen.builder.getI32Type(), at);
    if (failed(wide))
      return failure();
    src = *wide;
    type = cast<RankedTensorType>(src.getType());
  }
  // Masked-off elements become -1, a value no bin counts.
  if (args.has(2)) {
    FailureOr<Value> mask = gen.toBool(args[2], at);
    if (failed(mask))
      return failure();
    FailureOr<Value> full = gen.broadcastTo(*mask, type.getShape(), at);
    if (failed(full))
      return failure();
    Value none = arith::ConstantOp::create(
        gen.builder, l,
        DenseElementsAttr::get(
            type, gen.builder.getIntegerAttr(type.getElementType(), -1)));
    src = arith::SelectOp::create(gen.builder, l, *full, src, none);
  }
  // Counts are int32, whatever the values are.
  return GenValue::runtime(gen.withSignedness(
      tile::HistogramOp::create(
          gen.builder, l,
          RankedTensorType::get({*numBins}, gen.builder.getI32Type()),
          src),
      /*isUnsigned=*/false));
}

} // namespace detail
} // namespace tilec
