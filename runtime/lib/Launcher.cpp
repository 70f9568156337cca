//===- Launcher.cpp - what tilec's generated C++ launchers build on -------===//

#include "tilec/runtime/Launcher.h"
#include "tilec/runtime/Context.h"
#include "tilec/runtime/Error.h"

#include <cerrno>
#include <cstdlib>
#include <string>

namespace tilec::rt {

/// The integer \p text spells, if it is one (as the manifest reader keeps
/// integer constexprs for requireConstexprInt).
static std::optional<int64_t> parseInteger(const char *text) {
  if (!*text)
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text, &end, 10);
  if (*end != '\0' || errno == ERANGE)
    return std::nullopt;
  return static_cast<int64_t>(value);
}

Manifest makeManifest(const EmbeddedKernelInfo &embedded) {
  Manifest m;
  m.name = embedded.name;
  m.arch = embedded.arch;
  m.numWarps = embedded.numWarps;
  m.threadsPerBlock = embedded.numWarps * 32;
  m.sharedBytes = embedded.sharedBytes;
  m.dynamicShared = embedded.dynamicShared;
  if (embedded.cubin && embedded.cubinSize && embedded.cubinArch)
    m.cubinArch = embedded.cubinArch;
  for (size_t i = 0; i < embedded.paramCount; ++i) {
    const EmbeddedParam &p = embedded.params[i];
    ParamInfo param;
    param.name = p.name;
    param.kind = p.kind;
    param.type = p.type;
    param.divisibility = p.divisibility;
    if (p.hasEqualTo)
      param.equalTo = p.equalTo;
    param.isUnsigned = p.isUnsigned;
    m.params.push_back(std::move(param));
  }
  for (size_t i = 0; i < embedded.tensorMapCount; ++i) {
    const EmbeddedTensorMap &e = embedded.tensorMaps[i];
    TensorMapInfo map;
    map.name = e.name;
    map.type = e.type;
    map.leaves.assign(e.leaves, e.leaves + e.leafCount);
    map.box.assign(e.box, e.box + e.leafCount / 2);
    map.swizzle = e.swizzle;
    m.tensorMaps.push_back(std::move(map));
  }
  for (size_t i = 0; i < embedded.constexprCount; ++i) {
    const EmbeddedConstexpr &c = embedded.constexprs[i];
    m.constexprs.push_back({c.name, c.value, parseInteger(c.value)});
  }
  return m;
}

EmbeddedKernel::EmbeddedKernel(const EmbeddedKernelInfo &info)
    : embedded(info), info(makeManifest(info)) {}

const Kernel &EmbeddedKernel::get() {
  // Outside the lock: it may throw (no driver), and it makes the context
  // current on this thread.
  CUctx_st *context = Context::current().handle();
  std::lock_guard<std::mutex> lock(mutex);
  for (const auto &[owner, kernel] : loaded)
    if (owner == context)
      return *kernel;
  std::string cubin;
  if (!info.cubinArch.empty())
    cubin.assign(reinterpret_cast<const char *>(embedded.cubin),
                 embedded.cubinSize);
  std::string source = std::string("the code embedded in ") + embedded.origin;
  const Kernel *kernel = new Kernel(Kernel::load(
      info, std::string(embedded.ptx, embedded.ptxSize), cubin, source));
  loaded.emplace_back(context, kernel);
  return *kernel;
}

void EmbeddedKernel::launch(LaunchStream stream, const Grid &grid,
                            std::initializer_list<Arg> args) {
  get().launch(grid, args.begin(), args.size(), stream.handle());
}

EmbeddedVariants::EmbeddedVariants(const EmbeddedKernelInfo *const *infos,
                                   size_t count) {
  for (size_t i = 0; i < count; ++i)
    variants.push_back(std::make_unique<EmbeddedKernel>(*infos[i]));
  if (variants.empty())
    throw Error("a launcher needs at least one variant of its kernel");
}

size_t EmbeddedVariants::pick(std::initializer_list<Arg> args) const {
  for (size_t i = 0; i + 1 < variants.size(); ++i)
    if (promisesHold(variants[i]->manifest(), args.begin(), args.size()))
      return i;
  return variants.size() - 1;
}

void EmbeddedVariants::launch(LaunchStream stream, const Grid &grid,
                              std::initializer_list<Arg> args) {
  variants[pick(args)]->launch(stream, grid, args);
}

} // namespace tilec::rt
