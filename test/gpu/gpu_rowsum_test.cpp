//===- gpu_rowsum_test.cpp - row sums on the GPU against float64 ----------===//
//
// Column counts 1, 7, 1000, 1023, 1024, 4097 and 16384 with BLOCK_SIZE 1024
// (one partial tile, exact tiles, several tiles plus a tail), odd row
// counts. Exits 0 if all pass, 1 if any fails, 77 (skip) without a CUDA
// driver.
//   gpu-test-rowsum [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "rowsum/RowSum.h"

#include <cstdio>

using namespace tilec::examples;

int main(int argc, char **argv) {
  return runGpuTest(argc, argv, "gpu-test-rowsum", [&](const std::string &dir) {
    std::vector<CaseSpec> cases;
    for (int64_t cols : {1, 7, 1000, 1023, 1024, 4097, 16384}) {
      int64_t rows = cols >= 4096 ? 65 : 257;
      cases.push_back(
          {"rowsum " + std::to_string(rows) + "x" + std::to_string(cols),
           [=] { return makeRowSumCase(dir, rows, cols, cols); }});
    }
    cases.push_back(
        {"rowsum 1x1000", [=] { return makeRowSumCase(dir, 1, 1000, 5); }});
    return cases;
  });
}
