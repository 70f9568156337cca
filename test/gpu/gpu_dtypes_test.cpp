//===- gpu_dtypes_test.cpp - fp16, bf16 and fp64 loads and stores ---------===//
//
// scale_shift (test/gpu/kernels/dtypes.py) computes y = x * 2 + 1 in x's
// element type and stores it converted to y's. Each variant pairs two
// element types (fp16/fp16, bf16/bf16, fp64/fp64, fp16 -> fp32, fp32 ->
// bf16; scale_shift_helpers, the same through @triton.jit helpers and a
// string constexpr, fp16 -> fp32 and bf16; scale_shift_imported, through
// the helpers of another file, the same two), with and without the `i32:16`
// promise that selects the 128-bit vector path (8 halves or 2 doubles a
// thread-vector). x*2 is exact and x*2 + 1 is exact in double for these
// inputs, so the reference is that value rounded (to nearest even) to x's
// type and then to y's: the kernel must match it bit for bit. The output is
// poisoned first; elements at n and past it (a guard of 256) must keep the
// poison. Exits 0 if all pass, 1 if any fails, 77 (skip) without a CUDA
// driver or under the fake driver.
//   gpu-test-dtypes [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstring>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kGuardElements = 256;
constexpr uint8_t kPoisonByte = 0xff; // NaN in every float type here.

enum class Float { F16, BF16, F32, F64 };

size_t byteSize(Float type) {
  switch (type) {
  case Float::F16:
  case Float::BF16:
    return 2;
  case Float::F32:
    return 4;
  case Float::F64:
    return 8;
  }
  return 0;
}

const char *name(Float type) {
  switch (type) {
  case Float::F16:
    return "fp16";
  case Float::BF16:
    return "bf16";
  case Float::F32:
    return "fp32";
  case Float::F64:
    return "fp64";
  }
  return "?";
}

/// \p value rounded to \p type's precision (inputs stay in range).
double roundToType(double value, Float type) {
  switch (type) {
  case Float::F16:
    return roundToFp16(value);
  case Float::BF16:
    return roundToBf16(value);
  case Float::F32:
    return static_cast<float>(value);
  case Float::F64:
    return value;
  }
  return value;
}

/// Stores \p value (already of \p type's precision) at \p out.
void encode(Float type, double value, uint8_t *out) {
  switch (type) {
  case Float::F16:
  case Float::BF16: {
    uint16_t bits = type == Float::F16 ? fp16Bits(value) : bf16Bits(value);
    std::memcpy(out, &bits, 2);
    return;
  }
  case Float::F32: {
    float f = static_cast<float>(value);
    std::memcpy(out, &f, 4);
    return;
  }
  case Float::F64:
    std::memcpy(out, &value, 8);
    return;
  }
}

double decode(Float type, const uint8_t *in) {
  switch (type) {
  case Float::F16:
  case Float::BF16: {
    uint16_t bits;
    std::memcpy(&bits, in, 2);
    return type == Float::F16 ? fp16Value(bits) : bf16Value(bits);
  }
  case Float::F32: {
    float f;
    std::memcpy(&f, in, 4);
    return f;
  }
  case Float::F64: {
    double d;
    std::memcpy(&d, in, 8);
    return d;
  }
  }
  return NAN;
}

class DtypesCase final : public KernelCase {
public:
  DtypesCase(const std::string &dir, const std::string &variant, Float xType,
             Float yType, int64_t n, uint64_t seed)
      : kernel(rt::Kernel::load(manifestPath(dir, variant))), xType(xType),
        yType(yType), n(n) {
    std::optional<int64_t> block = kernel.manifest().constexprInt("BLOCK");
    if (!block || *block < 1)
      throw rt::Error(variant + " binds no positive BLOCK");
    grid = (n + *block - 1) / *block;
    caseInfo.kernel = "dtypes";
    caseInfo.shape = fmt::format("{} -> {} n={}", name(xType), name(yType), n);
    caseInfo.id = fmt::format("dtypes_{}_{}_{}", name(xType), name(yType), n);
    caseInfo.variant = variant;
    caseInfo.block = *block;
    caseInfo.warps = kernel.manifest().numWarps;
    caseInfo.bytes = n * (byteSize(xType) + byteSize(yType));

    // Values of x's precision in [-300, 300] (a few fp16 subnormals too),
    // so that x * 2 + 1 is exact in double.
    std::vector<float> values = uniformFloats(n, -300.0f, 300.0f, seed);
    input.resize(n * byteSize(xType));
    for (int64_t i = 0; i < n; ++i) {
      double v = i % 97 == 5 ? std::ldexp(values[i], -30) : values[i];
      encode(xType, roundToType(v, xType), &input[i * byteSize(xType)]);
    }
    x = rt::DeviceBuffer::fromHost(input);
    // fill32 poisons whole words: round the buffer up to one.
    outBytes = ((n + kGuardElements) * byteSize(yType) + 3) / 4 * 4;
    out = rt::DeviceBuffer(outBytes);
  }

  const CaseInfo &info() const override { return caseInfo; }

  void launch() override {
    kernel.launch({grid}, {x, out, static_cast<int32_t>(n)});
  }

  CheckResult check() override {
    size_t ySize = byteSize(yType);
    out.fill32(uint32_t(kPoisonByte) * 0x01010101u);
    launch();
    rt::Context::current().synchronize();
    std::vector<uint8_t> got = out.toHost<uint8_t>(outBytes);
    CheckResult result;
    int64_t mismatches = 0;
    for (int64_t i = 0; i < n; ++i) {
      double xv = decode(xType, &input[i * byteSize(xType)]);
      double expected = roundToType(roundToType(xv * 2 + 1, xType), yType);
      uint8_t want[8];
      encode(yType, expected, want);
      if (std::memcmp(want, &got[i * ySize], ySize) == 0)
        continue;
      if (mismatches++ < 3)
        result.fail(fmt::format("y[{}] is {}, expected {} (x = {})", i,
                                decode(yType, &got[i * ySize]), expected, xv));
    }
    if (mismatches > 3)
      result.fail(fmt::format("{} elements differ in all", mismatches));
    for (size_t b = n * ySize; b < got.size(); ++b)
      if (got[b] != kPoisonByte) {
        result.fail(fmt::format("byte {} past y[{}] written", b, n - 1));
        break;
      }
    result.errors.push_back({"mismatches", double(mismatches)});
    return result;
  }

private:
  rt::Kernel kernel;
  Float xType, yType;
  int64_t n, grid = 0;
  size_t outBytes = 0;
  CaseInfo caseInfo;
  std::vector<uint8_t> input;
  rt::DeviceBuffer x, out;
};

struct Variant {
  const char *name;
  Float x, y;
  /// The `i32:16` variant: n a multiple of 16.
  bool d16;
};

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-dtypes",
      [&](const std::string &dir) {
        const Variant variants[] = {
            {"dtypes_f16_f16", Float::F16, Float::F16, false},
            {"dtypes_f16_f16_d16", Float::F16, Float::F16, true},
            {"dtypes_bf16_bf16", Float::BF16, Float::BF16, false},
            {"dtypes_bf16_bf16_d16", Float::BF16, Float::BF16, true},
            {"dtypes_f64_f64", Float::F64, Float::F64, false},
            {"dtypes_f64_f64_d16", Float::F64, Float::F64, true},
            {"dtypes_f16_f32_d16", Float::F16, Float::F32, true},
            {"dtypes_f32_bf16_d16", Float::F32, Float::BF16, true},
            // scale_shift_helpers: the same through @triton.jit helpers.
            {"dtypes_helpers_f16_f32_d16", Float::F16, Float::F32, true},
            {"dtypes_helpers_bf16_bf16", Float::BF16, Float::BF16, false},
            // scale_shift_imported: through the helpers of another file.
            {"dtypes_imported_f16_f32_d16", Float::F16, Float::F32, true},
            {"dtypes_imported_bf16_bf16", Float::BF16, Float::BF16, false},
        };
        std::vector<CaseSpec> cases;
        uint64_t seed = 77;
        for (const Variant &v : variants) {
          std::vector<int64_t> sizes =
              v.d16 ? std::vector<int64_t>{16, 1024, 16016, 1 << 20}
                    : std::vector<int64_t>{1, 7, 1000, 4097, 70001};
          for (int64_t n : sizes) {
            std::string label = fmt::format("dtypes {} n={}", v.name, n);
            std::string variant = v.name;
            Float x = v.x, y = v.y;
            uint64_t caseSeed = seed++;
            cases.push_back({label, [=] {
                               return std::make_unique<DtypesCase>(
                                   dir, variant, x, y, n, caseSeed);
                             }});
          }
        }
        return cases;
      },
      "scale_shift");
}
