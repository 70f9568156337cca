//===- LinearLayout.h - layouts as linear maps over GF(2) ------*- C++ -*-===//
//
// A linear layout maps the bits of hardware indices (a register number, a
// lane id, a warp id, or an element offset in shared memory) to tensor
// coordinates. Every size is a power of two, and the map is linear over GF(2):
// each bit of each input dimension has a basis vector (one value per output
// dimension), and an input point maps to the XOR of the basis vectors of its
// set bits. Describing every layout kind this way turns questions such as "is
// this conversion a register permutation" or "which registers hold copies"
// into bit-matrix algebra that works the same for every kind.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LAYOUT_LINEARLAYOUT_H
#define TILE_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <utility>

namespace tile {

/// Input dimension: the index of a value among those one thread holds.
inline constexpr llvm::StringLiteral kRegister = "register";
/// Input dimension: the lane id within a warp.
inline constexpr llvm::StringLiteral kLane = "lane";
/// Input dimension: the warp id within the CTA.
inline constexpr llvm::StringLiteral kWarp = "warp";
/// Input dimension: the element offset of a shared memory buffer.
inline constexpr llvm::StringLiteral kOffset = "offset";

/// Name of output (tensor) dimension `d`: "dim0", "dim1", ...
std::string getDimName(unsigned d);

/// A linear map over GF(2) from named input dimensions to named output
/// dimensions. Dimensions are ordered (the order of construction); the order
/// matters for equality, printing, flattening and the positional `apply`.
class LinearLayout {
public:
  /// bases[i][j]: for input bit i, the value contributed to output dim j (in
  /// outDims order).
  using Bases = llvm::SmallVector<llvm::SmallVector<int32_t>>;

  /// The empty layout: no dims, maps the single point to itself.
  LinearLayout() = default;
  /// Builds a layout from its bases. Output sizes are given explicitly; each
  /// is a power of two and larger than every value its dimension receives.
  LinearLayout(llvm::ArrayRef<std::pair<std::string, Bases>> inDims,
               llvm::ArrayRef<std::pair<std::string, int32_t>> outDims);

  /// Builds a layout whose output sizes are the smallest powers of two that
  /// hold every basis value. Every basis must have one value per name of
  /// `outDimNames`.
  static LinearLayout
  fromBases(llvm::ArrayRef<std::pair<std::string, Bases>> inDims,
            llvm::ArrayRef<std::string> outDimNames);
  /// `size` inputs of `inDim` mapping to the same values of `outDim`.
  static LinearLayout identity1D(int32_t size, llvm::StringRef inDim,
                                 llvm::StringRef outDim);
  /// `size` inputs of `inDim` all mapping to 0 of `outDim` (whose size is
  /// `outSize`): a broadcast.
  static LinearLayout zeros1D(int32_t size, llvm::StringRef inDim,
                              llvm::StringRef outDim, int32_t outSize = 1);
  /// The layout with no dims; the unit of `operator*`.
  static LinearLayout empty();

  /// Input dimension names, in order.
  llvm::SmallVector<std::string> getInDimNames() const;
  /// Output dimension names, in order.
  llvm::SmallVector<std::string> getOutDimNames() const;
  /// Whether `name` is an input dimension.
  bool hasInDim(llvm::StringRef name) const { return findInDim(name) >= 0; }
  /// Whether `name` is an output dimension.
  bool hasOutDim(llvm::StringRef name) const { return findOutDim(name) >= 0; }
  /// 2^(number of bases) of `inDim`; 1 when absent.
  int32_t getInDimSize(llvm::StringRef inDim) const {
    return int32_t(1) << getInDimSizeLog2(inDim);
  }
  /// Number of bases of `inDim`; 0 when absent.
  int32_t getInDimSizeLog2(llvm::StringRef inDim) const;
  /// Size of `outDim`; 1 when absent.
  int32_t getOutDimSize(llvm::StringRef outDim) const;
  /// log2 of the size of `outDim`; 0 when absent.
  int32_t getOutDimSizeLog2(llvm::StringRef outDim) const {
    return llvm::Log2_32(getOutDimSize(outDim));
  }
  /// Product of the input dimension sizes.
  int32_t getTotalInDimSize() const;
  /// Product of the output dimension sizes.
  int32_t getTotalOutDimSize() const;
  /// Number of input dimensions.
  unsigned getNumInDims() const { return inDims.size(); }
  /// Number of output dimensions.
  unsigned getNumOutDims() const { return outDims.size(); }

  /// The basis of input bit `bit` of `inDim`, one value per output dim.
  llvm::ArrayRef<int32_t> getBasis(llvm::StringRef inDim, int32_t bit) const;
  /// The value input bit `bit` of `inDim` contributes to `outDim`.
  int32_t getBasis(llvm::StringRef inDim, int32_t bit,
                   llvm::StringRef outDim) const;
  /// All bases of `inDim`, lowest bit first.
  const Bases &getBases(llvm::StringRef inDim) const;

  /// The image of one input point: the XOR of the bases of its set bits, one
  /// (name, value) per output dim in order. Input dims missing from `ins`
  /// count as 0; every name given must be an input dim.
  llvm::SmallVector<std::pair<std::string, int32_t>>
  apply(llvm::ArrayRef<std::pair<std::string, int32_t>> ins) const;
  /// Like the named `apply`, with one input per input dim in order and the
  /// outputs in output-dim order.
  llvm::SmallVector<int32_t> apply(llvm::ArrayRef<int32_t> ins) const;

  /// The product of two layouts. A dimension present in both is the
  /// concatenation of both, `lhs` in the low part: rhs's input bits follow
  /// lhs's, and rhs's values in a shared output dim are scaled by lhs's size
  /// of it. Dims present on one side only are kept as they are. Dimension
  /// order: lhs's, then the new ones of rhs.
  friend LinearLayout operator*(LinearLayout lhs, LinearLayout rhs);
  /// `*this = *this * rhs`.
  LinearLayout &operator*=(LinearLayout rhs);

  /// `outer` applied after `*this`. Every output dim of `*this` must be an
  /// input dim of `outer`, no larger than it; input dims of `outer` that
  /// `*this` does not produce are fed 0. The result maps this's input dims to
  /// outer's output dims.
  LinearLayout compose(const LinearLayout &outer) const;
  /// The inverse of a bijective layout; input and output dims swap.
  LinearLayout invert() const;
  /// The layout C, from this's input dims to outer's input dims, with
  /// outer(C(x)) == this(x) for every x. Every value `*this` produces must be
  /// in the image of `outer`. Where `outer` is not injective, C leaves the
  /// redundant input bits of `outer` at 0: outer's input bits are taken in
  /// order (dims in order, low bits first), and a bit whose basis depends on
  /// earlier ones (a zero basis, a duplicate) is never used. This is what a
  /// layout conversion needs: `*this` the source, `outer` the destination.
  LinearLayout invertAndCompose(const LinearLayout &outer) const;

  /// Whether every output point is the image of some input point.
  bool isSurjective() const;
  /// Whether no two input points have the same image.
  bool isInjective() const;
  /// Whether the layout is a bijection.
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// Per input dim, the mask of its bits whose basis is zero: inputs that
  /// differ only there map to the same point, i.e. hold copies.
  llvm::SmallVector<std::pair<std::string, int32_t>>
  getFreeVariableMasks() const;
  /// The free-variable mask of one input dim; 0 when absent.
  int32_t getFreeVariableMask(llvm::StringRef inDim) const;

  /// The restriction to some input dims and output dims, the bases projected
  /// onto the kept output dims. Dimensions keep this layout's order; names
  /// that are not dims of this layout are ignored.
  LinearLayout sublayout(llvm::ArrayRef<std::string> inDims,
                         llvm::ArrayRef<std::string> outDims) const;
  /// Whether `sublayout(inDims, outDims)` maps everything to 0.
  bool sublayoutIsZero(llvm::ArrayRef<std::string> inDims,
                       llvm::ArrayRef<std::string> outDims) const;
  /// The same map with the output dims in `newOrder` (a permutation).
  LinearLayout transposeOuts(llvm::ArrayRef<std::string> newOrder) const;
  /// The same map with the input dims in `newOrder` (a permutation).
  LinearLayout transposeIns(llvm::ArrayRef<std::string> newOrder) const;
  /// Replaces all output dims by one dim `name` holding their row-major
  /// linear index, the last output dim fastest.
  LinearLayout flattenOuts(llvm::StringRef name = "flat") const;
  /// Replaces all input dims by one dim `name`, the first input dim in the
  /// lowest bits.
  LinearLayout flattenIns(llvm::StringRef name = "flat") const;
  /// Splits the output space into `newOutDims` (the last one fastest), whose
  /// sizes multiply to the total output size: the inverse of `flattenOuts`.
  /// Several output dims are flattened first.
  LinearLayout
  reshapeOuts(llvm::ArrayRef<std::pair<std::string, int32_t>> newOutDims) const;
  /// Removes output dim `outDim`, then drops the `register` bases that are
  /// zero afterwards (keeping the order of the rest) so that each register
  /// holds a distinct element. Zero bases of other input dims stay: those
  /// lanes and warps hold copies. This is how a slice layout is made.
  LinearLayout removeOutDim(llvm::StringRef outDim) const;
  /// Largest n such that register bases 0..log2(n)-1 are exactly 1, 2, 4, ...
  /// along `outDim` and 0 elsewhere: the number of consecutive elements of
  /// `outDim` a thread holds in its first registers.
  int32_t getNumConsecutiveRegisters(llvm::StringRef outDim) const;
  /// Largest n such that bases 0..log2(n)-1 of `inDim` are 1, 2, 4, ... in
  /// the single output dim (the layout must have exactly one, e.g. after
  /// `flattenOuts`).
  int32_t getNumConsecutiveInOut(llvm::StringRef inDim = kRegister) const;

  /// Same dims in the same order, same sizes, same bases.
  bool operator==(const LinearLayout &other) const;
  /// Negation of `operator==`.
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// Prints the dims and bases, one input dim per line.
  void print(llvm::raw_ostream &os) const;
  /// `print` into a string.
  std::string toString() const;

private:
  /// Position of input dim `name`, or -1.
  int findInDim(llvm::StringRef name) const;
  /// Position of output dim `name`, or -1.
  int findOutDim(llvm::StringRef name) const;
  /// Total number of input bits.
  unsigned getTotalInBits() const;
  /// Total number of output bits.
  unsigned getTotalOutBits() const;
  /// Rank over GF(2) of the bases, all input dims together.
  unsigned getRank() const;
  /// The same input dims with output dims `idx` (positions, in that order)
  /// and the bases projected onto them.
  LinearLayout selectOuts(llvm::ArrayRef<int> idx) const;
  /// Asserts that the dims are unique, the sizes powers of two and every
  /// basis value inside its output dim.
  void verify() const;

  /// Input dims in order, each with its bases (lowest bit first).
  llvm::SmallVector<std::pair<std::string, Bases>> inDims;
  /// Output dims in order, each with its size.
  llvm::SmallVector<std::pair<std::string, int32_t>> outDims;
};

/// The product of two layouts; see the friend declaration in LinearLayout.
LinearLayout operator*(LinearLayout lhs, LinearLayout rhs);

/// Prints `layout` to `os`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                              const LinearLayout &layout);

} // namespace tile

#endif // TILE_LAYOUT_LINEARLAYOUT_H
