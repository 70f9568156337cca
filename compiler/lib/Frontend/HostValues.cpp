//===- HostValues.cpp - the Python around kernels that tilec evaluates ----===//

#include "tilec/Frontend/HostValues.h"

#include "Builtins.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;
using namespace tilec;
using namespace tilec::ast;

namespace {

using Kind = HostValue::Kind;

HostValue makeInt(int64_t i) {
  HostValue v;
  v.kind = Kind::Int;
  v.integer = i;
  return v;
}

HostValue makeStr(StringRef text) {
  HostValue v;
  v.kind = Kind::Str;
  v.text = text.str();
  return v;
}

/// packaging's Version(text) for a plain release ("3.6.0", "3.0"); other
/// spellings (pre-releases, local versions) are beyond tilec.
std::optional<HostValue> parseVersion(StringRef text) {
  HostValue v;
  v.kind = Kind::Version;
  SmallVector<StringRef> parts;
  text.trim().split(parts, '.');
  for (StringRef part : parts) {
    int64_t n = 0;
    if (part.empty() || !all_of(part, isDigit) || part.getAsInteger(10, n))
      return std::nullopt;
    v.release.push_back(n);
  }
  return v;
}

bool truthOf(const HostValue &v) {
  switch (v.kind) {
  case Kind::None:
    return false;
  case Kind::Bool:
  case Kind::Int:
    return v.integer != 0;
  case Kind::Str:
    return !v.text.empty();
  case Kind::Version:
  case Kind::Object:
    return true;
  }
  llvm_unreachable("unknown host value kind");
}

bool isNumber(const HostValue &v) {
  return v.kind == Kind::Bool || v.kind == Kind::Int;
}

/// -1, 0 or 1 as `a` orders before, with or after `b`, when Python orders
/// them (numbers, strings, versions: release numbers padded with zeros).
std::optional<int> order(const HostValue &a, const HostValue &b) {
  if (isNumber(a) && isNumber(b))
    return a.integer < b.integer ? -1 : a.integer > b.integer;
  if (a.kind == Kind::Str && b.kind == Kind::Str) {
    int c = StringRef(a.text).compare(b.text);
    return c;
  }
  if (a.kind == Kind::Version && b.kind == Kind::Version) {
    size_t n = std::max(a.release.size(), b.release.size());
    for (size_t i = 0; i < n; ++i) {
      int64_t x = i < a.release.size() ? a.release[i] : 0;
      int64_t y = i < b.release.size() ? b.release[i] : 0;
      if (x != y)
        return x < y ? -1 : 1;
    }
    return 0;
  }
  return std::nullopt;
}

std::optional<bool> compare(const HostValue &a, CompareOp op,
                            const HostValue &b) {
  switch (op) {
  case CompareOp::Eq:
  case CompareOp::Ne: {
    bool equal;
    if (std::optional<int> c = order(a, b))
      equal = *c == 0;
    else if (a.kind == Kind::Object && b.kind == Kind::Object)
      equal = a.text == b.text;
    else
      // Values of different kinds are unequal (None == None aside).
      equal = a.kind == Kind::None && b.kind == Kind::None;
    return equal == (op == CompareOp::Eq);
  }
  case CompareOp::Lt:
  case CompareOp::Le:
  case CompareOp::Gt:
  case CompareOp::Ge: {
    std::optional<int> c = order(a, b);
    if (!c)
      return std::nullopt; // A TypeError in Python.
    switch (op) {
    case CompareOp::Lt:
      return *c < 0;
    case CompareOp::Le:
      return *c <= 0;
    case CompareOp::Gt:
      return *c > 0;
    default:
      return *c >= 0;
    }
  }
  case CompareOp::Is:
  case CompareOp::IsNot:
    if (a.kind != Kind::None && b.kind != Kind::None)
      return std::nullopt;
    return (a.kind == b.kind) == (op == CompareOp::Is);
  case CompareOp::In:
  case CompareOp::NotIn:
    if (a.kind != Kind::Str || b.kind != Kind::Str)
      return std::nullopt;
    return StringRef(b.text).contains(a.text) == (op == CompareOp::In);
  }
  llvm_unreachable("unknown comparison");
}

bool isLibdeviceModule(StringRef path) {
  return path == "triton.language.extra.libdevice" ||
         path == "triton.language.extra.cuda.libdevice";
}

bool isLanguageModule(StringRef path) {
  return path == "triton.language" || path == "triton.language.math" ||
         path == "triton.language.core" || path == "triton.language.standard";
}

/// Triton 3.6's modules that kernels' files import.
bool isTritonModule(StringRef path) {
  return isLanguageModule(path) || isLibdeviceModule(path) ||
         StringSwitch<bool>(path)
             .Cases({"triton", "triton.language.extra",
                     "triton.language.extra.cuda", "triton.runtime",
                     "triton.runtime.jit", "triton.runtime.autotuner",
                     "triton.testing", "triton.compiler"},
                    true)
             .Default(false);
}

/// hasattr(module `path`, `attr`): true where tilec knows the member, else
/// unknown (Triton may have members tilec does not know).
std::optional<bool> hasMember(StringRef path, StringRef attr) {
  if (isTritonModule((path + "." + attr).str()))
    return true;
  if (isLanguageModule(path) && tilec::detail::isTritonLanguageMember(attr))
    return true;
  if (isLibdeviceModule(path) && tilec::detail::isLibdeviceFunction(attr))
    return true;
  if (path == "triton" &&
      StringSwitch<bool>(attr)
          .Cases({"jit", "autotune", "heuristics", "Config", "cdiv",
                  "next_power_of_2", "__version__"},
                 true)
          .Default(false))
    return true;
  return std::nullopt;
}

std::optional<HostValue> evaluateCall(const CallExpr &call,
                                      const HostNames &names) {
  if (!call.getKeywords().empty())
    return std::nullopt;
  std::optional<HostValue> callee = evaluateHost(call.getCallee(), names);
  if (!callee || callee->kind != Kind::Object)
    return std::nullopt;
  SmallVector<HostValue> args;
  for (const ExprPtr &arg : call.getArgs()) {
    std::optional<HostValue> v = evaluateHost(*arg, names);
    if (!v)
      return std::nullopt;
    args.push_back(std::move(*v));
  }
  StringRef fn = callee->text;
  if ((fn == "packaging.version.parse" || fn == "packaging.version.Version") &&
      args.size() == 1 && args[0].kind == Kind::Str)
    return parseVersion(args[0].text);
  if (fn == "builtins.hasattr" && args.size() == 2 &&
      args[0].kind == Kind::Object && args[1].kind == Kind::Str) {
    if (std::optional<bool> has = hasMember(args[0].text, args[1].text))
      return HostValue::boolean(*has);
  }
  return std::nullopt;
}

} // namespace

std::optional<HostValue> tilec::evaluateHost(const Expr &expr,
                                             const HostNames &names) {
  switch (expr.getKind()) {
  case Expr::Kind::None:
    return HostValue::none();
  case Expr::Kind::Bool:
    return HostValue::boolean(cast<BoolExpr>(expr).getValue());
  case Expr::Kind::Int: {
    const APInt &i = cast<IntExpr>(expr).getValue();
    if (i.getActiveBits() > 63)
      return std::nullopt;
    return makeInt(i.getZExtValue());
  }
  case Expr::Kind::String:
    return makeStr(cast<StringExpr>(expr).getValue());
  case Expr::Kind::Name: {
    StringRef name = cast<NameExpr>(expr).getName();
    auto it = names.find(name);
    if (it != names.end())
      return it->second;
    if (name == "hasattr")
      return HostValue::object("builtins.hasattr");
    return std::nullopt;
  }
  case Expr::Kind::Attribute: {
    const auto &attr = cast<AttributeExpr>(expr);
    std::optional<HostValue> base = evaluateHost(attr.getValue(), names);
    if (!base || base->kind != Kind::Object)
      return std::nullopt;
    if (base->text == "triton" && attr.getAttr() == "__version__")
      return makeStr(kTritonVersion);
    return HostValue::object(base->text + "." + attr.getAttr().str());
  }
  case Expr::Kind::Call:
    return evaluateCall(cast<CallExpr>(expr), names);
  case Expr::Kind::Unary: {
    const auto &unary = cast<UnaryExpr>(expr);
    if (unary.getOp() == UnaryOp::Not) {
      std::optional<bool> truth = evaluateHostTruth(unary.getOperand(), names);
      if (!truth)
        return std::nullopt;
      return HostValue::boolean(!*truth);
    }
    std::optional<HostValue> v = evaluateHost(unary.getOperand(), names);
    if (unary.getOp() == UnaryOp::Minus && v && v->kind == Kind::Int)
      return makeInt(-v->integer);
    return std::nullopt;
  }
  case Expr::Kind::BoolOp: {
    // Python's value: the operand that decides.
    const auto &boolOp = cast<BoolOpExpr>(expr);
    std::optional<HostValue> lhs = evaluateHost(boolOp.getLHS(), names);
    if (!lhs)
      return std::nullopt;
    if (truthOf(*lhs) != boolOp.isAnd())
      return lhs;
    return evaluateHost(boolOp.getRHS(), names);
  }
  case Expr::Kind::Compare: {
    const auto &chain = cast<CompareExpr>(expr);
    std::optional<HostValue> lhs = evaluateHost(*chain.getOperands()[0], names);
    for (auto [op, operand] :
         llvm::zip(chain.getOps(), llvm::drop_begin(chain.getOperands()))) {
      std::optional<HostValue> rhs = evaluateHost(*operand, names);
      if (!lhs || !rhs)
        return std::nullopt;
      std::optional<bool> result = compare(*lhs, op, *rhs);
      if (!result)
        return std::nullopt;
      if (!*result)
        return HostValue::boolean(false);
      lhs = std::move(rhs);
    }
    return HostValue::boolean(true);
  }
  default:
    return std::nullopt;
  }
}

std::optional<bool> tilec::evaluateHostTruth(const Expr &expr,
                                             const HostNames &names) {
  if (auto *boolOp = dyn_cast<BoolOpExpr>(&expr)) {
    // Either side decides alone when it is false (and) or true (or).
    std::optional<bool> lhs = evaluateHostTruth(boolOp->getLHS(), names);
    std::optional<bool> rhs = evaluateHostTruth(boolOp->getRHS(), names);
    bool decisive = !boolOp->isAnd();
    if (lhs == decisive || rhs == decisive)
      return decisive;
    if (lhs && rhs)
      return !decisive;
    return std::nullopt;
  }
  if (auto *unary = dyn_cast<UnaryExpr>(&expr);
      unary && unary->getOp() == UnaryOp::Not) {
    std::optional<bool> truth = evaluateHostTruth(unary->getOperand(), names);
    if (!truth)
      return std::nullopt;
    return !*truth;
  }
  std::optional<HostValue> v = evaluateHost(expr, names);
  if (!v)
    return std::nullopt;
  return truthOf(*v);
}

void tilec::bindHostImport(const ImportStatement &statement,
                           HostNames &names) {
  if (!statement.isFrom) {
    for (const ImportStatement::Name &name : statement.names) {
      if (name.alias.empty())
        names[name.dotted.front()] = HostValue::object(name.dotted.front());
      else
        names[name.alias] = HostValue::object(join(name.dotted, "."));
    }
    return;
  }
  std::string module = join(statement.module, ".");
  for (const ImportStatement::Name &name : statement.names) {
    StringRef member = name.dotted.front();
    StringRef bound = name.alias.empty() ? member : name.alias;
    // A relative import names one of the project's files: unknown here.
    if (statement.level > 0)
      names.erase(bound);
    else
      names[bound] = HostValue::object(module + "." + member.str());
  }
}

std::optional<bool> tilec::importSucceeds(const ImportStatement &statement,
                                          StringRef importer) {
  if (statement.star || statement.names.empty())
    return std::nullopt;
  std::vector<FileImport> files = resolveFileImports(statement, importer);
  if (files.size() == statement.names.size() &&
      all_of(files, [](const FileImport &f) { return !f.path.empty(); }))
    return true;
  if (statement.level > 0)
    return false; // A relative import of a file that is not there.
  // Triton's modules and their members.
  auto tritonImport = [&](StringRef module,
                          StringRef member) -> std::optional<bool> {
    if (!module.starts_with("triton") || !isTritonModule(module))
      return std::nullopt;
    if (member.empty())
      return true;
    return hasMember(module, member);
  };
  for (const ImportStatement::Name &name : statement.names) {
    std::optional<bool> ok =
        statement.isFrom
            ? tritonImport(join(statement.module, "."), name.dotted.front())
            : tritonImport(join(name.dotted, "."), "");
    if (ok != true)
      return ok;
  }
  return true;
}
