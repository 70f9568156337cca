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
class StatementReader {
public:
  StatementReader(ArrayRef<Token> tokens, size_t pos)
      : tokens(tokens), pos(pos) {}

  std::optional<ImportStatement> read() {
    ImportStatement statement;
    if (tok().is(tok::kw_import)) {
      ++pos;
      do {
        ImportStatement::Name name;
        name.loc = tok().loc;
        name.dotted = readDotted();
        if (name.dotted.empty())
          break;
        name.alias = readAlias();
        statement.names.push_back(std::move(name));
      } while (tok().is(tok::comma) && (++pos, true));
      return statement;
    }
    if (tok().isNot(tok::kw_from))
      return std::nullopt;
    ++pos;
    statement.isFrom = true;
    for (;; ++pos) {
      if (tok().is(tok::period))
        statement.level += 1;
      else if (tok().is(tok::ellipsis))
        statement.level += 3;
      else
        break;
    }
    statement.module = readDotted();
    if (tok().isNot(tok::kw_import))
      return std::nullopt;
    ++pos;
    if (tok().is(tok::l_paren))
      ++pos;
    if (tok().is(tok::star)) {
      statement.star = true;
      statement.starLoc = tok().loc;
      return statement;
    }
    while (tok().is(tok::identifier)) {
      ImportStatement::Name name;
      name.loc = tok().loc;
      name.dotted.push_back(tok().spelling);
      ++pos;
      name.alias = readAlias();
      statement.names.push_back(std::move(name));
      if (tok().isNot(tok::comma))
        break;
      ++pos;
    }
    return statement;
  }

private:
  const Token &tok() const {
    return tokens[std::min(pos, tokens.size() - 1)];
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

  ArrayRef<Token> tokens;
  size_t pos;
};

/// The directory that `level` leading dots name from `importer` (0: the
/// importer's own, where Python finds a script's absolute imports too).
std::string baseDirectory(StringRef importer, unsigned level) {
  SmallString<256> dir = sys::path::parent_path(importer);
  if (dir.empty())
    dir = ".";
  for (unsigned i = 1; i < level; ++i)
    sys::path::append(dir, "..");
  return std::string(dir);
}

/// The directory an absolute import of the top-level package `top` starts
/// from, for the file `importer`: the importer's own when `top` is there
/// (a script's directory comes first on Python's path), else the directory
/// holding the package `importer` is in, found by walking up to a
/// directory named `top` (the project's package, as if installed);
/// the importer's own when there is none.
std::string absoluteBase(StringRef importer, StringRef top) {
  std::string beside = baseDirectory(importer, 0);
  SmallString<256> candidate(beside);
  sys::path::append(candidate, top);
  if (sys::fs::is_directory(candidate) || sys::fs::exists(candidate + ".py"))
    return beside;
  SmallString<256> dir(beside);
  if (std::error_code ec = sys::fs::make_absolute(dir))
    return beside;
  sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
  for (StringRef d = dir; !d.empty(); d = sys::path::parent_path(d)) {
    if (sys::path::filename(d) == top)
      return sys::path::parent_path(d).str();
    if (sys::path::parent_path(d) == d)
      break;
  }
  return beside;
}

/// The .py file of module `parts` under `dir`.
std::string moduleFile(StringRef dir, ArrayRef<StringRef> parts) {
  SmallString<256> path(dir);
  for (StringRef part : parts)
    sys::path::append(path, part);
  path += ".py";
  sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  return std::string(path);
}

bool isFile(StringRef path) { return sys::fs::is_regular_file(path); }

std::string spell(unsigned level, ArrayRef<StringRef> parts) {
  return std::string(level, '.') + join(parts, ".");
}

} // namespace

std::optional<ImportStatement>
tilec::readImportStatement(ArrayRef<Token> tokens, size_t pos) {
  return StatementReader(tokens, pos).read();
}

std::vector<FileImport>
tilec::resolveFileImports(const ImportStatement &statement,
                          StringRef importer) {
  std::vector<FileImport> found;
  if (!statement.isFrom) {
    // `import a` binds the module a; `import a.b` binds the package `a`,
    // which is not a file's functions; `import a.b as c` binds a.b.
    for (const ImportStatement::Name &name : statement.names) {
      if (name.alias.empty() && name.dotted.size() > 1)
        continue;
      std::string path =
          moduleFile(absoluteBase(importer, name.dotted.front()), name.dotted);
      if (isFile(path))
        found.push_back({name.alias.empty() ? name.dotted[0].str()
                                            : name.alias.str(),
                         path, "", "'" + spell(0, name.dotted) + "'",
                         name.loc});
    }
    return found;
  }
  unsigned level = statement.level;
  ArrayRef<StringRef> parts = statement.module;
  std::string dir = level > 0 || parts.empty()
                        ? baseDirectory(importer, level)
                        : absoluteBase(importer, parts.front());
  std::string spelled = "'" + spell(level, parts) + "'";
  std::string moduleOfNames = parts.empty() ? "" : moduleFile(dir, parts);
  if (statement.star) {
    // Every name of the module, looked up when a name is not found.
    if (!moduleOfNames.empty() && isFile(moduleOfNames))
      found.push_back({"*", moduleOfNames, "*", spelled, statement.starLoc});
    return found;
  }
  for (const ImportStatement::Name &name : statement.names) {
    StringRef member = name.dotted.front();
    std::string bound = name.alias.empty() ? member.str() : name.alias.str();
    SmallVector<StringRef> subParts(parts);
    subParts.push_back(member);
    std::string submodule = moduleFile(dir, subParts);
    if (isFile(submodule))
      found.push_back({bound, submodule, "",
                       "'" + spell(level, subParts) + "'", name.loc});
    else if (!moduleOfNames.empty() && isFile(moduleOfNames))
      found.push_back({bound, moduleOfNames, member.str(), spelled, name.loc});
    else if (level > 0)
      // Meant for a file next to this one: say which is missing if the
      // name is used.
      found.push_back({bound, "", member.str(),
                       spelled + ", but there is no file " +
                           (moduleOfNames.empty() ? submodule : moduleOfNames),
                       name.loc});
  }
  return found;
}

/// Calls `each` with the position of every statement of `tokens` that
/// starts a line, at any depth: imports under a top-level `if` or `try`
/// bind names too (one in a function's body only adds a file to read).
template <typename Fn>
static void forEachStatement(ArrayRef<Token> tokens, Fn each) {
  bool lineStart = true;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token &token = tokens[i];
    if (token.is(tok::indent) || token.is(tok::dedent))
      continue;
    if (lineStart)
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
    forEachStatement(tokens, [&](size_t at) {
      if (tokens[at].isNot(tok::kw_import) && tokens[at].isNot(tok::kw_from))
        return;
      std::optional<ImportStatement> statement =
          readImportStatement(tokens, at);
      if (!statement)
        return;
      for (const FileImport &import : resolveFileImports(*statement, file))
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
