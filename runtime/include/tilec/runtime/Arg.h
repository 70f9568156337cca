//===- Arg.h - one kernel launch argument -----------------------*- C++ -*-===//
//
// A launch argument remembers what it is (a device pointer or a scalar of a
// given type) so that a launch can be checked against the manifest before
// anything reaches cuLaunchKernel, which would otherwise read whatever bytes
// it is given.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_ARG_H
#define TILEC_RUNTIME_ARG_H

#include "tilec/runtime/Manifest.h"
#include "tilec/runtime/ScalarType.h"

#include <cstdint>
#include <string>
#include <type_traits>

namespace tilec::rt {

class DeviceBuffer;

/// A device address; a distinct type so it never converts to an integer
/// argument by accident.
struct DevicePtr {
  uint64_t address = 0;

  /// The address \p bytes further on.
  DevicePtr operator+(uint64_t bytes) const { return {address + bytes}; }
};

/// One argument of Kernel::launch. Construct implicitly from a DevicePtr, a
/// DeviceBuffer or a C++ scalar whose type names the kernel's scalar type:
/// an integer of N bits -> iN (int32_t -> i32, and uint32_t -> i32 too, as
/// the unsigned value it is: `u32` parameters take it, and a signed
/// parameter takes it if it fits), float -> fp32, double -> fp64, bool ->
/// i1. size_t and the other unsigned types are as welcome as int.
class Arg {
public:
  Arg(DevicePtr ptr) : kind(ParamKind::Pointer), bits(ptr.address) {}
  Arg(const DeviceBuffer &buffer);
  Arg(bool value) : Arg(ScalarType::I1, value ? 1 : 0) {}
  template <typename T,
            std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>,
                             int> = 0>
  Arg(T value)
      : Arg(intType(sizeof(T)),
            std::is_signed_v<T> ? fromInt(static_cast<int64_t>(value))
                                : static_cast<uint64_t>(value)) {
    unsignedValue = std::is_unsigned_v<T>;
  }
  Arg(float value);
  Arg(double value);
  /// Host pointers are never kernel arguments; without this they would
  /// silently become `bool`.
  template <typename T> Arg(T *) = delete;

  /// An fp16 or bf16 scalar given by its bit pattern.
  static Arg fp16Bits(uint16_t bits) { return Arg(ScalarType::FP16, bits); }
  static Arg bf16Bits(uint16_t bits) { return Arg(ScalarType::BF16, bits); }

  bool isPointer() const { return kind == ParamKind::Pointer; }
  /// The scalar's type; meaningless for pointers.
  ScalarType type() const { return scalarType; }
  /// The pointer's address.
  uint64_t address() const { return bits; }
  /// An integer scalar's value, sign-extended (an unsigned one's bits).
  int64_t intValue() const { return static_cast<int64_t>(bits); }
  /// Whether an integer scalar came from an unsigned C++ type (its value is
  /// then the zero-extended `bits`).
  bool isUnsigned() const { return unsignedValue; }
  /// Whether the integer is negative (never for an unsigned one).
  bool isNegative() const { return !unsignedValue && intValue() < 0; }

  /// The argument's bytes as cuLaunchKernel reads them: the value in the low
  /// bytes of a little-endian 64-bit slot, so any parameter size up to 8
  /// reads the right value.
  const void *data() const { return &bits; }

  /// "a pointer", "an i32 scalar", ... for error messages.
  std::string describe() const;

private:
  Arg(ScalarType type, uint64_t bits)
      : kind(ParamKind::Scalar), scalarType(type), bits(bits) {}
  static uint64_t fromInt(int64_t value) { return static_cast<uint64_t>(value); }
  static constexpr ScalarType intType(size_t bytes) {
    return bytes == 1   ? ScalarType::I8
           : bytes == 2 ? ScalarType::I16
           : bytes == 4 ? ScalarType::I32
                        : ScalarType::I64;
  }

  ParamKind kind;
  ScalarType scalarType = ScalarType::I64;
  uint64_t bits;
  bool unsignedValue = false;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_ARG_H
