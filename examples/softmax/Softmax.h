//===- Softmax.h - the lecture's row softmax on the host side ---*- C++ -*-===//

#ifndef TILEC_EXAMPLES_SOFTMAX_H
#define TILEC_EXAMPLES_SOFTMAX_H

#include "common/Case.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tilec::examples {

/// A rows x cols matrix whose rows start xStride (input) and yStride
/// (output) elements apart; strides are at least cols.
struct SoftmaxShape {
  int64_t rows = 1;
  int64_t cols = 1;
  int64_t xStride = 1;
  int64_t yStride = 1;
};

/// The smallest power of two >= \p value (value >= 1).
int64_t nextPowerOfTwo(int64_t value);

/// The warps used per BLOCK_SIZE: 4 up to 1024, 8 up to 4096, else 16.
unsigned softmaxWarps(int64_t block);

/// The compiled variant for \p shape: "softmax_b<BLOCK>_w<warps>", with
/// "_d16" when cols and both strides are multiples of 16.
std::string softmaxVariant(const SoftmaxShape &shape);

/// rows * xStride floats: each row's first cols values uniform in [-5, 5]
/// (fixed \p seed); the gap up to the stride holds poison NaNs, which would
/// spoil the row's max if the kernel read past its mask.
std::vector<float> softmaxInput(const SoftmaxShape &shape, uint64_t seed);

/// Overwrites the first rows with extremes softmax must survive: some -inf
/// entries (row 0), +-1e30 next to ordinary values (row 1), and a row of
/// alternating 1e30 / -1e30 (row 2). Every row keeps a finite entry.
void addSoftmaxExtremes(std::vector<float> &input, const SoftmaxShape &shape);

/// Softmax of \p input, one program per row with BLOCK_SIZE the next power
/// of two >= cols. Passes when the max abs error against a float64
/// reference and every row's |sum - 1| are at most 1e-5, all outputs are
/// finite, and nothing outside the rows' first cols elements was written.
std::unique_ptr<KernelCase> makeSoftmaxCase(const std::string &kernelsDir,
                                            const SoftmaxShape &shape,
                                            std::vector<float> input);

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_SOFTMAX_H
