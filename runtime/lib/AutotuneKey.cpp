//===- AutotuneKey.cpp - the key that selects an autotuning pick ----------===//

#include "tilec/runtime/Autotuner.h"
#include "tilec/runtime/Error.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace tilec::rt {

/// The float an IEEE half-precision bit pattern encodes.
static float halfToFloat(uint16_t bits) {
  uint32_t sign = (bits >> 15) & 1, exponent = (bits >> 10) & 0x1f,
           mantissa = bits & 0x3ff;
  float magnitude;
  if (exponent == 0)
    magnitude = std::ldexp(static_cast<float>(mantissa), -24); // subnormal
  else if (exponent == 0x1f)
    magnitude = mantissa ? NAN : INFINITY;
  else
    magnitude = std::ldexp(static_cast<float>(mantissa | 0x400),
                           static_cast<int>(exponent) - 25);
  return sign ? -magnitude : magnitude;
}

/// Shortest text that reads back as \p value.
template <typename T> static std::string shortest(T value) {
  char buffer[64];
  auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return ec == std::errc() ? std::string(buffer, ptr) : "?";
}

/// A scalar argument's value as text.
static std::string valueText(const Arg &arg) {
  uint64_t bits = 0;
  std::memcpy(&bits, arg.data(), sizeof(bits));
  switch (arg.type()) {
  case ScalarType::FP32: {
    float value;
    uint32_t word = static_cast<uint32_t>(bits);
    std::memcpy(&value, &word, sizeof(value));
    return shortest(value);
  }
  case ScalarType::FP64: {
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    return shortest(value);
  }
  case ScalarType::FP16:
    return shortest(halfToFloat(static_cast<uint16_t>(bits)));
  case ScalarType::BF16: {
    float value;
    uint32_t word = static_cast<uint32_t>(bits & 0xffff) << 16;
    std::memcpy(&value, &word, sizeof(value));
    return shortest(value);
  }
  default:
    return std::to_string(arg.intValue());
  }
}

std::string autotuneKey(const AutotuneIndex &index,
                        const std::vector<ParamInfo> &params,
                        const std::vector<Arg> &args) {
  std::string prefix = "launch of " + index.name + ": ";
  if (args.size() != params.size()) {
    std::string names;
    for (const ParamInfo &param : params)
      names += (names.empty() ? "" : ", ") + param.name;
    throw Error(prefix + "expected " + std::to_string(params.size()) +
                " arguments (" + names + "), got " +
                std::to_string(args.size()));
  }
  std::string key;
  for (const std::string &name : index.key) {
    size_t i = 0;
    while (i < params.size() && params[i].name != name)
      ++i;
    if (i == params.size()) {
      // A constexpr, the same in every config (AutotuneIndex checks).
      const ConstexprInfo *constant = nullptr;
      if (!index.manifests.empty())
        for (const ConstexprInfo &info : index.manifests.front().constexprs)
          if (info.name == name)
            constant = &info;
      if (!constant)
        throw Error(prefix + "key parameter '" + name +
                    "' is not a parameter");
      key += (key.empty() ? "" : ",") + name + "=" + constant->text;
      continue;
    }
    const ParamInfo &param = params[i];
    const Arg &arg = args[i];
    bool pointer = param.kind == ParamKind::Pointer;
    if (arg.isPointer() != pointer || (!pointer && arg.type() != param.type))
      throw Error(prefix + "argument " + std::to_string(i) + " ('" + name +
                  "') must be " + Manifest::describe(param) + ", got " +
                  arg.describe());
    key += (key.empty() ? "" : ",") + name + "=" +
           (pointer ? std::string(toString(param.type)) : valueText(arg));
  }
  return key;
}

} // namespace tilec::rt
