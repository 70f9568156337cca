//===- ParseTopLevel.cpp - the module's statements around kernels ---------===//
//
// Triton runs a kernel's file as Python before it compiles a kernel, so the
// names kernels read are those the module's statements bind, in order, in
// the branches Python takes. The top level is read statement by statement:
// @triton.jit functions are parsed; imports, globals and definitions are
// recorded (ParseDecorators.cpp, ParseImports.cpp); other host code is
// skipped. A top-level `if` takes the branch its condition picks and a
// `try` its body or the handler of the ImportError, when tilec can tell
// (HostValues.h); otherwise the names such a branch binds are recorded as
// conditional, an error only where a kernel uses one, so that a platform
// check that binds nothing kernels use costs nothing.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace tilec;
using namespace tilec::ast;

bool Parser::parseTopLevelStatement(Module &module) {
  switch (tok().kind) {
  case tok::at:
    return parseDecorated(module);
  case tok::kw_if:
    return parseTopLevelIf(module);
  case tok::kw_try:
    return parseTopLevelTry(module);
  case tok::error:
    error(tok().loc, tok().spelling);
    return false;
  default:
    recordStatement(module);
    skipStatement();
    return !failed;
  }
}

bool Parser::parseTopLevelSuite(llvm::function_ref<bool()> each) {
  // `if X: a = 1` on one line: that statement.
  if (tok().isNot(tok::newline))
    return each();
  consume();
  if (tok().isNot(tok::indent)) {
    error(tok().loc, "expected an indented block");
    return false;
  }
  consume();
  while (tok().isNot(tok::dedent) && tok().isNot(tok::eof))
    if (!each())
      return false;
  consumeIf(tok::dedent);
  return true;
}

std::vector<std::string> Parser::boundNames() const {
  if (tok().is(tok::identifier) &&
      (peek().is(tok::equal) || peek().is(tok::colon)))
    return {tok().spelling.str()};
  if ((tok().is(tok::kw_def) || tok().is(tok::kw_class)) &&
      peek().is(tok::identifier))
    return {peek().spelling.str()};
  std::vector<std::string> names;
  std::optional<ImportStatement> statement = readImportStatement(tokens, pos);
  if (!statement)
    return names;
  for (const ImportStatement::Name &name : statement->names) {
    if (!name.alias.empty())
      names.push_back(name.alias.str());
    else
      names.push_back(name.dotted.front().str());
  }
  return names;
}

void Parser::recordStatement(Module &module) {
  std::vector<std::string> names = boundNames();
  if (unknownReach) {
    for (const std::string &name : names) {
      module.addConditional(name, *unknownReach);
      hostNames.erase(name);
    }
    return;
  }
  for (const std::string &name : names)
    module.removeConditional(name);
  if (tok().is(tok::kw_def) && peek().is(tok::identifier))
    plainDefs[peek().spelling] = pos;
  if (!recordWrappedKernel(module))
    recordGlobal(module);
  recordTopLevelValue();
  recordImport(module);
  recordHostValue();
  if (std::optional<ImportStatement> statement =
          readImportStatement(tokens, pos))
    for (const ImportStatement::Name &name : statement->names) {
      std::string spelled = std::string(statement->level, '.') +
                            llvm::join(statement->module, ".");
      if (statement->isFrom)
        spelled += (spelled.empty() ? "" : ".") + name.dotted.front().str();
      else
        spelled = llvm::join(name.dotted, ".");
      module.addHostImport(name.alias.empty() ? name.dotted.front()
                                              : name.alias,
                           spelled);
    }
}

/// What a call `wrapper(f)` does to a function, when it is one of Triton's
/// decorators: "jit", "heuristics" or "autotune" (`triton.jit`,
/// `triton.jit(debug=True)`, `triton.heuristics({...})`,
/// `triton.autotune(...)`); "" otherwise.
static llvm::StringRef decoratorKind(const Expr &wrapper) {
  auto tritonName = [](const Expr &e) -> llvm::StringRef {
    if (auto *name = llvm::dyn_cast<NameExpr>(&e))
      return name->getName();
    auto *attr = llvm::dyn_cast<AttributeExpr>(&e);
    if (!attr || !llvm::isa<NameExpr>(attr->getValue()) ||
        llvm::cast<NameExpr>(attr->getValue()).getName() != "triton")
      return "";
    return attr->getAttr();
  };
  if (tritonName(wrapper) == "jit")
    return "jit";
  auto *call = llvm::dyn_cast<CallExpr>(&wrapper);
  if (!call)
    return "";
  llvm::StringRef name = tritonName(call->getCallee());
  if (name == "jit" || name == "heuristics" || name == "autotune")
    return name;
  return "";
}

/// Whether the call `triton.jit(debug=True)` asks for debug.
static bool asksDebug(const Expr &wrapper) {
  auto *call = llvm::dyn_cast<CallExpr>(&wrapper);
  if (!call)
    return false;
  for (const Keyword &keyword : call->getKeywords())
    if (keyword.name == "debug")
      if (auto *b = llvm::dyn_cast<BoolExpr>(keyword.value.get()))
        return b->getValue();
  return false;
}

ExprPtr Parser::peekAssignedValue() {
  size_t saved = pos;
  quiet = true;
  pos += 2;
  ExprPtr value = parseTest();
  bool whole = value && !failed && tok().is(tok::newline);
  quiet = false;
  failed = false;
  pos = saved;
  return whole ? std::move(value) : nullptr;
}

bool Parser::recordWrappedKernel(Module &module) {
  if (tok().isNot(tok::identifier) || peek().isNot(tok::equal))
    return false;
  llvm::StringRef bound = tok().spelling;
  ExprPtr value = peekAssignedValue();
  auto *call = value ? llvm::dyn_cast<CallExpr>(value.get()) : nullptr;
  if (!call || call->getArgs().size() != 1 || !call->getKeywords().empty() ||
      !llvm::isa<NameExpr>(*call->getArgs()[0]))
    return false;
  llvm::StringRef kind = decoratorKind(call->getCallee());
  if (kind.empty())
    return false;
  const Expr &arg = *call->getArgs()[0];
  llvm::StringRef wrapped = llvm::cast<NameExpr>(arg).getName();
  if (wrapped != bound) {
    error(arg.loc(), "triton." + kind + " wraps '" + wrapped +
                         "' here but the result is bound to '" + bound +
                         "': tilec reads such a call only when it binds the "
                         "name it wraps");
    return true;
  }
  if (kind == "jit") {
    auto def = plainDefs.find(wrapped);
    if (def == plainDefs.end())
      return false; // Not a function of this file that tilec can read.
    if (module.lookup(wrapped)) {
      error(arg.loc(), "'" + wrapped + "' is already a @triton.jit function");
      return true;
    }
    size_t saved = pos;
    pos = def->second;
    std::unique_ptr<Function> kernel = parseFunction();
    pos = saved;
    if (!kernel)
      return true;
    kernel->setDebug(asksDebug(call->getCallee()));
    plainDefs.erase(def);
    module.addKernel(std::move(kernel));
    return true;
  }
  Function *kernel = module.lookup(wrapped);
  if (!kernel) {
    error(arg.loc(), "triton." + kind + "(...) wraps '" + wrapped +
                         "', which is not a @triton.jit function here");
    return true;
  }
  const Expr &decorator = call->getCallee();
  if (kind == "autotune") {
    AutotuneSpec spec;
    if (!parseAutotune(decorator, spec) || !checkAutotune(*kernel, spec))
      return true;
    if (!spec.ignored)
      kernel->setAutotune(std::move(spec));
    return true;
  }
  std::vector<Heuristic> heuristics;
  if (!parseHeuristics(decorator, heuristics) ||
      !checkHeuristics(*kernel, heuristics))
    return true;
  // The entries point into the statement's value, which the kernel keeps.
  kernel->setHeuristics(std::move(heuristics), std::move(value));
  return true;
}

void Parser::recordHostValue() {
  if (std::optional<ImportStatement> statement =
          readImportStatement(tokens, pos)) {
    bindHostImport(*statement, hostNames);
    return;
  }
  std::vector<std::string> names = boundNames();
  if (names.empty())
    return;
  for (const std::string &name : names)
    hostNames.erase(name);
  // `NAME = value` whose value tilec computes (TRITON3 = version.parse(
  // triton.__version__) >= version.parse("3.0.0")).
  if (tok().isNot(tok::identifier) || peek().isNot(tok::equal))
    return;
  ExprPtr value = peekAssignedValue();
  if (!value)
    return;
  if (std::optional<HostValue> v = evaluateHost(*value, hostNames))
    hostNames[names.front()] = std::move(*v);
}

std::string Parser::sourceText(size_t begin, size_t end) const {
  if (begin >= end)
    return "";
  const char *first = tokens[begin].loc.loc.getPointer();
  const Token &last = tokens[end - 1];
  const char *stop = last.loc.loc.getPointer() + last.spelling.size();
  std::string text;
  bool space = false;
  for (char c : llvm::StringRef(first, stop - first)) {
    if (llvm::isSpace(c) || c == '\\') {
      space = true;
      continue;
    }
    if (space && !text.empty())
      text += ' ';
    space = false;
    text += c;
  }
  return text;
}

std::string Parser::describeLocation(const Location &loc) const {
  llvm::StringRef file =
      sourceMgr.getMemoryBuffer(bufferID)->getBufferIdentifier();
  return (llvm::sys::path::filename(file) + ":" + llvm::Twine(loc.line))
      .str();
}

/// Moves `pos` to the ':' that ends a compound statement's header, past
/// brackets (for a header that did not parse).
static size_t findHeaderColon(llvm::ArrayRef<Token> tokens, size_t pos) {
  unsigned depth = 0;
  for (; pos + 1 < tokens.size(); ++pos) {
    const Token &t = tokens[pos];
    if (t.is(tok::newline) || t.is(tok::eof))
      break;
    if (t.is(tok::l_paren) || t.is(tok::l_square) || t.is(tok::l_brace))
      ++depth;
    else if ((t.is(tok::r_paren) || t.is(tok::r_square) ||
              t.is(tok::r_brace)) &&
             depth > 0)
      --depth;
    else if (t.is(tok::colon) && depth == 0)
      break;
  }
  return pos;
}

bool Parser::parseTopLevelIf(Module &module) {
  std::optional<std::string> saved = unknownReach;
  // A branch before surely ran (no later one runs); the first condition
  // tilec could not evaluate (every later branch depends on it).
  bool decided = false;
  std::optional<std::string> unknown;
  auto branch = [&](std::optional<bool> truth) {
    if (decided || truth == false)
      return parseTopLevelSuite([&] {
        skipStatement();
        return true;
      });
    if (truth == true)
      decided = true;
    unknownReach = saved ? saved : unknown;
    bool ok = parseTopLevelSuite([&] { return parseTopLevelStatement(module); });
    unknownReach = saved;
    return ok;
  };
  do {
    Location loc = tok().loc;
    consume(); // if or elif
    size_t begin = pos;
    quiet = true;
    ExprPtr cond = parseTest();
    bool parsed = cond && !failed && tok().is(tok::colon);
    quiet = false;
    failed = false;
    if (!parsed)
      pos = findHeaderColon(tokens, begin);
    std::string text = sourceText(begin, pos);
    if (!expect(tok::colon, "':' after the if condition"))
      return false;
    std::optional<bool> truth;
    if (parsed)
      truth = evaluateHostTruth(*cond, hostNames);
    if (!truth && !unknown)
      unknown = "under the top-level condition '" + text + "' (" +
                describeLocation(loc) + "), which tilec cannot evaluate";
    if (!branch(truth))
      return false;
  } while (tok().is(tok::kw_elif));
  if (!consumeIf(tok::kw_else))
    return true;
  if (!expect(tok::colon, "':' after 'else'"))
    return false;
  return branch(true);
}

/// Whether `except <type>` catches an ImportError.
static bool catchesImportError(const Expr &type) {
  if (auto *tuple = llvm::dyn_cast<SequenceExpr>(&type))
    return llvm::any_of(tuple->getElements(), [](const ExprPtr &e) {
      return catchesImportError(*e);
    });
  llvm::StringRef name;
  if (auto *n = llvm::dyn_cast<NameExpr>(&type))
    name = n->getName();
  else if (auto *attr = llvm::dyn_cast<AttributeExpr>(&type))
    name = attr->getAttr();
  return name == "ImportError" || name == "ModuleNotFoundError" ||
         name == "Exception" || name == "BaseException";
}

bool Parser::parseTopLevelTry(Module &module) {
  Location loc = tok().loc;
  consume(); // try
  if (!expect(tok::colon, "':' after 'try'"))
    return false;
  std::optional<std::string> saved = unknownReach;
  enum class Outcome { Ran, Raised, Unknown } outcome = Outcome::Ran;
  std::string why;
  llvm::StringRef filename =
      sourceMgr.getMemoryBuffer(bufferID)->getBufferIdentifier();
  // The body, until an import fails (Python leaves it there) or one tilec
  // cannot judge (what follows may not run).
  auto bodyStatement = [&] {
    if (outcome == Outcome::Raised) {
      skipStatement();
      return true;
    }
    if (outcome == Outcome::Ran)
      if (std::optional<ImportStatement> statement =
              readImportStatement(tokens, pos)) {
        std::optional<bool> ok = importSucceeds(*statement, filename);
        if (ok == false) {
          outcome = Outcome::Raised;
          skipStatement();
          return true;
        }
        if (!ok) {
          outcome = Outcome::Unknown;
          size_t end = pos;
          while (tokens[end].isNot(tok::newline) && tokens[end].isNot(tok::eof))
            ++end;
          why = "in the top-level try statement at " + describeLocation(loc) +
                ", and tilec cannot tell whether its '" +
                sourceText(pos, end) + "' succeeds";
          if (!unknownReach)
            unknownReach = why;
        }
      }
    return parseTopLevelStatement(module);
  };
  if (!parseTopLevelSuite(bodyStatement))
    return false;
  unknownReach = saved;
  // Runs a clause's block when it surely runs, reads it as conditional when
  // that is unknown, skips it otherwise.
  auto clause = [&](std::optional<bool> runs) {
    if (runs == false)
      return parseTopLevelSuite([&] {
        skipStatement();
        return true;
      });
    if (!runs && !saved)
      unknownReach = why;
    bool ok = parseTopLevelSuite([&] { return parseTopLevelStatement(module); });
    unknownReach = saved;
    return ok;
  };
  bool handled = false;
  while (tok().is(tok::kw_except)) {
    consume();
    bool matches = true; // A bare `except:`.
    if (tok().isNot(tok::colon)) {
      size_t begin = pos;
      quiet = true;
      ExprPtr type = parseTest();
      matches = type && !failed && catchesImportError(*type);
      quiet = false;
      failed = false;
      pos = findHeaderColon(tokens, begin);
    }
    if (!expect(tok::colon, "':' after the except clause"))
      return false;
    std::optional<bool> runs;
    if (outcome == Outcome::Ran)
      runs = false;
    else if (outcome == Outcome::Raised)
      runs = matches && !handled;
    handled |= runs == true;
    if (!clause(runs))
      return false;
  }
  if (consumeIf(tok::kw_else)) {
    if (!expect(tok::colon, "':' after 'else'"))
      return false;
    std::optional<bool> runs;
    if (outcome != Outcome::Unknown)
      runs = outcome == Outcome::Ran;
    if (!clause(runs))
      return false;
  }
  if (consumeIf(tok::kw_finally)) {
    if (!expect(tok::colon, "':' after 'finally'"))
      return false;
    if (!clause(true))
      return false;
  }
  return true;
}

bool Parser::parseDecorated(Module &module) {
  if (unknownReach) {
    // Not parsed: the branch may not run. Its name is conditional.
    while (tok().is(tok::at))
      skipLine();
    recordStatement(module);
    skipStatement();
    return true;
  }
  bool isJit = false;
  bool debug = false;
  std::optional<AutotuneSpec> autotune;
  ExprPtr heuristicsDecorator;
  std::vector<Heuristic> heuristics;
  while (tok().is(tok::at)) {
    if (isJitDecorator()) {
      isJit = true;
      debug |= hasDebugTrue();
    }
    bool isAutotune = isDecoratorNamed("autotune");
    if (!isAutotune && !isDecoratorNamed("heuristics")) {
      skipLine();
      continue;
    }
    consume(); // @
    ExprPtr decorator = parseTest();
    if (!decorator)
      return false;
    if (isAutotune) {
      autotune.emplace();
      if (!parseAutotune(*decorator, *autotune))
        return false;
      if (autotune->ignored)
        autotune.reset();
    } else {
      heuristics.clear();
      if (!parseHeuristics(*decorator, heuristics))
        return false;
      heuristicsDecorator = std::move(decorator);
    }
    if (!expect(tok::newline, "end of line after the decorator"))
      return false;
  }
  if (tok().isNot(tok::kw_def) || !isJit) {
    if (tok().isNot(tok::kw_def) && tok().isNot(tok::kw_class) &&
        tok().isNot(tok::kw_async)) {
      error(tok().loc, "expected 'def' or 'class' after decorator, got " +
                           describeToken(tok()));
      return false;
    }
    recordStatement(module);
    skipStatement();
    return true;
  }
  std::unique_ptr<Function> kernel = parseFunction();
  if (!kernel)
    return false;
  kernel->setDebug(debug);
  if (autotune) {
    if (!checkAutotune(*kernel, *autotune))
      return false;
    kernel->setAutotune(std::move(*autotune));
  }
  if (heuristicsDecorator) {
    if (!checkHeuristics(*kernel, heuristics))
      return false;
    kernel->setHeuristics(std::move(heuristics),
                          std::move(heuristicsDecorator));
  }
  if (module.lookup(kernel->getName())) {
    error(kernel->loc(),
          "kernel '" + kernel->getName() + "' is defined twice");
    return false;
  }
  module.removeConditional(kernel->getName());
  hostNames.erase(kernel->getName());
  module.addKernel(std::move(kernel));
  return true;
}
