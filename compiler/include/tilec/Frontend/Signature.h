//===- Signature.h - Triton AOT signatures and parameter binding -*- C++ -*-===//
//
// A signature such as "*fp32:16,*fp32:16,i32,1024" gives each kernel
// parameter either a type (pointers start with '*'; ":16" is a divisibility
// hint) or, for tl.constexpr parameters, a value. -D NAME=VALUE binds
// constexpr parameters too. This file is independent of MLIR so that it can
// be unit-tested on its own.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_SIGNATURE_H
#define TILEC_FRONTEND_SIGNATURE_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tilec {

/// A compile-time value: a Python int, float or bool (what a constexpr
/// parameter is bound to, and what MLIRGen computes with Python's rules,
/// PyValue.h). Ints have any width up to py::kMaxIntBits.
struct ConstantValue {
  enum class Kind { Int, Float, Bool };
  Kind kind = Kind::Int;
  double floatValue = 0;
  bool boolValue = false;

  static ConstantValue getInt(int64_t v);
  /// An int of any width; `v` is read as a signed number.
  static ConstantValue getInt(const llvm::APInt &v);
  static ConstantValue getFloat(double v);
  static ConstantValue getBool(bool v);

  bool isInt() const { return kind == Kind::Int; }
  bool isFloat() const { return kind == Kind::Float; }
  bool isBool() const { return kind == Kind::Bool; }
  /// The value of an int or bool, sign-extended to a multiple of 64 bits.
  const llvm::APInt &getBigInt() const {
    assert(!isFloat() && "a float has no integer value");
    return intValue;
  }
  /// Whether an int or bool fits in int64_t (a float never does): the
  /// consumers that need a machine integer check this and say so.
  bool fitsInt64() const {
    return !isFloat() && intValue.getSignificantBits() <= 64;
  }
  /// The value of an int or bool that fits in int64_t.
  int64_t getInt64() const {
    assert(fitsInt64() && "check fitsInt64() first");
    return intValue.getSExtValue();
  }

private:
  llvm::APInt intValue{64, 0};
};

/// Parses an int (decimal, 0x.., optionally signed), a float or True/False.
bool parseConstant(llvm::StringRef text, ConstantValue &value);

/// A constexpr's value that is not a number: a string, a dtype or Python's
/// None (Triton's JIT makes a None argument a constexpr None, whatever the
/// parameter's annotation). `Number` means the value is a ConstantValue
/// kept beside this.
struct SymbolicConstant {
  enum class Kind { Number, String, DType, NoneValue };
  Kind kind = Kind::Number;
  /// The string without quotes, or the dtype as written (tl.float16); the
  /// dtype itself is a ScalarKind beside it.
  std::string text;
};

/// The scalar types a signature can name. Unsigned types are kept apart so
/// that the frontend can say so, but they lower to signless integers.
enum class ScalarKind { I1, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16,
                        F32, F64, F8E4NV, F8E5 };

/// Parses "i32", "fp16", "bf16", "u8"...; returns false for anything else.
bool parseScalarKind(llvm::StringRef text, ScalarKind &kind);

/// Parses a constexpr value that is not a number: None, a quoted string
/// ('relu' or "relu"), a dtype written as Triton names it (tl.float16,
/// tl.int32, ...), or, with `bareStrings`, any other text as a string (-D
/// ACTIVATION=leaky_relu). Returns false for anything else.
bool parseSymbolicConstant(llvm::StringRef text, bool bareStrings,
                           SymbolicConstant &value, ScalarKind &dtype);

/// One comma-separated entry of a signature.
struct SignatureEntry {
  enum class Kind { Pointer, Scalar, TensorDesc, Constant, Symbolic, Invalid };
  Kind kind = Kind::Invalid;
  ScalarKind type = ScalarKind::I32; ///< the scalar, or the pointee
  /// A tensor descriptor's block shape ("tensordesc<fp16[64,64]>").
  std::vector<int64_t> blockShape;
  unsigned divisibility = 0;         ///< 0: no hint
  /// An integer scalar with hint 1 ("i32:1"): in Triton's AOT format the
  /// argument's value is 1, and the kernel is specialised for it.
  bool equalToOne = false;
  ConstantValue constant;            ///< for Kind::Constant
  SymbolicConstant symbolic;         ///< for Kind::Symbolic (type: the dtype)
  std::string text;                  ///< the entry, trimmed
  std::string error;                 ///< why it is Invalid
};

/// Splits and parses a signature. An empty (or blank) string has no entries.
/// Commas inside `<...>` and `[...]` (tensordesc<fp16[64, 64]>) do not split.
/// Entries that do not parse are kept as Kind::Invalid with a message, so
/// that the error can point at the parameter they were meant for.
std::vector<SignatureEntry> parseSignature(llvm::StringRef signature);

/// What the binder needs to know about a kernel parameter.
struct ParamInfo {
  std::string name;
  bool isConstexpr = false;
  bool hasDefault = false;
};

/// How one parameter ends up bound.
struct ParamBinding {
  enum class Kind {
    Argument, ///< a function argument of `entry`'s type
    Constant, ///< a constexpr with `value`
    Default,  ///< a constexpr whose default expression gives its value
  };
  Kind kind = Kind::Argument;
  SignatureEntry entry;
  ConstantValue value;
  /// A string or dtype constexpr instead of `value` (the dtype in
  /// `dtype`).
  SymbolicConstant symbolic;
  ScalarKind dtype = ScalarKind::I32;
};

/// A binding error; `paramIndex` is the parameter it concerns, or -1 for the
/// kernel as a whole.
struct BindingError {
  std::string message;
  int paramIndex = -1;
};

/// Binds `params` to the signature and -D definitions:
///  - every -D NAME must name a tl.constexpr parameter, once (-D NAME=None
///    may name any parameter);
///  - a signature with one entry per parameter binds them all positionally
///    (and then -D may not bind any of them again);
///  - otherwise the entries bind, in order, the parameters -D leaves unbound;
///    trailing constexpr parameters with defaults may be left out;
///  - constexpr parameters take values, the others take types; None binds
///    either kind as a constexpr None.
/// Returns false and fills `error` on the first problem.
bool bindSignature(llvm::StringRef kernelName, llvm::ArrayRef<ParamInfo> params,
                   llvm::StringRef signature,
                   llvm::ArrayRef<std::pair<std::string, std::string>> defines,
                   llvm::SmallVectorImpl<ParamBinding> &bindings,
                   BindingError &error);

} // namespace tilec

#endif // TILEC_FRONTEND_SIGNATURE_H
