//===- SharedAccess.cpp - vectors, bank conflicts, conversion scratch -----===//
//
// A conversion through shared memory stores with the source's registers and
// loads with the destination's. A row-major buffer serves layouts whose
// registers run along rows; a destination that holds one element of each
// of 32 columns per lane (a store with no known alignment) then loads two
// bytes at a time. Register bits that both layouts share can instead be
// the buffer's lowest offset bits: every thread holds those elements on
// both sides, so both move them as one vector. What is left of the offset
// is the tensor in row-major order, with the bank bits (the 4-byte words of
// a 128-byte line, above the vector) XORed with higher offset bits so that
// the lanes a phase serves fall in distinct banks on both sides.
//
//===----------------------------------------------------------------------===//

#include "tile/Layout/SharedAccess.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tile;
using llvm::SmallVector;

SmallVector<int32_t> tile::getVectorRegisterBits(const LinearLayout &access,
                                                 unsigned elementBytes,
                                                 unsigned maxBytes,
                                                 bool leadingOnly) {
  int32_t regBits = access.getInDimSizeLog2(kRegister);
  SmallVector<int32_t> bits;
  while (int64_t(elementBytes) << (bits.size() + 1) <= maxBytes) {
    int32_t want = int32_t(1) << bits.size();
    int32_t found = -1;
    for (int32_t bit = leadingOnly ? bits.size() : 0; bit < regBits; ++bit) {
      if (access.getBasis(kRegister, bit, kOffset) == want &&
          !llvm::is_contained(bits, bit)) {
        found = bit;
        break;
      }
      if (leadingOnly)
        break;
    }
    if (found < 0)
      break;
    bits.push_back(found);
  }
  // Every other basis must keep the vector aligned.
  for (llvm::StringRef inDim : {kRegister, kLane, kWarp}) {
    if (!access.hasInDim(inDim))
      continue;
    for (int32_t bit = 0, e = access.getInDimSizeLog2(inDim); bit < e; ++bit) {
      if (inDim == kRegister && llvm::is_contained(bits, bit))
        continue;
      int32_t value = access.getBasis(inDim, bit, kOffset);
      while (!bits.empty() && (value & ((int32_t(1) << bits.size()) - 1)))
        bits.pop_back();
    }
  }
  return bits;
}

int64_t tile::countWavefronts(const LinearLayout &access, int64_t vector,
                              unsigned elementBytes) {
  int64_t accessBytes = vector * elementBytes;
  int64_t phases = std::max<int64_t>(1, accessBytes / 4);
  int64_t lanesPerPhase = 32 / std::min<int64_t>(phases, 32);
  int32_t laneBits =
      access.hasInDim(kLane) ? access.getInDimSizeLog2(kLane) : 0;
  int64_t total = 0;
  for (int64_t phase = 0; phase < phases; ++phase) {
    llvm::DenseMap<int64_t, llvm::DenseSet<int64_t>> wordsPerBank;
    for (int64_t lane = phase * lanesPerPhase;
         lane < (phase + 1) * lanesPerPhase; ++lane) {
      int32_t offset = 0;
      for (int32_t bit = 0; bit < laneBits; ++bit)
        if (lane & (int64_t(1) << bit))
          offset ^= access.getBasis(kLane, bit, kOffset);
      int64_t first = int64_t(offset) * elementBytes / 4;
      int64_t last = (int64_t(offset) * elementBytes + accessBytes - 1) / 4;
      for (int64_t word = first; word <= last; ++word)
        wordsPerBank[word % 32].insert(word);
    }
    int64_t most = 1;
    for (auto &entry : wordsPerBank)
      most = std::max<int64_t>(most, entry.second.size());
    total += most;
  }
  return total;
}

int64_t tile::getSharedAccessCost(const LinearLayout &registers,
                                  const LinearLayout &buffer,
                                  unsigned elementBytes) {
  LinearLayout access = registers.invertAndCompose(buffer);
  int64_t vector =
      int64_t(1)
      << getVectorRegisterBits(access, elementBytes, 16, false).size();
  int64_t instructions = access.getInDimSize(kRegister) / vector;
  return instructions * (1 + countWavefronts(access, vector, elementBytes));
}

namespace {

/// The coordinates of a tensor as one bit vector, row-major: the last dim
/// in the lowest bits.
class FlatCoords {
public:
  FlatCoords(const LinearLayout &like, llvm::ArrayRef<int64_t> shape) {
    for (std::string name : like.getOutDimNames()) {
      unsigned d = 0;
      while (d < shape.size() && getDimName(d) != name)
        ++d;
      assert(d < shape.size() && "an output dim that is not a tensor dim");
      names.push_back(name);
      sizes.push_back(int32_t(shape[d]));
      unsigned shift = 0;
      for (unsigned later = d + 1; later < shape.size(); ++later)
        shift += llvm::Log2_64(shape[later]);
      shifts.push_back(shift);
      totalBits += llvm::Log2_64(shape[d]);
    }
  }

  /// The flat vector of basis `bit` of `inDim` in `layout`, whose output
  /// dims are the tensor's in any order.
  uint64_t flatten(const LinearLayout &layout, llvm::StringRef inDim,
                   int32_t bit) const {
    uint64_t flat = 0;
    for (auto [name, shift] : llvm::zip(names, shifts))
      if (layout.hasOutDim(name))
        flat |= uint64_t(layout.getBasis(inDim, bit, name)) << shift;
    return flat;
  }

  /// A layout offset -> coordinates whose offset bit i is `columns[i]`.
  LinearLayout toLayout(llvm::ArrayRef<uint64_t> columns) const {
    LinearLayout::Bases bases;
    for (uint64_t column : columns) {
      SmallVector<int32_t> basis;
      for (auto [size, shift] : llvm::zip(sizes, shifts))
        basis.push_back(int32_t((column >> shift) & uint64_t(size - 1)));
      bases.push_back(std::move(basis));
    }
    SmallVector<std::pair<std::string, int32_t>> outDims;
    for (auto [name, size] : llvm::zip(names, sizes))
      outDims.push_back({name, size});
    return LinearLayout({{kOffset.str(), std::move(bases)}}, outDims);
  }

  unsigned getTotalBits() const { return totalBits; }

private:
  SmallVector<std::string> names;
  SmallVector<int32_t> sizes;
  SmallVector<unsigned> shifts;
  unsigned totalBits = 0;
};

/// Vectors over GF(2), reduced as they are added, to test independence.
class Span {
public:
  /// Adds `v` unless it depends on what was added; returns whether it did.
  bool add(uint64_t v) {
    for (uint64_t b : basis)
      v = std::min(v, v ^ b);
    if (v == 0)
      return false;
    basis.push_back(v);
    // Keep the basis sorted high to low so the reduction above is exact.
    std::sort(basis.begin(), basis.end(), std::greater<uint64_t>());
    return true;
  }

private:
  SmallVector<uint64_t> basis;
};

/// The register bases of `layout` that are not copies, flattened.
SmallVector<uint64_t> getRegisterColumns(const LinearLayout &layout,
                                         const FlatCoords &flat) {
  SmallVector<uint64_t> columns;
  for (int32_t bit = 0, e = layout.getInDimSizeLog2(kRegister); bit < e; ++bit)
    if (uint64_t column = flat.flatten(layout, kRegister, bit))
      columns.push_back(column);
  return columns;
}

} // namespace

LinearLayout tile::getConversionScratchLayout(const LinearLayout &from,
                                              const LinearLayout &to,
                                              llvm::ArrayRef<int64_t> shape,
                                              unsigned elementBytes,
                                              const LinearLayout &fallback) {
  if (elementBytes == 0 || elementBytes > 16 || !from.hasInDim(kRegister) ||
      !to.hasInDim(kRegister) || !from.hasInDim(kLane) || !to.hasInDim(kLane))
    return fallback;
  FlatCoords flat(fallback, shape);
  unsigned totalBits = flat.getTotalBits();
  if (totalBits == 0 || totalBits > 31)
    return fallback;

  // The vector: register bases of `to` that `from` has too, as long as 16
  // bytes allow.
  SmallVector<uint64_t> fromColumns = getRegisterColumns(from, flat);
  SmallVector<uint64_t> columns;
  Span span;
  unsigned maxVectorBits = llvm::Log2_32(16 / elementBytes);
  for (uint64_t column : getRegisterColumns(to, flat)) {
    if (columns.size() == maxVectorBits)
      break;
    if (llvm::is_contained(fromColumns, column) && span.add(column))
      columns.push_back(column);
  }
  unsigned vectorBits = columns.size();
  // The rest in row-major order.
  for (unsigned bit = 0; bit < totalBits; ++bit)
    if (span.add(uint64_t(1) << bit))
      columns.push_back(uint64_t(1) << bit);
  assert(columns.size() == totalBits && "the offset bits span the tensor");

  auto cost = [&](llvm::ArrayRef<uint64_t> candidate) {
    LinearLayout buffer = flat.toLayout(candidate);
    return getSharedAccessCost(from, buffer, elementBytes) +
           getSharedAccessCost(to, buffer, elementBytes);
  };

  // Bank bits: the 4-byte words of a 128-byte line, above the vector.
  unsigned wordBits = elementBytes >= 4 ? 0 : llvm::Log2_32(4 / elementBytes);
  unsigned bankLo = std::max(vectorBits, wordBits);
  unsigned bankHi = std::min(totalBits, llvm::Log2_32(128 / elementBytes));
  SmallVector<uint64_t> swizzled = columns;
  int64_t best = cost(swizzled);
  if (bankHi > bankLo) {
    unsigned bankCount = bankHi - bankLo;
    for (unsigned high = bankHi; high < totalBits; ++high) {
      uint64_t original = columns[high];
      uint64_t bestColumn = swizzled[high];
      for (uint64_t mask = 1; mask < (uint64_t(1) << bankCount); ++mask) {
        uint64_t column = original;
        for (unsigned t = 0; t < bankCount; ++t)
          if (mask & (uint64_t(1) << t))
            column ^= columns[bankLo + t];
        swizzled[high] = column;
        int64_t c = cost(swizzled);
        if (c < best) {
          best = c;
          bestColumn = column;
        }
      }
      swizzled[high] = bestColumn;
    }
  }

  int64_t fallbackCost = getSharedAccessCost(from, fallback, elementBytes) +
                         getSharedAccessCost(to, fallback, elementBytes);
  if (fallbackCost <= best)
    return fallback;
  return flat.toLayout(swizzled);
}
