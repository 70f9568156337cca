// Python's semantics on compile-time values (PyValue.h), each expected
// value as CPython 3 computes it.

#include "tilec/Frontend/PyValue.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace tilec;
using ast::BinaryOp;
using ast::CompareOp;
using ast::UnaryOp;

namespace {

ConstantValue I(int64_t v) { return ConstantValue::getInt(v); }
ConstantValue F(double v) { return ConstantValue::getFloat(v); }
ConstantValue B(bool v) { return ConstantValue::getBool(v); }

/// 2 ** n as an int.
ConstantValue pow2(unsigned n) {
  return *py::binary(BinaryOp::Pow, I(2), I(n));
}

/// str() of a result, or "error: <message>".
std::string eval(const py::Result &r) {
  if (!r)
    return "error: " + r.getError();
  return py::str(*r);
}

std::string bin(BinaryOp op, const ConstantValue &a, const ConstantValue &b) {
  return eval(py::binary(op, a, b));
}

bool isError(const py::Result &r) { return !r; }

const double inf = HUGE_VAL;
const double kNaN = std::nan("");

} // namespace

TEST_CASE("big ints", "[pyvalue]") {
  CHECK(py::str(pow2(70)) == "1180591620717411303424");
  CHECK(bin(BinaryOp::Mul, pow2(62), I(2)) == "9223372036854775808");
  CHECK(eval(py::unary(UnaryOp::Minus,
                       *py::binary(BinaryOp::Mul, I(-(int64_t(1) << 62)),
                                   I(2)))) == "9223372036854775808");
  CHECK(eval(py::abs(*py::unary(UnaryOp::Minus, pow2(63)))) ==
        "9223372036854775808");
  CHECK_FALSE(pow2(63).fitsInt64());
  CHECK(I(INT64_MIN).fitsInt64());
  // The bound: 2 ** 4095 has 4096 bits, 2 ** 4096 one more; 2 ** (10 **
  // 9) is refused before it is computed.
  CHECK_FALSE(isError(py::binary(BinaryOp::Pow, I(2), I(4095))));
  CHECK(isError(py::binary(BinaryOp::Pow, I(2), I(4096))));
  CHECK(isError(py::binary(BinaryOp::Pow, I(2), I(1000000000))));
  CHECK(isError(py::binary(BinaryOp::Shl, I(1), I(5000))));
  CHECK(bin(BinaryOp::Pow, I(-1), I(1000000001)) == "-1");
}

TEST_CASE("int operators", "[pyvalue]") {
  CHECK(bin(BinaryOp::Pow, I(-1), I(3)) == "-1");
  CHECK(bin(BinaryOp::Pow, I(-2), I(3)) == "-8");
  CHECK(bin(BinaryOp::Pow, I(0), I(0)) == "1");
  CHECK(bin(BinaryOp::Pow, I(2), I(-1)) == "0.5");
  CHECK(isError(py::binary(BinaryOp::Pow, I(0), I(-1))));
  CHECK(bin(BinaryOp::FloorDiv, I(-7), I(2)) == "-4");
  CHECK(bin(BinaryOp::Mod, I(-7), I(3)) == "2");
  CHECK(bin(BinaryOp::Mod, I(7), I(-3)) == "-2");
  CHECK(bin(BinaryOp::FloorDiv, I(INT64_MIN), I(-1)) == "9223372036854775808");
  CHECK(isError(py::binary(BinaryOp::FloorDiv, I(1), I(0))));
  CHECK(isError(py::binary(BinaryOp::Mod, I(1), I(0))));
  CHECK(bin(BinaryOp::Shl, I(1), I(70)) == "1180591620717411303424");
  CHECK(bin(BinaryOp::Shr, I(-1), I(100)) == "-1");
  CHECK(bin(BinaryOp::Shr, pow2(70), I(69)) == "2");
  CHECK(isError(py::binary(BinaryOp::Shl, I(1), I(-1))));
  CHECK(bin(BinaryOp::BitAnd, I(-1), I(255)) == "255");
  CHECK(bin(BinaryOp::BitXor, *py::binary(BinaryOp::BitOr, pow2(70), I(1)),
            pow2(70)) == "1");
  CHECK(bin(BinaryOp::BitAnd, B(true), B(false)) == "False");
  CHECK(bin(BinaryOp::BitOr, B(true), I(0)) == "1");
  CHECK(bin(BinaryOp::Add, B(true), B(true)) == "2");
  CHECK(eval(py::unary(UnaryOp::Invert, B(true))) == "-2");
  CHECK(eval(py::unary(UnaryOp::Plus, B(true))) == "1");
  CHECK(isError(py::unary(UnaryOp::Invert, F(1.5))));
  CHECK(isError(py::binary(BinaryOp::BitAnd, F(1.0), I(1))));
}

TEST_CASE("true division", "[pyvalue]") {
  CHECK(bin(BinaryOp::Div, I(1), I(3)) == "0.3333333333333333");
  CHECK(bin(BinaryOp::Div, I(7), I(2)) == "3.5");
  CHECK(bin(BinaryOp::Div, I(0), I(-5)) == "-0.0");
  CHECK(bin(BinaryOp::Div, pow2(70), I(3)) == "3.935305402391371e+20");
  CHECK(bin(BinaryOp::Div, pow2(1100), pow2(100)) ==
        "1.0715086071862673e+301");
  CHECK(bin(BinaryOp::Div, I(3), pow2(1075)) == "1e-323");
  CHECK(bin(BinaryOp::Div, I(1), pow2(1075)) == "0.0");
  CHECK(isError(py::binary(BinaryOp::Div, pow2(1030), I(2))));
  CHECK(isError(py::binary(BinaryOp::Div, I(1), I(0))));
}

TEST_CASE("float operators", "[pyvalue]") {
  CHECK(bin(BinaryOp::FloorDiv, F(-5.0), F(inf)) == "-1.0");
  CHECK(bin(BinaryOp::FloorDiv, F(inf), I(1)) == "nan");
  CHECK(bin(BinaryOp::Mod, F(-0.0), I(5)) == "0.0");
  CHECK(bin(BinaryOp::Mod, F(-7.5), I(2)) == "0.5");
  CHECK(bin(BinaryOp::FloorDiv, F(7.5), I(2)) == "3.0");
  CHECK(bin(BinaryOp::FloorDiv, F(-0.0), I(5)) == "-0.0");
  CHECK(isError(py::binary(BinaryOp::Mod, I(5), F(-0.0))));
  CHECK(isError(py::binary(BinaryOp::Div, F(1.0), F(0.0))));
  CHECK(bin(BinaryOp::Mul, F(1e308), I(10)) == "inf");
  CHECK(isError(py::binary(BinaryOp::Add, pow2(1024), F(1.0))));
}

TEST_CASE("float power", "[pyvalue]") {
  CHECK(isError(py::binary(BinaryOp::Pow, F(2.0), I(1024))));
  CHECK(isError(py::binary(BinaryOp::Pow, I(-8), F(0.5))));
  CHECK(isError(py::binary(BinaryOp::Pow, F(0.0), I(-1))));
  CHECK(bin(BinaryOp::Pow, F(-8.0), I(3)) == "-512.0");
  CHECK(bin(BinaryOp::Pow, F(-0.0), I(3)) == "-0.0");
  CHECK(bin(BinaryOp::Pow, F(inf), I(-1)) == "0.0");
  CHECK(bin(BinaryOp::Pow, F(-inf), I(3)) == "-inf");
  CHECK(bin(BinaryOp::Pow, F(1.0), F(kNaN)) == "1.0");
  CHECK(bin(BinaryOp::Pow, F(kNaN), I(0)) == "1.0");
  CHECK(bin(BinaryOp::Pow, F(2.0), I(-1080)) == "0.0");
  CHECK(bin(BinaryOp::Pow, I(2), F(0.5)) == "1.4142135623730951");
}

TEST_CASE("comparisons", "[pyvalue]") {
  ConstantValue big = *py::binary(BinaryOp::Add, pow2(53), I(1));
  CHECK_FALSE(py::compare(CompareOp::Eq, big, F(9007199254740992.0)));
  CHECK(py::compare(CompareOp::Gt, big, F(9007199254740992.0)));
  CHECK(py::compare(CompareOp::Eq, pow2(53), F(9007199254740992.0)));
  CHECK(py::compare(CompareOp::Lt, pow2(2000), F(inf)));
  CHECK(py::compare(CompareOp::Lt, I(-3), F(-2.5)));
  CHECK(py::compare(CompareOp::Gt, I(-2), F(-2.5)));
  CHECK(py::compare(CompareOp::Ne, F(kNaN), F(kNaN)));
  CHECK_FALSE(py::compare(CompareOp::Eq, F(kNaN), F(kNaN)));
  CHECK_FALSE(py::compare(CompareOp::Lt, I(1), F(kNaN)));
  CHECK(py::compare(CompareOp::Eq, B(true), I(1)));
  CHECK(py::truthy(F(kNaN)));
  CHECK_FALSE(py::truthy(F(-0.0)));
}

TEST_CASE("conversions", "[pyvalue]") {
  CHECK(eval(py::toInt(F(1e30))) == "1000000000000000019884624838656");
  CHECK(eval(py::toInt(F(-2.5))) == "-2");
  CHECK(isError(py::toInt(F(kNaN))));
  CHECK(isError(py::toInt(F(inf))));
  CHECK(eval(py::toFloat(*py::binary(BinaryOp::Sub, pow2(63), I(1)))) ==
        "9.223372036854776e+18");
  CHECK(isError(py::toFloat(pow2(1024))));
  CHECK(eval(py::parseFloat("-0")) == "-0.0");
  CHECK(eval(py::parseFloat(" inf ")) == "inf");
  CHECK(eval(py::parseFloat("-NaN")) == "nan");
  CHECK(eval(py::parseFloat("1_000.5")) == "1000.5");
  CHECK(eval(py::parseFloat(".5e1")) == "5.0");
  CHECK(eval(py::parseFloat("1e400")) == "inf");
  CHECK(isError(py::parseFloat("1e")));
  CHECK(isError(py::parseFloat("1__0")));
  CHECK(eval(py::parseInt(" -42 ")) == "-42");
  CHECK(eval(py::parseInt("007")) == "7");
  CHECK(isError(py::parseInt("0x10")));
  CHECK(isError(py::parseInt("1.5")));
}

TEST_CASE("builtins", "[pyvalue]") {
  auto minMax = [](bool isMax, std::vector<ConstantValue> values,
                   bool refuseNaN = false) {
    return eval(py::minMax(isMax, values, refuseNaN));
  };
  CHECK(minMax(false, {I(2), F(1.5)}) == "1.5");
  CHECK(minMax(false, {I(1), F(1.0)}) == "1");
  CHECK(minMax(true, {F(1.0), I(1)}) == "1.0");
  CHECK(minMax(false, {I(4), I(2), I(3)}) == "2");
  CHECK(minMax(true, {*py::binary(BinaryOp::Mul, pow2(62), I(2)), I(1)}) ==
        "9223372036854775808");
  CHECK(minMax(false, {F(kNaN), F(1.0)}) == "nan");
  CHECK(minMax(false, {F(1.0), F(kNaN)}) == "1.0");
  CHECK(minMax(false, {F(1.0), F(kNaN)}, true).rfind("error: ", 0) == 0);
  CHECK(eval(py::nextPowerOf2(I(0))) == "0");
  CHECK(eval(py::nextPowerOf2(I(1))) == "1");
  CHECK(eval(py::nextPowerOf2(I(5))) == "8");
  CHECK(eval(py::nextPowerOf2(*py::binary(BinaryOp::Add, pow2(62), I(1)))) ==
        "9223372036854775808");
  CHECK(eval(py::nextPowerOf2(I(-5))) == "0");
  // Triton's bit trick fills 64 bits only.
  CHECK(eval(py::nextPowerOf2(*py::binary(BinaryOp::Add, pow2(70), I(1)))) ==
        "2361183241434822606721");
  CHECK(eval(py::cdiv(I(7), I(2))) == "4");
  CHECK(eval(py::cdiv(I(-7), I(2))) == "-3");
  CHECK(isError(py::cdiv(I(7), I(0))));
}

TEST_CASE("str and repr", "[pyvalue]") {
  CHECK(py::reprFloat(0.1) == "0.1");
  CHECK(py::reprFloat(1e16) == "1e+16");
  CHECK(py::reprFloat(1e15) == "1000000000000000.0");
  CHECK(py::reprFloat(1e-5) == "1e-05");
  CHECK(py::reprFloat(0.0001) == "0.0001");
  CHECK(py::reprFloat(123456789.0) == "123456789.0");
  CHECK(py::reprFloat(inf) == "inf");
  CHECK(py::reprFloat(-inf) == "-inf");
  CHECK(py::reprFloat(kNaN) == "nan");
  CHECK(py::reprFloat(-0.0) == "-0.0");
  CHECK(py::reprFloat(0.0) == "0.0");
  CHECK(py::reprFloat(1e22) == "1e+22");
  CHECK(py::reprFloat(1.5e-7) == "1.5e-07");
  CHECK(py::reprFloat(5e-324) == "5e-324");
  CHECK(py::reprFloat(1.7976931348623157e308) == "1.7976931348623157e+308");
  CHECK(py::reprFloat(-2.5) == "-2.5");
  CHECK(py::str(B(true)) == "True");
  CHECK(py::str(I(-3)) == "-3");
  CHECK(py::reprString("relu") == "'relu'");
  CHECK(py::reprString("it's") == "\"it's\"");
  CHECK(py::reprString("a\nb\\") == "'a\\nb\\\\'");
}

TEST_CASE("ints at the ends of int64", "[pyvalue]") {
  ConstantValue max = I(INT64_MAX), min = I(INT64_MIN);
  CHECK(bin(BinaryOp::Sub, max, min) == "18446744073709551615");
  CHECK(bin(BinaryOp::Sub, min, max) == "-18446744073709551615");
  CHECK(bin(BinaryOp::Add, max, I(1)) == "9223372036854775808");
  CHECK(bin(BinaryOp::Sub, min, I(1)) == "-9223372036854775809");
  CHECK(eval(py::unary(UnaryOp::Minus, min)) == "9223372036854775808");
  ConstantValue d = *py::binary(BinaryOp::Sub, max, min);
  CHECK(eval(py::unary(UnaryOp::Minus, d)) == "-18446744073709551615");
  CHECK(bin(BinaryOp::FloorDiv, *py::unary(UnaryOp::Minus, d), I(1)) ==
        "-18446744073709551615");
}
