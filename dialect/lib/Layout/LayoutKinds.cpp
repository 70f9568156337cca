//===- LayoutKinds.cpp - linear layouts of each layout kind ---------------===//
//
// Distributed layouts are written basis by basis, as tensor coordinates, in
// the order the hardware index bits have them. Shared layouts are easier to
// state the other way round (where is element (r, c) stored), so they are
// built as coordinates -> offset and inverted.
//
//===----------------------------------------------------------------------===//

#include "tile/Layout/LayoutKinds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

namespace {
/// Bases of one input dim written as tensor coordinates, one value per dim.
using Coords = SmallVector<SmallVector<int32_t>>;

/// Appends log2(count) bases along dim `d`: start, 2*start, 4*start, ...
void appendRun(Coords &bases, unsigned rank, unsigned d, int64_t start,
               int64_t count) {
  assert(llvm::isPowerOf2_64(count) && "counts must be powers of two");
  for (int64_t step = 1; step < count; step *= 2) {
    SmallVector<int32_t> basis(rank, 0);
    basis[d] = int32_t(start * step);
    bases.push_back(std::move(basis));
  }
}

/// Appends log2(count) zero bases: index bits that select copies.
void appendZeros(Coords &bases, unsigned rank, int64_t count) {
  appendRun(bases, rank, /*d=*/0, /*start=*/0, count);
}

/// Appends explicit bases.
void appendBases(Coords &bases, std::initializer_list<SmallVector<int32_t>> l) {
  bases.append(l.begin(), l.end());
}

/// The number of times a tile of `tile` elements repeats over `size`.
int64_t repeats(int64_t size, int64_t tile) {
  return std::max<int64_t>(1, size / tile);
}

/// The layout register, lane, warp -> dim0..dim{rank-1} over `shape`, with
/// coordinates wrapped modulo the shape: a basis value past shape[d] names a
/// copy and becomes 0.
LinearLayout makeDistributed(ArrayRef<int64_t> shape, Coords regs, Coords lanes,
                             Coords warps) {
  SmallVector<std::pair<std::string, int32_t>> outDims;
  for (auto [d, size] : llvm::enumerate(shape)) {
    assert(size > 0 && llvm::isPowerOf2_64(size) && "shape must be 2^k");
    outDims.push_back({getDimName(d), int32_t(size)});
  }
  for (Coords *bases : {&regs, &lanes, &warps})
    for (auto &basis : *bases)
      for (auto [value, size] : llvm::zip_equal(basis, shape))
        if (value >= size)
          value = 0;
  return LinearLayout(
      {{kRegister.str(), regs}, {kLane.str(), lanes}, {kWarp.str(), warps}},
      outDims);
}

/// Builds the shared layout offset -> dims of `shape` from `storedAt`, the
/// (linear over GF(2)) offset of each coordinate point.
template <typename Fn>
LinearLayout invertPlacement(ArrayRef<int64_t> shape, Fn storedAt) {
  SmallVector<std::pair<std::string, LinearLayout::Bases>> inDims;
  int64_t total = 1;
  for (auto [d, size] : llvm::enumerate(shape)) {
    assert(size > 0 && llvm::isPowerOf2_64(size) && "shape must be 2^k");
    LinearLayout::Bases bases;
    for (int64_t step = 1; step < size; step *= 2) {
      SmallVector<int64_t> point(shape.size(), 0);
      point[d] = step;
      bases.push_back({int32_t(storedAt(ArrayRef<int64_t>(point)))});
    }
    inDims.push_back({getDimName(d), std::move(bases)});
    total *= size;
  }
  LinearLayout placement(inDims, {{kOffset.str(), int32_t(total)}});
  return placement.invert();
}
} // namespace

LinearLayout tile::identityStandardND(ArrayRef<int64_t> shape,
                                      ArrayRef<unsigned> order,
                                      StringRef inDim) {
  assert(order.size() == shape.size() && "one order entry per dim");
  LinearLayout layout;
  for (unsigned d : order)
    layout *= LinearLayout::identity1D(shape[d], inDim, getDimName(d));
  SmallVector<std::string> standard;
  for (unsigned d = 0; d < shape.size(); ++d)
    standard.push_back(getDimName(d));
  return layout.transposeOuts(standard);
}

LinearLayout tile::blockedToLinearLayout(ArrayRef<int64_t> shape,
                                         ArrayRef<unsigned> sizePerThread,
                                         ArrayRef<unsigned> threadsPerWarp,
                                         ArrayRef<unsigned> warpsPerCTA,
                                         ArrayRef<unsigned> order) {
  unsigned rank = shape.size();
  assert(sizePerThread.size() == rank && threadsPerWarp.size() == rank &&
         warpsPerCTA.size() == rank && order.size() == rank &&
         "blocked parameters must all have the shape's rank");
  // The lowering clamps the run a thread holds to the shape (see
  // placeBlocked in Distribution.cpp), and repeats the CTA tile over the
  // shape only when the tile is smaller.
  SmallVector<int64_t> size(rank), tile(rank);
  for (unsigned d = 0; d < rank; ++d) {
    size[d] = std::min<int64_t>(sizePerThread[d], shape[d]);
    tile[d] = size[d] * threadsPerWarp[d] * warpsPerCTA[d];
  }
  Coords regs, lanes, warps;
  for (unsigned d : order) {
    appendRun(regs, rank, d, 1, size[d]);
    appendRun(regs, rank, d, tile[d], repeats(shape[d], tile[d]));
  }
  for (unsigned d : order)
    appendRun(lanes, rank, d, size[d], threadsPerWarp[d]);
  for (unsigned d : order)
    appendRun(warps, rank, d, size[d] * threadsPerWarp[d], warpsPerCTA[d]);
  return makeDistributed(shape, regs, lanes, warps);
}

LinearLayout tile::sliceToLinearLayout(const LinearLayout &parent,
                                       unsigned dim) {
  LinearLayout removed = parent.removeOutDim(getDimName(dim));
  // Output dims keep their order, so dim k (k > dim) is now at position
  // k - 1 and only needs the matching name.
  SmallVector<std::pair<std::string, int32_t>> outDims;
  for (auto [j, name] : llvm::enumerate(removed.getOutDimNames()))
    outDims.push_back({getDimName(j), removed.getOutDimSize(name)});
  SmallVector<std::pair<std::string, LinearLayout::Bases>> inDims;
  for (const std::string &name : removed.getInDimNames())
    inDims.push_back({name, removed.getBases(name)});
  return LinearLayout(inDims, outDims);
}

// The mma.sync fragment tables below follow the PTX ISA's "matrix fragments
// for mma.m16n8k16 / mma.m16n8k8" figures, where groupID = lane / 4 and
// threadID_in_group = lane % 4: lane bits 0-1 pick the thread in its group,
// bits 2-4 the group (a row of A and C, a column of B).

LinearLayout
tile::mmaV2AccumulatorToLinearLayout(ArrayRef<int64_t> shape,
                                     ArrayRef<unsigned> warpsPerCTA) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "mma is rank 2");
  unsigned wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  Coords regs, lanes, warps;
  // c0, c1: adjacent columns of a row; c2, c3: the same columns 8 rows down.
  appendBases(regs, {{0, 1}, {8, 0}});
  appendBases(lanes, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}});
  appendRun(warps, 2, 1, 8, wn);
  appendRun(warps, 2, 0, 16, wm);
  appendRun(regs, 2, 1, 8 * wn, repeats(shape[1], 8 * wn));
  appendRun(regs, 2, 0, 16 * wm, repeats(shape[0], 16 * wm));
  return makeDistributed(shape, regs, lanes, warps);
}

LinearLayout tile::mmaV2OperandToLinearLayout(ArrayRef<int64_t> shape,
                                              unsigned opIdx,
                                              ArrayRef<unsigned> warpsPerCTA,
                                              unsigned elementBits) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "mma is rank 2");
  assert(opIdx < 2 && "mma has operands 0 (A) and 1 (B)");
  assert((elementBits == 16 || elementBits == 32) &&
         "mma operands are 16-bit (m16n8k16) or tf32 (m16n8k8)");
  unsigned wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  // K extent of one instruction.
  int64_t instrK = elementBits == 16 ? 16 : 8;
  Coords regs, lanes, warps;
  if (opIdx == 0) {
    if (elementBits == 16) {
      // a0,a1: row g, columns 2t, 2t+1; a2,a3: row g+8; a4..a7: columns +8.
      appendBases(regs, {{0, 1}, {8, 0}, {0, 8}});
      appendBases(lanes, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}});
    } else {
      // a0: (g, t), a1: (g+8, t), a2: (g, t+4), a3: (g+8, t+4).
      appendBases(regs, {{8, 0}, {0, 4}});
      appendBases(lanes, {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}});
    }
    // Warps along N read the same rows of A.
    appendZeros(warps, 2, wn);
    appendRun(warps, 2, 0, 16, wm);
    appendRun(regs, 2, 1, instrK, repeats(shape[1], instrK));
    appendRun(regs, 2, 0, 16 * wm, repeats(shape[0], 16 * wm));
    return makeDistributed(shape, regs, lanes, warps);
  }
  if (elementBits == 16) {
    // b0,b1: rows 2t, 2t+1 of column g; b2,b3: rows +8.
    appendBases(regs, {{1, 0}, {8, 0}});
    appendBases(lanes, {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}});
  } else {
    // b0: (t, g), b1: (t+4, g).
    appendBases(regs, {{4, 0}});
    appendBases(lanes, {{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}});
  }
  // Warps along M read the same columns of B.
  appendRun(warps, 2, 1, 8, wn);
  appendZeros(warps, 2, wm);
  appendRun(regs, 2, 0, instrK, repeats(shape[0], instrK));
  appendRun(regs, 2, 1, 8 * wn, repeats(shape[1], 8 * wn));
  return makeDistributed(shape, regs, lanes, warps);
}

LinearLayout tile::wgmmaAccumulatorToLinearLayout(
    ArrayRef<int64_t> shape, ArrayRef<unsigned> warpsPerCTA, unsigned instrN) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "wgmma is rank 2");
  assert(warpsPerCTA[0] % 4 == 0 && "wgmma needs whole warpgroups along M");
  assert(instrN >= 8 && llvm::isPowerOf2_32(instrN) &&
         "instrN must be a power of two, at least 8");
  unsigned wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  Coords regs, lanes, warps;
  appendBases(regs, {{0, 1}, {8, 0}});
  appendRun(regs, 2, 1, 8, instrN / 8);
  appendBases(lanes, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}});
  // Warp w of a warpgroup holds rows 16w..16w+15 of the 64-row tile.
  appendRun(warps, 2, 0, 16, 4);
  appendRun(warps, 2, 0, 64, wm / 4);
  appendRun(warps, 2, 1, instrN, wn);
  appendRun(regs, 2, 1, int64_t(instrN) * wn,
            repeats(shape[1], int64_t(instrN) * wn));
  appendRun(regs, 2, 0, 16 * wm, repeats(shape[0], 16 * wm));
  return makeDistributed(shape, regs, lanes, warps);
}

LinearLayout
tile::wgmmaOperandAToLinearLayout(ArrayRef<int64_t> shape,
                                  ArrayRef<unsigned> warpsPerCTA) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "wgmma is rank 2");
  assert(warpsPerCTA[0] % 4 == 0 && "wgmma needs whole warpgroups along M");
  unsigned wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  Coords regs, lanes, warps;
  appendBases(regs, {{0, 1}, {8, 0}, {0, 8}});
  appendRun(regs, 2, 1, 16, repeats(shape[1], 16));
  appendBases(lanes, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}});
  appendRun(warps, 2, 0, 16, wm);
  // Warps along N read the same A.
  appendZeros(warps, 2, wn);
  appendRun(regs, 2, 0, 16 * wm, repeats(shape[0], 16 * wm));
  return makeDistributed(shape, regs, lanes, warps);
}

LinearLayout tile::wgmmaRegisterOperandToLinearLayout(ArrayRef<int64_t> shape,
                                                     unsigned wm) {
  assert(shape.size() == 2 && wm % 4 == 0 && "wgmma needs whole warpgroups");
  Coords regs, lanes, warps;
  appendBases(regs, {{8, 0}});
  appendRun(regs, 2, 0, 16 * wm, repeats(shape[0], 16 * wm));
  appendBases(regs, {{0, 4}});
  appendRun(regs, 2, 1, 8, repeats(shape[1], 8));
  appendBases(lanes, {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}});
  appendRun(warps, 2, 0, 16, wm);
  return makeDistributed(shape, regs, lanes, warps);
}

namespace {
/// The row permutation of transposed wgmma products (see the header): the
/// logical row of each hardware row bit, for `wm` warps and `tiles` 64-row
/// tiles per warpgroup.
SmallVector<int32_t> getTransposedRowBits(unsigned wm, int64_t tiles) {
  // Hardware row bits: 0-2 lane bits 2-4, 3 the +8 register, 4-5 the warp
  // in its warpgroup, then the warpgroups, then the tiles.
  unsigned groupBits = llvm::Log2_32(wm / 4);
  unsigned tileBits = llvm::Log2_64(tiles);
  SmallVector<unsigned> order = {3};
  for (unsigned t = 0; t < tileBits; ++t)
    order.push_back(6 + groupBits + t);
  for (unsigned b : {1u, 2u, 4u, 5u})
    order.push_back(b);
  for (unsigned g = 0; g < groupBits; ++g)
    order.push_back(6 + g);
  order.insert(order.begin() + std::min<size_t>(4, order.size()), 0);
  SmallVector<int32_t> logical(order.size());
  for (auto [position, bit] : llvm::enumerate(order))
    logical[bit] = int32_t(1) << position;
  return logical;
}

/// `hw` (rows along dim0, in the instruction's frame) with each basis's row
/// permuted and the dims swapped, over `shape` (coordinates past it wrap to
/// copies).
LinearLayout transposeRows(const LinearLayout &hw, ArrayRef<int64_t> shape,
                           ArrayRef<int32_t> rowBits) {
  auto permute = [&](int32_t row) {
    int32_t result = 0;
    for (auto [bit, value] : llvm::enumerate(rowBits))
      if (row & (int32_t(1) << bit))
        result |= value;
    return result;
  };
  Coords dims[3];
  StringRef names[3] = {kRegister, kLane, kWarp};
  for (auto [i, name] : llvm::enumerate(names))
    for (const auto &basis : hw.getBases(name))
      dims[i].push_back({basis[1], permute(basis[0])});
  return makeDistributed(shape, dims[0], dims[1], dims[2]);
}

/// 64-row tiles per warpgroup of a transposed product over N = `n`.
int64_t getTransposedTiles(int64_t n, unsigned wm) {
  return std::max<int64_t>(1, n / (16 * int64_t(wm)));
}
} // namespace

LinearLayout tile::wgmmaTransposedAccumulatorToLinearLayout(
    ArrayRef<int64_t> shape, unsigned wm, unsigned instrN) {
  assert(shape.size() == 2 && "wgmma is rank 2");
  int64_t tiles = getTransposedTiles(shape[1], wm);
  int64_t cols = std::max<int64_t>(shape[0], instrN);
  LinearLayout hw = wgmmaAccumulatorToLinearLayout(
      {16 * int64_t(wm) * tiles, cols}, {wm, 1}, instrN);
  return transposeRows(hw, shape, getTransposedRowBits(wm, tiles));
}

LinearLayout
tile::wgmmaTransposedOperandToLinearLayout(ArrayRef<int64_t> shape,
                                           unsigned wm) {
  assert(shape.size() == 2 && "wgmma is rank 2");
  int64_t tiles = getTransposedTiles(shape[1], wm);
  LinearLayout hw = wgmmaRegisterOperandToLinearLayout(
      {16 * int64_t(wm) * tiles, std::max<int64_t>(shape[0], 8)}, wm);
  return transposeRows(hw, shape, getTransposedRowBits(wm, tiles));
}

LinearLayout tile::swizzledSharedToLinearLayout(ArrayRef<int64_t> shape,
                                                unsigned vec, unsigned perPhase,
                                                unsigned maxPhase,
                                                ArrayRef<unsigned> order) {
  assert(order.size() == shape.size() && "one order entry per dim");
  assert(llvm::isPowerOf2_32(vec) && llvm::isPowerOf2_32(perPhase) &&
         llvm::isPowerOf2_32(maxPhase) && "swizzle parameters must be 2^k");
  if (shape.size() == 1)
    return identityStandardND(shape, order, kOffset);
  unsigned colDim = order[0], rowDim = order[1];
  int64_t cols = shape[colDim], rows = shape[rowDim];
  // A vector wider than the row is the whole row; the phase can only move
  // a vector to another vector of the same row.
  int64_t width = std::min<int64_t>(vec, cols);
  int64_t phaseMask = std::min<int64_t>(maxPhase, cols / width) - 1;
  return invertPlacement(shape, [&](ArrayRef<int64_t> point) {
    int64_t r = point[rowDim], c = point[colDim];
    int64_t phase = (r / perPhase) & phaseMask;
    int64_t offset = r * cols + (((c / width) ^ phase) * width) + c % width;
    // Further dims are whole matrices, stored outermost in `order`.
    int64_t stride = rows * cols;
    for (unsigned d : llvm::drop_begin(order, 2)) {
      offset += point[d] * stride;
      stride *= shape[d];
    }
    return offset;
  });
}

// The NVIDIA swizzle modes (PTX ISA, "Shared Memory Matrix Layout" of
// wgmma.mma_async and the tensor-copy swizzle modes, in our words): the
// buffer is seen as lines of 128 bytes, each of eight 16-byte chunks. A
// swizzle of S bytes XORs the chunk index (address bits 4..6) with the
// address bits 7..9 that count 128-byte lines, using log2(S/16) of them:
// 128B XORs bits 4..6 with 7..9, 64B bits 4..5 with 7..8, 32B bit 4 with 7.
// The pattern repeats every 8 lines (1024 bytes for 128B), which is why
// such buffers are aligned to it. A swizzle "atom" is thus 8 rows of S
// bytes; a tile whose contiguous dim is wider than S is stored as column
// blocks of S bytes, each block holding all rows, one block after another.

LinearLayout tile::nvmmaSharedToLinearLayout(ArrayRef<int64_t> shape,
                                             unsigned swizzleBytes,
                                             unsigned elementBits,
                                             bool transposed) {
  assert(shape.size() == 2 && "nvmma shared layouts are rank 2");
  assert((swizzleBytes == 0 || swizzleBytes == 32 || swizzleBytes == 64 ||
          swizzleBytes == 128) &&
         "swizzle is 0, 32, 64 or 128 bytes");
  assert(elementBits >= 8 && elementBits <= 128 &&
         llvm::isPowerOf2_32(elementBits) && "element is 1 to 16 bytes");
  unsigned colDim = transposed ? 0 : 1, rowDim = 1 - colDim;
  int64_t rows = shape[rowDim];
  if (swizzleBytes == 0)
    return identityStandardND(shape, {colDim, rowDim}, kOffset);
  int64_t blockCols = int64_t(swizzleBytes) * 8 / elementBits;
  assert(shape[colDim] >= blockCols &&
         "contiguous dim narrower than the swizzle; use a smaller swizzle");
  // Element offset bit k is byte address bit k + byteShift.
  unsigned byteShift = llvm::Log2_32(elementBits / 8);
  unsigned swizzleBits = llvm::Log2_32(swizzleBytes / 16);
  return invertPlacement(shape, [&](ArrayRef<int64_t> point) {
    int64_t r = point[rowDim], c = point[colDim];
    int64_t linear =
        (c / blockCols) * rows * blockCols + r * blockCols + c % blockCols;
    int64_t address = linear << byteShift;
    int64_t line = (address >> 7) & ((int64_t(1) << swizzleBits) - 1);
    return (address ^ (line << 4)) >> byteShift;
  });
}
