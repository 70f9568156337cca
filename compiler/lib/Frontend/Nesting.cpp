//===- Nesting.cpp - how deep the generator follows the program -----------===//

#include "Generator.h"

namespace tilec {
namespace detail {

NestingLevel::NestingLevel(Generator &gen, unsigned &depth, unsigned limit,
                           const Location &at, llvm::StringRef what)
    : depth(depth), entered(++depth <= limit) {
  if (entered)
    return;
  mlir::InFlightDiagnostic error = gen.emitError(at);
  error << what << " nested too deeply (more than " << limit << " levels)";
  if (!gen.callStack.empty())
    error.attachNote() << "the count goes on through the @triton.jit "
                          "functions being inlined here, "
                       << gen.callStack.size() << " deep";
}

} // namespace detail
} // namespace tilec
