//===- PyValue.h - Python's arithmetic on compile-time values ---*- C++ -*-===//
//
// Literals, constexpr parameters and globals, heuristics' values and
// everything computed only from them are Python values, and follow
// Python's semantics exactly: ints of any size (up to kMaxIntBits, where a
// located error says so), IEEE doubles with CPython's operators (floor
// division and modulo as float_floor_div/float_mod, `**` with its
// ZeroDivisionError, OverflowError and complex results), exact comparisons
// of ints with floats, correctly rounded conversions, and str() as print()
// writes it. MLIRGen folds operators on two such values here, and so does
// the @triton.heuristics evaluator. The module has no MLIR dependency so
// that it can be unit-tested on its own.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_PYVALUE_H
#define TILEC_FRONTEND_PYVALUE_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Signature.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <optional>
#include <string>

namespace tilec {
namespace py {

/// Python's ints are unbounded; ours stop at this many bits of magnitude,
/// generous for any kernel and small enough that no value costs time.
constexpr unsigned kMaxIntBits = 4096;

/// The value of a Python operation, or why Python (or the bound above)
/// gives none: a message that reads as "error: <message>" at the
/// expression.
class Result {
public:
  Result(ConstantValue value) : value(std::move(value)) {}
  static Result error(std::string message) {
    Result r(ConstantValue{});
    r.message = std::move(message);
    r.failed = true;
    return r;
  }
  explicit operator bool() const { return !failed; }
  const ConstantValue &operator*() const {
    assert(!failed && "no value");
    return value;
  }
  const ConstantValue *operator->() const { return &**this; }
  const std::string &getError() const { return message; }

private:
  ConstantValue value;
  std::string message;
  bool failed = false;
};

/// `a op b` for every binary operator but `@`.
Result binary(ast::BinaryOp op, const ConstantValue &a, const ConstantValue &b);
/// `a op b` for <, <=, >, >=, == and != (ints and floats compared exactly).
bool compare(ast::CompareOp op, const ConstantValue &a, const ConstantValue &b);
/// `-x`, `+x` and `~x` (`not x` is !truthy(x)).
Result unary(ast::UnaryOp op, const ConstantValue &x);
/// bool(x).
bool truthy(const ConstantValue &x);
/// int(x), float(x), abs(x).
Result toInt(const ConstantValue &x);
Result toFloat(const ConstantValue &x);
Result abs(const ConstantValue &x);
/// int(text) and float(text) of a string, as Python parses them (float
/// takes 'inf', '-nan', '1e5', '-0' ...).
Result parseInt(llvm::StringRef text);
Result parseFloat(llvm::StringRef text);
/// min(values) / max(values): the first of the smallest (largest), as
/// Python's. With `refuseNaN` a NaN anywhere is an error instead, as
/// Triton's min and max (tl.minimum/tl.maximum) give on two constexprs.
Result minMax(bool isMax, llvm::ArrayRef<ConstantValue> values,
              bool refuseNaN);
/// triton.cdiv(x, div): (x + div - 1) // div.
Result cdiv(const ConstantValue &x, const ConstantValue &div);
/// triton.next_power_of_2(n): Triton's bit trick on n - 1 (0 for 0 and
/// for negative n).
Result nextPowerOf2(const ConstantValue &n);

/// str(x) as print() writes it: ints in full, floats as repr (0.1, 1e+16,
/// 1e-05, inf, nan, -0.0), True and False.
std::string str(const ConstantValue &x);
/// repr() of a float: the shortest digits that read back as `x`.
std::string reprFloat(double x);
/// repr() of a string: quoted as Python quotes it.
std::string reprString(llvm::StringRef s);

/// Whether an int (or bool) lies in [lo, hi] (inclusive), for the checks
/// of consumers that need a machine integer.
bool intInRange(const ConstantValue &x, const llvm::APInt &lo,
                const llvm::APInt &hi);

} // namespace py
} // namespace tilec

#endif // TILEC_FRONTEND_PYVALUE_H
