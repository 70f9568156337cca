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
  m.programmaticLaunch = embedded.programmaticLaunch;
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

/// Loads \p embedded, described by \p manifest (makeManifest of it), from
/// its cubin or PTX; \p source names the code in messages.
static Kernel loadEmbedded(const EmbeddedKernelInfo &embedded,
                           const Manifest &manifest,
                           const std::string &source) {
  std::string cubin;
  if (!manifest.cubinArch.empty())
    cubin.assign(reinterpret_cast<const char *>(embedded.cubin),
                 embedded.cubinSize);
  return Kernel::load(manifest, std::string(embedded.ptx, embedded.ptxSize),
                      cubin, source);
}

/// The entry of \p context in \p perContext, made by \p make the first
/// time (never freed: see EmbeddedKernel::loaded). The caller holds the
/// lock that guards the list.
template <typename T, typename Make>
static T &findOrMake(std::vector<std::pair<CUctx_st *, T *>> &perContext,
                     CUctx_st *context, Make make) {
  for (const auto &[owner, value] : perContext)
    if (owner == context)
      return *value;
  T *value = new T(make());
  perContext.emplace_back(context, value);
  return *value;
}

const Kernel &EmbeddedKernel::get() {
  // Outside the lock: it may throw (no driver), and it makes the context
  // current on this thread.
  CUctx_st *context = Context::current().handle();
  std::lock_guard<std::mutex> lock(mutex);
  return findOrMake(loaded, context, [&] {
    return loadEmbedded(embedded, info,
                        std::string("the code embedded in ") + embedded.origin);
  });
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

/// \p count names as strings.
static std::vector<std::string> names(const char *const *list, size_t count) {
  return std::vector<std::string>(list, list + count);
}

AutotuneIndex makeAutotuneIndex(const EmbeddedAutotuneInfo &embedded) {
  AutotuneIndex index;
  index.name = embedded.name;
  index.key = names(embedded.key, embedded.keyCount);
  index.resetToZero = names(embedded.resetToZero, embedded.resetToZeroCount);
  index.restoreValue = names(embedded.restoreValue, embedded.restoreValueCount);
  index.path = std::string("the configs embedded in ") + embedded.origin;
  if (embedded.configCount == 0)
    throw Error(index.path + ": an autotuned launcher needs at least one "
                             "config");
  for (size_t i = 0; i < embedded.configCount; ++i) {
    const EmbeddedAutotuneConfig &c = embedded.configs[i];
    AutotuneConfig config;
    config.number = c.number;
    config.manifest = "config " + std::to_string(c.number);
    config.numWarps = c.numWarps;
    config.numStages = c.numStages;
    for (size_t j = 0; j < c.constexprCount; ++j)
      config.constexprs.push_back({c.constexprs[j].name,
                                   c.constexprs[j].value,
                                   parseInteger(c.constexprs[j].value)});
    index.configs.push_back(std::move(config));
    index.manifests.push_back(makeManifest(*c.kernel));
  }
  for (size_t i = 0; i < embedded.skippedCount; ++i)
    index.skipped.push_back(
        {embedded.skipped[i].config, embedded.skipped[i].reason});
  index.checkManifests(index.manifests);
  return index;
}

EmbeddedAutotuned::EmbeddedAutotuned(const EmbeddedAutotuneInfo &info)
    : embedded(info), info(makeAutotuneIndex(info)) {}

void EmbeddedAutotuned::setOptions(AutotuneOptions newOptions) {
  std::lock_guard<std::mutex> lock(mutex);
  options = std::move(newOptions);
}

AutotunedKernel &EmbeddedAutotuned::get() {
  CUctx_st *context = Context::current().handle();
  std::lock_guard<std::mutex> lock(mutex);
  return findOrMake(tuners, context, [&] {
    auto loadConfig = [&](size_t config) {
      return loadEmbedded(
          *embedded.configs[config].kernel, info.manifests[config],
          "config " +
              std::to_string(info.configs[config].number.value_or(config)) +
              " embedded in " + embedded.origin);
    };
    return AutotunedKernel::assemble(info, loadConfig, options,
                                     options.picksFile);
  });
}

size_t EmbeddedAutotuned::launch(LaunchStream stream,
                                 const AutotunedKernel::GridFn &grid,
                                 std::initializer_list<Arg> args,
                                 const BufferSizes &bufferBytes) {
  AutotunedKernel &tuner = get();
  // One launch at a time per tuner: tuning changes its picks.
  std::lock_guard<std::mutex> lock(mutex);
  return tuner.launch(grid, std::vector<Arg>(args), stream.handle(),
                      bufferBytes);
}

} // namespace tilec::rt
