//===- AST.cpp - AST helpers and the `--emit ast` dumper ------------------===//

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Frontend.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

using namespace tilec;
using namespace tilec::ast;

llvm::StringRef ast::spell(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::FloorDiv:
    return "//";
  case BinaryOp::Mod:
    return "%";
  case BinaryOp::Pow:
    return "**";
  case BinaryOp::MatMul:
    return "@";
  case BinaryOp::Shl:
    return "<<";
  case BinaryOp::Shr:
    return ">>";
  case BinaryOp::BitAnd:
    return "&";
  case BinaryOp::BitOr:
    return "|";
  case BinaryOp::BitXor:
    return "^";
  }
  llvm_unreachable("unknown binary operator");
}

llvm::StringRef ast::spell(CompareOp op) {
  switch (op) {
  case CompareOp::Lt:
    return "<";
  case CompareOp::Le:
    return "<=";
  case CompareOp::Gt:
    return ">";
  case CompareOp::Ge:
    return ">=";
  case CompareOp::Eq:
    return "==";
  case CompareOp::Ne:
    return "!=";
  case CompareOp::In:
    return "in";
  case CompareOp::NotIn:
    return "not in";
  case CompareOp::Is:
    return "is";
  case CompareOp::IsNot:
    return "is not";
  }
  llvm_unreachable("unknown comparison operator");
}

bool Param::isConstexpr() const {
  if (!annotation)
    return false;
  if (auto *attr = llvm::dyn_cast<AttributeExpr>(annotation.get()))
    return attr->getAttr() == "constexpr";
  if (auto *name = llvm::dyn_cast<NameExpr>(annotation.get()))
    return name->getName() == "constexpr";
  return false;
}

const Function *Module::lookup(llvm::StringRef name) const {
  for (const auto &kernel : kernels)
    if (kernel->getName() == name)
      return kernel.get();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Expression printer
//===----------------------------------------------------------------------===//

/// Python-style string literal; non-ASCII bytes (UTF-8) are kept as they are.
static void printString(llvm::StringRef value, llvm::raw_ostream &os) {
  os << '"';
  for (unsigned char c : value) {
    switch (c) {
    case '"':
    case '\\':
      os << '\\' << c;
      break;
    case '\n':
      os << "\\n";
      break;
    case '\t':
      os << "\\t";
      break;
    default:
      if (c < 0x20 || c == 0x7f)
        os << llvm::format("\\x%02x", c);
      else
        os << c;
    }
  }
  os << '"';
}

static void printList(const ExprList &exprs, llvm::raw_ostream &os) {
  llvm::interleaveComma(exprs, os,
                        [&](const ExprPtr &e) { printExpr(*e, os); });
}

void ast::printExpr(const Expr &expr, llvm::raw_ostream &os) {
  switch (expr.getKind()) {
  case Expr::Kind::Name:
    os << llvm::cast<NameExpr>(expr).getName();
    return;
  case Expr::Kind::Int:
    os << llvm::cast<IntExpr>(expr).getValue();
    return;
  case Expr::Kind::Float:
    os << llvm::cast<FloatExpr>(expr).getSpelling();
    return;
  case Expr::Kind::Bool:
    os << (llvm::cast<BoolExpr>(expr).getValue() ? "True" : "False");
    return;
  case Expr::Kind::None:
    os << "None";
    return;
  case Expr::Kind::String:
    printString(llvm::cast<StringExpr>(expr).getValue(), os);
    return;
  case Expr::Kind::Ellipsis:
    os << "...";
    return;
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    const auto &seq = llvm::cast<SequenceExpr>(expr);
    os << (seq.isList() ? "[" : "(");
    printList(seq.getElements(), os);
    if (!seq.isList() && seq.getElements().size() == 1)
      os << ",";
    os << (seq.isList() ? "]" : ")");
    return;
  }
  case Expr::Kind::Attribute: {
    const auto &attr = llvm::cast<AttributeExpr>(expr);
    printExpr(attr.getValue(), os);
    os << "." << attr.getAttr();
    return;
  }
  case Expr::Kind::Subscript: {
    const auto &sub = llvm::cast<SubscriptExpr>(expr);
    printExpr(sub.getValue(), os);
    os << "[";
    printList(sub.getIndices(), os);
    os << "]";
    return;
  }
  case Expr::Kind::Slice: {
    const auto &slice = llvm::cast<SliceExpr>(expr);
    if (slice.getLower())
      printExpr(*slice.getLower(), os);
    os << ":";
    if (slice.getUpper())
      printExpr(*slice.getUpper(), os);
    if (slice.getStep()) {
      os << ":";
      printExpr(*slice.getStep(), os);
    }
    return;
  }
  case Expr::Kind::Call: {
    const auto &call = llvm::cast<CallExpr>(expr);
    printExpr(call.getCallee(), os);
    os << "(";
    printList(call.getArgs(), os);
    for (const Keyword &kw : call.getKeywords()) {
      if (&kw != &call.getKeywords().front() || !call.getArgs().empty())
        os << ", ";
      os << (kw.name.empty() ? "**" : kw.name + "=");
      printExpr(*kw.value, os);
    }
    os << ")";
    return;
  }
  case Expr::Kind::Unary: {
    const auto &unary = llvm::cast<UnaryExpr>(expr);
    static const char *spellings[] = {"+", "-", "~", "not "};
    os << "(" << spellings[static_cast<int>(unary.getOp())];
    printExpr(unary.getOperand(), os);
    os << ")";
    return;
  }
  case Expr::Kind::Binary: {
    const auto &binary = llvm::cast<BinaryExpr>(expr);
    os << "(";
    printExpr(binary.getLHS(), os);
    os << " " << spell(binary.getOp()) << " ";
    printExpr(binary.getRHS(), os);
    os << ")";
    return;
  }
  case Expr::Kind::BoolOp: {
    const auto &boolOp = llvm::cast<BoolOpExpr>(expr);
    os << "(";
    printExpr(boolOp.getLHS(), os);
    os << (boolOp.isAnd() ? " and " : " or ");
    printExpr(boolOp.getRHS(), os);
    os << ")";
    return;
  }
  case Expr::Kind::Compare: {
    const auto &cmp = llvm::cast<CompareExpr>(expr);
    os << "(";
    printExpr(*cmp.getOperands()[0], os);
    for (auto [op, operand] :
         llvm::zip(cmp.getOps(), llvm::drop_begin(cmp.getOperands()))) {
      os << " " << spell(op) << " ";
      printExpr(*operand, os);
    }
    os << ")";
    return;
  }
  case Expr::Kind::IfExp: {
    const auto &ifExp = llvm::cast<IfExpExpr>(expr);
    os << "(";
    printExpr(ifExp.getThen(), os);
    os << " if ";
    printExpr(ifExp.getCond(), os);
    os << " else ";
    printExpr(ifExp.getElse(), os);
    os << ")";
    return;
  }
  case Expr::Kind::Lambda: {
    const auto &lambda = llvm::cast<LambdaExpr>(expr);
    os << "(lambda";
    llvm::interleave(
        lambda.getParams(), os, [&](const std::string &p) { os << " " << p; },
        ",");
    os << ": ";
    printExpr(lambda.getBody(), os);
    os << ")";
    return;
  }
  case Expr::Kind::Dict: {
    const auto &dict = llvm::cast<DictExpr>(expr);
    os << "{";
    for (size_t i = 0, e = dict.getKeys().size(); i < e; ++i) {
      if (i)
        os << ", ";
      printExpr(*dict.getKeys()[i], os);
      os << ": ";
      printExpr(*dict.getValues()[i], os);
    }
    os << "}";
    return;
  }
  case Expr::Kind::Unsupported:
    os << "<unsupported " << llvm::cast<UnsupportedExpr>(expr).getWhat()
       << ">";
    return;
  }
  llvm_unreachable("unknown expression kind");
}

//===----------------------------------------------------------------------===//
// Statement dumper
//===----------------------------------------------------------------------===//

namespace {
/// Prints statements one per line, nested blocks indented by two spaces,
/// each with its line:column.
class Dumper {
public:
  explicit Dumper(llvm::raw_ostream &os) : os(os) {}

  void dumpFunction(const Function &function) {
    os << "kernel " << function.getName() << " @" << at(function.loc())
       << "\n";
    for (const Param &param : function.getParams()) {
      os << "  param " << param.name;
      if (param.annotation) {
        os << ": ";
        printExpr(*param.annotation, os);
      }
      if (param.defaultValue) {
        os << " = ";
        printExpr(*param.defaultValue, os);
      }
      os << " @" << at(param.loc) << "\n";
    }
    if (const std::optional<AutotuneSpec> &spec = function.getAutotune())
      dumpAutotune(*spec);
    for (const Heuristic &heuristic : function.getHeuristics()) {
      os << "  heuristic " << heuristic.name << " = (lambda "
         << heuristic.argName << ": ";
      printExpr(*heuristic.body, os);
      os << ") @" << at(heuristic.loc) << "\n";
    }
    os << "  body\n";
    dumpBlock(function.getBody(), 2);
  }

private:
  void dumpNames(llvm::StringRef what, llvm::ArrayRef<std::string> names) {
    os << " " << what << "=[";
    llvm::interleaveComma(names, os);
    os << "]";
  }

  void dumpAutotune(const AutotuneSpec &spec) {
    os << "  autotune";
    dumpNames("key", spec.key);
    dumpNames("reset_to_zero", spec.resetToZero);
    dumpNames("restore_value", spec.restoreValue);
    os << " @" << at(spec.loc) << "\n";
    for (const TuneConfig &config : spec.configs) {
      os << "    config {";
      llvm::interleaveComma(config.values, os, [&](const auto &entry) {
        os << entry.first << "=";
        const ConstantValue &value = entry.second;
        switch (value.kind) {
        case ConstantValue::Kind::Int:
          os << value.getBigInt();
          break;
        case ConstantValue::Kind::Float:
          os << llvm::format("%g", value.floatValue);
          break;
        case ConstantValue::Kind::Bool:
          os << (value.boolValue ? "True" : "False");
          break;
        }
      });
      os << "} num_warps=" << config.numWarps
         << " num_stages=" << config.numStages << " @" << at(config.loc)
         << "\n";
    }
  }

  static std::string at(const Location &loc) {
    return std::to_string(loc.line) + ":" + std::to_string(loc.col);
  }

  void line(unsigned depth, llvm::StringRef what, const Stmt &stmt) {
    os.indent(depth * 2) << what << " @" << at(stmt.loc()) << " ";
  }

  void dumpBlock(const Block &block, unsigned depth) {
    for (const StmtPtr &stmt : block)
      dumpStmt(*stmt, depth);
  }

  void dumpStmt(const Stmt &stmt, unsigned depth) {
    switch (stmt.getKind()) {
    case Stmt::Kind::Assign: {
      const auto &assign = llvm::cast<AssignStmt>(stmt);
      line(depth, "assign", stmt);
      for (const ExprPtr &target : assign.getTargets()) {
        printExpr(*target, os);
        if (assign.getAnnotation() && &target == &assign.getTargets().back()) {
          os << ": ";
          printExpr(*assign.getAnnotation(), os);
        }
        os << " = ";
      }
      if (assign.getValue())
        printExpr(*assign.getValue(), os);
      os << "\n";
      return;
    }
    case Stmt::Kind::AugAssign: {
      const auto &aug = llvm::cast<AugAssignStmt>(stmt);
      line(depth, "augassign", stmt);
      printExpr(aug.getTarget(), os);
      os << " " << spell(aug.getOp()) << "= ";
      printExpr(aug.getValue(), os);
      os << "\n";
      return;
    }
    case Stmt::Kind::Expr:
      line(depth, "expr", stmt);
      printExpr(llvm::cast<ExprStmt>(stmt).getExpr(), os);
      os << "\n";
      return;
    case Stmt::Kind::For: {
      const auto &forStmt = llvm::cast<ForStmt>(stmt);
      line(depth, "for", stmt);
      printExpr(forStmt.getTarget(), os);
      os << " in ";
      printExpr(forStmt.getIter(), os);
      os << "\n";
      dumpBlock(forStmt.getBody(), depth + 1);
      dumpElse(forStmt.getElse(), depth);
      return;
    }
    case Stmt::Kind::If: {
      const auto &ifStmt = llvm::cast<IfStmt>(stmt);
      for (const IfStmt::Branch &branch : ifStmt.getBranches()) {
        os.indent(depth * 2) << (&branch == &ifStmt.getBranches().front()
                                     ? "if"
                                     : "elif")
                             << " @" << at(branch.loc) << " ";
        printExpr(*branch.cond, os);
        os << "\n";
        dumpBlock(branch.body, depth + 1);
      }
      dumpElse(ifStmt.getElse(), depth);
      return;
    }
    case Stmt::Kind::While: {
      const auto &whileStmt = llvm::cast<WhileStmt>(stmt);
      line(depth, "while", stmt);
      printExpr(whileStmt.getCond(), os);
      os << "\n";
      dumpBlock(whileStmt.getBody(), depth + 1);
      dumpElse(whileStmt.getElse(), depth);
      return;
    }
    case Stmt::Kind::Pass:
      os.indent(depth * 2) << "pass @" << at(stmt.loc()) << "\n";
      return;
    case Stmt::Kind::Break:
      os.indent(depth * 2) << "break @" << at(stmt.loc()) << "\n";
      return;
    case Stmt::Kind::Continue:
      os.indent(depth * 2) << "continue @" << at(stmt.loc()) << "\n";
      return;
    case Stmt::Kind::Assert: {
      const auto &assertStmt = llvm::cast<AssertStmt>(stmt);
      line(depth, "assert", stmt);
      printExpr(assertStmt.getTest(), os);
      if (assertStmt.getMessage()) {
        os << ", ";
        printExpr(*assertStmt.getMessage(), os);
      }
      os << "\n";
      return;
    }
    case Stmt::Kind::Return: {
      const auto &ret = llvm::cast<ReturnStmt>(stmt);
      os.indent(depth * 2) << "return @" << at(stmt.loc());
      if (ret.getValue()) {
        os << " ";
        printExpr(*ret.getValue(), os);
      }
      os << "\n";
      return;
    }
    case Stmt::Kind::Unsupported:
      line(depth, "unsupported", stmt);
      os << llvm::cast<UnsupportedStmt>(stmt).getWhat() << "\n";
      return;
    }
    llvm_unreachable("unknown statement kind");
  }

  void dumpElse(const Block &block, unsigned depth) {
    if (block.empty())
      return;
    os.indent(depth * 2) << "else\n";
    dumpBlock(block, depth + 1);
  }

  llvm::raw_ostream &os;
};
} // namespace

void ast::dumpFunction(const Function &function, llvm::raw_ostream &os) {
  Dumper(os).dumpFunction(function);
}

void tilec::dumpAST(const Module &module, llvm::StringRef kernelName,
                    llvm::raw_ostream &os) {
  for (const auto &kernel : module.getKernels())
    if (kernelName.empty() || kernel->getName() == kernelName)
      dumpFunction(*kernel, os);
}
