//===- TensorDescriptors.cpp - tl.make_tensor_descriptor and its methods --===//
//
// A tensor descriptor is a compile-time record (GenValue::Kind::TensorDesc)
// of a base pointer, the tensor's shape (i32) and strides (i64, the last one
// the constant 1) and the block shape, as Triton's `tl.tensor_descriptor`.
// It comes from `tl.make_tensor_descriptor` in the kernel or from a
// `tensordesc<...>` kernel parameter (MLIRGen expands it into the base, shape
// and strides arguments).
//
// Until loads and stores through one lower to TMA, they become pointer
// blocks as block-pointer accesses do, every dimension checked:
//
//   ptrs = base + sum_d (offsets[d] + arange(block_shape[d])) * strides[d]
//   mask = 0 <= offsets[d] + arange(block_shape[d]) < shape[d], for every d
//
// padded with zero (or NaN) outside. Triton's rules for descriptors hold
// here too and are promised to the axis analysis as hints: the base is
// 16-byte aligned and every stride but the last is a multiple of 16 bytes.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

#include <cmath>

using namespace mlir;

namespace tilec {
namespace detail {

/// The bytes of one element of `type` (an i1 is stored as a byte).
static int64_t elementBytes(Type type) {
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

/// Raises `x`'s divisibility hint to at least `divisor`.
static void promiseMultipleOf(Generator &gen, Value x, int64_t divisor) {
  if (divisor <= 1)
    return;
  int32_t existing = 1;
  DenseI32ArrayAttr attr;
  if (Operation *def = x.getDefiningOp())
    attr = def->getAttrOfType<DenseI32ArrayAttr>("tile.multiple_of");
  else if (auto arg = dyn_cast<BlockArgument>(x))
    if (auto func =
            dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp())) {
      // A signature's `:N` (or a tensordesc parameter) may say it already.
      auto known = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                      "tile.divisibility");
      if (known && known.getInt() % divisor == 0)
        return;
      attr = func.getArgAttrOfType<DenseI32ArrayAttr>(arg.getArgNumber(),
                                                      "tile.multiple_of");
    }
  if (attr && attr.size() == 1)
    existing = attr[0];
  setHint(gen, x, "tile.multiple_of",
          {static_cast<int32_t>(std::max<int64_t>(existing, divisor))});
}

GenValue makeTensorDescriptor(Generator &gen, Value base,
                              ArrayRef<Value> shape, ArrayRef<Value> strides,
                              ArrayRef<int64_t> blockShape, bool nanPadding,
                              const Location &at, Value tensorMap) {
  Type pointee = cast<tile::PtrType>(base.getType()).getPointeeType();
  int64_t bytes = elementBytes(pointee);
  promiseMultipleOf(gen, base, 16);
  for (Value stride : strides.drop_back())
    promiseMultipleOf(gen, stride, 16 / std::min<int64_t>(16, bytes));
  std::vector<GenValue> elements{GenValue::runtime(base)};
  for (Value v : shape)
    elements.push_back(GenValue::runtime(v));
  for (Value v : strides)
    elements.push_back(GenValue::runtime(v));
  if (tensorMap)
    elements.push_back(GenValue::runtime(tensorMap));
  std::vector<int64_t> ints(blockShape.begin(), blockShape.end());
  ints.push_back(nanPadding ? 1 : 0);
  return GenValue::tensorDesc(std::move(elements), std::move(ints));
}

/// The kernel parameter `value` is (through sign extensions), or -1.
static int kernelParamIndex(Value value, func::FuncOp kernel) {
  while (auto ext = value.getDefiningOp<arith::ExtSIOp>())
    value = ext.getIn();
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != &kernel.getBody().front())
    return -1;
  return static_cast<int>(arg.getArgNumber());
}

/// A `!tile.tensormap` parameter for a 2-d descriptor of kernel parameters
/// (base, shapes, strides but the last): the runtime can encode it at
/// launch, so its loads may use TMA as a `tensordesc` parameter's do.
/// Null when a leaf is computed in the kernel.
static Value paramTensorMap(Generator &gen, Value base, ArrayRef<Value> shape,
                            ArrayRef<Value> strides,
                            ArrayRef<int64_t> blockShape) {
  if (shape.size() != 2)
    return {};
  Operation *parent = gen.builder.getInsertionBlock()->getParentOp();
  auto kernel = isa<func::FuncOp>(parent) ? cast<func::FuncOp>(parent)
                                          : parent->getParentOfType<func::FuncOp>();
  if (!kernel)
    return {};
  SmallVector<int32_t> leaves;
  SmallVector<Value> values = {base};
  llvm::append_range(values, shape);
  llvm::append_range(values, strides.drop_back());
  for (Value v : values) {
    int index = kernelParamIndex(v, kernel);
    if (index < 0 || isa<tile::TensorMapType>(kernel.getArgument(index).getType()))
      return {};
    leaves.push_back(index);
  }
  std::string key;
  llvm::raw_string_ostream os(key);
  llvm::interleave(leaves, os, ",");
  os << ":";
  llvm::interleave(blockShape, os, "x");
  Value &map = gen.paramTensorMaps[key];
  if (map)
    return map;
  // Named after the base parameter: "a_ptr.desc", then "a_ptr.desc1", ...
  auto baseName = kernel.getArgAttrOfType<StringAttr>(leaves[0], "tile.name");
  std::string stem = (baseName ? baseName.str() : "arg") + ".desc";
  std::string name = stem;
  for (unsigned n = 1; llvm::any_of(kernel.getArguments(), [&](BlockArgument a) {
         auto taken = kernel.getArgAttrOfType<StringAttr>(a.getArgNumber(),
                                                          "tile.name");
         return taken && taken.getValue() == name;
       });
       ++n)
    name = stem + std::to_string(n);
  Builder &b = gen.builder;
  unsigned index = kernel.getNumArguments();
  (void)kernel.insertArgument(
      index, tile::TensorMapType::get(b.getContext()),
      b.getDictionaryAttr(
          {b.getNamedAttr("tile.name", b.getStringAttr(name)),
           b.getNamedAttr("tile.tensor_map_of", b.getDenseI32ArrayAttr(leaves))}),
      kernel.getLoc());
  map = kernel.getArgument(index);
  return map;
}

FailureOr<GenValue> buildMakeTensorDescriptor(Generator &gen,
                                              const BoundArgs &args,
                                              const Location &at) {
  const char *fn = "tl.make_tensor_descriptor";
  FailureOr<Value> baseOr = singlePointerBase(gen, args[0], fn);
  if (failed(baseOr))
    return failure();
  Value base = *baseOr;
  Type pointee = cast<tile::PtrType>(base.getType()).getPointeeType();
  FailureOr<SmallVector<int64_t>> blockShape = blockShapeArg(gen, args[3], fn);
  if (failed(blockShape))
    return failure();
  size_t rank = blockShape->size();
  if (rank < 1 || rank > 5)
    return gen.emitError(args[3].loc)
           << fn << "(): a descriptor has 1 to 5 dimensions, got " << rank;
  int64_t bytes = elementBytes(pointee);
  if (blockShape->back() * bytes < 16)
    return gen.emitError(args[3].loc)
           << fn << "(): the block's last dimension must span at least 16 "
           << "bytes, got " << blockShape->back() << " x " << bytes
           << " bytes";

  // The last stride must be the literal 1, as in Triton: the last dimension
  // is contiguous, which is what makes the accesses vectors.
  const Arg &stridesArg = args[2];
  const GenValue &last = stridesArg.value.kind == GenValue::Kind::Tuple &&
                                 !stridesArg.value.elements.empty()
                             ? stridesArg.value.elements.back()
                             : stridesArg.value;
  if (last.getInt64() != std::optional<int64_t>(1))
    return gen.emitError(stridesArg.loc)
           << fn << "(): the last stride must be the compile-time constant 1 "
           << "(the last dimension is contiguous), got " << describe(last);

  Type i32 = gen.builder.getI32Type(), i64 = gen.builder.getI64Type();
  FailureOr<SmallVector<GenValue>> shape =
      integerScalars(gen, args[1], fn, "shape", i32, rank, at);
  FailureOr<SmallVector<GenValue>> strides =
      integerScalars(gen, stridesArg, fn, "strides", i64, rank, at);
  if (failed(shape) || failed(strides))
    return failure();

  bool nanPadding = false;
  if (args.has(4)) {
    const Arg &p = args[4];
    llvm::StringRef text =
        p.value.kind == GenValue::Kind::String ? p.value.name : "?";
    if (text != "zero" && text != "nan")
      return gen.emitError(p.loc)
             << fn << "(): padding_option must be \"zero\" or \"nan\", got "
             << describe(p.value);
    nanPadding = text == "nan";
    if (nanPadding && !isFloat(pointee))
      return gen.emitError(p.loc)
             << fn << "(): padding_option \"nan\" needs floating-point "
             << "elements, got " << describe(pointee);
  }
  SmallVector<Value> shapeValues, strideValues;
  for (const GenValue &v : *shape)
    shapeValues.push_back(v.value);
  for (const GenValue &v : *strides)
    strideValues.push_back(v.value);
  // A NaN-padded descriptor keeps the pointer path: its maps would need
  // TMA's NaN fill, which the runtime does not ask for.
  Value map = nanPadding ? Value()
                         : paramTensorMap(gen, base, shapeValues, strideValues,
                                          *blockShape);
  return makeTensorDescriptor(gen, base, shapeValues, strideValues,
                              *blockShape, nanPadding, at, map);
}

/// The pointers and mask of the block at `offsets` in `desc`; the offsets
/// as i32 values go to `coords` when it is given.
static FailureOr<BlockAccess>
descriptorAccess(Generator &gen, const GenValue &desc, const Arg &offsetsArg,
                 llvm::StringRef fn, const Location &at,
                 SmallVectorImpl<Value> *coords = nullptr) {
  size_t rank = desc.descRank();
  Type i32 = gen.builder.getI32Type();
  FailureOr<SmallVector<GenValue>> offsets =
      integerScalars(gen, offsetsArg, fn, "offsets", i32, rank, at);
  if (failed(offsets))
    return failure();
  if (coords)
    for (const GenValue &offset : *offsets) {
      FailureOr<Value> value = gen.castTo(Arg{offset, at}, i32, at);
      if (failed(value))
        return failure();
      coords->push_back(*value);
    }
  // A block pointer at `offsets` with every dimension checked.
  std::vector<GenValue> elements{desc.elements[0]};
  for (size_t d = 0; d < rank; ++d) {
    FailureOr<Value> wide = gen.castTo(Arg{desc.elements[1 + d], at},
                                       gen.builder.getI64Type(), at);
    if (failed(wide))
      return failure();
    elements.push_back(GenValue::runtime(*wide));
  }
  for (size_t d = 0; d < rank; ++d)
    elements.push_back(desc.elements[1 + rank + d]);
  elements.insert(elements.end(), offsets->begin(), offsets->end());
  std::vector<int64_t> ints(desc.descBlockShape().begin(),
                            desc.descBlockShape().end());
  for (size_t d = 0; d < rank; ++d)
    ints.push_back(static_cast<int64_t>(d));
  GenValue blockPtr = GenValue::blockPtr(std::move(elements), std::move(ints));
  SmallVector<bool> checked(rank, true);
  return blockAccess(gen, blockPtr, checked, at);
}

FailureOr<GenValue> buildDescriptorLoad(Generator &gen, const GenValue &desc,
                                        const Arg &offsets,
                                        const Location &at) {
  SmallVector<Value> coords;
  FailureOr<BlockAccess> access =
      descriptorAccess(gen, desc, offsets, "desc.load", at, &coords);
  if (failed(access))
    return failure();
  Type pointee = cast<tile::PtrType>(getElementType(access->ptrs.getType()))
                     .getPointeeType();
  ConstantValue padding = desc.descNanPadding()
                              ? ConstantValue::getFloat(std::nan(""))
                              : ConstantValue::getInt(0);
  FailureOr<Value> other =
      gen.broadcastTo(gen.constantScalar(padding, pointee, at),
                      getShape(access->ptrs.getType()), at);
  if (failed(other))
    return failure();
  Type resultType = getShapedLike(getShape(access->ptrs.getType()), pointee);
  // A parameter's 2-d descriptor also names the block in its tensor map
  // (coordinates are the offsets, outermost first), for tile-pipeline.
  Value map;
  if (desc.descTensorMap() && desc.descRank() == 2)
    map = desc.descTensorMap();
  else
    coords.clear();
  return GenValue::runtime(tile::LoadOp::create(
      gen.builder, gen.loc(at), resultType, access->ptrs, access->mask, *other,
      map, coords, tile::CacheModifierAttr(), tile::EvictionPolicyAttr()));
}

FailureOr<GenValue> buildDescriptorStore(Generator &gen, const GenValue &desc,
                                         const Arg &offsets, const Arg &value,
                                         llvm::StringRef atomic,
                                         const Location &at) {
  std::string fn =
      atomic.empty() ? "desc.store" : ("desc." + atomic.drop_front(3)).str();
  // A block must have the descriptor's block shape (a scalar is broadcast).
  if (value.value.isRuntime() && isBlock(value.value.value.getType()) &&
      getShape(value.value.value.getType()) != desc.descBlockShape()) {
    InFlightDiagnostic diag = gen.emitError(value.loc)
                              << fn << "(): the value's shape must be the "
                              << "descriptor's block shape ";
    llvm::interleave(desc.descBlockShape(), diag, "x");
    return diag << ", got " << describe(value.value);
  }
  FailureOr<BlockAccess> access = descriptorAccess(gen, desc, offsets, fn, at);
  if (failed(access))
    return failure();
  BoundArgs bound;
  bound.callLoc = at;
  bound.slots.resize(atomic.empty() ? 6 : 5);
  bound.slots[0] = Arg{GenValue::runtime(access->ptrs), at};
  bound.slots[1] = value;
  bound.slots[2] = Arg{GenValue::runtime(access->mask), at};
  FailureOr<GenValue> result = atomic.empty()
                                   ? buildStore(gen, bound, at)
                                   : buildAtomicRMW(gen, atomic, bound, at);
  if (failed(result))
    return failure();
  return GenValue::none();
}

} // namespace detail
} // namespace tilec
