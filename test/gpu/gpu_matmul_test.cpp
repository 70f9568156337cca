//===- gpu_matmul_test.cpp - the lecture's matmul + ReLU against float64 --===//
//
// Runs the matmul variants (fp16, bf16, fp32 operands; plain and `_d16`) at
// shapes that do and do not fill the 64x64x32 tiles, K of one step and of
// many, and a 1x1x1 product; checks every element against a float64
// product of the rounded inputs and that nothing outside C is written
// (examples/matmul/MatMul.cpp). Exits 0 if all pass, 1 if any fails, 77
// (skip) without a CUDA driver or under the fake driver, which does not
// emulate this kernel.
//   gpu-test-matmul [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "matmul/MatMul.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cstdio>

using namespace tilec;
using namespace tilec::examples;

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-matmul",
      [&](const std::string &dir) {
        struct Shape {
          int64_t m, n, k;
        };
        // Multiples of 16 pick the `_d16` variants.
        const Shape shapes[] = {
            {64, 64, 32},   {1, 1, 1},        {100, 70, 50}, {130, 200, 33},
            {256, 128, 96}, {192, 320, 1024}, {65, 63, 31},  {16, 16, 16}};
        std::vector<CaseSpec> cases;
        uint64_t seed = 11;
        for (auto [typeName, type] :
             {std::pair<const char *, MatMulType>{"fp16", MatMulType::F16},
              {"bf16", MatMulType::BF16},
              {"fp32", MatMulType::F32}})
          for (const Shape &s : shapes) {
            uint64_t caseSeed = seed++;
            MatMulType t = type;
            cases.push_back(
                {fmt::format("matmul {}x{}x{} {}", s.m, s.n, s.k, typeName),
                 [=] {
                   return makeMatMulCase(dir, t, s.m, s.n, s.k, caseSeed);
                 }});
          }
        return cases;
      },
      "matmul_relu");
}
