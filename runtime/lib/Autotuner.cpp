//===- Autotuner.cpp - launching a kernel compiled under @autotune --------===//

#include "tilec/runtime/Autotuner.h"
#include "tilec/runtime/Context.h"
#include "tilec/runtime/DeviceBuffer.h"
#include "tilec/runtime/Error.h"
#include "tilec/runtime/Timing.h"

#include "AutotuneDetail.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace tilec::rt {

static const char *kForceVariable = "TILEC_AUTOTUNE_CONFIG";

AutotunedKernel AutotunedKernel::load(const std::string &indexPath,
                                      AutotuneOptions options) {
  // Without a driver every config would fail; say that once instead.
  Context::current();
  AutotuneIndex index = AutotuneIndex::load(indexPath);
  std::string picksFile = options.picksFile;
  if (picksFile.empty()) {
    std::filesystem::path path(indexPath);
    picksFile =
        (path.parent_path() / (path.stem().string() + ".picks.json")).string();
  }
  std::vector<std::string> paths;
  for (size_t i = 0; i < index.configs.size(); ++i)
    paths.push_back(index.manifestPath(i));
  AutotunedKernel tuned = assemble(
      std::move(index),
      [&](size_t config) { return Kernel::load(paths[config]); },
      std::move(options), picksFile);
  return tuned;
}

AutotunedKernel AutotunedKernel::assemble(AutotuneIndex index,
                                          const ConfigLoader &loadConfig,
                                          AutotuneOptions options,
                                          std::string picksFile) {
  Context::current();
  AutotunedKernel tuned(std::move(index));
  tuned.options = std::move(options);
  tuned.picksFile = std::move(picksFile);
  const AutotuneIndex &info = tuned.info;

  std::string reasons;
  for (size_t i = 0; i < info.configs.size(); ++i) {
    try {
      tuned.kernels.emplace_back(loadConfig(i));
      tuned.loadErrors.emplace_back();
    } catch (const Error &error) {
      // Like Triton's OutOfResources: this config cannot run here, the
      // others may.
      tuned.kernels.emplace_back(std::nullopt);
      tuned.loadErrors.emplace_back(error.what());
      reasons += "\n  " + tuned.describeConfig(i) + ": " + error.what();
    }
  }
  if (std::none_of(
          tuned.kernels.begin(), tuned.kernels.end(),
          [](const std::optional<Kernel> &k) { return k.has_value(); }))
    throw Error("no config of " + info.name + " in " + info.path +
                " could be loaded:" + reasons);

  // A picks file the options name must fit the index; a default one is a
  // cache, and entries made for other configs are dropped (and retuned).
  tuned.readPicks(/*strict=*/!tuned.options.picksFile.empty() &&
                  tuned.picksFile == tuned.options.picksFile);

  const char *force = std::getenv(kForceVariable);
  if (force && *force) {
    std::string text = force;
    size_t config = 0;
    auto [ptr, ec] =
        std::from_chars(text.data(), text.data() + text.size(), config);
    if (ec != std::errc() || ptr != text.data() + text.size())
      throw Error(std::string(kForceVariable) +
                  " must be a config index (a non-negative integer), got '" +
                  text + "'");
    AutotunePick pick;
    pick.config =
        tuned.checkedConfig(config, std::string(kForceVariable) + "=" + text);
    pick.source = AutotunePick::Source::Environment;
    pick.medianMs.assign(info.configs.size(), std::nullopt);
    tuned.forced = pick;
  }
  return tuned;
}

bool AutotunedKernel::loaded(size_t config) const {
  return config < kernels.size() && kernels[config].has_value();
}

const std::string &AutotunedKernel::skipReason(size_t config) const {
  return loadErrors.at(config);
}

const Kernel &AutotunedKernel::kernel(size_t config) const {
  return *kernels[checkedConfig(config,
                                "kernel(" + std::to_string(config) + ")")];
}

/// Throws unless \p config names a config that loaded; \p what says who
/// asked for it.
size_t AutotunedKernel::checkedConfig(size_t config,
                                      const std::string &what) const {
  size_t count = info.configs.size();
  if (config >= count)
    throw Error(what + " is out of range: " + info.name + " has " +
                std::to_string(count) + " config" + (count == 1 ? "" : "s") +
                " (0 to " + std::to_string(count - 1) + ")");
  if (!loaded(config))
    throw Error(what + " names " + describeConfig(config) + " of " + info.name +
                ", which did not load: " + loadErrors[config]);
  return config;
}

std::string AutotunedKernel::key(const std::vector<Arg> &args) const {
  return autotuneKey(info, info.manifests.front().params, args);
}

void AutotunedKernel::setPick(const std::string &key, size_t config) {
  AutotunePick pick;
  pick.config = checkedConfig(config, "setPick(\"" + key + "\", " +
                                          std::to_string(config) + ")");
  pick.source = AutotunePick::Source::Set;
  pick.medianMs.assign(info.configs.size(), std::nullopt);
  known[key] = std::move(pick);
}

const AutotunePick *AutotunedKernel::picked(const std::string &key) const {
  if (forced)
    return &*forced;
  auto it = known.find(key);
  return it == known.end() ? nullptr : &it->second;
}

void AutotunedKernel::readPicks(bool strict) {
  if (picksFile.empty())
    return;
  std::error_code error;
  if (!std::filesystem::exists(picksFile, error)) {
    if (strict)
      throw Error("cannot open picks file '" + picksFile + "'");
    return;
  }
  known = detail::parsePicks(readFile(picksFile, "picks file"), picksFile, info,
                             strict);
}

void AutotunedKernel::writePicks() const {
  // Keep what another process may have added since this one read the file;
  // this process's picks win.
  std::map<std::string, AutotunePick> merged;
  std::error_code error;
  if (std::filesystem::exists(picksFile, error))
    merged = detail::parsePicks(readFile(picksFile, "picks file"), picksFile,
                                info, /*strict=*/false);
  for (const auto &[key, pick] : known)
    if (pick.source == AutotunePick::Source::Tuned ||
        pick.source == AutotunePick::Source::File)
      merged[key] = pick;
  detail::writeFileAtomically(picksFile, detail::formatPicks(info, merged),
                              "picks file");
}

size_t AutotunedKernel::tune(const GridFn &grid, const std::vector<Arg> &args,
                             StreamHandle stream,
                             const BufferSizes &bufferBytes) {
  std::string k = key(args);
  if (forced)
    return forced->config;
  auto it = known.find(k);
  if (it != known.end()) {
    bool fromFile = it->second.source == AutotunePick::Source::File;
    return checkedConfig(it->second.config,
                         "the pick for key '" + k + "'" +
                             (fromFile ? " in " + picksFile : ""));
  }
  if (options.requirePicks)
    throw Error("autotune of " + info.name + ": no pick for key '" + k +
                "'" + (picksFile.empty() ? "" : " in " + picksFile) +
                " and requirePicks is set (tune once "
                "without it, or set the pick)");
  AutotunePick pick = timeConfigs(grid, args, stream, bufferBytes, k);
  known[k] = pick;
  if (options.savePicks && !picksFile.empty())
    writePicks();
  return pick.config;
}

size_t AutotunedKernel::launch(const GridFn &grid, const std::vector<Arg> &args,
                               StreamHandle stream,
                               const BufferSizes &bufferBytes) {
  size_t config = tune(grid, args, stream, bufferBytes);
  const Kernel &chosen = *kernels[config];
  chosen.launch(grid(chosen.manifest()), args, stream);
  return config;
}

namespace {
/// A buffer argument that tuning zeroes or restores.
struct TunedBuffer {
  DevicePtr ptr;
  uint64_t bytes = 0;
  /// The saved contents (restore_value only).
  DeviceBuffer saved;
};
} // namespace

AutotunePick AutotunedKernel::timeConfigs(const GridFn &grid,
                                          const std::vector<Arg> &args,
                                          StreamHandle stream,
                                          const BufferSizes &sizes,
                                          const std::string &key) {
  size_t count = info.configs.size();
  AutotunePick pick;
  pick.source = AutotunePick::Source::Tuned;
  pick.medianMs.assign(count, std::nullopt);
  std::vector<size_t> candidates;
  for (size_t i = 0; i < count; ++i)
    if (loaded(i))
      candidates.push_back(i);
  if (candidates.size() == 1) { // Nothing to compare.
    pick.config = candidates.front();
    return pick;
  }

  // key() checked the argument count against the parameters.
  const std::vector<ParamInfo> &params = info.manifests.front().params;
  auto buffer = [&](const std::string &name, const char *field) {
    size_t i = 0;
    while (params[i].name != name)
      ++i; // The index's check guarantees it is a parameter.
    std::string prefix =
        "autotune of " + info.name + ": " + field + " '" + name + "' ";
    if (!args[i].isPointer())
      throw Error(prefix + "(argument " + std::to_string(i) +
                  ") must be a pointer, got " + args[i].describe());
    auto size = sizes.find(name);
    if (size == sizes.end()) {
      size = options.bufferBytes.find(name);
      if (size == options.bufferBytes.end())
        throw Error(prefix + "needs the buffer's size in bytes to tune: pass "
                             "it in bufferBytes (to launch or in "
                             "AutotuneOptions)");
    }
    return TunedBuffer{DevicePtr{args[i].address()}, size->second, {}};
  };
  std::vector<TunedBuffer> zeroed, restored;
  for (const std::string &name : info.resetToZero)
    zeroed.push_back(buffer(name, "reset_to_zero"));
  for (const std::string &name : info.restoreValue)
    restored.push_back(buffer(name, "restore_value"));
  for (TunedBuffer &b : restored) {
    b.saved = DeviceBuffer(b.bytes);
    copyDeviceAsync(b.saved.ptr(), b.ptr, b.bytes, stream);
  }
  // Every run sees the arguments as the caller passed them, as Triton's
  // pre- and post-hooks arrange.
  auto prepare = [&] {
    for (TunedBuffer &b : restored)
      copyDeviceAsync(b.ptr, b.saved.ptr(), b.bytes, stream);
    for (TunedBuffer &b : zeroed)
      fillBytesAsync(b.ptr, 0, b.bytes, stream);
  };

  BenchOptions bench;
  bench.warmups = options.warmups;
  bench.trials = options.trials;
  bench.flushBytes = options.flushBytes;
  if (!zeroed.empty() || !restored.empty())
    bench.beforeEach = prepare;
  size_t current = count;
  try {
    for (size_t i : candidates) {
      current = i;
      const Kernel &kernel = *kernels[i];
      Grid g = grid(kernel.manifest());
      TimingStats stats =
          benchmark([&] { kernel.launch(g, args, stream); }, bench, stream);
      // Events resolve about 0.5 us; whole nanoseconds keep the file legible.
      pick.medianMs[i] = std::round(stats.medianMs * 1.0e6) / 1.0e6;
    }
    prepare();
    // The saved copies are freed on return; let the restores finish first.
    Context::current().synchronize();
  } catch (const Error &error) {
    try {
      prepare();
      Context::current().synchronize();
    } catch (const Error &) {
      // The first error is the one worth reporting.
    }
    throw Error("autotune of " + info.name + " for key '" + key + "': timing " +
                describeConfig(current) + " failed: " + error.what());
  }

  pick.config = candidates.front();
  for (size_t i : candidates)
    if (*pick.medianMs[i] < *pick.medianMs[pick.config])
      pick.config = i; // Strictly faster: ties keep the earlier config.
  return pick;
}

/// The number a config is reported by: the source's, else its position.
static uint64_t configNumber(const AutotuneIndex &index, size_t config) {
  return index.configs.at(config).number.value_or(config);
}

std::string AutotunedKernel::describeConfig(size_t config) const {
  return "config " + std::to_string(configNumber(info, config)) + " (" +
         info.configs.at(config).describe() + ")";
}

static std::string formatMs(double ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.4f ms", ms);
  return buffer;
}

std::string AutotunedKernel::report(const std::string &key) const {
  const AutotunePick *pick = picked(key);
  if (!pick)
    throw Error("autotune of " + info.name + ": no pick for key '" + key + "'");
  return info.name + " " + (key.empty() ? "(no key)" : key) + ": " +
         describePick(*pick);
}

std::string AutotunedKernel::describePick(const AutotunePick &pick) const {
  std::string how;
  switch (pick.source) {
  case AutotunePick::Source::Tuned:
    how = "tuned";
    break;
  case AutotunePick::Source::File:
    how = "from " + picksFile;
    break;
  case AutotunePick::Source::Set:
    how = "set by setPick";
    break;
  case AutotunePick::Source::Environment:
    how = std::string("forced by ") + kForceVariable;
    break;
  }
  std::string times;
  for (size_t i = 0; i < pick.medianMs.size(); ++i)
    if (pick.medianMs[i])
      times += (times.empty() ? "; " : ", ") + std::string("config ") +
               std::to_string(configNumber(info, i)) + " " +
               formatMs(*pick.medianMs[i]);
  return describeConfig(pick.config) + ", " + how + times;
}

std::string AutotunedKernel::report() const {
  size_t loadedCount = 0;
  for (size_t i = 0; i < kernels.size(); ++i)
    loadedCount += loaded(i);
  std::string out = info.name + ": " + std::to_string(loadedCount) + " of " +
                    std::to_string(info.configs.size()) +
                    " configs loaded from " + info.path + "\n";
  for (const AutotuneSkip &skip : info.skipped)
    out += "  source config " + std::to_string(skip.config) +
           " skipped by the compiler: " + skip.reason + "\n";
  for (size_t i = 0; i < kernels.size(); ++i)
    if (!loaded(i))
      out +=
          "  " + describeConfig(i) + " did not load: " + loadErrors[i] + "\n";
  if (forced)
    out += "  every key: " + describePick(*forced) + "\n";
  else
    for (const auto &entry : known)
      out += "  " + report(entry.first) + "\n";
  return out;
}

} // namespace tilec::rt
