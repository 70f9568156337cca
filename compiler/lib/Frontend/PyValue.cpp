//===- PyValue.cpp - Python's arithmetic on compile-time values -----------===//
//
// Ints are llvm::APInts of any width, computed in a width that cannot
// overflow and then checked against kMaxIntBits. Floats are doubles with
// CPython's rules where C's differ: floor division and modulo
// (float_floor_div and float_mod through _float_div_mod), `**`
// (float_pow: its special cases, ZeroDivisionError, OverflowError and the
// complex result of a negative base), int / int and float(int) rounded
// correctly, and int-float comparisons exact.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/PyValue.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

using namespace tilec;
using namespace tilec::py;
using llvm::APFloat;
using llvm::APInt;
using ast::BinaryOp;
using ast::CompareOp;
using ast::UnaryOp;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

static Result divisionByZero(llvm::StringRef detail = "") {
  std::string message = "division by zero in a compile-time expression";
  if (!detail.empty())
    message += (": " + detail).str();
  return Result::error(message);
}

static Result intTooLarge() {
  return Result::error("integer too large in a compile-time expression: "
                       "tilec's Python ints have at most " +
                       std::to_string(kMaxIntBits) + " bits");
}

static Result intTooLargeForFloat() {
  return Result::error("integer too large to convert to float in a "
                       "compile-time expression");
}

static const char *typeName(const ConstantValue &x) {
  return x.isFloat() ? "float" : x.isBool() ? "bool" : "int";
}

static Result unsupportedOperands(BinaryOp op, const ConstantValue &a,
                                  const ConstantValue &b) {
  return Result::error(("unsupported operand types for " + ast::spell(op) +
                        ": '" + typeName(a) + "' and '" + typeName(b) + "'")
                           .str());
}

//===----------------------------------------------------------------------===//
// Ints
//===----------------------------------------------------------------------===//

/// Python's int.bit_length(): the bits of |x|.
static unsigned bitLength(const APInt &x) {
  if (!x.isNegative())
    return x.getActiveBits();
  return x.sext(x.getBitWidth() + 1).abs().getActiveBits();
}

/// `x` as an int, or an error past kMaxIntBits.
static Result makeInt(const APInt &x) {
  if (bitLength(x) > kMaxIntBits)
    return intTooLarge();
  return ConstantValue::getInt(x);
}

/// `a` and `b` sign-extended to one width with `extra` bits of headroom.
static std::pair<APInt, APInt> widen(const APInt &a, const APInt &b,
                                     unsigned extra) {
  unsigned width = std::max(a.getBitWidth(), b.getBitWidth()) + extra;
  return {a.sext(width), b.sext(width)};
}

static int compareInts(const APInt &a, const APInt &b) {
  auto [x, y] = widen(a, b, 0);
  return x.slt(y) ? -1 : x == y ? 0 : 1;
}

/// Python's floor division and modulo of ints (b != 0).
static std::pair<APInt, APInt> floorDivMod(const APInt &a, const APInt &b) {
  // One more bit: the quotient of the most negative value by -1.
  auto [x, y] = widen(a, b, 1);
  APInt q, r;
  APInt::sdivrem(x, y, q, r);
  if (!r.isZero() && r.isNegative() != y.isNegative()) {
    q -= 1;
    r += y;
  }
  return {q, r};
}

/// An int's value as the nearest double (ties to even), or std::nullopt
/// where Python's float(int) raises OverflowError.
static std::optional<double> intToDouble(const APInt &x) {
  APFloat f(APFloat::IEEEdouble());
  APFloat::opStatus status =
      f.convertFromAPInt(x, /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
  if (status & APFloat::opOverflow)
    return std::nullopt;
  return f.convertToDouble();
}

/// The integer part of a finite double, exactly.
static APInt doubleToInt(double d) {
  llvm::APSInt result(1088, /*isUnsigned=*/false);
  bool isExact;
  APFloat(d).convertToInteger(result, APFloat::rmTowardZero, &isExact);
  return result;
}

/// int / int, correctly rounded as CPython's long_true_divide: a quotient
/// of at least 55 bits with a sticky bit for the remainder, scaled exactly
/// in quad precision and rounded once to a double.
static Result intTrueDivide(const APInt &a, const APInt &b) {
  if (b.isZero())
    return divisionByZero();
  bool negative = a.isNegative() != b.isNegative();
  unsigned width = std::max(a.getBitWidth(), b.getBitWidth()) + 1;
  APInt n = a.sext(width).abs(), d = b.sext(width).abs();
  if (n.isZero())
    return ConstantValue::getFloat(negative ? -0.0 : 0.0);
  if (n.getActiveBits() <= 53 && d.getActiveBits() <= 53) {
    double q = double(n.getZExtValue()) / double(d.getZExtValue());
    return ConstantValue::getFloat(negative ? -q : q);
  }
  int shift = int(d.getActiveBits()) - int(n.getActiveBits()) + 55;
  unsigned wide = width + std::max(shift, 0) + 1;
  n = n.zext(wide);
  d = d.zext(wide);
  if (shift >= 0)
    n <<= unsigned(shift);
  else
    d <<= unsigned(-shift);
  APInt q, r;
  APInt::udivrem(n, d, q, r);
  if (!r.isZero())
    q.setBit(0);
  APFloat quad(APFloat::IEEEquad());
  quad.convertFromAPInt(q, /*IsSigned=*/false, APFloat::rmNearestTiesToEven);
  quad = llvm::scalbn(quad, -shift, APFloat::rmNearestTiesToEven);
  bool losesInfo;
  APFloat::opStatus status = quad.convert(
      APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  if (status & APFloat::opOverflow)
    return Result::error("integer division result too large for a float in "
                         "a compile-time expression");
  double result = quad.convertToDouble();
  return ConstantValue::getFloat(negative ? -result : result);
}

/// a ** b for ints, b >= 0.
static Result intPower(const APInt &a, const APInt &b) {
  if (b.isZero())
    return ConstantValue::getInt(1);
  if (a.isZero() || a.isOne())
    return ConstantValue::getInt(a);
  if (a.isAllOnes()) // -1
    return ConstantValue::getInt(b[0] ? -1 : 1);
  // |a| >= 2, so the result has at least (bits - 1) * b + 1 bits: refuse
  // before computing what cannot fit (2 ** (10 ** 9) fails at once).
  unsigned bits = bitLength(a);
  if (b.getActiveBits() > 32)
    return intTooLarge();
  uint64_t e = b.getZExtValue();
  if ((bits - 1) * e >= kMaxIntBits)
    return intTooLarge();
  unsigned width = unsigned(bits * e) + 2;
  APInt base = a.sext(std::max(width, a.getBitWidth()));
  APInt result(base.getBitWidth(), 1);
  for (uint64_t rest = e;; rest >>= 1) {
    if (rest & 1)
      result *= base;
    if (rest == 1)
      break;
    base *= base;
  }
  return makeInt(result);
}

static Result intShift(bool left, const APInt &a, const APInt &b) {
  if (b.isNegative())
    return Result::error("negative shift count in a compile-time expression");
  if (a.isZero())
    return ConstantValue::getInt(0);
  if (left) {
    if (b.getActiveBits() > 32 || b.getZExtValue() > kMaxIntBits)
      return intTooLarge();
    unsigned count = unsigned(b.getZExtValue());
    return makeInt(a.sext(a.getBitWidth() + count).shl(count));
  }
  if (b.getActiveBits() > 32 || b.getZExtValue() >= a.getBitWidth())
    return ConstantValue::getInt(a.isNegative() ? -1 : 0);
  return ConstantValue::getInt(a.ashr(unsigned(b.getZExtValue())));
}

static Result intBinary(BinaryOp op, const ConstantValue &lhs,
                        const ConstantValue &rhs) {
  const APInt &a = lhs.getBigInt(), &b = rhs.getBigInt();
  switch (op) {
  case BinaryOp::Add: {
    auto [x, y] = widen(a, b, 1);
    return makeInt(x + y);
  }
  case BinaryOp::Sub: {
    auto [x, y] = widen(a, b, 1);
    return makeInt(x - y);
  }
  case BinaryOp::Mul: {
    unsigned width = a.getBitWidth() + b.getBitWidth();
    return makeInt(a.sext(width) * b.sext(width));
  }
  case BinaryOp::Div:
    return intTrueDivide(a, b);
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod: {
    if (b.isZero())
      return divisionByZero();
    auto [q, r] = floorDivMod(a, b);
    return makeInt(op == BinaryOp::FloorDiv ? q : r);
  }
  case BinaryOp::Pow: {
    if (!b.isNegative())
      return intPower(a, b);
    // A negative exponent: float ** float, as Python computes it.
    std::optional<double> x = intToDouble(a), y = intToDouble(b);
    if (!x || !y)
      return intTooLargeForFloat();
    return binary(op, ConstantValue::getFloat(*x), ConstantValue::getFloat(*y));
  }
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    return intShift(op == BinaryOp::Shl, a, b);
  case BinaryOp::BitAnd:
  case BinaryOp::BitOr:
  case BinaryOp::BitXor: {
    auto [x, y] = widen(a, b, 0);
    APInt r = op == BinaryOp::BitAnd ? x & y
              : op == BinaryOp::BitOr ? x | y
                                      : x ^ y;
    // bool & bool stays a bool.
    if (lhs.isBool() && rhs.isBool())
      return ConstantValue::getBool(!r.isZero());
    return ConstantValue::getInt(r);
  }
  case BinaryOp::MatMul:
    break;
  }
  return unsupportedOperands(op, lhs, rhs);
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

/// CPython's _float_div_mod: the floor quotient and the modulo with the
/// divisor's sign (w != 0).
static std::pair<double, double> floatDivMod(double v, double w) {
  double mod = std::fmod(v, w);
  // fmod is exact, so v - mod is a multiple of w up to rounding.
  double div = (v - mod) / w;
  if (mod != 0) {
    if ((w < 0) != (mod < 0)) {
      mod += w;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, w);
  }
  double floorDiv;
  if (div != 0) {
    floorDiv = std::floor(div);
    if (div - floorDiv > 0.5)
      floorDiv += 1.0;
  } else {
    floorDiv = std::copysign(0.0, v / w);
  }
  return {floorDiv, mod};
}

static bool isOddInteger(double x) { return std::fmod(std::fabs(x), 2.0) == 1.0; }

/// CPython's float_pow.
static Result floatPower(double v, double w) {
  if (w == 0)
    return ConstantValue::getFloat(1.0);
  if (std::isnan(v))
    return ConstantValue::getFloat(v);
  if (std::isnan(w))
    return ConstantValue::getFloat(v == 1.0 ? 1.0 : w);
  if (std::isinf(w)) {
    double a = std::fabs(v);
    if (a == 1.0)
      return ConstantValue::getFloat(1.0);
    if ((w > 0) == (a > 1.0))
      return ConstantValue::getFloat(std::fabs(w));
    return ConstantValue::getFloat(0.0);
  }
  if (std::isinf(v)) {
    bool odd = isOddInteger(w);
    if (w > 0)
      return ConstantValue::getFloat(odd ? v : std::fabs(v));
    return ConstantValue::getFloat(odd ? std::copysign(0.0, v) : 0.0);
  }
  if (v == 0) {
    if (w < 0)
      return divisionByZero("0.0 cannot be raised to a negative power");
    return ConstantValue::getFloat(isOddInteger(w) ? v : 0.0);
  }
  bool negate = false;
  if (v < 0) {
    if (w != std::floor(w))
      return Result::error(
          "a negative number raised to a fractional power is a complex "
          "number, which kernels do not support");
    v = -v;
    negate = isOddInteger(w);
  }
  if (v == 1.0)
    return ConstantValue::getFloat(negate ? -1.0 : 1.0);
  double r = std::pow(v, w);
  // Python raises OverflowError where the result is infinite; an
  // underflow to 0 is no error.
  if (std::isinf(r))
    return Result::error("float overflow in a compile-time expression: the "
                         "result of '**' is out of the range of a float");
  return ConstantValue::getFloat(negate ? -r : r);
}

static Result floatBinary(BinaryOp op, const ConstantValue &lhs,
                          const ConstantValue &rhs) {
  std::optional<double> x = lhs.isFloat() ? lhs.floatValue
                                          : intToDouble(lhs.getBigInt());
  std::optional<double> y = rhs.isFloat() ? rhs.floatValue
                                          : intToDouble(rhs.getBigInt());
  switch (op) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod:
  case BinaryOp::Pow:
    break;
  default:
    return unsupportedOperands(op, lhs, rhs);
  }
  if (!x || !y)
    return intTooLargeForFloat();
  double a = *x, b = *y;
  switch (op) {
  case BinaryOp::Add:
    return ConstantValue::getFloat(a + b);
  case BinaryOp::Sub:
    return ConstantValue::getFloat(a - b);
  case BinaryOp::Mul:
    return ConstantValue::getFloat(a * b);
  case BinaryOp::Div:
    if (b == 0)
      return divisionByZero();
    return ConstantValue::getFloat(a / b);
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod: {
    if (b == 0)
      return divisionByZero();
    auto [div, mod] = floatDivMod(a, b);
    return ConstantValue::getFloat(op == BinaryOp::FloorDiv ? div : mod);
  }
  default:
    return floatPower(a, b);
  }
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

Result py::binary(BinaryOp op, const ConstantValue &a, const ConstantValue &b) {
  if (op == BinaryOp::MatMul)
    return unsupportedOperands(op, a, b);
  if (a.isFloat() || b.isFloat())
    return floatBinary(op, a, b);
  return intBinary(op, a, b);
}

/// -1, 0 or 1 for int `i` against the finite double `d`, exactly.
static int compareIntDouble(const APInt &i, double d) {
  double whole = std::floor(d);
  int c = compareInts(i, doubleToInt(whole));
  if (c != 0)
    return c;
  return d == whole ? 0 : -1;
}

/// -1, 0 or 1, or std::nullopt when a NaN makes them unordered.
static std::optional<int> order(const ConstantValue &a, const ConstantValue &b) {
  if (!a.isFloat() && !b.isFloat())
    return compareInts(a.getBigInt(), b.getBigInt());
  if ((a.isFloat() && std::isnan(a.floatValue)) ||
      (b.isFloat() && std::isnan(b.floatValue)))
    return std::nullopt;
  if (a.isFloat() && b.isFloat())
    return a.floatValue < b.floatValue ? -1 : a.floatValue == b.floatValue ? 0
                                                                           : 1;
  bool flipped = a.isFloat();
  const ConstantValue &i = flipped ? b : a, &f = flipped ? a : b;
  int c = std::isinf(f.floatValue) ? (f.floatValue > 0 ? -1 : 1)
                                   : compareIntDouble(i.getBigInt(), f.floatValue);
  return flipped ? -c : c;
}

bool py::compare(CompareOp op, const ConstantValue &a, const ConstantValue &b) {
  std::optional<int> c = order(a, b);
  if (!c)
    return op == CompareOp::Ne;
  switch (op) {
  case CompareOp::Lt:
    return *c < 0;
  case CompareOp::Le:
    return *c <= 0;
  case CompareOp::Gt:
    return *c > 0;
  case CompareOp::Ge:
    return *c >= 0;
  case CompareOp::Eq:
    return *c == 0;
  case CompareOp::Ne:
    return *c != 0;
  default:
    llvm_unreachable("only the ordering and equality operators compare "
                     "numbers");
  }
}

Result py::unary(UnaryOp op, const ConstantValue &x) {
  switch (op) {
  case UnaryOp::Plus:
    return x.isFloat() ? x : ConstantValue::getInt(x.getBigInt());
  case UnaryOp::Minus:
    if (x.isFloat())
      return ConstantValue::getFloat(-x.floatValue);
    return makeInt(-x.getBigInt().sext(x.getBigInt().getBitWidth() + 1));
  case UnaryOp::Invert:
    if (x.isFloat())
      return Result::error("bad operand type for unary ~: 'float'");
    return ConstantValue::getInt(~x.getBigInt());
  case UnaryOp::Not:
    return ConstantValue::getBool(!truthy(x));
  }
  llvm_unreachable("unknown unary operator");
}

bool py::truthy(const ConstantValue &x) {
  if (x.isFloat())
    return x.floatValue != 0; // NaN is true, as in Python.
  return !x.getBigInt().isZero();
}

//===----------------------------------------------------------------------===//
// Builtins
//===----------------------------------------------------------------------===//

Result py::toInt(const ConstantValue &x) {
  if (!x.isFloat())
    return ConstantValue::getInt(x.getBigInt());
  if (std::isnan(x.floatValue))
    return Result::error("cannot convert float NaN to integer");
  if (std::isinf(x.floatValue))
    return Result::error("cannot convert float infinity to integer");
  return makeInt(doubleToInt(x.floatValue));
}

Result py::toFloat(const ConstantValue &x) {
  if (x.isFloat())
    return x;
  std::optional<double> d = intToDouble(x.getBigInt());
  if (!d)
    return intTooLargeForFloat();
  return ConstantValue::getFloat(*d);
}

Result py::abs(const ConstantValue &x) {
  if (x.isFloat())
    return ConstantValue::getFloat(std::fabs(x.floatValue));
  const APInt &v = x.getBigInt();
  return ConstantValue::getInt(v.sext(v.getBitWidth() + 1).abs());
}

/// `text` without the underscores Python allows between digits, or
/// std::nullopt where one is not between two digits.
static std::optional<std::string> dropUnderscores(llvm::StringRef text) {
  std::string digits;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '_') {
      digits.push_back(text[i]);
      continue;
    }
    if (i == 0 || i + 1 == text.size() || !llvm::isDigit(text[i - 1]) ||
        !llvm::isDigit(text[i + 1]))
      return std::nullopt;
  }
  return digits;
}

Result py::parseInt(llvm::StringRef text) {
  auto invalid = [&] {
    return Result::error("invalid literal for int() with base 10: " +
                         reprString(text));
  };
  llvm::StringRef body = text.trim();
  bool negative = body.consume_front("-");
  if (!negative)
    body.consume_front("+");
  std::optional<std::string> digits = dropUnderscores(body);
  if (!digits || digits->empty() ||
      !llvm::all_of(*digits, [](char c) { return llvm::isDigit(c); }))
    return invalid();
  // Digits past what kMaxIntBits can hold are refused before APInt parses
  // them (in time quadratic in their number).
  llvm::StringRef significant = llvm::StringRef(*digits).ltrim('0');
  if (significant.size() > kMaxIntBits * 30103 / 100000 + 1)
    return intTooLarge();
  if (significant.empty())
    return ConstantValue::getInt(0);
  APInt value(unsigned(significant.size()) * 4 + 2, significant, 10);
  return makeInt(negative ? -value : value);
}

Result py::parseFloat(llvm::StringRef text) {
  auto invalid = [&] {
    return Result::error("could not convert string to float: " +
                         reprString(text));
  };
  llvm::StringRef body = text.trim();
  bool negative = body.consume_front("-");
  if (!negative)
    body.consume_front("+");
  std::string lower = body.lower();
  double value;
  if (lower == "inf" || lower == "infinity") {
    value = HUGE_VAL;
  } else if (lower == "nan") {
    value = std::nan("");
  } else {
    std::optional<std::string> digits = dropUnderscores(body);
    if (!digits)
      return invalid();
    // digits [. digits] [e [sign] digits], with a digit on one side of the
    // point.
    llvm::StringRef s(*digits);
    size_t mantissaDigits = 0, i = 0;
    for (; i < s.size() && llvm::isDigit(s[i]); ++i)
      ++mantissaDigits;
    if (i < s.size() && s[i] == '.')
      for (++i; i < s.size() && llvm::isDigit(s[i]); ++i)
        ++mantissaDigits;
    if (mantissaDigits == 0)
      return invalid();
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      ++i;
      if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
      size_t exponentStart = i;
      for (; i < s.size() && llvm::isDigit(s[i]); ++i)
        ;
      if (i == exponentStart)
        return invalid();
    }
    if (i != s.size())
      return invalid();
    // strtod rounds correctly, and gives inf past the range, as Python.
    value = std::strtod(digits->c_str(), nullptr);
  }
  return ConstantValue::getFloat(negative ? -value : value);
}

Result py::minMax(bool isMax, llvm::ArrayRef<ConstantValue> values,
                  bool refuseNaN) {
  assert(!values.empty() && "min/max of nothing");
  const char *name = isMax ? "max" : "min";
  if (refuseNaN)
    for (const ConstantValue &v : values)
      if (v.isFloat() && std::isnan(v.floatValue))
        return Result::error(std::string(name) +
                             "() of a NaN is refused, as Triton refuses it");
  const ConstantValue *best = &values[0];
  for (const ConstantValue &v : values.drop_front())
    if (compare(isMax ? CompareOp::Gt : CompareOp::Lt, v, *best))
      best = &v;
  return *best;
}

Result py::cdiv(const ConstantValue &x, const ConstantValue &div) {
  Result sum = binary(BinaryOp::Add, x, div);
  if (!sum)
    return sum;
  Result minusOne = binary(BinaryOp::Sub, *sum, ConstantValue::getInt(1));
  if (!minusOne)
    return minusOne;
  return binary(BinaryOp::FloorDiv, *minusOne, div);
}

Result py::nextPowerOf2(const ConstantValue &n) {
  if (n.isFloat())
    return Result::error("triton.next_power_of_2 needs an int, got a float");
  Result v = binary(BinaryOp::Sub, n, ConstantValue::getInt(1));
  for (int shift : {1, 2, 4, 8, 16, 32}) {
    if (!v)
      return v;
    Result shifted =
        binary(BinaryOp::Shr, *v, ConstantValue::getInt(shift));
    v = binary(BinaryOp::BitOr, *v, *shifted);
  }
  if (!v)
    return v;
  return binary(BinaryOp::Add, *v, ConstantValue::getInt(1));
}

bool py::intInRange(const ConstantValue &x, const APInt &lo, const APInt &hi) {
  if (x.isFloat())
    return false;
  return compareInts(x.getBigInt(), lo) >= 0 &&
         compareInts(x.getBigInt(), hi) <= 0;
}

//===----------------------------------------------------------------------===//
// str() and repr()
//===----------------------------------------------------------------------===//

std::string py::reprFloat(double x) {
  if (std::isnan(x))
    return "nan";
  if (std::isinf(x))
    return x > 0 ? "inf" : "-inf";
  // The shortest digits that read back as x (the closest of them), as
  // CPython's repr picks them: "d.ddde+XX".
  char buffer[64];
  std::to_chars_result r = std::to_chars(buffer, buffer + sizeof(buffer), x,
                                         std::chars_format::scientific);
  llvm::StringRef text(buffer, r.ptr - buffer);
  std::string out;
  if (text.consume_front("-"))
    out = "-";
  auto [mantissa, exponentText] = text.split('e');
  std::string digits = mantissa.str();
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  int exponent = std::atoi(exponentText.str().c_str());
  // The point sits after `point` digits: 0.d1d2... * 10^point.
  int point = exponent + 1;
  int n = int(digits.size());
  if (point <= -4 || point > 16) {
    out += digits[0];
    if (n > 1)
      out += "." + digits.substr(1);
    int e = point - 1;
    out += e < 0 ? "e-" : "e+";
    std::string magnitude = std::to_string(e < 0 ? -e : e);
    if (magnitude.size() < 2)
      magnitude = "0" + magnitude;
    return out + magnitude;
  }
  if (point <= 0)
    return out + "0." + std::string(-point, '0') + digits;
  if (point >= n)
    return out + digits + std::string(point - n, '0') + ".0";
  return out + digits.substr(0, point) + "." + digits.substr(point);
}

std::string py::reprString(llvm::StringRef s) {
  // Single quotes unless the text has one and no double quote.
  char quote = s.contains('\'') && !s.contains('"') ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : s) {
    if (c == quote || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += llvm::hexdigit(c >> 4, /*LowerCase=*/true);
      out += llvm::hexdigit(c & 15, /*LowerCase=*/true);
    } else {
      out += char(c); // UTF-8 bytes of printable characters pass through
    }
  }
  return out + quote;
}

std::string py::str(const ConstantValue &x) {
  if (x.isBool())
    return x.boolValue ? "True" : "False";
  if (x.isFloat())
    return reprFloat(x.floatValue);
  llvm::SmallString<32> text;
  x.getBigInt().toStringSigned(text, 10);
  return std::string(text);
}
