//===- AutotuneDetail.h - autotuning internals (private) --------*- C++ -*-===//
//
// Shared by the index reader, the picks file and the autotuner.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_LIB_AUTOTUNEDETAIL_H
#define TILEC_RUNTIME_LIB_AUTOTUNEDETAIL_H

#include "tilec/runtime/AutotuneIndex.h"
#include "tilec/runtime/Autotuner.h"
#include "tilec/runtime/Json.h"

#include <map>
#include <string>
#include <string_view>

namespace tilec::rt::detail {

/// Reads a config's "num_warps", "num_stages", "constexprs" (and "manifest"
/// if \p withManifest) from \p json; \p what names it in errors.
AutotuneConfig parseConfigFields(const JsonValue &json, const std::string &what,
                                 std::string_view source, bool withManifest);

/// Whether two constexpr values are equal (as integers if both are).
bool sameValue(const ConstexprInfo &a, const ConstexprInfo &b);

/// Parses the picks file \p text read from \p source for \p index. Throws
/// Error if it is malformed. An entry that does not fit the index (another
/// config list: count, num_warps, num_stages or constexprs differ) is an
/// error if \p strict, else left out.
std::map<std::string, AutotunePick> parsePicks(std::string_view text,
                                               std::string_view source,
                                               const AutotuneIndex &index,
                                               bool strict);

/// The picks file holding \p picks for \p index.
std::string formatPicks(const AutotuneIndex &index,
                        const std::map<std::string, AutotunePick> &picks);

/// Writes \p text to \p path through a temporary file in the same
/// directory and a rename, so readers see the old or the new file, never
/// a partial one. Throws Error naming \p what and the path.
void writeFileAtomically(const std::string &path, const std::string &text,
                         std::string_view what);

} // namespace tilec::rt::detail

#endif // TILEC_RUNTIME_LIB_AUTOTUNEDETAIL_H
