//===- Lexer.cpp - an indentation-aware Python lexer ----------------------===//

#include "tilec/Frontend/Lexer.h"
#include "tilec/Frontend/PyValue.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ADT/StringExtras.h"

using namespace tilec;

//===----------------------------------------------------------------------===//
// Character classes
//===----------------------------------------------------------------------===//

/// Bytes of multi-byte UTF-8 sequences count as identifier characters: Python
/// 3 allows non-ASCII names, and host code around kernels may use them.
static bool isIdentStart(char c) {
  return llvm::isAlpha(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
static bool isIdentChar(char c) { return isIdentStart(c) || llvm::isDigit(c); }

static tok::Kind keywordKind(llvm::StringRef name) {
  return llvm::StringSwitch<tok::Kind>(name)
      .Case("False", tok::kw_False)
      .Case("None", tok::kw_None)
      .Case("True", tok::kw_True)
      .Case("and", tok::kw_and)
      .Case("as", tok::kw_as)
      .Case("assert", tok::kw_assert)
      .Case("async", tok::kw_async)
      .Case("await", tok::kw_await)
      .Case("break", tok::kw_break)
      .Case("class", tok::kw_class)
      .Case("continue", tok::kw_continue)
      .Case("def", tok::kw_def)
      .Case("del", tok::kw_del)
      .Case("elif", tok::kw_elif)
      .Case("else", tok::kw_else)
      .Case("except", tok::kw_except)
      .Case("finally", tok::kw_finally)
      .Case("for", tok::kw_for)
      .Case("from", tok::kw_from)
      .Case("global", tok::kw_global)
      .Case("if", tok::kw_if)
      .Case("import", tok::kw_import)
      .Case("in", tok::kw_in)
      .Case("is", tok::kw_is)
      .Case("lambda", tok::kw_lambda)
      .Case("nonlocal", tok::kw_nonlocal)
      .Case("not", tok::kw_not)
      .Case("or", tok::kw_or)
      .Case("pass", tok::kw_pass)
      .Case("raise", tok::kw_raise)
      .Case("return", tok::kw_return)
      .Case("try", tok::kw_try)
      .Case("while", tok::kw_while)
      .Case("with", tok::kw_with)
      .Case("yield", tok::kw_yield)
      .Default(tok::identifier);
}

//===----------------------------------------------------------------------===//
// Token descriptions
//===----------------------------------------------------------------------===//

llvm::StringRef tilec::describeTokenKind(tok::Kind kind) {
  switch (kind) {
  case tok::eof:
    return "end of file";
  case tok::error:
    return "invalid token";
  case tok::newline:
    return "newline";
  case tok::indent:
    return "indent";
  case tok::dedent:
    return "dedent";
  case tok::identifier:
    return "identifier";
  case tok::integer:
  case tok::floating:
  case tok::imaginary:
    return "number";
  case tok::string:
    return "string";
  case tok::l_paren:
    return "'('";
  case tok::r_paren:
    return "')'";
  case tok::l_square:
    return "'['";
  case tok::r_square:
    return "']'";
  case tok::l_brace:
    return "'{'";
  case tok::r_brace:
    return "'}'";
  case tok::comma:
    return "','";
  case tok::colon:
    return "':'";
  case tok::semi:
    return "';'";
  case tok::period:
    return "'.'";
  case tok::equal:
    return "'='";
  case tok::arrow:
    return "'->'";
  case tok::kw_in:
    return "'in'";
  case tok::kw_else:
    return "'else'";
  case tok::kw_import:
    return "'import'";
  default:
    return "token";
  }
}

std::string tilec::describeToken(const Token &token) {
  switch (token.kind) {
  case tok::eof:
  case tok::newline:
  case tok::indent:
  case tok::dedent:
    return describeTokenKind(token.kind).str();
  case tok::string:
    return "string literal";
  default:
    return ("'" + token.spelling + "'").str();
  }
}

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

Lexer::Lexer(llvm::StringRef buffer)
    : buffer(buffer), cur(buffer.begin()), end(buffer.end()),
      lineStart(buffer.begin()) {
  // A UTF-8 byte order mark is not part of the program.
  if (buffer.starts_with("\xEF\xBB\xBF"))
    cur = lineStart = buffer.begin() + 3;
}

Location Lexer::locationOf(const char *at) const {
  Location loc;
  loc.loc = llvm::SMLoc::getFromPointer(at);
  loc.line = line;
  loc.col = static_cast<unsigned>(at - lineStart) + 1;
  return loc;
}

Token Lexer::makeToken(tok::Kind kind, const char *start) {
  Token token;
  token.kind = kind;
  token.spelling = llvm::StringRef(start, cur - start);
  token.loc = locationOf(start);
  return token;
}

Token Lexer::makeError(const char *at, const llvm::Twine &message) {
  errorMessage = message.str();
  Token token;
  token.kind = tok::error;
  token.spelling = errorMessage;
  token.loc = locationOf(at);
  done = true;
  pending.clear();
  return token;
}

void Lexer::newLineAt(const char *afterNewline) {
  ++line;
  lineStart = afterNewline;
}

/// Advances past one newline ("\n", "\r\n" or "\r") at `p`.
static const char *skipNewline(const char *p, const char *end) {
  if (*p == '\r' && p + 1 != end && p[1] == '\n')
    return p + 2;
  return p + 1;
}

Token Lexer::handleIndentation() {
  while (true) {
    unsigned width = 0, altWidth = 0;
    const char *p = cur;
    for (; p != end; ++p) {
      if (*p == ' ') {
        ++width;
        ++altWidth;
      } else if (*p == '\t') {
        width = (width / 8 + 1) * 8;
        ++altWidth;
      } else if (*p == '\f') {
        width = altWidth = 0;
      } else {
        break;
      }
    }
    cur = p;
    // Blank and comment-only lines do not count for indentation.
    if (p == end)
      return Token();
    if (*p == '#') {
      while (cur != end && *cur != '\n' && *cur != '\r')
        ++cur;
      if (cur == end)
        return Token();
    }
    if (*cur == '\n' || *cur == '\r') {
      cur = skipNewline(cur, end);
      newLineAt(cur);
      continue;
    }
    if (*cur == '\\')
      return Token(); // A continuation line; let skipTrivia handle it.

    auto inconsistent = [&] {
      return makeError(cur, "inconsistent use of tabs and spaces in "
                            "indentation (Python's TabError)");
    };
    if (width > indents.back()) {
      // CPython's limit; it also bounds the recursion of everything after.
      if (indents.size() > 100)
        return makeError(cur, "too many levels of indentation");
      if (altWidth <= altIndents.back())
        return inconsistent();
      indents.push_back(width);
      altIndents.push_back(altWidth);
      Token token = makeToken(tok::indent, cur);
      token.spelling = llvm::StringRef(lineStart, cur - lineStart);
      pending.push_back(token);
      return Token();
    }
    while (width < indents.back()) {
      indents.pop_back();
      altIndents.pop_back();
      pending.push_back(makeToken(tok::dedent, cur));
    }
    if (width != indents.back())
      return makeError(cur,
                       "unindent does not match any outer indentation level");
    if (altWidth != altIndents.back())
      return inconsistent();
    return Token();
  }
}

bool Lexer::skipTrivia(Token &error) {
  while (cur != end) {
    char c = *cur;
    if (c == ' ' || c == '\t' || c == '\f') {
      ++cur;
      continue;
    }
    if (c == '#') {
      while (cur != end && *cur != '\n' && *cur != '\r')
        ++cur;
      continue;
    }
    if (c == '\\') {
      const char *backslash = cur, *next = cur + 1;
      // A continuation must continue: Python refuses one that ends the
      // file (SyntaxError).
      auto endsFile = [&] {
        return makeError(backslash, "unexpected end of file after a line "
                                    "continuation character");
      };
      if (next == end) {
        error = endsFile();
        return false;
      }
      if (*next != '\n' && *next != '\r') {
        error = makeError(cur, "unexpected character after line "
                               "continuation character");
        return false;
      }
      if (skipNewline(next, end) == end) {
        error = endsFile();
        return false;
      }
      cur = skipNewline(next, end);
      newLineAt(cur);
      continue;
    }
    if ((c == '\n' || c == '\r') && !brackets.empty()) {
      cur = skipNewline(cur, end);
      newLineAt(cur);
      continue;
    }
    return true;
  }
  return true;
}

Token Lexer::finish() {
  done = true;
  if (!brackets.empty()) {
    Token open = brackets.back();
    errorMessage = ("'" + open.spelling + "' was never closed").str();
    open.kind = tok::error;
    open.spelling = errorMessage;
    return open;
  }
  Token eofToken = makeToken(tok::eof, cur);
  if (lineHasTokens)
    pending.push_back(makeToken(tok::newline, cur));
  for (size_t i = 1, e = indents.size(); i < e; ++i)
    pending.push_back(makeToken(tok::dedent, cur));
  indents.resize(1);
  altIndents.resize(1);
  pending.push_back(eofToken);
  Token first = pending.front();
  pending.pop_front();
  return first;
}

Token Lexer::next() {
  if (!pending.empty()) {
    Token token = pending.front();
    pending.pop_front();
    return token;
  }
  if (done)
    return makeToken(tok::eof, cur);

  if (atLineStart && brackets.empty()) {
    atLineStart = false;
    Token error = handleIndentation();
    if (error.is(tok::error))
      return error;
    if (!pending.empty())
      return next();
  }

  Token error;
  if (!skipTrivia(error))
    return error;
  if (cur == end)
    return finish();

  char c = *cur;
  if ((c == '\n' || c == '\r') && !lineHasTokens) {
    // A line that a continuation left empty (`\` then a blank line) is a
    // blank line, as in Python: no NEWLINE.
    cur = skipNewline(cur, end);
    newLineAt(cur);
    atLineStart = true;
    return next();
  }
  if (c == '\n' || c == '\r') {
    const char *start = cur;
    Token token = makeToken(tok::newline, start);
    cur = skipNewline(cur, end);
    token.spelling = llvm::StringRef(start, cur - start);
    newLineAt(cur);
    atLineStart = true;
    lineHasTokens = false;
    return token;
  }

  lineHasTokens = true;
  if (isIdentStart(c))
    return lexIdentifierOrString();
  if (llvm::isDigit(c) ||
      (c == '.' && cur + 1 != end && llvm::isDigit(cur[1])))
    return lexNumber();
  if (c == '"' || c == '\'')
    return lexString(cur, cur);
  return lexPunctuation();
}

void Lexer::lexAll(llvm::SmallVectorImpl<Token> &tokens) {
  while (true) {
    tokens.push_back(next());
    if (tokens.back().is(tok::eof) || tokens.back().is(tok::error))
      return;
  }
}

Token Lexer::lexIdentifierOrString() {
  const char *start = cur;
  while (cur != end && isIdentChar(*cur))
    ++cur;
  llvm::StringRef name(start, cur - start);
  // A string prefix such as r, b, f, rb or fr directly before a quote.
  if (cur != end && (*cur == '"' || *cur == '\'') && name.size() <= 2 &&
      name.find_first_not_of("rRbBuUfF") == llvm::StringRef::npos)
    return lexString(start, cur);
  return makeToken(keywordKind(name), start);
}

/// Python allows one '_' between two digits (or after a base prefix such as
/// 0x) and nothing else: `1__0`, `1_`, `1_.5` and `1e_5` are invalid.
static bool hasValidUnderscores(llvm::StringRef spelling, bool hex) {
  auto isDigitOfBase = [&](char c) {
    return hex ? llvm::isHexDigit(c) : llvm::isDigit(c);
  };
  bool prefixed = spelling.size() > 2 && spelling[0] == '0' &&
                  llvm::StringRef("xXoObB").contains(spelling[1]);
  for (size_t i = 0, e = spelling.size(); i < e; ++i) {
    if (spelling[i] != '_')
      continue;
    if (i + 1 == e || !isDigitOfBase(spelling[i + 1]))
      return false;
    if (!isDigitOfBase(spelling[i - 1]) && !(prefixed && i == 2))
      return false;
  }
  return true;
}

Token Lexer::lexNumber() {
  const char *start = cur;
  auto checkUnderscores = [&](bool hex) {
    return hasValidUnderscores(llvm::StringRef(start, cur - start), hex);
  };
  auto digitsWhile = [&](auto pred) {
    while (cur != end && (pred(*cur) || *cur == '_'))
      ++cur;
  };
  auto isDec = [](char c) { return llvm::isDigit(c); };
  if (*cur == '0' && cur + 1 != end &&
      llvm::StringRef("xXoObB").contains(cur[1])) {
    char base = static_cast<char>(llvm::toLower(cur[1]));
    cur += 2;
    const char *digits = cur;
    if (base == 'x')
      digitsWhile([](char c) { return llvm::isHexDigit(c); });
    else if (base == 'o')
      digitsWhile([](char c) { return c >= '0' && c <= '7'; });
    else
      digitsWhile([](char c) { return c == '0' || c == '1'; });
    if (cur == digits || !checkUnderscores(base == 'x'))
      return makeError(start, "invalid number literal");
    return makeToken(tok::integer, start);
  }

  bool isFloat = false;
  digitsWhile(isDec);
  if (cur != end && *cur == '.') {
    isFloat = true;
    ++cur;
    digitsWhile(isDec);
  }
  if (cur != end && (*cur == 'e' || *cur == 'E')) {
    const char *p = cur + 1;
    if (p != end && (*p == '+' || *p == '-'))
      ++p;
    if (p != end && llvm::isDigit(*p)) {
      isFloat = true;
      cur = p;
      digitsWhile(isDec);
    }
  }
  if (!checkUnderscores(/*hex=*/false))
    return makeError(start, "invalid decimal literal");
  if (cur != end && (*cur == 'j' || *cur == 'J')) {
    ++cur;
    return makeToken(tok::imaginary, start);
  }
  // Python 3 has no 0123 (C's octal); only zeros may follow a leading zero.
  llvm::StringRef spelling(start, cur - start);
  if (!isFloat && spelling.starts_with("0") &&
      spelling.find_first_not_of("0_") != llvm::StringRef::npos)
    return makeError(start, "leading zeros in decimal integer literals are "
                            "not permitted; use an 0o prefix for octal "
                            "integers");
  return makeToken(isFloat ? tok::floating : tok::integer, start);
}

Token Lexer::lexString(const char *start, const char *quote) {
  char q = *quote;
  bool triple = quote + 2 < end && quote[1] == q && quote[2] == q;
  cur = quote + (triple ? 3 : 1);
  // Remember where the literal starts: a triple-quoted string moves the line.
  Location startLoc = locationOf(start);
  while (true) {
    if (cur == end)
      break;
    char c = *cur;
    if (c == '\\') {
      ++cur;
      if (cur == end)
        break;
      if (*cur == '\n' || *cur == '\r') {
        cur = skipNewline(cur, end);
        newLineAt(cur);
      } else {
        ++cur;
      }
      continue;
    }
    if (c == '\n' || c == '\r') {
      if (!triple)
        break;
      cur = skipNewline(cur, end);
      newLineAt(cur);
      continue;
    }
    if (c == q) {
      if (!triple) {
        ++cur;
        Token token;
        token.kind = tok::string;
        token.spelling = llvm::StringRef(start, cur - start);
        token.loc = startLoc;
        return token;
      }
      if (cur + 2 < end && cur[1] == q && cur[2] == q) {
        cur += 3;
        Token token;
        token.kind = tok::string;
        token.spelling = llvm::StringRef(start, cur - start);
        token.loc = startLoc;
        return token;
      }
    }
    ++cur;
  }
  Token error = makeError(start, triple ? "unterminated triple-quoted string"
                                        : "unterminated string literal");
  error.loc = startLoc;
  return error;
}

Token Lexer::lexPunctuation() {
  const char *start = cur;
  llvm::StringRef rest(cur, end - cur);
  struct Punct {
    const char *spelling;
    tok::Kind kind;
  };
  // Longest spellings first so that "**=" wins over "**" and "*".
  static const Punct puncts[] = {
      {"**=", tok::starstarequal},
      {"//=", tok::slashslashequal},
      {"<<=", tok::lesslessequal},
      {">>=", tok::greatergreaterequal},
      {"...", tok::ellipsis},
      {"**", tok::starstar},
      {"//", tok::slashslash},
      {"<<", tok::lessless},
      {">>", tok::greatergreater},
      {"<=", tok::lessequal},
      {">=", tok::greaterequal},
      {"==", tok::equalequal},
      {"!=", tok::exclaimequal},
      {"->", tok::arrow},
      {":=", tok::walrus},
      {"+=", tok::plusequal},
      {"-=", tok::minusequal},
      {"*=", tok::starequal},
      {"/=", tok::slashequal},
      {"%=", tok::percentequal},
      {"&=", tok::ampequal},
      {"|=", tok::pipeequal},
      {"^=", tok::caretequal},
      {"@=", tok::atequal},
      {"(", tok::l_paren},
      {")", tok::r_paren},
      {"[", tok::l_square},
      {"]", tok::r_square},
      {"{", tok::l_brace},
      {"}", tok::r_brace},
      {",", tok::comma},
      {":", tok::colon},
      {";", tok::semi},
      {".", tok::period},
      {"@", tok::at},
      {"=", tok::equal},
      {"+", tok::plus},
      {"-", tok::minus},
      {"*", tok::star},
      {"/", tok::slash},
      {"%", tok::percent},
      {"&", tok::amp},
      {"|", tok::pipe},
      {"^", tok::caret},
      {"~", tok::tilde},
      {"<", tok::less},
      {">", tok::greater},
      {"!", tok::exclaim},
  };
  for (const Punct &p : puncts) {
    if (!rest.starts_with(p.spelling))
      continue;
    cur += llvm::StringRef(p.spelling).size();
    Token token = makeToken(p.kind, start);
    switch (p.kind) {
    case tok::l_paren:
    case tok::l_square:
    case tok::l_brace:
      if (brackets.size() >= 200)
        return makeError(start, "too many nested parentheses");
      brackets.push_back(token);
      break;
    case tok::r_paren:
    case tok::r_square:
    case tok::r_brace: {
      if (brackets.empty())
        return makeError(start, "unmatched '" + token.spelling + "'");
      tok::Kind open = brackets.back().kind;
      char expected = open == tok::l_paren    ? ')'
                      : open == tok::l_square ? ']'
                                              : '}';
      if (expected != *start)
        return makeError(start, "closing parenthesis '" + token.spelling +
                                    "' does not match opening parenthesis '" +
                                    brackets.back().spelling + "'");
      brackets.pop_back();
      break;
    }
    default:
      break;
    }
    return token;
  }
  // Bytes of non-ASCII characters are identifier characters, so this is an
  // ASCII character such as '$' or '?'.
  return makeError(start, "invalid character '" + llvm::StringRef(start, 1) +
                              "' in source");
}

//===----------------------------------------------------------------------===//
// Literal values
//===----------------------------------------------------------------------===//

bool Lexer::decodeString(llvm::StringRef spelling, std::string &value,
                         std::string &error) {
  size_t quotePos = spelling.find_first_of("\"'");
  llvm::StringRef prefix = spelling.take_front(quotePos);
  bool raw = prefix.find_first_of("rR") != llvm::StringRef::npos;
  llvm::StringRef body = spelling.drop_front(quotePos);
  size_t quoteLen =
      body.size() >= 6 && (body.starts_with("\"\"\"") || body.starts_with("'''"))
          ? 3
          : 1;
  body = body.drop_front(quoteLen).drop_back(quoteLen);
  value.clear();
  for (size_t i = 0, e = body.size(); i < e; ++i) {
    char c = body[i];
    if (c != '\\' || raw || i + 1 == e) {
      value.push_back(c);
      continue;
    }
    char n = body[++i];
    switch (n) {
    case '\n':
      break;
    case '\\':
    case '\'':
    case '"':
      value.push_back(n);
      break;
    case 'n':
      value.push_back('\n');
      break;
    case 't':
      value.push_back('\t');
      break;
    case 'r':
      value.push_back('\r');
      break;
    case '0':
      value.push_back('\0');
      break;
    case 'a':
      value.push_back('\a');
      break;
    case 'b':
      value.push_back('\b');
      break;
    case 'f':
      value.push_back('\f');
      break;
    case 'v':
      value.push_back('\v');
      break;
    case 'x': {
      unsigned byte = 0;
      if (i + 2 >= e || body.substr(i + 1, 2).getAsInteger(16, byte)) {
        error = "invalid \\x escape in string literal";
        return false;
      }
      value.push_back(static_cast<char>(byte));
      i += 2;
      break;
    }
    default:
      // Python keeps unknown escapes verbatim.
      value.push_back('\\');
      value.push_back(n);
      break;
    }
  }
  return true;
}

bool Lexer::parseInteger(llvm::StringRef spelling, llvm::APInt &value) {
  std::string digits;
  for (char c : spelling)
    if (c != '_')
      digits.push_back(c);
  llvm::StringRef text(digits);
  unsigned radix = 10;
  if (text.size() > 2 && text[0] == '0') {
    switch (llvm::toLower(text[1])) {
    case 'x':
      radix = 16;
      break;
    case 'o':
      radix = 8;
      break;
    case 'b':
      radix = 2;
      break;
    default:
      break;
    }
    if (radix != 10)
      text = text.drop_front(2);
  }
  // More significant digits than kMaxIntBits allow cannot fit; checking
  // first keeps a literal of thousands of digits from costing quadratic
  // time in APInt.
  llvm::StringRef significant = text.ltrim('0');
  unsigned bitsPerDigit = radix == 16 ? 4 : radix == 8 ? 3 : radix == 2 ? 1 : 0;
  size_t maxDigits = bitsPerDigit
                         ? (py::kMaxIntBits + bitsPerDigit - 1) / bitsPerDigit
                         : py::kMaxIntBits * 30103 / 100000 + 1;
  if (significant.size() > maxDigits)
    return false;
  llvm::APInt wide;
  if (text.getAsInteger(radix, wide))
    return false;
  if (wide.getActiveBits() > py::kMaxIntBits)
    return false;
  value = wide.zextOrTrunc(std::max(64u, wide.getActiveBits() + 1));
  return true;
}

bool Lexer::parseFloat(llvm::StringRef spelling, double &value) {
  std::string digits;
  for (char c : spelling)
    if (c != '_')
      digits.push_back(c);
  return !llvm::StringRef(digits).getAsDouble(value);
}
