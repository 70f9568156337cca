//===- ParseDecorators.cpp - @triton.autotune and friends -----------------===//
//
// A kernel's decorators other than @triton.jit are read when they change
// what tilec compiles: @triton.autotune gives the configs to compile,
// @triton.heuristics constexprs computed from other constexprs. Its
// `configs` may be a list display, a top-level name bound to one, or a call
// of a top-level function whose body returns one (Triton's tutorials write
// `configs=get_autotune_config()`), so the top level remembers where such
// values start and parses them only when a decorator refers to them.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/Parser.h"

#include "llvm/ADT/StringExtras.h"

using namespace tilec;
using namespace tilec::ast;

/// The name a decorator calls: `triton.autotune` or `autotune` -> "autotune";
/// "" for anything else.
static llvm::StringRef getTritonName(const Expr &expr) {
  if (auto *name = llvm::dyn_cast<NameExpr>(&expr))
    return name->getName();
  auto *attr = llvm::dyn_cast<AttributeExpr>(&expr);
  if (!attr)
    return "";
  auto *base = llvm::dyn_cast<NameExpr>(&attr->getValue());
  if (!base || base->getName() != "triton")
    return "";
  return attr->getAttr();
}

bool Parser::isDecoratorNamed(llvm::StringRef name) const {
  unsigned i = 1;
  if (peek(i).is(tok::identifier) && peek(i).spelling == "triton" &&
      peek(i + 1).is(tok::period))
    i += 2;
  return peek(i).is(tok::identifier) && peek(i).spelling == name;
}

/// The Triton module a dotted name imports, if kernels may use it:
/// triton.language.extra[.cuda].libdevice is "libdevice", triton.language
/// is "tl".
static llvm::StringRef importedModule(llvm::StringRef dotted) {
  if (dotted == "triton.language.extra.libdevice" ||
      dotted == "triton.language.extra.cuda.libdevice")
    return "libdevice";
  if (dotted == "triton.language")
    return "tl";
  return "";
}

void Parser::recordImport(ast::Module &module) {
  std::optional<ImportStatement> statement = readImportStatement(tokens, pos);
  if (!statement)
    return;
  for (FileImport &import :
       resolveFileImports(*statement, module.getFilename()))
    fileImports.push_back(std::move(import));
  if (statement->level > 0)
    return;
  // Triton's modules: `from A.B import C [as D], ...`, `import A.B.C as D`.
  std::string dotted = llvm::join(statement->module, ".");
  for (const ImportStatement::Name &name : statement->names) {
    std::string full = llvm::join(name.dotted, ".");
    if (!statement->isFrom) {
      if (!name.alias.empty())
        if (llvm::StringRef m = importedModule(full); !m.empty())
          module.addImport(name.alias, m);
      continue;
    }
    llvm::StringRef bound = name.alias.empty() ? llvm::StringRef(full)
                                                : name.alias;
    if (llvm::StringRef m = importedModule(dotted + "." + full); !m.empty())
      module.addImport(bound, m);
    else if (llvm::StringRef m = importedModule(dotted); !m.empty())
      // `from triton.language import constexpr`: tl.constexpr; `from
      // triton.language.extra.libdevice import rsqrt`: libdevice.rsqrt.
      module.addImport(bound, (m + "." + full).str());
    else if (dotted == "triton.language.math")
      module.addImport(bound, "tl." + full);
  }
}

void Parser::recordTopLevelValue() {
  // `NAME = value`
  if (tok().is(tok::identifier) && peek().is(tok::equal)) {
    topLevelValues[tok().spelling] = pos + 2;
    return;
  }
  // `def NAME():` whose body starts with `return value`, or with
  // `if is_cuda(): return value` (Triton's matmul tutorial picks its CUDA
  // configs so; tilec compiles for CUDA).
  if (tok().is(tok::kw_def) && peek(1).is(tok::identifier) &&
      peek(2).is(tok::l_paren) && peek(3).is(tok::r_paren) &&
      peek(4).is(tok::colon) && peek(5).is(tok::newline) &&
      peek(6).is(tok::indent)) {
    if (peek(7).is(tok::kw_return)) {
      topLevelReturns[peek(1).spelling] = pos + 8;
      return;
    }
    if (peek(7).is(tok::kw_if) && peek(8).is(tok::identifier) &&
        peek(8).spelling == "is_cuda" && peek(9).is(tok::l_paren) &&
        peek(10).is(tok::r_paren) && peek(11).is(tok::colon) &&
        peek(12).is(tok::newline) && peek(13).is(tok::indent) &&
        peek(14).is(tok::kw_return))
      topLevelReturns[peek(1).spelling] = pos + 15;
  }
}

void Parser::recordGlobal(ast::Module &module) {
  if (tok().isNot(tok::identifier) ||
      (peek().isNot(tok::equal) && peek().isNot(tok::colon)))
    return;
  std::string name = tok().spelling.str();
  Location loc = tok().loc;
  bool annotated = peek().is(tok::colon);
  size_t saved = pos;
  quiet = true;
  pos += 2;
  // `NAME: annotation = value`: the value after the annotation.
  ExprPtr annotation;
  bool parsed =
      !annotated || ((annotation = parseTest()) && consumeIf(tok::equal));
  ExprPtr value;
  if (parsed && !failed)
    value = parseTest();
  if (value && !failed && tok().isNot(tok::newline) && tok().isNot(tok::semi))
    value = nullptr; // `a = b = 1`, `a = 1, 2`: not a value kernels read.
  quiet = false;
  failed = false;
  pos = saved;
  if (value)
    module.addGlobal(name, {std::move(value), loc, std::move(annotation)});
}

ExprPtr Parser::parseAt(size_t at) {
  size_t saved = pos;
  pos = at;
  ExprPtr value = parseTest();
  pos = saved;
  return value;
}

const Expr *Parser::resolveTopLevel(const Expr &expr,
                                    std::vector<ExprPtr> &keepAlive,
                                    unsigned calls) {
  if (auto *name = llvm::dyn_cast<NameExpr>(&expr)) {
    auto it = topLevelValues.find(name->getName());
    if (it == topLevelValues.end())
      return error(expr.loc(), "'" + name->getName() +
                                   "' is not bound to a list at the top level "
                                   "before this decorator");
    keepAlive.push_back(parseAt(it->second));
    return keepAlive.back().get();
  }
  if (auto *call = llvm::dyn_cast<CallExpr>(&expr)) {
    auto *callee = llvm::dyn_cast<NameExpr>(&call->getCallee());
    if (!callee || !call->getArgs().empty() || !call->getKeywords().empty())
      return &expr;
    auto it = topLevelReturns.find(callee->getName());
    if (it == topLevelReturns.end())
      return error(expr.loc(),
                   "'" + callee->getName() +
                       "' is not a top-level function without parameters "
                       "whose body starts with 'return [...]'");
    keepAlive.push_back(parseAt(it->second));
    if (!keepAlive.back())
      return nullptr; // The value did not parse; that error was reported.
    // What it returns may be another such call (get_cuda_autotune_config()).
    if (calls >= 8)
      return error(expr.loc(), "configs resolve through more than 8 calls");
    return resolveTopLevel(*keepAlive.back(), keepAlive, calls + 1);
  }
  return &expr;
}

bool Parser::parseConstantValue(const Expr &expr, ConstantValue &value) {
  if (auto *i = llvm::dyn_cast<IntExpr>(&expr)) {
    value = ConstantValue::getInt(i->getValue());
    return true;
  }
  if (auto *f = llvm::dyn_cast<FloatExpr>(&expr)) {
    value = ConstantValue::getFloat(f->getValue());
    return true;
  }
  if (auto *b = llvm::dyn_cast<BoolExpr>(&expr)) {
    value = ConstantValue::getBool(b->getValue());
    return true;
  }
  if (auto *u = llvm::dyn_cast<UnaryExpr>(&expr))
    if (u->getOp() == UnaryOp::Minus &&
        parseConstantValue(u->getOperand(), value) &&
        value.kind != ConstantValue::Kind::Bool) {
      value = value.isFloat() ? ConstantValue::getFloat(-value.floatValue)
                              : ConstantValue::getInt(-value.getBigInt());
      return true;
    }
  error(expr.loc(), "expected an int, float or bool constant");
  return false;
}

bool Parser::parseNameList(const Expr &expr, llvm::StringRef what,
                           std::vector<std::string> &names) {
  std::vector<ExprPtr> keepAlive;
  const Expr *list = resolveTopLevel(expr, keepAlive);
  if (!list)
    return false;
  if (auto *single = llvm::dyn_cast<StringExpr>(list)) {
    names.push_back(single->getValue().str());
    return true;
  }
  auto *sequence = llvm::dyn_cast<SequenceExpr>(list);
  if (!sequence) {
    error(list->loc(), what + " must be a list of parameter names");
    return false;
  }
  for (const ExprPtr &element : sequence->getElements()) {
    auto *name = llvm::dyn_cast<StringExpr>(element.get());
    if (!name) {
      error(element->loc(), what + " must be a list of parameter names");
      return false;
    }
    names.push_back(name->getValue().str());
  }
  return true;
}

/// What a `**` argument unpacks, for messages: its name, or "...".
static std::string describeUnpacked(const Keyword &keyword) {
  if (auto *name = llvm::dyn_cast<NameExpr>(keyword.value.get()))
    return name->getName().str();
  return "...";
}

/// Whether `expr` is a literal a config may hold (an int, float or bool,
/// optionally negated).
static bool isConfigLiteral(const Expr *expr) {
  return llvm::isa_and_nonnull<IntExpr, FloatExpr, BoolExpr, UnaryExpr>(expr);
}

const Expr *Parser::resolveConfigValue(const Expr &value,
                                       std::vector<ExprPtr> &keepAlive) {
  if (auto *name = llvm::dyn_cast<NameExpr>(&value)) {
    const Expr *bound = resolveConstantName(*name, keepAlive);
    return isConfigLiteral(bound) ? bound : nullptr;
  }
  return isConfigLiteral(&value) ? &value : nullptr;
}

bool Parser::parseTuneConfig(const Expr &expr, TuneConfig &config) {
  auto *call = llvm::dyn_cast<CallExpr>(&expr);
  if (!call || getTritonName(call->getCallee()) != "Config") {
    error(expr.loc(), "expected triton.Config({...}, num_warps=..., "
                      "num_stages=...)");
    return false;
  }
  config.loc = expr.loc();
  // A value host code computes (`'NUM_SM': num_sms()`, `**make_kwargs()`)
  // is beyond tilec; parseAutotune then ignores the decorator rather than
  // the file.
  auto hostValue = [&](llvm::StringRef what, const Location &loc) {
    config.hostValue = what.str();
    config.hostValueLoc = loc;
    return false;
  };
  const Expr *values = nullptr;
  if (call->getArgs().size() > 1) {
    error(call->getArgs()[1]->loc(),
          "triton.Config takes its values as one dict; give num_warps and "
          "num_stages by keyword");
    return false;
  }
  if (!call->getArgs().empty())
    values = call->getArgs()[0].get();
  std::vector<DecoratorKeyword> keywords;
  std::vector<ExprPtr> keepAlive;
  const Keyword *opaque = nullptr;
  if (!expandKeywords(*call, "Config", keywords, keepAlive, opaque))
    return false;
  if (opaque)
    return hostValue("**" + describeUnpacked(*opaque), opaque->loc);
  for (const DecoratorKeyword &keyword : keywords) {
    if (keyword.name == "kwargs") {
      if (values) {
        error(keyword.loc, "Config() got multiple values for argument "
                           "'kwargs'");
        return false;
      }
      values = keyword.value;
      continue;
    }
    bool isWarps = keyword.name == "num_warps";
    bool isStages = keyword.name == "num_stages";
    bool isCtas = keyword.name == "num_ctas";
    if (!isWarps && !isStages && !isCtas) {
      error(keyword.loc, "unsupported triton.Config argument '" +
                             keyword.name +
                             "' (tilec reads kwargs, num_warps, num_stages "
                             "and num_ctas=1)");
      return false;
    }
    // A module constant (`num_stages=FORWARD_NUM_STAGES`) is its value.
    const Expr *literal = keyword.value;
    if (llvm::isa<NameExpr>(literal)) {
      literal = resolveConfigValue(*literal, keepAlive);
      if (!literal)
        return hostValue(keyword.name, keyword.value->loc());
    }
    ConstantValue value;
    if (!parseConstantValue(*literal, value))
      return false;
    if (!value.isInt() || !value.fitsInt64() || value.getInt64() < 1 ||
        value.getInt64() > INT32_MAX) {
      error(keyword.value->loc(), keyword.name + " must be a positive int");
      return false;
    }
    if (isCtas) {
      if (value.getInt64() != 1) {
        error(keyword.value->loc(),
              "num_ctas > 1 (thread-block clusters) is not supported yet");
        return false;
      }
      continue;
    }
    (isWarps ? config.numWarps : config.numStages) = value.getInt64();
    if (isWarps)
      config.numWarpsLoc = keyword.value->loc();
  }
  if (!values) {
    error(expr.loc(), "triton.Config needs its dict of constexpr values");
    return false;
  }
  auto *dict = llvm::dyn_cast<DictExpr>(values);
  if (!dict) {
    error(values->loc(), "triton.Config's values must be a dict display "
                         "{'NAME': value, ...}");
    return false;
  }
  for (auto [keyExpr, valueExpr] :
       llvm::zip(dict->getKeys(), dict->getValues())) {
    auto *key = llvm::dyn_cast<StringExpr>(keyExpr.get());
    if (!key) {
      error(keyExpr->loc(), "triton.Config's keys must be parameter names "
                            "in quotes");
      return false;
    }
    const Expr *literal = resolveConfigValue(*valueExpr, keepAlive);
    if (!literal)
      return hostValue(key->getValue(), valueExpr->loc());
    ConstantValue value;
    if (!parseConstantValue(*literal, value))
      return false;
    for (const auto &[name, _] : config.values)
      if (name == key->getValue()) {
        error(keyExpr->loc(), "'" + name + "' is given twice");
        return false;
      }
    config.values.emplace_back(key->getValue(), value);
  }
  return true;
}

bool Parser::readAutotuneKeyword(const DecoratorKeyword &keyword,
                                 AutotuneSpec &spec, const Expr *&configs,
                                 const Expr *&key) {
  const Expr &value = *keyword.value;
  if (keyword.name == "configs" || keyword.name == "key") {
    const Expr *&slot = keyword.name == "configs" ? configs : key;
    if (slot) {
      error(keyword.loc, "autotune() got multiple values for argument '" +
                             keyword.name + "'");
      return false;
    }
    slot = &value;
  } else if (keyword.name == "reset_to_zero") {
    if (!llvm::isa<NoneExpr>(value) &&
        !parseNameList(value, "reset_to_zero", spec.resetToZero))
      return false;
  } else if (keyword.name == "restore_value") {
    if (!llvm::isa<NoneExpr>(value) &&
        !parseNameList(value, "restore_value", spec.restoreValue))
      return false;
  } else if (keyword.name == "prune_configs_by") {
    // A Python function over the configs and the arguments: every config
    // is compiled and timed instead.
    if (!llvm::isa<NoneExpr>(value))
      sourceMgr.PrintMessage(keyword.loc.loc, llvm::SourceMgr::DK_Warning,
                             "prune_configs_by is not applied: tilec "
                             "compiles every config and the runtime times "
                             "them all");
  } else if (keyword.name == "warmup" || keyword.name == "rep" ||
             keyword.name == "cache_results" ||
             keyword.name == "use_cuda_graph" ||
             keyword.name == "do_bench") {
    // How Python times the configs and caches its picks; the runtime has
    // its own timing and picks file.
  } else if ((keyword.name == "pre_hook" || keyword.name == "post_hook") &&
             llvm::isa<NoneExpr>(value)) {
    // No hook: Triton's default.
  } else {
    error(keyword.loc, "unsupported @triton.autotune argument '" +
                           keyword.name + "'");
    return false;
  }
  return true;
}

bool Parser::parseAutotune(const Expr &decorator, AutotuneSpec &spec) {
  spec.loc = decorator.loc();
  auto *call = llvm::dyn_cast<CallExpr>(&decorator);
  if (!call) {
    error(decorator.loc(), "@triton.autotune needs configs=[...] and key=[...]");
    return false;
  }
  // Triton's parameter order: autotune(configs, key, prune_configs_by,
  // reset_to_zero, restore_value, ...).
  const Expr *configs = nullptr, *key = nullptr;
  if (call->getArgs().size() > 2) {
    error(call->getArgs()[2]->loc(), "give @triton.autotune's arguments after "
                                     "configs and key by keyword");
    return false;
  }
  if (call->getArgs().size() > 0)
    configs = call->getArgs()[0].get();
  if (call->getArgs().size() > 1)
    key = call->getArgs()[1].get();
  // `**kwargs` expanded; their values live as long as the spec is read.
  std::vector<DecoratorKeyword> keywords;
  std::vector<ExprPtr> expanded;
  const Keyword *opaque = nullptr;
  if (!expandKeywords(*call, "autotune", keywords, expanded, opaque))
    return false;
  for (const DecoratorKeyword &keyword : keywords)
    if (!readAutotuneKeyword(keyword, spec, configs, key))
      return false;
  if (!configs || !key) {
    error(decorator.loc(), std::string("@triton.autotune needs ") +
                               (configs ? "key=[...]" : "configs=[...]"));
    return false;
  }
  if (!parseNameList(*key, "key", spec.key))
    return false;

  // Configs that host code computes (a comprehension, filter(keep, ...))
  // are beyond tilec: the kernel still compiles, with the tuned constexprs
  // given in the signature or with -D.
  std::vector<ExprPtr> keepAlive;
  quiet = true;
  quietMessage.clear();
  const Expr *list = resolveTopLevel(*configs, keepAlive);
  auto *sequence = list && !failed ? llvm::dyn_cast<SequenceExpr>(list)
                                   : nullptr;
  quiet = false;
  failed = false;
  if (!sequence) {
    std::string why = !quietMessage.empty()
                          ? quietMessage
                          : "configs must be a list of triton.Config, a "
                            "top-level name bound to one, or a call of a "
                            "top-level function that returns one";
    sourceMgr.PrintMessage(configs->loc().loc, llvm::SourceMgr::DK_Warning,
                           "@triton.autotune is ignored: " + why +
                               "; give the tuned constexprs in the signature "
                               "or with -D");
    spec.ignored = true;
    return true;
  }
  if (sequence->getElements().empty()) {
    error(list->loc(), "@triton.autotune needs at least one config");
    return false;
  }
  for (auto [i, element] : llvm::enumerate(sequence->getElements())) {
    TuneConfig config;
    if (parseTuneConfig(*element, config)) {
      spec.configs.push_back(std::move(config));
      continue;
    }
    if (config.hostValue.empty())
      return false;
    sourceMgr.PrintMessage(config.hostValueLoc.loc,
                           llvm::SourceMgr::DK_Warning,
                           "@triton.autotune is ignored: config " +
                               std::to_string(i) + " computes '" +
                               config.hostValue +
                               "' in host code; give the tuned constexprs in "
                               "the signature or with -D");
    spec.configs.clear();
    spec.ignored = true;
    return true;
  }
  // The configs are compiled and timed by the runtime, which a keyword
  // hidden in host code (restore_value, a hook) would change.
  if (opaque) {
    error(opaque->loc, "cannot expand '**" + describeUnpacked(*opaque) +
                           "': tilec reads '**' in @triton.autotune from a "
                           "dict display, written there or bound to a name "
                           "at the top level of this file");
    return false;
  }
  return true;
}

bool Parser::checkAutotune(const Function &function,
                           const AutotuneSpec &spec) {
  auto findParam = [&](llvm::StringRef name) -> const Param * {
    for (const Param &param : function.getParams())
      if (param.name == name)
        return &param;
    return nullptr;
  };
  for (const TuneConfig &config : spec.configs)
    for (const auto &[name, _] : config.values) {
      const Param *param = findParam(name);
      if (!param || !param->isConstexpr()) {
        error(config.loc, "config sets '" + name + "', which is not a "
                          "tl.constexpr parameter of '" +
                              function.getName() + "'");
        return false;
      }
    }
  // Triton's key may name constexprs too: their values are part of it.
  for (const std::string &name : spec.key)
    if (!findParam(name)) {
      error(spec.loc, "key names '" + name + "', which is not a parameter "
                      "of '" + function.getName() + "'");
      return false;
    }
  auto checkRuntime = [&](const std::vector<std::string> &names,
                          llvm::StringRef what) {
    for (const std::string &name : names) {
      const Param *param = findParam(name);
      if (!param || param->isConstexpr()) {
        error(spec.loc, what + " names '" + name + "', which is not a "
                        "runtime parameter of '" + function.getName() + "'");
        return false;
      }
    }
    return true;
  };
  return checkRuntime(spec.resetToZero, "reset_to_zero") &&
         checkRuntime(spec.restoreValue, "restore_value");
}

bool Parser::parseHeuristics(const Expr &decorator,
                             std::vector<Heuristic> &entries) {
  auto *call = llvm::dyn_cast<CallExpr>(&decorator);
  const Expr *values = nullptr;
  if (call && call->getArgs().size() == 1 && call->getKeywords().empty())
    values = call->getArgs()[0].get();
  if (call && call->getArgs().empty() && call->getKeywords().size() == 1 &&
      call->getKeywords()[0].name == "values")
    values = call->getKeywords()[0].value.get();
  auto *dict = llvm::dyn_cast_or_null<DictExpr>(values);
  if (!dict) {
    error(values ? values->loc() : decorator.loc(),
          "@triton.heuristics takes values={'NAME': lambda args: ...}");
    return false;
  }
  for (auto [keyExpr, valueExpr] :
       llvm::zip(dict->getKeys(), dict->getValues())) {
    auto *key = llvm::dyn_cast<StringExpr>(keyExpr.get());
    if (!key) {
      error(keyExpr->loc(), "heuristic names must be parameter names in "
                            "quotes");
      return false;
    }
    auto *lambda = llvm::dyn_cast<LambdaExpr>(valueExpr.get());
    if (!lambda || lambda->getParams().size() != 1) {
      error(valueExpr->loc(), "a heuristic must be a lambda of one "
                              "parameter, `lambda args: ...`");
      return false;
    }
    for (const Heuristic &other : entries)
      if (other.name == key->getValue()) {
        error(keyExpr->loc(), "'" + other.name + "' is given twice");
        return false;
      }
    entries.push_back({key->getValue().str(), keyExpr->loc(),
                       lambda->getParams()[0], &lambda->getBody()});
  }
  return true;
}

bool Parser::checkHeuristics(const Function &function,
                             llvm::ArrayRef<Heuristic> entries) {
  for (const Heuristic &entry : entries) {
    const Param *param = nullptr;
    for (const Param &p : function.getParams())
      if (p.name == entry.name)
        param = &p;
    if (!param || !param->isConstexpr()) {
      error(entry.loc, "heuristic '" + entry.name + "' is not a "
                       "tl.constexpr parameter of '" +
                           function.getName() + "'");
      return false;
    }
    if (const std::optional<AutotuneSpec> &spec = function.getAutotune())
      for (const TuneConfig &config : spec->configs)
        for (const auto &[name, _] : config.values)
          if (name == entry.name) {
            error(entry.loc, "'" + entry.name + "' is set by both a "
                             "heuristic and an autotune config");
            return false;
          }
  }
  return true;
}
