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
      if (!v.isIntConstant())
        return gen.emitError(args.extra[0].loc)
               << fn << "(): dimensions must be compile-time integers";
      dims.push_back(v.getInt());
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

} // namespace detail
} // namespace tilec
