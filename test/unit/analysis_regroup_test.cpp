// The layouts reshape, join, split and permute derive (tilec/Analysis/
// Layout.h): each derived layout undone gives back the same map, blocked
// results stay blocked where one spells them, and a split whose halves are
// not one register bit is refused.

#include "tilec/Analysis/Layout.h"

#include "tile/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace tilec;

namespace {

struct Fixture {
  Fixture() { context.loadDialect<tile::TileDialect>(); }
  MLIRContext context;
};

tile::LinearLayout mapOf(Attribute layout, ArrayRef<int64_t> shape) {
  return cast<tile::DistributedLayoutInterface>(layout).toLinearLayout(shape);
}

} // namespace

TEST_CASE_METHOD(Fixture, "reshaping there and back keeps the map",
                 "[regroup]") {
  SmallVector<int64_t> shape = {32, 64};
  for (unsigned vector : {1u, 2u, 4u, 8u})
    for (unsigned warps : {1u, 4u, 8u}) {
      Attribute blocked =
          buildBlockedLayout(&context, shape, {1, 0}, vector, warps);
      SmallVector<SmallVector<int64_t>> shapes = {
          {2048}, {32, 2, 32}, {16, 2, 8, 8}};
      for (ArrayRef<int64_t> to : shapes) {
        Attribute there = reshapeLayout(blocked, shape, to);
        INFO("vector " << vector << " warps " << warps << " rank "
                       << to.size());
        REQUIRE(there);
        Attribute back = reshapeLayout(there, to, shape);
        REQUIRE(back);
        CHECK(mapOf(back, shape) == mapOf(blocked, shape));
      }
    }
}

TEST_CASE_METHOD(Fixture, "a blocked result is spelled blocked", "[regroup]") {
  Attribute flat = buildBlockedLayout(&context, {256}, {0}, 2, 4);
  Attribute pairs = reshapeLayout(flat, {256}, {128, 2});
  auto blocked = dyn_cast_or_null<tile::BlockedEncodingAttr>(pairs);
  REQUIRE(blocked);
  CHECK(blocked.getSizePerThread() == ArrayRef<unsigned>{1, 2});
  CHECK(blocked.getOrder() == ArrayRef<unsigned>{1, 0});
  // Splitting the pairs leaves one element a thread; joining them again
  // gives the pairs back.
  Attribute half = splitLayout(pairs, {128, 2});
  REQUIRE(isa_and_nonnull<tile::BlockedEncodingAttr>(half));
  CHECK(joinLayout(half, {128}) == pairs);
}

TEST_CASE_METHOD(Fixture, "join then split keeps the map", "[regroup]") {
  for (unsigned vector : {1u, 4u}) {
    Attribute blocked =
        buildBlockedLayout(&context, {64, 16}, {1, 0}, vector, 4);
    Attribute joined = joinLayout(blocked, {64, 16});
    REQUIRE(joined);
    Attribute split = splitLayout(joined, {64, 16, 2});
    REQUIRE(split);
    CHECK(mapOf(split, {64, 16}) == mapOf(blocked, {64, 16}));
  }
}

TEST_CASE_METHOD(Fixture, "a split across lanes is refused", "[regroup]") {
  // One element a thread, the pair's halves on neighbouring lanes.
  Attribute lanes = buildBlockedLayout(&context, {128, 2}, {1, 0}, 1, 4);
  CHECK_FALSE(splitLayout(lanes, {128, 2}));
}

TEST_CASE_METHOD(Fixture, "a wgmma accumulator regroups as #tile.linear",
                 "[regroup]") {
  Attribute wgmma = tile::WgmmaEncodingAttr::get(&context, {4, 1}, 64);
  SmallVector<int64_t> shape = {64, 64};
  Attribute three = reshapeLayout(wgmma, shape, {64, 2, 32});
  REQUIRE(isa_and_nonnull<tile::LinearEncodingAttr>(three));
  Attribute permuted = permuteLayout(three, {0, 2, 1}, {64, 2, 32});
  REQUIRE(permuted);
  // The columns' top bit is a register bit: both halves in every thread.
  Attribute half = splitLayout(permuted, {64, 32, 2});
  REQUIRE(half);
  CHECK(mapOf(permuteLayout(permuted, {0, 2, 1}, {64, 32, 2}), {64, 2, 32}) ==
        mapOf(three, {64, 2, 32}));
  CHECK(mapOf(reshapeLayout(three, {64, 2, 32}, shape), shape) ==
        mapOf(wgmma, shape));
}
