//===- GenValue.cpp - compile-time and runtime values of MLIRGen ----------===//

#include "Generator.h"

#include <cmath>

using namespace mlir;

namespace tilec {
namespace detail {

GenValue GenValue::constantOf(ConstantValue c) {
  GenValue v;
  v.kind = Kind::Constant;
  v.constant = c;
  return v;
}

GenValue GenValue::string(llvm::StringRef s) {
  GenValue v;
  v.kind = Kind::String;
  v.name = s.str();
  return v;
}

GenValue GenValue::dtype(Type type, bool unsignedInt) {
  GenValue v;
  v.kind = Kind::DType;
  v.type = type;
  // For a pointer dtype (tl.pointer_type), whether its pointee is unsigned.
  Type element = type;
  if (auto ptr = dyn_cast<tile::PtrType>(type))
    element = ptr.getPointeeType();
  v.unsignedInt = unsignedInt && isa<IntegerType>(element);
  return v;
}

GenValue GenValue::tuple(std::vector<GenValue> elements) {
  GenValue v;
  v.kind = Kind::Tuple;
  v.elements = std::move(elements);
  return v;
}

GenValue GenValue::runtime(Value value) {
  GenValue v;
  v.kind = Kind::Runtime;
  v.value = value;
  return v;
}

GenValue GenValue::namespaceOf(llvm::StringRef name) {
  GenValue v;
  v.kind = Kind::Namespace;
  v.name = name.str();
  return v;
}

GenValue GenValue::function(llvm::StringRef name) {
  GenValue v;
  v.kind = Kind::Function;
  v.name = name.str();
  return v;
}

GenValue GenValue::method(llvm::StringRef name, GenValue self) {
  GenValue v = function(name);
  v.elements.push_back(std::move(self));
  return v;
}

/// A compile-time record of runtime leaves and integers.
static GenValue record(GenValue::Kind kind, std::vector<GenValue> elements,
                       std::vector<int64_t> ints) {
  GenValue v;
  v.kind = kind;
  v.elements = std::move(elements);
  v.ints = std::move(ints);
  return v;
}

GenValue GenValue::blockPtr(std::vector<GenValue> elements,
                            std::vector<int64_t> ints) {
  return record(Kind::BlockPtr, std::move(elements), std::move(ints));
}

GenValue GenValue::tensorDesc(std::vector<GenValue> elements,
                              std::vector<int64_t> ints) {
  return record(Kind::TensorDesc, std::move(elements), std::move(ints));
}

std::optional<int64_t> GenValue::getInt64() const {
  if (!isIntConstant() || !constant.fitsInt64())
    return std::nullopt;
  return constant.getInt64();
}

bool GenValue::sameAs(const GenValue &other) const {
  if (kind != other.kind)
    return false;
  switch (kind) {
  case Kind::None:
    return true;
  case Kind::Constant:
    if (constant.kind != other.constant.kind)
      return false;
    if (constant.isFloat())
      return constant.floatValue == other.constant.floatValue ||
             (std::isnan(constant.floatValue) &&
              std::isnan(other.constant.floatValue));
    return llvm::APInt::isSameValue(constant.getBigInt(),
                                     other.constant.getBigInt());
  case Kind::String:
  case Kind::Namespace:
    return name == other.name;
  case Kind::DType:
    return type == other.type && unsignedInt == other.unsignedInt;
  case Kind::Runtime:
    return value == other.value;
  case Kind::Function:
  case Kind::Tuple:
  case Kind::BlockPtr:
  case Kind::TensorDesc:
    if (ints != other.ints)
      return false;
    if (name != other.name || elements.size() != other.elements.size())
      return false;
    for (auto [a, b] : llvm::zip(elements, other.elements))
      if (!a.sameAs(b))
        return false;
    return true;
  }
  return false;
}

} // namespace detail
} // namespace tilec
