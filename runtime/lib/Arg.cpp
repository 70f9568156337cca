//===- Arg.cpp - one kernel launch argument -------------------------------===//

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/DeviceBuffer.h"

#include <cstring>

namespace tilec::rt {

Arg::Arg(const DeviceBuffer &buffer) : Arg(buffer.ptr()) {}

Arg::Arg(float value) : kind(ParamKind::Scalar), scalarType(ScalarType::FP32), bits(0) {
  std::memcpy(&bits, &value, sizeof(value));
}

Arg::Arg(double value)
    : kind(ParamKind::Scalar), scalarType(ScalarType::FP64), bits(0) {
  std::memcpy(&bits, &value, sizeof(value));
}

std::string Arg::describe() const {
  if (isPointer())
    return "a pointer";
  ParamInfo param;
  param.kind = ParamKind::Scalar;
  param.type = scalarType;
  param.isUnsigned = unsignedValue;
  return Manifest::describe(param);
}

} // namespace tilec::rt
