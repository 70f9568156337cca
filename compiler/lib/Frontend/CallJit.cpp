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

/// Marks the GenValue::Function names of @triton.jit functions:
/// "jit:<module index>:<name>".
static constexpr llvm::StringLiteral kJitPrefix = "jit:";
/// Marks the GenValue::Namespace names of imported files' modules:
/// "module:<module index>:<name the import bound>".
static constexpr llvm::StringLiteral kModulePrefix = "module:";

unsigned Generator::getModuleIndex(const ast::Module *module) {
  auto it = llvm::find(modules, module);
  if (it != modules.end())
    return it - modules.begin();
  modules.push_back(module);
  return modules.size() - 1;
}

/// The module index and the name of a "jit:" or "module:" name.
static std::pair<unsigned, llvm::StringRef>
splitQualified(llvm::StringRef qualified, llvm::StringRef prefix) {
  auto [index, name] = qualified.drop_front(prefix.size()).split(':');
  unsigned i = 0;
  bool bad = index.getAsInteger(10, i);
  assert(!bad && "made by getModuleIndex");
  (void)bad;
  return {i, name};
}

/// The callable of `module`'s @triton.jit function `name`, if it has one.
static std::optional<GenValue> jitFunctionOf(Generator &gen,
                                             const ast::Module &module,
                                             llvm::StringRef name) {
  if (!module.lookup(name))
    return std::nullopt;
  return GenValue::function((kJitPrefix +
                             llvm::Twine(gen.getModuleIndex(&module)) + ":" +
                             name)
                                .str());
}

bool Generator::isJitFunction(const GenValue &callee) {
  return callee.kind == GenValue::Kind::Function &&
         llvm::StringRef(callee.name).starts_with(kJitPrefix);
}

std::optional<FailureOr<GenValue>>
Generator::memberOf(const ast::Module &module, llvm::StringRef name,
                    const Location &at) {
  // Bound in a branch of a top-level `if` or `try` that tilec cannot tell
  // Python takes (ParseTopLevel.cpp).
  if (const std::string *why = module.lookupConditional(name))
    return FailureOr<GenValue>(emitError(at) << "'" << name << "' is bound "
                                             << *why);
  if (std::optional<GenValue> fn = jitFunctionOf(*this, module, name))
    return FailureOr<GenValue>(*fn);
  // What that module imports (`helpers.more.f`, or a name it re-exports),
  // as Python finds it in the module's namespace. A chain of re-exports
  // that comes back to a name it is resolving is a cycle.
  std::pair<const ast::Module *, std::string> key(&module, name.str());
  if (llvm::is_contained(resolving, key))
    return FailureOr<GenValue>(emitError(at)
                               << "'" << name << "' is imported in a cycle");
  NestingLevel level(*this, nesting.imports, kMaxImportDepth, at,
                     "re-exports of '" + name.str() + "'");
  if (!level)
    return FailureOr<GenValue>(failure());
  auto throughImports =
      [&](llvm::function_ref<std::optional<FailureOr<GenValue>>()> find) {
        resolving.push_back(key);
        std::optional<FailureOr<GenValue>> found = find();
        resolving.pop_back();
        return found;
      };
  if (std::optional<FailureOr<GenValue>> imported = throughImports([&] {
        const ast::Module *saved = scope;
        scope = &module;
        std::optional<FailureOr<GenValue>> found = lookupFileImport(name, at);
        scope = saved;
        return found;
      }))
    return imported;
  if (std::optional<FailureOr<GenValue>> imported =
          lookupTritonImport(module, name, at))
    return imported;
  if (std::optional<FailureOr<GenValue>> global =
          lookupGlobal(module, name, at))
    return global;
  // Last, what `from M import *` brought in (explicit imports and the
  // module's own names come first; Python lets the later binding win,
  // and stars usually come first).
  return throughImports([&]() -> std::optional<FailureOr<GenValue>> {
    for (const ast::Module *star : module.getStarImports())
      if (std::optional<FailureOr<GenValue>> found = memberOf(*star, name, at))
        return found;
    return std::nullopt;
  });
}

std::optional<FailureOr<GenValue>>
Generator::lookupTritonImport(const ast::Module &module, llvm::StringRef name,
                              const Location &at) {
  llvm::StringRef imported = module.lookupImport(name);
  if (imported.empty())
    return std::nullopt;
  // A name imported from triton.language (or tl.math, or libdevice) is that
  // member of tl (or libdevice).
  if (imported.consume_front("tl."))
    return namespaceMember("tl", imported, at);
  if (imported.consume_front("libdevice."))
    return namespaceMember("libdevice", imported, at);
  return FailureOr<GenValue>(GenValue::namespaceOf(imported));
}

std::optional<FailureOr<GenValue>>
Generator::lookupFileImport(llvm::StringRef name, const Location &at) {
  const ast::Module::FileBinding *binding = scope->lookupFileImport(name);
  if (!binding)
    return std::nullopt;
  if (!binding->module)
    return FailureOr<GenValue>(emitError(at)
                               << "'" << name << "' is imported from "
                               << binding->spelled);
  if (binding->member.empty())
    return FailureOr<GenValue>(GenValue::namespaceOf(
        (kModulePrefix + llvm::Twine(getModuleIndex(binding->module)) + ":" +
         name)
            .str()));
  if (std::optional<FailureOr<GenValue>> member =
          memberOf(*binding->module, binding->member, at))
    return member;
  return FailureOr<GenValue>(emitError(at)
                             << "'" << name << "' is imported from "
                             << binding->module->getFilename()
                             << ", which has no @triton.jit function '"
                             << binding->member << "'");
}

FailureOr<GenValue> Generator::moduleMember(llvm::StringRef ns,
                                            llvm::StringRef name,
                                            const Location &at) {
  auto [index, bound] = splitQualified(ns, kModulePrefix);
  const ast::Module &module = *modules[index];
  if (std::optional<FailureOr<GenValue>> member = memberOf(module, name, at))
    return *member;
  return emitError(at) << "module '" << bound << "' ("
                       << module.getFilename()
                       << ") has no @triton.jit function '" << name << "'";
}

bool Generator::isModuleNamespace(llvm::StringRef ns) {
  return ns.starts_with(kModulePrefix);
}

llvm::StringRef Generator::getDisplayName(llvm::StringRef name) {
  for (llvm::StringRef prefix : {kJitPrefix, kModulePrefix})
    if (name.starts_with(prefix))
      return splitQualified(name, prefix).second;
  return name;
}

/// Whether `expr` names tl.constexpr: `tl.constexpr`,
/// `triton.language.constexpr`, or `constexpr` imported from tl.
static bool isConstexprName(const ast::Expr &expr) {
  if (auto *name = llvm::dyn_cast<ast::NameExpr>(&expr))
    return name->getName() == "constexpr";
  auto *attr = llvm::dyn_cast<ast::AttributeExpr>(&expr);
  return attr && attr->getAttr() == "constexpr";
}

/// Whether `expr` is `tl.constexpr(...)` (in any of isConstexprName's
/// spellings).
static bool isConstexprCall(const ast::Expr &expr) {
  auto *call = llvm::dyn_cast<ast::CallExpr>(&expr);
  return call && isConstexprName(call->getCallee());
}

/// Whether `expr` is a name or an attribute of one (`tl.float16`,
/// `libdevice.tanh`, `helper`): an alias of what it names, as Python binds
/// `NAME = expr` to the object itself.
static bool isAlias(const ast::Expr &expr) {
  const ast::Expr *e = &expr;
  while (auto *attr = llvm::dyn_cast<ast::AttributeExpr>(e))
    e = &attr->getValue();
  return llvm::isa<ast::NameExpr>(e);
}

/// Why a kernel may not read `global`, which is neither a constexpr nor an
/// alias.
static std::string unreadableGlobal(llvm::StringRef name,
                                    const ast::Module::Global &global) {
  std::string message = ("cannot read the global '" + name +
                         "' in a @triton.jit function: ")
                            .str();
  llvm::raw_string_ostream os(message);
  if (global.annotation) {
    os << "it is annotated, but not as tl.constexpr (`" << name
       << ": tl.constexpr = ...` is a value kernels read)";
    return message;
  }
  if (auto *call = llvm::dyn_cast<ast::CallExpr>(global.value.get());
      call && isAlias(call->getCallee())) {
    os << "it is bound to what the host function '";
    ast::printExpr(call->getCallee(), os);
    os << "' returns, and tilec does not run host code";
    return message;
  }
  os << "as in Triton, kernels read only globals made with tl.constexpr (`"
     << name
     << " = tl.constexpr(...)`), dtypes and Triton's or @triton.jit "
        "functions";
  return message;
}

std::optional<FailureOr<GenValue>>
Generator::lookupGlobal(const ast::Module &module, llvm::StringRef name,
                        const Location &at) {
  const ast::Module::Global *global = module.lookupGlobal(name);
  if (!global)
    return std::nullopt;
  auto fail = [&]() { return std::optional<FailureOr<GenValue>>(failure()); };
  // Triton reads a global that is a constexpr object, or annotated
  // tl.constexpr (`X: tl.constexpr = 0`), or one of the objects it lets
  // through whatever they are bound to (dtypes, its builtins and modules,
  // @triton.jit functions): those are what an alias names.
  bool constexpr_ = isConstexprCall(*global->value) ||
                    (global->annotation && isConstexprName(*global->annotation));
  if (!constexpr_ && (global->annotation || !isAlias(*global->value))) {
    emitError(at) << unreadableGlobal(name, *global);
    return fail();
  }
  if (llvm::is_contained(evaluatingGlobals, global)) {
    emitError(at) << "the global '" << name << "' refers to itself";
    return fail();
  }
  // Evaluated in its own module, seeing no local variable.
  FailureOr<GenValue> value = failure();
  {
    FreshScope fresh(*this, &module);
    evaluatingGlobals.push_back(global);
    value = genExpr(*global->value);
    evaluatingGlobals.pop_back();
  }
  if (failed(value))
    return fail();
  if (value->isRuntime()) {
    emitError(at) << "the global '" << name << "' is "
                  << describe(*value)
                  << ", not a tl.constexpr value or a dtype a kernel may read";
    return fail();
  }
  return std::optional<FailureOr<GenValue>>(*value);
}

FailureOr<GenValue> Generator::callJitFunction(const GenValue &callee,
                                               ArrayRef<Arg> args,
                                               ArrayRef<Arg> kwargValues,
                                               ArrayRef<std::string> kwargNames,
                                               const Location &at) {
  auto [index, name] = splitQualified(callee.name, kJitPrefix);
  const ast::Module *module = modules[index];
  const ast::Function *function = module->lookup(name);
  assert(function && "jitFunctionOf found it");
  if (llvm::is_contained(callStack, function))
    return emitError(at) << "recursive call of '" << name
                         << "': @triton.jit functions are inlined and cannot "
                            "recurse";
  if (callStack.size() >= kMaxInlineDepth)
    return emitError(at) << "calls of @triton.jit functions nested too deeply "
                            "(more than "
                         << kMaxInlineDepth << " levels)";
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
  // Its names resolve in its own file.
  FreshScope fresh(*this, module);
  callStack.push_back(function);
  auto restore = [&] { callStack.pop_back(); };

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
