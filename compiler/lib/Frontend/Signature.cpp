//===- Signature.cpp - Triton AOT signatures and parameter binding --------===//

#include "tilec/Frontend/Signature.h"
#include "tilec/Frontend/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

using namespace tilec;

ConstantValue ConstantValue::getInt(int64_t v) {
  return getInt(llvm::APInt(64, uint64_t(v), /*isSigned=*/true));
}

ConstantValue ConstantValue::getInt(const llvm::APInt &v) {
  ConstantValue c;
  c.kind = Kind::Int;
  // The narrowest multiple of 64 bits that holds it, so that equal values
  // have equal widths.
  unsigned width = std::max(64u, unsigned(llvm::alignTo(v.getSignificantBits(), 64)));
  c.intValue = v.sextOrTrunc(width);
  return c;
}

ConstantValue ConstantValue::getFloat(double v) {
  ConstantValue c;
  c.kind = Kind::Float;
  c.floatValue = v;
  return c;
}

ConstantValue ConstantValue::getBool(bool v) {
  ConstantValue c;
  c.kind = Kind::Bool;
  c.boolValue = v;
  c.intValue = llvm::APInt(64, v ? 1 : 0);
  return c;
}

bool tilec::parseConstant(llvm::StringRef text, ConstantValue &value) {
  text = text.trim();
  if (text == "True" || text == "False") {
    value = ConstantValue::getBool(text == "True");
    return true;
  }
  bool negative = text.consume_front("-");
  if (!negative)
    text.consume_front("+");
  if (text.empty() || !(llvm::isDigit(text[0]) || text[0] == '.'))
    return false;
  // Decide int or float the way the lexer would, on the whole text.
  Lexer lexer(text);
  Token token = lexer.next();
  if (token.spelling.size() != text.size())
    return false;
  if (token.is(tok::integer)) {
    llvm::APInt v;
    if (!Lexer::parseInteger(text, v))
      return false;
    value = ConstantValue::getInt(negative ? -v : v);
    return true;
  }
  if (token.is(tok::floating)) {
    double v;
    if (!Lexer::parseFloat(text, v))
      return false;
    value = ConstantValue::getFloat(negative ? -v : v);
    return true;
  }
  return false;
}

bool tilec::parseScalarKind(llvm::StringRef text, ScalarKind &kind) {
  std::optional<ScalarKind> parsed =
      llvm::StringSwitch<std::optional<ScalarKind>>(text)
          .Case("i1", ScalarKind::I1)
          .Case("i8", ScalarKind::I8)
          .Case("i16", ScalarKind::I16)
          .Case("i32", ScalarKind::I32)
          .Case("i64", ScalarKind::I64)
          .Case("u8", ScalarKind::U8)
          .Case("u16", ScalarKind::U16)
          .Case("u32", ScalarKind::U32)
          .Case("u64", ScalarKind::U64)
          .Case("fp16", ScalarKind::F16)
          .Case("bf16", ScalarKind::BF16)
          .Case("fp32", ScalarKind::F32)
          .Case("fp64", ScalarKind::F64)
          .Case("fp8e4nv", ScalarKind::F8E4NV)
          .Case("fp8e5", ScalarKind::F8E5)
          .Default(std::nullopt);
  if (!parsed)
    return false;
  kind = *parsed;
  return true;
}

bool tilec::parseSymbolicConstant(llvm::StringRef text, bool bareStrings,
                                  SymbolicConstant &value, ScalarKind &dtype) {
  if (text == "None") {
    value.kind = SymbolicConstant::Kind::NoneValue;
    value.text = text.str();
    return true;
  }
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front()) {
    value.kind = SymbolicConstant::Kind::String;
    value.text = text.drop_front().drop_back().str();
    return true;
  }
  if (text.consume_front("tl.") || text.consume_front("triton.language.")) {
    std::optional<ScalarKind> parsed =
        llvm::StringSwitch<std::optional<ScalarKind>>(text)
            .Case("int1", ScalarKind::I1)
            .Case("int8", ScalarKind::I8)
            .Case("int16", ScalarKind::I16)
            .Case("int32", ScalarKind::I32)
            .Case("int64", ScalarKind::I64)
            .Case("uint8", ScalarKind::U8)
            .Case("uint16", ScalarKind::U16)
            .Case("uint32", ScalarKind::U32)
            .Case("uint64", ScalarKind::U64)
            .Case("float16", ScalarKind::F16)
            .Case("bfloat16", ScalarKind::BF16)
            .Case("float32", ScalarKind::F32)
            .Case("float64", ScalarKind::F64)
            .Case("float8e4nv", ScalarKind::F8E4NV)
            .Case("float8e5", ScalarKind::F8E5)
            .Default(std::nullopt);
    if (!parsed)
      return false;
    value.kind = SymbolicConstant::Kind::DType;
    value.text = ("tl." + text).str();
    dtype = *parsed;
    return true;
  }
  bool word = !text.empty() && llvm::all_of(text, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '-' || c == '.';
  });
  if (!bareStrings || !word)
    return false;
  value.kind = SymbolicConstant::Kind::String;
  value.text = text.str();
  return true;
}

/// Why `text`, which parseConstant rejected, is no constant when it looks
/// like a number (a sign, a digit, '.', or nan/inf); empty otherwise.
static std::string whyNotConstant(llvm::StringRef text) {
  llvm::StringRef body = text;
  if (!body.consume_front("-"))
    body.consume_front("+");
  std::string lower = body.lower();
  if (lower == "nan" || lower == "inf" || lower == "infinity")
    return ("'" + text +
            "' is not a finite number (constants must be finite ints or "
            "floats)")
        .str();
  if (body.empty() || !(llvm::isDigit(body[0]) || body[0] == '.'))
    return "";
  Lexer lexer(body);
  Token token = lexer.next();
  if (token.is(tok::integer) && token.spelling.size() == body.size())
    return ("integer constant '" + text +
            "' is too large: Python ints in tilec have at most 4096 bits")
        .str();
  return ("invalid number '" + text + "'").str();
}

/// Parses Triton's tensor descriptor type, "tensordesc<fp16[64, 64]>" (a
/// layout after the shape, as Gluon writes it, is not accepted).
static void parseTensorDesc(llvm::StringRef text, SignatureEntry &entry) {
  auto fail = [&](const llvm::Twine &why) {
    entry.error = ("invalid tensor descriptor '" + text + "': " + why).str();
  };
  llvm::StringRef body = text;
  body.consume_front("tensordesc<");
  if (!body.consume_back(">"))
    return fail("expected tensordesc<TYPE[BLOCK, ...]>");
  auto [typeText, rest] = body.split('[');
  typeText = typeText.trim();
  rest = rest.trim();
  if (!rest.consume_back("]"))
    return fail("expected a block shape such as [64, 64] after the type");
  if (!parseScalarKind(typeText, entry.type) || entry.type == ScalarKind::I1)
    return fail("unknown element type '" + typeText + "'");
  llvm::SmallVector<llvm::StringRef> dims;
  rest.split(dims, ',');
  for (llvm::StringRef dim : dims) {
    int64_t size;
    if (dim.trim().getAsInteger(10, size) || size <= 0 ||
        !llvm::isPowerOf2_64(size) || size > (1 << 20))
      return fail("block sizes must be powers of two, got '" + dim.trim() +
                  "'");
    entry.blockShape.push_back(size);
  }
  if (entry.blockShape.empty() || entry.blockShape.size() > 5)
    return fail("a descriptor has 1 to 5 dimensions");
  entry.kind = SignatureEntry::Kind::TensorDesc;
}

static SignatureEntry parseEntry(llvm::StringRef text) {
  SignatureEntry entry;
  entry.text = text.str();
  if (text.empty()) {
    entry.error = "empty signature entry";
    return entry;
  }
  if (text.starts_with("tensordesc")) {
    parseTensorDesc(text, entry);
    return entry;
  }
  if (parseConstant(text, entry.constant)) {
    entry.kind = SignatureEntry::Kind::Constant;
    return entry;
  }
  if (parseSymbolicConstant(text, /*bareStrings=*/false, entry.symbolic,
                            entry.type)) {
    entry.kind = SignatureEntry::Kind::Symbolic;
    return entry;
  }
  std::string notConstant = whyNotConstant(text);
  if (!notConstant.empty()) {
    entry.error = notConstant;
    return entry;
  }
  bool isPointer = text.consume_front("*");
  auto [typeText, hint] = text.split(':');
  typeText = typeText.trim();
  if (text.contains(':')) {
    hint = hint.trim();
    if (hint.getAsInteger(10, entry.divisibility) || entry.divisibility == 0) {
      entry.error = ("invalid divisibility '" + hint +
                     "' (expected a positive integer)")
                        .str();
      return entry;
    }
  }
  if (!parseScalarKind(typeText, entry.type)) {
    entry.error = ("unknown type '" + typeText +
                   "' (expected i1, i8, i16, i32, i64, u8, u16, u32, u64, "
                   "fp16, bf16, fp32, fp64, fp8e4nv or fp8e5, with '*' for "
                   "pointers)")
                      .str();
    return entry;
  }
  if (!isPointer &&
      (entry.type == ScalarKind::F8E4NV || entry.type == ScalarKind::F8E5)) {
    entry.error = ("'" + typeText +
                   "' is only a pointee type: fp8 scalars cannot be passed "
                   "(use *" + typeText + ")")
                      .str();
    return entry;
  }
  entry.kind = isPointer ? SignatureEntry::Kind::Pointer
                         : SignatureEntry::Kind::Scalar;
  // Triton's convention: ":1" on an integer promises the value 1 (as its JIT
  // specialises arguments equal to 1), not a trivial divisor.
  bool isInteger = entry.type != ScalarKind::F16 &&
                   entry.type != ScalarKind::BF16 &&
                   entry.type != ScalarKind::F32 &&
                   entry.type != ScalarKind::F64 &&
                   entry.type != ScalarKind::F8E4NV &&
                   entry.type != ScalarKind::F8E5;
  entry.equalToOne = !isPointer && isInteger && entry.divisibility == 1;
  return entry;
}

std::vector<SignatureEntry>
tilec::parseSignature(llvm::StringRef signature) {
  std::vector<SignatureEntry> entries;
  if (signature.trim().empty())
    return entries;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0, e = signature.size(); i <= e; ++i) {
    char c = i < e ? signature[i] : ',';
    if (c == '<' || c == '[')
      ++depth;
    else if ((c == '>' || c == ']') && depth > 0)
      --depth;
    if (c != ',' || (depth > 0 && i < e))
      continue;
    entries.push_back(parseEntry(signature.slice(start, i).trim()));
    start = i + 1;
  }
  return entries;
}

/// Binds one parameter to one signature entry.
static bool bindEntry(const ParamInfo &param, int index,
                      const SignatureEntry &entry, ParamBinding &binding,
                      BindingError &error) {
  error.paramIndex = index;
  // A bare word for a constexpr (ACTIVATION: leaky_relu) is a string, as
  // with -D: a tl.constexpr takes no type.
  SignatureEntry word;
  llvm::StringRef text = entry.text;
  bool isWord = !text.empty() &&
                (llvm::isAlpha(text.front()) || text.front() == '_') &&
                llvm::all_of(text, [](char c) {
                  return llvm::isAlnum(c) || c == '_';
                }) &&
                // Python spells these as numbers (not finite: an error).
                !llvm::is_contained({"nan", "inf", "infinity"},
                                    text.lower());
  if (param.isConstexpr && isWord &&
      entry.kind == SignatureEntry::Kind::Invalid &&
      parseSymbolicConstant(entry.text, /*bareStrings=*/true, word.symbolic,
                            word.type)) {
    binding.kind = ParamBinding::Kind::Constant;
    binding.symbolic = word.symbolic;
    binding.dtype = word.type;
    word.kind = SignatureEntry::Kind::Symbolic;
    word.text = entry.text;
    binding.entry = word;
    return true;
  }
  // A None argument is a constexpr None in Triton's JIT, whether or not the
  // parameter is annotated tl.constexpr.
  if (entry.kind == SignatureEntry::Kind::Symbolic &&
      entry.symbolic.kind == SymbolicConstant::Kind::NoneValue) {
    binding.kind = ParamBinding::Kind::Constant;
    binding.symbolic = entry.symbolic;
    binding.entry = entry;
    return true;
  }
  if (entry.kind == SignatureEntry::Kind::Invalid) {
    error.message = "invalid signature entry '" + entry.text +
                    "' for parameter '" + param.name + "': " + entry.error;
    return false;
  }
  if (param.isConstexpr) {
    if (entry.kind == SignatureEntry::Kind::Symbolic) {
      binding.kind = ParamBinding::Kind::Constant;
      binding.symbolic = entry.symbolic;
      binding.dtype = entry.type;
      binding.entry = entry;
      return true;
    }
    if (entry.kind != SignatureEntry::Kind::Constant) {
      error.message = "parameter '" + param.name +
                      "' is tl.constexpr: its signature entry must be a "
                      "value, not the type '" +
                      entry.text + "'";
      return false;
    }
    binding.kind = ParamBinding::Kind::Constant;
    binding.value = entry.constant;
    binding.entry = entry;
    return true;
  }
  if (entry.kind == SignatureEntry::Kind::Constant ||
      entry.kind == SignatureEntry::Kind::Symbolic) {
    error.message = "parameter '" + param.name +
                    "' is not tl.constexpr: its signature entry must be a "
                    "type such as 'i32' or '*fp32', not the value '" +
                    entry.text + "'";
    return false;
  }
  binding.kind = ParamBinding::Kind::Argument;
  binding.entry = entry;
  return true;
}

bool tilec::bindSignature(
    llvm::StringRef kernelName, llvm::ArrayRef<ParamInfo> params,
    llvm::StringRef signature,
    llvm::ArrayRef<std::pair<std::string, std::string>> defines,
    llvm::SmallVectorImpl<ParamBinding> &bindings, BindingError &error) {
  auto fail = [&](int index, const llvm::Twine &message) {
    error.paramIndex = index;
    error.message = message.str();
    return false;
  };

  // -D bindings, by parameter index.
  llvm::SmallVector<std::optional<ConstantValue>> defined(params.size());
  llvm::SmallVector<SymbolicConstant> symbolic(params.size());
  llvm::SmallVector<ScalarKind> dtypes(params.size(), ScalarKind::I32);
  unsigned numDefined = 0;
  for (const auto &[name, text] : defines) {
    auto it = llvm::find_if(
        params, [&](const ParamInfo &p) { return p.name == name; });
    if (it == params.end())
      return fail(-1, "-D " + name + " names no parameter of kernel '" +
                          kernelName + "'");
    int index = static_cast<int>(it - params.begin());
    if (!it->isConstexpr && text != "None")
      return fail(index, "-D " + name + " binds parameter '" + name +
                             "', which is not tl.constexpr (only None "
                             "binds a runtime parameter)");
    if (defined[index])
      return fail(index, "-D " + name + " is given twice");
    // parseConstant trims, but a space in a -D value is more likely a
    // quoting mistake than intended.
    if (llvm::StringRef(text) != llvm::StringRef(text).trim())
      return fail(index, "-D " + name + "='" + text +
                             "': the value has leading or trailing "
                             "whitespace");
    ConstantValue value;
    bool isConstant = parseConstant(text, value);
    std::string notConstant = isConstant ? "" : whyNotConstant(text);
    if (!notConstant.empty())
      return fail(index, "-D " + name + "=" + text + ": " + notConstant);
    if (!isConstant &&
        !parseSymbolicConstant(text, /*bareStrings=*/true, symbolic[index],
                               dtypes[index]))
      return fail(index, "-D " + name + "=" + text +
                             ": the value must be an int, a float, True, "
                             "False, None, a string or a dtype such as "
                             "tl.float16");
    defined[index] = value;
    ++numDefined;
  }

  std::vector<SignatureEntry> entries = parseSignature(signature);
  bindings.assign(params.size(), ParamBinding());
  for (auto [index, value] : llvm::enumerate(defined)) {
    if (!value)
      continue;
    bindings[index].kind = ParamBinding::Kind::Constant;
    bindings[index].value = *value;
    bindings[index].symbolic = symbolic[index];
    bindings[index].dtype = dtypes[index];
  }

  // Positional over all parameters.
  if (entries.size() == params.size() && !params.empty()) {
    for (auto [index, param] : llvm::enumerate(params)) {
      if (defined[index])
        return fail(index, "parameter '" + param.name +
                               "' is bound both by the signature and by -D");
      if (!bindEntry(param, index, entries[index], bindings[index], error))
        return false;
    }
    return true;
  }

  // Over the parameters -D leaves unbound.
  llvm::SmallVector<unsigned> unbound;
  for (unsigned i = 0, e = params.size(); i < e; ++i)
    if (!defined[i])
      unbound.push_back(i);
  auto arityMessage = [&] {
    std::string message = "signature has " + std::to_string(entries.size()) +
                          " entries but kernel '" + kernelName.str() +
                          "' has " + std::to_string(params.size()) +
                          " parameters";
    if (numDefined)
      message += " (" + std::to_string(numDefined) + " bound by -D)";
    return message;
  };
  if (entries.size() > unbound.size())
    return fail(-1, arityMessage());
  for (auto [entry, index] : llvm::zip_first(entries, unbound))
    if (!bindEntry(params[index], index, entry, bindings[index], error))
      return false;
  for (unsigned index : llvm::drop_begin(unbound, entries.size())) {
    const ParamInfo &param = params[index];
    if (param.isConstexpr && param.hasDefault) {
      bindings[index].kind = ParamBinding::Kind::Default;
      continue;
    }
    if (param.isConstexpr)
      return fail(index, "constexpr parameter '" + param.name +
                             "' is not bound: give its value in the signature "
                             "or with -D " +
                             param.name + "=VALUE");
    return fail(-1, arityMessage());
  }
  return true;
}
