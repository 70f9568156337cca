//===- Stack.h - running the front end on a stack of known size -*- C++ -*-===//
//
// The parser and the generator recurse on the structure of the program
// (expressions, statements, inlined calls). Their depth limits (located
// errors "... nested too deeply (more than N levels)") are chosen to fit in
// kFrontendStackBytes with room to spare in unoptimised builds; the front
// end runs on a thread of its own with that stack, whatever thread calls
// it (the JIT may be called on threads of 1 MB or less).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_SUPPORT_STACK_H
#define TILEC_SUPPORT_STACK_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace tilec {

/// The stack the front end runs on. The deepest input the limits let
/// through used about 8 MB in a release build.
constexpr size_t kFrontendStackBytes = size_t(64) << 20;

/// Runs `fn` on a new thread with a stack of `bytes` and waits for it; on
/// this thread if no such thread can be made.
void runOnStack(size_t bytes, llvm::function_ref<void()> fn);

} // namespace tilec

#endif // TILEC_SUPPORT_STACK_H
