//===- BuiltinOps.cpp - what the tl functions generate --------------------===//
//
// Reductions, loads and stores, min/max, argument conversions and Python's
// float()/int()/bool(), used by the dispatcher in Builtins.cpp.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

#include "tilec/Frontend/PyValue.h"

#include <cmath>

using namespace mlir;

namespace tilec {
namespace detail {

//===----------------------------------------------------------------------===//
// Helpers for the functions
//===----------------------------------------------------------------------===//

/// A compile-time integer argument, or an error naming `what`.
FailureOr<int64_t> constantInt(Generator &gen, const Arg &arg,
                                      llvm::StringRef what) {
  if (!arg.value.isIntConstant())
    return gen.emitError(arg.loc) << what << " must be a compile-time integer, "
                                  << "got " << describe(arg.value);
  std::optional<int64_t> v = arg.value.getInt64();
  if (!v)
    return gen.emitError(arg.loc) << what << " must be a 64-bit integer, got "
                                  << describe(arg.value);
  return *v;
}

FailureOr<bool> optionalBool(Generator &gen, const BoundArgs &args,
                             unsigned index, llvm::StringRef fn,
                             llvm::StringRef name) {
  if (!args.has(index))
    return false;
  FailureOr<bool> value = gen.truthiness(args[index].value, args[index].loc);
  if (failed(value))
    return gen.emitError(args[index].loc)
           << fn << "(): " << name << " must be a compile-time bool";
  return *value;
}

/// A block shape: a constant int or a tuple/list of them, each a power of
/// two.
FailureOr<SmallVector<int64_t>> blockShape(Generator &gen,
                                                  const Arg &arg) {
  std::vector<GenValue> dims;
  if (arg.value.kind == GenValue::Kind::Tuple)
    dims = arg.value.elements;
  else
    dims.push_back(arg.value);
  SmallVector<int64_t> shape;
  for (const GenValue &dim : dims) {
    if (!dim.isConstant())
      return gen.emitError(arg.loc)
             << "block shapes must be compile-time constants (tl.constexpr), "
                "got "
             << describe(dim);
    if (dim.constant.kind != ConstantValue::Kind::Int)
      return gen.emitError(arg.loc)
             << "block dimensions must be integers, got " << describe(dim);
    std::optional<int64_t> d = dim.getInt64();
    if (!d || *d <= 0 || !llvm::isPowerOf2_64(*d))
      return gen.emitError(arg.loc)
             << "block dimensions must be powers of two, got "
             << py::str(dim.constant);
    shape.push_back(*d);
  }
  return shape;
}

FailureOr<Type> dtypeArg(Generator &gen, const Arg &arg, StringRef fn,
                         StringRef param, DTypeUse use) {
  if (arg.value.kind != GenValue::Kind::DType)
    return gen.emitError(arg.loc)
           << fn << "(): " << param << " must be a dtype such as tl.float32, got "
           << describe(arg.value);
  Type type = arg.value.type;
  switch (use) {
  case DTypeUse::Any:
    return type;
  case DTypeUse::Pointee:
    if (isPointer(type))
      return gen.emitError(arg.loc)
             << fn << "() of a pointer type: pointers to pointers are not "
                      "supported";
    return type;
  case DTypeUse::Number:
  case DTypeUse::Arithmetic:
    if (isPointer(type))
      return gen.emitError(arg.loc)
             << fn << "(): " << param << " must be a number type such as "
             << "tl.float32, not the pointer type " << describe(type);
    if (use == DTypeUse::Arithmetic &&
        isa<Float8E4M3FNType, Float8E5M2Type>(type))
      return gen.emitError(arg.loc)
             << fn << "(): " << param << " cannot be " << describe(type)
             << ", which has no arithmetic; sum in tl.float16 or "
                "tl.float32";
    return type;
  }
  llvm_unreachable("unknown dtype use");
}

/// A runtime block (or scalar) argument; constants are materialised.
FailureOr<Value> valueArg(Generator &gen, const Arg &arg) {
  return gen.materialize(arg, arg.loc);
}

bool isNarrowInt(Type type) {
  Type element = getElementType(type);
  return isInt(element) && element.getIntOrFloatBitWidth() < 32;
}

/// Triton's _pick_sum_dtype: integers narrower than 32 bits accumulate in
/// uint32 when unsigned (bools too: tl.int1 is one of Triton's unsigned
/// types), else int32; others in their own type.
static Generator::Promoted sumType(Generator &gen, Value src) {
  Type element = getElementType(src.getType());
  if (!isNarrowInt(element))
    return {element, gen.isUnsignedInt(src)};
  return {gen.builder.getI32Type(),
          element.isInteger(1) || gen.isUnsignedInt(src)};
}

/// tl.sum/max/min along `axis`, or along every axis when it is None.
/// `widen`: Triton's tl.max and tl.min (without return_indices) reduce
/// integers narrower than 32 bits as int32.
static FailureOr<GenValue> reduce(Generator &gen, tile::ReduceKind kind,
                                  const BoundArgs &args, const Location &at,
                                  bool widen) {
  OpBuilder &b = gen.builder;
  FailureOr<Value> src = valueArg(gen, args[0]);
  if (failed(src))
    return failure();
  auto type = dyn_cast<RankedTensorType>(src->getType());
  if (!type)
    return gen.emitError(args[0].loc) << "reductions need a block, got "
                                      << describe(src->getType());
  if (isPointer(type.getElementType()))
    return gen.emitError(args[0].loc) << "cannot reduce pointers";
  bool returnIndices = false;
  if (kind != tile::ReduceKind::Sum && args.has(2)) {
    FailureOr<bool> t = gen.truthiness(args[2].value, args[2].loc);
    if (failed(t))
      return gen.emitError(args[2].loc)
             << "return_indices must be a compile-time bool";
    returnIndices = *t;
  }
  // As in Triton, the max and min of fp8 are taken in fp32, and are fp32
  // (its return_indices compares fp8, which it refuses, as buildArgMinMax
  // does).
  if (kind != tile::ReduceKind::Sum && isFp8(type.getElementType()) &&
      !returnIndices) {
    FailureOr<Value> wide =
        gen.convertElementType(*src, b.getF32Type(), args[0].loc);
    if (failed(wide))
      return failure();
    BoundArgs widened = args;
    widened.slots[0] = Arg{GenValue::runtime(*wide), args[0].loc};
    return reduce(gen, kind, widened, at, widen);
  }
  if (kind != tile::ReduceKind::Sum && widen && !returnIndices &&
      isNarrowInt(type)) {
    FailureOr<Value> value =
        gen.convertAndMark(*src, b.getI32Type(), false, at);
    if (failed(value))
      return failure();
    BoundArgs wide = args;
    wide.slots[0] = Arg{GenValue::runtime(*value), args[0].loc};
    return reduce(gen, kind, wide, at, false);
  }
  // Unsigned max/min: the signed one of the values with their top bit
  // flipped, flipped back (indices, with return_indices, need nothing).
  if (kind != tile::ReduceKind::Sum && gen.isUnsignedInt(*src)) {
    BoundArgs flipped = args;
    flipped.slots[0] =
        Arg{GenValue::runtime(gen.flipSignBit(*src, at)), args[0].loc};
    FailureOr<GenValue> result = reduce(gen, kind, flipped, at, widen);
    if (failed(result))
      return failure();
    GenValue &extreme = result->kind == GenValue::Kind::Tuple
                            ? result->elements[0]
                            : *result;
    extreme = GenValue::runtime(gen.unflipSignBit(extreme.value, at));
    return *result;
  }
  bool keepDims = false;
  if (args.has(kind == tile::ReduceKind::Sum ? 2 : 4)) {
    const Arg &k = args[kind == tile::ReduceKind::Sum ? 2 : 4];
    FailureOr<bool> t = gen.truthiness(k.value, k.loc);
    if (failed(t))
      return gen.emitError(k.loc) << "keep_dims must be a compile-time bool";
    keepDims = *t;
  }
  if (returnIndices) {
    // (the maximum or minimum, its index): the reduction without
    // return_indices, in the values' own type, and the index reduction.
    if (!args.has(1) || !args[1].value.isIntConstant())
      return gen.emitError(args[2].loc)
             << "return_indices needs a compile-time axis";
    BoundArgs plain = args;
    plain.slots[2].reset();
    FailureOr<GenValue> extreme = reduce(gen, kind, plain, at, false);
    if (failed(extreme))
      return failure();
    // The reduction above checked the axis.
    int64_t axis = *args[1].value.getInt64();
    if (axis < 0)
      axis += type.getRank();
    FailureOr<GenValue> index =
        buildArgMinMax(gen, kind == tile::ReduceKind::Max, *src,
                       unsigned(axis), keepDims, at);
    if (failed(index))
      return failure();
    return GenValue::tuple({*extreme, *index});
  }
  Value value = *src;
  if (kind == tile::ReduceKind::Sum) {
    Generator::Promoted acc = sumType(gen, value);
    if (args.has(3)) {
      FailureOr<Type> dtype =
          dtypeArg(gen, args[3], "tl.sum", "dtype", DTypeUse::Arithmetic);
      if (failed(dtype))
        return failure();
      acc = {*dtype, gen.isUnsigned(args[3].value)};
    }
    FailureOr<Value> converted =
        gen.convertAndMark(value, acc.type, acc.isUnsigned, at);
    if (failed(converted) || failed(gen.checkArithmetic(acc.type, args[0].loc)))
      return failure();
    value = *converted;
  }

  int64_t rank = type.getRank();
  SmallVector<int64_t> axes;
  if (args.has(1)) {
    FailureOr<int64_t> axis = constantInt(gen, args[1], "the reduction axis");
    if (failed(axis))
      return failure();
    int64_t a = *axis < 0 ? *axis + rank : *axis;
    if (a < 0 || a >= rank)
      return gen.emitError(args[1].loc)
             << "reduction axis " << *axis
             << " does not exist for a block of rank " << rank;
    axes.push_back(a);
  } else {
    // axis=None: everything, innermost first so that axis numbers hold.
    for (int64_t a = rank - 1; a >= 0; --a)
      axes.push_back(a);
  }
  for (int64_t axis : axes) {
    auto current = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(current.getShape());
    shape.erase(shape.begin() + axis);
    Type resultType = getShapedLike(shape, current.getElementType());
    value = tile::ReduceOp::create(b, gen.loc(at), resultType, value,
                                   static_cast<uint32_t>(axis), kind);
  }
  if (keepDims) {
    SmallVector<int64_t> ones(rank, 1);
    if (args.has(1)) {
      ones.assign(type.getShape().begin(), type.getShape().end());
      ones[axes[0]] = 1;
    }
    Type elementType = getElementType(value.getType());
    if (!isBlock(value.getType())) {
      value = tile::SplatOp::create(
          b, gen.loc(at), RankedTensorType::get(ones, elementType), value);
    } else {
      value = tile::ExpandDimsOp::create(
          b, gen.loc(at), RankedTensorType::get(ones, elementType), value,
          static_cast<uint32_t>(axes[0]));
    }
  }
  return GenValue::runtime(value);
}

FailureOr<GenValue> buildReduce(Generator &gen, tile::ReduceKind kind,
                                const BoundArgs &args, const Location &at) {
  return reduce(gen, kind, args, at, /*widen=*/true);
}

/// `args` cast to `common` and broadcast to one shape.
static FailureOr<SmallVector<Value>> castTogether(Generator &gen,
                                                 ArrayRef<Arg> args,
                                                 FailureOr<Type> common,
                                                 const Location &at) {
  if (failed(common))
    return failure();
  Type type = *common;
  SmallVector<Value> values;
  for (const Arg &arg : args) {
    FailureOr<Value> v = gen.castTo(arg, type, at);
    if (failed(v))
      return failure();
    values.push_back(*v);
  }
  if (failed(gen.broadcastTogether(values, {at}, at)))
    return failure();
  return values;
}

/// Promotes and broadcasts `args` to one element type and shape.
FailureOr<SmallVector<Value>> unifyOperands(Generator &gen,
                                           ArrayRef<Arg> args,
                                           const Location &at) {
  return castTogether(gen, args,
                      gen.commonType(args, /*divOrMod=*/false, at), at);
}

FailureOr<SmallVector<Value>> unifySelected(Generator &gen,
                                           ArrayRef<Arg> args,
                                           const Location &at) {
  return castTogether(gen, args, gen.selectionType(args, at), at);
}

FailureOr<GenValue> buildMinMax(Generator &gen, bool isMax, const Arg &x,
                                  const Arg &y, const Location &at) {
  if (x.value.isConstant() && y.value.isConstant()) {
    // Python's min/max (the first of equals), except that a NaN is an
    // error, as Triton gives on two constexprs.
    py::Result r =
        py::minMax(isMax, {x.value.constant, y.value.constant}, true);
    if (!r)
      return gen.emitError(at) << r.getError();
    return GenValue::constantOf(*r);
  }
  // Triton's tl.minimum/maximum make Python numbers tensors of their own
  // type (to_tensor) before promoting: tl.maximum(x_u8, 5) is an int32.
  FailureOr<Arg> tx = gen.strengthen(x), ty = gen.strengthen(y);
  if (failed(tx) || failed(ty))
    return failure();
  Arg pair[2] = {*tx, *ty};
  FailureOr<Generator::Promoted> promoted = gen.promote(pair, false, at);
  if (failed(promoted))
    return failure();
  FailureOr<SmallVector<Value>> v = unifyOperands(gen, pair, at);
  if (failed(v))
    return failure();
  Value a = (*v)[0], b = (*v)[1];
  mlir::Location l = gen.loc(at);
  OpBuilder &builder = gen.builder;
  if (isFloat(getElementType(a.getType())))
    return GenValue::runtime(
        isMax ? arith::MaxNumFOp::create(builder, l, a, b).getResult()
              : arith::MinNumFOp::create(builder, l, a, b).getResult());
  if (promoted->isUnsigned) {
    Value result = isMax ? arith::MaxUIOp::create(builder, l, a, b).getResult()
                         : arith::MinUIOp::create(builder, l, a, b).getResult();
    gen.unsignedValues.insert(result);
    return GenValue::runtime(result);
  }
  return GenValue::runtime(isMax
                               ? arith::MaxSIOp::create(builder, l, a, b)
                                     .getResult()
                               : arith::MinSIOp::create(builder, l, a, b)
                                     .getResult());
}

/// float("-inf"), float(3), int("7")...
FailureOr<GenValue> buildPythonConversion(Generator &gen,
                                            llvm::StringRef name,
                                            const BoundArgs &args,
                                            const Location &at) {
  if (!args.has(0)) {
    if (name == "float")
      return GenValue::constantOf(ConstantValue::getFloat(0));
    if (name == "int")
      return GenValue::integer(0);
    return GenValue::boolean(false);
  }
  const Arg &arg = args[0];
  const GenValue &v = arg.value;
  if (name == "bool") {
    FailureOr<bool> t = gen.truthiness(v, arg.loc);
    if (succeeded(t))
      return GenValue::boolean(*t);
    FailureOr<Value> b = gen.toBool(arg, at);
    if (failed(b))
      return failure();
    return GenValue::runtime(*b);
  }
  bool toFloat = name == "float";
  if (v.kind == GenValue::Kind::String || v.isConstant()) {
    py::Result r = v.isConstant() ? (toFloat ? py::toFloat(v.constant)
                                             : py::toInt(v.constant))
                   : toFloat ? py::parseFloat(v.name)
                             : py::parseInt(v.name);
    if (!r)
      return gen.emitError(v.isConstant() ? at : arg.loc) << r.getError();
    return GenValue::constantOf(*r);
  }
  Type target = toFloat ? Type(gen.builder.getF32Type())
                        : Type(gen.builder.getI32Type());
  FailureOr<Value> cast = gen.castTo(arg, target, at);
  if (failed(cast))
    return failure();
  return GenValue::runtime(*cast);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

FailureOr<Value> pointerArg(Generator &gen, const Arg &arg) {
  if (!arg.value.isRuntime() ||
      !isPointer(getElementType(arg.value.value.getType())))
    return gen.emitError(arg.loc) << "expected a pointer or a block of "
                                     "pointers, got "
                                  << describe(arg.value);
  return arg.value.value;
}

LogicalResult broadcastMask(Generator &gen, Value &ptr, Value &mask,
                                   const Arg &maskArg, const Location &at) {
  if (getElementType(mask.getType()) != gen.builder.getI1Type())
    return gen.emitError(maskArg.loc)
           << "mask must be a boolean block, got " << describe(mask.getType());
  FailureOr<SmallVector<int64_t>> shape =
      gen.broadcastShapes(getShape(ptr.getType()), getShape(mask.getType()), at);
  if (failed(shape))
    return failure();
  FailureOr<Value> p = gen.broadcastTo(ptr, *shape, at);
  FailureOr<Value> m = gen.broadcastTo(mask, *shape, at);
  if (failed(p) || failed(m))
    return failure();
  ptr = *p;
  mask = *m;
  return success();
}

static LogicalResult rejectBlockPointerArgs(Generator &gen,
                                            const BoundArgs &args,
                                            unsigned boundaryCheck,
                                            int paddingOption) {
  if (args.has(boundaryCheck)) {
    const GenValue &v = args[boundaryCheck].value;
    if (!(v.kind == GenValue::Kind::Tuple && v.elements.empty()))
      return gen.emitError(args[boundaryCheck].loc)
             << "boundary_check needs a block pointer (tl.make_block_ptr); "
                "use mask with a block of pointers";
  }
  if (paddingOption >= 0 && args.has(paddingOption)) {
    const GenValue &v = args[paddingOption].value;
    if (!(v.kind == GenValue::Kind::String && v.name.empty()))
      return gen.emitError(args[paddingOption].loc)
             << "padding_option needs a block pointer (tl.make_block_ptr); "
                "use other with a block of pointers";
  }
  return success();
}

/// The cache hints of tl.load/tl.store: `cache_modifier` (".ca", ".cg",
/// ".cs", ".lu", ".cv" on loads; ".wb", ".cg", ".cs", ".wt" on stores; ""
/// for none) and `eviction_policy` ("evict_first", "evict_last",
/// "evict_normal", "" for none).
struct CacheHints {
  tile::CacheModifierAttr cache;
  tile::EvictionPolicyAttr evict;
};

static FailureOr<CacheHints> cacheHintArgs(Generator &gen,
                                           const BoundArgs &args,
                                           unsigned cacheIndex,
                                           unsigned evictIndex, bool isLoad) {
  CacheHints hints;
  MLIRContext *context = gen.builder.getContext();
  StringRef fn = isLoad ? "tl.load" : "tl.store";
  if (args.has(cacheIndex)) {
    const Arg &a = args[cacheIndex];
    if (a.value.kind != GenValue::Kind::String)
      return gen.emitError(a.loc) << fn << "(): cache_modifier must be a string";
    StringRef text = a.value.name;
    static const llvm::StringRef loadModifiers[] = {".ca", ".cg", ".cs",
                                                    ".lu", ".cv"};
    static const llvm::StringRef storeModifiers[] = {".wb", ".cg", ".cs",
                                                     ".wt"};
    llvm::ArrayRef<llvm::StringRef> allowed =
        isLoad ? llvm::ArrayRef(loadModifiers) : llvm::ArrayRef(storeModifiers);
    if (!text.empty()) {
      std::optional<tile::CacheModifier> cache;
      if (llvm::is_contained(allowed, text))
        cache = tile::symbolizeCacheModifier(text.drop_front());
      if (!cache)
        return gen.emitError(a.loc)
               << fn << "(): unknown cache_modifier '" << text << "' (expected "
               << llvm::join(allowed, ", ") << " or \"\")";
      hints.cache = tile::CacheModifierAttr::get(context, *cache);
    }
  }
  if (args.has(evictIndex)) {
    const Arg &a = args[evictIndex];
    if (a.value.kind != GenValue::Kind::String)
      return gen.emitError(a.loc)
             << fn << "(): eviction_policy must be a string";
    StringRef text = a.value.name;
    if (!text.empty()) {
      std::optional<tile::EvictionPolicy> evict =
          tile::symbolizeEvictionPolicy(text);
      if (!evict)
        return gen.emitError(a.loc)
               << fn << "(): unknown eviction_policy '" << text
               << "' (expected evict_first, evict_last, evict_normal or \"\")";
      hints.evict = tile::EvictionPolicyAttr::get(context, *evict);
    }
  }
  if (hints.cache && hints.evict)
    return gen.emitError(args[evictIndex].loc)
           << fn
           << "(): eviction_policy cannot be combined with cache_modifier "
              "(PTX takes one or the other)";
  return hints;
}

/// tl.load through a block pointer: no mask or other; boundary_check and
/// padding_option ("", "zero" or "nan") instead.
static FailureOr<GenValue> buildBlockLoad(Generator &gen, const BoundArgs &args,
                                          const Location &at) {
  if (args.has(1) || args.has(2))
    return gen.emitError(args[args.has(1) ? 1 : 2].loc)
           << "tl.load(): mask and other cannot be used with a block pointer; "
              "use boundary_check and padding_option";
  FailureOr<BlockAccess> access = blockAccess(
      gen, args[0].value, args.has(3) ? &args[3] : nullptr, "tl.load", at);
  if (failed(access))
    return failure();
  Type pointee = cast<tile::PtrType>(getElementType(access->ptrs.getType()))
                     .getPointeeType();
  Value other;
  if (access->mask) {
    ConstantValue padding = ConstantValue::getInt(0);
    if (args.has(4)) {
      const Arg &p = args[4];
      llvm::StringRef text =
          p.value.kind == GenValue::Kind::String ? p.value.name : "?";
      if (text == "nan") {
        if (!isFloat(pointee))
          return gen.emitError(p.loc)
                 << "tl.load(): padding_option \"nan\" needs floating-point "
                    "elements, got "
                 << describe(pointee);
        padding = ConstantValue::getFloat(std::nan(""));
      } else if (text != "zero" && text != "") {
        return gen.emitError(p.loc)
               << "tl.load(): padding_option must be \"zero\", \"nan\" or "
                  "\"\", got "
               << describe(p.value);
      }
    }
    FailureOr<Value> padded = gen.broadcastTo(
        gen.constantScalar(padding, pointee, at),
        getShape(access->ptrs.getType()), at);
    if (failed(padded))
      return failure();
    other = *padded;
  }
  FailureOr<CacheHints> hints =
      cacheHintArgs(gen, args, /*cacheIndex=*/5, /*evictIndex=*/6,
                    /*isLoad=*/true);
  if (failed(hints))
    return failure();
  Type resultType = getShapedLike(getShape(access->ptrs.getType()), pointee);
  return GenValue::runtime(tile::LoadOp::create(
      gen.builder, gen.loc(at), resultType, access->ptrs, access->mask, other,
      hints->cache, hints->evict));
}

FailureOr<GenValue> buildLoad(Generator &gen, const BoundArgs &args,
                                const Location &at) {
  if (args[0].value.isBlockPtr())
    return buildBlockLoad(gen, args, at);
  FailureOr<Value> ptrOr = pointerArg(gen, args[0]);
  if (failed(ptrOr) || failed(rejectBlockPointerArgs(gen, args, 3, 4)))
    return failure();
  Value ptr = *ptrOr, mask, other;
  if (args.has(1)) {
    FailureOr<Value> m = valueArg(gen, args[1]);
    if (failed(m) || failed(broadcastMask(gen, ptr, *m, args[1], at)))
      return failure();
    mask = *m;
  }
  Type pointee = cast<tile::PtrType>(getElementType(ptr.getType()))
                     .getPointeeType();
  if (args.has(2)) {
    const Arg &o = args[2];
    if (!mask)
      return gen.emitError(o.loc) << "tl.load(): 'other' needs a 'mask'";
    bool convertible =
        o.value.isConstant() ||
        (o.value.isRuntime() &&
         !isPointer(getElementType(o.value.value.getType())));
    if (!convertible)
      return gen.emitError(o.loc)
             << "'other' cannot be converted to " << describe(pointee)
             << ": it is " << describe(o.value);
    FailureOr<Value> v = gen.castTo(o, pointee, at, gen.isUnsignedInt(ptr));
    if (failed(v))
      return failure();
    FailureOr<Value> b = gen.broadcastTo(*v, getShape(ptr.getType()), o.loc);
    if (failed(b))
      return failure();
    other = *b;
  }
  FailureOr<CacheHints> hints =
      cacheHintArgs(gen, args, /*cacheIndex=*/5, /*evictIndex=*/6,
                    /*isLoad=*/true);
  if (failed(hints))
    return failure();
  if (args.has(7)) {
    const Arg &v = args[7];
    if (!v.value.isIntConstant() || py::truthy(v.value.constant))
      return gen.emitError(v.loc)
             << "tl.load(): volatile loads are not supported yet";
  }
  Type resultType = getShapedLike(getShape(ptr.getType()), pointee);
  return GenValue::runtime(
      tile::LoadOp::create(gen.builder, gen.loc(at), resultType, ptr, mask,
                           other, hints->cache, hints->evict));
}

FailureOr<GenValue> buildStore(Generator &gen, const BoundArgs &args,
                                 const Location &at) {
  Value ptr, mask;
  if (args[0].value.isBlockPtr()) {
    if (args.has(2))
      return gen.emitError(args[2].loc)
             << "tl.store(): mask cannot be used with a block pointer; use "
                "boundary_check";
    FailureOr<BlockAccess> access = blockAccess(
        gen, args[0].value, args.has(3) ? &args[3] : nullptr, "tl.store", at);
    if (failed(access))
      return failure();
    ptr = access->ptrs;
    mask = access->mask;
  } else {
    FailureOr<Value> ptrOr = pointerArg(gen, args[0]);
    if (failed(ptrOr) || failed(rejectBlockPointerArgs(gen, args, 3, -1)))
      return failure();
    ptr = *ptrOr;
  }
  if (args.has(2) && !args[0].value.isBlockPtr()) {
    FailureOr<Value> m = valueArg(gen, args[2]);
    if (failed(m) || failed(broadcastMask(gen, ptr, *m, args[2], at)))
      return failure();
    mask = *m;
  }
  Type pointee = cast<tile::PtrType>(getElementType(ptr.getType()))
                     .getPointeeType();
  Arg valueArg = args[1];
  if (valueArg.value.isRuntime() &&
      isBlock(valueArg.value.value.getType()) && !isBlock(ptr.getType()))
    return gen.emitError(valueArg.loc)
           << "cannot store a block through a single pointer";
  // A Python number becomes a tensor of its own type first, then takes
  // the pointee's, as in Triton: 2**63 is a uint64 and wraps in an int64.
  if (valueArg.value.isConstant()) {
    FailureOr<Value> tensor = gen.toTensor(valueArg);
    if (failed(tensor))
      return failure();
    valueArg.value = GenValue::runtime(*tensor);
  }
  FailureOr<Value> v =
      gen.castTo(valueArg, pointee, at, gen.isUnsignedInt(ptr));
  if (failed(v))
    return failure();
  if (args[1].value.isConstant())
    v = gen.foldConstant(*v, /*fresh=*/true);
  FailureOr<Value> value = gen.broadcastTo(*v, getShape(ptr.getType()), at);
  if (failed(value))
    return failure();
  FailureOr<CacheHints> hints =
      cacheHintArgs(gen, args, /*cacheIndex=*/4, /*evictIndex=*/5,
                    /*isLoad=*/false);
  if (failed(hints))
    return failure();
  tile::StoreOp::create(gen.builder, gen.loc(at), ptr, *value, mask,
                        hints->cache, hints->evict);
  return GenValue::none();
}

FailureOr<GenValue> buildDot(Generator &gen, const BoundArgs &args,
                             const Location &at) {
  Value factors[2];
  for (unsigned i = 0; i < 2; ++i) {
    FailureOr<Value> v = valueArg(gen, args[i]);
    if (failed(v))
      return failure();
    auto type = dyn_cast<RankedTensorType>(v->getType());
    if (!type || type.getRank() != 2)
      return gen.emitError(args[i].loc)
             << "tl.dot() multiplies 2-D blocks; this is "
             << describe(args[i].value);
    factors[i] = *v;
  }
  // fp8 factors of two kinds (float8e4nv and float8e5) widen to fp16, which
  // holds every fp8 value exactly, and multiply on the fp16 path: the
  // products are exact and accumulate in fp32. Factors of one kind stay fp8
  // (tile-assign-layouts widens them unless wgmma takes them as they are).
  auto fp8Of = [](Value v) -> Type {
    Type t = getElementType(v.getType());
    return isFp8(t) ? t : Type();
  };
  if (fp8Of(factors[0]) && fp8Of(factors[1]) &&
      fp8Of(factors[0]) != fp8Of(factors[1]))
    for (Value &factor : factors) {
      FailureOr<Value> wide =
          gen.convertElementType(factor, gen.builder.getF16Type(), at);
      if (failed(wide))
        return failure();
      factor = *wide;
    }
  bool fp8 = bool(fp8Of(factors[0])) && fp8Of(factors[0]) == fp8Of(factors[1]);
  auto aType = cast<RankedTensorType>(factors[0].getType());
  auto bType = cast<RankedTensorType>(factors[1].getType());
  Type element = aType.getElementType();
  if (element != bType.getElementType())
    return gen.emitError(at) << "tl.dot() operands must have one element "
                                "type, got "
                             << describe(element) << " and "
                             << describe(bType.getElementType());
  if (!element.isF16() && !element.isBF16() && !element.isF32() && !fp8)
    return gen.emitError(at)
           << "tl.dot() supports fp8 (both factors), fp16, bf16 and fp32 "
              "blocks, got "
           << describe(element);
  int64_t m = aType.getDimSize(0), k = aType.getDimSize(1),
          n = bType.getDimSize(1);
  if (bType.getDimSize(0) != k)
    return gen.emitError(at)
           << "tl.dot() of a " << m << "x" << k << " and a "
           << bType.getDimSize(0) << "x" << n
           << " block: the inner dimensions differ";
  if (m < 16 || n < 16 || k < 16)
    return gen.emitError(at) << "tl.dot() needs blocks of at least 16x16, "
                                "got "
                             << m << "x" << k << " and " << k << "x" << n;
  // Triton's default for fp32 factors is tf32; allow_tf32=False asks for
  // ieee.
  tile::InputPrecision precision = tile::InputPrecision::TF32;
  if (args.has(3)) {
    const Arg &p = args[3];
    std::optional<tile::InputPrecision> parsed;
    if (p.value.kind == GenValue::Kind::String)
      parsed = tile::symbolizeInputPrecision(p.value.name);
    if (!parsed)
      return gen.emitError(p.loc) << "tl.dot(): input_precision must be "
                                     "\"tf32\", \"tf32x3\" or \"ieee\"";
    precision = *parsed;
  }
  if (args.has(4)) {
    const Arg &p = args[4];
    if (!p.value.isConstant() ||
        p.value.constant.kind != ConstantValue::Kind::Bool)
      return gen.emitError(p.loc) << "tl.dot(): allow_tf32 must be True or "
                                     "False";
    if (args.has(3))
      return gen.emitError(p.loc) << "tl.dot(): give input_precision or "
                                     "allow_tf32, not both";
    if (!p.value.constant.boolValue)
      precision = tile::InputPrecision::IEEE;
  }
  // Triton applies max_num_imprecise_acc to fp8 products only, which tilec
  // accumulates in full fp32: a count (or None) is accepted and changes
  // nothing.
  if (args.has(5) && !args[5].value.isNone() && !args[5].value.isIntConstant())
    return gen.emitError(args[5].loc)
           << "tl.dot(): max_num_imprecise_acc must be a compile-time integer "
              "or None";
  Type f32 = gen.builder.getF32Type();
  // out_dtype=tl.float16 (fp16 factors only, as Triton): the result and acc
  // are fp16. The product accumulates in fp32 and is rounded to fp16 once
  // per tl.dot, at least as accurate as Triton's fp16 accumulators.
  Type outElement = f32;
  if (args.has(6)) {
    FailureOr<Type> outType =
        dtypeArg(gen, args[6], "tl.dot", "out_dtype", DTypeUse::Any);
    if (failed(outType))
      return failure();
    if (outType->isF16() && !element.isF16())
      return gen.emitError(args[6].loc)
             << "tl.dot(): out_dtype=tl.float16 needs fp16 factors, got "
             << describe(element);
    if (!outType->isF32() && !outType->isF16())
      return gen.emitError(args[6].loc)
             << "tl.dot(): out_dtype must be tl.float32 or tl.float16, got "
             << describe(*outType);
    outElement = *outType;
  }
  auto accType = RankedTensorType::get({m, n}, f32);
  auto outType = RankedTensorType::get({m, n}, outElement);
  Value acc;
  if (args.has(2)) {
    FailureOr<Value> v = valueArg(gen, args[2]);
    if (failed(v))
      return failure();
    if (v->getType() != outType)
      return gen.emitError(args[2].loc)
             << "tl.dot(): acc must be a " << m << "x" << n << " "
             << (outElement.isF16() ? "fp16" : "fp32") << " block; this is "
             << describe(args[2].value);
    acc = *v;
    if (outElement != f32)
      acc = arith::ExtFOp::create(gen.builder, gen.loc(args[2].loc), accType,
                                  acc);
  } else {
    FailureOr<Value> zeros = gen.broadcastTo(
        gen.constantScalar(ConstantValue::getInt(0), f32, at), {m, n}, at);
    if (failed(zeros))
      return failure();
    acc = *zeros;
  }
  Value product = tile::DotOp::create(gen.builder, gen.loc(at), accType,
                                      factors[0], factors[1], acc, precision);
  if (outElement != f32)
    product = arith::TruncFOp::create(gen.builder, gen.loc(at), outType,
                                      product);
  return GenValue::runtime(product);
}

} // namespace detail
} // namespace tilec
