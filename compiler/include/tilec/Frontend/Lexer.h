//===- Lexer.h - an indentation-aware Python lexer --------------*- C++ -*-===//
//
// Turns a Python source buffer into tokens the way CPython's tokenizer does:
// INDENT/DEDENT at changes of indentation, NEWLINE at the end of each logical
// line, implicit line joining inside brackets, backslash continuations and
// comments. It never fails in the middle of a token stream: a lexical error
// becomes one tok::error token, after which only tok::eof follows.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_LEXER_H
#define TILEC_FRONTEND_LEXER_H

#include "tilec/Frontend/Token.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <deque>
#include <string>

namespace tilec {

/// Lexes one buffer. The buffer must outlive the lexer and its tokens, and
/// error tokens point into the lexer, so it must outlive them as well.
class Lexer {
public:
  explicit Lexer(llvm::StringRef buffer);

  /// Returns the next token. After tok::eof or tok::error, returns tok::eof
  /// forever.
  Token next();

  /// Lexes everything that is left into `tokens`. The last token is
  /// tok::eof, or tok::error when the buffer has a lexical error.
  void lexAll(llvm::SmallVectorImpl<Token> &tokens);

  /// Decodes a string literal's spelling (prefixes, quotes and escapes) into
  /// its value. Returns false, with `error` set, for escapes we do not know.
  static bool decodeString(llvm::StringRef spelling, std::string &value,
                           std::string &error);

  /// The value of an integer literal's spelling (any base, underscores),
  /// non-negative with a sign bit to spare. Returns false past the ints
  /// tilec computes with (py::kMaxIntBits).
  static bool parseInteger(llvm::StringRef spelling, llvm::APInt &value);

  /// The value of a floating-point literal's spelling.
  static bool parseFloat(llvm::StringRef spelling, double &value);

private:
  Token makeToken(tok::Kind kind, const char *start);
  Token makeError(const char *at, const llvm::Twine &message);
  Location locationOf(const char *at) const;
  /// At the start of a logical line: skips blank lines and measures the
  /// indentation, queueing INDENT/DEDENT tokens. Returns an error token or
  /// nothing (kind eof) when all went well.
  Token handleIndentation();
  /// Skips blanks, comments and backslash continuations (and newlines inside
  /// brackets). Returns false after queueing an error.
  bool skipTrivia(Token &error);
  void newLineAt(const char *afterNewline);
  Token lexIdentifierOrString();
  Token lexNumber();
  Token lexString(const char *start, const char *quote);
  Token lexPunctuation();
  Token finish();

  llvm::StringRef buffer;
  const char *cur;
  const char *end;
  /// Line number and start of the physical line `cur` is on.
  unsigned line = 1;
  const char *lineStart;
  /// Widths of the enclosing indentation levels; always starts with 0.
  /// Each is measured twice, as CPython's tokenizer does: with tabs to the
  /// next multiple of 8 (`indents`) and as one column (`altIndents`); an
  /// indentation the two order differently mixes tabs and spaces
  /// inconsistently (TabError).
  llvm::SmallVector<unsigned, 8> indents{0};
  llvm::SmallVector<unsigned, 8> altIndents{0};
  /// Open brackets, innermost last, for implicit line joining and errors.
  llvm::SmallVector<Token, 8> brackets;
  /// INDENT/DEDENT/NEWLINE tokens waiting to be returned.
  std::deque<Token> pending;
  bool atLineStart = true;
  bool done = false;
  /// Whether anything other than layout tokens came since the last NEWLINE.
  bool lineHasTokens = false;
  std::string errorMessage;
};

} // namespace tilec

#endif // TILEC_FRONTEND_LEXER_H
