//===- LinearLayout.cpp - layouts as linear maps over GF(2) ---------------===//
//
// The algebra works on two representations: the named bases the class
// stores, and, for the questions that need elimination (rank, inverses), a
// flattened bit matrix where every input bit is a column packed into a
// uint64_t over the concatenated output bits.
//
//===----------------------------------------------------------------------===//

#include "tile/Layout/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <optional>

using namespace tile;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

std::string tile::getDimName(unsigned d) { return "dim" + std::to_string(d); }

namespace {
/// Output dims a basis is packed against: name, log2 size and the position
/// of its lowest bit in the packed word.
struct BitField {
  std::string name;
  unsigned log2;
  unsigned shift;
};

/// Lays `dims` (name, size) out one after the other in a packed word.
SmallVector<BitField>
packFields(ArrayRef<std::pair<std::string, int32_t>> dims) {
  SmallVector<BitField> fields;
  unsigned shift = 0;
  for (const auto &[name, size] : dims) {
    unsigned log2 = llvm::Log2_32(size);
    fields.push_back({name, log2, shift});
    shift += log2;
  }
  assert(shift <= 64 && "layout has more than 64 bits");
  return fields;
}

/// A row-echelon basis of GF(2) vectors, each remembering which input
/// columns XOR to it, so that solving a system also gives the combination.
class BitSolver {
public:
  /// Adds column `vec` whose combination is `combo`. A column that depends
  /// on the ones added before is dropped: it never enters a solution, which
  /// is how redundant inputs end up at 0.
  void insert(uint64_t vec, uint64_t combo) {
    reduce(vec, combo);
    if (!vec)
      return;
    rows[llvm::Log2_64(vec)] = {vec, combo};
    ++rank;
  }

  /// The combination of inserted columns that XORs to `target`, if any.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t combo = 0;
    reduce(target, combo);
    if (target)
      return std::nullopt;
    return combo;
  }

  /// Number of independent columns inserted.
  unsigned getRank() const { return rank; }

private:
  /// Clears from `vec`, highest first, every bit that has a row, tracking
  /// the combination in `combo`; what is left is independent of the rows.
  void reduce(uint64_t &vec, uint64_t &combo) const {
    for (int bit = 63; bit >= 0; --bit) {
      if (!(vec >> bit & 1) || !rows[bit].first)
        continue;
      vec ^= rows[bit].first;
      combo ^= rows[bit].second;
    }
  }

  /// rows[b]: a vector whose highest set bit is b (0 when none yet) and its
  /// combination.
  std::array<std::pair<uint64_t, uint64_t>, 64> rows{};
  unsigned rank = 0;
};

/// Packs `basis` (values in the order of `basisDims`) into the bit fields of
/// `fields`; dims missing from `basisDims` contribute 0.
uint64_t packBasis(ArrayRef<int32_t> basis, ArrayRef<std::string> basisDims,
                   ArrayRef<BitField> fields) {
  uint64_t word = 0;
  for (const BitField &field : fields) {
    const auto *it = llvm::find(basisDims, field.name);
    if (it == basisDims.end())
      continue;
    uint64_t value = basis[it - basisDims.begin()];
    assert(value < (uint64_t(1) << field.log2) && "value outside its field");
    word |= value << field.shift;
  }
  return word;
}
} // namespace

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

LinearLayout::LinearLayout(ArrayRef<std::pair<std::string, Bases>> inDims,
                           ArrayRef<std::pair<std::string, int32_t>> outDims)
    : inDims(inDims.begin(), inDims.end()),
      outDims(outDims.begin(), outDims.end()) {
  verify();
}

void LinearLayout::verify() const {
#ifndef NDEBUG
  for (auto [i, in] : llvm::enumerate(inDims)) {
    assert(findInDim(in.first) == int(i) && "duplicate input dim");
    assert(in.second.size() <= 30 && "input dim does not fit in int32");
    for (const auto &basis : in.second) {
      assert(basis.size() == outDims.size() &&
             "basis needs one value per output dim");
      for (auto [j, value] : llvm::enumerate(basis))
        assert(value >= 0 && value < outDims[j].second &&
               "basis value outside its output dim");
    }
  }
  for (auto [j, out] : llvm::enumerate(outDims)) {
    assert(findOutDim(out.first) == int(j) && "duplicate output dim");
    assert(out.second > 0 && llvm::isPowerOf2_32(out.second) &&
           "output dim size must be a power of two");
  }
#endif
}

LinearLayout
LinearLayout::fromBases(ArrayRef<std::pair<std::string, Bases>> inDims,
                        ArrayRef<std::string> outDimNames) {
  SmallVector<int32_t> maxValue(outDimNames.size(), 0);
  for (const auto &in : inDims) {
    for (const auto &basis : in.second) {
      assert(basis.size() == outDimNames.size() &&
             "basis needs one value per output dim");
      for (auto [j, value] : llvm::enumerate(basis))
        maxValue[j] = std::max(maxValue[j], value);
    }
  }
  SmallVector<std::pair<std::string, int32_t>> outDims;
  for (auto [name, value] : llvm::zip_equal(outDimNames, maxValue))
    outDims.push_back({name, int32_t(llvm::NextPowerOf2(uint32_t(value)))});
  return LinearLayout(inDims, outDims);
}

LinearLayout LinearLayout::identity1D(int32_t size, StringRef inDim,
                                      StringRef outDim) {
  assert(size > 0 && llvm::isPowerOf2_32(size) && "size must be 2^k");
  Bases bases;
  for (int32_t value = 1; value < size; value *= 2)
    bases.push_back({value});
  return LinearLayout({{inDim.str(), bases}}, {{outDim.str(), size}});
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringRef inDim,
                                   StringRef outDim, int32_t outSize) {
  assert(size > 0 && llvm::isPowerOf2_32(size) && "size must be 2^k");
  Bases bases(llvm::Log2_32(size), SmallVector<int32_t>{0});
  return LinearLayout({{inDim.str(), bases}}, {{outDim.str(), outSize}});
}

LinearLayout LinearLayout::empty() { return LinearLayout(); }

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int LinearLayout::findInDim(StringRef name) const {
  for (auto [i, in] : llvm::enumerate(inDims))
    if (in.first == name)
      return i;
  return -1;
}

int LinearLayout::findOutDim(StringRef name) const {
  for (auto [j, out] : llvm::enumerate(outDims))
    if (out.first == name)
      return j;
  return -1;
}

SmallVector<std::string> LinearLayout::getInDimNames() const {
  return llvm::to_vector(llvm::make_first_range(inDims));
}

SmallVector<std::string> LinearLayout::getOutDimNames() const {
  return llvm::to_vector(llvm::make_first_range(outDims));
}

int32_t LinearLayout::getInDimSizeLog2(StringRef inDim) const {
  int i = findInDim(inDim);
  return i < 0 ? 0 : inDims[i].second.size();
}

int32_t LinearLayout::getOutDimSize(StringRef outDim) const {
  int j = findOutDim(outDim);
  return j < 0 ? 1 : outDims[j].second;
}

unsigned LinearLayout::getTotalInBits() const {
  unsigned bits = 0;
  for (const auto &in : inDims)
    bits += in.second.size();
  return bits;
}

unsigned LinearLayout::getTotalOutBits() const {
  unsigned bits = 0;
  for (const auto &out : outDims)
    bits += llvm::Log2_32(out.second);
  return bits;
}

int32_t LinearLayout::getTotalInDimSize() const {
  assert(getTotalInBits() <= 30 && "total input size does not fit in int32");
  return int32_t(1) << getTotalInBits();
}

int32_t LinearLayout::getTotalOutDimSize() const {
  assert(getTotalOutBits() <= 30 && "total output size does not fit in int32");
  return int32_t(1) << getTotalOutBits();
}

ArrayRef<int32_t> LinearLayout::getBasis(StringRef inDim, int32_t bit) const {
  const Bases &bases = getBases(inDim);
  assert(bit >= 0 && size_t(bit) < bases.size() && "no such input bit");
  return bases[bit];
}

int32_t LinearLayout::getBasis(StringRef inDim, int32_t bit,
                               StringRef outDim) const {
  int j = findOutDim(outDim);
  assert(j >= 0 && "no such output dim");
  return getBasis(inDim, bit)[j];
}

const LinearLayout::Bases &LinearLayout::getBases(StringRef inDim) const {
  int i = findInDim(inDim);
  assert(i >= 0 && "no such input dim");
  return inDims[i].second;
}

SmallVector<std::pair<std::string, int32_t>>
LinearLayout::apply(ArrayRef<std::pair<std::string, int32_t>> ins) const {
  SmallVector<int32_t> positional(inDims.size(), 0);
  for (const auto &[name, value] : ins) {
    int i = findInDim(name);
    assert(i >= 0 && "apply names an unknown input dim");
    positional[i] = value;
  }
  SmallVector<int32_t> values = apply(ArrayRef<int32_t>(positional));
  SmallVector<std::pair<std::string, int32_t>> result;
  for (auto [out, value] : llvm::zip_equal(outDims, values))
    result.push_back({out.first, value});
  return result;
}

SmallVector<int32_t> LinearLayout::apply(ArrayRef<int32_t> ins) const {
  assert(ins.size() == inDims.size() && "one input per input dim");
  SmallVector<int32_t> result(outDims.size(), 0);
  for (auto [in, value] : llvm::zip_equal(inDims, ins)) {
    assert(value >= 0 && value < (int32_t(1) << in.second.size()) &&
           "input outside its dim");
    for (auto [bit, basis] : llvm::enumerate(in.second))
      if (value >> bit & 1)
        for (auto [r, b] : llvm::zip_equal(result, basis))
          r ^= b;
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

LinearLayout tile::operator*(LinearLayout lhs, LinearLayout rhs) {
  // Output dims: lhs's, then rhs's new ones; shared ones multiply in size.
  SmallVector<std::pair<std::string, int32_t>> outDims = lhs.outDims;
  for (const auto &[name, size] : rhs.outDims) {
    int j = lhs.findOutDim(name);
    if (j < 0)
      outDims.push_back({name, size});
    else
      outDims[j].second = int32_t(int64_t(outDims[j].second) * size);
  }
  // Re-expresses a basis of one side over the result's output dims, rhs's
  // values shifted above lhs's part of a shared dim.
  auto widen = [&](ArrayRef<int32_t> basis, const LinearLayout &side,
                   bool isRhs) {
    SmallVector<int32_t> wide(outDims.size(), 0);
    for (auto [j, out] : llvm::enumerate(side.outDims)) {
      int32_t value = basis[j];
      if (isRhs)
        value *= lhs.getOutDimSize(out.first);
      wide[llvm::find_if(outDims,
                         [&](const auto &o) { return o.first == out.first; }) -
           outDims.begin()] = value;
    }
    return wide;
  };
  SmallVector<std::pair<std::string, LinearLayout::Bases>> inDims;
  for (const auto &[name, bases] : lhs.inDims) {
    LinearLayout::Bases wide;
    for (const auto &basis : bases)
      wide.push_back(widen(basis, lhs, /*isRhs=*/false));
    inDims.push_back({name, std::move(wide)});
  }
  for (const auto &[name, bases] : rhs.inDims) {
    int i = lhs.findInDim(name);
    if (i < 0) {
      inDims.push_back({name, {}});
      i = inDims.size() - 1;
    }
    for (const auto &basis : bases)
      inDims[i].second.push_back(widen(basis, rhs, /*isRhs=*/true));
  }
  return LinearLayout(inDims, outDims);
}

LinearLayout &LinearLayout::operator*=(LinearLayout rhs) {
  *this = std::move(*this) * std::move(rhs);
  return *this;
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
#ifndef NDEBUG
  for (const auto &[name, size] : outDims) {
    assert(outer.hasInDim(name) && "outer lacks an input dim for an output");
    assert(size <= outer.getInDimSize(name) &&
           "output dim larger than outer's input dim");
  }
#endif
  SmallVector<std::pair<std::string, Bases>> result;
  for (const auto &[name, bases] : inDims) {
    Bases composed;
    for (const auto &basis : bases) {
      SmallVector<std::pair<std::string, int32_t>> point;
      for (auto [out, value] : llvm::zip_equal(outDims, basis))
        point.push_back({out.first, value});
      composed.push_back(llvm::to_vector(
          llvm::make_second_range(outer.apply(ArrayRef(point)))));
    }
    result.push_back({name, std::move(composed)});
  }
  return LinearLayout(result, outer.outDims);
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
#ifndef NDEBUG
  for (const auto &[name, size] : outDims) {
    assert(outer.hasOutDim(name) && "outer lacks an output dim of this");
    assert(size <= outer.getOutDimSize(name) &&
           "output dim larger than outer's");
  }
#endif
  SmallVector<BitField> outFields = packFields(outer.outDims);
  SmallVector<std::pair<std::string, int32_t>> outerIns;
  for (const auto &[name, bases] : outer.inDims)
    outerIns.push_back({name, int32_t(1) << bases.size()});
  SmallVector<BitField> inFields = packFields(outerIns);

  // Outer's input bits, in order, as columns; dependent ones stay out.
  BitSolver solver;
  SmallVector<std::string> outerOutNames = outer.getOutDimNames();
  unsigned column = 0;
  for (const auto &in : outer.inDims)
    for (const auto &basis : in.second)
      solver.insert(packBasis(basis, outerOutNames, outFields),
                    uint64_t(1) << column++);

  SmallVector<std::string> outNames = getOutDimNames();
  SmallVector<std::pair<std::string, Bases>> result;
  for (const auto &[name, bases] : inDims) {
    Bases solved;
    for (const auto &basis : bases) {
      std::optional<uint64_t> combo =
          solver.solve(packBasis(basis, outNames, outFields));
      assert(combo && "a value of this is not in the image of outer");
      SmallVector<int32_t> values;
      for (const BitField &field : inFields)
        values.push_back(*combo >> field.shift & ((1u << field.log2) - 1));
      solved.push_back(std::move(values));
    }
    result.push_back({name, std::move(solved)});
  }
  return LinearLayout(result, outerIns);
}

LinearLayout LinearLayout::invert() const {
  assert(isInvertible() && "only a bijective layout has an inverse");
  // The identity on the output space, solved against *this.
  LinearLayout identity;
  for (const auto &[name, size] : outDims)
    identity *= identity1D(size, name, name);
  return identity.invertAndCompose(*this);
}

unsigned LinearLayout::getRank() const {
  SmallVector<BitField> fields = packFields(outDims);
  SmallVector<std::string> names = getOutDimNames();
  BitSolver solver;
  for (const auto &in : inDims)
    for (const auto &basis : in.second)
      solver.insert(packBasis(basis, names, fields), 0);
  return solver.getRank();
}

bool LinearLayout::isSurjective() const {
  return getRank() == getTotalOutBits();
}

bool LinearLayout::isInjective() const { return getRank() == getTotalInBits(); }

SmallVector<std::pair<std::string, int32_t>>
LinearLayout::getFreeVariableMasks() const {
  SmallVector<std::pair<std::string, int32_t>> masks;
  for (const auto &[name, bases] : inDims) {
    int32_t mask = 0;
    for (auto [bit, basis] : llvm::enumerate(bases))
      if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        mask |= int32_t(1) << bit;
    masks.push_back({name, mask});
  }
  return masks;
}

int32_t LinearLayout::getFreeVariableMask(StringRef inDim) const {
  for (const auto &[name, mask] : getFreeVariableMasks())
    if (name == inDim)
      return mask;
  return 0;
}

//===----------------------------------------------------------------------===//
// Reshaping
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::selectOuts(ArrayRef<int> idx) const {
  SmallVector<std::pair<std::string, int32_t>> newOuts;
  for (int j : idx)
    newOuts.push_back(outDims[j]);
  SmallVector<std::pair<std::string, Bases>> newIns;
  for (const auto &[name, bases] : inDims) {
    Bases projected;
    for (const auto &basis : bases)
      projected.push_back(llvm::to_vector(
          llvm::map_range(idx, [&](int j) { return basis[j]; })));
    newIns.push_back({name, std::move(projected)});
  }
  return LinearLayout(newIns, newOuts);
}

LinearLayout LinearLayout::sublayout(ArrayRef<std::string> keepIns,
                                     ArrayRef<std::string> keepOuts) const {
  SmallVector<int> idx;
  for (auto [j, out] : llvm::enumerate(outDims))
    if (llvm::is_contained(keepOuts, out.first))
      idx.push_back(j);
  LinearLayout result = selectOuts(idx);
  llvm::erase_if(result.inDims, [&](const auto &in) {
    return !llvm::is_contained(keepIns, in.first);
  });
  return result;
}

bool LinearLayout::sublayoutIsZero(ArrayRef<std::string> keepIns,
                                   ArrayRef<std::string> keepOuts) const {
  LinearLayout sub = sublayout(keepIns, keepOuts);
  return llvm::all_of(sub.getFreeVariableMasks(), [&](const auto &mask) {
    return mask.second == sub.getInDimSize(mask.first) - 1;
  });
}

LinearLayout LinearLayout::transposeOuts(ArrayRef<std::string> newOrder) const {
  assert(newOrder.size() == outDims.size() && "not a permutation");
  SmallVector<int> idx;
  for (const std::string &name : newOrder) {
    int j = findOutDim(name);
    assert(j >= 0 && !llvm::is_contained(idx, j) && "not a permutation");
    idx.push_back(j);
  }
  return selectOuts(idx);
}

LinearLayout LinearLayout::transposeIns(ArrayRef<std::string> newOrder) const {
  assert(newOrder.size() == inDims.size() && "not a permutation");
  SmallVector<std::pair<std::string, Bases>> newIns;
  for (const std::string &name : newOrder) {
    int i = findInDim(name);
    assert(i >= 0 &&
           !llvm::any_of(newIns,
                         [&](const auto &in) { return in.first == name; }) &&
           "not a permutation");
    newIns.push_back(inDims[i]);
  }
  return LinearLayout(newIns, outDims);
}

LinearLayout LinearLayout::flattenOuts(StringRef name) const {
  // Row-major strides, the last output dim fastest. The dims occupy
  // disjoint bit ranges, so the weighted sum is also an XOR-able packing.
  SmallVector<int64_t> strides(outDims.size());
  int64_t stride = 1;
  for (int j = outDims.size() - 1; j >= 0; --j) {
    strides[j] = stride;
    stride *= outDims[j].second;
  }
  assert(stride <= INT32_MAX && "flattened size does not fit in int32");
  SmallVector<std::pair<std::string, Bases>> newIns;
  for (const auto &[inName, bases] : inDims) {
    Bases flat;
    for (const auto &basis : bases) {
      int64_t value = 0;
      for (auto [b, s] : llvm::zip_equal(basis, strides))
        value += b * s;
      flat.push_back({int32_t(value)});
    }
    newIns.push_back({inName, std::move(flat)});
  }
  return LinearLayout(newIns, {{name.str(), int32_t(stride)}});
}

LinearLayout LinearLayout::flattenIns(StringRef name) const {
  Bases all;
  for (const auto &in : inDims)
    all.append(in.second.begin(), in.second.end());
  return LinearLayout({{name.str(), std::move(all)}}, outDims);
}

LinearLayout LinearLayout::reshapeOuts(
    ArrayRef<std::pair<std::string, int32_t>> newOutDims) const {
  int64_t total = 1;
  for (const auto &out : newOutDims)
    total *= out.second;
  assert(total == getTotalOutDimSize() && "reshape must keep the size");
  LinearLayout flat = flattenOuts();
  SmallVector<std::pair<std::string, Bases>> newIns;
  for (const auto &[name, bases] : flat.inDims) {
    Bases split;
    for (const auto &basis : bases) {
      SmallVector<int32_t> values(newOutDims.size());
      int32_t rest = basis[0];
      for (int j = newOutDims.size() - 1; j >= 0; --j) {
        values[j] = rest % newOutDims[j].second;
        rest /= newOutDims[j].second;
      }
      split.push_back(std::move(values));
    }
    newIns.push_back({name, std::move(split)});
  }
  return LinearLayout(newIns, newOutDims);
}

LinearLayout LinearLayout::removeOutDim(StringRef outDim) const {
  int removed = findOutDim(outDim);
  assert(removed >= 0 && "no such output dim");
  SmallVector<int> idx;
  for (int j = 0, e = outDims.size(); j < e; ++j)
    if (j != removed)
      idx.push_back(j);
  LinearLayout result = selectOuts(idx);
  // A zero register basis now names a second copy of the same element; a
  // slice holds each element once.
  int reg = result.findInDim(kRegister);
  if (reg >= 0)
    llvm::erase_if(result.inDims[reg].second, [](const auto &basis) {
      return llvm::all_of(basis, [](int32_t v) { return v == 0; });
    });
  return result;
}

/// Number of leading bases of `bases` equal to 1, 2, 4, ... in position `j`
/// and zero elsewhere, as a count of elements (a power of two).
static int32_t countConsecutive(const LinearLayout::Bases &bases, int j) {
  int32_t count = 1;
  for (auto [bit, basis] : llvm::enumerate(bases)) {
    for (auto [k, value] : llvm::enumerate(basis))
      if (value != (int(k) == j ? int32_t(1) << bit : 0))
        return count;
    count *= 2;
  }
  return count;
}

int32_t LinearLayout::getNumConsecutiveRegisters(StringRef outDim) const {
  int j = findOutDim(outDim);
  if (j < 0 || !hasInDim(kRegister))
    return 1;
  return countConsecutive(getBases(kRegister), j);
}

int32_t LinearLayout::getNumConsecutiveInOut(StringRef inDim) const {
  assert(outDims.size() == 1 && "flatten the output dims first");
  if (!hasInDim(inDim))
    return 1;
  return countConsecutive(getBases(inDim), 0);
}

//===----------------------------------------------------------------------===//
// Comparison and printing
//===----------------------------------------------------------------------===//

bool LinearLayout::operator==(const LinearLayout &other) const {
  return inDims == other.inDims && outDims == other.outDims;
}

void LinearLayout::print(llvm::raw_ostream &os) const {
  os << "in dims:";
  if (inDims.empty())
    os << " (none)";
  for (const auto &[name, bases] : inDims) {
    os << "\n  " << name << " (" << (int64_t(1) << bases.size()) << "):";
    if (bases.empty())
      os << " -";
    for (const auto &basis : bases) {
      os << " (";
      llvm::interleaveComma(basis, os);
      os << ")";
    }
  }
  os << "\nout dims:";
  if (outDims.empty())
    os << " (none)";
  for (auto [j, out] : llvm::enumerate(outDims))
    os << (j ? ", " : " ") << out.first << " (" << out.second << ")";
}

std::string LinearLayout::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

llvm::raw_ostream &tile::operator<<(llvm::raw_ostream &os,
                                    const LinearLayout &layout) {
  layout.print(os);
  return os;
}
