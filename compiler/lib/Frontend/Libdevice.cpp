//===- Libdevice.cpp - tl.extra.cuda.libdevice.* and rounded math ---------===//
//
// libdevice's functions, reached as `tl.extra.cuda.libdevice.NAME(...)` or
// through `from triton.language.extra import libdevice`, become
// tile.extern_elementwise calls of `__nv_*` (tilec links libdevice). The
// symbol follows libdevice's naming: NAMEf for fp32, NAME for fp64 (and
// NAMEll for 64-bit integers). fp16 and bf16 arguments are computed in fp32
// and rounded back; integers given to float functions are converted to
// fp32. tl.div_rn, tl.sqrt_rn and tl.fdiv(..., ieee_rounding=True) use the
// correctly rounded libdevice functions.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

namespace {

enum class LibKind {
  Float,     ///< float -> float, NAMEf / NAME
  Fast,      ///< fp32 only, the symbol is __nv_NAME (fast_expf...)
  Predicate, ///< float -> i32 used as a bool
  FloatInt,  ///< (float, i32) -> float: ldexp, powi, scalbn
  FloatToInt,///< float -> i32: ilogb
  Integer,   ///< i32 / i64 (NAME / NAMEll)
};

struct LibFunction {
  const char *name;
  unsigned arity;
  LibKind kind;
  /// The fp32 and fp64 symbols when they do not follow the rule.
  const char *f32 = nullptr, *f64 = nullptr;
};

const LibFunction kFunctions[] = {
    // One float.
    {"acos", 1, LibKind::Float}, {"acosh", 1, LibKind::Float},
    {"asin", 1, LibKind::Float}, {"asinh", 1, LibKind::Float},
    {"atan", 1, LibKind::Float}, {"atanh", 1, LibKind::Float},
    {"cbrt", 1, LibKind::Float}, {"ceil", 1, LibKind::Float},
    {"cos", 1, LibKind::Float}, {"cosh", 1, LibKind::Float},
    {"cospi", 1, LibKind::Float}, {"erf", 1, LibKind::Float},
    {"erfc", 1, LibKind::Float}, {"erfcinv", 1, LibKind::Float},
    {"erfcx", 1, LibKind::Float}, {"erfinv", 1, LibKind::Float},
    {"exp", 1, LibKind::Float}, {"exp10", 1, LibKind::Float},
    {"exp2", 1, LibKind::Float}, {"expm1", 1, LibKind::Float},
    {"fabs", 1, LibKind::Float}, {"floor", 1, LibKind::Float},
    {"j0", 1, LibKind::Float}, {"j1", 1, LibKind::Float},
    {"lgamma", 1, LibKind::Float}, {"log", 1, LibKind::Float},
    {"log10", 1, LibKind::Float}, {"log1p", 1, LibKind::Float},
    {"log2", 1, LibKind::Float}, {"logb", 1, LibKind::Float},
    {"nearbyint", 1, LibKind::Float}, {"normcdf", 1, LibKind::Float},
    {"normcdfinv", 1, LibKind::Float}, {"rcbrt", 1, LibKind::Float},
    {"rint", 1, LibKind::Float}, {"round", 1, LibKind::Float},
    {"rsqrt", 1, LibKind::Float}, {"sin", 1, LibKind::Float},
    {"sinh", 1, LibKind::Float}, {"sinpi", 1, LibKind::Float},
    {"sqrt", 1, LibKind::Float}, {"tan", 1, LibKind::Float},
    {"tanh", 1, LibKind::Float}, {"tgamma", 1, LibKind::Float},
    {"trunc", 1, LibKind::Float}, {"y0", 1, LibKind::Float},
    {"y1", 1, LibKind::Float},
    // Two or three floats.
    {"atan2", 2, LibKind::Float}, {"copysign", 2, LibKind::Float},
    {"fdim", 2, LibKind::Float}, {"fmax", 2, LibKind::Float},
    {"fmin", 2, LibKind::Float}, {"fmod", 2, LibKind::Float},
    {"hypot", 2, LibKind::Float}, {"nextafter", 2, LibKind::Float},
    {"pow", 2, LibKind::Float}, {"remainder", 2, LibKind::Float},
    {"fma", 3, LibKind::Float},
    {"div_rn", 2, LibKind::Float, "__nv_fdiv_rn", "__nv_ddiv_rn"},
    {"sqrt_rn", 1, LibKind::Float, "__nv_fsqrt_rn", "__nv_dsqrt_rn"},
    // fp32 only.
    {"fast_expf", 1, LibKind::Fast}, {"fast_exp10f", 1, LibKind::Fast},
    {"fast_logf", 1, LibKind::Fast}, {"fast_log2f", 1, LibKind::Fast},
    {"fast_log10f", 1, LibKind::Fast}, {"fast_sinf", 1, LibKind::Fast},
    {"fast_cosf", 1, LibKind::Fast}, {"fast_tanf", 1, LibKind::Fast},
    {"fast_powf", 2, LibKind::Fast}, {"fast_fdividef", 2, LibKind::Fast},
    {"saturatef", 1, LibKind::Fast},
    // Predicates.
    {"isnan", 1, LibKind::Predicate, "__nv_isnanf", "__nv_isnand"},
    {"isinf", 1, LibKind::Predicate, "__nv_isinff", "__nv_isinfd"},
    {"isfinited", 1, LibKind::Predicate, "__nv_finitef", "__nv_isfinited"},
    {"finitef", 1, LibKind::Predicate, "__nv_finitef", "__nv_isfinited"},
    {"signbit", 1, LibKind::Predicate, "__nv_signbitf", "__nv_signbitd"},
    // A float and an integer.
    {"ldexp", 2, LibKind::FloatInt}, {"powi", 2, LibKind::FloatInt},
    {"scalbn", 2, LibKind::FloatInt},
    {"ilogb", 1, LibKind::FloatToInt},
    // Integers.
    {"popc", 1, LibKind::Integer}, {"clz", 1, LibKind::Integer},
    {"ffs", 1, LibKind::Integer}, {"brev", 1, LibKind::Integer},
};

const LibFunction *lookupLibFunction(llvm::StringRef name) {
  for (const LibFunction &fn : kFunctions)
    if (name == fn.name)
      return &fn;
  return nullptr;
}

} // namespace

bool isLibdeviceFunction(llvm::StringRef name) {
  return lookupLibFunction(name) != nullptr;
}

/// `value` in `element` (shape kept).
static FailureOr<Value> convert(Generator &gen, Value value, Type element,
                                const Location &at) {
  if (getElementType(value.getType()) == element)
    return value;
  return gen.convertElementType(value, element, at);
}

FailureOr<GenValue> buildLibdeviceCall(Generator &gen, llvm::StringRef name,
                                       ArrayRef<Arg> args, const Location &at) {
  const LibFunction *fn = lookupLibFunction(name);
  std::string display = ("libdevice." + name).str();
  if (!fn)
    return gen.emitError(at) << display << " is not supported yet";
  if (args.size() != fn->arity)
    return gen.emitError(at) << display << "() takes " << fn->arity
                             << " arguments but " << args.size()
                             << " were given";
  OpBuilder &b = gen.builder;
  mlir::Location loc = gen.loc(at);
  for (const Arg &arg : args)
    if (!(arg.value.isConstant() ||
          (arg.value.isRuntime() &&
           !isPointer(getElementType(arg.value.value.getType())))))
      return gen.emitError(arg.loc)
             << display << "() takes numbers, got " << describe(arg.value);

  if (fn->kind == LibKind::Integer) {
    FailureOr<Value> x = valueArg(gen, args[0]);
    if (failed(x))
      return failure();
    Type element = getElementType(x->getType());
    if (!element.isInteger() || (element.getIntOrFloatBitWidth() != 32 &&
                                 element.getIntOrFloatBitWidth() != 64))
      return gen.emitError(args[0].loc)
             << display << "() takes i32 or i64, got " << describe(x->getType());
    bool wide = element.getIntOrFloatBitWidth() == 64;
    std::string symbol = ("__nv_" + name + (wide ? "ll" : "")).str();
    // brev keeps the width; the counts are i32.
    Type result = name == "brev" ? element : b.getI32Type();
    return GenValue::runtime(tile::ExternElementwiseOp::create(
        b, loc, getShapedLike(getShape(x->getType()), result),
        ValueRange{*x}, symbol));
  }

  // The float operands: a common type and shape, computed in fp32 unless
  // fp64.
  unsigned floats = fn->kind == LibKind::FloatInt ? 1 : fn->arity;
  FailureOr<SmallVector<Value>> unified =
      unifyOperands(gen, args.take_front(floats), at);
  if (failed(unified))
    return failure();
  Type given = getElementType((*unified)[0].getType());
  bool isDouble = given.isF64();
  Type compute = isDouble ? b.getF64Type() : b.getF32Type();
  if (fn->kind == LibKind::Fast && isDouble)
    return gen.emitError(at) << display << "() takes fp32, got fp64";
  SmallVector<Value> operands;
  for (Value v : *unified) {
    FailureOr<Value> operand = convert(gen, v, compute, at);
    if (failed(operand))
      return failure();
    operands.push_back(*operand);
  }
  ArrayRef<int64_t> shape = getShape(operands[0].getType());
  if (fn->kind == LibKind::FloatInt) {
    FailureOr<Value> n = valueArg(gen, args[1]);
    if (failed(n))
      return failure();
    if (!getElementType(n->getType()).isInteger())
      return gen.emitError(args[1].loc)
             << display << "() takes an integer second argument, got "
             << describe(n->getType());
    FailureOr<Value> i = convert(gen, *n, b.getI32Type(), at);
    if (failed(i))
      return failure();
    FailureOr<SmallVector<int64_t>> common =
        gen.broadcastShapes(shape, getShape(i->getType()), at);
    if (failed(common))
      return failure();
    FailureOr<Value> x = gen.broadcastTo(operands[0], *common, at);
    FailureOr<Value> y = gen.broadcastTo(*i, *common, at);
    if (failed(x) || failed(y))
      return failure();
    operands = {*x, *y};
    shape = getShape(operands[0].getType());
  }

  std::string symbol;
  if (fn->kind == LibKind::Fast)
    symbol = ("__nv_" + name).str();
  else if (fn->f32)
    symbol = isDouble ? fn->f64 : fn->f32;
  else
    symbol = ("__nv_" + name + (isDouble ? "" : "f")).str();

  if (fn->kind == LibKind::Predicate || fn->kind == LibKind::FloatToInt) {
    Value word = tile::ExternElementwiseOp::create(
        b, loc, getShapedLike(shape, b.getI32Type()), operands, symbol);
    if (fn->kind == LibKind::FloatToInt)
      return GenValue::runtime(word);
    Value zero = gen.constantScalar(ConstantValue::getInt(0), b.getI32Type(), at);
    FailureOr<Value> zeros = gen.broadcastTo(zero, shape, at);
    if (failed(zeros))
      return failure();
    return GenValue::runtime(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, word, *zeros));
  }
  Value result = tile::ExternElementwiseOp::create(
      b, loc, getShapedLike(shape, compute), operands, symbol);
  // Half types come back in their own type.
  if (!isFloat(given) || given == compute)
    return GenValue::runtime(result);
  FailureOr<Value> narrow = convert(gen, result, given, at);
  if (failed(narrow))
    return failure();
  return GenValue::runtime(*narrow);
}

} // namespace detail
} // namespace tilec

namespace tilec {
namespace detail {

FailureOr<GenValue> buildInlineAsm(Generator &gen, const BoundArgs &args,
                                   const Location &at) {
  for (unsigned i : {0u, 1u})
    if (args[i].value.kind != GenValue::Kind::String)
      return gen.emitError(args[i].loc)
             << "tl.inline_asm_elementwise(): the "
             << (i ? "constraints" : "assembly") << " must be a string, got "
             << describe(args[i].value);
  FailureOr<bool> pure = gen.truthiness(args[4].value, args[4].loc);
  if (failed(pure))
    return failure();
  FailureOr<int64_t> pack = constantInt(gen, args[5], "pack");
  if (failed(pack))
    return failure();
  if (*pack < 1 || *pack > 16 || !llvm::isPowerOf2_64(*pack))
    return gen.emitError(args[5].loc)
           << "tl.inline_asm_elementwise(): pack must be 1, 2, 4, 8 or 16, got "
           << *pack;
  // Operands: a list or tuple of blocks and scalars, broadcast to one shape.
  std::vector<GenValue> given =
      args[2].value.kind == GenValue::Kind::Tuple
          ? args[2].value.elements
          : std::vector<GenValue>{args[2].value};
  SmallVector<Value> operands;
  for (const GenValue &v : given) {
    FailureOr<Value> value = valueArg(gen, Arg{v, args[2].loc});
    if (failed(value))
      return failure();
    if (isPointer(getElementType(value->getType())))
      return gen.emitError(args[2].loc)
             << "tl.inline_asm_elementwise() takes numbers, got "
             << describe(value->getType());
    operands.push_back(*value);
  }
  FailureOr<SmallVector<int64_t>> common =
      gen.broadcastTogether(operands, {at}, at);
  if (failed(common))
    return failure();
  SmallVector<int64_t> shape = *common;
  // Results: one per dtype.
  bool several = args[3].value.kind == GenValue::Kind::Tuple;
  std::vector<GenValue> dtypes =
      several ? args[3].value.elements : std::vector<GenValue>{args[3].value};
  SmallVector<Type> resultTypes;
  SmallVector<bool> unsignedResults;
  for (const GenValue &d : dtypes) {
    unsignedResults.push_back(gen.isUnsigned(d));
    FailureOr<Type> type =
        dtypeArg(gen, Arg{d, args[3].loc}, "tl.inline_asm_elementwise",
                 "dtype", DTypeUse::Number);
    if (failed(type))
      return failure();
    resultTypes.push_back(shape.empty()
                              ? *type
                              : Type(RankedTensorType::get(shape, *type)));
  }
  if (resultTypes.empty())
    return gen.emitError(args[3].loc)
           << "tl.inline_asm_elementwise() needs at least one dtype";
  // With pack = p, one instance of the assembly takes p consecutive
  // elements of the thread: values narrower than 32 bits travel
  // min(32 / bits, p) to a register, wider ones one each, as in Triton.
  auto registers = [&](Type type) -> size_t {
    unsigned bits = getElementType(type).getIntOrFloatBitWidth();
    int64_t perRegister =
        bits < 32 ? std::min<int64_t>(32 / bits, *pack) : 1;
    return static_cast<size_t>(*pack / perRegister);
  };
  size_t numOutputs = 0, numInputs = 0;
  for (Type type : resultTypes)
    numOutputs += registers(type);
  for (Value v : operands)
    numInputs += registers(v.getType());
  // LLVM aborts on assembly it cannot match to its operands: check the
  // constraints (outputs "=...", then one per operand) and every `$n`.
  size_t numOperands = numOutputs + numInputs;
  SmallVector<StringRef> constraints;
  StringRef(args[1].value.name).split(constraints, ',');
  if (constraints.size() != numOperands ||
      llvm::any_of(llvm::enumerate(constraints), [&](auto c) {
        return c.value().trim().starts_with("=") !=
               (c.index() < numOutputs);
      }))
    return gen.emitError(args[1].loc)
           << "tl.inline_asm_elementwise(): the constraints '"
           << args[1].value.name << "' must list " << numOutputs
           << " output(s) ('=r', ...) then " << numInputs << " input(s)"
           << (*pack > 1 ? " (registers of pack=" + std::to_string(*pack) +
                               " elements)"
                         : std::string());
  // Each one a register class NVPTX knows (LLVM reports any other, an
  // empty one included, without a location, or aborts).
  for (StringRef constraint : constraints) {
    StringRef code = constraint.trim();
    code.consume_front("=");
    if (code.size() != 1 || !StringRef("bchrlqfd").contains(code[0]))
      return gen.emitError(args[1].loc)
             << "tl.inline_asm_elementwise(): unknown constraint '"
             << constraint << "' in '" << args[1].value.name
             << "' (one of r, l, h, c, b, q, f, d per operand, outputs "
                "marked '=')";
  }
  StringRef text = args[0].value.name;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '$')
      continue;
    if (i + 1 < text.size() && text[i + 1] == '$') {
      ++i; // "$$" is a literal '$'
      continue;
    }
    size_t j = i + 1;
    if (j < text.size() && text[j] == '{')
      ++j;
    size_t start = j;
    while (j < text.size() && llvm::isDigit(text[j]))
      ++j;
    unsigned index = 0;
    if (j == start || text.substr(start, j - start).getAsInteger(10, index) ||
        index >= numOperands)
      return gen.emitError(args[0].loc)
             << "tl.inline_asm_elementwise(): '"
             << text.substr(i, std::max<size_t>(j - i, 2))
             << "' in the assembly is not an operand ($0 to $"
             << numOperands - 1 << ")";
    // A register name is substituted for `$n`: letters right after it would
    // join that name into a symbol ptxas does not know ('$1e30').
    if (text[start - 1] != '{' && j < text.size() &&
        (llvm::isAlpha(text[j]) || text[j] == '_')) {
      size_t end = j;
      while (end < text.size() &&
             (llvm::isAlnum(text[end]) || text[end] == '_'))
        ++end;
      return gen.emitError(args[0].loc)
             << "tl.inline_asm_elementwise(): '" << text.substr(i, end - i)
             << "' in the assembly runs operand " << text.substr(i, j - i)
             << " into the name '" << text.substr(j, end - j) << "'";
    }
  }
  auto op = tile::InlineAsmOp::create(
      gen.builder, gen.loc(at), resultTypes, operands,
      gen.builder.getStringAttr(args[0].value.name),
      gen.builder.getStringAttr(args[1].value.name),
      *pure ? gen.builder.getUnitAttr() : UnitAttr(),
      gen.builder.getI32IntegerAttr(static_cast<int32_t>(*pack)));
  // The results hold the dtypes' integers (tl.uint32 ones are unsigned),
  // whatever the operands hold.
  std::vector<GenValue> results;
  for (auto [r, isUnsigned] : llvm::zip(op.getResults(), unsignedResults))
    results.push_back(GenValue::runtime(gen.withSignedness(r, isUnsigned)));
  if (!several)
    return results.front();
  return GenValue::tuple(std::move(results));
}

} // namespace detail
} // namespace tilec
