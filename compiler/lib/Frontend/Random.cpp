//===- Random.cpp - tl.rand and friends, tl.philox, tl.umulhi -------------===//
//
// Triton's counter-based random numbers, generated inline as arith ops so
// that they are bit-identical to Triton's for the same seed and offsets:
// Philox 4x32 with `n_rounds` rounds (10 by default) on the counter
// (offset, 0, 0, 0) and the key (low, high 32 bits of the seed widened to
// 64 bits by its own signedness, as Triton's `seed.to(tl.uint64)`: a u32 or
// bool seed with zeros, an i32 one with its sign). Each round is
//
//   c0, c1, c2, c3 = umulhi(B, c2) ^ c1 ^ k0, B * c2,
//                    umulhi(A, c0) ^ c3 ^ k1, A * c0
//   k0, k1 = k0 + 0x9E3779B9, k1 + 0xBB67AE85
//
// with A = 0xD2511F53 and B = 0xCD9E8D57 (the published Philox constants).
// A 32-bit word becomes a float in [0, 1) as Triton does: read as signed,
// negative values folded onto non-negative ones (x < 0 ? -x - 1 : x), times
// 4.6566127342e-10 in fp32. Normal numbers use Box-Muller on two words.
// Triton's random words are uint32; here they are i32 with the same bits.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

namespace {

constexpr uint32_t kKeyA = 0x9E3779B9u, kKeyB = 0xBB67AE85u;
constexpr uint32_t kRoundA = 0xD2511F53u, kRoundB = 0xCD9E8D57u;
constexpr int64_t kMaxRounds = 64;

/// Builds the arith ops of the generator on values shaped like the offset.
class Philox {
public:
  Philox(Generator &gen, mlir::Location loc, ArrayRef<int64_t> shape)
      : gen(gen), b(gen.builder), loc(loc), shape(shape) {}

  Type i32() const { return getShapedLike(shape, b.getI32Type()); }
  Type typeOf(Type element) const { return getShapedLike(shape, element); }

  Value constant(Type element, Attribute value) {
    Type type = typeOf(element);
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(tensor, cast<TypedAttr>(value)));
    return arith::ConstantOp::create(b, loc, cast<TypedAttr>(value));
  }
  Value word(uint32_t value) {
    return constant(b.getI32Type(), b.getI32IntegerAttr(int32_t(value)));
  }
  Value f32(double value) {
    return constant(b.getF32Type(), b.getF32FloatAttr(float(value)));
  }
  Value splat(Value scalar) {
    if (shape.empty() || isa<RankedTensorType>(scalar.getType()))
      return scalar;
    return tile::SplatOp::create(b, loc, i32(), scalar);
  }

  /// The high half of the unsigned double-width product of two 32- or
  /// 64-bit integers.
  Value umulhi(Value x, Value y) {
    unsigned width = getElementType(x.getType()).getIntOrFloatBitWidth();
    Type doubled = b.getIntegerType(2 * width);
    Type wide = getShapedLike(getShape(x.getType()), doubled);
    Value product = arith::MulIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, wide, x),
        arith::ExtUIOp::create(b, loc, wide, y));
    TypedAttr shift = b.getIntegerAttr(doubled, width);
    Value amount =
        isa<RankedTensorType>(wide)
            ? arith::ConstantOp::create(
                  b, loc,
                  DenseElementsAttr::get(cast<RankedTensorType>(wide), shift))
                  .getResult()
            : arith::ConstantOp::create(b, loc, shift).getResult();
    Value high = arith::ShRUIOp::create(b, loc, product, amount);
    return arith::TruncIOp::create(b, loc, x.getType(), high);
  }

  /// The four words for counter (offset, 0, 0, 0) and key (k0, k1).
  std::array<Value, 4> run(Value offset, Value k0, Value k1, int64_t rounds) {
    Value zero = word(0);
    return run({offset, zero, zero, zero}, k0, k1, rounds);
  }

  /// The four words for counter `c` (shaped alike) and key (k0, k1).
  std::array<Value, 4> run(std::array<Value, 4> c, Value k0, Value k1,
                           int64_t rounds) {
    Value a = word(kRoundA), bMul = word(kRoundB);
    for (int64_t r = 0; r < rounds; ++r) {
      Value c0 = c[0], c2 = c[2];
      c[0] = xorOf(xorOf(umulhi(bMul, c2), c[1]), splat(k0));
      c[2] = xorOf(xorOf(umulhi(a, c0), c[3]), splat(k1));
      c[1] = arith::MulIOp::create(b, loc, bMul, c2);
      c[3] = arith::MulIOp::create(b, loc, a, c0);
      k0 = addScalar(k0, kKeyA);
      k1 = addScalar(k1, kKeyB);
    }
    return c;
  }

  /// A random 64-bit word as a float in [0, 1), as Triton scales it.
  Value uniform64(Value x) {
    Type i64 = b.getI64Type();
    Value zero = constant(i64, b.getI64IntegerAttr(0));
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
    Value folded = arith::SelectOp::create(
        b, loc, negative,
        arith::XOrIOp::create(b, loc, x, constant(i64, b.getI64IntegerAttr(-1))),
        x);
    Value asFloat =
        arith::SIToFPOp::create(b, loc, typeOf(b.getF32Type()), folded);
    return arith::MulFOp::create(b, loc, asFloat, f32(1.0842020432385337e-19));
  }

  /// A random word as a float in [0, 1).
  Value uniform(Value x) {
    Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           x, word(0));
    Value folded = arith::SelectOp::create(
        b, loc, negative, arith::XOrIOp::create(b, loc, x, word(~0u)), x);
    Value asFloat =
        arith::SIToFPOp::create(b, loc, typeOf(b.getF32Type()), folded);
    return arith::MulFOp::create(b, loc, asFloat, f32(4.6566127342e-10));
  }

  /// Box-Muller: the cosine and sine normals of two uniform floats.
  std::pair<Value, Value> normals(Value u1, Value u2) {
    u1 = arith::MaxNumFOp::create(b, loc, f32(1.0e-7), u1);
    Value theta = arith::MulFOp::create(b, loc, f32(6.283185307179586), u2);
    Value r = math::SqrtOp::create(
        b, loc,
        arith::MulFOp::create(b, loc, f32(-2.0), math::LogOp::create(b, loc, u1)));
    return {arith::MulFOp::create(b, loc, r, math::CosOp::create(b, loc, theta)),
            arith::MulFOp::create(b, loc, r, math::SinOp::create(b, loc, theta))};
  }

private:
  Value xorOf(Value x, Value y) { return arith::XOrIOp::create(b, loc, x, y); }
  Value addScalar(Value k, uint32_t increment) {
    Value inc = isa<RankedTensorType>(k.getType())
                    ? word(increment)
                    : arith::ConstantOp::create(
                          b, loc, b.getI32IntegerAttr(int32_t(increment)))
                          .getResult();
    return arith::AddIOp::create(b, loc, k, inc);
  }

  Generator &gen;
  OpBuilder &b;
  mlir::Location loc;
  SmallVector<int64_t> shape;
};

/// Philox's key: the seed widened to 64 bits as Triton's
/// `seed.to(tl.uint64)` widens it (by the seed's own signedness: unsigned
/// and bool seeds with zeros), split in halves (low, high).
std::pair<Value, Value> seedKey(Generator &gen, Value seed,
                                mlir::Location loc) {
  OpBuilder &b = gen.builder;
  Value seed64 = seed;
  Type element = getElementType(seed.getType());
  if (element.getIntOrFloatBitWidth() < 64)
    seed64 = element.isInteger(1) || gen.isUnsignedInt(seed)
                 ? arith::ExtUIOp::create(b, loc, b.getI64Type(), seed)
                       .getResult()
                 : arith::ExtSIOp::create(b, loc, b.getI64Type(), seed)
                       .getResult();
  Value k0 = arith::TruncIOp::create(b, loc, b.getI32Type(), seed64);
  Value k1 = arith::TruncIOp::create(
      b, loc, b.getI32Type(),
      arith::ShRUIOp::create(
          b, loc, seed64,
          arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32))));
  return {k0, k1};
}

/// The `n_rounds` argument at `index` of `name` (10 when absent).
FailureOr<int64_t> roundsArg(Generator &gen, llvm::StringRef name,
                             const BoundArgs &args, unsigned index) {
  if (!args.has(index))
    return 10;
  FailureOr<int64_t> n = constantInt(gen, args[index], "n_rounds");
  if (failed(n))
    return failure();
  if (*n < 0 || *n > kMaxRounds)
    return gen.emitError(args[index].loc)
           << name << "(): n_rounds must be between 0 and " << kMaxRounds
           << ", got " << *n;
  return *n;
}

/// An integer scalar seed, or an error naming `name`.
FailureOr<Value> seedArg(Generator &gen, llvm::StringRef name,
                         const Arg &arg) {
  FailureOr<Value> seed = valueArg(gen, arg);
  if (failed(seed))
    return failure();
  if (!getElementType(seed->getType()).isInteger() || isBlock(seed->getType()))
    return gen.emitError(arg.loc)
           << name << "(): the seed must be an integer scalar, got "
           << describe(seed->getType());
  return *seed;
}

GenValue tupleOf(ArrayRef<Value> values) {
  std::vector<GenValue> elements;
  for (Value v : values)
    elements.push_back(GenValue::runtime(v));
  return GenValue::tuple(std::move(elements));
}

} // namespace

FailureOr<GenValue> buildPhilox(Generator &gen, const BoundArgs &args,
                                const Location &at) {
  FailureOr<int64_t> rounds = roundsArg(gen, "tl.philox", args, 5);
  FailureOr<Value> seed = seedArg(gen, "tl.philox", args[0]);
  if (failed(rounds) || failed(seed))
    return failure();
  FailureOr<SmallVector<Value>> counters =
      unifyOperands(gen, {args[1], args[2], args[3], args[4]}, at);
  if (failed(counters))
    return failure();
  // Triton's philox takes 32-bit counters (signed or not, as their bits)
  // or 64-bit ones; narrower ones fail its static_assert.
  Type element = getElementType((*counters)[0].getType());
  if (!element.isInteger() || element.getIntOrFloatBitWidth() != 32)
    return gen.emitError(at)
           << "tl.philox(): the counters must be 32-bit integers, got "
           << describe((*counters)[0].getType())
           << (element.isInteger(64) ? " (64-bit counters use Philox 4x64, "
                                       "which is not supported yet)"
                                     : " (as in Triton)");
  mlir::Location loc = gen.loc(at);
  std::array<Value, 4> c = {(*counters)[0], (*counters)[1], (*counters)[2],
                            (*counters)[3]};
  auto [k0, k1] = seedKey(gen, *seed, loc);
  Philox philox(gen, loc, getShape(c[0].getType()));
  std::array<Value, 4> words = philox.run(c, k0, k1, *rounds);
  // Triton's words are uint32.
  for (Value word : words)
    gen.unsignedValues.insert(word);
  return tupleOf(words);
}

FailureOr<GenValue> buildUintToUniformFloat(Generator &gen,
                                            const BoundArgs &args,
                                            const Location &at) {
  FailureOr<Value> x = valueArg(gen, args[0]);
  if (failed(x))
    return failure();
  Type element = getElementType(x->getType());
  unsigned width = element.isInteger() ? element.getIntOrFloatBitWidth() : 0;
  if (width != 32 && width != 64)
    return gen.emitError(args[0].loc)
           << "tl.uint_to_uniform_float() takes 32- or 64-bit integers, got "
           << describe(x->getType());
  Philox philox(gen, gen.loc(at), getShape(x->getType()));
  return GenValue::runtime(width == 32 ? philox.uniform(*x)
                                       : philox.uniform64(*x));
}

FailureOr<GenValue> buildPairUniformToNormal(Generator &gen,
                                             const BoundArgs &args,
                                             const Location &at) {
  FailureOr<SmallVector<Value>> u = unifyOperands(gen, {args[0], args[1]}, at);
  if (failed(u))
    return failure();
  Type element = getElementType((*u)[0].getType());
  if (!element.isF32())
    return gen.emitError(at)
           << "tl.pair_uniform_to_normal() takes fp32 values, got "
           << describe((*u)[0].getType());
  Philox philox(gen, gen.loc(at), getShape((*u)[0].getType()));
  auto [n1, n2] = philox.normals((*u)[0], (*u)[1]);
  return tupleOf({n1, n2});
}

FailureOr<GenValue> buildUmulhi(Generator &gen, const BoundArgs &args,
                                const Location &at) {
  // Python numbers are typed first, as Triton's math.umulhi makes them
  // tensors.
  FailureOr<Arg> tx = gen.strengthen(args[0]), ty = gen.strengthen(args[1]);
  if (failed(tx) || failed(ty))
    return failure();
  Arg pair[2] = {*tx, *ty};
  FailureOr<Generator::Promoted> promoted = gen.promote(pair, false, at);
  if (failed(promoted))
    return failure();
  FailureOr<SmallVector<Value>> operands = unifyOperands(gen, pair, at);
  if (failed(operands))
    return failure();
  Value x = (*operands)[0], y = (*operands)[1];
  Type element = getElementType(x.getType());
  unsigned width = element.isInteger() ? element.getIntOrFloatBitWidth() : 0;
  if (width != 32 && width != 64)
    return gen.emitError(at) << "tl.umulhi() takes 32- or 64-bit integers, got "
                             << describe(x.getType());
  // The high half of the unsigned product, in the operands' promoted type
  // (uint32 for uint32 operands), as Triton's math.umulhi.
  Philox philox(gen, gen.loc(at), getShape(x.getType()));
  return GenValue::runtime(
      gen.withSignedness(philox.umulhi(x, y), promoted->isUnsigned));
}

FailureOr<GenValue> buildRandom(Generator &gen, llvm::StringRef name,
                                const BoundArgs &args, const Location &at) {
  mlir::Location loc = gen.loc(at);
  FailureOr<int64_t> roundsOr = roundsArg(gen, name, args, 2);
  if (failed(roundsOr))
    return failure();
  int64_t rounds = *roundsOr;
  FailureOr<Value> seedOr = seedArg(gen, name, args[0]);
  FailureOr<Value> offsetOr = valueArg(gen, args[1]);
  if (failed(seedOr) || failed(offsetOr))
    return failure();
  Value seed = *seedOr, offset = *offsetOr;
  Type offsetType = getElementType(offset.getType());
  if (!offsetType.isInteger())
    return gen.emitError(args[1].loc)
           << name << "(): offsets must be integers, got "
           << describe(offset.getType());
  if (offsetType.getIntOrFloatBitWidth() != 32)
    return gen.emitError(args[1].loc)
           << name << "(): offsets must be 32-bit integers, got "
           << describe(offset.getType())
           << " (64-bit offsets use Philox 4x64, which is not supported yet)";

  auto [k0, k1] = seedKey(gen, seed, loc);
  Philox philox(gen, loc, getShape(offset.getType()));
  std::array<Value, 4> words = philox.run(offset, k0, k1, rounds);
  // Triton's words are uint32 (`>>` on them is logical).
  if (name == "tl.randint" || name == "tl.randint4x")
    for (Value word : words)
      gen.unsignedValues.insert(word);
  if (name == "tl.randint")
    return GenValue::runtime(words[0]);
  if (name == "tl.randint4x")
    return tupleOf(words);
  if (name == "tl.rand")
    return GenValue::runtime(philox.uniform(words[0]));
  if (name == "tl.rand4x")
    return tupleOf({philox.uniform(words[0]), philox.uniform(words[1]),
                    philox.uniform(words[2]), philox.uniform(words[3])});
  auto [n1, n2] = philox.normals(philox.uniform(words[0]),
                                 philox.uniform(words[1]));
  if (name == "tl.randn")
    return GenValue::runtime(n1);
  auto [n3, n4] = philox.normals(philox.uniform(words[2]),
                                 philox.uniform(words[3]));
  return tupleOf({n1, n2, n3, n4});
}

} // namespace detail
} // namespace tilec
