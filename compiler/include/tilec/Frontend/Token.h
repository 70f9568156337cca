//===- Token.h - tokens of the Python-syntax kernel language ----*- C++ -*-===//
//
// The tokens the lexer hands to the parser. Kernels are written in a subset
// of Python, but the lexer knows every Python token so that host code around
// the kernels can be skipped without understanding it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_TOKEN_H
#define TILEC_FRONTEND_TOKEN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <string>

namespace tilec {

/// A point in the source: the pointer into the buffer (for diagnostics) and
/// its 1-based line and byte column (for AST dumps and MLIR locations).
struct Location {
  llvm::SMLoc loc;
  unsigned line = 0;
  unsigned col = 0;
};

namespace tok {
/// Every token kind. Punctuation is named after its spelling.
enum Kind {
  // Markers.
  eof,
  error, ///< A lexical error; the token's spelling is the error message.
  newline,
  indent,
  dedent,

  // Names and literals.
  identifier,
  integer,   ///< 42, 0x2a, 1_000
  floating,  ///< 1.5, 1e-5, .5
  imaginary, ///< 1j (only ever skipped: kernels have no complex numbers)
  string,    ///< any string literal, prefixes and quotes included

  // Keywords.
  kw_False,
  kw_None,
  kw_True,
  kw_and,
  kw_as,
  kw_assert,
  kw_async,
  kw_await,
  kw_break,
  kw_class,
  kw_continue,
  kw_def,
  kw_del,
  kw_elif,
  kw_else,
  kw_except,
  kw_finally,
  kw_for,
  kw_from,
  kw_global,
  kw_if,
  kw_import,
  kw_in,
  kw_is,
  kw_lambda,
  kw_nonlocal,
  kw_not,
  kw_or,
  kw_pass,
  kw_raise,
  kw_return,
  kw_try,
  kw_while,
  kw_with,
  kw_yield,

  // Brackets.
  l_paren,
  r_paren,
  l_square,
  r_square,
  l_brace,
  r_brace,

  // Punctuation.
  comma,
  colon,
  semi,
  period,
  ellipsis,
  at,
  arrow,     ///< ->
  equal,     ///< =
  walrus,    ///< :=

  // Operators.
  plus,
  minus,
  star,
  slash,
  slashslash,
  percent,
  starstar,
  lessless,
  greatergreater,
  amp,
  pipe,
  caret,
  tilde,
  less,
  greater,
  lessequal,
  greaterequal,
  equalequal,
  exclaimequal,
  exclaim, ///< only valid inside f-strings; lexed so skipping never fails

  // Augmented assignment.
  plusequal,
  minusequal,
  starequal,
  slashequal,
  slashslashequal,
  percentequal,
  starstarequal,
  lesslessequal,
  greatergreaterequal,
  ampequal,
  pipeequal,
  caretequal,
  atequal,
};
} // namespace tok

/// One token: its kind, its exact spelling in the buffer and where it starts.
struct Token {
  tok::Kind kind = tok::eof;
  /// The source text; for tok::error, the message instead.
  llvm::StringRef spelling;
  Location loc;

  bool is(tok::Kind k) const { return kind == k; }
  bool isNot(tok::Kind k) const { return kind != k; }
  bool isKeyword() const { return kind >= tok::kw_False && kind <= tok::kw_yield; }
};

/// How a token kind reads in diagnostics: "':'", "newline", "identifier".
llvm::StringRef describeTokenKind(tok::Kind kind);

/// How a particular token reads in diagnostics: its spelling in quotes, or
/// its kind for markers.
std::string describeToken(const Token &token);

} // namespace tilec

#endif // TILEC_FRONTEND_TOKEN_H
