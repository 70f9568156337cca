//===- LoadStoreOpToLLVM.cpp - vectorised global memory access ------------===//
//
// Each thread's values of a tensor come in runs of consecutive elements (the
// layout's sizePerThread along its fastest dimension). Where the axis
// analysis proves the addresses of a run consecutive and aligned, the run is
// accessed with 128-bit (or narrower) vector instructions, predicated by the
// mask. The instructions are inline PTX, so that a masked-off lane touches no
// memory and the vector width is exactly the one chosen here.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace tilec;

namespace {

/// How one load or store is split into vector accesses.
struct AccessPlan {
  /// Elements per vector access.
  unsigned vector = 1;
  /// Whether every element of a vector shares its mask value, so that one
  /// predicate guards the whole vector.
  bool uniformMask = true;
};

/// Bits per machine word of a vector access of `total` bytes of elements of
/// `element` bytes each: 64-bit elements travel in b64 registers, anything
/// narrower packed into b32 words (or alone, below 4 bytes).
static unsigned wordBits(unsigned total, unsigned element) {
  if (element >= 8)
    return 64;
  return total >= 4 ? 32 : total * 8;
}

} // namespace

/// The vector width and mask treatment for an access through `ptr` (a tensor
/// of pointers) under `mask` (may be null).
static AccessPlan planAccess(const LoweringState &state, Value ptr,
                             Value mask) {
  AccessPlan plan;
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return plan;
  std::optional<Distribution> distribution = Distribution::get(type);
  if (!distribution)
    return plan;
  // The tensor dimension along which a thread's values run consecutively.
  auto [tensorDim, run] = distribution->getContiguity();
  int64_t vector =
      std::min<int64_t>(run, state.axisInfo->getPtrVectorWidth(ptr, tensorDim));
  vector = std::max<int64_t>(1, int64_t(llvm::bit_floor(uint64_t(vector))));
  // A run must split into whole vectors.
  while (run % vector)
    vector /= 2;
  plan.vector = vector;
  // Unlike AxisInfoAnalysis::getAccessVectorWidth, a mask that varies inside
  // a vector does not narrow it: the vector is loaded whole when all its
  // lanes are in, lane by lane otherwise.
  if (mask)
    plan.uniformMask = state.axisInfo->getMaskConstancy(mask, tensorDim) >=
                       static_cast<unsigned>(vector);
  return plan;
}

/// Reinterprets `values` (vector elements of one type) as 32-bit (or
/// narrower) words for inline PTX.
static SmallVector<Value> packWords(OpBuilder &builder, Location loc,
                                    ValueRange values) {
  Type element = values.front().getType();
  unsigned bytes = getByteWidth(element);
  unsigned total = bytes * values.size();
  unsigned bits = wordBits(total, bytes);
  unsigned perWord = bits / (bytes * 8);
  Type wordType = builder.getIntegerType(bits);
  SmallVector<Value> words;
  for (unsigned i = 0; i < values.size(); i += perWord) {
    if (perWord == 1) {
      Value v = values[i];
      if (!isa<IntegerType>(element))
        v = LLVM::BitcastOp::create(builder, loc, wordType, v);
      else if (element.getIntOrFloatBitWidth() != bits)
        v = LLVM::ZExtOp::create(builder, loc, wordType, v);
      words.push_back(v);
      continue;
    }
    auto vectorType = VectorType::get({perWord}, element);
    Value packed = LLVM::UndefOp::create(builder, loc, vectorType);
    for (unsigned j = 0; j < perWord; ++j)
      packed = LLVM::InsertElementOp::create(builder, loc, packed,
                                             values[i + j],
                                             emitI32(builder, loc, j));
    words.push_back(LLVM::BitcastOp::create(builder, loc, wordType, packed));
  }
  return words;
}

/// Inverse of packWords.
static SmallVector<Value> unpackWords(OpBuilder &builder, Location loc,
                                      ValueRange words, Type element,
                                      unsigned count) {
  unsigned bytes = getByteWidth(element);
  unsigned bits = words.front().getType().getIntOrFloatBitWidth();
  unsigned perWord = bits / (bytes * 8);
  SmallVector<Value> values;
  for (Value word : words) {
    if (perWord == 1) {
      if (!isa<IntegerType>(element))
        values.push_back(LLVM::BitcastOp::create(builder, loc, element, word));
      else if (element.getIntOrFloatBitWidth() != bits)
        values.push_back(LLVM::TruncOp::create(builder, loc, element, word));
      else
        values.push_back(word);
      continue;
    }
    auto vectorType = VectorType::get({perWord}, element);
    Value vector = LLVM::BitcastOp::create(builder, loc, vectorType, word);
    for (unsigned j = 0; j < perWord; ++j)
      values.push_back(LLVM::ExtractElementOp::create(
          builder, loc, vector, emitI32(builder, loc, j)));
  }
  values.resize(count);
  return values;
}

/// PTX register constraint for a word of `bits` bits.
static StringRef constraintFor(unsigned bits) {
  return bits == 64 ? "l" : bits == 16 ? "h" : bits == 8 ? "c" : "r";
}

/// PTX type suffix of one word, and of a sub-word access.
static std::string ptxWord(unsigned bits) {
  return bits == 8 ? "u8" : "b" + std::to_string(bits);
}

/// `{ $a, $b, ... }` or `$a` for one register.
static std::string registerList(unsigned first, unsigned count) {
  if (count == 1)
    return "$" + std::to_string(first);
  SmallVector<std::string> names;
  for (unsigned i = 0; i < count; ++i)
    names.push_back("$" + std::to_string(first + i));
  return "{ " + llvm::join(names, ", ") + " }";
}

static std::string vectorSuffix(unsigned count) {
  return count == 1 ? "" : ".v" + std::to_string(count);
}

/// The PTX qualifier of a load's or store's cache hints: `.lu`,
/// `.L1::evict_first`, or nothing. The verifier keeps them apart.
static std::string cacheQualifier(std::optional<tile::CacheModifier> cache,
                                  std::optional<tile::EvictionPolicy> evict) {
  if (cache)
    return ("." + tile::stringifyCacheModifier(*cache)).str();
  if (evict)
    return (".L1::" + tile::stringifyEvictionPolicy(*evict)).str();
  return "";
}

/// Logical and of two optional predicates.
static Value conjoin(OpBuilder &builder, Location loc, Value a, Value b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return arith::AndIOp::create(builder, loc, a, b);
}

/// Loads `count` elements of `element` type starting at `ptr`. `preds`
/// holds either one predicate for the vector (or none, size 0) or, for a
/// non-uniform mask, one per element; `others` the values for masked-off
/// elements (or empty); `hint` the cache qualifier (cacheQualifier).
static SmallVector<Value> emitLoad(OpBuilder &builder, Location loc, Value ptr,
                                   Type element, unsigned count,
                                   ArrayRef<Value> preds,
                                   ArrayRef<Value> others, StringRef hint) {
  unsigned bytes = getByteWidth(element);
  unsigned total = bytes * count;
  unsigned bits = wordBits(total, bytes);
  unsigned numWords = std::max(1u, total * 8 / bits);
  Type wordType = builder.getIntegerType(bits == 8 ? 16 : bits);
  // Operands: the words out, then the address, predicates and other words.
  std::string constraints;
  SmallVector<Value> operands;
  for (unsigned i = 0; i < numWords; ++i)
    constraints += std::string(i ? "," : "") + "=" +
                   constraintFor(bits == 8 ? 16 : bits).str();
  unsigned address = numWords;
  operands.push_back(ptr);
  constraints += ",l";
  unsigned firstPred = address + 1;
  for (Value pred : preds) {
    operands.push_back(pred);
    constraints += ",b";
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  if (others.empty() && !preds.empty()) {
    // Masked-off elements without `other` are undefined; zeros cost ptxas
    // nothing, and a register the predicated load may leave unwritten
    // otherwise stays live from wherever ptxas last wrote it (measured:
    // the dropout of tl.rand, 48 registers against 40, 1% slower).
    for (unsigned i = 0; i < numWords; ++i)
      os << "mov.b" << (bits == 8 ? 16 : bits) << " $" << i << ", 0;\n\t";
  }
  if (!others.empty()) {
    unsigned firstOther = firstPred + preds.size();
    SmallVector<Value> otherWords = packWords(builder, loc, others);
    for (auto [i, word] : llvm::enumerate(otherWords)) {
      if (bits == 8)
        word = LLVM::ZExtOp::create(builder, loc, wordType, word);
      operands.push_back(word);
      constraints += "," + constraintFor(bits == 8 ? 16 : bits).str();
      os << "mov.b" << (bits == 8 ? 16 : bits) << " $" << i << ", $"
         << firstOther + i << ";\n\t";
    }
  }
  std::string type = ptxWord(bits);
  if (preds.size() <= 1) {
    if (preds.size() == 1)
      os << "@$" << firstPred << " ";
    os << "ld.global" << hint << vectorSuffix(numWords) << "." << type << " "
       << registerList(0, numWords) << ", [ $" << address << " + 0 ];";
  } else {
    // Non-uniform mask: the whole vector when every lane is in, otherwise
    // element by element. preds = [all, p0, p1, ...] with pi = mi & !all.
    os << "@$" << firstPred << " ld.global" << hint << vectorSuffix(numWords)
       << "."
       << type << " " << registerList(0, numWords) << ", [ $" << address
       << " + 0 ];";
    assert(bits == bytes * 8 &&
           "element-wise fallback needs one element a word");
    for (unsigned i = 0; i < count; ++i)
      os << "\n\t@$" << firstPred + 1 + i << " ld.global" << hint << "."
         << type << " $" << i
         << ", [ $" << address << " + " << i * bytes << " ];";
  }
  Type resultType = numWords == 1
                        ? wordType
                        : LLVM::LLVMStructType::getLiteral(
                              builder.getContext(),
                              SmallVector<Type>(numWords, wordType));
  auto asmOp = LLVM::InlineAsmOp::create(
      builder, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(),
                                LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> words;
  if (numWords == 1) {
    words.push_back(asmOp.getResult(0));
  } else {
    for (unsigned i = 0; i < numWords; ++i)
      words.push_back(LLVM::ExtractValueOp::create(builder, loc,
                                                   asmOp.getResult(0), i));
  }
  if (bits == 8)
    for (Value &word : words)
      word = LLVM::TruncOp::create(builder, loc, builder.getI8Type(), word);
  return unpackWords(builder, loc, words, element, count);
}

/// Stores `values` (consecutive elements) at `ptr`, predicated like emitLoad.
static void emitStore(OpBuilder &builder, Location loc, Value ptr,
                      ValueRange values, ArrayRef<Value> preds,
                      StringRef hint) {
  Type element = values.front().getType();
  unsigned bytes = getByteWidth(element);
  unsigned total = bytes * values.size();
  unsigned bits = wordBits(total, bytes);
  SmallVector<Value> words = packWords(builder, loc, values);
  if (bits == 8)
    for (Value &word : words)
      word = LLVM::ZExtOp::create(builder, loc, builder.getI16Type(), word);
  unsigned regBits = bits == 8 ? 16 : bits;
  std::string constraints = "l";
  SmallVector<Value> operands{ptr};
  for (Value pred : preds) {
    operands.push_back(pred);
    constraints += ",b";
  }
  unsigned firstWord = operands.size();
  for (Value word : words) {
    operands.push_back(word);
    constraints += "," + constraintFor(regBits).str();
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string type = bits == 8 ? "b8" : ptxWord(bits);
  if (preds.size() <= 1) {
    if (preds.size() == 1)
      os << "@$1 ";
    os << "st.global" << hint << vectorSuffix(words.size()) << "." << type
       << " [ $0 + 0 ], " << registerList(firstWord, words.size()) << ";";
  } else {
    os << "@$1 st.global" << hint << vectorSuffix(words.size()) << "." << type
       << " [ $0 + 0 ], " << registerList(firstWord, words.size()) << ";";
    for (unsigned i = 0; i < values.size(); ++i)
      os << "\n\t@$" << 2 + i << " st.global" << hint << "." << type
         << " [ $0 + "
         << i * bytes << " ], $" << firstWord + i << ";";
  }
  LLVM::InlineAsmOp::create(
      builder, loc, TypeRange(), operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(),
                                LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

/// Predicates for one vector: [] (always), [p] (uniform), or, for a mask
/// that varies inside the vector, [all, m0 & !all, m1 & !all, ...].
static SmallVector<Value> vectorPredicates(OpBuilder &builder, Location loc,
                                           ValueRange masks, Value owner,
                                           bool uniform) {
  if (masks.empty())
    return owner ? SmallVector<Value>{owner} : SmallVector<Value>{};
  if (uniform || masks.size() == 1)
    return {conjoin(builder, loc, masks.front(), owner)};
  Value all = masks.front();
  for (Value mask : masks.drop_front())
    all = arith::AndIOp::create(builder, loc, all, mask);
  Value notAll = arith::XOrIOp::create(
      builder, loc, all, arith::ConstantIntOp::create(builder, loc, 1, 1));
  SmallVector<Value> preds{conjoin(builder, loc, all, owner)};
  for (Value mask : masks)
    preds.push_back(conjoin(builder, loc,
                            arith::AndIOp::create(builder, loc, mask, notAll),
                            owner));
  return preds;
}

/// `values` as memory holds them: i1 is a byte, 0 or 1 (Triton loads a
/// bool pointer as int8 and compares it with zero, and stores int1 as an
/// int8); other types as they are.
static SmallVector<Value> toMemory(OpBuilder &builder, Location loc,
                                   ValueRange values) {
  SmallVector<Value> bytes(values);
  for (Value &value : bytes)
    if (value.getType().isInteger(1))
      value = arith::ExtUIOp::create(builder, loc, builder.getI8Type(), value);
  return bytes;
}

namespace {

struct LoadOpLowering : public OpConversionPattern<tile::LoadOp> {
  LoadOpLowering(const TypeConverter &converter, MLIRContext *context,
                 const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getResult().getType()));
    bool isBool = element.isInteger(1);
    if (isBool)
      element = rewriter.getI8Type();
    AccessPlan plan = planAccess(state, op.getPtr(), op.getMask());
    ValueRange ptrs = adaptor.getPtr();
    ValueRange masks = op.getMask() ? adaptor.getMask() : ValueRange();
    SmallVector<Value> others;
    if (op.getOther())
      others = toMemory(rewriter, loc, adaptor.getOther());
    std::string hint = cacheQualifier(op.getCache(), op.getEvict());
    SmallVector<Value> results;
    for (size_t i = 0, e = ptrs.size(); i < e; i += plan.vector) {
      ValueRange vectorMasks =
          masks.empty() ? ValueRange() : masks.slice(i, plan.vector);
      SmallVector<Value> preds = vectorPredicates(rewriter, loc, vectorMasks,
                                                  Value(), plan.uniformMask);
      ArrayRef<Value> vectorOthers =
          others.empty() ? ArrayRef<Value>()
                         : ArrayRef<Value>(others).slice(i, plan.vector);
      if (preds.size() > 1 && getByteWidth(element) < 4) {
        // Elements narrower than a word, a mask that varies inside the
        // vector (a descriptor's edge, a length that is no multiple of the
        // vector): the whole vector when every lane is in, else each lane
        // on its own (preds[1 + j] is off when the vector was loaded).
        SmallVector<Value> whole =
            emitLoad(rewriter, loc, ptrs[i], element, plan.vector, {preds[0]},
                     llvm::to_vector(vectorOthers), hint);
        for (unsigned j = 0; j < plan.vector; ++j) {
          SmallVector<Value> other;
          if (!vectorOthers.empty())
            other.push_back(vectorOthers[j]);
          Value lane = emitLoad(rewriter, loc, ptrs[i + j], element, 1,
                                {preds[1 + j]}, other, hint)
                           .front();
          results.push_back(arith::SelectOp::create(rewriter, loc, preds[0],
                                                    whole[j], lane));
        }
        continue;
      }
      SmallVector<Value> loaded =
          emitLoad(rewriter, loc, ptrs[i], element, plan.vector, preds,
                   llvm::to_vector(vectorOthers), hint);
      results.append(loaded.begin(), loaded.end());
    }
    if (isBool)
      for (Value &result : results)
        result = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ne, result,
            arith::ConstantIntOp::create(rewriter, loc, 0, 8));
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }

  const LoweringState &state;
};

struct StoreOpLowering : public OpConversionPattern<tile::StoreOp> {
  StoreOpLowering(const TypeConverter &converter, MLIRContext *context,
                  const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getValue().getType()));
    AccessPlan plan = planAccess(state, op.getPtr(), op.getMask());
    // Threads holding copies of the same elements must not all store them.
    Value owner;
    if (auto type = dyn_cast<RankedTensorType>(op.getPtr().getType())) {
      std::optional<Distribution> distribution = Distribution::get(type);
      if (!distribution)
        return rewriter.notifyMatchFailure(op, "no layout");
      owner = distribution->emitIsOwner(rewriter, loc);
    } else {
      owner = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                    emitThreadId(rewriter, loc),
                                    emitI32(rewriter, loc, 0));
    }
    ValueRange ptrs = adaptor.getPtr();
    SmallVector<Value> stored = toMemory(rewriter, loc, adaptor.getValue());
    ValueRange values = stored;
    if (element.isInteger(1))
      element = rewriter.getI8Type();
    ValueRange masks = op.getMask() ? adaptor.getMask() : ValueRange();
    std::string hint = cacheQualifier(op.getCache(), op.getEvict());
    for (size_t i = 0, e = ptrs.size(); i < e; i += plan.vector) {
      ValueRange vectorMasks =
          masks.empty() ? ValueRange() : masks.slice(i, plan.vector);
      SmallVector<Value> preds = vectorPredicates(rewriter, loc, vectorMasks,
                                                  owner, plan.uniformMask);
      if (preds.size() > 1 && getByteWidth(element) < 4) {
        // As for loads: the vector, or lane by lane.
        emitStore(rewriter, loc, ptrs[i], values.slice(i, plan.vector),
                  {preds[0]}, hint);
        for (unsigned j = 0; j < plan.vector; ++j)
          emitStore(rewriter, loc, ptrs[i + j], values.slice(i + j, 1),
                    {preds[1 + j]}, hint);
        continue;
      }
      emitStore(rewriter, loc, ptrs[i], values.slice(i, plan.vector), preds,
                hint);
    }
    rewriter.eraseOp(op);
    return success();
  }

  const LoweringState &state;
};

/// One thread asks L2 for the 16-byte-aligned part of the range (the bulk
/// prefetch needs an aligned start and a size in 16-byte units); rounding
/// inwards keeps every fetched byte inside the range the kernel may load.
struct PrefetchOpLowering : public OpConversionPattern<tile::PrefetchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::PrefetchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    auto constant = [&](int64_t v) {
      return arith::ConstantIntOp::create(rewriter, loc, i64, v).getResult();
    };
    Value start = LLVM::PtrToIntOp::create(rewriter, loc, i64,
                                           adaptor.getPtr().front());
    Value bytes = adaptor.getBytes().front();
    Value positive = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::sgt, bytes,
        emitI32(rewriter, loc, 0));
    Value end = arith::AddIOp::create(
        rewriter, loc, start, arith::ExtUIOp::create(rewriter, loc, i64, bytes));
    Value mask = constant(~int64_t(15));
    Value first = arith::AndIOp::create(
        rewriter, loc, arith::AddIOp::create(rewriter, loc, start, constant(15)),
        mask);
    Value last = arith::AndIOp::create(rewriter, loc, end, mask);
    Value nonEmpty = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ugt, last, first);
    Value size = arith::TruncIOp::create(
        rewriter, loc, rewriter.getI32Type(),
        arith::SubIOp::create(rewriter, loc, last, first));
    Value isFirstThread = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, emitThreadId(rewriter, loc),
        emitI32(rewriter, loc, 0));
    Value pred = arith::AndIOp::create(
        rewriter, loc, arith::AndIOp::create(rewriter, loc, positive, nonEmpty),
        isFirstThread);
    LLVM::InlineAsmOp::create(
        rewriter, loc, TypeRange(), ValueRange{first, size, pred},
        "@$2 cp.async.bulk.prefetch.L2.global [$0], $1;", "l,r,b",
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(rewriter.getContext(),
                                  LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::populateMemoryPatterns(TileTypeConverter &converter,
                                   const LoweringState &state,
                                   RewritePatternSet &patterns) {
  patterns.add<LoadOpLowering, StoreOpLowering>(converter,
                                                patterns.getContext(), state);
  patterns.add<PrefetchOpLowering>(converter, patterns.getContext());
}
