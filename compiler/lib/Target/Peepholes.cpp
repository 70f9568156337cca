//===- Peepholes.cpp - rewrites of optimised LLVM IR for NVPTX ------------===//
//
// Two rewrites after O3, both on integer arithmetic that counter-based
// random numbers (tl.rand's Philox) are made of, and both general:
//
// - `or disjoint x, C` feeding a multiply becomes `add nuw nsw x, C` (the
//   same value: no bit is set in both, so nothing carries or overflows).
//   InstCombine writes adds of disjoint bits as ors, and LLVM 22's
//   straight-line strength reduction, which NVPTX runs before instruction
//   selection, only reads adds: each `offs * C` of `pid * BLOCK + arange`
//   stayed its own mul.lo instead of one multiply plus constants.
//
// - The low and high words of the same 32x32-bit product, `mul i32 a, b`
//   and `trunc(lshr(mul i64 (zext a), (zext b)), 32)`, come from the one
//   64-bit multiply (`mul.wide.u32`, split with `mov.b64 {lo, hi}`): one
//   IMAD.WIDE where `mul.lo` and `mul.hi` are two instructions; ptxas does
//   not pair them itself. Philox needs both halves of every product.
//
// Measured on the H200 (dropout of 2^26 fp32 through tl.rand, one call):
// 214.8 us before either, 208.9 with the first (and zero-filled masked
// loads), 179 us with both, where Triton 3.6 takes 208.
//
//===----------------------------------------------------------------------===//

#include "Peepholes.h"

#include "llvm/ADT/SmallPtrSet.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {

void disjointOrsToAdds(Function &function) {
  SmallVector<BinaryOperator *> ors;
  for (Instruction &instruction : instructions(function)) {
    auto *op = dyn_cast<PossiblyDisjointInst>(&instruction);
    if (!op || !op->isDisjoint() || !isa<ConstantInt>(op->getOperand(1)))
      continue;
    if (any_of(op->users(), [](User *user) {
          auto *binary = dyn_cast<BinaryOperator>(user);
          return binary && binary->getOpcode() == Instruction::Mul;
        }))
      ors.push_back(cast<BinaryOperator>(op));
  }
  for (BinaryOperator *op : ors) {
    auto *add = BinaryOperator::Create(Instruction::Add, op->getOperand(0),
                                       op->getOperand(1), "",
                                       op->getIterator());
    add->setHasNoUnsignedWrap();
    add->setHasNoSignedWrap();
    add->takeName(op);
    add->setDebugLoc(op->getDebugLoc());
    op->replaceAllUsesWith(add);
    op->eraseFromParent();
  }
}

/// The i32 value \p wide zero-extends: an instruction's operand or a
/// constant narrowed back; nullptr if \p wide is neither.
Value *narrowOf(Value *wide, LLVMContext &context) {
  Value *narrow = nullptr;
  if (match(wide, m_ZExt(m_Value(narrow))) && narrow->getType()->isIntegerTy(32))
    return narrow;
  if (auto *constant = dyn_cast<ConstantInt>(wide))
    if (constant->getValue().isIntN(32))
      return ConstantInt::get(Type::getInt32Ty(context),
                              constant->getValue().trunc(32));
  return nullptr;
}

void pairWideMultiplies(Function &function) {
  LLVMContext &context = function.getContext();
  // Each 64-bit product of two zero-extended i32 values whose high word is
  // taken, with the i32 product of the same values in its block.
  struct Pair {
    Instruction *wide;
    Instruction *high; // trunc(lshr(wide, 32))
    Instruction *low;  // mul i32
  };
  SmallVector<Pair> pairs;
  // Each i32 product pairs with one 64-bit product at most.
  SmallPtrSet<Instruction *, 16> paired;
  for (BasicBlock &block : function) {
    DenseMap<std::pair<Value *, Value *>, Instruction *> lows;
    for (Instruction &instruction : block) {
      Value *x = nullptr, *y = nullptr;
      if (match(&instruction, m_Mul(m_Value(x), m_Value(y))) &&
          instruction.getType()->isIntegerTy(32)) {
        lows.try_emplace({x, y}, &instruction);
        lows.try_emplace({y, x}, &instruction);
      }
    }
    for (Instruction &instruction : block) {
      Value *wideX = nullptr, *wideY = nullptr;
      if (!match(&instruction, m_Mul(m_Value(wideX), m_Value(wideY))) ||
          !instruction.getType()->isIntegerTy(64))
        continue;
      Value *a = narrowOf(wideX, context), *b = narrowOf(wideY, context);
      if (!a || !b || (isa<Constant>(a) && isa<Constant>(b)))
        continue;
      // Its one use: the high word.
      if (!instruction.hasOneUse())
        continue;
      auto *shift = dyn_cast<Instruction>(*instruction.user_begin());
      if (!shift || !match(shift, m_LShr(m_Specific(&instruction),
                                         m_SpecificInt(32))) ||
          !shift->hasOneUse())
        continue;
      auto *high = dyn_cast<TruncInst>(*shift->user_begin());
      if (!high || !high->getType()->isIntegerTy(32))
        continue;
      auto it = lows.find({a, b});
      if (it == lows.end())
        continue;
      // A low product of `x + C` is left to strength reduction, which
      // derives it from another product with an add (the offsets of a
      // block: one multiply for all of them, against one each here).
      if (match(a, m_Add(m_Value(), m_ConstantInt())) ||
          match(b, m_Add(m_Value(), m_ConstantInt())))
        continue;
      if (!paired.insert(it->second).second)
        continue;
      pairs.push_back({&instruction, high, it->second});
    }
  }
  for (Pair &pair : pairs) {
    // The wide product (and the extensions it reads) must come before both
    // words' uses: before the i32 product if that comes first.
    if (pair.low->comesBefore(pair.wide)) {
      for (Use &operand : pair.wide->operands())
        if (auto *extension = dyn_cast<ZExtInst>(operand.get()))
          if (extension->getParent() == pair.low->getParent() &&
              pair.low->comesBefore(extension))
            extension->moveBefore(pair.low->getIterator());
      pair.wide->moveBefore(pair.low->getIterator());
    }
    // The split is assembly: as trunc and lshr (or a bitcast to <2 x i32>)
    // the DAG combiner hoists the truncation over the xors that read the
    // words, and 64-bit xors of half-dead products cost registers (ptxas:
    // 46 against 32 for the dropout, 183 us against 179).
    IRBuilder<> builder(pair.wide->getNextNode());
    Type *i32 = builder.getInt32Ty();
    auto *split = InlineAsm::get(
        FunctionType::get(StructType::get(context, {i32, i32}),
                          {builder.getInt64Ty()}, false),
        "mov.b64 {$0, $1}, $2;", "=r,=r,l", /*hasSideEffects=*/false);
    Value *words = builder.CreateCall(split, {pair.wide});
    Value *low = builder.CreateExtractValue(words, 0);
    Value *high = builder.CreateExtractValue(words, 1);
    pair.low->replaceAllUsesWith(low);
    pair.high->replaceAllUsesWith(high);
  }
  // The old words and the shift are dead now.
  for (Pair &pair : pairs) {
    Instruction *shift = cast<Instruction>(pair.high->getOperand(0));
    pair.high->eraseFromParent();
    shift->eraseFromParent();
    pair.low->eraseFromParent();
  }
}

} // namespace

void tilec::runNVPTXPeepholes(Module &module) {
  for (Function &function : module) {
    if (function.isDeclaration())
      continue;
    disjointOrsToAdds(function);
    pairWideMultiplies(function);
  }
}
