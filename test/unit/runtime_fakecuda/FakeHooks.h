//===- FakeHooks.h - the fake driver's test hooks, for Catch2 tests -*- C++ -*-===//
//
// The fake libcuda (FakeCuda.h) exports counters and the last launch for
// tests; FakeHooks finds them in the already-loaded library that
// TILEC_LIBCUDA names. Only for Catch2 tests: a missing hook fails the test.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_FAKE_HOOKS_H
#define TILEC_TEST_FAKE_HOOKS_H

#include "runtime_fakecuda/FakeCuda.h"

#include "tilec/runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <dlfcn.h>

/// The fake's test hooks, found in the already-loaded driver library.
struct FakeHooks {
  int (*launchCount)() = nullptr;
  int (*lastLaunch)(TilecFakeLaunch *) = nullptr;
  int (*memsetD8Count)() = nullptr;
  int (*copyDtoDCount)() = nullptr;
  int (*cubinLoadCount)() = nullptr;
  size_t (*liveAllocations)() = nullptr;
  int (*maxDynamicShared)(const char *) = nullptr;
  int (*tensorMapCount)() = nullptr;
  int (*lastTensorMap)(TilecFakeTensorMap *) = nullptr;

  static const FakeHooks &get() {
    static FakeHooks hooks = [] {
      REQUIRE(tilec::rt::Driver::available());
      const char *path = std::getenv("TILEC_LIBCUDA");
      REQUIRE(path);
      void *handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
      REQUIRE(handle);
      FakeHooks h;
      resolve(handle, "tilec_fake_launch_count", h.launchCount);
      resolve(handle, "tilec_fake_last_launch", h.lastLaunch);
      resolve(handle, "tilec_fake_memset_d8_count", h.memsetD8Count);
      resolve(handle, "tilec_fake_copy_dtod_count", h.copyDtoDCount);
      resolve(handle, "tilec_fake_cubin_load_count", h.cubinLoadCount);
      resolve(handle, "tilec_fake_live_allocations", h.liveAllocations);
      resolve(handle, "tilec_fake_max_dynamic_shared", h.maxDynamicShared);
      resolve(handle, "tilec_fake_tensor_map_count", h.tensorMapCount);
      resolve(handle, "tilec_fake_last_tensor_map", h.lastTensorMap);
      return h;
    }();
    return hooks;
  }

private:
  template <typename Function>
  static void resolve(void *handle, const char *name, Function &hook) {
    hook = reinterpret_cast<Function>(dlsym(handle, name));
    INFO("fake driver hook " << name);
    REQUIRE(hook);
  }
};

#endif // TILEC_TEST_FAKE_HOOKS_H
