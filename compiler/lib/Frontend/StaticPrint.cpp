//===- StaticPrint.cpp - tl.static_print ----------------------------------===//
//
// Triton's tl.static_print(*values) is Python's print() of the values at
// compile time. Here it writes one line to stderr, each value as str()
// shows it: ints in full, floats as repr (PyValue.h), True, False and None,
// strings as they are, tuples as Python writes them (their elements as
// repr), dtypes by Triton's names (fp32, uint32, pointer<fp16>), and runtime
// values by their Triton type (int32[], fp32[constexpr[16], constexpr[32]]).
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

#include "tilec/Frontend/PyValue.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tilec {
namespace detail {

/// Triton's name of a type: fp32, bf16, int1, uint32, pointer<fp16>, and
/// for a block type (a block's `x.type`) <['16', '32'], fp32>.
static std::string tritonTypeName(Type type, bool isUnsigned) {
  if (auto ptr = dyn_cast<tile::PtrType>(type))
    return "pointer<" + tritonTypeName(ptr.getPointeeType(), isUnsigned) + ">";
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    std::string shape;
    for (int64_t size : tensor.getShape())
      shape += (shape.empty() ? "'" : ", '") + std::to_string(size) + "'";
    return "<[" + shape + "], " +
           tritonTypeName(tensor.getElementType(), isUnsigned) + ">";
  }
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    return (width > 1 && isUnsigned ? "uint" : "int") + std::to_string(width);
  }
  return describe(type);
}

/// Python's str() of `value`, or repr() (a tuple's elements: strings
/// quoted).
static std::string pythonText(Generator &gen, const GenValue &value,
                              bool repr) {
  switch (value.kind) {
  case GenValue::Kind::None:
    return "None";
  case GenValue::Kind::Constant:
    return py::str(value.constant);
  case GenValue::Kind::String:
    return repr ? py::reprString(value.name) : value.name;
  case GenValue::Kind::DType:
    return tritonTypeName(value.type, value.unsignedInt);
  case GenValue::Kind::Tuple: {
    std::string text = value.isList ? "[" : "(";
    for (auto [i, element] : llvm::enumerate(value.elements))
      text += (i ? ", " : "") + pythonText(gen, element, /*repr=*/true);
    if (value.isList)
      return text + "]";
    return text + (value.elements.size() == 1 ? ",)" : ")");
  }
  case GenValue::Kind::Runtime: {
    // A Triton tensor's str: its dtype, then its shape's constexprs.
    Type type = value.value.getType();
    std::string text =
        tritonTypeName(getElementType(type), gen.isUnsignedInt(value.value)) +
        "[";
    for (auto [i, size] : llvm::enumerate(getShape(type)))
      text += (i ? ", constexpr[" : "constexpr[") + std::to_string(size) + "]";
    return text + "]";
  }
  case GenValue::Kind::Namespace:
    return "<module '" + Generator::getDisplayName(value.name).str() + "'>";
  case GenValue::Kind::Function:
    return "<function " + Generator::getDisplayName(value.name).str() + ">";
  case GenValue::Kind::BlockPtr:
  case GenValue::Kind::TensorDesc:
    return "<" + describe(value) + ">";
  }
  return "<" + describe(value) + ">";
}

FailureOr<GenValue> buildStaticPrint(Generator &gen, const BoundArgs &args,
                                     const Location &at) {
  // print()'s sep and end, compile-time strings; flush changes nothing.
  std::string sep = " ", end = "\n";
  for (auto [index, text] : {std::pair<unsigned, std::string *>{0, &sep},
                             {1, &end}}) {
    if (!args.has(index))
      continue;
    const Arg &arg = args[index];
    if (arg.value.kind != GenValue::Kind::String)
      return gen.emitError(arg.loc)
             << "tl.static_print(): " << (index == 0 ? "sep" : "end")
             << " must be a string, got " << describe(arg.value);
    *text = arg.value.name;
  }
  if (failed(optionalBool(gen, args, 2, "tl.static_print", "flush")))
    return failure();
  std::string line;
  for (auto [i, arg] : llvm::enumerate(args.extra))
    line += (i ? sep : "") + pythonText(gen, arg.value, /*repr=*/false);
  llvm::errs() << line << end;
  llvm::errs().flush();
  return GenValue::none();
}

} // namespace detail
} // namespace tilec
