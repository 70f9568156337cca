//===- layout_linear_test.cpp - the algebra of linear layouts -------------===//

#include "tile/Layout/LinearLayout.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>

using namespace tile;
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
/// Calls `fn` with every input point of `layout`, in-dim order, the first
/// in dim fastest.
template <typename Fn> void forEachInput(const LinearLayout &layout, Fn fn) {
  SmallVector<int32_t> sizes;
  for (const std::string &name : layout.getInDimNames())
    sizes.push_back(layout.getInDimSize(name));
  for (int32_t flat = 0; flat < layout.getTotalInDimSize(); ++flat) {
    SmallVector<int32_t> point;
    int32_t rest = flat;
    for (int32_t size : sizes) {
      point.push_back(rest % size);
      rest /= size;
    }
    fn(point);
  }
}

/// Random bases for `bits` input bits over `outSizes`.
Bases randomBases(std::mt19937 &rng, int bits,
                  llvm::ArrayRef<int32_t> outSizes) {
  Bases bases;
  for (int i = 0; i < bits; ++i) {
    SmallVector<int32_t> basis;
    for (int32_t size : outSizes)
      basis.push_back(std::uniform_int_distribution<int32_t>(0, size - 1)(rng));
    bases.push_back(basis);
  }
  return bases;
}

/// A random bijection from in dim `in` to out dim `out`, both of `size`.
LinearLayout randomInvertible(std::mt19937 &rng, int32_t size,
                              const std::string &in, const std::string &out) {
  for (;;) {
    LinearLayout layout({{in, randomBases(rng, llvm::Log2_32(size), {size})}},
                        {{out, size}});
    if (layout.isInvertible())
      return layout;
  }
}

/// A layout register, lane -> dim0, dim1 used by several tests.
LinearLayout sample() {
  return LinearLayout({{"register", {{0, 1}, {0, 2}, {4, 0}}},
                       {"lane", {{1, 0}, {2, 0}, {0, 0}}}},
                      {{"dim0", 8}, {"dim1", 4}});
}
} // namespace

TEST_CASE("LinearLayout: identity and zeros") {
  LinearLayout id = LinearLayout::identity1D(16, "lane", "dim0");
  for (int32_t x = 0; x < 16; ++x)
    CHECK(id.apply({x}) == SmallVector<int32_t>{x});
  CHECK(id.isInvertible());
  CHECK(id.getInDimSize("lane") == 16);
  CHECK(id.getInDimSizeLog2("lane") == 4);
  CHECK(id.getOutDimSize("dim0") == 16);
  CHECK(id.getOutDimSize("dim7") == 1);
  CHECK(id.getInDimSize("warp") == 1);

  LinearLayout zeros = LinearLayout::zeros1D(8, "warp", "dim1", 4);
  forEachInput(zeros, [&](llvm::ArrayRef<int32_t> point) {
    CHECK(zeros.apply(point) == SmallVector<int32_t>{0});
  });
  CHECK(zeros.getOutDimSize("dim1") == 4);
  CHECK(zeros.getFreeVariableMask("warp") == 7);
  CHECK_FALSE(zeros.isInjective());
  CHECK_FALSE(zeros.isSurjective());
  CHECK(LinearLayout::zeros1D(8, "warp", "dim1").isSurjective());

  LinearLayout none = LinearLayout::empty();
  CHECK(none.getNumInDims() == 0);
  CHECK(none.getTotalInDimSize() == 1);
  CHECK(none.getTotalOutDimSize() == 1);
  CHECK(none.apply(llvm::ArrayRef<int32_t>{}).empty());
  CHECK(none.isInvertible());
  CHECK(none == LinearLayout());
}

TEST_CASE("LinearLayout: product order") {
  LinearLayout layout = LinearLayout::identity1D(4, "register", "dim1") *
                        LinearLayout::identity1D(8, "lane", "dim1") *
                        LinearLayout::identity1D(4, "lane", "dim0");
  CHECK(layout.getInDimNames() == SmallVector<std::string>{"register", "lane"});
  CHECK(layout.getOutDimNames() == SmallVector<std::string>{"dim1", "dim0"});
  CHECK(layout.getOutDimSize("dim1") == 32);
  CHECK(layout.getOutDimSize("dim0") == 4);
  CHECK(layout.getBases("register") == Bases{{1, 0}, {2, 0}});
  CHECK(layout.getBases("lane") ==
        Bases{{4, 0}, {8, 0}, {16, 0}, {0, 1}, {0, 2}});

  LinearLayout standard = layout.transposeOuts({"dim0", "dim1"});
  CHECK(standard.getBasis("lane", 3) == llvm::ArrayRef<int32_t>{1, 0});
  CHECK(standard.getBasis("lane", 2, "dim1") == 16);
  // Register 3 of lane 0b01'101: dim1 = 3 + 4*5, dim0 = 1.
  CHECK(standard.apply({3, 0b01101}) == SmallVector<int32_t>{1, 23});

  // The empty layout is the unit; disjoint dims just sit side by side.
  CHECK(LinearLayout::empty() * layout == layout);
  CHECK(layout * LinearLayout::empty() == layout);
  LinearLayout side = LinearLayout::identity1D(2, "warp", "dim2");
  LinearLayout both = layout * side;
  CHECK(both.getOutDimNames() ==
        SmallVector<std::string>{"dim1", "dim0", "dim2"});
  CHECK(both.getBases("warp") == Bases{{0, 0, 1}});
  LinearLayout copy = layout;
  copy *= side;
  CHECK(copy == both);
}

TEST_CASE("LinearLayout: apply") {
  LinearLayout layout = sample();
  // Named: missing dims count as 0, names in any order.
  auto out = layout.apply({{"lane", 3}, {"register", 5}});
  REQUIRE(out.size() == 2);
  CHECK(out[0] == std::make_pair(std::string("dim0"), 4 ^ 1 ^ 2));
  CHECK(out[1] == std::make_pair(std::string("dim1"), 1));
  auto onlyLane = layout.apply({{"lane", 2}});
  CHECK(onlyLane[0].second == 2);
  CHECK(onlyLane[1].second == 0);
  // A zero basis (lane bit 2) changes nothing.
  CHECK(layout.apply({5, 3}) == layout.apply({5, 7}));
  CHECK(layout.apply({7, 0}) == SmallVector<int32_t>{4, 3});
}

TEST_CASE("LinearLayout: fromBases infers sizes") {
  LinearLayout layout = LinearLayout::fromBases(
      {{"register", {{0, 1}, {0, 2}}}, {"lane", {{4, 0}, {0, 0}}}},
      {"dim0", "dim1"});
  CHECK(layout.getOutDimSize("dim0") == 8);
  CHECK(layout.getOutDimSize("dim1") == 4);
  LinearLayout allZero =
      LinearLayout::fromBases({{"lane", {{0}, {0}}}}, {"dim0"});
  CHECK(allZero.getOutDimSize("dim0") == 1);
}

TEST_CASE("LinearLayout: compose") {
  std::mt19937 rng(1);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout a = randomInvertible(rng, 64, "a", "b");
    LinearLayout b = randomInvertible(rng, 64, "b", "c");
    LinearLayout c = randomInvertible(rng, 64, "c", "d");
    CHECK(a.compose(b).compose(c) == a.compose(b.compose(c)));
    LinearLayout ab = a.compose(b);
    forEachInput(a, [&](llvm::ArrayRef<int32_t> point) {
      CHECK(ab.apply(point) == b.apply(a.apply(point)));
    });
  }
  // A smaller output feeds a larger input; outer's extra dims see 0.
  LinearLayout small = LinearLayout::identity1D(4, "register", "x");
  LinearLayout outer =
      LinearLayout({{"x", {{1, 0}, {2, 0}, {0, 1}}}, {"y", {{0, 2}}}},
                   {{"dim0", 4}, {"dim1", 4}});
  CHECK(small.compose(outer).getBases("register") == Bases{{1, 0}, {2, 0}});
}

TEST_CASE("LinearLayout: invert") {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout layout = randomInvertible(rng, 128, "in", "out");
    LinearLayout inverse = layout.invert();
    CHECK(inverse.getInDimNames() == SmallVector<std::string>{"out"});
    CHECK(inverse.invert() == layout);
    CHECK(layout.compose(inverse) == LinearLayout::identity1D(128, "in", "in"));
    CHECK(inverse.compose(layout) ==
          LinearLayout::identity1D(128, "out", "out"));
  }
  // Several dims on both sides.
  LinearLayout twoD = LinearLayout(
      {{"register", {{0, 1}, {4, 0}}}, {"lane", {{1, 0}, {0, 2}, {2, 0}}}},
      {{"dim0", 8}, {"dim1", 4}});
  REQUIRE(twoD.isInvertible());
  LinearLayout inverse = twoD.invert();
  forEachInput(twoD, [&](llvm::ArrayRef<int32_t> point) {
    CHECK(inverse.apply(twoD.apply(point)) == SmallVector<int32_t>(point));
  });
}

TEST_CASE("LinearLayout: invertAndCompose against brute force") {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 50; ++trial) {
    // outer: surjective, with broadcast (zero) and duplicate bases.
    LinearLayout outer;
    for (;;) {
      Bases regs = randomBases(rng, 4, {16, 8});
      Bases lanes = randomBases(rng, 5, {16, 8});
      lanes[trial % 5] = {0, 0};
      lanes[(trial + 1) % 5] = regs[trial % 4];
      outer = LinearLayout({{"register", regs}, {"lane", lanes}},
                           {{"dim0", 16}, {"dim1", 8}});
      if (outer.isSurjective())
        break;
    }
    // source: anything, possibly not injective itself.
    LinearLayout source({{"register", randomBases(rng, 3, {16, 8})},
                         {"lane", randomBases(rng, 2, {16, 8})},
                         {"warp", randomBases(rng, 2, {16, 8})}},
                        {{"dim0", 16}, {"dim1", 8}});
    LinearLayout conversion = source.invertAndCompose(outer);
    CHECK(conversion.getInDimNames() == source.getInDimNames());
    CHECK(conversion.getOutDimNames() == outer.getInDimNames());
    forEachInput(source, [&](llvm::ArrayRef<int32_t> point) {
      CHECK(outer.apply(conversion.apply(point)) == source.apply(point));
    });
    // Outer's broadcast bits, and the lane that repeats a register, are
    // never used.
    int32_t unused = outer.getFreeVariableMask("lane") | 1 << (trial + 1) % 5;
    forEachInput(source, [&](llvm::ArrayRef<int32_t> point) {
      CHECK((conversion.apply(point)[1] & unused) == 0);
    });
  }
  // The duplicate basis resolves to the earlier bit (the register).
  LinearLayout dup({{"register", {{1}, {2}}}, {"lane", {{1}, {0}, {4}}}},
                   {{"dim0", 8}});
  LinearLayout target = LinearLayout::identity1D(8, "x", "dim0");
  CHECK(target.invertAndCompose(dup) ==
        LinearLayout({{"x", {{1, 0}, {2, 0}, {0, 4}}}},
                     {{"register", 4}, {"lane", 8}}));
}

TEST_CASE("LinearLayout: injective and surjective") {
  CHECK(sample().isSurjective());
  CHECK_FALSE(sample().isInjective());
  LinearLayout narrow = LinearLayout::identity1D(4, "lane", "dim0") *
                        LinearLayout::zeros1D(1, "lane", "dim1", 2);
  CHECK(narrow.isInjective());
  CHECK_FALSE(narrow.isSurjective());
  // Equal bases in different dims are dependent too.
  LinearLayout same({{"register", {{1}}}, {"lane", {{1}}}}, {{"dim0", 2}});
  CHECK_FALSE(same.isInjective());
  CHECK(same.isSurjective());
}

TEST_CASE("LinearLayout: free variable masks") {
  LinearLayout layout(
      {{"register", {{1}, {0}, {2}}}, {"lane", {{0}, {0}}}, {"warp", {}}},
      {{"dim0", 4}});
  auto masks = layout.getFreeVariableMasks();
  REQUIRE(masks.size() == 3);
  CHECK(masks[0] == std::make_pair(std::string("register"), 0b010));
  CHECK(masks[1] == std::make_pair(std::string("lane"), 0b11));
  CHECK(masks[2] == std::make_pair(std::string("warp"), 0));
  CHECK(layout.getFreeVariableMask("lane") == 3);
  CHECK(layout.getFreeVariableMask("absent") == 0);
}

TEST_CASE("LinearLayout: flatten and reshape") {
  LinearLayout layout = sample();
  LinearLayout flat = layout.flattenOuts();
  CHECK(flat.getOutDimNames() == SmallVector<std::string>{"flat"});
  CHECK(flat.getOutDimSize("flat") == 32);
  forEachInput(layout, [&](llvm::ArrayRef<int32_t> point) {
    SmallVector<int32_t> coords = layout.apply(point);
    CHECK(flat.apply(point)[0] == coords[0] * 4 + coords[1]);
  });
  CHECK(flat.reshapeOuts({{"dim0", 8}, {"dim1", 4}}) == layout);
  // Reshaping several dims flattens them first.
  LinearLayout other = layout.reshapeOuts({{"a", 2}, {"b", 16}});
  CHECK(other.flattenOuts() == flat);

  LinearLayout ins = layout.flattenIns("thread");
  CHECK(ins.getInDimNames() == SmallVector<std::string>{"thread"});
  forEachInput(layout, [&](llvm::ArrayRef<int32_t> point) {
    CHECK(ins.apply({point[0] + point[1] * 8}) == layout.apply(point));
  });
}

TEST_CASE("LinearLayout: transpose") {
  LinearLayout layout = sample();
  LinearLayout outs = layout.transposeOuts({"dim1", "dim0"});
  CHECK(outs.getOutDimNames() == SmallVector<std::string>{"dim1", "dim0"});
  CHECK(outs.getBasis("register", 2) == llvm::ArrayRef<int32_t>{0, 4});
  CHECK(outs.transposeOuts({"dim0", "dim1"}) == layout);
  CHECK(outs != layout);
  LinearLayout ins = layout.transposeIns({"lane", "register"});
  CHECK(ins.getInDimNames() == SmallVector<std::string>{"lane", "register"});
  forEachInput(layout, [&](llvm::ArrayRef<int32_t> point) {
    CHECK(ins.apply({point[1], point[0]}) == layout.apply(point));
  });
}

TEST_CASE("LinearLayout: sublayout") {
  LinearLayout layout = sample();
  LinearLayout sub = layout.sublayout({"register"}, {"dim1"});
  CHECK(sub == LinearLayout({{"register", {{1}, {2}, {0}}}}, {{"dim1", 4}}));
  CHECK(layout.sublayoutIsZero({"lane"}, {"dim1"}));
  CHECK_FALSE(layout.sublayoutIsZero({"lane"}, {"dim0"}));
  CHECK(layout.sublayoutIsZero({"warp"}, {"dim0", "dim1"}));
}

TEST_CASE("LinearLayout: removeOutDim") {
  LinearLayout layout({{"register", {{0, 1}, {2, 0}, {0, 2}, {0, 0}}},
                       {"lane", {{1, 0}, {0, 4}}},
                       {"warp", {{4, 0}}}},
                      {{"dim0", 8}, {"dim1", 8}});
  // Registers that only moved along dim0 are copies in the slice and go;
  // lanes and warps keep their (now zero) bases.
  LinearLayout removed = layout.removeOutDim("dim0");
  CHECK(removed ==
        LinearLayout(
            {{"register", {{1}, {2}}}, {"lane", {{0}, {4}}}, {"warp", {{0}}}},
            {{"dim1", 8}}));
  CHECK(layout.removeOutDim("dim1").getBases("register") == Bases{{2}});
}

TEST_CASE("LinearLayout: getNumConsecutiveRegisters") {
  LinearLayout layout(
      {{"register", {{0, 1}, {0, 2}, {1, 0}, {0, 4}}}, {"lane", {{0, 8}}}},
      {{"dim0", 2}, {"dim1", 16}});
  CHECK(layout.getNumConsecutiveRegisters("dim1") == 4);
  CHECK(layout.getNumConsecutiveRegisters("dim0") == 1);
  CHECK(layout.getNumConsecutiveRegisters("dim5") == 1);
  // A basis that also moves another dim stops the run.
  LinearLayout mixed({{"register", {{0, 1}, {1, 2}}}},
                     {{"dim0", 2}, {"dim1", 4}});
  CHECK(mixed.getNumConsecutiveRegisters("dim1") == 2);
  LinearLayout flat = layout.transposeOuts({"dim1", "dim0"}).flattenOuts();
  // Flattened with dim0 fastest: registers 1, 2 are dim1 steps of 2.
  CHECK(flat.getNumConsecutiveInOut() == 1);
  CHECK(layout.flattenOuts().getNumConsecutiveInOut("register") == 4);
  CHECK(layout.flattenOuts().getNumConsecutiveInOut("warp") == 1);
}

TEST_CASE("LinearLayout: equality") {
  LinearLayout a = sample();
  CHECK(a == sample());
  LinearLayout bigger({{"register", {{0, 1}, {0, 2}, {4, 0}}},
                       {"lane", {{1, 0}, {2, 0}, {0, 0}}}},
                      {{"dim0", 16}, {"dim1", 4}});
  CHECK(a != bigger);
  CHECK(a != a.transposeIns({"lane", "register"}));
  CHECK(a != LinearLayout::empty());
}

TEST_CASE("LinearLayout: printing") {
  LinearLayout layout({{"register", {{0, 1}, {8, 0}}}, {"warp", {}}},
                      {{"dim0", 16}, {"dim1", 2}});
  CHECK(layout.toString() == "in dims:\n"
                             "  register (4): (0, 1) (8, 0)\n"
                             "  warp (1): -\n"
                             "out dims: dim0 (16), dim1 (2)");
  std::string streamed;
  llvm::raw_string_ostream os(streamed);
  os << layout;
  CHECK(streamed == layout.toString());
  CHECK(LinearLayout().toString() == "in dims: (none)\nout dims: (none)");
  CHECK(getDimName(3) == "dim3");
}
