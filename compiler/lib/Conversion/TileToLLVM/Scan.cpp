//===- Scan.cpp - the steps of tile.scan and tile.combine_scan ------------===//
//
// A scan along an axis whose coordinate bits each live in one register,
// lane or warp bit, in three phases:
//
// 1. The lowest axis bits that are register bits make runs of elements
//    that a thread holds one after another along the axis (chunks); each
//    chunk is scanned serially, one combine an element.
// 2. The chunks' totals are scanned over the other axis bits, lowest
//    first. Before the step for bit b, each chunk holds T, the total of its
//    aligned run of 2^b chunks, and E, what comes before it within that
//    run (after it, in reverse), once anything does. The partner chunk,
//    whose coordinate differs in bit b only, is a lane (a shuffle) or a
//    warp (through scratch); it holds the other run's T, which the upper
//    run (the lower one, in reverse) puts before its E (after it), and
//    which both combine into T. Consecutive axis bits that are register
//    bits are one step: the thread holds all those runs and takes them
//    in order.
// 3. Each element combines its chunk's E with its prefix from phase 1.
//
// So an element costs two combines, and a lane or warp step an exchange
// and a few combines and selects per chunk, not per element. Everything
// but the warp steps is emitted a line at a time (the chunks that share
// their other coordinates), so that one line's partial results are alive
// together rather than the whole block's: ptxas takes far longer on the
// latter. A warp step exchanges every chunk at once, between two barriers.
//
//===----------------------------------------------------------------------===//

#include "Scan.h"

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace tilec;

namespace {

using AxisBit = std::pair<std::string, int32_t>;

/// The register index whose bits `bits` (ascending positions) are those of
/// `index`, all others 0.
size_t deposit(size_t index, ArrayRef<unsigned> bits) {
  size_t result = 0;
  for (auto [i, bit] : llvm::enumerate(bits))
    if ((index >> i) & 1)
      result |= size_t(1) << bit;
  return result;
}

/// Whether anything comes before a chunk (after it, in reverse) yet: known
/// at compile time until a lane or warp step makes it depend on the thread.
struct Seen {
  enum Kind { No, Yes, Dynamic } kind = No;
  /// The i1 for Dynamic.
  Value dynamic;
};

class ScanEmitter {
public:
  ScanEmitter(OpBuilder &builder, Location loc, ArrayRef<ScanTuple> values,
              bool reverse, const ScanCallbacks &callbacks)
      : builder(builder), loc(loc), values(values), reverse(reverse),
        callbacks(callbacks), results(values.size()), totals(values.size()),
        before(values.size()), seen(values.size()) {}

  SmallVector<ScanTuple> run(ArrayRef<AxisBit> axisBits);

private:
  /// The chunks (by first register) of each line, given phase 2's steps.
  SmallVector<SmallVector<size_t>> getLines(ArrayRef<AxisBit> steps) const;
  /// For each lane or warp step, whether this thread is in its upper run.
  SmallVector<Value> emitUpperFlags(ArrayRef<AxisBit> steps);
  /// Phase 2's register and lane `steps` (with their `upper` flags) on one
  /// line's `chunks`, after phase 1 if `first` and before phase 3 if
  /// `last`.
  void runLine(ArrayRef<size_t> chunks, ArrayRef<AxisBit> steps,
               ArrayRef<Value> upper, bool first, bool last);
  /// Phase 1: the serial scan of the chunk whose first register is `chunk`
  /// into `results`, and its total.
  void scanChunk(size_t chunk);
  /// Phase 1, and the state phase 2 starts from.
  void startChunk(size_t chunk);
  /// Phase 2 along consecutive axis bits that are register bits `bits`
  /// (lowest first): the chunks of `chunks` that differ in them are this
  /// thread's, one in each run, and are scanned serially.
  void stepRegisters(ArrayRef<size_t> chunks, ArrayRef<unsigned> bits);
  /// Phase 2 along a lane or warp bit: `partners[i]` is the total of
  /// chunks[i]'s partner, `upper` whether this thread is in the upper run.
  void stepThreads(ArrayRef<size_t> chunks, ArrayRef<ScanTuple> partners,
                   Value upper);
  /// Phase 3 on the chunk whose first register is `chunk`.
  void finishChunk(size_t chunk);

  /// `chunk`'s E with `run` (a neighbouring run's total) put before it
  /// (after it, in reverse).
  ScanTuple extend(size_t chunk, const ScanTuple &run);
  ScanTuple select(Value condition, const ScanTuple &a, const ScanTuple &b);
  ScanTuple combine(const ScanTuple &a, const ScanTuple &b) {
    return callbacks.combine(a, b);
  }

  OpBuilder &builder;
  Location loc;
  ArrayRef<ScanTuple> values;
  bool reverse;
  const ScanCallbacks &callbacks;
  /// The registers of a chunk: the positions of phase 1's axis bits.
  SmallVector<unsigned> chunkBits;
  /// Per register: the prefix within its chunk, then the result.
  SmallVector<ScanTuple> results;
  /// Per chunk, at its first register: T, E and whether E exists. A chunk
  /// of one element has E include the element (phase 3 then has nothing
  /// to combine).
  SmallVector<ScanTuple> totals, before;
  SmallVector<Seen> seen;
};

} // namespace

ScanTuple ScanEmitter::select(Value condition, const ScanTuple &a,
                              const ScanTuple &b) {
  ScanTuple result;
  for (auto [x, y] : llvm::zip_equal(a, b))
    result.push_back(arith::SelectOp::create(builder, loc, condition, x, y));
  return result;
}

ScanTuple ScanEmitter::extend(size_t chunk, const ScanTuple &run) {
  const Seen &s = seen[chunk];
  if (s.kind == Seen::No)
    return run;
  ScanTuple both = reverse ? combine(before[chunk], run)
                           : combine(run, before[chunk]);
  if (s.kind == Seen::Yes)
    return both;
  return select(s.dynamic, both, run);
}

void ScanEmitter::scanChunk(size_t chunk) {
  size_t length = size_t(1) << chunkBits.size();
  auto reg = [&](size_t j) { return chunk | deposit(j, chunkBits); };
  if (!reverse) {
    ScanTuple acc = values[reg(0)];
    results[reg(0)] = acc;
    for (size_t j = 1; j < length; ++j)
      results[reg(j)] = acc = combine(acc, values[reg(j)]);
    totals[chunk] = acc;
    return;
  }
  ScanTuple acc = values[reg(length - 1)];
  results[reg(length - 1)] = acc;
  for (size_t j = length - 1; j-- > 0;)
    results[reg(j)] = acc = combine(values[reg(j)], acc);
  totals[chunk] = acc;
}

void ScanEmitter::startChunk(size_t chunk) {
  scanChunk(chunk);
  // A chunk of one element carries its result as E, its own value put
  // after what comes before it: no flag, and nothing to add at the end.
  if (chunkBits.empty()) {
    before[chunk] = totals[chunk];
    seen[chunk] = {Seen::Yes, Value()};
  }
}

void ScanEmitter::stepRegisters(ArrayRef<size_t> chunks,
                                ArrayRef<unsigned> bits) {
  size_t mask = deposit(~size_t(0), bits);
  size_t runs = size_t(1) << bits.size();
  for (size_t first : chunks) {
    if (first & mask)
      continue;
    // Run k's chunk, in the order runs are taken (from the end in
    // reverse); acc is what the runs taken so far combine to.
    auto chunkOf = [&](size_t k) {
      return first | deposit(reverse ? runs - 1 - k : k, bits);
    };
    ScanTuple acc = totals[chunkOf(0)];
    for (size_t k = 1; k < runs; ++k) {
      size_t chunk = chunkOf(k);
      before[chunk] = extend(chunk, acc);
      seen[chunk] = {Seen::Yes, Value()};
      acc = reverse ? combine(totals[chunk], acc) : combine(acc, totals[chunk]);
    }
    for (size_t k = 0; k < runs; ++k)
      totals[chunkOf(k)] = acc;
  }
}

void ScanEmitter::stepThreads(ArrayRef<size_t> chunks,
                              ArrayRef<ScanTuple> partners, Value upper) {
  Value takes = upper;
  if (reverse)
    takes = arith::XOrIOp::create(
        builder, loc, upper, arith::ConstantIntOp::create(builder, loc, 1, 1));
  for (auto [chunk, partner] : llvm::zip_equal(chunks, partners)) {
    ScanTuple extended = extend(chunk, partner);
    Seen &s = seen[chunk];
    switch (s.kind) {
    case Seen::No:
      // E is read only where the thread took the partner's run.
      before[chunk] = extended;
      s = {Seen::Dynamic, takes};
      break;
    case Seen::Yes:
      before[chunk] = select(takes, extended, before[chunk]);
      break;
    case Seen::Dynamic:
      before[chunk] = select(takes, extended, before[chunk]);
      s.dynamic = arith::OrIOp::create(builder, loc, s.dynamic, takes);
      break;
    }
    if (callbacks.commutative) {
      totals[chunk] = combine(totals[chunk], partner);
      continue;
    }
    // The lower run's total first.
    totals[chunk] = combine(select(upper, partner, totals[chunk]),
                            select(upper, totals[chunk], partner));
  }
}

void ScanEmitter::finishChunk(size_t chunk) {
  if (chunkBits.empty()) {
    results[chunk] = before[chunk];
    return;
  }
  const Seen &s = seen[chunk];
  if (s.kind == Seen::No)
    return;
  for (size_t j = 0, e = size_t(1) << chunkBits.size(); j < e; ++j) {
    size_t reg = chunk | deposit(j, chunkBits);
    ScanTuple both = reverse ? combine(results[reg], before[chunk])
                             : combine(before[chunk], results[reg]);
    results[reg] = s.kind == Seen::Yes ? both
                                       : select(s.dynamic, both, results[reg]);
  }
}

SmallVector<SmallVector<size_t>>
ScanEmitter::getLines(ArrayRef<AxisBit> steps) const {
  SmallVector<unsigned> lineBits;
  size_t axisMask = deposit(~size_t(0), chunkBits);
  for (const AxisBit &step : steps) {
    if (step.first != tile::kRegister)
      continue;
    lineBits.push_back(step.second);
    axisMask |= size_t(1) << step.second;
  }
  SmallVector<SmallVector<size_t>> lines;
  for (size_t key = 0; key < values.size(); ++key) {
    if (key & axisMask)
      continue;
    SmallVector<size_t> &chunks = lines.emplace_back();
    for (size_t i = 0, e = size_t(1) << lineBits.size(); i < e; ++i)
      chunks.push_back(key | deposit(i, lineBits));
  }
  return lines;
}

SmallVector<Value> ScanEmitter::emitUpperFlags(ArrayRef<AxisBit> steps) {
  SmallVector<Value> upper(steps.size());
  Value laneId, warpId;
  for (auto [i, step] : llvm::enumerate(steps)) {
    if (step.first == tile::kRegister)
      continue;
    bool lane = step.first == tile::kLane;
    Value &id = lane ? laneId : warpId;
    if (!id)
      id = lane ? emitLaneId(builder, loc) : emitWarpId(builder, loc);
    upper[i] = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(builder, loc, id,
                              emitI32(builder, loc, 1 << step.second)),
        emitI32(builder, loc, 0));
  }
  return upper;
}

void ScanEmitter::runLine(ArrayRef<size_t> chunks, ArrayRef<AxisBit> steps,
                          ArrayRef<Value> upper, bool first, bool last) {
  if (first)
    for (size_t chunk : chunks)
      startChunk(chunk);
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].first == tile::kRegister) {
      SmallVector<unsigned> run = {unsigned(steps[i].second)};
      while (i + 1 < steps.size() && steps[i + 1].first == tile::kRegister)
        run.push_back(steps[++i].second);
      stepRegisters(chunks, run);
      continue;
    }
    SmallVector<ScanTuple> partners;
    for (size_t chunk : chunks) {
      ScanTuple &partner = partners.emplace_back();
      for (Value value : totals[chunk])
        partner.push_back(
            emitShuffleXor(builder, loc, value, 1u << steps[i].second));
    }
    stepThreads(chunks, partners, upper[i]);
  }
  if (last)
    for (size_t chunk : chunks)
      finishChunk(chunk);
}

SmallVector<ScanTuple> ScanEmitter::run(ArrayRef<AxisBit> axisBits) {
  // Phase 1 takes the lowest axis bits that are register bits.
  size_t first = 0;
  while (first < axisBits.size() && axisBits[first].first == tile::kRegister)
    chunkBits.push_back(axisBits[first++].second);
  ArrayRef<AxisBit> steps = axisBits.drop_front(first);
  SmallVector<SmallVector<size_t>> lines = getLines(steps);
  SmallVector<Value> upper = emitUpperFlags(steps);

  // The steps up to each warp step, a line at a time; then the warp step
  // over all lines.
  for (size_t begin = 0;;) {
    size_t end = begin;
    while (end < steps.size() && steps[end].first != tile::kWarp)
      ++end;
    bool last = end == steps.size();
    for (ArrayRef<size_t> chunks : lines)
      runLine(chunks, steps.slice(begin, end - begin),
              ArrayRef(upper).slice(begin, end - begin), begin == 0, last);
    if (last)
      return results;
    SmallVector<size_t> all;
    SmallVector<ScanTuple> mine;
    for (ArrayRef<size_t> chunks : lines)
      for (size_t chunk : chunks) {
        all.push_back(chunk);
        mine.push_back(totals[chunk]);
      }
    stepThreads(all, callbacks.exchangeWarps(mine, steps[end].second),
                upper[end]);
    begin = end + 1;
  }
}

/// Elements a thread holds of each operand of the scan `op`, and the
/// 32-bit words of all its operands together.
static std::pair<uint64_t, uint64_t> getScanLoad(Operation *op) {
  uint64_t elements = 0, words = 0;
  for (Value src : op->getOperands()) {
    auto type = cast<RankedTensorType>(src.getType());
    std::optional<Distribution> distribution = Distribution::get(type);
    if (!distribution)
      continue;
    Type element = type.getElementType();
    unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
    elements = distribution->size();
    words += elements * llvm::divideCeil(bits, 32);
  }
  return {elements, words};
}

LogicalResult tilec::checkScanBudget(Operation *op) {
  auto [elements, words] = getScanLoad(op);
  if (words > kMaxScanWords)
    return op->emitError("this scan (tl.cumsum, tl.cumprod, "
                         "tl.associative_scan) holds ")
           << elements << " elements a thread (" << words
           << " 32-bit words, more than " << kMaxScanWords
           << "): use more warps or a smaller block";
  uint64_t total = 0;
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    func->walk([&](Operation *scan) {
      if (isa<tile::ScanOp, tile::CombineScanOp>(scan))
        total += getScanLoad(scan).second;
    });
  if (total > kMaxScanWords)
    return op->emitError("this kernel's scans (tl.cumsum, tl.cumprod, "
                         "tl.associative_scan) hold ")
           << total << " 32-bit words a thread together, more than "
           << kMaxScanWords << ": use more warps or smaller blocks";
  return success();
}

SmallVector<ScanTuple>
tilec::emitScan(OpBuilder &builder, Location loc, ArrayRef<AxisBit> axisBits,
                ArrayRef<ScanTuple> values, bool reverse,
                const ScanCallbacks &callbacks) {
  return ScanEmitter(builder, loc, values, reverse, callbacks).run(axisBits);
}
