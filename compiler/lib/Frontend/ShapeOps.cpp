//===- ShapeOps.cpp - tl.trans, tl.permute, x.T ---------------------------===//
//
// Shape changes that move no data between threads: permuting dimensions
// (tile.trans) only renames which dimension a register holds.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

FailureOr<GenValue> buildPermute(Generator &gen, Value x,
                                 ArrayRef<int64_t> dims, llvm::StringRef fn,
                                 const Location &at) {
  auto type = dyn_cast<RankedTensorType>(x.getType());
  if (!type)
    return gen.emitError(at) << fn << "() needs a block, got "
                             << describe(x.getType());
  int64_t rank = type.getRank();
  if (int64_t(dims.size()) != rank)
    return gen.emitError(at) << fn << "() needs " << rank
                             << " dimensions for a block of rank " << rank
                             << ", got " << dims.size();
  SmallVector<int32_t> order;
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> shape;
  for (int64_t d : dims) {
    int64_t dim = d < 0 ? d + rank : d;
    if (dim < 0 || dim >= rank || seen[dim])
      return gen.emitError(at) << fn << "(): the dimensions must be a "
                               << "permutation of 0.." << rank - 1;
    seen[dim] = true;
    order.push_back(int32_t(dim));
    shape.push_back(type.getDimSize(dim));
  }
  bool identity = llvm::all_of(llvm::enumerate(order), [](auto pair) {
    return int64_t(pair.index()) == pair.value();
  });
  if (identity)
    return GenValue::runtime(x);
  return GenValue::runtime(tile::TransOp::create(
      gen.builder, gen.loc(at),
      RankedTensorType::get(shape, type.getElementType()), x, order));
}

FailureOr<GenValue> buildTrans(Generator &gen, llvm::StringRef name,
                               const BoundArgs &args, const Location &at) {
  FailureOr<Value> x = valueArg(gen, args[0]);
  if (failed(x))
    return failure();
  std::string fn = name.str();
  // The dimensions: a tuple/list, or one integer each.
  SmallVector<int64_t> dims;
  if (args.extra.size() == 1 &&
      args.extra[0].value.kind == GenValue::Kind::Tuple) {
    for (const GenValue &v : args.extra[0].value.elements) {
      std::optional<int64_t> d = v.getInt64();
      if (!d)
        return gen.emitError(args.extra[0].loc)
               << fn << "(): dimensions must be compile-time integers";
      dims.push_back(*d);
    }
  } else {
    for (const Arg &a : args.extra) {
      FailureOr<int64_t> d = constantInt(gen, a, "a dimension");
      if (failed(d))
        return failure();
      dims.push_back(*d);
    }
  }
  if (dims.empty()) {
    int64_t rank = getShape(x->getType()).size();
    if (name == "tl.permute" || rank != 2)
      return gen.emitError(at) << fn << "() of a rank " << rank
                               << " block needs the dimensions' order";
    dims = {1, 0};
  }
  return buildPermute(gen, *x, dims, fn, at);
}

/// The integers of a shape given as one tuple/list or one integer each.
static FailureOr<SmallVector<int64_t>> shapeArgs(Generator &gen,
                                                 ArrayRef<Arg> args,
                                                 llvm::StringRef fn) {
  SmallVector<GenValue> values;
  if (args.size() == 1 && args[0].value.kind == GenValue::Kind::Tuple)
    values.assign(args[0].value.elements.begin(),
                  args[0].value.elements.end());
  else
    for (const Arg &a : args)
      values.push_back(a.value);
  SmallVector<int64_t> shape;
  for (const GenValue &v : values) {
    std::optional<int64_t> d = v.getInt64();
    if (!d || *d <= 0 || !llvm::isPowerOf2_64(uint64_t(*d)))
      return gen.emitError(args.empty() ? Location() : args[0].loc)
             << fn << "(): the shape must be powers of two known at compile "
             << "time, got " << describe(v);
    shape.push_back(*d);
  }
  return shape;
}

static Value reshapeTo(Generator &gen, Value x, ArrayRef<int64_t> shape,
                       const Location &at) {
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getShape() == shape)
    return x;
  return tile::ReshapeOp::create(
      gen.builder, gen.loc(at),
      RankedTensorType::get(shape, type.getElementType()), x);
}

FailureOr<GenValue> buildReshape(Generator &gen, llvm::StringRef name,
                                 const BoundArgs &args, const Location &at) {
  std::string fn = name.str();
  FailureOr<Value> x = valueArg(gen, args[0]);
  if (failed(x))
    return failure();
  if (!isBlock(x->getType()))
    return gen.emitError(args[0].loc)
           << fn << "() needs a block, got " << describe(x->getType());
  FailureOr<SmallVector<int64_t>> shape = shapeArgs(gen, args.extra, fn);
  if (failed(shape))
    return failure();
  auto type = cast<RankedTensorType>(x->getType());
  int64_t count = 1;
  for (int64_t d : *shape)
    count *= d;
  if (count != type.getNumElements())
    return gen.emitError(at) << fn << "() cannot make " << describe(type)
                             << " (" << type.getNumElements()
                             << " elements) into " << count << " elements";
  return GenValue::runtime(reshapeTo(gen, *x, *shape, at));
}

FailureOr<GenValue> buildJoinSplit(Generator &gen, llvm::StringRef name,
                                   const BoundArgs &args, const Location &at) {
  std::string fn = name.str();
  mlir::Location loc = gen.loc(at);
  if (name == "tl.split") {
    FailureOr<Value> x = valueArg(gen, args[0]);
    if (failed(x))
      return failure();
    auto type = dyn_cast<RankedTensorType>(x->getType());
    if (!type || type.getShape().back() != 2)
      return gen.emitError(args[0].loc)
             << "tl.split() needs a block whose last dimension is 2, got "
             << describe(x->getType());
    auto half = RankedTensorType::get(type.getShape().drop_back(),
                                      type.getElementType());
    if (half.getRank() == 0)
      return gen.emitError(args[0].loc)
             << "tl.split() of a block of 2 elements (scalar results) is not "
                "supported yet";
    auto split = tile::SplitOp::create(gen.builder, loc, half, half, *x);
    return GenValue::tuple({GenValue::runtime(split.getLhs()),
                            GenValue::runtime(split.getRhs())});
  }
  // join / interleave: the two operands in one type and shape (fp8 too:
  // they are only moved).
  FailureOr<SmallVector<Value>> operands =
      unifySelected(gen, {args[0], args[1]}, at);
  if (failed(operands))
    return failure();
  Value a = (*operands)[0], b = (*operands)[1];
  auto type = dyn_cast<RankedTensorType>(a.getType());
  if (!type)
    return gen.emitError(at) << fn << "() of scalars is not supported yet";
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(2);
  Value joined = tile::JoinOp::create(
      gen.builder, loc, RankedTensorType::get(shape, type.getElementType()), a,
      b);
  if (name == "tl.join")
    return GenValue::runtime(joined);
  // interleave: the pairs flattened into the last dimension.
  shape.pop_back();
  shape.back() *= 2;
  return GenValue::runtime(reshapeTo(gen, joined, shape, at));
}

} // namespace detail
} // namespace tilec
