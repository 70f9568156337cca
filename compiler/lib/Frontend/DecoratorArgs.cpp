//===- DecoratorArgs.cpp - module values in a decorator's arguments -------===//
//
// Shipped kernels pass their decorators values bound at the top level of
// their file: `@triton.autotune(configs=..., key=..., **tune_kwargs)` with
// `tune_kwargs = {'cache_results': True}`, `triton.Config({...},
// num_stages=FORWARD_NUM_STAGES)` with `FORWARD_NUM_STAGES = 1`. Python
// evaluates these when the decorator runs; tilec reads the displays and
// literals those names are bound to (the last binding before the
// decorator), and leaves anything host code computes to the caller to
// refuse or ignore.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/Parser.h"

using namespace tilec;
using namespace tilec::ast;

/// How many `A = B` links a constant's name may go through.
static constexpr unsigned kMaxNameLinks = 8;

const Expr *Parser::resolveConstantName(const NameExpr &name,
                                        std::vector<ExprPtr> &keepAlive) {
  const NameExpr *current = &name;
  for (unsigned links = 0; links < kMaxNameLinks; ++links) {
    auto it = topLevelValues.find(current->getName());
    if (it == topLevelValues.end())
      return nullptr;
    // Host code need not parse as tilec's Python: quietly.
    bool wasQuiet = quiet;
    quiet = true;
    ExprPtr value = parseAt(it->second);
    quiet = wasQuiet;
    failed = false;
    if (!value)
      return nullptr;
    keepAlive.push_back(std::move(value));
    const Expr *resolved = keepAlive.back().get();
    current = llvm::dyn_cast<NameExpr>(resolved);
    if (!current)
      return resolved;
  }
  return nullptr;
}

/// The dict a `**` argument unpacks, when `value` is a dict display or
/// `dict(name=value, ...)`; null otherwise.
static const Expr *asMapping(const Expr *value) {
  if (llvm::isa_and_nonnull<DictExpr>(value))
    return value;
  auto *call = llvm::dyn_cast_or_null<CallExpr>(value);
  if (!call || !call->getArgs().empty())
    return nullptr;
  auto *callee = llvm::dyn_cast<NameExpr>(&call->getCallee());
  if (!callee || callee->getName() != "dict" ||
      llvm::any_of(call->getKeywords(),
                   [](const Keyword &kw) { return kw.name.empty(); }))
    return nullptr;
  return value;
}

bool Parser::expandKeywords(const CallExpr &call, llvm::StringRef callee,
                            std::vector<DecoratorKeyword> &keywords,
                            std::vector<ExprPtr> &keepAlive,
                            const Keyword *&opaque) {
  auto add = [&](llvm::StringRef name, const Location &loc,
                 const Expr *value) {
    for (const DecoratorKeyword &other : keywords)
      if (other.name == name) {
        error(loc, callee + "() got multiple values for keyword argument '" +
                       name + "'");
        return false;
      }
    keywords.push_back({name.str(), loc, value});
    return true;
  };
  for (const Keyword &kw : call.getKeywords()) {
    if (!kw.name.empty()) {
      if (!add(kw.name, kw.loc, kw.value.get()))
        return false;
      continue;
    }
    const Expr *mapping = asMapping(kw.value.get());
    if (auto *name = llvm::dyn_cast<NameExpr>(kw.value.get()))
      mapping = asMapping(resolveConstantName(*name, keepAlive));
    if (!mapping) {
      if (!opaque)
        opaque = &kw;
      continue;
    }
    if (auto *dictCall = llvm::dyn_cast<CallExpr>(mapping)) {
      for (const Keyword &entry : dictCall->getKeywords())
        if (!add(entry.name, entry.loc, entry.value.get()))
          return false;
      continue;
    }
    auto *dict = llvm::cast<DictExpr>(mapping);
    for (auto [key, value] : llvm::zip(dict->getKeys(), dict->getValues())) {
      auto *keyName = llvm::dyn_cast<StringExpr>(key.get());
      if (!keyName) {
        error(key->loc(), callee + "() keywords must be strings");
        return false;
      }
      if (!add(keyName->getValue(), key->loc(), value.get()))
        return false;
    }
  }
  return true;
}
