//===- ScalarType.cpp - element and scalar types of kernel params ---------===//

#include "tilec/runtime/ScalarType.h"

#include <array>

namespace tilec::rt {

namespace {
struct TypeEntry {
  ScalarType type;
  std::string_view name;
  unsigned bytes;
};
} // namespace

static constexpr std::array<TypeEntry, 11> kTypes = {{
    {ScalarType::FP16, "fp16", 2},
    {ScalarType::BF16, "bf16", 2},
    {ScalarType::FP32, "fp32", 4},
    {ScalarType::FP64, "fp64", 8},
    {ScalarType::I1, "i1", 1},
    {ScalarType::I8, "i8", 1},
    {ScalarType::I16, "i16", 2},
    {ScalarType::I32, "i32", 4},
    {ScalarType::I64, "i64", 8},
    {ScalarType::FP8E4NV, "fp8e4nv", 1},
    {ScalarType::FP8E5, "fp8e5", 1},
}};

static const TypeEntry &entry(ScalarType type) {
  return kTypes[static_cast<size_t>(type)];
}

std::string_view toString(ScalarType type) { return entry(type).name; }

std::optional<ScalarType> parseScalarType(std::string_view name) {
  for (const TypeEntry &e : kTypes)
    if (e.name == name)
      return e.type;
  return std::nullopt;
}

unsigned byteSize(ScalarType type) { return entry(type).bytes; }

bool isInteger(ScalarType type) {
  switch (type) {
  case ScalarType::I1:
  case ScalarType::I8:
  case ScalarType::I16:
  case ScalarType::I32:
  case ScalarType::I64:
    return true;
  default:
    return false;
  }
}

} // namespace tilec::rt
