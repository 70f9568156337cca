//===- Scans.cpp - tl.cumsum, tl.cumprod, tl.argmax, tl.argmin ------------===//
//
// Prefix combinations become tile.scan. The index reductions are two
// reductions: the maximum (or minimum) along the axis, then the smallest
// index holding it, which is Triton's tie_break_left=True answer (and a
// valid one for tie_break_left=False, which leaves the choice open). A
// NaN maximum (only NaNs along the axis) gives index 0.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

/// The axis argument of `fn` as a dimension of a rank `rank` block.
static FailureOr<unsigned> axisArg(Generator &gen, const BoundArgs &args,
                                   unsigned index, int64_t rank,
                                   llvm::StringRef fn, int64_t fallback) {
  int64_t axis = fallback;
  if (args.has(index)) {
    FailureOr<int64_t> a = constantInt(gen, args[index], "the axis");
    if (failed(a))
      return failure();
    axis = *a;
  }
  int64_t dim = axis < 0 ? axis + rank : axis;
  if (dim < 0 || dim >= rank)
    return gen.emitError(args.has(index) ? args[index].loc : args.callLoc)
           << fn << "(): axis " << axis << " is out of range for a block of "
           << "rank " << rank;
  return unsigned(dim);
}

FailureOr<GenValue> buildScan(Generator &gen, llvm::StringRef name,
                              const BoundArgs &args, const Location &at) {
  std::string fn = name.str();
  FailureOr<Value> src = valueArg(gen, args[0]);
  if (failed(src))
    return failure();
  auto type = dyn_cast<RankedTensorType>(src->getType());
  if (!type)
    return gen.emitError(args[0].loc)
           << fn << "() needs a block, got " << describe(src->getType());
  Type element = type.getElementType();
  if (isPointer(element))
    return gen.emitError(args[0].loc) << fn << "() cannot scan pointers";
  FailureOr<unsigned> axis = axisArg(gen, args, 1, type.getRank(), fn, 0);
  if (failed(axis))
    return failure();
  FailureOr<bool> reverse = optionalBool(gen, args, 2, fn, "reverse");
  if (failed(reverse))
    return failure();
  // tl.cumsum picks its type as tl.sum does (narrow integers accumulate
  // in uint32 when unsigned or bools, else int32; or `dtype`); tl.cumprod
  // keeps the values' type, as in Triton.
  Type acc = element;
  bool isUnsigned = gen.isUnsignedInt(*src);
  if (name == "tl.cumsum" && isNarrowInt(element)) {
    acc = gen.builder.getI32Type();
    isUnsigned |= element.isInteger(1);
  }
  if (name == "tl.cumsum" && args.has(3)) {
    FailureOr<Type> dtype =
        dtypeArg(gen, args[3], fn, "dtype", DTypeUse::Arithmetic);
    if (failed(dtype))
      return failure();
    acc = *dtype;
    isUnsigned = gen.isUnsigned(args[3].value);
  }
  // Bools add as Triton's int1 add does, modulo 2 (a sum's parity, a
  // product's and): computed in i32, whose low bit is the same.
  bool bools = acc.isInteger(1);
  FailureOr<Value> value = gen.convertAndMark(*src, acc, isUnsigned, at);
  if (failed(value) || failed(gen.checkArithmetic(acc, args[0].loc)))
    return failure();
  if (bools)
    value = Value(arith::ExtUIOp::create(
        gen.builder, gen.loc(at),
        RankedTensorType::get(type.getShape(), gen.builder.getI32Type()),
        *value));
  tile::ScanKind kind =
      name == "tl.cumsum" ? tile::ScanKind::Sum : tile::ScanKind::Prod;
  Value scan = tile::ScanOp::create(
      gen.builder, gen.loc(at), value->getType(), *value,
      tile::ScanKindAttr::get(gen.builder.getContext(), kind),
      gen.builder.getI32IntegerAttr(*axis),
      *reverse ? gen.builder.getUnitAttr() : UnitAttr());
  if (bools)
    scan = arith::TruncIOp::create(
        gen.builder, gen.loc(at),
        RankedTensorType::get(type.getShape(), acc), scan);
  return GenValue::runtime(scan);
}

FailureOr<GenValue> buildArgMinMax(Generator &gen, bool isMax, Value x,
                                   unsigned axis, bool keepDims,
                                   const Location &at) {
  auto type = cast<RankedTensorType>(x.getType());
  OpBuilder &b = gen.builder;
  auto call = [&](llvm::StringRef fn, SmallVector<Arg> args,
                  bool keep) -> FailureOr<GenValue> {
    return gen.callFunction(GenValue::function(fn), args,
                            {Arg{GenValue::boolean(keep), at}},
                            {std::string("keep_dims")}, at);
  };
  Arg xArg{GenValue::runtime(x), at};
  Arg axisArg{GenValue::integer(axis), at};
  FailureOr<GenValue> extreme =
      call(isMax ? "tl.max" : "tl.min", {xArg, axisArg}, true);
  if (failed(extreme))
    return failure();
  // Indices along the axis, shaped to broadcast against x.
  int64_t size = type.getDimSize(axis);
  Value index = tile::MakeRangeOp::create(
      b, gen.loc(at), RankedTensorType::get({size}, b.getI32Type()), 0u,
      static_cast<uint32_t>(size));
  for (unsigned d = 0; d < type.getRank(); ++d) {
    if (d == axis)
      continue;
    SmallVector<int64_t> shape(getShape(index.getType()));
    shape.insert(shape.begin() + d, 1);
    index = tile::ExpandDimsOp::create(
        b, gen.loc(at), RankedTensorType::get(shape, b.getI32Type()), index,
        static_cast<uint32_t>(d));
  }
  Arg extremeArg{*extreme, at};
  FailureOr<GenValue> hit =
      gen.genCompare(ast::CompareOp::Eq, xArg, extremeArg, at);
  if (failed(hit))
    return failure();
  if (isFloat(type.getElementType())) {
    FailureOr<GenValue> nan =
        gen.genCompare(ast::CompareOp::Ne, extremeArg, extremeArg, at);
    if (failed(nan))
      return failure();
    hit = gen.genBinary(ast::BinaryOp::BitOr, Arg{*hit, at}, Arg{*nan, at}, at);
    if (failed(hit))
      return failure();
  }
  FailureOr<GenValue> candidates = gen.callFunction(
      GenValue::function("tl.where"),
      {Arg{*hit, at}, Arg{GenValue::runtime(index), at},
       Arg{GenValue::integer(size), at}},
      {}, {}, at);
  if (failed(candidates))
    return failure();
  return call("tl.min", {Arg{*candidates, at}, axisArg}, keepDims);
}

FailureOr<GenValue> buildArgReduce(Generator &gen, llvm::StringRef name,
                                   const BoundArgs &args, const Location &at) {
  std::string fn = name.str();
  FailureOr<Value> src = valueArg(gen, args[0]);
  if (failed(src))
    return failure();
  auto type = dyn_cast<RankedTensorType>(src->getType());
  if (!type)
    return gen.emitError(args[0].loc)
           << fn << "() needs a block, got " << describe(src->getType());
  if (isPointer(type.getElementType()))
    return gen.emitError(args[0].loc) << fn << "() cannot reduce pointers";
  if (!args.has(1))
    return gen.emitError(at) << fn << "() needs an axis";
  FailureOr<unsigned> axis = axisArg(gen, args, 1, type.getRank(), fn, 0);
  if (failed(axis))
    return failure();
  FailureOr<bool> keepDims = optionalBool(gen, args, 3, fn, "keep_dims");
  if (failed(keepDims))
    return failure();
  // Unsigned blocks order as their top-bit-flipped values do, signed.
  Value key = gen.isUnsignedInt(*src) ? gen.flipSignBit(*src, at) : *src;
  return buildArgMinMax(gen, name == "tl.argmax", key, *axis, *keepDims, at);
}

} // namespace detail
} // namespace tilec
