//===- layout_kinds_test.cpp - linear layouts of each layout kind ---------===//

#include "tile/Layout/LayoutKinds.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <random>
#include <string>
#include <tuple>

using namespace tile;
using llvm::ArrayRef;
using llvm::SmallVector;
using Bases = LinearLayout::Bases;

namespace Catch {
/// Failing comparisons print the layouts.
template <> struct StringMaker<tile::LinearLayout> {
  static std::string convert(const tile::LinearLayout &layout) {
    return "\n" + layout.toString();
  }
};
} // namespace Catch

namespace {
/// (row, column) of register `reg`, lane `lane`, warp `warp`.
std::pair<int32_t, int32_t> at(const LinearLayout &layout, int32_t reg,
                               int32_t lane, int32_t warp = 0) {
  SmallVector<int32_t> coords = layout.apply({reg, lane, warp});
  return {coords[0], coords[1]};
}

/// The coordinates the lowering (Distribution.cpp) gives register `reg` of
/// lane `lane` in warp `warp` under a blocked layout, re-enacted step by
/// step: placeBlocked, blockedOffsets, emitLaneCoords/emitWarpCoords and
/// emitBase.
SmallVector<int32_t> lowerBlocked(ArrayRef<int64_t> shape,
                                  ArrayRef<unsigned> sizePerThread,
                                  ArrayRef<unsigned> threadsPerWarp,
                                  ArrayRef<unsigned> warpsPerCTA,
                                  ArrayRef<unsigned> order, int64_t reg,
                                  int64_t lane, int64_t warp) {
  unsigned rank = shape.size();
  SmallVector<int64_t> size(rank), tile(rank), counts(rank);
  for (unsigned d = 0; d < rank; ++d) {
    size[d] = std::min<int64_t>(sizePerThread[d], shape[d]);
    tile[d] = size[d] * threadsPerWarp[d] * warpsPerCTA[d];
    counts[d] = size[d] * std::max<int64_t>(1, shape[d] / tile[d]);
  }
  auto split = [&](int64_t id, ArrayRef<unsigned> per) {
    SmallVector<int64_t> coords(rank);
    int64_t stride = 1;
    for (unsigned d : order) {
      coords[d] = per[d] == 1 ? 0 : (id / stride) % per[d];
      stride *= per[d];
    }
    return coords;
  };
  SmallVector<int64_t> lanes = split(lane, threadsPerWarp);
  SmallVector<int64_t> warps = split(warp, warpsPerCTA);
  SmallVector<int32_t> result(rank);
  int64_t rest = reg;
  for (unsigned d : order) {
    int64_t index = rest % counts[d];
    rest /= counts[d];
    int64_t offset = (index / size[d]) * tile[d] + index % size[d];
    int64_t base = warps[d] * size[d] * threadsPerWarp[d] + lanes[d] * size[d];
    if (tile[d] > shape[d])
      base %= shape[d];
    result[d] = base + offset;
  }
  return result;
}

/// Splits 2^bits randomly over `rank` dims.
SmallVector<unsigned> randomSplit(std::mt19937 &rng, unsigned rank,
                                  unsigned bits) {
  SmallVector<unsigned> values(rank, 1);
  for (unsigned b = 0; b < bits; ++b)
    values[rng() % rank] *= 2;
  return values;
}

/// Where swizzledShared stores (r, c): the formula of its documentation.
int32_t swizzledOffset(int64_t r, int64_t c, int64_t cols, int64_t vec,
                       int64_t perPhase, int64_t maxPhase) {
  return r * cols + (((c / vec) ^ ((r / perPhase) % maxPhase)) * vec) + c % vec;
}
} // namespace

TEST_CASE("LayoutKinds: blocked hand example") {
  // [4, 16], 4 elements per thread along dim1, 16 x 2 lanes, 2 warps on
  // dim0: the lanes cover 64 columns, so lanes 4..15 of a row wrap.
  LinearLayout layout =
      blockedToLinearLayout({4, 16}, {1, 4}, {2, 16}, {2, 1}, {1, 0});
  CHECK(layout.getInDimNames() ==
        SmallVector<std::string>{"register", "lane", "warp"});
  CHECK(layout.getOutDimNames() == SmallVector<std::string>{"dim0", "dim1"});
  CHECK(layout.getBases(kRegister) == Bases{{0, 1}, {0, 2}});
  CHECK(layout.getBases(kLane) ==
        Bases{{0, 4}, {0, 8}, {0, 0}, {0, 0}, {1, 0}});
  CHECK(layout.getBases(kWarp) == Bases{{2, 0}});
  CHECK(layout.getFreeVariableMask(kLane) == 0b01100);
  CHECK(layout.getNumConsecutiveRegisters("dim1") == 4);

  // Repetitions: [8, 8] with a 2 x 4 thread tile repeats 4 x 2 times.
  LinearLayout reps =
      blockedToLinearLayout({8, 8}, {1, 2}, {2, 16}, {1, 1}, {0, 1});
  CHECK(reps.getBases(kRegister) == Bases{{2, 0}, {4, 0}, {0, 1}});
  CHECK(reps.getBases(kLane) == Bases{{1, 0}, {0, 2}, {0, 4}, {0, 0}, {0, 0}});
}

TEST_CASE("LayoutKinds: blocked matches the lowering") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 400; ++trial) {
    unsigned rank = 1 + rng() % 2;
    SmallVector<int64_t> shape;
    SmallVector<unsigned> sizePerThread, order;
    for (unsigned d = 0; d < rank; ++d) {
      shape.push_back(int64_t(1) << (rng() % 9));
      sizePerThread.push_back(1u << (rng() % 4));
      order.push_back(d);
    }
    std::shuffle(order.begin(), order.end(), rng);
    SmallVector<unsigned> threadsPerWarp = randomSplit(rng, rank, 5);
    SmallVector<unsigned> warpsPerCTA = randomSplit(rng, rank, rng() % 4);
    LinearLayout layout = blockedToLinearLayout(
        shape, sizePerThread, threadsPerWarp, warpsPerCTA, order);
    INFO("trial " << trial << "\n" << layout.toString());
    for (int32_t warp = 0; warp < layout.getInDimSize(kWarp); ++warp)
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t reg = 0; reg < layout.getInDimSize(kRegister); ++reg)
          REQUIRE(layout.apply({reg, lane, warp}) ==
                  lowerBlocked(shape, sizePerThread, threadsPerWarp,
                               warpsPerCTA, order, reg, lane, warp));
    CHECK(layout.isSurjective());
  }
}

TEST_CASE("LayoutKinds: slice") {
  LinearLayout parent =
      blockedToLinearLayout({4, 16}, {1, 4}, {2, 16}, {2, 1}, {1, 0});
  CHECK(sliceToLinearLayout(parent, 0) ==
        LinearLayout({{"register", {{1}, {2}}},
                      {"lane", {{4}, {8}, {0}, {0}, {0}}},
                      {"warp", {{0}}}},
                     {{"dim0", 16}}));
  CHECK(sliceToLinearLayout(parent, 1) ==
        LinearLayout({{"register", {}},
                      {"lane", {{0}, {0}, {0}, {0}, {1}}},
                      {"warp", {{2}}}},
                     {{"dim0", 4}}));

  // Each thread holds what the lowering's slice holds: the parent's
  // elements with the dim dropped, duplicates removed, first come first.
  std::mt19937 rng(11);
  for (int trial = 0; trial < 100; ++trial) {
    SmallVector<int64_t> shape = {int64_t(1) << (rng() % 7),
                                  int64_t(1) << (rng() % 7)};
    SmallVector<unsigned> size = {1u << (rng() % 3), 1u << (rng() % 3)};
    SmallVector<unsigned> order = {0, 1};
    if (rng() % 2)
      std::swap(order[0], order[1]);
    LinearLayout blocked = blockedToLinearLayout(
        shape, size, randomSplit(rng, 2, 5), randomSplit(rng, 2, 2), order);
    unsigned dim = rng() % 2;
    LinearLayout slice = sliceToLinearLayout(blocked, dim);
    for (int32_t warp = 0; warp < 4; ++warp) {
      for (int32_t lane = 0; lane < 32; ++lane) {
        SmallVector<int32_t> expected;
        for (int32_t reg = 0; reg < blocked.getInDimSize(kRegister); ++reg) {
          int32_t kept = blocked.apply({reg, lane, warp})[1 - dim];
          if (!llvm::is_contained(expected, kept))
            expected.push_back(kept);
        }
        SmallVector<int32_t> actual;
        for (int32_t reg = 0; reg < slice.getInDimSize(kRegister); ++reg)
          actual.push_back(slice.apply({reg, lane, warp})[0]);
        REQUIRE(actual == expected);
      }
    }
  }
}

// PTX ISA, mma.m16n8k16 accumulator figure (f32 C/D): cell (row, col) holds
// c<kAccReg> of lane T<kAccLane>.
static const int kAccLane[16][8] = {
    {0, 0, 1, 1, 2, 2, 3, 3},         {4, 4, 5, 5, 6, 6, 7, 7},
    {8, 8, 9, 9, 10, 10, 11, 11},     {12, 12, 13, 13, 14, 14, 15, 15},
    {16, 16, 17, 17, 18, 18, 19, 19}, {20, 20, 21, 21, 22, 22, 23, 23},
    {24, 24, 25, 25, 26, 26, 27, 27}, {28, 28, 29, 29, 30, 30, 31, 31},
    {0, 0, 1, 1, 2, 2, 3, 3},         {4, 4, 5, 5, 6, 6, 7, 7},
    {8, 8, 9, 9, 10, 10, 11, 11},     {12, 12, 13, 13, 14, 14, 15, 15},
    {16, 16, 17, 17, 18, 18, 19, 19}, {20, 20, 21, 21, 22, 22, 23, 23},
    {24, 24, 25, 25, 26, 26, 27, 27}, {28, 28, 29, 29, 30, 30, 31, 31}};
static const int kAccRegTop[8] = {0, 1, 0, 1, 0, 1, 0, 1};
static const int kAccRegBottom[8] = {2, 3, 2, 3, 2, 3, 2, 3};

TEST_CASE("LayoutKinds: mma v2 accumulator") {
  LinearLayout layout = mmaV2AccumulatorToLinearLayout({16, 8}, {1, 1});
  REQUIRE(layout.getInDimSize(kRegister) == 4);
  for (int32_t lane = 0; lane < 32; ++lane) {
    for (int32_t reg = 0; reg < 4; ++reg) {
      auto [row, col] = at(layout, reg, lane);
      CHECK(kAccLane[row][col] == lane);
      CHECK((row < 8 ? kAccRegTop : kAccRegBottom)[col] == reg);
    }
  }
  CHECK(layout.isInvertible());

  // 2 x 2 warps over [64, 32]: the warps' 32 x 16 tile repeats twice along
  // N (register bit 2), then twice along M (register bit 3).
  LinearLayout big = mmaV2AccumulatorToLinearLayout({64, 32}, {2, 2});
  CHECK(big.getBases(kWarp) == Bases{{0, 8}, {16, 0}});
  CHECK(big.getBases(kRegister) == Bases{{0, 1}, {8, 0}, {0, 16}, {32, 0}});
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 16; ++reg)
        CHECK(at(big, reg, lane, warp) ==
              std::make_pair(lane / 4 + 8 * (reg >> 1 & 1) + 16 * (warp / 2) +
                                 32 * (reg >> 3),
                             2 * (lane % 4) + (reg & 1) + 8 * (warp % 2) +
                                 16 * (reg >> 2 & 1)));
  CHECK(big.isInvertible());

  // More warps than the shape needs: they hold copies.
  LinearLayout small = mmaV2AccumulatorToLinearLayout({16, 8}, {2, 2});
  CHECK(small.getFreeVariableMask(kWarp) == 3);
}

TEST_CASE("LayoutKinds: mma v2 operands, 16-bit") {
  // PTX ISA, m16n8k16 A (f16/bf16): a0..a7, row = group (+8 for a2, a3, a6,
  // a7), col = 2 * threadInGroup + (i & 1) (+8 for a4..a7).
  LinearLayout a = mmaV2OperandToLinearLayout({16, 16}, 0, {1, 1}, 16);
  REQUIRE(a.getInDimSize(kRegister) == 8);
  // Rows of the figure: register of each column, top and bottom halves.
  const int aRegTop[16] = {0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5};
  const int aRegBottom[16] = {2, 3, 2, 3, 2, 3, 2, 3, 6, 7, 6, 7, 6, 7, 6, 7};
  for (int32_t lane = 0; lane < 32; ++lane) {
    for (int32_t reg = 0; reg < 8; ++reg) {
      auto [row, col] = at(a, reg, lane);
      CHECK(4 * (row % 8) + (col % 8) / 2 == lane);
      CHECK((row < 8 ? aRegTop : aRegBottom)[col] == reg);
    }
  }
  CHECK(a.isInvertible());

  // B (K x N = 16 x 8): b0, b1 rows 2 * threadInGroup + i, b2, b3 rows +8;
  // column = group.
  LinearLayout b = mmaV2OperandToLinearLayout({16, 8}, 1, {1, 1}, 16);
  REQUIRE(b.getInDimSize(kRegister) == 4);
  const int bRegByRow[16] = {0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3};
  for (int32_t lane = 0; lane < 32; ++lane) {
    for (int32_t reg = 0; reg < 4; ++reg) {
      auto [k, n] = at(b, reg, lane);
      CHECK(4 * n + (k % 8) / 2 == lane);
      CHECK(bRegByRow[k] == reg);
    }
  }
  CHECK(b.isInvertible());

  // Warps and repetitions: A [64, 32] with 2 x 2 warps; warps along N copy.
  LinearLayout bigA = mmaV2OperandToLinearLayout({64, 32}, 0, {2, 2}, 16);
  CHECK(bigA.getBases(kWarp) == Bases{{0, 0}, {16, 0}});
  CHECK(bigA.getBases(kRegister) ==
        Bases{{0, 1}, {8, 0}, {0, 8}, {0, 16}, {32, 0}});
  // B [32, 32]: warps along M copy.
  LinearLayout bigB = mmaV2OperandToLinearLayout({32, 32}, 1, {2, 2}, 16);
  CHECK(bigB.getBases(kWarp) == Bases{{0, 8}, {0, 0}});
  CHECK(bigB.getBases(kRegister) == Bases{{1, 0}, {8, 0}, {16, 0}, {0, 16}});
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 16; ++reg)
        CHECK(at(bigB, reg, lane, warp) ==
              std::make_pair(2 * (lane % 4) + (reg & 1) + 8 * (reg >> 1 & 1) +
                                 16 * (reg >> 2 & 1),
                             lane / 4 + 8 * (warp & 1) + 16 * (reg >> 3)));
}

TEST_CASE("LayoutKinds: mma v2 operands, tf32") {
  // PTX ISA, m16n8k8 A (tf32): a0 (g, t), a1 (g+8, t), a2 (g, t+4),
  // a3 (g+8, t+4).
  LinearLayout a = mmaV2OperandToLinearLayout({16, 8}, 0, {1, 1}, 32);
  REQUIRE(a.getInDimSize(kRegister) == 4);
  for (int32_t lane = 0; lane < 32; ++lane) {
    for (int32_t reg = 0; reg < 4; ++reg) {
      auto [row, col] = at(a, reg, lane);
      CHECK(4 * (row % 8) + col % 4 == lane);
      CHECK(row / 8 + 2 * (col / 4) == reg);
    }
  }
  CHECK(a.getBases(kRegister) == Bases{{8, 0}, {0, 4}});
  // B (8 x 8): b0 (k = t, n = g), b1 (k = t+4, n = g).
  LinearLayout b = mmaV2OperandToLinearLayout({8, 8}, 1, {1, 1}, 32);
  REQUIRE(b.getInDimSize(kRegister) == 2);
  for (int32_t lane = 0; lane < 32; ++lane) {
    for (int32_t reg = 0; reg < 2; ++reg) {
      auto [k, n] = at(b, reg, lane);
      CHECK(4 * n + k % 4 == lane);
      CHECK(k / 4 == reg);
    }
  }
  CHECK(a.isInvertible());
  CHECK(b.isInvertible());
  // Repetitions along K step by 8.
  LinearLayout wide = mmaV2OperandToLinearLayout({16, 32}, 0, {1, 1}, 32);
  CHECK(wide.getBases(kRegister) == Bases{{8, 0}, {0, 4}, {0, 8}, {0, 16}});
}

TEST_CASE("LayoutKinds: wgmma accumulator") {
  // One warpgroup, m64n64: warp w holds rows 16w..16w+15.
  LinearLayout layout = wgmmaAccumulatorToLinearLayout({64, 64}, {4, 1}, 64);
  REQUIRE(layout.getInDimSize(kRegister) == 32);
  CHECK(layout.getBases(kWarp) == Bases{{16, 0}, {32, 0}});
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 32; ++reg)
        CHECK(at(layout, reg, lane, warp) ==
              std::make_pair(16 * warp + lane / 4 + 8 * (reg >> 1 & 1),
                             8 * (reg >> 2) + 2 * (lane % 4) + (reg & 1)));
  CHECK(layout.isInvertible());

  // Two warpgroups along M, two along N, a 2 x 2 repetition.
  LinearLayout big = wgmmaAccumulatorToLinearLayout({256, 256}, {8, 2}, 64);
  CHECK(big.getBases(kWarp) == Bases{{16, 0}, {32, 0}, {64, 0}, {0, 64}});
  for (int32_t warp = 0; warp < 16; warp += 3)
    for (int32_t lane = 0; lane < 32; lane += 5)
      for (int32_t reg = 0; reg < 128; ++reg)
        CHECK(at(big, reg, lane, warp) ==
              std::make_pair(lane / 4 + 8 * (reg >> 1 & 1) + 16 * (warp & 3) +
                                 64 * (warp >> 2 & 1) + 128 * (reg >> 6),
                             2 * (lane % 4) + (reg & 1) + 8 * (reg >> 2 & 7) +
                                 64 * (warp >> 3) + 128 * (reg >> 5 & 1)));
  CHECK(big.isInvertible());
}

TEST_CASE("LayoutKinds: wgmma register operand A, 16-bit") {
  // m64nNk16 A fragments (PTX's figure for .f16 A): lane 4g+t of warp w
  // holds (16w + g, 2t..2t+1), row +8, K +8; then K steps of 16.
  LinearLayout layout = wgmmaOperandAToLinearLayout({64, 32}, {4, 1});
  REQUIRE(layout.getInDimSize(kRegister) == 16);
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 16; ++reg)
        CHECK(at(layout, reg, lane, warp) ==
              std::make_pair(16 * warp + lane / 4 + 8 * (reg >> 1 & 1),
                             2 * (lane % 4) + (reg & 1) + 8 * (reg >> 2 & 1) +
                                 16 * (reg >> 3)));
  CHECK(layout.isInvertible());

  // The accumulator of an M x N product, read as an M x K factor with
  // K = N, is the same map: attention's P needs no data movement. Two
  // warpgroups, and two 128-row tiles in registers.
  for (auto [m, n, wm] : {std::tuple<int64_t, int64_t, unsigned>{128, 64, 8},
                          {256, 128, 8}, {64, 16, 4}, {128, 256, 4}}) {
    CAPTURE(m, n, wm);
    LinearLayout acc = wgmmaAccumulatorToLinearLayout({m, n}, {wm, 1}, n);
    CHECK(wgmmaOperandAToLinearLayout({m, n}, {wm, 1}) == acc);
  }

  // Warps along N of the product hold copies of A.
  LinearLayout copies = wgmmaOperandAToLinearLayout({64, 16}, {4, 2});
  CHECK(copies.getBases(kWarp) == Bases{{16, 0}, {32, 0}, {0, 0}});
}

TEST_CASE("LayoutKinds: transposed wgmma products") {
  // D^T = B^T A^T on one or two warpgroups, with one or two 64-row tiles
  // (along N) per warpgroup; M = 128 is the instruction's width.
  for (auto [wm, n] : {std::pair<unsigned, int64_t>{4, 64},
                       {4, 128},
                       {8, 128},
                       {8, 256},
                       {4, 256}}) {
    INFO("wm " << wm << ", N " << n);
    int64_t m = 128, k = 32;
    LinearLayout acc = wgmmaTransposedAccumulatorToLinearLayout({m, n}, wm, m);
    LinearLayout hw = wgmmaAccumulatorToLinearLayout({n, m}, {wm, 1}, m);
    LinearLayout b = wgmmaTransposedOperandToLinearLayout({k, n}, wm);
    LinearLayout bHw = wgmmaRegisterOperandToLinearLayout({n, k}, wm);
    CHECK(acc.isInvertible());
    CHECK(b.isInvertible());
    // Same registers as the instruction's layouts, rows relabelled: the
    // column (M, K) is the instruction's, N a bijection of its rows that
    // the accumulator and B share.
    std::map<int32_t, int32_t> rowOf;
    for (int32_t warp = 0; warp < int32_t(wm); ++warp)
      for (int32_t lane = 0; lane < 32; ++lane) {
        for (int32_t reg = 0, e = acc.getInDimSize(kRegister); reg < e;
             ++reg) {
          auto [row, col] = at(hw, reg, lane, warp);
          auto [mm, nn] = at(acc, reg, lane, warp);
          CHECK(mm == col);
          auto it = rowOf.insert({row, nn}).first;
          CHECK(it->second == nn);
        }
        for (int32_t reg = 0, e = b.getInDimSize(kRegister); reg < e; ++reg) {
          auto [row, col] = at(bHw, reg, lane, warp);
          auto [kk, nn] = at(b, reg, lane, warp);
          CHECK(kk == col);
          CHECK(rowOf.at(row) == nn);
        }
      }
    // A thread's first registers of B hold consecutive N: 4 with two tiles,
    // 2 with one.
    int64_t tiles = n / (16 * wm);
    CHECK(b.getNumConsecutiveRegisters(getDimName(1)) == 2 * tiles);
    // 16-byte reads of B from its 128-byte-swizzled buffer (N contiguous):
    // each quarter warp (8 lanes, 16 bytes each) touches all 8 16-byte
    // chunks of the banks; 8-byte reads, each half warp all 16 pieces.
    LinearLayout buffer = nvmmaSharedToLinearLayout({k, n}, 128, 32, false);
    LinearLayout offsets = b.invertAndCompose(buffer);
    int32_t perAccess = std::min<int32_t>(2 * tiles, 4),
            lanesPerPhase = 32 / perAccess;
    for (int32_t warp = 0; warp < int32_t(wm); ++warp)
      for (int32_t reg = 0; reg < b.getInDimSize(kRegister); reg += perAccess)
        for (int32_t phase = 0; phase < 32; phase += lanesPerPhase) {
          std::set<int32_t> pieces;
          for (int32_t lane = phase; lane < phase + lanesPerPhase; ++lane) {
            int32_t offset = offsets.apply({reg, lane, warp})[0];
            pieces.insert(offset / perAccess % lanesPerPhase);
          }
          CHECK(pieces.size() == size_t(lanesPerPhase));
        }
  }
}

TEST_CASE("LayoutKinds: swizzled shared") {
  struct Case {
    int64_t rows, cols;
    unsigned vec, perPhase, maxPhase;
  };
  for (Case c :
       {Case{16, 64, 8, 1, 8}, Case{32, 32, 4, 2, 4}, Case{8, 16, 2, 4, 8},
        Case{4, 8, 1, 1, 1}, Case{64, 8, 2, 1, 4}, Case{1, 32, 4, 1, 8}}) {
    for (bool transposed : {false, true}) {
      // Transposed: dim0 is contiguous, rows run along dim1.
      SmallVector<int64_t> shape = {c.rows, c.cols};
      SmallVector<unsigned> order = {1, 0};
      if (transposed) {
        shape = {c.cols, c.rows};
        order = {0, 1};
      }
      LinearLayout layout = swizzledSharedToLinearLayout(
          shape, c.vec, c.perPhase, c.maxPhase, order);
      REQUIRE(layout.isInvertible());
      CHECK(layout.getInDimNames() == SmallVector<std::string>{"offset"});
      for (int64_t r = 0; r < c.rows; ++r) {
        for (int64_t col = 0; col < c.cols; ++col) {
          int32_t offset =
              swizzledOffset(r, col, c.cols, c.vec, c.perPhase, c.maxPhase);
          SmallVector<int32_t> expected = {int32_t(r), int32_t(col)};
          if (transposed)
            std::swap(expected[0], expected[1]);
          CHECK(layout.apply({offset}) == expected);
        }
      }
    }
  }
  // vec, perPhase, maxPhase of 1: plain row-major.
  CHECK(swizzledSharedToLinearLayout({8, 16}, 1, 1, 1, {1, 0}) ==
        identityStandardND({8, 16}, {1, 0}, kOffset));
  // A phase reaching past the row (8 columns = 2 vectors) is cut to 1 bit.
  LinearLayout cut = swizzledSharedToLinearLayout({8, 8}, 4, 1, 8, {1, 0});
  CHECK(cut.apply({swizzledOffset(3, 1, 8, 4, 1, 2)}) ==
        SmallVector<int32_t>{3, 1});
  CHECK(cut.isInvertible());
  // Rank 3: the leading dim stacks whole matrices.
  LinearLayout batched =
      swizzledSharedToLinearLayout({2, 8, 16}, 4, 1, 4, {2, 1, 0});
  CHECK(batched.apply({128 + swizzledOffset(5, 9, 16, 4, 1, 4)}) ==
        SmallVector<int32_t>{1, 5, 9});
}

TEST_CASE("LayoutKinds: nvmma shared, hand examples") {
  // fp16, rows of 128 bytes = 64 elements, 128B swizzle: the 16-byte chunk
  // (8 elements) index XORs with row % 8.
  LinearLayout s128 = nvmmaSharedToLinearLayout({8, 64}, 128, 16, false);
  CHECK(s128.apply({0}) == SmallVector<int32_t>{0, 0});
  CHECK(s128.apply({72}) == SmallVector<int32_t>{1, 0});   // chunk 0^1
  CHECK(s128.apply({64}) == SmallVector<int32_t>{1, 8});   // chunk 1^1
  CHECK(s128.apply({201}) == SmallVector<int32_t>{3, 17}); // 192+(2^3)*8+1
  CHECK(s128.apply({455}) == SmallVector<int32_t>{7, 63}); // 448+(7^7)*8+7
  // Transposed: dim0 contiguous, the same storage.
  LinearLayout t128 = nvmmaSharedToLinearLayout({64, 8}, 128, 16, true);
  CHECK(t128.apply({201}) == SmallVector<int32_t>{17, 3});

  // 64B: rows of 32 fp16, chunk (2 bits) XOR (row / 2) % 4.
  LinearLayout s64 = nvmmaSharedToLinearLayout({8, 32}, 64, 16, false);
  CHECK(s64.apply({32}) == SmallVector<int32_t>{1, 0});
  CHECK(s64.apply({72}) == SmallVector<int32_t>{2, 0});   // 64+(0^1)*8
  CHECK(s64.apply({97}) == SmallVector<int32_t>{3, 9});   // 96+(1^1)*8+1
  CHECK(s64.apply({198}) == SmallVector<int32_t>{6, 30}); // 192+(3^3)*8+6
  CHECK(s64.apply({216}) == SmallVector<int32_t>{6, 0});  // 192+(0^3)*8

  // 32B: rows of 16 fp16, chunk (1 bit) XOR (row / 4) % 2.
  LinearLayout s32 = nvmmaSharedToLinearLayout({8, 16}, 32, 16, false);
  CHECK(s32.apply({72}) == SmallVector<int32_t>{4, 0});
  CHECK(s32.apply({81}) == SmallVector<int32_t>{5, 9});
  CHECK(s32.apply({57}) == SmallVector<int32_t>{3, 9});

  // fp32, 128B: chunks of 4 elements, rows of 32.
  LinearLayout f32 = nvmmaSharedToLinearLayout({8, 32}, 128, 32, false);
  CHECK(f32.apply({2 * 32 + (1 ^ 2) * 4 + 3}) == SmallVector<int32_t>{2, 7});

  // 128 fp16 columns = two 128-byte column blocks, each holding all 16 rows.
  LinearLayout wide = nvmmaSharedToLinearLayout({16, 128}, 128, 16, false);
  CHECK(wide.apply({1024}) == SmallVector<int32_t>{0, 64});
  CHECK(wide.apply({1246}) == SmallVector<int32_t>{3, 70}); // 1024+192+24+6
  CHECK(wide.apply({64 + 8}) == SmallVector<int32_t>{1, 0});
}

TEST_CASE("LayoutKinds: nvmma shared equals swizzled for one-line rows") {
  for (unsigned bits : {8u, 16u, 32u}) {
    for (unsigned swizzle : {32u, 64u, 128u}) {
      for (int64_t rows : {8, 16, 64}) {
        int64_t cols = swizzle * 8 / bits;
        unsigned vec = 128 / bits, perPhase = 128 / swizzle;
        unsigned maxPhase = swizzle / 16;
        INFO(bits << "-bit, " << swizzle << "B, " << rows << " rows");
        CHECK(nvmmaSharedToLinearLayout({rows, cols}, swizzle, bits, false) ==
              swizzledSharedToLinearLayout({rows, cols}, vec, perPhase,
                                           maxPhase, {1, 0}));
        CHECK(nvmmaSharedToLinearLayout({cols, rows}, swizzle, bits, true) ==
              swizzledSharedToLinearLayout({cols, rows}, vec, perPhase,
                                           maxPhase, {0, 1}));
      }
    }
    // No swizzle: row-major.
    CHECK(nvmmaSharedToLinearLayout({32, 64}, 0, bits, false) ==
          swizzledSharedToLinearLayout({32, 64}, 1, 1, 1, {1, 0}));
    CHECK(nvmmaSharedToLinearLayout({32, 64}, 0, bits, true) ==
          swizzledSharedToLinearLayout({32, 64}, 1, 1, 1, {0, 1}));
  }
}

TEST_CASE("LayoutKinds: every shared layout is a bijection") {
  for (int64_t rows : {1, 2, 8, 32})
    for (int64_t cols : {1, 4, 16, 128})
      for (unsigned vec : {1u, 4u, 8u})
        for (unsigned perPhase : {1u, 2u, 8u})
          for (unsigned maxPhase : {1u, 4u, 8u})
            CHECK(swizzledSharedToLinearLayout({rows, cols}, vec, perPhase,
                                               maxPhase, {1, 0})
                      .isInvertible());
  for (unsigned bits : {8u, 16u, 32u, 64u})
    for (unsigned swizzle : {0u, 32u, 64u, 128u})
      for (int64_t rows : {1, 4, 8, 32})
        for (int64_t cols : {128, 256})
          for (bool transposed : {false, true})
            CHECK(nvmmaSharedToLinearLayout(
                      transposed ? SmallVector<int64_t>{cols, rows}
                                 : SmallVector<int64_t>{rows, cols},
                      swizzle, bits, transposed)
                      .isInvertible());
}

TEST_CASE("LayoutKinds: registers to shared and back") {
  LinearLayout shared = nvmmaSharedToLinearLayout({32, 64}, 128, 16, false);
  for (LinearLayout regs :
       {blockedToLinearLayout({32, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0}),
        blockedToLinearLayout({32, 64}, {2, 1}, {8, 4}, {1, 4}, {0, 1}),
        // Smaller than the thread tile: lanes hold copies.
        blockedToLinearLayout({32, 64}, {4, 4}, {4, 8}, {4, 2}, {1, 0}),
        mmaV2AccumulatorToLinearLayout({32, 64}, {2, 2})}) {
    // Where each register goes in shared memory.
    LinearLayout toOffset = regs.invertAndCompose(shared);
    CHECK(toOffset.getOutDimNames() == SmallVector<std::string>{"offset"});
    CHECK(toOffset == regs.compose(shared.invert()));
    for (int32_t warp = 0; warp < regs.getInDimSize(kWarp); ++warp)
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t reg = 0; reg < regs.getInDimSize(kRegister); ++reg)
          REQUIRE(shared.apply(toOffset.apply({reg, lane, warp})) ==
                  regs.apply({reg, lane, warp}));
  }
}
