//===- RowSum.h - the lecture's tiled row sum on the host side --*- C++ -*-===//

#ifndef TILEC_EXAMPLES_ROWSUM_H
#define TILEC_EXAMPLES_ROWSUM_H

#include "common/Case.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tilec::examples {

/// The compiled variant for rows of \p cols elements: "rowsum_b1024_w4",
/// with "_d16" when cols is a multiple of 16.
std::string rowSumVariant(int64_t cols);

/// Sums of the rows of a contiguous rows x cols matrix of random floats in
/// [0, 1) (fixed \p seed; non-negative, so the relative error of a sum is
/// meaningful), one program per row. Passes when every row's relative error
/// against a float64 sum is at most 1e-5 and nothing past the last row was
/// written.
std::unique_ptr<KernelCase> makeRowSumCase(const std::string &kernelsDir,
                                           int64_t rows, int64_t cols,
                                           uint64_t seed = 1);

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_ROWSUM_H
