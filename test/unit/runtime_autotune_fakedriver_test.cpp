//===- runtime_autotune_fakedriver_test.cpp - autotuning, fake driver -----===//
//
// Runs with TILEC_LIBCUDA pointing at libtilec_fake_cuda.so. The configs are
// the fake's accumulate_kernel (out += x) at several BLOCK_SIZEs, each made
// slower or faster on the fake device clock with `launch_ms`, so the pick
// is known in advance; running out += x in place also shows whether every
// timed run was zeroed or restored.
//
//===----------------------------------------------------------------------===//

#include "runtime_fakecuda/FakeHooks.h"

#include "tilec/runtime/Json.h"
#include "tilec/runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace tilec::rt;

namespace {

using Hooks = FakeHooks;

const std::string kDir = "runtime_autotune_kernels";

/// One config of accumulate_kernel(x_ptr, out_ptr, n, BLOCK_SIZE).
struct FakeConfig {
  int blockSize;
  double launchMs;
  /// Extra `// tilec-fake:` directive, e.g. "max_threads=64".
  std::string directive = "";
};

/// Writes the configs' manifests and PTX, and the index, into a fresh kDir;
/// returns the index path. \p fields are the index's key / reset / restore
/// fields, e.g. "\"key\": [\"n\"]".
std::string writeTuned(const std::vector<FakeConfig> &configs,
                       const std::string &fields = "\"key\": [\"n\"]",
                       bool fresh = true) {
  if (fresh)
    std::filesystem::remove_all(kDir);
  std::filesystem::create_directories(kDir);
  std::string list;
  for (size_t i = 0; i < configs.size(); ++i) {
    const FakeConfig &c = configs[i];
    std::string base = "acc_c" + std::to_string(i);
    std::ofstream(kDir + "/" + base + ".json")
        << "{\"name\": \"accumulate_kernel\", \"ptx\": \"" << base
        << ".ptx\", \"arch\": \"sm_90a\", \"num_warps\": 4, "
           "\"threads_per_block\": 128, \"shared_bytes\": 0, \"params\": ["
           "{\"name\": \"x_ptr\", \"kind\": \"pointer\", \"type\": \"fp32\", "
           "\"divisibility\": 16}, {\"name\": \"out_ptr\", \"kind\": "
           "\"pointer\", \"type\": \"fp32\", \"divisibility\": 16}, {\"name\": "
           "\"n\", \"kind\": \"scalar\", \"type\": \"i32\"}], \"constexprs\": "
           "[{\"name\": \"BLOCK_SIZE\", \"value\": "
        << c.blockSize << "}]}";
    std::ofstream(kDir + "/" + base + ".ptx")
        << "// tilec-fake: BLOCK_SIZE=" << c.blockSize
        << "\n// tilec-fake: launch_ms=" << c.launchMs << "\n"
        << (c.directive.empty() ? "" : "// tilec-fake: " + c.directive + "\n")
        << ".version 8.7\n.target sm_90a\n.address_size 64\n"
           ".visible .entry accumulate_kernel(\n  .param .u64 p0,\n"
           "  .param .u64 p1,\n  .param .u32 p2\n)\n{\n  ret;\n}\n";
    list += std::string(i ? ",\n" : "") + "  {\"manifest\": \"" + base +
            ".json\", \"num_warps\": 4, \"num_stages\": 2, \"constexprs\": "
            "{\"BLOCK_SIZE\": " +
            std::to_string(c.blockSize) + "}}";
  }
  std::string path = kDir + "/acc.json";
  std::ofstream(path) << "{\"kind\": \"autotune\", \"name\": "
                         "\"accumulate_kernel\", "
                      << fields << ", \"configs\": [\n"
                      << list << "]}\n";
  return path;
}

/// Three configs; config 1 (BLOCK_SIZE 128) is the fastest, config 0 the
/// slowest.
std::vector<FakeConfig> threeConfigs() {
  return {{64, 3.0}, {128, 1.0}, {256, 2.0}};
}

std::string errorOf(const std::function<void()> &body) {
  try {
    body();
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

/// The grid the lecture's 1-D kernels use: cdiv(n, BLOCK_SIZE) programs.
AutotunedKernel::GridFn gridFor(int32_t n) {
  return [n](const Manifest &m) {
    int64_t block = m.requireConstexprInt("BLOCK_SIZE");
    return Grid{(n + block - 1) / block};
  };
}

AutotuneOptions quick() {
  AutotuneOptions options;
  options.warmups = 2;
  options.trials = 5;
  return options;
}

/// Launches of one tuning with quick(): every config's warm-ups and trials.
int tuningLaunches(int configs) { return configs * (2 + 5); }

std::vector<float> iota(size_t n, float first) {
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i)
    values[i] = first + static_cast<float>(i);
  return values;
}

/// Sets an environment variable for the scope.
struct ScopedEnv {
  ScopedEnv(const char *name, const char *value) : name(name) {
    setenv(name, value, 1);
  }
  ~ScopedEnv() { unsetenv(name); }
  const char *name;
};

} // namespace

TEST_CASE("autotune: the fastest config is picked, recorded and reused",
          "[autotune-fake]") {
  const Hooks &hooks = Hooks::get();
  std::string path = writeTuned(threeConfigs());
  AutotunedKernel tuned = AutotunedKernel::load(path, quick());
  CHECK(tuned.name() == "accumulate_kernel");
  CHECK(tuned.configCount() == 3);
  CHECK(tuned.picksPath() == kDir + "/acc.picks.json");
  CHECK(tuned.picks().empty());
  CHECK_FALSE(std::filesystem::exists(tuned.picksPath()));

  int32_t n = 1000;
  DeviceBuffer x = DeviceBuffer::fromHost(std::vector<float>(n, 1.0f));
  DeviceBuffer out(n * sizeof(float));
  CHECK(tuned.key({x, out, n}) == "n=1000");
  CHECK_FALSE(tuned.picked("n=1000"));

  int before = hooks.launchCount();
  CHECK(tuned.launch(gridFor(n), {x, out, n}) == 1);
  CHECK(hooks.launchCount() == before + tuningLaunches(3) + 1);
  TilecFakeLaunch last;
  REQUIRE(hooks.lastLaunch(&last));
  CHECK(last.grid[0] == 8); // cdiv(1000, 128): config 1's grid
  const AutotunePick *pick = tuned.picked("n=1000");
  REQUIRE(pick);
  CHECK(pick->config == 1);
  CHECK(pick->source == AutotunePick::Source::Tuned);
  REQUIRE(pick->medianMs.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    REQUIRE(pick->medianMs[i]);
    // launch_ms plus the host's own time between the events.
    CHECK(*pick->medianMs[i] >= threeConfigs()[i].launchMs);
    CHECK(*pick->medianMs[i] < threeConfigs()[i].launchMs + 0.5);
  }
  CHECK(tuned.report("n=1000").rfind(
            "accumulate_kernel n=1000: config 1 (BLOCK_SIZE=128, num_warps=4, "
            "num_stages=2), tuned; config 0 3.",
            0) == 0);

  // The picks file: what was picked, and every config's time.
  REQUIRE(std::filesystem::exists(tuned.picksPath()));
  JsonValue file = parseJson(readFile(tuned.picksPath(), "picks"), "picks");
  CHECK(file.find("kind")->text() == "autotune-picks");
  CHECK(file.find("name")->text() == "accumulate_kernel");
  CHECK(file.find("index")->text() == "acc.json");
  const JsonValue *entry = file.find("picks")->find("n=1000");
  REQUIRE(entry);
  CHECK(entry->find("config")->asInt64() == 1);
  CHECK(entry->find("num_warps")->asInt64() == 4);
  CHECK(entry->find("num_stages")->asInt64() == 2);
  CHECK(entry->find("constexprs")->find("BLOCK_SIZE")->asInt64() == 128);
  REQUIRE(entry->find("ms")->elements().size() == 3);
  CHECK(entry->find("ms")->elements()[0].asDouble() == *pick->medianMs[0]);
  // No temporary file is left behind.
  size_t files = 0;
  for (auto &f : std::filesystem::directory_iterator(kDir))
    files += f.path().string().find(".tmp") != std::string::npos;
  CHECK(files == 0);

  // The same key again: no timing.
  before = hooks.launchCount();
  CHECK(tuned.launch(gridFor(n), {x, out, n}) == 1);
  CHECK(hooks.launchCount() == before + 1);

  // Another key is tuned on its own and added to the file.
  int32_t m = 600;
  before = hooks.launchCount();
  tuned.launch(gridFor(m), {x, out, m});
  CHECK(hooks.launchCount() == before + tuningLaunches(3) + 1);
  CHECK(tuned.picks().size() == 2);

  // A new process (a new AutotunedKernel) reads the picks and times nothing.
  AutotunedKernel again = AutotunedKernel::load(path, quick());
  REQUIRE(again.picks().size() == 2);
  const AutotunePick *read = again.picked("n=1000");
  REQUIRE(read);
  CHECK(read->config == 1);
  CHECK(read->source == AutotunePick::Source::File);
  CHECK(read->medianMs == pick->medianMs);
  before = hooks.launchCount();
  CHECK(again.launch(gridFor(n), {x, out, n}) == 1);
  CHECK(again.launch(gridFor(m), {x, out, m}) == 1);
  CHECK(hooks.launchCount() == before + 2);
  CHECK(again.report("n=1000").find(", from " + again.picksPath() +
                                    "; config 0 3.") != std::string::npos);
  CHECK(again.report().rfind("accumulate_kernel: 3 of 3 configs loaded from " +
                                 path +
                                 "\n  accumulate_kernel n=1000: config 1",
                             0) == 0);
}

TEST_CASE("autotune: reset_to_zero outputs are zeroed before every run",
          "[autotune-fake]") {
  const Hooks &hooks = Hooks::get();
  std::string path =
      writeTuned(threeConfigs(), "\"key\": [\"n\"], \"reset_to_zero\": "
                                 "[\"out_ptr\"]");
  int32_t n = 1000;
  std::vector<float> values = iota(n, 1.0f);
  DeviceBuffer x = DeviceBuffer::fromHost(values);
  DeviceBuffer out = DeviceBuffer::fromHost(std::vector<float>(n, 7.0f));

  // Without the buffer's size nothing runs.
  AutotunedKernel tuned = AutotunedKernel::load(path, quick());
  int before = hooks.launchCount();
  CHECK(errorOf([&] {
          tuned.launch(gridFor(n), {x, out, n});
        }) ==
        "autotune of accumulate_kernel: reset_to_zero 'out_ptr' needs the "
        "buffer's size in bytes to tune: pass it in bufferBytes (to launch or "
        "in AutotuneOptions)");
  CHECK(hooks.launchCount() == before);
  CHECK(errorOf([&] {
          tuned.launch(gridFor(n), {x, int32_t(0), n});
        }) ==
        "autotune of accumulate_kernel: reset_to_zero 'out_ptr' (argument 1) "
        "must be a pointer, got an i32 scalar");

  int memsets = hooks.memsetD8Count();
  size_t live = hooks.liveAllocations();
  CHECK(tuned.launch(gridFor(n), {x, out, n}, nullptr,
                     {{"out_ptr", n * sizeof(float)}}) == 1);
  // One zeroing per run and one before the real launch.
  CHECK(hooks.memsetD8Count() == memsets + tuningLaunches(3) + 1);
  CHECK(hooks.liveAllocations() == live);
  // As after one launch on a zeroed output, though 22 launches ran.
  CHECK(out.toHost<float>(n) == values);

  // The size may also come with the options.
  AutotuneOptions options = quick();
  options.bufferBytes["out_ptr"] = n * sizeof(float);
  options.savePicks = false;
  AutotunedKernel second = AutotunedKernel::load(path, options);
  out.fill32(0x40e00000); // 7.0f
  Stream stream;
  second.launch(gridFor(500), {x, out, int32_t(500)}, stream.handle());
  stream.synchronize();
  std::vector<float> result = out.toHost<float>(n);
  CHECK(result[0] == 1.0f);
  CHECK(result[499] == 500.0f);
  CHECK(result[500] == 0.0f); // zeroed, beyond n
}

TEST_CASE("autotune: restore_value buffers are restored after every run",
          "[autotune-fake]") {
  const Hooks &hooks = Hooks::get();
  std::string path =
      writeTuned(threeConfigs(), "\"key\": [\"n\"], \"restore_value\": "
                                 "[\"out_ptr\"]");
  int32_t n = 1000;
  std::vector<float> values = iota(n, 1.0f);
  DeviceBuffer x = DeviceBuffer::fromHost(values);
  DeviceBuffer out = DeviceBuffer::fromHost(std::vector<float>(n, 5.0f));
  AutotuneOptions options = quick();
  options.bufferBytes["out_ptr"] = n * sizeof(float);
  AutotunedKernel tuned = AutotunedKernel::load(path, options);
  int copies = hooks.copyDtoDCount();
  size_t live = hooks.liveAllocations();
  CHECK(tuned.launch(gridFor(n), {x, out, n}) == 1);
  // Saved once, restored before every run and once after the last.
  CHECK(hooks.copyDtoDCount() == copies + 1 + tuningLaunches(3) + 1);
  CHECK(hooks.liveAllocations() == live); // the saved copy is freed
  std::vector<float> expected(n);
  for (int32_t i = 0; i < n; ++i)
    expected[i] = 5.0f + values[i];
  CHECK(out.toHost<float>(n) == expected);

  // Once the pick is known a launch is a plain launch: no save, no restore.
  copies = hooks.copyDtoDCount();
  tuned.launch(gridFor(n), {x, out, n});
  CHECK(hooks.copyDtoDCount() == copies);
  CHECK(out.toHost<float>(1)[0] == 5.0f + 2 * values[0]);
}

TEST_CASE("autotune: told picks", "[autotune-fake]") {
  const Hooks &hooks = Hooks::get();
  std::string path = writeTuned(threeConfigs());
  int32_t n = 1000;
  DeviceBuffer x(n * sizeof(float)), out(n * sizeof(float));

  SECTION("requirePicks: a key without a pick is an error") {
    AutotuneOptions options = quick();
    options.requirePicks = true;
    AutotunedKernel tuned = AutotunedKernel::load(path, options);
    int before = hooks.launchCount();
    CHECK(errorOf([&] {
            tuned.launch(gridFor(n), {x, out, n});
          }) ==
          "autotune of accumulate_kernel: no pick for key 'n=1000' in " + kDir +
              "/acc.picks.json and requirePicks is set (tune once without it, "
              "or set the pick)");
    CHECK(hooks.launchCount() == before);

    // A named picks file must exist; one from an earlier tuning is used.
    options.picksFile = kDir + "/release.picks.json";
    CHECK(errorOf([&] { AutotunedKernel::load(path, options); }) ==
          "cannot open picks file '" + kDir + "/release.picks.json'");
    AutotunedKernel::load(path, quick()).launch(gridFor(n), {x, out, n});
    std::filesystem::rename(kDir + "/acc.picks.json", options.picksFile);
    AutotunedKernel told = AutotunedKernel::load(path, options);
    CHECK(told.picksPath() == options.picksFile);
    before = hooks.launchCount();
    CHECK(told.launch(gridFor(n), {x, out, n}) == 1);
    CHECK(hooks.launchCount() == before + 1);
    CHECK(errorOf([&] {
            told.launch(gridFor(7), {x, out, int32_t(7)});
          }).find("no pick for key 'n=7' in " + options.picksFile) !=
          std::string::npos);
  }

  SECTION("setPick") {
    AutotunedKernel tuned = AutotunedKernel::load(path, quick());
    tuned.setPick("n=1000", 2);
    int before = hooks.launchCount();
    CHECK(tuned.launch(gridFor(n), {x, out, n}) == 2);
    CHECK(hooks.launchCount() == before + 1);
    TilecFakeLaunch last;
    REQUIRE(hooks.lastLaunch(&last));
    CHECK(last.grid[0] == 4); // cdiv(1000, 256)
    CHECK(tuned.picked("n=1000")->source == AutotunePick::Source::Set);
    CHECK(tuned.report("n=1000") ==
          "accumulate_kernel n=1000: config 2 (BLOCK_SIZE=256, num_warps=4, "
          "num_stages=2), set by setPick");
    CHECK(errorOf([&] { tuned.setPick("n=1000", 3); }) ==
          "setPick(\"n=1000\", 3) is out of range: accumulate_kernel has 3 "
          "configs (0 to 2)");
    // Told picks are not measurements: they are not written.
    tuned.launch(gridFor(10), {x, out, int32_t(10)});
    JsonValue file = parseJson(readFile(tuned.picksPath(), "picks"), "picks");
    CHECK(file.find("picks")->find("n=10"));
    CHECK_FALSE(file.find("picks")->find("n=1000"));
  }

  SECTION("TILEC_AUTOTUNE_CONFIG forces a config for every key") {
    {
      ScopedEnv force("TILEC_AUTOTUNE_CONFIG", "2");
      AutotunedKernel tuned = AutotunedKernel::load(path, quick());
      tuned.setPick("n=1000", 0); // the environment still wins
      int before = hooks.launchCount();
      CHECK(tuned.launch(gridFor(n), {x, out, n}) == 2);
      CHECK(tuned.launch(gridFor(9), {x, out, int32_t(9)}) == 2);
      CHECK(hooks.launchCount() == before + 2);
      REQUIRE(tuned.picked("anything"));
      CHECK(tuned.picked("anything")->config == 2);
      CHECK(tuned.picked("n=9")->source == AutotunePick::Source::Environment);
      CHECK(tuned.report().find("\n  every key: config 2 (BLOCK_SIZE=256, "
                                "num_warps=4, num_stages=2), forced by "
                                "TILEC_AUTOTUNE_CONFIG\n") !=
            std::string::npos);
      CHECK_FALSE(std::filesystem::exists(tuned.picksPath()));
    }
    {
      ScopedEnv force("TILEC_AUTOTUNE_CONFIG", "3");
      CHECK(errorOf([&] { AutotunedKernel::load(path, quick()); }) ==
            "TILEC_AUTOTUNE_CONFIG=3 is out of range: accumulate_kernel has 3 "
            "configs (0 to 2)");
    }
    {
      ScopedEnv force("TILEC_AUTOTUNE_CONFIG", "best");
      CHECK(errorOf([&] { AutotunedKernel::load(path, quick()); }) ==
            "TILEC_AUTOTUNE_CONFIG must be a config index (a non-negative "
            "integer), got 'best'");
    }
    // Unset again: tuning as usual.
    AutotunedKernel tuned = AutotunedKernel::load(path, quick());
    CHECK_FALSE(tuned.picked("n=1000"));
    CHECK(tuned.launch(gridFor(n), {x, out, n}) == 1);
  }
}

TEST_CASE("autotune: configs that do not load are skipped", "[autotune-fake]") {
  const Hooks &hooks = Hooks::get();
  // Config 1, the fastest, needs more threads than its registers allow.
  std::vector<FakeConfig> configs = threeConfigs();
  configs[1].directive = "max_threads=64";
  std::string path = writeTuned(configs);
  AutotunedKernel tuned = AutotunedKernel::load(path, quick());
  CHECK(tuned.loaded(0));
  CHECK_FALSE(tuned.loaded(1));
  std::string reason = "kernel accumulate_kernel can run at most 64 threads "
                       "per block (it uses 32 registers per thread) but its "
                       "manifest asks for 128";
  CHECK(tuned.skipReason(1) == reason);
  CHECK(tuned.skipReason(0).empty());
  CHECK(errorOf([&] { tuned.kernel(1); }) ==
        "kernel(1) names config 1 (BLOCK_SIZE=128, num_warps=4, "
        "num_stages=2) of accumulate_kernel, which did not load: " +
            reason);
  CHECK(errorOf([&] { tuned.setPick("n=1", 1); }).find("which did not load") !=
        std::string::npos);
  CHECK(tuned.report().find("\n  config 1 (BLOCK_SIZE=128, num_warps=4, "
                            "num_stages=2) did not load: " +
                            reason + "\n") != std::string::npos);

  int32_t n = 1000;
  DeviceBuffer x(n * sizeof(float)), out(n * sizeof(float));
  int before = hooks.launchCount();
  CHECK(tuned.launch(gridFor(n), {x, out, n}) == 2);
  CHECK(hooks.launchCount() == before + tuningLaunches(2) + 1);
  const AutotunePick *pick = tuned.picked("n=1000");
  REQUIRE(pick);
  CHECK(pick->medianMs[0]);
  CHECK_FALSE(pick->medianMs[1]);
  CHECK(pick->medianMs[2]);

  {
    ScopedEnv force("TILEC_AUTOTUNE_CONFIG", "1");
    CHECK(errorOf([&] { AutotunedKernel::load(path, quick()); }) ==
          "TILEC_AUTOTUNE_CONFIG=1 names config 1 (BLOCK_SIZE=128, "
          "num_warps=4, num_stages=2) of accumulate_kernel, which did not "
          "load: " +
              reason);
  }

  // Only one config left: nothing to time.
  configs[2].directive = "max_threads=64";
  path = writeTuned(configs);
  AutotunedKernel single = AutotunedKernel::load(path, quick());
  before = hooks.launchCount();
  CHECK(single.launch(gridFor(n), {x, out, n}) == 0);
  CHECK(hooks.launchCount() == before + 1);

  configs[0].directive = "jit_error=no";
  path = writeTuned(configs);
  CHECK(errorOf([&] { AutotunedKernel::load(path, quick()); }) ==
        "no config of accumulate_kernel in " + path +
            " could be loaded:\n  config 0 (BLOCK_SIZE=64, num_warps=4, "
            "num_stages=2): cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX "
            "(a PTX JIT compilation failed) while loading " +
            kDir +
            "/acc_c0.ptx\njit error log:\nptxas application ptx input, line "
            "9; error   : no\n  config 1 (BLOCK_SIZE=128, num_warps=4, "
            "num_stages=2): " +
            reason +
            "\n  config 2 (BLOCK_SIZE=256, "
            "num_warps=4, num_stages=2): " +
            reason);
}

TEST_CASE("autotune: picks made for other configs", "[autotune-fake]") {
  const Hooks &hooks = Hooks::get();
  std::string path = writeTuned(threeConfigs());
  int32_t n = 1000;
  DeviceBuffer x(n * sizeof(float)), out(n * sizeof(float));
  AutotunedKernel::load(path, quick()).launch(gridFor(n), {x, out, n});
  std::string picks = kDir + "/acc.picks.json";
  std::string named = kDir + "/named.picks.json";
  std::filesystem::copy_file(picks, named);

  // Config 1 is now BLOCK_SIZE 512: its pick no longer describes it.
  std::vector<FakeConfig> changed = threeConfigs();
  changed[1].blockSize = 512;
  writeTuned(changed, "\"key\": [\"n\"]", /*fresh=*/false);

  // The default picks file is a cache: the stale pick is dropped, retuned.
  AutotunedKernel cache = AutotunedKernel::load(path, quick());
  CHECK(cache.picks().empty());
  int before = hooks.launchCount();
  CHECK(cache.launch(gridFor(n), {x, out, n}) == 1);
  CHECK(hooks.launchCount() == before + tuningLaunches(3) + 1);
  JsonValue file = parseJson(readFile(picks, "picks"), "picks");
  CHECK(file.find("picks")
            ->find("n=1000")
            ->find("constexprs")
            ->find("BLOCK_SIZE")
            ->asInt64() == 512);

  // A named picks file must fit.
  AutotuneOptions options = quick();
  options.picksFile = named;
  CHECK(errorOf([&] { AutotunedKernel::load(path, options); }) ==
        named + ":6:15: picks[\"n=1000\"]: config 1 does not match " + path +
            ": it records BLOCK_SIZE=128, num_warps=4, num_stages=2, the index "
            "has BLOCK_SIZE=512, num_warps=4, num_stages=2");
  std::ofstream(named)
      << "{\"kind\": \"autotune-picks\", \"name\": "
         "\"accumulate_kernel\", \"picks\": {\"n=1\": "
         "{\"config\": 7, \"num_warps\": 4, \"num_stages\": 2, "
         "\"ms\": []}}}";
  CHECK(errorOf([&] { AutotunedKernel::load(path, options); }) ==
        named + ":1:74: picks[\"n=1\"]: config 7 is out of range: "
                "accumulate_kernel has 3 configs");
  std::ofstream(named) << "{\"kind\": \"autotune-picks\", \"name\": \"other\", "
                          "\"picks\": {}}";
  CHECK(errorOf([&] { AutotunedKernel::load(path, options); }) ==
        named + ":1:36: these are picks for other, not for accumulate_kernel");

  // A malformed file is an error either way.
  std::ofstream(picks) << "{\"kind\": \"autotune-picks\", \"name\": "
                          "\"accumulate_kernel\", \"picks\": {\"n=1\": "
                          "{\"config\": \"1\"}}}";
  CHECK(errorOf([&] {
          AutotunedKernel::load(path, quick());
        }).find(picks + ":1:74: missing required field 'num_warps'") == 0);
  std::ofstream(picks) << "{";
  CHECK(errorOf([&] {
          AutotunedKernel::load(path, quick());
        }).rfind(picks + ":1:2: ", 0) == 0);
}
