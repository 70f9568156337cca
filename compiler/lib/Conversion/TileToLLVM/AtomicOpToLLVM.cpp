//===- AtomicOpToLLVM.cpp - tile.atomic_rmw and tile.atomic_cas -----------===//
//
// Each element is one predicated PTX `atom` (inline assembly, so that the
// ordering and scope qualifiers are exactly Triton's), done by the one
// thread that owns it: threads holding copies of an element, and registers
// repeating one, skip it. A scalar atomic is done by thread 0.
//
// When the old values are used and other threads hold copies (a scalar is
// held by all), they travel through the op's scratch: the owner writes the
// old value at the element's row-major position, a barrier, every holder
// reads it. A scalar atomic that releases waits for every thread first, so
// that the program's earlier writes are ordered before it.
//
// Float max and min have no PTX atom; as Triton does, they compare the bit
// patterns: a value with its sign bit clear orders like a signed integer
// (max.s / min.s), one with it set like the reverse of an unsigned one
// (min.u / max.u).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tilec/Analysis/Layout.h"
#include "tilec/Target/Arch.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tilec;

namespace {

/// PTX's spelling of the ordering and scope qualifiers.
std::string orderQualifiers(tile::MemSemantic sem, tile::MemScope scope) {
  return "." + tile::stringifyMemSemantic(sem).str() + "." +
         tile::stringifyMemScope(scope).str();
}

StringRef constraintFor(unsigned bits) {
  return bits == 16 ? "h" : bits == 64 ? "l" : "r";
}

/// One inline-assembly atomic: `lines` are `@$P op` instructions whose
/// `$D` is the result, `$A` the address, `$0`.. the operands; `preds` are
/// the predicates the lines name as `$P0`, `$P1`.
Value emitAtomicAsm(OpBuilder &builder, Location loc, unsigned bits,
                    ArrayRef<std::string> lines, Value ptr,
                    ArrayRef<Value> values, ArrayRef<Value> preds) {
  Type word = builder.getIntegerType(bits);
  SmallVector<Value> operands{ptr};
  std::string constraints = "=" + constraintFor(bits).str() + ",l";
  for (Value value : values) {
    operands.push_back(value);
    constraints += "," + constraintFor(bits).str();
  }
  for (Value pred : preds) {
    operands.push_back(pred);
    constraints += ",b";
  }
  // $0 is the result, $1 the address, then the values, then predicates.
  std::string text;
  for (const std::string &line : lines) {
    std::string expanded;
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] != '$' || i + 1 == line.size()) {
        expanded += line[i];
        continue;
      }
      char what = line[i + 1];
      if (what == 'D') {
        expanded += "$0";
        ++i;
      } else if (what == 'A') {
        expanded += "$1";
        ++i;
      } else if (what == 'P' || what == 'V') {
        unsigned index = line[i + 2] - '0';
        unsigned first = what == 'V' ? 2 : 2 + values.size();
        expanded += "$" + std::to_string(first + index);
        i += 2;
      } else {
        expanded += line[i];
      }
    }
    text += (text.empty() ? "" : "\n\t") + expanded;
  }
  return LLVM::InlineAsmOp::create(
             builder, loc, word, operands, text, constraints,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(builder.getContext(),
                                       LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

Value toWord(OpBuilder &builder, Location loc, Value value) {
  Type type = value.getType();
  if (type.isInteger())
    return value;
  return LLVM::BitcastOp::create(
      builder, loc, builder.getIntegerType(type.getIntOrFloatBitWidth()),
      value);
}

Value fromWord(OpBuilder &builder, Location loc, Value word, Type element) {
  if (element.isInteger())
    return word;
  return LLVM::BitcastOp::create(builder, loc, element, word);
}

Value conjoin(OpBuilder &builder, Location loc, Value a, Value b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return arith::AndIOp::create(builder, loc, a, b);
}

/// The PTX type suffix of an atomic `kind` on `element`.
std::string ptxType(tile::AtomicKind kind, Type element) {
  unsigned bits = element.getIntOrFloatBitWidth();
  std::string width = std::to_string(bits);
  if (element.isF16())
    return "noftz.f16";
  if (element.isBF16())
    return "noftz.bf16";
  if (isa<FloatType>(element) && kind == tile::AtomicKind::Add)
    return "f" + width;
  switch (kind) {
  case tile::AtomicKind::Add:
  case tile::AtomicKind::UMax:
  case tile::AtomicKind::UMin:
    return "u" + width;
  case tile::AtomicKind::Max:
  case tile::AtomicKind::Min:
    return "s" + width;
  default:
    return "b" + width;
  }
}

/// The old value of one bf16 atomic add where the target has no
/// atom.add.bf16 (before sm_90): a compare-and-swap loop on the 32-bit word
/// that holds the element, the sum from fma.rn.bf16 (x * 1.0 + v: add.bf16
/// is sm_90 too), the other half of the word kept.
Value emitBf16AddLoop(OpBuilder &builder, Location loc,
                      const std::string &order, Value ptr, Value value,
                      Value pred) {
  std::vector<std::string> lines = {
      "{",
      ".reg .pred %cas_retry;",
      ".reg .b16 %cas_one, %cas_old, %cas_sum;",
      ".reg .b32 %cas_shift, %cas_keep, %cas_word, %cas_seen, %cas_bits;",
      ".reg .b64 %cas_addr;",
      "@!$P0 bra cas_done;",
      // The word, and where in it the element lies (bf16 is 2-aligned).
      "and.b64 %cas_addr, $A, -4;",
      "cvt.u32.u64 %cas_shift, $A;",
      "and.b32 %cas_shift, %cas_shift, 2;",
      "shl.b32 %cas_shift, %cas_shift, 3;",
      "mov.b32 %cas_keep, 65535;",
      "shl.b32 %cas_keep, %cas_keep, %cas_shift;",
      "not.b32 %cas_keep, %cas_keep;",
      "mov.b16 %cas_one, 0x3F80;",
      "ld.global.b32 %cas_word, [%cas_addr];",
      "cas_loop:",
      "shr.u32 %cas_bits, %cas_word, %cas_shift;",
      "cvt.u16.u32 %cas_old, %cas_bits;",
      "fma.rn.bf16 %cas_sum, %cas_old, %cas_one, $V0;",
      "cvt.u32.u16 %cas_bits, %cas_sum;",
      "shl.b32 %cas_bits, %cas_bits, %cas_shift;",
      "and.b32 %cas_seen, %cas_word, %cas_keep;",
      "or.b32 %cas_bits, %cas_seen, %cas_bits;",
      "atom" + order + ".global.cas.b32 %cas_seen, [%cas_addr], %cas_word, "
                       "%cas_bits;",
      "setp.ne.b32 %cas_retry, %cas_seen, %cas_word;",
      "mov.b32 %cas_word, %cas_seen;",
      "@%cas_retry bra cas_loop;",
      // The result is written last, so that it may share a register with
      // an operand.
      "mov.b16 $D, %cas_old;",
      "cas_done:",
      "}"};
  Value result = emitAtomicAsm(builder, loc, 16, lines, ptr,
                               {toWord(builder, loc, value)}, {pred});
  return fromWord(builder, loc, result, builder.getBF16Type());
}

/// The old value of one element's read-modify-write; `bf16AddLoop` when
/// the target lacks atom.add.bf16.
Value emitRMW(OpBuilder &builder, Location loc, tile::AtomicKind kind,
              const std::string &order, Type element, Value ptr, Value value,
              Value pred, bool bf16AddLoop) {
  if (bf16AddLoop && element.isBF16() && kind == tile::AtomicKind::Add)
    return emitBf16AddLoop(builder, loc, order, ptr, value, pred);
  unsigned bits = element.getIntOrFloatBitWidth();
  Value word = toWord(builder, loc, value);
  std::string prefix = "atom" + order + ".global.";
  bool isFloat = isa<FloatType>(element);
  if (isFloat &&
      (kind == tile::AtomicKind::Max || kind == tile::AtomicKind::Min)) {
    // Sign bit clear: signed order; set: reversed unsigned order.
    Value negative = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, word,
        arith::ConstantIntOp::create(builder, loc, 0, bits));
    Value positive = arith::XOrIOp::create(
        builder, loc, negative, arith::ConstantIntOp::create(builder, loc, 1, 1));
    std::string width = std::to_string(bits);
    bool isMax = kind == tile::AtomicKind::Max;
    std::vector<std::string> lines = {
        "@$P0 " + prefix + (isMax ? "max.s" : "min.s") + width + " $D, [$A], $V0;",
        "@$P1 " + prefix + (isMax ? "min.u" : "max.u") + width + " $D, [$A], $V0;"};
    Value result = emitAtomicAsm(
        builder, loc, bits, lines, ptr, {word},
        {conjoin(builder, loc, pred, positive),
         conjoin(builder, loc, pred, negative)});
    return fromWord(builder, loc, result, element);
  }
  std::string op = kind == tile::AtomicKind::Xchg
                       ? "exch"
                       : tile::stringifyAtomicKind(kind).str();
  if (kind == tile::AtomicKind::UMax || kind == tile::AtomicKind::UMin)
    op = op.substr(1);
  std::vector<std::string> lines = {"@$P0 " + prefix + op + "." +
                                    ptxType(kind, element) + " $D, [$A], $V0;"};
  Value result =
      emitAtomicAsm(builder, loc, bits, lines, ptr, {word}, {pred});
  return fromWord(builder, loc, result, element);
}

/// The old value of one element's compare-and-swap.
Value emitCAS(OpBuilder &builder, Location loc, const std::string &order,
              Type element, Value ptr, Value cmp, Value value, Value pred) {
  unsigned bits = element.getIntOrFloatBitWidth();
  std::vector<std::string> lines = {"@$P0 atom" + order + ".global.cas.b" +
                                    std::to_string(bits) +
                                    " $D, [$A], $V0, $V1;"};
  Value result = emitAtomicAsm(builder, loc, bits, lines, ptr,
                               {toWord(builder, loc, cmp),
                                toWord(builder, loc, value)},
                               {pred});
  return fromWord(builder, loc, result, element);
}

/// Who does which element, and how the results reach every holder.
struct AtomicPlan {
  /// Per register: the earlier register holding the same element, or -1.
  SmallVector<int64_t> repeats;
  /// True in the thread that does the atomics (null: every thread).
  Value owner;
  std::optional<Distribution> distribution;
};

FailureOr<AtomicPlan> planAtomic(OpBuilder &builder, Location loc,
                                 Type ptrType, size_t count) {
  AtomicPlan plan;
  plan.repeats.assign(count, -1);
  auto tensor = dyn_cast<RankedTensorType>(ptrType);
  if (!tensor) {
    plan.owner = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                       emitThreadId(builder, loc),
                                       emitI32(builder, loc, 0));
    return plan;
  }
  plan.distribution = Distribution::get(tensor);
  if (!plan.distribution)
    return failure();
  plan.owner = plan.distribution->emitIsOwner(builder, loc);
  int32_t repeated =
      plan.distribution->getLinearLayout().getFreeVariableMask(tile::kRegister);
  for (size_t i = 0; i < count; ++i)
    if (int64_t(i) & repeated)
      plan.repeats[i] = int64_t(i) & ~int64_t(repeated);
  return plan;
}

/// Gives every holder the owners' old values through the op's scratch, if
/// it has one (tile-allocate-shared gives one when the results are used
/// and other threads hold copies).
SmallVector<Value> shareResults(OpBuilder &builder, Location loc,
                                Operation *op, const LoweringState &state,
                                const AtomicPlan &plan, Type element,
                                SmallVector<Value> results) {
  auto offsetIt = state.sharedOffsets.find(op);
  if (offsetIt == state.sharedOffsets.end())
    return results;
  Value base = emitSharedPointer(builder, loc, offsetIt->second);
  unsigned bits = element.getIntOrFloatBitWidth();
  SmallVector<Value> indices;
  if (plan.distribution)
    indices = plan.distribution->emitLinearIndices(builder, loc);
  else
    indices.push_back(emitI32(builder, loc, 0));
  Value owner = plan.owner ? plan.owner
                           : arith::ConstantIntOp::create(builder, loc, 1, 1);
  for (size_t i = 0; i < results.size(); ++i) {
    if (plan.repeats[i] >= 0)
      continue;
    Value slot = emitSharedElementPointer(builder, loc, base, element, indices[i]);
    Value address = LLVM::PtrToIntOp::create(builder, loc, builder.getI32Type(),
                                             slot);
    LLVM::InlineAsmOp::create(
        builder, loc, TypeRange(),
        ValueRange{address, toWord(builder, loc, results[i]), owner},
        "@$2 st.shared.b" + std::to_string(bits) + " [$0], $1;",
        "r," + constraintFor(bits).str() + ",b",
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(builder.getContext(),
                                  LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
  }
  emitBarrier(builder, loc);
  for (size_t i = 0; i < results.size(); ++i) {
    if (plan.repeats[i] >= 0)
      continue;
    Value slot = emitSharedElementPointer(builder, loc, base, element, indices[i]);
    results[i] = LLVM::LoadOp::create(builder, loc, element, slot, bits / 8);
  }
  // tile-insert-barriers orders these reads against the next writes.
  return results;
}

template <typename OpTy>
struct AtomicOpLowering : public OpConversionPattern<OpTy> {
  AtomicOpLowering(const TypeConverter &converter, MLIRContext *context,
                   const LoweringState &state)
      : OpConversionPattern<OpTy>(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpConversionPattern<OpTy>::OneToNOpAdaptor
                               adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = this->getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getResult().getType()));
    ValueRange ptrs = adaptor.getPtr();
    FailureOr<AtomicPlan> plan =
        planAtomic(rewriter, loc, op.getPtr().getType(), ptrs.size());
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "no layout");
    std::string order = orderQualifiers(op.getSem(), op.getScope());
    // One thread releases for the whole program: what the other threads
    // wrote before must be ordered before its release (the lock pattern:
    // stores, then `tl.atomic_xchg(lock, 0)`).
    if (startsWithBarrier(op))
      emitBarrier(rewriter, loc);
    SmallVector<Value> results(ptrs.size());
    for (size_t i = 0; i < ptrs.size(); ++i) {
      if (plan->repeats[i] >= 0)
        continue;
      results[i] = emitOne(op, adaptor, rewriter, loc, order, element,
                           plan->owner, i);
    }
    results = shareResults(rewriter, loc, op, state, *plan, element,
                           std::move(results));
    for (size_t i = 0; i < results.size(); ++i)
      if (plan->repeats[i] >= 0)
        results[i] = results[plan->repeats[i]];
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }

  Value emitOne(tile::AtomicRMWOp op,
                typename OpConversionPattern<OpTy>::OneToNOpAdaptor adaptor,
                OpBuilder &builder, Location loc, const std::string &order,
                Type element, Value owner, size_t i) const {
    Value pred = owner;
    if (op.getMask())
      pred = conjoin(builder, loc, adaptor.getMask()[i], owner);
    if (!pred)
      pred = arith::ConstantIntOp::create(builder, loc, 1, 1);
    return emitRMW(builder, loc, op.getKind(), order, element,
                   adaptor.getPtr()[i], adaptor.getValue()[i], pred,
                   !hasBf16AtomicAdd(getTargetArch(op)));
  }

  Value emitOne(tile::AtomicCASOp op,
                typename OpConversionPattern<OpTy>::OneToNOpAdaptor adaptor,
                OpBuilder &builder, Location loc, const std::string &order,
                Type element, Value owner, size_t i) const {
    Value pred =
        owner ? owner : arith::ConstantIntOp::create(builder, loc, 1, 1);
    return emitCAS(builder, loc, order, element, adaptor.getPtr()[i],
                   adaptor.getCmp()[i], adaptor.getValue()[i], pred);
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateAtomicPatterns(TileTypeConverter &converter,
                                   const LoweringState &state,
                                   RewritePatternSet &patterns) {
  patterns.add<AtomicOpLowering<tile::AtomicRMWOp>,
               AtomicOpLowering<tile::AtomicCASOp>>(
      converter, patterns.getContext(), state);
}
