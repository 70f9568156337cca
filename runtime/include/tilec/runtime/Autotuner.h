//===- Autotuner.h - launching an @autotune kernel --------------*- C++ -*-===//
//
// AutotunedKernel loads every config of an autotune index (AutotuneIndex.h)
// and, on the first launch of each key (the values of the index's `key`
// parameters), times every config with benchmark() and launches the one with
// the smallest median, as Triton's autotuner does. Picks are kept in memory
// and in "<index stem>.picks.json" next to the index, so a later process
// does no timing. A pick can also be told: setPick(), a picks file with
// requirePicks, or TILEC_AUTOTUNE_CONFIG=<config> in the environment.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_AUTOTUNER_H
#define TILEC_RUNTIME_AUTOTUNER_H

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/AutotuneIndex.h"
#include "tilec/runtime/Kernel.h"
#include "tilec/runtime/Launch.h"
#include "tilec/runtime/Stream.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilec::rt {

/// Byte sizes of buffer arguments, by parameter name. Tuning needs the size
/// of every `reset_to_zero` and `restore_value` buffer.
using BufferSizes = std::map<std::string, uint64_t>;

/// How AutotunedKernel times configs and where it keeps picks.
struct AutotuneOptions {
  /// Untimed runs, then timed runs, per config (see benchmark()).
  unsigned warmups = 3;
  unsigned trials = 10;
  /// BenchOptions::flushBytes: overwrite this many bytes before each trial
  /// to evict L2 (triton.testing.do_bench uses 256 MiB); 0 = no flush.
  uint64_t flushBytes = 0;
  /// Sizes of reset_to_zero / restore_value buffers for every launch; a
  /// launch may pass its own, which take precedence.
  BufferSizes bufferBytes;
  /// The picks file to read and update; "" means "<index stem>.picks.json"
  /// in the index's directory for AutotunedKernel::load, and no file (picks
  /// kept in memory only) for a kernel embedded by a generated launcher.
  std::string picksFile;
  /// Never time: a key with no pick is an error (reproducible runs).
  bool requirePicks = false;
  /// Write new picks to the picks file (atomically: temp file + rename).
  bool savePicks = true;
};

/// The config chosen for one key, and how.
struct AutotunePick {
  enum class Source {
    /// Timed in this process.
    Tuned,
    /// Read from the picks file.
    File,
    /// AutotunedKernel::setPick.
    Set,
    /// TILEC_AUTOTUNE_CONFIG.
    Environment,
  };
  /// A position in the index's `configs`.
  size_t config = 0;
  Source source = Source::Tuned;
  /// Median ms of each config when it was timed, by config; std::nullopt
  /// for a config not timed (did not load, or the pick was told).
  std::vector<std::optional<double>> medianMs;
};

/// A kernel with several compiled configs, tuned per key. Move-only.
class AutotunedKernel {
public:
  /// The grid for a config, computed from its manifest (constexprs such as
  /// BLOCK_SIZE_M: see Manifest::requireConstexprInt).
  using GridFn = std::function<Grid(const Manifest &)>;

  /// Loads the index at \p indexPath (AutotuneIndex::load), then each
  /// config with Kernel::load. A config that fails to load (shared memory,
  /// registers, the target) is skipped and its reason kept; if none loads,
  /// throws Error listing every reason. Reads the picks file if it exists
  /// and TILEC_AUTOTUNE_CONFIG if set; a malformed one is an error.
  static AutotunedKernel load(const std::string &indexPath,
                              AutotuneOptions options = AutotuneOptions());

  /// Loads config `i` of the index in the current context.
  using ConfigLoader = std::function<Kernel(size_t config)>;

  /// As load(), from an index whose manifests are filled and checked
  /// (AutotuneIndex::checkManifests), each config loaded by \p loadConfig
  /// (code embedded in the program: EmbeddedAutotuned). Picks are read from
  /// and written to \p picksFile, unless it is "" (memory only); a file
  /// that is options.picksFile must fit the index.
  static AutotunedKernel assemble(AutotuneIndex index,
                                  const ConfigLoader &loadConfig,
                                  AutotuneOptions options,
                                  std::string picksFile);

  AutotunedKernel(AutotunedKernel &&) = default;
  AutotunedKernel &operator=(AutotunedKernel &&) = default;
  AutotunedKernel(const AutotunedKernel &) = delete;
  AutotunedKernel &operator=(const AutotunedKernel &) = delete;

  const AutotuneIndex &index() const { return info; }
  const std::string &name() const { return info.name; }
  size_t configCount() const { return info.configs.size(); }
  /// Whether config \p config loaded.
  bool loaded(size_t config) const;
  /// Why config \p config did not load ("" if it did).
  const std::string &skipReason(size_t config) const;
  /// Config \p config's kernel; throws Error if it did not load.
  const Kernel &kernel(size_t config) const;
  /// The picks file read at load and written after tuning ("" if none).
  const std::string &picksPath() const { return picksFile; }

  /// The key of a launch with \p args, e.g. "M=4096,N=4096,K=4096".
  std::string key(const std::vector<Arg> &args) const;

  /// Tells the pick for \p key (overriding any known pick). Throws Error
  /// if \p config is out of range or did not load.
  void setPick(const std::string &key, size_t config);
  /// The pick for \p key, or nullptr if none is known yet. While
  /// TILEC_AUTOTUNE_CONFIG is set, every key's pick is that config.
  const AutotunePick *picked(const std::string &key) const;
  /// Every known pick by key (not TILEC_AUTOTUNE_CONFIG's).
  const std::map<std::string, AutotunePick> &picks() const { return known; }

  /// Picks the config for \p args' key, timing every loaded config first if
  /// no pick is known (zeroing reset_to_zero buffers before, and restoring
  /// restore_value buffers after, each run; then zeroing and restoring once
  /// more, so the buffers are as the caller left them apart from zeroed
  /// reset_to_zero outputs). Returns the config. Timing runs on \p stream
  /// and synchronizes the context.
  size_t tune(const GridFn &grid, const std::vector<Arg> &args,
              StreamHandle stream = nullptr,
              const BufferSizes &bufferBytes = BufferSizes());

  /// tune(), then launches the picked config with \p args on \p stream.
  /// Returns the config launched.
  size_t launch(const GridFn &grid, const std::vector<Arg> &args,
                StreamHandle stream = nullptr,
                const BufferSizes &bufferBytes = BufferSizes());

  /// "config 1 (BLOCK_SIZE_M=64, ..., num_warps=4, num_stages=4)".
  std::string describeConfig(size_t config) const;
  /// The pick for \p key and every config's time, one line, e.g.
  /// "matmul_kernel M=64,N=64,K=64: config 1 (...), tuned; config 0
  /// 1.234 ms, config 1 0.987 ms". Throws Error if no pick is known.
  std::string report(const std::string &key) const;
  /// report() for every known key, a line each, after a line on the configs
  /// that did not load.
  std::string report() const;

private:
  explicit AutotunedKernel(AutotuneIndex index) : info(std::move(index)) {}

  size_t checkedConfig(size_t config, const std::string &what) const;
  std::string describePick(const AutotunePick &pick) const;
  void readPicks(bool strict);
  void writePicks() const;
  AutotunePick timeConfigs(const GridFn &grid, const std::vector<Arg> &args,
                           StreamHandle stream, const BufferSizes &sizes,
                           const std::string &key);

  AutotuneIndex info;
  AutotuneOptions options;
  std::vector<std::optional<Kernel>> kernels;
  std::vector<std::string> loadErrors;
  std::string picksFile;
  std::map<std::string, AutotunePick> known;
  /// TILEC_AUTOTUNE_CONFIG, as a pick for every key.
  std::optional<AutotunePick> forced;
};

/// The key of a launch of \p index's kernel with \p params and \p args:
/// "name=value" for each `key` parameter joined by ",", where an integer is
/// its value, a float its value (shortest round-trip form), a pointer its
/// pointee type (Triton keys tensors by dtype); a `key` name that is a
/// constexpr of the configs' manifests gives its value, as Triton keys on
/// the constexprs passed to the launch. Throws Error if \p args do
/// not match \p params in number, or a key argument in kind or type.
std::string autotuneKey(const AutotuneIndex &index,
                        const std::vector<ParamInfo> &params,
                        const std::vector<Arg> &args);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_AUTOTUNER_H
