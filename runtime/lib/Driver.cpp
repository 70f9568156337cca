//===- Driver.cpp - the CUDA driver, loaded at run time -------------------===//

#include "tilec/runtime/Driver.h"
#include "tilec/runtime/Error.h"

#include "DriverApi.h"

#include <cstdlib>
#include <dlfcn.h>

namespace tilec::rt {
namespace detail {

namespace {

/// The result of loading the driver once per process.
struct DriverState {
  DriverApi api;
  int version = 0;
  std::string unavailableReason;
};

} // namespace

/// Takes the table explicitly: loadDriver runs while driverState() is still
/// being initialized and must not re-enter it.
static std::string describeWith(const DriverApi &table, CUresult result);

static std::string noDriver(const std::string &why) {
  return "tilec runtime: no CUDA driver: " + why;
}

/// Fills \p state or sets its unavailableReason. The library handle is never
/// closed: entry points must stay valid until the process exits.
static void loadDriver(DriverState &state) {
  const char *override = std::getenv("TILEC_LIBCUDA");
  std::string library = override && *override ? override : "libcuda.so.1";
  void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    state.unavailableReason = noDriver(library + " could not be loaded (" +
                                       (why ? why : "unknown error") + ")");
    return;
  }

  // Each entry point is looked up by the exact symbol cuda.h maps its name
  // to (cuMemAlloc -> cuMemAlloc_v2), the symbol a program linked with
  // -lcuda would call, so its type is cuda.h's declaration by construction.
  // cuGetProcAddress is not used: for a plain name it returns the newest
  // version, whose signature may differ from what cuda.h declares under
  // that name (at CUDA 13, "cuCtxSynchronize" yields cuCtxSynchronize_v2,
  // which takes a context).
  DriverApi &api = state.api;
  std::string missing;
  auto resolve = [&](const char *symbol, void **slot, bool optional) {
    *slot = dlsym(handle, symbol);
    if (!*slot && !optional)
      missing += (missing.empty() ? "" : ", ") + std::string(symbol);
  };
#define TILEC_SYMBOL_NAME(symbol) #symbol
// Expands cuda.h's renaming macros before stringizing.
#define TILEC_EXPANDED_NAME(name) TILEC_SYMBOL_NAME(name)
#define TILEC_DRIVER_FN(name)                                                  \
  resolve(TILEC_EXPANDED_NAME(name), reinterpret_cast<void **>(&api.name), false);
#define TILEC_DRIVER_OPTIONAL_FN(name)                                         \
  resolve(TILEC_EXPANDED_NAME(name), reinterpret_cast<void **>(&api.name), true);
#include "DriverFunctions.def"
#undef TILEC_EXPANDED_NAME
#undef TILEC_SYMBOL_NAME
  if (!missing.empty()) {
    state.unavailableReason =
        noDriver(library + " lacks entry points the runtime needs: " + missing);
    return;
  }

  CUresult result = api.cuInit(0);
  if (result != CUDA_SUCCESS) {
    state.unavailableReason =
        noDriver("cuInit failed: " + describeWith(api, result));
    return;
  }
  int devices = 0;
  result = api.cuDeviceGetCount(&devices);
  if (result != CUDA_SUCCESS || devices == 0) {
    state.unavailableReason =
        noDriver(result != CUDA_SUCCESS
                     ? "cuDeviceGetCount failed: " + describeWith(api, result)
                     : std::string("the driver sees no CUDA device"));
    return;
  }
  api.cuDriverGetVersion(&state.version);
}

static const DriverState &driverState() {
  static const DriverState state = [] {
    DriverState s;
    loadDriver(s);
    return s;
  }();
  return state;
}

const DriverApi &api() {
  const DriverState &state = driverState();
  if (!state.unavailableReason.empty())
    throw Error(state.unavailableReason);
  return state.api;
}

std::string describeResult(CUresult result) {
  return describeWith(driverState().api, result);
}

static std::string describeWith(const DriverApi &table, CUresult result) {
  const char *name = nullptr;
  const char *text = nullptr;
  if (table.cuGetErrorName)
    table.cuGetErrorName(result, &name);
  if (table.cuGetErrorString)
    table.cuGetErrorString(result, &text);
  std::string out = name ? name : "CUDA error " + std::to_string(result);
  if (text)
    out += std::string(" (") + text + ")";
  return out;
}

void check(CUresult result, std::string_view call, std::string_view context) {
  if (result == CUDA_SUCCESS)
    return;
  std::string message =
      std::string(call) + " failed: " + describeResult(result);
  if (!context.empty())
    message += ": " + std::string(context);
  throw Error(message);
}

} // namespace detail

bool Driver::available() {
  return detail::driverState().unavailableReason.empty();
}

std::string Driver::unavailableReason() {
  return detail::driverState().unavailableReason;
}

int Driver::version() {
  detail::api();
  return detail::driverState().version;
}

} // namespace tilec::rt
