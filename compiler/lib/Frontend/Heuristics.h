//===- Heuristics.h - @triton.heuristics at compile time --------*- C++ -*-===//
//
// A heuristic's lambda computes a constexpr from the kernel's other
// arguments. AOT, only compile-time values are known, so tilec evaluates
// the lambda over the bound constexprs: literals, `args['NAME']`,
// arithmetic, comparisons, `and`/`or`/`not`, conditional expressions, and
// the calls min, max, abs, int, float, bool, triton.cdiv and
// triton.next_power_of_2. `args['NAME'] is None` (and `is not None`) is
// known for every parameter: only a parameter bound to None is None, as a
// runtime argument of Triton's never is once it is not None.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HEURISTICS_H
#define TILEC_FRONTEND_HEURISTICS_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Signature.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"

#include <optional>

namespace tilec {

/// Gives the value of `args['name']` read at `loc`, or reports why there
/// is none (and returns std::nullopt).
using HeuristicLookup = llvm::function_ref<std::optional<ConstantValue>(
    llvm::StringRef name, const Location &loc)>;
/// Whether `args['name']` read at `loc` is None, or reports why that is not
/// known (and returns std::nullopt).
using HeuristicIsNone = llvm::function_ref<std::optional<bool>(
    llvm::StringRef name, const Location &loc)>;
/// Reports an error at a location.
using HeuristicError =
    llvm::function_ref<void(const Location &loc, const llvm::Twine &message)>;

/// Evaluates `body`, a lambda of the parameter `argName`; std::nullopt after
/// an error was reported.
std::optional<ConstantValue> evaluateHeuristic(const ast::Expr &body,
                                               llvm::StringRef argName,
                                               HeuristicLookup lookup,
                                               HeuristicIsNone isNone,
                                               HeuristicError error);

} // namespace tilec

#endif // TILEC_FRONTEND_HEURISTICS_H
