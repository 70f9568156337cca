//===- JSON.cpp - llvm::json with a bound on nesting ----------------------===//

#include "tilec/Support/JSON.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;

/// The offset of the first '[' or '{' outside strings that opens level
/// `maxDepth + 1`, or npos. Malformed text is left to the parser, which
/// reports it (a stray ']' does not go below zero here).
static size_t findTooDeep(StringRef text, unsigned maxDepth) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return StringRef::npos;
}

Expected<json::Value> tilec::parseJSON(StringRef text, StringRef sourceName) {
  size_t tooDeep = findTooDeep(text, kMaxJSONDepth);
  if (tooDeep == StringRef::npos) {
    Expected<json::Value> value = json::parse(text);
    if (!value)
      return createStringError(sourceName + ": not JSON: " +
                               toString(value.takeError()));
    return value;
  }
  StringRef before = text.take_front(tooDeep);
  size_t line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  size_t column =
      tooDeep - (lineStart == StringRef::npos ? 0 : lineStart + 1) + 1;
  return createStringError(sourceName + ":" + Twine(line) + ":" +
                           Twine(column) +
                           ": JSON nested too deeply (more than " +
                           Twine(kMaxJSONDepth) + " levels)");
}
