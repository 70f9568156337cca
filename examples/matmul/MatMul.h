//===- MatMul.h - the lecture's matmul + ReLU on the host side --*- C++ -*-===//
//
// C = relu(A @ B) with A (M x K) and B (K x N) of fp16, bf16 or fp32 and C
// fp32, row-major (B also column-major), one program per 64 x 64 tile of C
// (BLOCK_K 32, 4 warps), as the lecture launches it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_EXAMPLES_MATMUL_H
#define TILEC_EXAMPLES_MATMUL_H

#include "common/Case.h"
#include "tilec/runtime/Autotuner.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace tilec::examples {

/// Element type of A and B.
enum class MatMulType { F16, BF16, F32 };

/// How B (K x N) is laid out in memory, i.e. which of its strides is 1.
enum class MatMulBLayout {
  /// B[k][n] at b + k * N + n: the lecture's layout.
  RowMajor,
  /// B[k][n] at b + k + n * K: the transpose of a row-major N x K matrix
  /// (torch's `w.t()`), the `_bt` variants.
  ColumnMajor,
};

/// "fp16", "bf16" or "fp32"; std::nullopt for anything else.
std::optional<MatMulType> parseMatMulType(const std::string &name);

/// "row" or "col"; std::nullopt for anything else.
std::optional<MatMulBLayout> parseMatMulBLayout(const std::string &name);

/// The tiles a variant was compiled for: BLOCK_M x BLOCK_N x BLOCK_K and the
/// warps of a program (the lecture's launch by default).
struct MatMulTiling {
  int64_t blockM = 64, blockN = 64, blockK = 32;
  unsigned warps = 4;
  /// tilec --num-stages (3, the default, adds no suffix to the variant).
  unsigned stages = 3;
};

/// "128x128x64w4" (BLOCK_M x BLOCK_N x BLOCK_K, then warps), optionally
/// followed by "s<stages>"; std::nullopt for anything else.
std::optional<MatMulTiling> parseMatMulTiling(const std::string &spec);

/// The compiled variant: "matmul_f16_b64x64x32_w4" (the tiling), with
/// "_s<stages>" unless 3, "_bt" for a column-major B, then "_d16" when M, N
/// and K are multiples of 16 (then so are the strides that are not 1).
std::string matMulVariant(MatMulType type, int64_t m, int64_t n, int64_t k,
                          MatMulBLayout bLayout = MatMulBLayout::RowMajor,
                          const MatMulTiling &tiling = {});

/// relu(A @ B) for random A and B in [-1, 1] (fixed \p seed), rounded to
/// \p type, B laid out as \p bLayout says. Checked against a float64
/// product of the rounded inputs: every element when M * N * K is at most
/// 2^30, otherwise 4096 sampled elements plus the last row and column; each
/// within K * 2^-23 of the sum of |a_ik * b_kj| (fp32 accumulation; plus
/// 2^-9 of it for fp32 factors, which tl.dot multiplies in tf32),
/// masked-off neighbours untouched.
std::unique_ptr<KernelCase>
makeMatMulCase(const std::string &kernelsDir, MatMulType type, int64_t m,
               int64_t n, int64_t k, uint64_t seed = 1,
               MatMulBLayout bLayout = MatMulBLayout::RowMajor,
               const MatMulTiling &tiling = {});

/// The same product with examples/matmul/grouped.py: grouped program order,
/// one program per tile in a 1-D grid, the tiles picked by the runtime's
/// autotuner among the configs `tilec --autotune` compiled into the index
/// "grouped_<type>[_d16].json" (row-major B). The pick happens when the case
/// is built (each config timed unless the picks file beside the index
/// decides), and the per-config times are printed. With \p config, only
/// that config (numbered as in the decorator: <index stem>_c<N>.json) is
/// loaded and launched, without the autotuner.
std::unique_ptr<KernelCase>
makeGroupedMatMulCase(const std::string &kernelsDir, MatMulType type,
                      int64_t m, int64_t n, int64_t k, uint64_t seed = 1,
                      std::optional<size_t> config = std::nullopt);

/// A typed launcher of grouped.py's configs (`tilec --autotune --emit cpp`,
/// e.g. tilec::kernels::grouped_f16_d16) as a case calls it.
struct GroupedMatMulLauncher {
  /// The configs it embeds (their largest tiles bound the 32-bit offsets).
  const rt::AutotuneIndex *index = nullptr;
  /// Calls the launcher with the grid function and the arguments of
  /// grouped_matmul_relu_kernel: A, B, C, M, N, K, then the strides of A, B
  /// and C. Returns the config launched.
  std::function<size_t(const rt::AutotunedKernel::GridFn &grid, rt::DevicePtr a,
                       rt::DevicePtr b, rt::DevicePtr c, int32_t m, int32_t n,
                       int32_t k, int32_t strideAm, int32_t strideAk,
                       int32_t strideBk, int32_t strideBn, int32_t strideCm,
                       int32_t strideCn)>
      launch;
};

/// The same product through \p launcher instead of an index on disk: the
/// launcher tunes on the first launch of each shape (in check()) and keeps
/// its pick in memory.
std::unique_ptr<KernelCase>
makeGroupedMatMulCase(GroupedMatMulLauncher launcher, MatMulType type,
                      int64_t m, int64_t n, int64_t k, uint64_t seed = 1);

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_MATMUL_H
