//===- Launch.cpp - checking a launch against a kernel's manifest ---------===//

#include "tilec/runtime/Launch.h"
#include "tilec/runtime/Error.h"

#include <cstdio>

namespace tilec::rt {

static std::string hex(uint64_t value) {
  char buffer[24];
  std::snprintf(buffer, sizeof(buffer), "0x%llx",
                static_cast<unsigned long long>(value));
  return buffer;
}

/// Which promise of \p param's signature \p arg breaks, if any (`:1`, then
/// `:16`); kinds and types are the caller's to check first.
enum class Promise { Kept, NotEqual, Misaligned, NotDivisible };
static Promise checkPromises(const ParamInfo &param, const Arg &arg) {
  if (param.equalTo && (arg.isPointer() || arg.intValue() != *param.equalTo))
    return Promise::NotEqual;
  if (param.divisibility <= 1)
    return Promise::Kept;
  if (arg.isPointer())
    return arg.address() % static_cast<uint64_t>(param.divisibility) == 0
               ? Promise::Kept
               : Promise::Misaligned;
  return arg.intValue() % param.divisibility == 0 ? Promise::Kept
                                                  : Promise::NotDivisible;
}

static void checkGridDim(const Manifest &manifest, char axis, int64_t value,
                         int64_t limit) {
  std::string prefix = "launch of " + manifest.name + ": grid dimension " +
                       axis + " = " + std::to_string(value);
  if (value < 1)
    throw Error(prefix + " must be at least 1");
  if (value > limit)
    throw Error(prefix + " exceeds the device limit " + std::to_string(limit));
}

void validateLaunch(const Manifest &manifest, const Grid &grid,
                    const std::vector<Arg> &args, const GridLimits &limits) {
  validateLaunch(manifest, grid, args.data(), args.size(), limits);
}

void validateLaunch(const Manifest &manifest, const Grid &grid,
                    const Arg *args, size_t count, const GridLimits &limits) {
  std::string prefix = "launch of " + manifest.name + ": ";
  if (count != manifest.params.size()) {
    std::string names;
    for (const ParamInfo &param : manifest.params)
      names += (names.empty() ? "" : ", ") + param.name;
    throw Error(prefix + "expected " + std::to_string(manifest.params.size()) +
                " arguments (" + names + "), got " +
                std::to_string(count));
  }

  for (size_t i = 0; i < count; ++i) {
    const ParamInfo &param = manifest.params[i];
    const Arg &arg = args[i];
    std::string which =
        prefix + "argument " + std::to_string(i) + " ('" + param.name + "') ";
    bool kindMatches = arg.isPointer() == (param.kind == ParamKind::Pointer);
    bool typeMatches = arg.isPointer() || arg.type() == param.type;
    if (!kindMatches || !typeMatches)
      throw Error(which + "must be " + Manifest::describe(param) + ", got " +
                  arg.describe());
    // Signedness: the bits are the same, the values must be too.
    if (!arg.isPointer() && isInteger(param.type) &&
        param.type != ScalarType::I1) {
      unsigned bits = 8u * static_cast<unsigned>(byteSize(param.type));
      uint64_t value = static_cast<uint64_t>(arg.intValue());
      if (param.isUnsigned && arg.isNegative())
        throw Error(which + "must be " + Manifest::describe(param) +
                    ", got the negative value " +
                    std::to_string(arg.intValue()));
      if (!param.isUnsigned && arg.isUnsigned() &&
          value > (uint64_t(1) << (bits - 1)) - 1)
        throw Error(which + "must be " + Manifest::describe(param) + ", got " +
                    std::to_string(value) + ", which does not fit it");
    }

    switch (checkPromises(param, arg)) {
    case Promise::Kept:
      break;
    case Promise::NotEqual:
      throw Error(which + "= " + std::to_string(arg.intValue()) +
                  ", but the kernel was compiled for the value " +
                  std::to_string(*param.equalTo) + " (':1' in its signature)");
    case Promise::Misaligned:
      throw Error(which + "is not " + std::to_string(param.divisibility) +
                  "-byte aligned as the signature promised (address " +
                  hex(arg.address()) + ")");
    case Promise::NotDivisible:
      throw Error(which + "= " + std::to_string(arg.intValue()) +
                  " is not a multiple of " +
                  std::to_string(param.divisibility) +
                  " as the signature promised");
    }
  }

  checkGridDim(manifest, 'x', grid.x, limits.maxX);
  checkGridDim(manifest, 'y', grid.y, limits.maxY);
  checkGridDim(manifest, 'z', grid.z, limits.maxZ);
}

bool promisesHold(const Manifest &manifest, const Arg *args, size_t count) {
  if (count != manifest.params.size())
    return false;
  for (size_t i = 0; i < count; ++i) {
    const ParamInfo &param = manifest.params[i];
    const Arg &arg = args[i];
    // validateLaunch's kind and type check, without its messages.
    if (arg.isPointer() != (param.kind == ParamKind::Pointer) ||
        (!arg.isPointer() && arg.type() != param.type) ||
        checkPromises(param, arg) != Promise::Kept)
      return false;
  }
  return true;
}

} // namespace tilec::rt
