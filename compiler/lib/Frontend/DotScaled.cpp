//===- DotScaled.cpp - tl.dot_scaled, decomposed as on Hopper -------------===//
//
// tl.dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format,
// acc=None, fast_math=False, lhs_k_pack=True, rhs_k_pack=True,
// out_dtype=tl.float32) multiplies operands in OCP microscaling formats:
// "e2m1" (two 4-bit floats a byte, packed along K, the first in the low
// nibble), "e4m3", "e5m2" (fp8, or uint8 bits), "bf16", "fp16" (or uint16
// bits), each optionally scaled by e8m0 bytes (2^(s-127)), one per K/S
// elements along K for a [M, S] (lhs) or [N, S] (rhs) scale block. Hopper
// has no scaled MMA; as Triton does there, each operand is upcast to bf16
// (fp16 when either format is fp16), multiplied by its broadcast scale
// (scale byte 0xFF gives NaN unless fast_math), and the two go through
// tl.dot with an fp32 accumulator. The decomposition is written with the
// front end's own functions (reshape, join, where, ...), so it gets their
// checks and their lowerings.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

#include <array>
#include <limits>

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

/// Builds the decomposition for one call site.
class DotScaledBuilder {
public:
  DotScaledBuilder(Generator &gen, const tilec::Location &at)
      : gen(gen), at(at) {}

  FailureOr<GenValue> build(const BoundArgs &a);

private:
  /// A call of the front end's function `name`.
  FailureOr<GenValue> call(llvm::StringRef name, ArrayRef<GenValue> args,
                           ArrayRef<GenValue> kwargValues = {},
                           ArrayRef<std::string> kwargNames = {}) {
    SmallVector<Arg> positional, keywords;
    for (const GenValue &v : args)
      positional.push_back(Arg{v, at});
    for (const GenValue &v : kwargValues)
      keywords.push_back(Arg{v, at});
    return gen.callFunction(GenValue::function(name), positional, keywords,
                            kwargNames, at);
  }
  FailureOr<GenValue> binary(ast::BinaryOp op, const GenValue &lhs,
                             const GenValue &rhs) {
    return gen.genBinary(op, Arg{lhs, at}, Arg{rhs, at}, at);
  }
  FailureOr<GenValue> cast(const GenValue &v, Type type, bool bitcast = false) {
    if (!bitcast)
      return call("tl.cast", {v, GenValue::dtype(type)});
    return call("tl.cast", {v, GenValue::dtype(type)},
                {GenValue::boolean(true)}, {"bitcast"});
  }
  static GenValue shapeOf(ArrayRef<int64_t> dims) {
    std::vector<GenValue> elements;
    for (int64_t d : dims)
      elements.push_back(GenValue::integer(d));
    return GenValue::tuple(std::move(elements));
  }

  /// The operand in the compute type, K unpacked; null on error.
  FailureOr<GenValue> upcast(const Arg &operand, llvm::StringRef format,
                             bool isRhs);
  /// e2m1 nibbles (i32 values 0..15) as `computeType`.
  FailureOr<GenValue> fp4Values(const GenValue &nibbles);
  /// `scale` ([rows, S] bytes) as 2^(s-127) in the compute type, a block of
  /// the operand's shape (K along `isRhs ? 0 : 1`); with `isNan`, whether
  /// the byte is 0xFF instead.
  FailureOr<GenValue> broadcastScale(const Arg &scale, bool isRhs,
                                     ArrayRef<int64_t> operandShape,
                                     bool isNan);

  Generator &gen;
  tilec::Location at;
  Type computeType;
};

} // namespace

static bool isFormat(llvm::StringRef format) {
  return format == "e2m1" || format == "e4m3" || format == "e5m2" ||
         format == "bf16" || format == "fp16";
}

/// The shape of a runtime block, or empty.
static SmallVector<int64_t> blockShapeOf(const GenValue &v) {
  if (!v.isRuntime())
    return {};
  auto type = dyn_cast<RankedTensorType>(v.value.getType());
  if (!type)
    return {};
  return SmallVector<int64_t>(type.getShape());
}

static Type elementTypeOf(const GenValue &v) {
  return cast<RankedTensorType>(v.value.getType()).getElementType();
}

FailureOr<GenValue> DotScaledBuilder::fp4Values(const GenValue &nibbles) {
  // e2m1: sign, 2 exponent bits (bias 1), 1 mantissa bit. As fp32 bits:
  // magnitudes 2 to 7 are (m << 22) + (126 << 23); 1 is 0.5, 0 is 0.
  Builder b(gen.builder.getContext());
  auto i = [](int64_t v) { return GenValue::integer(v); };
  FailureOr<GenValue> magnitude = binary(ast::BinaryOp::BitAnd, nibbles, i(7));
  FailureOr<GenValue> sign = binary(ast::BinaryOp::BitAnd, nibbles, i(8));
  if (failed(magnitude) || failed(sign))
    return failure();
  FailureOr<GenValue> shifted = binary(ast::BinaryOp::Shl, *magnitude, i(22));
  if (failed(shifted))
    return failure();
  FailureOr<GenValue> normal = binary(ast::BinaryOp::Add, *shifted,
                                      i(126 << 23));
  FailureOr<GenValue> isHalf =
      gen.genCompare(ast::CompareOp::Eq, Arg{*magnitude, at}, Arg{i(1), at},
                     at);
  FailureOr<GenValue> isZero =
      gen.genCompare(ast::CompareOp::Eq, Arg{*magnitude, at}, Arg{i(0), at},
                     at);
  if (failed(normal) || failed(isHalf) || failed(isZero))
    return failure();
  FailureOr<GenValue> bits = call("tl.where", {*isHalf, i(126 << 23), *normal});
  if (failed(bits))
    return failure();
  bits = call("tl.where", {*isZero, i(0), *bits});
  if (failed(bits))
    return failure();
  FailureOr<GenValue> signBit = binary(ast::BinaryOp::Shl, *sign, i(28));
  if (failed(signBit))
    return failure();
  bits = binary(ast::BinaryOp::BitOr, *bits, *signBit);
  if (failed(bits))
    return failure();
  FailureOr<GenValue> f32 = cast(*bits, b.getF32Type(), /*bitcast=*/true);
  if (failed(f32))
    return failure();
  return cast(*f32, computeType);
}

FailureOr<GenValue> DotScaledBuilder::upcast(const Arg &operand,
                                             llvm::StringRef format,
                                             bool isRhs) {
  Builder b(gen.builder.getContext());
  const char *which = isRhs ? "rhs" : "lhs";
  SmallVector<int64_t> shape = blockShapeOf(operand.value);
  if (shape.size() != 2)
    return gen.emitError(operand.loc)
           << "tl.dot_scaled(): " << which << " must be a 2-D block, got "
           << describe(operand.value);
  Type element = elementTypeOf(operand.value);
  auto isBits = [&](unsigned width) {
    return element.isInteger(width);
  };
  GenValue v = operand.value;
  if (format == "e2m1") {
    if (!isBits(8))
      return gen.emitError(operand.loc)
             << "tl.dot_scaled(): e2m1 " << which
             << " must be uint8, two values a byte, got "
             << describe(operand.value);
    FailureOr<GenValue> word = cast(v, b.getI32Type());
    if (failed(word))
      return failure();
    FailureOr<GenValue> low =
        binary(ast::BinaryOp::BitAnd, *word, GenValue::integer(15));
    FailureOr<GenValue> high =
        binary(ast::BinaryOp::Shr, *word, GenValue::integer(4));
    if (failed(low) || failed(high))
      return failure();
    high = binary(ast::BinaryOp::BitAnd, *high, GenValue::integer(15));
    if (failed(high))
      return failure();
    FailureOr<GenValue> first = fp4Values(*low), second = fp4Values(*high);
    if (failed(first) || failed(second))
      return failure();
    // The low nibble is the element before the high one along K.
    FailureOr<GenValue> pairs = call("tl.join", {*first, *second});
    if (failed(pairs))
      return failure();
    if (!isRhs)
      return call("tl.reshape", {*pairs, shapeOf({shape[0], shape[1] * 2})});
    FailureOr<GenValue> kMajor =
        call("tl.permute", {*pairs, shapeOf({0, 2, 1})});
    if (failed(kMajor))
      return failure();
    return call("tl.reshape", {*kMajor, shapeOf({shape[0] * 2, shape[1]})});
  }
  Type floatType = llvm::StringSwitch<Type>(format)
                       .Case("e4m3", b.getType<Float8E4M3FNType>())
                       .Case("e5m2", b.getType<Float8E5M2Type>())
                       .Case("bf16", b.getBF16Type())
                       .Default(b.getF16Type());
  if (element != floatType) {
    if (!isBits(floatType.getIntOrFloatBitWidth()))
      return gen.emitError(operand.loc)
             << "tl.dot_scaled(): " << format << " " << which << " must be "
             << describe(floatType) << " or its bits as uint"
             << floatType.getIntOrFloatBitWidth() << ", got "
             << describe(operand.value);
    FailureOr<GenValue> asFloat = cast(v, floatType, /*bitcast=*/true);
    if (failed(asFloat))
      return failure();
    v = *asFloat;
  }
  return cast(v, computeType);
}

FailureOr<GenValue>
DotScaledBuilder::broadcastScale(const Arg &scale, bool isRhs,
                                 ArrayRef<int64_t> operandShape, bool isNan) {
  Builder b(gen.builder.getContext());
  SmallVector<int64_t> shape = blockShapeOf(scale.value);
  int64_t rows = isRhs ? operandShape[1] : operandShape[0];
  int64_t k = isRhs ? operandShape[0] : operandShape[1];
  const char *which = isRhs ? "rhs_scale" : "lhs_scale";
  if (shape.size() != 2 || !elementTypeOf(scale.value).isInteger(8) ||
      shape[0] != rows || k % shape[1] != 0)
    return gen.emitError(scale.loc)
           << "tl.dot_scaled(): " << which << " must be a " << rows
           << " x S block of uint8 (e8m0 scales) with S dividing K = " << k
           << ", got " << describe(scale.value);
  int64_t perScale = k / shape[1];
  FailureOr<GenValue> bytes = cast(scale.value, b.getI32Type());
  if (failed(bytes))
    return failure();
  bytes = binary(ast::BinaryOp::BitAnd, *bytes, GenValue::integer(255));
  if (failed(bytes))
    return failure();
  FailureOr<GenValue> value;
  if (isNan) {
    // The byte, not the scale: in fp16, bytes from 143 up overflow to
    // infinity too, and Triton gives those inf * x.
    value = gen.genCompare(ast::CompareOp::Eq, Arg{*bytes, at},
                           Arg{GenValue::integer(255), at}, at);
  } else {
    // 2^(s-127) as fp32 bits (s = 0 gives 0, as Triton's bf16 scale does).
    FailureOr<GenValue> bits =
        binary(ast::BinaryOp::Shl, *bytes, GenValue::integer(23));
    if (failed(bits))
      return failure();
    FailureOr<GenValue> f32 = cast(*bits, b.getF32Type(), /*bitcast=*/true);
    if (failed(f32))
      return failure();
    value = cast(*f32, computeType);
  }
  if (failed(value))
    return failure();
  // [rows, S] -> K-major with each scale repeated K/S times along K.
  if (isRhs) {
    value = call("tl.trans", {*value});
    if (failed(value))
      return failure();
  }
  int64_t kAxis = isRhs ? 0 : 1;
  value = call("tl.expand_dims", {*value, GenValue::integer(kAxis + 1)});
  if (failed(value))
    return failure();
  SmallVector<int64_t> repeated =
      isRhs ? SmallVector<int64_t>{shape[1], perScale, rows}
            : SmallVector<int64_t>{rows, shape[1], perScale};
  value = call("tl.broadcast_to", {*value, shapeOf(repeated)});
  if (failed(value))
    return failure();
  return call("tl.reshape", {*value, shapeOf(operandShape)});
}

FailureOr<GenValue> DotScaledBuilder::build(const BoundArgs &a) {
  Builder b(gen.builder.getContext());
  // Formats: compile-time strings.
  llvm::StringRef formats[2];
  for (auto [slot, format] : llvm::zip(std::array<unsigned, 2>{2, 5},
                                       formats)) {
    const Arg &arg = a[slot];
    if (arg.value.kind != GenValue::Kind::String ||
        !isFormat(arg.value.name))
      return gen.emitError(arg.loc)
             << "tl.dot_scaled(): " << (slot == 2 ? "lhs" : "rhs")
             << "_format must be one of \"e2m1\", \"e4m3\", \"e5m2\", "
                "\"bf16\", \"fp16\", got "
             << describe(arg.value);
    format = arg.value.name;
  }
  FailureOr<bool> fastMath = optionalBool(gen, a, 7, "tl.dot_scaled",
                                          "fast_math");
  if (failed(fastMath))
    return failure();
  for (unsigned slot : {8u, 9u}) {
    FailureOr<bool> pack = a.has(slot)
                               ? optionalBool(gen, a, slot, "tl.dot_scaled",
                                              slot == 8 ? "lhs_k_pack"
                                                        : "rhs_k_pack")
                               : FailureOr<bool>(true);
    if (failed(pack))
      return failure();
    if (!*pack)
      return gen.emitError(a[slot].loc)
             << "tl.dot_scaled(): e2m1 packed along M or N ("
             << (slot == 8 ? "lhs" : "rhs")
             << "_k_pack=False) is not supported yet";
  }
  if (a.has(10)) {
    FailureOr<Type> out =
        dtypeArg(gen, a[10], "tl.dot_scaled", "out_dtype", DTypeUse::Any);
    if (failed(out))
      return failure();
    if (!out->isF32())
      return gen.emitError(a[10].loc)
             << "tl.dot_scaled(): out_dtype must be tl.float32, got "
             << describe(*out);
  }
  computeType = formats[0] == "fp16" || formats[1] == "fp16"
                    ? Type(b.getF16Type())
                    : Type(b.getBF16Type());

  GenValue operands[2];
  for (auto [i, slot] : llvm::enumerate(std::array<unsigned, 2>{0, 3})) {
    bool isRhs = i == 1;
    FailureOr<GenValue> v = upcast(a[slot], formats[i], isRhs);
    if (failed(v))
      return failure();
    unsigned scaleSlot = slot + 1;
    if (a.has(scaleSlot)) {
      SmallVector<int64_t> shape = blockShapeOf(*v);
      FailureOr<GenValue> scale =
          broadcastScale(a[scaleSlot], isRhs, shape, /*isNan=*/false);
      if (failed(scale))
        return failure();
      v = binary(ast::BinaryOp::Mul, *v, *scale);
      if (failed(v))
        return failure();
      if (!*fastMath) {
        FailureOr<GenValue> isNan =
            broadcastScale(a[scaleSlot], isRhs, shape, /*isNan=*/true);
        if (failed(isNan))
          return failure();
        GenValue nan = GenValue::constantOf(
            ConstantValue::getFloat(std::numeric_limits<double>::quiet_NaN()));
        v = call("tl.where", {*isNan, nan, *v});
        if (failed(v))
          return failure();
      }
    }
    operands[i] = *v;
  }
  SmallVector<int64_t> lhsShape = blockShapeOf(operands[0]);
  SmallVector<int64_t> rhsShape = blockShapeOf(operands[1]);
  if (lhsShape[1] != rhsShape[0])
    return gen.emitError(at)
           << "tl.dot_scaled(): lhs and rhs hold " << lhsShape[1] << " and "
           << rhsShape[0] << " elements along K (e2m1 packs two a byte)";
  if (a.has(6))
    return call("tl.dot", {operands[0], operands[1], a[6].value});
  return call("tl.dot", {operands[0], operands[1]});
}

FailureOr<GenValue> tilec::detail::buildDotScaled(Generator &gen,
                                                  const BoundArgs &args,
                                                  const tilec::Location &at) {
  return DotScaledBuilder(gen, at).build(args);
}
