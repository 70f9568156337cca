//===- gpu_softmax_test.cpp - softmax on the GPU against float64 ----------===//
//
// Column counts 1, 7, 1000, 1023, 1024, 4097 (BLOCK_SIZE 1, 8, 1024, 1024,
// 1024, 8192) and one shape for every other compiled variant; a single row;
// row strides larger than the column count (the gap holds NaNs the kernel
// must not read, and output gaps must stay unwritten); and in every shape
// with three or more rows, rows with -inf and +-1e30 entries. Exits 0 if all
// pass, 1 if any fails, 77 (skip) without a CUDA driver.
//   gpu-test-softmax [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "softmax/Softmax.h"

#include <cstdio>

using namespace tilec::examples;

static CaseSpec softmaxCase(const std::string &dir, SoftmaxShape shape,
                            bool extremes) {
  std::string label = "softmax " + std::to_string(shape.rows) + "x" +
                      std::to_string(shape.cols) + " strides " +
                      std::to_string(shape.xStride) + "/" +
                      std::to_string(shape.yStride);
  return {label, [=] {
            std::vector<float> input =
                softmaxInput(shape, /*seed=*/shape.cols * 31 + shape.rows);
            if (extremes)
              addSoftmaxExtremes(input, shape);
            return makeSoftmaxCase(dir, shape, std::move(input));
          }};
}

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-softmax", [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        // The required column counts, and the rest of the variants:
        // 2047/2048 (BLOCK 2048), 4095/4096 (4096), 8192 (8192), 16383/16384.
        for (int64_t cols : {1, 7, 1000, 1023, 1024, 4097, 2047, 2048, 4095,
                             4096, 8192, 16383, 16384})
          cases.push_back(softmaxCase(dir,
                                      {cols > 4096 ? 9 : 33, cols, cols, cols},
                                      /*extremes=*/true));
        // Plain random rows only.
        cases.push_back(softmaxCase(dir, {64, 1000, 1000, 1000}, false));
        // A single row.
        cases.push_back(softmaxCase(dir, {1, 1000, 1000, 1000}, false));
        cases.push_back(softmaxCase(dir, {1, 1, 1, 1}, false));
        // Strides larger than the row; d16 strides pick the `_d16` variant.
        cases.push_back(softmaxCase(dir, {17, 1000, 1037, 1100}, true));
        cases.push_back(softmaxCase(dir, {17, 1024, 1040, 1056}, true));
        cases.push_back(softmaxCase(dir, {5, 7, 9, 20}, true));
        // More programs than the prefetch distance (512 for BLOCK 1024, 128 for
        // BLOCK 4096), so that programs prefetch rows of later ones, up to the
        // last; with unaligned strides too (the prefetch rounds inwards).
        cases.push_back(softmaxCase(dir, {700, 1000, 1037, 1100}, false));
        cases.push_back(softmaxCase(dir, {600, 1024, 1024, 1024}, false));
        cases.push_back(softmaxCase(dir, {300, 4095, 4101, 4095}, false));
        return cases;
      });
}
