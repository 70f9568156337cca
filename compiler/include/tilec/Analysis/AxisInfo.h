//===- AxisInfo.h - contiguity, divisibility, constancy ---------*- C++ -*-===//
//
// What is known, per dimension, about the integer and pointer values of a
// tile program: runs of consecutive values (contiguity), runs of equal values
// (constancy), and powers of two dividing them (divisibility). Layout
// assignment uses it to pick vector widths; the lowering uses it to emit
// 128-bit loads and stores and to know when a mask is uniform over a vector.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_ANALYSIS_AXISINFO_H
#define TILEC_ANALYSIS_AXISINFO_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>

namespace tilec {

/// Facts about one integer or pointer value, scalar or tensor.
///
/// A scalar is described as a tensor of one dimension of size 1. For each
/// dimension `d` the dimension is cut into aligned blocks (positions
/// [k*n, (k+1)*n) along `d`, every other index fixed) and:
///
///  - contiguity[d] = C: within each aligned block of C elements the values
///    grow by exactly 1 per step along `d`;
///  - constancy[d] = K: within each aligned block of K elements all values
///    are equal;
///  - divisibility[d] = D (a power of two): every element whose position
///    along `d` is a multiple of C (the first element of each contiguous
///    run, so every element when C == 1) is a multiple of D.
///
/// Divisibility is that of the value itself: for pointers it is the
/// divisibility of the address in bytes (a `tile.divisibility = 16` pointer
/// is 16-byte aligned), while contiguity and constancy of pointers count
/// elements, like the offsets that move them. Integer overflow is ignored,
/// and the rules for `remsi`/`divsi` assume non-negative dividends, as
/// offsets in kernels are.
class AxisInfo {
public:
  using DimVector = llvm::SmallVector<int64_t, 4>;

  /// Divisibilities are capped here (what 0 is divisible by).
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

  /// The uninitialized state: nothing is known yet (the lattice bottom).
  AxisInfo() = default;
  AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  /// Nothing known about a value of `rank` dimensions (1 for a scalar).
  static AxisInfo getPessimistic(unsigned rank);
  /// Nothing known about a value of type `type`.
  static AxisInfo getPessimistic(mlir::Type type);
  /// A value of type `type` equal to `value` everywhere.
  static AxisInfo getConstant(mlir::Type type, int64_t value);

  /// The most that holds for both `lhs` and `rhs` (for control-flow joins).
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool isInitialized() const { return !contiguity.empty(); }
  unsigned getRank() const { return contiguity.size(); }

  int64_t getContiguity(unsigned dim) const { return contiguity[dim]; }
  int64_t getDivisibility(unsigned dim) const { return divisibility[dim]; }
  int64_t getConstancy(unsigned dim) const { return constancy[dim]; }
  llvm::ArrayRef<int64_t> getContiguity() const { return contiguity; }
  llvm::ArrayRef<int64_t> getDivisibility() const { return divisibility; }
  llvm::ArrayRef<int64_t> getConstancy() const { return constancy; }

  /// The value every element equals, when known.
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility &&
           constancy == other.constancy &&
           constantValue == other.constantValue;
  }
  bool operator!=(const AxisInfo &other) const { return !(*this == other); }

  void print(llvm::raw_ostream &os) const;

private:
  DimVector contiguity;
  DimVector divisibility;
  DimVector constancy;
  std::optional<int64_t> constantValue;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const AxisInfo &info) {
  info.print(os);
  return os;
}

/// Computes the AxisInfo of the results of `op` from that of its operands
/// (one entry per operand; non-integer operands get a pessimistic entry).
/// Returns one entry per result; results it knows nothing about are
/// pessimistic. Exposed for the analysis and for unit tests.
llvm::SmallVector<AxisInfo> inferAxisInfo(mlir::Operation *op,
                                          llvm::ArrayRef<AxisInfo> operands);

/// The analysis over a whole module, kept as a map from values to facts so
/// that it outlives the data-flow solver.
///
/// Build it on the module (so that public kernels count as called from
/// outside and their `tile.divisibility` hints apply), before any dialect
/// conversion starts: the facts are keyed by the tile-level values, so a
/// lowering pattern queries with the original operands (`op.getPtr()`), not
/// with the adaptor's converted ones.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(mlir::Operation *root);

  /// The facts for `value`, or null when the analysis did not reach it
  /// (floats, unreachable code).
  const AxisInfo *lookup(mlir::Value value) const;
  /// The facts for `value`; pessimistic when unknown.
  AxisInfo getAxisInfo(mlir::Value value) const;

  /// Per-dimension queries; 1 when unknown. Pointer divisibility is in bytes.
  int64_t getContiguity(mlir::Value value, unsigned dim) const;
  int64_t getDivisibility(mlir::Value value, unsigned dim) const;
  int64_t getConstancy(mlir::Value value, unsigned dim) const;

  /// Dimensions of a pointer tensor from the most to the least contiguous;
  /// ties keep the row-major preference (last dimension first).
  llvm::SmallVector<unsigned> getContiguityOrder(mlir::Value ptr) const;

  /// Elements along `dim` one thread may move with a single access through
  /// `ptr`: min(contiguity, divisibility / element bytes, 16 / element bytes),
  /// a power of two, at least 1. Ignores masks and layouts.
  unsigned getPtrVectorWidth(mlir::Value ptr, unsigned dim) const;

  /// Length of the runs along `dim` over which `mask` is uniform (a power of
  /// two); a null mask is uniform everywhere (kMaxDivisibility).
  unsigned getMaskConstancy(mlir::Value mask, unsigned dim) const;

  /// For a `tile.load` or `tile.store` whose pointers carry a layout: how
  /// many elements each thread can move per vector access. It is the
  /// minimum of the layout's elements per thread along its fastest
  /// dimension, getPtrVectorWidth along that dimension and the mask's
  /// constancy there. 1 for scalar accesses or unknown layouts.
  unsigned getAccessVectorWidth(mlir::Operation *loadOrStore) const;

private:
  llvm::DenseMap<mlir::Value, AxisInfo> infos;
};

} // namespace tilec

#endif // TILEC_ANALYSIS_AXISINFO_H
