//===- BlockPointers.cpp - tl.make_block_ptr, tl.advance ------------------===//
//
// A block pointer is a compile-time record (GenValue::Kind::BlockPtr) of a
// base pointer, the tensor's shape and strides (i64), the block's offsets
// (i32) and its block shape and order. Loads and stores through one become
// ordinary pointer blocks, as Triton's rewrite of block pointers does on
// GPUs without TMA:
//
//   ptrs = base + sum_d (offsets[d] + arange(block_shape[d])) * strides[d]
//
// each term broadcast along the other dimensions and computed in i64, and,
// for the dimensions in `boundary_check`, mask = 0 <= index < shape.
// `order` is checked (a permutation) and kept for later use (TMA).
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

FailureOr<SmallVector<int64_t>> constantInts(Generator &gen,
                                                    const Arg &arg,
                                                    llvm::StringRef what) {
  SmallVector<int64_t> ints;
  if (arg.value.isIntConstant())
    return SmallVector<int64_t>{arg.value.getInt()};
  if (arg.value.kind != GenValue::Kind::Tuple)
    return gen.emitError(arg.loc)
           << what << " must be a tuple of compile-time integers, got "
           << describe(arg.value);
  for (const GenValue &element : arg.value.elements) {
    if (!element.isIntConstant())
      return gen.emitError(arg.loc)
             << what << " must be a tuple of compile-time integers, got "
             << describe(element) << " in it";
    ints.push_back(element.getInt());
  }
  return ints;
}

FailureOr<SmallVector<GenValue>>
integerScalars(Generator &gen, const Arg &arg, llvm::StringRef fn,
               llvm::StringRef what, Type type, size_t rank,
               const Location &at) {
  SmallVector<GenValue> values;
  if (arg.value.kind == GenValue::Kind::Tuple)
    values.assign(arg.value.elements.begin(), arg.value.elements.end());
  else
    values.push_back(arg.value);
  if (values.size() != rank)
    return gen.emitError(arg.loc)
           << fn << "(): " << what << " has " << values.size()
           << " entries but the block has " << rank << " dimensions";
  SmallVector<GenValue> result;
  for (const GenValue &v : values) {
    bool integer =
        v.isIntConstant() ||
        (v.isRuntime() && !isBlock(v.value.getType()) &&
         v.value.getType().isInteger() && v.value.getType().getIntOrFloatBitWidth() > 1);
    if (!integer)
      return gen.emitError(arg.loc)
             << fn << "(): " << what << " must be integers, got "
             << describe(v);
    FailureOr<Value> cast = gen.castTo(Arg{v, arg.loc}, type, at);
    if (failed(cast))
      return failure();
    result.push_back(GenValue::runtime(*cast));
  }
  return result;
}

FailureOr<GenValue> buildMakeBlockPtr(Generator &gen, const BoundArgs &args,
                                      const Location &at) {
  const char *fn = "tl.make_block_ptr";
  const Arg &baseArg = args[0];
  if (!baseArg.value.isRuntime() || isBlock(baseArg.value.value.getType()) ||
      !isPointer(baseArg.value.value.getType()))
    return gen.emitError(baseArg.loc)
           << fn << "(): base must be a single pointer, got "
           << describe(baseArg.value);
  FailureOr<SmallVector<int64_t>> blockShape =
      constantInts(gen, args[4], "block_shape");
  FailureOr<SmallVector<int64_t>> order = constantInts(gen, args[5], "order");
  if (failed(blockShape) || failed(order))
    return failure();
  size_t rank = blockShape->size();
  for (int64_t size : *blockShape)
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return gen.emitError(args[4].loc)
             << fn << "(): every block_shape entry must be a power of two, got "
             << size;
  SmallVector<int64_t> sorted(*order);
  llvm::sort(sorted);
  bool permutation = sorted.size() == rank;
  for (size_t i = 0; permutation && i < rank; ++i)
    permutation = sorted[i] == int64_t(i);
  if (!permutation)
    return gen.emitError(args[5].loc)
           << fn << "(): order must be a permutation of 0.." << rank - 1;

  Type i64 = gen.builder.getI64Type(), i32 = gen.builder.getI32Type();
  FailureOr<SmallVector<GenValue>> shape =
      integerScalars(gen, args[1], fn, "shape", i64, rank, at);
  FailureOr<SmallVector<GenValue>> strides =
      integerScalars(gen, args[2], fn, "strides", i64, rank, at);
  FailureOr<SmallVector<GenValue>> offsets =
      integerScalars(gen, args[3], fn, "offsets", i32, rank, at);
  if (failed(shape) || failed(strides) || failed(offsets))
    return failure();
  std::vector<GenValue> elements{baseArg.value};
  elements.insert(elements.end(), shape->begin(), shape->end());
  elements.insert(elements.end(), strides->begin(), strides->end());
  elements.insert(elements.end(), offsets->begin(), offsets->end());
  std::vector<int64_t> ints(blockShape->begin(), blockShape->end());
  ints.insert(ints.end(), order->begin(), order->end());
  return GenValue::blockPtr(std::move(elements), std::move(ints));
}

FailureOr<GenValue> buildAdvance(Generator &gen, const BoundArgs &args,
                                 const Location &at) {
  const GenValue &ptr = args[0].value;
  if (!ptr.isBlockPtr())
    return gen.emitError(args[0].loc)
           << "tl.advance(): expected a block pointer, got " << describe(ptr);
  size_t rank = ptr.blockRank();
  FailureOr<SmallVector<GenValue>> deltas = integerScalars(
      gen, args[1], "tl.advance", "offsets", gen.builder.getI32Type(), rank, at);
  if (failed(deltas))
    return failure();
  GenValue result = ptr;
  for (size_t d = 0; d < rank; ++d) {
    GenValue &offset = result.elements[1 + 2 * rank + d];
    FailureOr<GenValue> sum = gen.genBinary(
        ast::BinaryOp::Add, Arg{offset, at}, Arg{(*deltas)[d], at}, at);
    if (failed(sum))
      return failure();
    offset = *sum;
  }
  return result;
}

FailureOr<BlockAccess> blockAccess(Generator &gen, const GenValue &ptr,
                                   const Arg *boundaryCheck,
                                   llvm::StringRef fn, const Location &at) {
  size_t rank = ptr.blockRank();
  ArrayRef<int64_t> blockShape = ptr.blockShape();
  SmallVector<bool> checked(rank, false);
  if (boundaryCheck) {
    FailureOr<SmallVector<int64_t>> dims =
        constantInts(gen, *boundaryCheck, "boundary_check");
    if (failed(dims))
      return failure();
    for (int64_t d : *dims) {
      if (d < 0 || d >= int64_t(rank))
        return gen.emitError(boundaryCheck->loc)
               << fn << "(): boundary_check dimension " << d
               << " is not a dimension of the " << rank << "-d block";
      checked[d] = true;
    }
  }
  return blockAccess(gen, ptr, checked, at);
}

FailureOr<BlockAccess> blockAccess(Generator &gen, const GenValue &ptr,
                                   ArrayRef<bool> checked, const Location &at) {
  size_t rank = ptr.blockRank();
  ArrayRef<int64_t> blockShape = ptr.blockShape();
  BlockAccess access;
  std::optional<GenValue> offsetSum, mask;
  for (size_t d = 0; d < rank; ++d) {
    // index_d = offsets[d] + arange(block_shape[d]), along dimension d.
    Value range = tile::MakeRangeOp::create(
        gen.builder, gen.loc(at),
        RankedTensorType::get({blockShape[d]}, gen.builder.getI32Type()), 0u,
        static_cast<uint32_t>(blockShape[d]));
    for (size_t other = 0; other < rank; ++other) {
      if (other == d)
        continue;
      unsigned axis = other < d ? 0 : getShape(range.getType()).size();
      SmallVector<int64_t> expanded(getShape(range.getType()));
      expanded.insert(expanded.begin() + axis, 1);
      range = tile::ExpandDimsOp::create(
          gen.builder, gen.loc(at),
          RankedTensorType::get(expanded, gen.builder.getI32Type()), range,
          static_cast<uint32_t>(axis));
    }
    GenValue offset = ptr.elements[1 + 2 * rank + d];
    FailureOr<GenValue> index = gen.genBinary(
        ast::BinaryOp::Add, Arg{offset, at}, Arg{GenValue::runtime(range), at},
        at);
    if (failed(index))
      return failure();
    GenValue wide = GenValue::runtime(gen.convertElementType(
        index->value, gen.builder.getI64Type(), at));
    FailureOr<GenValue> term =
        gen.genBinary(ast::BinaryOp::Mul, Arg{wide, at},
                      Arg{ptr.elements[1 + rank + d], at}, at);
    if (failed(term))
      return failure();
    if (offsetSum) {
      FailureOr<GenValue> sum = gen.genBinary(
          ast::BinaryOp::Add, Arg{*offsetSum, at}, Arg{*term, at}, at);
      if (failed(sum))
        return failure();
      term = sum;
    }
    offsetSum = *term;
    if (!checked[d])
      continue;
    FailureOr<GenValue> low = gen.genCompare(
        ast::CompareOp::Ge, Arg{wide, at}, Arg{GenValue::integer(0), at}, at);
    FailureOr<GenValue> high = gen.genCompare(
        ast::CompareOp::Lt, Arg{wide, at}, Arg{ptr.elements[1 + d], at}, at);
    if (failed(low) || failed(high))
      return failure();
    FailureOr<GenValue> inside = gen.genBinary(
        ast::BinaryOp::BitAnd, Arg{*low, at}, Arg{*high, at}, at);
    if (failed(inside))
      return failure();
    if (mask) {
      inside = gen.genBinary(ast::BinaryOp::BitAnd, Arg{*mask, at},
                             Arg{*inside, at}, at);
      if (failed(inside))
        return failure();
    }
    mask = *inside;
  }
  FailureOr<GenValue> ptrs = gen.genBinary(
      ast::BinaryOp::Add, Arg{ptr.elements[0], at}, Arg{*offsetSum, at}, at);
  if (failed(ptrs))
    return failure();
  access.ptrs = ptrs->value;
  // A dimension of size 1 leaves the mask narrower than the block.
  if (mask) {
    FailureOr<Value> full = gen.broadcastTo(
        mask->value, getShape(access.ptrs.getType()), at);
    if (failed(full))
      return failure();
    access.mask = *full;
  }
  return access;
}

} // namespace detail
} // namespace tilec
