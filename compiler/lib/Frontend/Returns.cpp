//===- Returns.cpp - `return` anywhere outside loops ----------------------===//
//
// Triton lets a kernel or @triton.jit function return early, from inside
// ifs, but not from inside loops (`if pid >= n: return` ends many
// kernels). Here that is structured: the statements after an if whose
// branches return are generated into each branch that can reach them (the
// rest of the body in the else of `if c: return`), so every path ends at
// one return, and the value a function returns is the variable kReturnVar,
// merged by the scf.if of a runtime condition like any other variable.
// Branches may thus repeat the code after them: a chain of k returning ifs
// that each fall through on both sides would repeat it 2^k times; Triton's
// usual idioms (a guard that returns, an if/else that returns on both
// sides) repeat nothing.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

using namespace mlir;

namespace tilec {
namespace detail {

static bool branchesReturn(const ast::IfStmt &branch);

/// Whether `block` has a return outside loops (where generation handles
/// it), looking into ifs.
static bool returnsOutsideLoops(const ast::Block &block) {
  for (const ast::StmtPtr &stmt : block) {
    if (isa<ast::ReturnStmt>(stmt.get()))
      return true;
    if (auto *branch = dyn_cast<ast::IfStmt>(stmt.get()))
      if (branchesReturn(*branch))
        return true;
  }
  return false;
}

/// Whether a branch of `branch` (an elif or the else too) returns.
static bool branchesReturn(const ast::IfStmt &branch) {
  for (size_t i = 0; i <= branch.getBranches().size(); ++i)
    if (returnsOutsideLoops(branch.getBody(i)))
      return true;
  return false;
}

LogicalResult Generator::genFunctionBody(const ast::Block &body) {
  return genSequence(Continuation{{&body, 0}});
}

LogicalResult Generator::genSequence(Continuation rest,
                                     std::optional<Location> last) {
  while (!rest.empty()) {
    auto &[block, next] = rest.back();
    if (next == block->size()) {
      rest.pop_back();
      continue;
    }
    const ast::Stmt &stmt = *(*block)[next++];
    last = stmt.loc();

    if (auto *ret = dyn_cast<ast::ReturnStmt>(&stmt)) {
      // What follows on this path is unreachable.
      if (!ret->getValue()) {
        vars[kReturnVar] = Binding{GenValue::none(), stmt.loc()};
        return success();
      }
      if (callStack.empty())
        return emitError(stmt.loc()) << "kernels cannot return a value";
      FailureOr<GenValue> value = genExpr(*ret->getValue());
      if (failed(value))
        return failure();
      // A returned Python number becomes a tensor, as Triton's
      // visit_Return makes it: `return 16` is an int32 scalar, not a
      // constexpr.
      value = assignedValue(*value, ret->getValue()->loc(), "a return");
      if (failed(value))
        return failure();
      vars[kReturnVar] = Binding{*value, stmt.loc()};
      return success();
    }

    auto *branch = dyn_cast<ast::IfStmt>(&stmt);
    if (!branch || !branchesReturn(*branch)) {
      if (failed(genStmt(stmt)))
        return failure();
      continue;
    }

    // An if that returns: each branch goes on with the rest.
    FailureOr<ChainStart> start = startIfChain(*branch);
    if (failed(start))
      return failure();
    if (!start->cond) {
      rest.push_back({&branch->getBody(start->branch), 0});
      continue;
    }
    // Nothing follows the scf.if but the function's end: of the variables,
    // only the return value lives on.
    return genRuntimeChain(
        *branch, *start,
        [&](size_t taken) {
          Continuation then = rest;
          then.push_back({&branch->getBody(taken), 0});
          return genSequence(std::move(then), branch->loc());
        },
        [](StringRef name) { return name == kReturnVar; });
  }
  // The end of the body: a bare return.
  if (last)
    vars[kReturnVar] = Binding{GenValue::none(), *last};
  return success();
}

} // namespace detail
} // namespace tilec
