//===- ParseImports.cpp - parsing the files a kernel's file imports -------===//
//
// Imports.cpp finds which files a top-level import names; here they are
// parsed (each once, into the same SourceMgr, so errors in them point into
// them) and their modules bound to the names the imports give.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/Frontend.h"
#include "tilec/Frontend/Parser.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace tilec;

std::string ModuleLoader::getKey(llvm::StringRef path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real))
    return path.str();
  return std::string(real);
}

void ModuleLoader::add(llvm::StringRef path, ast::Module *module) {
  if (!root)
    root = module;
  loaded[getKey(path)] = module;
}

const ast::Module *ModuleLoader::load(llvm::StringRef path,
                                      const Location &at) {
  auto it = loaded.find(getKey(path));
  if (it != loaded.end())
    return it->second;
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError()) {
    sourceMgr.PrintMessage(at.loc, llvm::SourceMgr::DK_Error,
                           "cannot read '" + path + "': " + ec.message());
    return nullptr;
  }
  if (depth >= kMaxDepth) {
    sourceMgr.PrintMessage(at.loc, llvm::SourceMgr::DK_Error,
                           "imports nested too deeply (more than " +
                               llvm::Twine(kMaxDepth) + " levels)");
    return nullptr;
  }
  unsigned id = sourceMgr.AddNewSourceBuffer(
      normalizeNewlines(std::move(*buffer)), at.loc);
  ++depth;
  std::unique_ptr<ast::Module> module = Parser(sourceMgr, id).parseModule(this);
  --depth;
  if (!module)
    return nullptr;
  const ast::Module *parsed = module.get();
  root->adoptImported(std::move(module));
  return parsed;
}

bool Parser::bindFileImports(ast::Module &module, ModuleLoader &loader) {
  for (const FileImport &import : fileImports) {
    if (import.path.empty()) {
      module.addFileImport(import.name, {nullptr, import.member,
                                         import.spelled});
      continue;
    }
    const ast::Module *imported = loader.load(import.path, import.loc);
    if (!imported) {
      failed = true;
      return false;
    }
    if (import.name == "*")
      module.addStarImport(imported);
    else
      module.addFileImport(import.name,
                           {imported, import.member, import.spelled});
  }
  return true;
}

std::unique_ptr<llvm::MemoryBuffer>
tilec::normalizeNewlines(std::unique_ptr<llvm::MemoryBuffer> buffer) {
  llvm::StringRef text = buffer->getBuffer();
  if (!text.contains('\r'))
    return buffer;
  std::string normalized;
  normalized.reserve(text.size());
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    if (text[i] != '\r') {
      normalized.push_back(text[i]);
      continue;
    }
    normalized.push_back('\n');
    if (i + 1 < e && text[i + 1] == '\n')
      ++i;
  }
  return llvm::MemoryBuffer::getMemBufferCopy(normalized,
                                              buffer->getBufferIdentifier());
}
