//===- CallJit.cpp - calls of other @triton.jit functions -----------------===//
//
// A kernel may call the file's other @triton.jit functions, as Triton
// kernels call helpers such as an activation. Each call is inlined: the
// callee's parameters are bound to the call's arguments (positional, then
// keywords, then defaults), its body is generated in a scope of its own
// at the call site, and its final `return` gives the call's value (None
// without one; a tuple for `return a, b`). A return anywhere but at the end
// of the body, a constexpr parameter given a runtime value, and recursion
// are located errors.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

/// Marks the GenValue::Function names of @triton.jit functions.
static constexpr llvm::StringLiteral kJitPrefix = "jit:";

std::optional<GenValue> Generator::lookupJitFunction(llvm::StringRef name) {
  if (!astModule.lookup(name))
    return std::nullopt;
  return GenValue::function((kJitPrefix + name).str());
}

bool Generator::isJitFunction(const GenValue &callee) {
  return callee.kind == GenValue::Kind::Function &&
         llvm::StringRef(callee.name).starts_with(kJitPrefix);
}

FailureOr<GenValue> Generator::callJitFunction(const GenValue &callee,
                                               ArrayRef<Arg> args,
                                               ArrayRef<Arg> kwargValues,
                                               ArrayRef<std::string> kwargNames,
                                               const Location &at) {
  llvm::StringRef name = llvm::StringRef(callee.name).drop_front(
      kJitPrefix.size());
  const ast::Function *function = astModule.lookup(name);
  assert(function && "lookupJitFunction found it");
  if (llvm::is_contained(callStack, function))
    return emitError(at) << "recursive call of '" << name
                         << "': @triton.jit functions are inlined and cannot "
                            "recurse";
  const std::vector<ast::Param> &params = function->getParams();
  if (args.size() > params.size())
    return emitError(args[params.size()].loc)
           << name << "() takes " << params.size() << " argument"
           << (params.size() == 1 ? "" : "s") << " but " << args.size()
           << " were given";

  // Arguments in parameter order.
  SmallVector<std::optional<Arg>> bound(params.size());
  for (auto [i, arg] : llvm::enumerate(args))
    bound[i] = arg;
  for (auto [value, keyword] : llvm::zip(kwargValues, kwargNames)) {
    auto it = llvm::find_if(
        params, [&](const ast::Param &p) { return p.name == keyword; });
    if (it == params.end())
      return emitError(value.loc) << name
                                  << "() got an unexpected keyword argument '"
                                  << keyword << "'";
    size_t index = it - params.begin();
    if (bound[index])
      return emitError(value.loc) << name << "() got multiple values for "
                                  << "argument '" << keyword << "'";
    bound[index] = value;
  }

  // The callee's scope: its parameters only (Python functions do not see
  // the caller's locals). Defaults are evaluated there, before the body.
  llvm::StringMap<Binding> savedVars = std::move(vars);
  llvm::StringMap<std::string> savedGone = std::move(goneVars);
  unsigned savedDepth = regionDepth;
  vars.clear();
  goneVars.clear();
  regionDepth = 0;
  callStack.push_back(function);
  auto restore = [&] {
    vars = std::move(savedVars);
    goneVars = std::move(savedGone);
    regionDepth = savedDepth;
    callStack.pop_back();
  };

  for (auto [param, arg] : llvm::zip(params, bound)) {
    GenValue value;
    Location where = param.loc;
    if (arg) {
      value = arg->value;
      where = arg->loc;
    } else if (param.defaultValue) {
      FailureOr<GenValue> v = genExpr(*param.defaultValue);
      if (failed(v)) {
        restore();
        return failure();
      }
      value = *v;
    } else {
      restore();
      return emitError(at) << name << "() missing required argument '"
                           << param.name << "'";
    }
    // A runtime value for a tl.constexpr parameter is taken as it is, as
    // Triton does (its attention tutorial passes blocks of offsets so); a
    // use that needs a compile-time value reports it there.
    vars[param.name] = Binding{value, where};
  }

  // The body; returns anywhere outside loops (Returns.cpp) leave the value.
  if (failed(genFunctionBody(function->getBody()))) {
    restore();
    return failure();
  }
  GenValue result = GenValue::none();
  auto it = vars.find(kReturnVar);
  if (it != vars.end())
    result = it->second.value;
  restore();
  return result;
}
