//===- target_codegen_test.cpp - the codegen level of big kernels ---------===//
//
// emitPTX assembles a kernel at codegen level O0 when it has more than 6000
// instructions that compute something (NVPTX's straight-line strength
// reduction takes minutes on such code); the aggregate and vector element
// accesses of a block's lanes, bitcasts and phis do not count, so a
// tensor-core kernel with many lanes keeps O3 (and its register
// coalescing).
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

bool quick(const std::string &text) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, error, context);
  if (!module) {
    error.print("target_codegen_test", llvm::errs());
    FAIL("the test's IR does not parse");
  }
  return tilec::needsQuickCodegen(*module);
}

} // namespace

TEST_CASE("Codegen level: computing instructions past 6000 take O0",
          "[target]") {
  CHECK_FALSE(quick(makeKernel(5990, 0)));
  CHECK(quick(makeKernel(6010, 0)));
}

TEST_CASE("Codegen level: lane accesses do not count", "[target]") {
  // 4000 additions and 8000 aggregate accesses: 12001 instructions in all.
  CHECK_FALSE(quick(makeKernel(4000, 1)));
}
