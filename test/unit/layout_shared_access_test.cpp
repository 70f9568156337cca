//===- layout_shared_access_test.cpp - vectors, banks, conversion scratch -===//

#include "tile/Layout/LayoutKinds.h"
#include "tile/Layout/SharedAccess.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace tile;
using llvm::SmallVector;

namespace {
/// An access layout (register, lane, warp) -> offset from its bases.
LinearLayout makeAccess(LinearLayout::Bases registers,
                        LinearLayout::Bases lanes, int32_t offsets) {
  return LinearLayout({{kRegister.str(), std::move(registers)},
                       {kLane.str(), std::move(lanes)},
                       {kWarp.str(), {}}},
                      {{kOffset.str(), offsets}});
}

/// Checks that every element `from` holds goes through `scratch` to where
/// the access layout says, and returns the access layout.
LinearLayout checkedAccess(const LinearLayout &from,
                           const LinearLayout &scratch) {
  LinearLayout access = from.invertAndCompose(scratch);
  for (int32_t reg = 0; reg < from.getInDimSize(kRegister); ++reg)
    for (int32_t lane = 0; lane < from.getInDimSize(kLane); ++lane)
      for (int32_t warp = 0; warp < from.getInDimSize(kWarp); ++warp) {
        SmallVector<int32_t> offset = access.apply({reg, lane, warp});
        REQUIRE(scratch.apply({offset[0]}) == from.apply({reg, lane, warp}));
      }
  return access;
}
} // namespace

TEST_CASE("vectors may gather registers that are not consecutive") {
  // Register 0 lands at offset 2, register 1 at offset 1.
  LinearLayout access = makeAccess({{2}, {1}}, {{4}, {8}}, 16);
  CHECK(getVectorRegisterBits(access, 4, 16, /*leadingOnly=*/true).empty());
  CHECK(getVectorRegisterBits(access, 4, 16, /*leadingOnly=*/false) ==
        SmallVector<int32_t>{1, 0});
  // 8 bytes at most: one register bit.
  CHECK(getVectorRegisterBits(access, 4, 8, false) == SmallVector<int32_t>{1});
  // A lane at offset 2 breaks the alignment of a 4-element vector.
  LinearLayout misaligned = makeAccess({{2}, {1}}, {{2 | 4}, {8}}, 16);
  CHECK(getVectorRegisterBits(misaligned, 4, 16, false) ==
        SmallVector<int32_t>{1});
}

TEST_CASE("wavefronts count the words a bank serves") {
  // 32 lanes, 4-byte elements 32 words apart: one bank, 32 wavefronts.
  LinearLayout sameBank =
      makeAccess({}, {{32}, {64}, {128}, {256}, {512}}, 1024);
  CHECK(countWavefronts(sameBank, 1, 4) == 32);
  // Consecutive words: one wavefront.
  LinearLayout rowMajor = makeAccess({}, {{1}, {2}, {4}, {8}, {16}}, 32);
  CHECK(countWavefronts(rowMajor, 1, 4) == 1);
  // Two 2-byte lanes in one word are one access.
  LinearLayout halves = makeAccess({}, {{1}, {2}, {4}, {8}, {16}}, 32);
  CHECK(countWavefronts(halves, 1, 2) == 1);
  // 16 bytes a lane, lanes 16 bytes apart: four phases of eight lanes.
  LinearLayout wide = makeAccess({{1}, {2}}, {{4}, {8}, {16}, {32}, {64}}, 128);
  CHECK(countWavefronts(wide, 4, 4) == 4);
}

TEST_CASE("an accumulator converts to one element a lane 16 bytes at a "
          "time") {
  // Tutorial 08's epilogue: a wgmma accumulator of fp16 stored through
  // pointers of unknown alignment, one element of 32 columns a lane.
  SmallVector<int64_t> shape = {128, 128};
  LinearLayout from = wgmmaAccumulatorToLinearLayout(shape, {4, 1}, 128);
  LinearLayout to =
      blockedToLinearLayout(shape, {1, 1}, {1, 32}, {4, 1}, {1, 0});
  LinearLayout fallback = swizzledSharedToLinearLayout(shape, 8, 1, 8, {1, 0});
  LinearLayout scratch =
      getConversionScratchLayout(from, to, shape, 2, fallback);
  REQUIRE(scratch.isInvertible());
  CHECK(scratch != fallback);
  for (const LinearLayout &side : {from, to}) {
    LinearLayout access = checkedAccess(side, scratch);
    SmallVector<int32_t> bits = getVectorRegisterBits(access, 2, 16, false);
    CHECK(bits.size() == 3);
    // Conflict-free: one wavefront for each of the four phases.
    CHECK(countWavefronts(access, 8, 2) == 4);
  }
  // The row-major default loads one element at a time.
  LinearLayout oldLoads = to.invertAndCompose(fallback);
  CHECK(getVectorRegisterBits(oldLoads, 2, 16, false).empty());
  CHECK(getSharedAccessCost(to, scratch, 2) <
        getSharedAccessCost(to, fallback, 2));
}

TEST_CASE("conversions the default serves keep it") {
  // Rows of 8 fp16 a thread on both sides, eight lanes to a 128-byte row:
  // row-major is already 16 bytes a lane and conflict-free both ways.
  SmallVector<int64_t> shape = {64, 64};
  LinearLayout from =
      blockedToLinearLayout(shape, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout to =
      blockedToLinearLayout(shape, {2, 8}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout fallback = swizzledSharedToLinearLayout(shape, 8, 1, 8, {1, 0});
  CHECK(getConversionScratchLayout(from, to, shape, 2, fallback) == fallback);
}

TEST_CASE("the chosen scratch never costs more than the default") {
  // Four lanes along a row on one side: the default's swizzle keeps rows
  // 0 and 1 in the same four chunks, a 2-way conflict the choice avoids.
  SmallVector<int64_t> shape = {64, 64};
  struct Blocked {
    SmallVector<unsigned> size, threads, warps;
  };
  SmallVector<Blocked> kinds = {{{1, 8}, {4, 8}, {4, 1}},
                                {{1, 8}, {8, 4}, {2, 2}},
                                {{1, 1}, {1, 32}, {4, 1}},
                                {{4, 1}, {32, 1}, {1, 4}},
                                {{2, 2}, {4, 8}, {2, 2}}};
  for (unsigned bytes : {2u, 4u})
    for (const Blocked &a : kinds)
      for (const Blocked &b : kinds) {
        LinearLayout from =
            blockedToLinearLayout(shape, a.size, a.threads, a.warps, {1, 0});
        LinearLayout to =
            blockedToLinearLayout(shape, b.size, b.threads, b.warps, {1, 0});
        LinearLayout fallback = swizzledSharedToLinearLayout(
            shape, 16 / bytes, std::max(1u, 128 / (64 * bytes)), 8, {1, 0});
        LinearLayout scratch =
            getConversionScratchLayout(from, to, shape, bytes, fallback);
        REQUIRE(scratch.isInvertible());
        checkedAccess(from, scratch);
        checkedAccess(to, scratch);
        CHECK(getSharedAccessCost(from, scratch, bytes) +
                  getSharedAccessCost(to, scratch, bytes) <=
              getSharedAccessCost(from, fallback, bytes) +
                  getSharedAccessCost(to, fallback, bytes));
      }
  LinearLayout from =
      blockedToLinearLayout(shape, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout to =
      blockedToLinearLayout(shape, {1, 8}, {8, 4}, {2, 2}, {1, 0});
  LinearLayout fallback = swizzledSharedToLinearLayout(shape, 8, 1, 8, {1, 0});
  LinearLayout scratch =
      getConversionScratchLayout(from, to, shape, 2, fallback);
  CHECK(countWavefronts(to.invertAndCompose(fallback), 8, 2) == 8);
  CHECK(countWavefronts(to.invertAndCompose(scratch), 8, 2) == 4);
}
