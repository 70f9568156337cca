//===- target_codegen_test.cpp - when NVPTX's strength reduction runs -----===//
//
// emitPTX leaves NVPTX's straight-line strength reduction (SLSR) out of a
// kernel with more than 6000 instructions that compute something (the pass
// takes minutes on such code); the aggregate and vector element accesses of
// a block's lanes, bitcasts and phis do not count. Below that size it also
// leaves the pass out when many integer operations of one block read the
// same value: getSharedOperandPairs. The rest of O3 codegen runs either way.
//
//===----------------------------------------------------------------------===//

#include "tilec/Target/Target.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <string>

namespace {

/// A function of `adds` chained i32 additions, each result also moved in
/// and out of a two-lane aggregate `lanes` times.
std::string makeKernel(int adds, int lanes) {
  std::string text = "define i32 @f(i32 %x) {\n";
  std::string last = "%x";
  for (int i = 0; i < adds; ++i) {
    std::string sum = "%a" + std::to_string(i);
    text += "  " + sum + " = add i32 " + last + ", " + std::to_string(i) + "\n";
    last = sum;
    for (int j = 0; j < lanes; ++j) {
      std::string tag = std::to_string(i) + "_" + std::to_string(j);
      text += "  %s" + tag + " = insertvalue { i32, i32 } undef, i32 " + last +
              ", 0\n";
      text += "  %e" + tag + " = extractvalue { i32, i32 } %s" + tag +
              ", 0\n";
      last = "%e" + tag;
    }
  }
  text += "  ret i32 " + last + "\n}\n";
  return text;
}

std::unique_ptr<llvm::Module> parse(const std::string &text,
                                    llvm::LLVMContext &context) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, error, context);
  if (!module) {
    error.print("target_codegen_test", llvm::errs());
    FAIL("the test's IR does not parse");
  }
  return module;
}

bool large(const std::string &text) {
  llvm::LLVMContext context;
  return tilec::isLargeForStrengthReduction(*parse(text, context));
}

/// A block's sum %r added to `n` values (xors of %x, which SLSR does not
/// take), and `m` more additions in a second block that read %r too.
std::string makeSharedSum(int n, int m) {
  std::string text = "define i32 @f(i32 %x, i32 %r) {\n";
  std::string acc = "%x";
  for (int i = 0; i < n; ++i) {
    std::string k = std::to_string(i);
    text += "  %v" + k + " = xor i32 %x, " + std::to_string(i + 1) + "\n";
    text += "  %a" + k + " = add i32 %v" + k + ", %r\n";
    text += "  %c" + k + " = or i32 " + acc + ", %a" + k + "\n";
    acc = "%c" + k;
  }
  text += "  br label %next\nnext:\n";
  for (int i = 0; i < m; ++i) {
    std::string k = std::to_string(i);
    text += "  %b" + k + " = add i32 " + acc + ", %r\n";
    acc = "%b" + k;
  }
  text += "  ret i32 " + acc + "\n}\n";
  return text;
}

uint64_t pairs(const std::string &text) {
  llvm::LLVMContext context;
  return tilec::getSharedOperandPairs(*parse(text, context));
}

} // namespace

TEST_CASE("Strength reduction: left out past 6000 computing instructions",
          "[target]") {
  CHECK_FALSE(large(makeKernel(5990, 0)));
  CHECK(large(makeKernel(6010, 0)));
}

TEST_CASE("Strength reduction: lane accesses do not count", "[target]") {
  // 4000 additions and 8000 aggregate accesses: 12001 instructions in all.
  CHECK_FALSE(large(makeKernel(4000, 1)));
}

TEST_CASE("Strength reduction: pairs of operations that share an operand",
          "[target]") {
  // %r read by 100 additions, each %v once: 100 * 100 + 100.
  CHECK(pairs(makeSharedSum(100, 0)) == 10100);
  // Blocks count apart: the worst one. The second block's 50 additions
  // read %r and each the previous sum: 50 * 50 + 50 (the first block's
  // last value %c99 once, %b0..%b48 once each).
  CHECK(pairs(makeSharedSum(100, 50)) == 10100);
  CHECK(pairs(makeSharedSum(10, 150)) == 150 * 150 + 150);
}

TEST_CASE("Strength reduction: left out past the limit", "[target]") {
  CHECK(pairs(makeSharedSum(127, 0)) <= tilec::kStrengthReductionPairLimit);
  CHECK(pairs(makeSharedSum(128, 0)) > tilec::kStrengthReductionPairLimit);
}
