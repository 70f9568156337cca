//===- Library.cpp - Triton's library functions made of others ------------===//
//
// Functions that Triton's standard library writes in its own language on top
// of the primitives (tl.swizzle2d, tl.ravel, tl.softmax), and small ones that
// only rearrange or annotate values (tl.broadcast, tl.assume). Each is built
// here from the same calls a kernel would make, so its semantics, errors and
// promotions are those of the pieces.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace tilec {
namespace detail {

namespace {

/// Calls builtin `name` with positional `args` and keyword ones.
FailureOr<GenValue> call(Generator &gen, llvm::StringRef name,
                         ArrayRef<Arg> args, const Location &at,
                         ArrayRef<std::pair<std::string, Arg>> keywords = {}) {
  SmallVector<Arg> values;
  SmallVector<std::string> names;
  for (const auto &[keyword, value] : keywords) {
    names.push_back(keyword);
    values.push_back(value);
  }
  return gen.callFunction(GenValue::function(name.str()), args, values, names,
                          at);
}

/// `lhs op rhs`, each already generated.
FailureOr<GenValue> binary(Generator &gen, ast::BinaryOp op,
                           const GenValue &lhs, const GenValue &rhs,
                           const Location &at) {
  return gen.genBinary(op, Arg{lhs, at}, Arg{rhs, at}, at);
}

} // namespace

FailureOr<GenValue> buildSwizzle2d(Generator &gen, const BoundArgs &args,
                                   const Location &at) {
  // Row-major (i, j) in a size_i x size_j grid, renumbered so that groups
  // of size_g rows are walked column by column (the last group may have
  // fewer rows):
  //   ij = i * size_j + j;  group = ij // (size_g * size_j)
  //   first = group * size_g;  rows = minimum(size_i - first, size_g)
  //   within = ij % (size_g * size_j)
  //   return first + within % rows, within // rows
  using ast::BinaryOp;
  const GenValue &i = args[0].value, &j = args[1].value;
  const GenValue &sizeI = args[2].value, &sizeJ = args[3].value,
                 &sizeG = args[4].value;
  FailureOr<GenValue> rowMajor = binary(gen, BinaryOp::Mul, i, sizeJ, at);
  if (failed(rowMajor))
    return failure();
  FailureOr<GenValue> ij = binary(gen, BinaryOp::Add, *rowMajor, j, at);
  FailureOr<GenValue> groupSize = binary(gen, BinaryOp::Mul, sizeG, sizeJ, at);
  if (failed(ij) || failed(groupSize))
    return failure();
  FailureOr<GenValue> group =
      binary(gen, BinaryOp::FloorDiv, *ij, *groupSize, at);
  if (failed(group))
    return failure();
  FailureOr<GenValue> first = binary(gen, BinaryOp::Mul, *group, sizeG, at);
  if (failed(first))
    return failure();
  FailureOr<GenValue> left = binary(gen, BinaryOp::Sub, sizeI, *first, at);
  if (failed(left))
    return failure();
  FailureOr<GenValue> rows =
      call(gen, "tl.minimum", {Arg{*left, at}, Arg{sizeG, at}}, at);
  FailureOr<GenValue> within = binary(gen, BinaryOp::Mod, *ij, *groupSize, at);
  if (failed(rows) || failed(within))
    return failure();
  FailureOr<GenValue> rowInGroup = binary(gen, BinaryOp::Mod, *within, *rows, at);
  if (failed(rowInGroup))
    return failure();
  FailureOr<GenValue> newI = binary(gen, BinaryOp::Add, *first, *rowInGroup, at);
  FailureOr<GenValue> newJ =
      binary(gen, BinaryOp::FloorDiv, *within, *rows, at);
  if (failed(newI) || failed(newJ))
    return failure();
  return GenValue::tuple({*newI, *newJ});
}

FailureOr<GenValue> buildRavel(Generator &gen, const BoundArgs &args,
                               const Location &at) {
  FailureOr<Value> x = valueArg(gen, args[0]);
  if (failed(x))
    return failure();
  int64_t count = 1;
  for (int64_t d : getShape(x->getType()))
    count *= d;
  GenValue shape = GenValue::tuple({GenValue::integer(count)});
  SmallVector<std::pair<std::string, Arg>> keywords;
  if (args.has(1))
    keywords.push_back({"can_reorder", args[1]});
  return call(gen, "tl.reshape", {Arg{GenValue::runtime(*x), at},
                                  Arg{shape, at}},
              at, keywords);
}

FailureOr<GenValue> buildSoftmax(Generator &gen, const BoundArgs &args,
                                 const Location &at) {
  // x - max(x, dim) is exponentiated and divided by its sum along dim
  // (0 by default), as Triton's tl.softmax does; keep_dims applies to both
  // reductions, so with it False only trailing broadcasts line up.
  Arg x = args[0];
  Arg dim = args.has(1) ? args[1] : Arg{GenValue::integer(0), at};
  Arg keepDims = args.has(2) ? args[2] : Arg{GenValue::boolean(false), at};
  FailureOr<GenValue> max =
      call(gen, "tl.max", {x, dim}, at, {{"keep_dims", keepDims}});
  if (failed(max))
    return failure();
  FailureOr<GenValue> shifted =
      gen.genBinary(ast::BinaryOp::Sub, x, Arg{*max, at}, at);
  if (failed(shifted))
    return failure();
  FailureOr<GenValue> numerator = call(gen, "tl.exp", {Arg{*shifted, at}}, at);
  if (failed(numerator))
    return failure();
  FailureOr<GenValue> denominator = call(
      gen, "tl.sum", {Arg{*numerator, at}, dim}, at, {{"keep_dims", keepDims}});
  if (failed(denominator))
    return failure();
  SmallVector<Arg> fdiv = {Arg{*numerator, at}, Arg{*denominator, at}};
  if (args.has(3))
    fdiv.push_back(args[3]);
  return call(gen, "tl.fdiv", fdiv, at);
}

FailureOr<GenValue> buildBroadcastPair(Generator &gen, const BoundArgs &args,
                                       const Location &at) {
  FailureOr<Value> a = valueArg(gen, args[0]);
  FailureOr<Value> b = valueArg(gen, args[1]);
  if (failed(a) || failed(b))
    return failure();
  FailureOr<SmallVector<int64_t>> shape =
      gen.broadcastShapes(getShape(a->getType()), getShape(b->getType()), at);
  if (failed(shape))
    return failure();
  FailureOr<Value> wideA = gen.broadcastTo(*a, *shape, args[0].loc);
  FailureOr<Value> wideB = gen.broadcastTo(*b, *shape, args[1].loc);
  if (failed(wideA) || failed(wideB))
    return failure();
  return GenValue::tuple(
      {GenValue::runtime(*wideA), GenValue::runtime(*wideB)});
}

/// Whether `value` is an instance of the class called `cls` (a name as the
/// callee GenValue spells it), or none if tilec does not know the class.
static std::optional<bool> isInstanceOf(const GenValue &value,
                                        llvm::StringRef cls) {
  using Kind = GenValue::Kind;
  bool constant = value.kind == Kind::Constant;
  ConstantValue::Kind constantKind = value.constant.kind;
  return llvm::StringSwitch<std::optional<bool>>(cls)
      .Case("tl.tensor_descriptor", value.kind == Kind::TensorDesc)
      // Triton's runtime scalars are tensors too.
      .Case("tl.tensor", value.isRuntime())
      // Literals and constexpr arguments are constexprs in Triton.
      .Case("tl.constexpr", constant || value.kind == Kind::String ||
                                value.kind == Kind::None ||
                                value.kind == Kind::DType)
      .Case("tl.dtype", value.kind == Kind::DType)
      .Cases({"tl.tuple", "tuple", "list"}, value.kind == Kind::Tuple)
      // Python's bools are ints too.
      .Case("int", constant && (constantKind == ConstantValue::Kind::Int ||
                                constantKind == ConstantValue::Kind::Bool))
      .Case("float", constant && constantKind == ConstantValue::Kind::Float)
      .Case("bool", constant && constantKind == ConstantValue::Kind::Bool)
      .Case("str", value.kind == Kind::String)
      .Default(std::nullopt);
}

FailureOr<GenValue> buildIsInstance(Generator &gen, const BoundArgs &args,
                                    const Location &at) {
  const GenValue &obj = args[0].value, &classinfo = args[1].value;
  std::vector<GenValue> classes = classinfo.kind == GenValue::Kind::Tuple
                                      ? classinfo.elements
                                      : std::vector<GenValue>{classinfo};
  bool result = false;
  for (const GenValue &cls : classes) {
    std::optional<bool> is =
        cls.kind == GenValue::Kind::Function ? isInstanceOf(obj, cls.name)
                                             : std::nullopt;
    if (!is)
      return gen.emitError(args[1].loc)
             << "isinstance() takes tl.tensor, tl.tensor_descriptor, "
                "tl.constexpr, tl.dtype, tl.tuple, int, float, bool or str "
                "(or a tuple of them), got "
             << describe(cls);
    result |= *is;
  }
  return GenValue::boolean(result);
}

FailureOr<GenValue> buildPointerType(Generator &gen, const BoundArgs &args,
                                     const Location &at) {
  FailureOr<Type> element = dtypeArg(gen, args[0], "tl.pointer_type",
                                     "element_ty", DTypeUse::Pointee);
  if (failed(element))
    return failure();
  if (args.has(1)) {
    FailureOr<int64_t> space = constantInt(gen, args[1], "address_space");
    if (failed(space))
      return failure();
    if (*space != 1)
      return gen.emitError(args[1].loc)
             << "tl.pointer_type(): only global memory (address_space 1) is "
                "supported, got "
             << *space;
  }
  // `const` only stops stores in Triton; these pointers are all alike.
  return GenValue::dtype(tile::PtrType::get(*element),
                         gen.isUnsigned(args[0].value));
}

FailureOr<GenValue> buildPointerCast(Generator &gen, Value x, Type dtype,
                                     const Location &xLoc,
                                     const Location &at) {
  Type src = getElementType(x.getType());
  mlir::Location loc = gen.loc(at);
  Type result = getShapedLike(getShape(x.getType()), dtype);
  if (isPointer(src) && isPointer(dtype))
    return GenValue::runtime(
        tile::PtrCastOp::create(gen.builder, loc, result, x));
  if (isPointer(src)) {
    // A pointer as its address, or as whether it is not null (Triton's
    // ptr.to(tl.int1)).
    if (dtype.isInteger(64))
      return GenValue::runtime(
          tile::PtrCastOp::create(gen.builder, loc, result, x));
    if (dtype.isInteger(1)) {
      Type i64 = getShapedLike(getShape(x.getType()), gen.builder.getI64Type());
      Value address = tile::PtrCastOp::create(gen.builder, loc, i64, x);
      Value zero = arith::ConstantOp::create(gen.builder, loc,
                                             gen.builder.getI64IntegerAttr(0));
      FailureOr<Value> zeros = gen.broadcastTo(zero, getShape(i64), at);
      if (failed(zeros))
        return failure();
      return GenValue::runtime(arith::CmpIOp::create(
          gen.builder, loc, arith::CmpIPredicate::ne, address, *zeros));
    }
    return gen.emitError(at) << "a pointer converts to a pointer, tl.int64 "
                                "(its address) or tl.int1, not "
                             << describe(dtype);
  }
  if (!src.isInteger(64))
    return gen.emitError(xLoc)
           << "only 64-bit integers convert to pointers (x.to(tl.int64) "
              "first), got "
           << describe(x.getType());
  return GenValue::runtime(
      tile::PtrCastOp::create(gen.builder, loc, result, x));
}

FailureOr<GenValue> buildAssume(Generator &gen, const BoundArgs &args,
                                const Location &at) {
  const Arg &cond = args[0];
  if (!cond.value.isRuntime()) {
    FailureOr<bool> holds = gen.truthiness(cond.value, cond.loc);
    if (failed(holds))
      return gen.emitError(cond.loc)
             << "tl.assume() needs a condition, got " << describe(cond.value);
    if (!*holds)
      return gen.emitError(cond.loc)
             << "tl.assume() of a condition that is False";
    return GenValue::none();
  }
  Type type = cond.value.value.getType();
  if (isPointer(getElementType(type)))
    return gen.emitError(cond.loc)
           << "tl.assume() needs a condition, got " << describe(type);
  // A block's assumption is a hint that the code generators here do not
  // use: it is checked and dropped. A scalar's reaches LLVM, whose value
  // tracking (signs, ranges of offsets) reads llvm.assume.
  if (isBlock(type))
    return GenValue::none();
  FailureOr<Value> flag = gen.toBool(cond, cond.loc);
  if (failed(flag))
    return failure();
  LLVM::AssumeOp::create(gen.builder, gen.loc(at), *flag);
  return GenValue::none();
}

} // namespace detail
} // namespace tilec
