//===- ScalarType.h - element and scalar types of kernel params -*- C++ -*-===//
//
// The type names used in manifests ("fp32", "i32", ...), the same spelling as
// Triton's AOT signatures.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_SCALARTYPE_H
#define TILEC_RUNTIME_SCALARTYPE_H

#include <cstdint>
#include <optional>
#include <string_view>

namespace tilec::rt {

/// A scalar type as spelled in a manifest.
/// fp8 (FP8E4NV: e4m3 without infinities, FP8E5: e5m2) is a pointee only.
enum class ScalarType : uint8_t {
  FP16, BF16, FP32, FP64, I1, I8, I16, I32, I64, FP8E4NV, FP8E5
};

/// The manifest spelling of \p type, e.g. "fp32".
std::string_view toString(ScalarType type);

/// Parses a manifest spelling; std::nullopt if \p name is not a known type.
std::optional<ScalarType> parseScalarType(std::string_view name);

/// Size in bytes of one value of \p type as a kernel parameter or element.
/// i1 counts as one byte.
unsigned byteSize(ScalarType type);

/// True for i1..i64.
bool isInteger(ScalarType type);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_SCALARTYPE_H
