//===- Combine.cpp - tl.reduce, tl.associative_scan, tl.map_elementwise ---===//
//
// A reduction or scan with a user combine_fn becomes tile.combine_reduce or
// tile.combine_scan. Their region takes two scalars of each operand's
// element type, (a..., b...), and the combine_fn (a @triton.jit function of
// the file) is inlined into it by callJitFunction on the region's
// arguments, so its body is the scalar code any helper call gives. Its
// return values are cast to the operands' element types, as the region
// requires; a count or a shape that does not fit is a located error.
// tl.map_elementwise inlines its scalar_fn the same way into the region of
// tile.map_elementwise, on one element of each input.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace tilec {
namespace detail {

/// The input of `fn`: one block, or a tuple of blocks of one shape.
static FailureOr<SmallVector<Value>>
combineInputs(Generator &gen, const Arg &input, llvm::StringRef fn) {
  std::vector<GenValue> items;
  if (input.value.kind == GenValue::Kind::Tuple)
    items = input.value.elements;
  else
    items.push_back(input.value);
  if (items.empty())
    return gen.emitError(input.loc) << fn << "(): the input tuple is empty";
  SmallVector<Value> values;
  for (const GenValue &item : items) {
    if (!item.isRuntime() || !isBlock(item.value.getType()))
      return gen.emitError(input.loc)
             << fn << "() needs a block or a tuple of blocks, got "
             << describe(item);
    auto type = cast<RankedTensorType>(item.value.getType());
    if (isPointer(type.getElementType()))
      return gen.emitError(input.loc) << fn << "() cannot combine pointers";
    if (!values.empty() &&
        getShape(values.front().getType()) != type.getShape())
      return gen.emitError(input.loc)
             << fn << "(): the input blocks have different shapes, "
             << describe(values.front().getType()) << " and " << describe(type);
    values.push_back(item.value);
  }
  return values;
}

/// Whether the input was written as a tuple.
static bool isTuple(const Arg &input) {
  return input.value.kind == GenValue::Kind::Tuple;
}

/// The axis `arg` names in a block of rank `rank`.
static FailureOr<unsigned> combineAxis(Generator &gen, const Arg &arg,
                                       int64_t rank, llvm::StringRef fn) {
  FailureOr<int64_t> axis = constantInt(gen, arg, "the axis");
  if (failed(axis))
    return failure();
  int64_t dim = *axis < 0 ? *axis + rank : *axis;
  if (dim < 0 || dim >= rank)
    return gen.emitError(arg.loc)
           << fn << "(): axis " << *axis << " is out of range for a block of "
           << "rank " << rank;
  return unsigned(dim);
}

/// Element types of `values`.
static SmallVector<Type> elementTypes(ArrayRef<Value> values) {
  SmallVector<Type> elements;
  for (Value value : values)
    elements.push_back(getElementType(value.getType()));
  return elements;
}

/// Fills `region` with the combine block: fn's arguments, its body, and a
/// tile.combine_return of its results in the operands' element types.
static LogicalResult buildCombiner(Generator &gen, Region &region,
                                   ArrayRef<Value> srcs,
                                   const Arg &combineFn, llvm::StringRef fn,
                                   const Location &at) {
  SmallVector<Type> elements = elementTypes(srcs);
  if (!Generator::isJitFunction(combineFn.value))
    return gen.emitError(combineFn.loc)
           << fn << "(): combine_fn must be a @triton.jit function, got "
           << describe(combineFn.value);
  OpBuilder::InsertionGuard guard(gen.builder);
  SmallVector<Type> argTypes(elements);
  argTypes.append(elements.begin(), elements.end());
  SmallVector<mlir::Location> locs(argTypes.size(), gen.loc(at));
  Block *block = gen.builder.createBlock(&region, {}, argTypes, locs);
  SmallVector<Arg> args;
  for (BlockArgument arg : block->getArguments()) {
    // The combiner's operands are elements of the sources, signedness
    // included (an unsigned block compares unsigned in combine_fn).
    if (gen.isUnsignedInt(srcs[arg.getArgNumber() % srcs.size()]))
      gen.unsignedValues.insert(arg);
    args.push_back(Arg{GenValue::runtime(arg), at});
  }
  FailureOr<GenValue> result =
      gen.callJitFunction(combineFn.value, args, {}, {}, at);
  if (failed(result))
    return failure();
  std::vector<GenValue> returned;
  if (result->kind == GenValue::Kind::Tuple)
    returned = result->elements;
  else if (!result->isNone())
    returned.push_back(*result);
  size_t k = elements.size();
  if (returned.size() != k)
    return gen.emitError(combineFn.loc)
           << fn << "(): combine_fn returns " << returned.size() << " value"
           << (returned.size() == 1 ? "" : "s") << " but the input has " << k
           << " block" << (k == 1 ? "" : "s");
  SmallVector<Value> values;
  for (auto [value, element] : llvm::zip(returned, elements)) {
    if (value.isRuntime() && isBlock(value.value.getType()))
      return gen.emitError(combineFn.loc)
             << fn << "(): combine_fn must return scalars, got "
             << describe(value.value.getType());
    FailureOr<Value> cast = gen.castTo(Arg{value, at}, element, at);
    if (failed(cast))
      return failure();
    values.push_back(*cast);
  }
  tile::CombineReturnOp::create(gen.builder, gen.loc(at), values);
  return success();
}

/// The results of a combine op: a tuple for a tuple input (of one block
/// too, as in Triton), else the one value.
static GenValue combineResult(ArrayRef<Value> values, bool tuple) {
  if (!tuple)
    return GenValue::runtime(values.front());
  std::vector<GenValue> items;
  for (Value value : values)
    items.push_back(GenValue::runtime(value));
  return GenValue::tuple(std::move(items));
}

/// Reduces `srcs` along `axisArg` (all axes when absent) with the region
/// `fill` builds; keep_dims keeps the reduced axes as size 1. A tuple input
/// gives a tuple.
static FailureOr<GenValue>
buildCombineReduce(Generator &gen, SmallVector<Value> srcs, bool tuple,
                   const Arg *axisArg, bool keepDims, llvm::StringRef fn,
                   llvm::function_ref<LogicalResult(Region &)> fill,
                   const Location &at) {
  OpBuilder &b = gen.builder;
  auto type = cast<RankedTensorType>(srcs.front().getType());
  int64_t rank = type.getRank();
  unsigned axis = 0;
  if (axisArg) {
    FailureOr<unsigned> a = combineAxis(gen, *axisArg, rank, fn);
    if (failed(a))
      return failure();
    axis = *a;
  } else if (rank > 1) {
    // axis=None: one flat block (row-major order; the combination order is
    // free anyway).
    for (Value &src : srcs)
      src = tile::ReshapeOp::create(
          b, gen.loc(at),
          RankedTensorType::get({type.getNumElements()},
                                getElementType(src.getType())),
          src);
  }
  auto flat = cast<RankedTensorType>(srcs.front().getType());
  SmallVector<int64_t> shape(flat.getShape());
  shape.erase(shape.begin() + axis);
  SmallVector<Type> resultTypes;
  for (Type element : elementTypes(srcs))
    resultTypes.push_back(getShapedLike(shape, element));
  auto op =
      tile::CombineReduceOp::create(b, gen.loc(at), resultTypes, srcs, axis);
  if (failed(fill(op.getCombiner())))
    return failure();
  SmallVector<Value> results(op.getResult());
  if (keepDims) {
    SmallVector<int64_t> kept(rank, 1);
    if (axisArg) {
      kept.assign(type.getShape().begin(), type.getShape().end());
      kept[axis] = 1;
    }
    for (Value &result : results) {
      auto keptType =
          RankedTensorType::get(kept, getElementType(result.getType()));
      if (isBlock(result.getType()))
        result =
            tile::ExpandDimsOp::create(b, gen.loc(at), keptType, result, axis);
      else
        result = tile::SplatOp::create(b, gen.loc(at), keptType, result);
    }
  }
  return combineResult(results, tuple);
}

FailureOr<GenValue> buildUserReduce(Generator &gen, const BoundArgs &args,
                                    const Location &at) {
  llvm::StringRef fn = "tl.reduce";
  FailureOr<SmallVector<Value>> srcs = combineInputs(gen, args[0], fn);
  if (failed(srcs))
    return failure();
  FailureOr<bool> keepDims = optionalBool(gen, args, 3, fn, "keep_dims");
  if (failed(keepDims))
    return failure();
  const Arg &combineFn = args[2];
  return buildCombineReduce(
      gen, *srcs, isTuple(args[0]), args.has(1) ? &args[1] : nullptr, *keepDims,
      fn,
      [&](Region &region) {
        return buildCombiner(gen, region, *srcs, combineFn, fn, at);
      },
      at);
}

FailureOr<GenValue> buildBitwiseReduce(Generator &gen, llvm::StringRef fn,
                                       const BoundArgs &args,
                                       const Location &at) {
  FailureOr<SmallVector<Value>> srcs = combineInputs(gen, args[0], fn);
  if (failed(srcs))
    return failure();
  if (isTuple(args[0]))
    return gen.emitError(args[0].loc) << fn << "() needs one block";
  Type element = getElementType(srcs->front().getType());
  if (!isInt(element))
    return gen.emitError(args[0].loc)
           << fn << "() needs integers, got " << describe(element);
  FailureOr<bool> keepDims = optionalBool(gen, args, 2, fn, "keep_dims");
  if (failed(keepDims))
    return failure();
  return buildCombineReduce(
      gen, *srcs, isTuple(args[0]), args.has(1) ? &args[1] : nullptr, *keepDims,
      fn,
      [&](Region &region) {
        OpBuilder::InsertionGuard guard(gen.builder);
        mlir::Location loc = gen.loc(at);
        SmallVector<Type> types{element, element};
        SmallVector<mlir::Location> locs{loc, loc};
        Block *block = gen.builder.createBlock(&region, {}, types, locs);
        Value x = fn == "tl.reduce_or"
                      ? Value(arith::OrIOp::create(gen.builder, loc,
                                                   block->getArgument(0),
                                                   block->getArgument(1)))
                      : Value(arith::XOrIOp::create(gen.builder, loc,
                                                    block->getArgument(0),
                                                    block->getArgument(1)));
        tile::CombineReturnOp::create(gen.builder, loc, ValueRange{x});
        return success();
      },
      at);
}

FailureOr<GenValue> buildUserScan(Generator &gen, const BoundArgs &args,
                                  const Location &at) {
  llvm::StringRef fn = "tl.associative_scan";
  FailureOr<SmallVector<Value>> srcs = combineInputs(gen, args[0], fn);
  if (failed(srcs))
    return failure();
  auto type = cast<RankedTensorType>(srcs->front().getType());
  if (!args.has(1))
    return gen.emitError(args.callLoc) << fn << "() needs an axis";
  FailureOr<unsigned> axis = combineAxis(gen, args[1], type.getRank(), fn);
  if (failed(axis))
    return failure();
  FailureOr<bool> reverse = optionalBool(gen, args, 3, fn, "reverse");
  if (failed(reverse))
    return failure();
  SmallVector<Type> types;
  for (Value src : *srcs)
    types.push_back(src.getType());
  auto op = tile::CombineScanOp::create(gen.builder, gen.loc(at), types, *srcs,
                                        gen.builder.getI32IntegerAttr(*axis),
                                        *reverse ? gen.builder.getUnitAttr()
                                                : UnitAttr());
  if (failed(buildCombiner(gen, op.getCombiner(), *srcs, args[2], fn, at)))
    return failure();
  return combineResult(SmallVector<Value>(op.getResult()), isTuple(args[0]));
}

FailureOr<GenValue> buildMapElementwise(Generator &gen, const BoundArgs &args,
                                        const Location &at) {
  llvm::StringRef fn = "tl.map_elementwise";
  const Arg &scalarFn = args[0];
  if (!Generator::isJitFunction(scalarFn.value))
    return gen.emitError(scalarFn.loc)
           << fn << "(): scalar_fn must be a @triton.jit function, got "
           << describe(scalarFn.value);
  int64_t pack = 1;
  if (args.has(1)) {
    FailureOr<int64_t> p = constantInt(gen, args[1], "pack");
    if (failed(p))
      return failure();
    if (*p < 1 || *p > 16)
      return gen.emitError(args[1].loc)
             << fn << "(): pack must be from 1 to 16, got " << *p;
    pack = *p;
  }
  if (args.extra.empty())
    return gen.emitError(at) << fn << "() needs at least one input block";
  // The inputs, broadcast to one shape as Triton does.
  SmallVector<Value> srcs;
  SmallVector<Location> inputAt;
  for (const Arg &input : args.extra) {
    FailureOr<Value> value = valueArg(gen, input);
    if (failed(value))
      return failure();
    if (isPointer(getElementType(value->getType())))
      return gen.emitError(input.loc)
             << fn << "() maps numbers, got " << describe(value->getType());
    srcs.push_back(*value);
    inputAt.push_back(input.loc);
  }
  FailureOr<SmallVector<int64_t>> common =
      gen.broadcastTogether(srcs, inputAt, at);
  if (failed(common))
    return failure();
  SmallVector<int64_t> shape = *common;
  // Scalars only: scalar_fn is an ordinary call.
  if (shape.empty() && pack == 1) {
    SmallVector<Arg> callArgs;
    for (auto [src, input] : llvm::zip(srcs, args.extra))
      callArgs.push_back(Arg{GenValue::runtime(src), input.loc});
    return gen.callJitFunction(scalarFn.value, callArgs, {}, {}, at);
  }
  if (shape.empty())
    return gen.emitError(at) << fn << "() with pack=" << pack
                             << " needs at least one input block";

  // The region is built in an op without results first: the results' types
  // are what scalar_fn returns. With pack = p it takes p elements of each
  // input, input by input, and returns p values of each result, result by
  // result (as Triton's region).
  OpBuilder &b = gen.builder;
  mlir::Location loc = gen.loc(at);
  auto draft = tile::MapElementwiseOp::create(b, loc, TypeRange{}, srcs,
                                              uint32_t(pack));
  auto eraseDraft = llvm::make_scope_exit([&] { draft->erase(); });
  SmallVector<Value> returned;
  bool tupleResult = false;
  {
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Type> types;
    for (Type type : elementTypes(srcs))
      types.append(pack, type);
    SmallVector<mlir::Location> locs(types.size(), loc);
    Block *block = b.createBlock(&draft.getBody(), {}, types, locs);
    SmallVector<Arg> callArgs;
    for (BlockArgument arg : block->getArguments()) {
      size_t input = arg.getArgNumber() / pack;
      if (gen.isUnsignedInt(srcs[input]))
        gen.unsignedValues.insert(arg);
      callArgs.push_back(Arg{GenValue::runtime(arg), args.extra[input].loc});
    }
    FailureOr<GenValue> result =
        gen.callJitFunction(scalarFn.value, callArgs, {}, {}, at);
    if (failed(result))
      return failure();
    std::vector<GenValue> values;
    tupleResult = result->kind == GenValue::Kind::Tuple;
    if (tupleResult)
      values = result->elements;
    else if (!result->isNone())
      values.push_back(*result);
    if (values.empty())
      return gen.emitError(scalarFn.loc)
             << fn << "(): scalar_fn must return at least one value";
    if (values.size() % pack)
      return gen.emitError(scalarFn.loc)
             << fn << "(): with pack=" << pack << " scalar_fn must return "
             << pack << " values of each result, got " << values.size();
    for (const GenValue &value : values) {
      if (value.isRuntime() && isa<ShapedType>(value.value.getType()))
        return gen.emitError(scalarFn.loc)
               << fn << "(): scalar_fn must return scalars, got "
               << describe(value.value.getType());
      FailureOr<Value> v = gen.materialize(Arg{value, at}, at);
      if (failed(v))
        return failure();
      if (isPointer(v->getType()))
        return gen.emitError(scalarFn.loc)
               << fn << "(): scalar_fn must return numbers, got "
               << describe(v->getType());
      returned.push_back(*v);
    }
    tile::MapReturnOp::create(b, loc, returned);
  }
  // scalar_fn sees one element: a block made inside it (tl.arange, tl.full)
  // has no meaning there.
  Type blockType;
  draft.getBody().walk([&](Operation *inner) {
    for (Type type : inner->getResultTypes())
      if (isa<ShapedType>(type)) {
        blockType = type;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (blockType)
    return gen.emitError(scalarFn.loc)
           << fn << "(): scalar_fn works on one element of each input and "
           << "cannot make blocks (it makes " << describe(blockType) << ")";

  // One result per `pack` values, typed by them (they must agree).
  SmallVector<Type> resultTypes;
  for (size_t k = 0; k < returned.size(); k += pack) {
    Type type = returned[k].getType();
    for (size_t j = 1; j < size_t(pack); ++j)
      if (returned[k + j].getType() != type)
        return gen.emitError(scalarFn.loc)
               << fn << "(): the " << pack << " values of result " << k / pack
               << " differ in type (" << describe(type) << " and "
               << describe(returned[k + j].getType()) << ")";
    resultTypes.push_back(RankedTensorType::get(shape, type));
  }
  auto op = tile::MapElementwiseOp::create(b, loc, resultTypes, srcs,
                                           uint32_t(pack));
  op.getBody().takeBody(draft.getBody());
  std::vector<GenValue> items;
  for (auto [k, result] : llvm::enumerate(op.getResults()))
    items.push_back(GenValue::runtime(
        gen.withSignedness(result, gen.isUnsignedInt(returned[k * pack]))));
  // One value, or a tuple when scalar_fn returned one (with pack > 1, when
  // it returned more than one result).
  if (!tupleResult || (pack > 1 && items.size() == 1))
    return items.front();
  return GenValue::tuple(std::move(items));
}

} // namespace detail
} // namespace tilec
