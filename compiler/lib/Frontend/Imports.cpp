//===- Imports.cpp - resolving imports of other Python files --------------===//

#include "tilec/Frontend/Imports.h"
#include "tilec/Frontend/Lexer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace tilec;

namespace {

/// Reads the import statement at a position of a token list.
class ImportReader {
public:
  ImportReader(ArrayRef<Token> tokens, size_t pos, StringRef importer)
      : tokens(tokens), pos(pos), importer(importer) {}

  std::vector<FileImport> read() {
    if (tok().is(tok::kw_import)) {
      ++pos;
      readImport();
    } else if (tok().is(tok::kw_from)) {
      ++pos;
      readFrom();
    }
    return std::move(found);
  }

private:
  const Token &tok() const {
    return tokens[std::min(pos, tokens.size() - 1)];
  }
  bool atEnd() const {
    return tok().is(tok::newline) || tok().is(tok::semi) ||
           tok().is(tok::eof) || tok().is(tok::error);
  }

  /// `a.b.c`, as its parts; empty when there is no name here.
  SmallVector<StringRef> readDotted() {
    SmallVector<StringRef> parts;
    while (tok().is(tok::identifier)) {
      parts.push_back(tok().spelling);
      ++pos;
      if (tok().isNot(tok::period))
        break;
      ++pos;
    }
    return parts;
  }

  /// `as NAME`, if there.
  StringRef readAlias() {
    if (tok().isNot(tok::kw_as))
      return "";
    ++pos;
    if (tok().isNot(tok::identifier))
      return "";
    StringRef alias = tok().spelling;
    ++pos;
    return alias;
  }

  /// The directory that `level` leading dots name (0: the importer's own,
  /// where Python finds a script's absolute imports too).
  std::string baseDirectory(unsigned level) const {
    SmallString<256> dir = sys::path::parent_path(importer);
    if (dir.empty())
      dir = ".";
    for (unsigned i = 1; i < level; ++i)
      sys::path::append(dir, "..");
    return std::string(dir);
  }

  /// The .py file of module `parts` under `dir`.
  static std::string moduleFile(StringRef dir, ArrayRef<StringRef> parts) {
    SmallString<256> path(dir);
    for (StringRef part : parts)
      sys::path::append(path, part);
    path += ".py";
    sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    return std::string(path);
  }

  static bool isFile(StringRef path) { return sys::fs::is_regular_file(path); }

  static std::string spell(unsigned level, ArrayRef<StringRef> parts) {
    return std::string(level, '.') + join(parts, ".");
  }

  /// `import a.b.c [as d], ...`: a name for a module file.
  void readImport() {
    do {
      Location at = tok().loc;
      SmallVector<StringRef> parts = readDotted();
      if (parts.empty())
        return;
      StringRef alias = readAlias();
      // `import a.b` binds the package `a`, which is not a file's
      // functions; only `import a` and `import a.b as c` bind a module.
      if (alias.empty() && parts.size() > 1)
        continue;
      std::string path = moduleFile(baseDirectory(0), parts);
      if (isFile(path))
        found.push_back({alias.empty() ? parts[0].str() : alias.str(), path,
                         "", "'" + spell(0, parts) + "'", at});
    } while (tok().is(tok::comma) && (++pos, true));
  }

  /// `from .a.b import c [as d], ...` and `from . import (c, d)`.
  void readFrom() {
    unsigned level = 0;
    for (;; ++pos) {
      if (tok().is(tok::period))
        level += 1;
      else if (tok().is(tok::ellipsis))
        level += 3;
      else
        break;
    }
    SmallVector<StringRef> parts = readDotted();
    if (tok().isNot(tok::kw_import))
      return;
    ++pos;
    if (tok().is(tok::l_paren))
      ++pos;
    std::string dir = baseDirectory(level);
    std::string spelled = "'" + spell(level, parts) + "'";
    std::string moduleOfNames = parts.empty() ? "" : moduleFile(dir, parts);
    if (tok().is(tok::star)) {
      // Every function of the module, looked up when a name is not found.
      if (!moduleOfNames.empty() && isFile(moduleOfNames))
        found.push_back({"*", moduleOfNames, "*", spelled, tok().loc});
      return;
    }
    while (tok().is(tok::identifier)) {
      Location at = tok().loc;
      StringRef name = tok().spelling;
      ++pos;
      StringRef alias = readAlias();
      std::string bound = alias.empty() ? name.str() : alias.str();
      SmallVector<StringRef> subParts(parts);
      subParts.push_back(name);
      std::string submodule = moduleFile(dir, subParts);
      if (isFile(submodule))
        found.push_back({bound, submodule, "", "'" + spell(level, subParts) +
                                                   "'", at});
      else if (!moduleOfNames.empty() && isFile(moduleOfNames))
        found.push_back({bound, moduleOfNames, name.str(), spelled, at});
      else if (level > 0)
        // Meant for a file next to this one: say which is missing if the
        // name is used.
        found.push_back({bound, "", name.str(),
                         spelled + ", but there is no file " +
                             (moduleOfNames.empty() ? submodule
                                                    : moduleOfNames),
                         at});
      if (tok().isNot(tok::comma))
        break;
      ++pos;
    }
  }

  ArrayRef<Token> tokens;
  size_t pos;
  StringRef importer;
  std::vector<FileImport> found;
};

} // namespace

std::vector<FileImport> tilec::resolveFileImports(ArrayRef<Token> tokens,
                                                  size_t pos,
                                                  StringRef importer) {
  return ImportReader(tokens, pos, importer).read();
}

/// Calls `each` with the position of every top-level statement of `tokens`.
template <typename Fn>
static void forEachTopLevelStatement(ArrayRef<Token> tokens, Fn each) {
  unsigned depth = 0;
  bool lineStart = true;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token &token = tokens[i];
    if (token.is(tok::indent)) {
      ++depth;
      continue;
    }
    if (token.is(tok::dedent)) {
      depth -= depth > 0;
      continue;
    }
    if (lineStart && depth == 0)
      each(i);
    // Only lines: the parser's top level skips the rest of a line after its
    // first statement (`import os; import helpers` binds nothing).
    lineStart = token.is(tok::newline);
  }
}

std::vector<std::string> tilec::findImportedFiles(StringRef path,
                                                  StringRef source) {
  std::vector<std::string> files;
  StringSet<> seen;
  // As moduleFile spells paths, so that a cycle back to `path` ends here.
  SmallString<256> root(path);
  sys::path::remove_dots(root, /*remove_dot_dot=*/true);
  seen.insert(root);
  // Buffers stay alive while their tokens are read.
  std::vector<std::unique_ptr<MemoryBuffer>> buffers;
  auto scan = [&](StringRef file, StringRef text) {
    SmallVector<Token, 0> tokens;
    Lexer(text).lexAll(tokens);
    forEachTopLevelStatement(tokens, [&](size_t at) {
      if (tokens[at].isNot(tok::kw_import) && tokens[at].isNot(tok::kw_from))
        return;
      for (const FileImport &import : resolveFileImports(tokens, at, file))
        if (!import.path.empty() && seen.insert(import.path).second)
          files.push_back(import.path);
    });
  };
  scan(path, source);
  for (size_t next = 0; next < files.size(); ++next) {
    auto buffer = MemoryBuffer::getFile(files[next], /*IsText=*/true);
    if (!buffer)
      continue; // Reading it in the compile reports the error.
    buffers.push_back(std::move(*buffer));
    // `files` may grow while it is scanned; copy the name.
    std::string file = files[next];
    scan(file, buffers.back()->getBuffer());
  }
  return files;
}
