//===- runtime_examples_test.cpp - host-side helpers of the examples ------===//
//
// The parts of the example host programs that need no device: option
// parsing, variant selection (which must match the names
// examples/*/CMakeLists.txt builds), inputs and references.
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/CommandLine.h"
#include "common/HostData.h"
#include "gelu/Gelu.h"
#include "matmul/MatMul.h"
#include "rowsum/RowSum.h"
#include "softmax/Softmax.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <stdexcept>

using namespace tilec::examples;

namespace {
/// argv for CommandLine from a list of words.
struct Argv {
  std::vector<std::string> words;
  std::vector<char *> pointers;
  explicit Argv(std::vector<std::string> args) : words(std::move(args)) {
    words.insert(words.begin(), "prog");
    for (std::string &word : words)
      pointers.push_back(word.data());
  }
  int argc() { return static_cast<int>(pointers.size()); }
  char **argv() { return pointers.data(); }
};

/// The message parsing \p args with one option --n in [1, 100] and the run
/// flags throws ("" if none).
std::string cliError(std::vector<std::string> args) {
  try {
    Argv a(std::move(args));
    CommandLine cl("prog", "a test");
    int64_t n = 1;
    cl.integer("--n", n, 1, 100, "a number");
    RunFlags run;
    run.declare(cl);
    cl.parse(a.argc(), a.argv());
  } catch (const std::invalid_argument &error) {
    return error.what();
  }
  return "";
}
} // namespace

TEST_CASE("examples: command lines", "[examples]") {
  Argv a({"--n", "2^20", "--check-only", "--kernels-dir=/k", "--trials", "7"});
  CommandLine cl("prog", "a test");
  int64_t n = 5, rows = 42;
  std::string dir = "x";
  cl.integer("--n", n, 1, 1 << 30, "a number");
  CLI::Option *rowsOption = cl.integer("--rows", rows, 1, 100, "rows");
  cl.string("--kernels-dir", dir, "kernels");
  RunFlags run;
  run.declare(cl);
  REQUIRE(cl.parse(a.argc(), a.argv()));
  CHECK(n == 1 << 20);
  CHECK(dir == "/k");
  RunOptions options = run.options();
  CHECK(options.checkOnly);
  CHECK(options.bench.trials == 7);
  CHECK(options.bench.warmups == 10);
  CHECK(options.bench.flushBytes == 256u << 20);
  CHECK(rows == 42);
  CHECK(rowsOption->count() == 0);

  Argv b({"--no-flush-l2", "--warmups", "0"});
  CommandLine noFlush("prog", "a test");
  RunFlags plainFlags;
  plainFlags.declare(noFlush);
  REQUIRE(noFlush.parse(b.argc(), b.argv()));
  RunOptions plain = plainFlags.options();
  CHECK(plain.bench.flushBytes == 0);
  CHECK(plain.bench.warmups == 0);
  CHECK_FALSE(plain.checkOnly);

  // The help lists every option with its help text and default.
  std::string help = cl.help();
  CHECK(help.find("a test") != std::string::npos);
  CHECK(help.find("--trials") != std::string::npos);
  CHECK(help.find("timed launches") != std::string::npos);
  CHECK(help.find("--kernels-dir") != std::string::npos);

  CHECK(cliError({"--n", "0"}) == "--n: Value 0 not in range 1 to 100");
  CHECK(cliError({"--n", "2^7"}) == "--n: Value 128 not in range 1 to 100");
  CHECK(cliError({"--n", "1x"}).find("--n") != std::string::npos);
  CHECK(cliError({"--n", "3^2"}).find("--n") != std::string::npos);
  CHECK(cliError({"--n"}).find("--n") != std::string::npos);
  CHECK(cliError({"--n", "1", "--n", "2"}).find("--n") != std::string::npos);
  CHECK(cliError({"--nn", "1"}).find("--nn") != std::string::npos);
  CHECK(cliError({"n"}).find("n") != std::string::npos);
  CHECK(cliError({"--n", "7", "--trials", "3"}).empty());
}

TEST_CASE("examples: variants follow Triton's specialisation", "[examples]") {
  CHECK(geluVariant(1) == "gelu_b1024_w4");
  CHECK(geluVariant(1000) == "gelu_b1024_w4");
  CHECK(geluVariant(4097) == "gelu_b1024_w4");
  CHECK(geluVariant(int64_t(1) << 28) == "gelu_b1024_w4_d16");
  CHECK(rowSumVariant(1000) == "rowsum_b1024_w4_d8");
  CHECK(rowSumVariant(1001) == "rowsum_b1024_w4");
  CHECK(rowSumVariant(16384) == "rowsum_b1024_w4_d16");

  CHECK(nextPowerOfTwo(1) == 1);
  CHECK(nextPowerOfTwo(7) == 8);
  CHECK(nextPowerOfTwo(1024) == 1024);
  CHECK(nextPowerOfTwo(4097) == 8192);
  CHECK(softmaxWarps(1) == 4);
  CHECK(softmaxWarps(1024) == 4);
  CHECK(softmaxWarps(2048) == 8);
  CHECK(softmaxWarps(4096) == 8);
  CHECK(softmaxWarps(8192) == 16);
  CHECK(softmaxWarps(16384) == 16);
  CHECK(softmaxVariant({8192, 1024, 1024, 1024}) == "softmax_b1024_w4_d16");
  CHECK(softmaxVariant({8192, 4096, 4096, 4096}) == "softmax_b4096_w8_d16");
  CHECK(softmaxVariant({4096, 16384, 16384, 16384}) == "softmax_b16384_w16_d16");
  CHECK(softmaxVariant({32768, 1000, 1000, 1000}) == "softmax_b1024_w4_d8");
  CHECK(softmaxVariant({32768, 1000, 1000, 1004}) == "softmax_b1024_w4");
  // One stride not divisible by 16 falls back to the general variant.
  CHECK(softmaxVariant({4, 1024, 1024, 1030}) == "softmax_b1024_w4");
  CHECK(softmaxVariant({4, 1, 1, 1}) == "softmax_b1_w4");
  CHECK(softmaxVariant({4, 7, 7, 7}) == "softmax_b8_w4");
  CHECK(softmaxVariant({4, 4097, 4097, 4097}) == "softmax_b8192_w16");
  CHECK(manifestPath("k", "gelu_b1024_w4") == "k/gelu_b1024_w4.json");
}

TEST_CASE("examples: matmul tilings and variants", "[examples]") {
  std::optional<MatMulTiling> tiling = parseMatMulTiling("128x256x64w8");
  REQUIRE(tiling);
  CHECK(tiling->blockM == 128);
  CHECK(tiling->blockN == 256);
  CHECK(tiling->blockK == 64);
  CHECK(tiling->warps == 8);
  CHECK(tiling->stages == 3);
  tiling = parseMatMulTiling("64x64x32w4s2");
  REQUIRE(tiling);
  CHECK(tiling->stages == 2);
  for (const char *bad : {"64x64x32", "64x64x32w4x", "64x64x32w4s", "64x64x32w4s0",
                          "64x64x32w0", "0x64x32w4", "64x64x32w4s2 "})
    CHECK_FALSE(parseMatMulTiling(bad));

  CHECK(matMulVariant(MatMulType::F16, 4096, 4096, 4096) ==
        "matmul_f16_b64x64x32_w4_d16");
  CHECK(matMulVariant(MatMulType::BF16, 1000, 64, 64) ==
        "matmul_bf16_b64x64x32_w4");
  CHECK(matMulVariant(MatMulType::F32, 64, 64, 32, MatMulBLayout::ColumnMajor) ==
        "matmul_f32_b64x64x32_w4_bt_d16");
  MatMulTiling staged;
  staged.stages = 4;
  CHECK(matMulVariant(MatMulType::F16, 17, 64, 4097, MatMulBLayout::RowMajor,
                      staged) == "matmul_f16_b64x64x32_w4_s4");
  CHECK(matMulVariant(MatMulType::F16, 64, 64, 64, MatMulBLayout::RowMajor,
                      *parseMatMulTiling("128x256x64w8s3")) ==
        "matmul_f16_b128x256x64_w8_d16");
}

TEST_CASE("examples: inputs are seeded, in range and not zero", "[examples]") {
  std::vector<float> a = uniformFloats(200000, -5.0f, 5.0f, 7);
  std::vector<float> b = uniformFloats(200000, -5.0f, 5.0f, 7);
  std::vector<float> c = uniformFloats(200000, -5.0f, 5.0f, 8);
  CHECK(a == b);
  CHECK(a != c);
  double sumAbs = 0;
  for (float v : a) {
    REQUIRE(v >= -5.0f);
    REQUIRE(v < 5.0f);
    sumAbs += std::fabs(v);
  }
  CHECK(sumAbs / a.size() == Approx(2.5).epsilon(0.02));
}

TEST_CASE("examples: poison is told apart from computed NaNs", "[examples]") {
  float poison = poisonValue();
  CHECK(std::isnan(poison));
  CHECK(isPoison(poison));
  CHECK_FALSE(isPoison(std::nanf("")));
  uint32_t canonical = 0x7fffffff; // the NaN NVIDIA GPUs compute
  float gpuNaN;
  std::memcpy(&gpuNaN, &canonical, sizeof(gpuNaN));
  CHECK_FALSE(isPoison(gpuNaN));
  CHECK_FALSE(isPoison(0.0f));
}

TEST_CASE("examples: softmax inputs", "[examples]") {
  SoftmaxShape shape{5, 10, 16, 12};
  std::vector<float> input = softmaxInput(shape, 1);
  REQUIRE(input.size() == 5 * 16);
  for (int64_t row = 0; row < 5; ++row)
    for (int64_t col = 0; col < 16; ++col)
      CHECK(isPoison(input[row * 16 + col]) == (col >= 10));
  addSoftmaxExtremes(input, shape);
  for (int64_t row = 0; row < 5; ++row) {
    bool finite = false;
    for (int64_t col = 0; col < 10; ++col)
      finite |= std::isfinite(input[row * 16 + col]);
    CHECK(finite);
  }
  CHECK(std::isinf(input[0]));
  CHECK(input[16 + 9] == 1e30f);
  CHECK(input[2 * 16 + 1] == -1e30f);

  SoftmaxShape one{1, 1, 1, 1};
  std::vector<float> single = softmaxInput(one, 1);
  addSoftmaxExtremes(single, one);
  CHECK(std::isfinite(single[0]));
}

TEST_CASE("examples: the GeLU reference", "[examples]") {
  CHECK(geluReference(0.0) == 0.0);
  CHECK(geluReference(1.0) == Approx(0.8411920));
  CHECK(geluReference(-1.0) == Approx(-0.1588080));
  CHECK(geluReference(5.0) == Approx(5.0).epsilon(1e-6));
  CHECK(std::fabs(geluReference(-5.0)) < 1e-6);
  CHECK(divisibilitySuffix({16, 32, 0}) == "_d16");
  CHECK(divisibilitySuffix({16, 8}) == "_d8");
  CHECK(divisibilitySuffix({16, 12}) == "");
}

TEST_CASE("examples: fp16 and bf16 host conversions", "[examples]") {
  // Round to nearest, ties to even, at fp16's 11 and bf16's 8 bits.
  CHECK(roundToFp16(1.0 + std::ldexp(1.0, -11)) == 1.0);
  CHECK(roundToFp16(1.0 + 3 * std::ldexp(1.0, -11)) ==
        1.0 + std::ldexp(1.0, -9));
  CHECK(roundToFp16(std::ldexp(1.0, -25) * 3) == std::ldexp(1.0, -23));
  CHECK(roundToBf16(1.0 + std::ldexp(1.0, -8)) == 1.0);
  CHECK(roundToBf16(-1.0 - 3 * std::ldexp(1.0, -8)) ==
        -1.0 - std::ldexp(1.0, -6));
  // Bits, and back.
  CHECK(fp16Bits(1.0) == 0x3c00);
  CHECK(fp16Bits(-2.0) == 0xc000);
  CHECK(fp16Bits(std::ldexp(1.0, -24)) == 0x0001);
  CHECK(fp16Bits(65504.0) == 0x7bff);
  CHECK(fp16Value(0x7bff) == 65504.0);
  CHECK(fp16Value(0x8001) == -std::ldexp(1.0, -24));
  CHECK(bf16Bits(1.0) == 0x3f80);
  CHECK(bf16Value(0xc000) == -2.0);
  for (double v : {0.333251953125, -1.5, std::ldexp(1.0, -20)})
    CHECK(fp16Value(fp16Bits(roundToFp16(v))) == roundToFp16(v));
  for (double v : {0.333984375, -1.5, std::ldexp(1.0, -130)})
    CHECK(bf16Value(bf16Bits(roundToBf16(v))) == roundToBf16(v));
}
