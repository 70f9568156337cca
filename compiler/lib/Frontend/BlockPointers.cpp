//===- BlockPointers.cpp - tl.make_block_ptr, tl.advance ------------------===//
//
// A block pointer is a compile-time record (GenValue::Kind::BlockPtr) of a
// base pointer, the tensor's shape and strides (i64), the block's offsets
// (i32) and its block shape and order. Loads and stores through one become
// ordinary pointer blocks, as Triton's rewrite of block pointers does on
// GPUs without TMA:
//
//   ptrs = base + sum_d (offsets[d] * strides[d] + arange(block_shape[d]) *
//                        strides[d])
//
// each term broadcast along the other dimensions and computed in i64 (the
// offset's product a scalar, the arange's the same on every loop trip),
// and, for the dimensions in `boundary_check`, mask = 0 <= offset + arange
// < shape, compared as clamp(-offset, 0, B) <= arange < clamp(shape -
// offset, 0, B) in i32.
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
  if (arg.value.isIntConstant()) {
    if (std::optional<int64_t> v = arg.value.getInt64())
      return SmallVector<int64_t>{*v};
    return gen.emitError(arg.loc)
           << what << " must be 64-bit integers, got " << describe(arg.value);
  }
  if (arg.value.kind != GenValue::Kind::Tuple)
    return gen.emitError(arg.loc)
           << what << " must be a tuple of compile-time integers, got "
           << describe(arg.value);
  for (const GenValue &element : arg.value.elements) {
    if (!element.isIntConstant())
      return gen.emitError(arg.loc)
             << what << " must be a tuple of compile-time integers, got "
             << describe(element) << " in it";
    std::optional<int64_t> v = element.getInt64();
    if (!v)
      return gen.emitError(arg.loc)
             << what << " must be 64-bit integers, got " << describe(element)
             << " in it";
    ints.push_back(*v);
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

FailureOr<Value> singlePointerBase(Generator &gen, const Arg &base,
                                   llvm::StringRef fn) {
  if (!base.value.isRuntime() || isBlock(base.value.value.getType()) ||
      !isPointer(base.value.value.getType()))
    return gen.emitError(base.loc)
           << fn << "(): base must be a single pointer, got "
           << describe(base.value);
  return base.value.value;
}

FailureOr<SmallVector<int64_t>> blockShapeArg(Generator &gen, const Arg &arg,
                                              llvm::StringRef fn) {
  FailureOr<SmallVector<int64_t>> shape = constantInts(gen, arg, "block_shape");
  if (failed(shape))
    return failure();
  for (int64_t size : *shape)
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return gen.emitError(arg.loc)
             << fn << "(): every block_shape entry must be a power of two, got "
             << size;
  return shape;
}

FailureOr<GenValue> buildMakeBlockPtr(Generator &gen, const BoundArgs &args,
                                      const Location &at) {
  const char *fn = "tl.make_block_ptr";
  if (failed(singlePointerBase(gen, args[0], fn)))
    return failure();
  const Arg &baseArg = args[0];
  FailureOr<SmallVector<int64_t>> blockShape = blockShapeArg(gen, args[4], fn);
  if (failed(blockShape))
    return failure();
  FailureOr<SmallVector<int64_t>> order = constantInts(gen, args[5], "order");
  if (failed(order))
    return failure();
  size_t rank = blockShape->size();
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
  mlir::Location l = gen.loc(at);
  Type i32 = gen.builder.getI32Type(), i64 = gen.builder.getI64Type();
  auto binary = [&](ast::BinaryOp op, const GenValue &a, const GenValue &b) {
    return gen.genBinary(op, Arg{a, at}, Arg{b, at}, at);
  };
  auto scalar64 = [&](int64_t v) {
    return GenValue::runtime(
        arith::ConstantOp::create(gen.builder, l, gen.builder.getI64IntegerAttr(v)));
  };
  // The offset is a scalar: the address term is offset * stride (one
  // scalar multiply, however often the offset changes in a loop) plus
  // arange * stride (the same on every trip), and the bounds check compares
  // arange with the scalars max(-offset, 0) and shape - offset, clamped to
  // [0, block] so that they fit in i32.
  std::optional<GenValue> offsetSum, mask;
  for (size_t d = 0; d < rank; ++d) {
    Value range = tile::MakeRangeOp::create(
        gen.builder, l, RankedTensorType::get({blockShape[d]}, i32), 0u,
        static_cast<uint32_t>(blockShape[d]));
    for (size_t other = 0; other < rank; ++other) {
      if (other == d)
        continue;
      unsigned axis = other < d ? 0 : getShape(range.getType()).size();
      SmallVector<int64_t> expanded(getShape(range.getType()));
      expanded.insert(expanded.begin() + axis, 1);
      range = tile::ExpandDimsOp::create(
          gen.builder, l, RankedTensorType::get(expanded, i32), range,
          static_cast<uint32_t>(axis));
    }
    FailureOr<Value> offset =
        gen.castTo(Arg{ptr.elements[1 + 2 * rank + d], at}, i64, at);
    if (failed(offset))
      return failure();
    GenValue offset64 = GenValue::runtime(*offset);
    const GenValue &stride = ptr.elements[1 + rank + d];
    FailureOr<Value> range64 = gen.convertElementType(range, i64, at);
    if (failed(range64))
      return failure();
    FailureOr<GenValue> start = binary(ast::BinaryOp::Mul, offset64, stride);
    FailureOr<GenValue> step =
        binary(ast::BinaryOp::Mul, GenValue::runtime(*range64), stride);
    if (failed(start) || failed(step))
      return failure();
    FailureOr<GenValue> term = binary(ast::BinaryOp::Add, *start, *step);
    if (failed(term))
      return failure();
    if (offsetSum) {
      term = binary(ast::BinaryOp::Add, *offsetSum, *term);
      if (failed(term))
        return failure();
    }
    offsetSum = *term;
    if (!checked[d])
      continue;
    auto clampToBlock = [&](const GenValue &v) -> FailureOr<GenValue> {
      Value low = arith::MaxSIOp::create(gen.builder, l, v.value,
                                         scalar64(0).value);
      Value high = arith::MinSIOp::create(gen.builder, l, low,
                                          scalar64(blockShape[d]).value);
      FailureOr<Value> narrow = gen.convertElementType(high, i32, at);
      if (failed(narrow))
        return failure();
      return GenValue::runtime(*narrow);
    };
    FailureOr<GenValue> negated =
        binary(ast::BinaryOp::Sub, scalar64(0), offset64);
    FailureOr<Value> shape = gen.castTo(Arg{ptr.elements[1 + d], at}, i64, at);
    if (failed(negated) || failed(shape))
      return failure();
    FailureOr<GenValue> left = binary(ast::BinaryOp::Sub,
                                      GenValue::runtime(*shape), offset64);
    if (failed(left))
      return failure();
    FailureOr<GenValue> lo = clampToBlock(*negated), hi = clampToBlock(*left);
    if (failed(lo) || failed(hi))
      return failure();
    FailureOr<GenValue> aboveLow = gen.genCompare(
        ast::CompareOp::Ge, Arg{GenValue::runtime(range), at}, Arg{*lo, at},
        at);
    FailureOr<GenValue> belowHigh = gen.genCompare(
        ast::CompareOp::Lt, Arg{GenValue::runtime(range), at}, Arg{*hi, at},
        at);
    if (failed(aboveLow) || failed(belowHigh))
      return failure();
    FailureOr<GenValue> inside =
        binary(ast::BinaryOp::BitAnd, *aboveLow, *belowHigh);
    if (failed(inside))
      return failure();
    if (mask) {
      inside = binary(ast::BinaryOp::BitAnd, *mask, *inside);
      if (failed(inside))
        return failure();
    }
    mask = *inside;
  }
  FailureOr<GenValue> ptrs =
      binary(ast::BinaryOp::Add, ptr.elements[0], *offsetSum);
  if (failed(ptrs))
    return failure();
  BlockAccess access;
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
