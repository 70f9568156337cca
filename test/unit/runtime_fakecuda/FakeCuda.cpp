//===- FakeCuda.cpp - a CPU stand-in for libcuda.so.1 ---------------------===//
//
// See FakeCuda.h. Exports the Driver API entry points the runtime uses,
// under the symbol names cuda.h maps them to, and the test hooks.
//
//===----------------------------------------------------------------------===//

#include "FakeCuda.h"
#include "FakeCubin.h"
#include "FakeKernels.h"

#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct FakeFunction {
  std::string name;
  std::vector<size_t> paramSizes;
  int maxThreads = 1024;
  int maxDynamicShared = -1;
  /// Device time each launch takes on the fake clock (`launch_ms=`).
  double launchMs = 0;
};

struct FakeModule {
  std::map<std::string, int64_t> constants;
  std::vector<std::unique_ptr<FakeFunction>> functions;
};

struct FakeEvent {
  std::chrono::steady_clock::time_point time;
  bool recorded = false;
};

/// Everything the fake knows; guarded by `mutex`.
struct FakeState {
  std::mutex mutex;
  bool initialized = false;
  /// Address -> size of every live allocation.
  std::map<uint64_t, size_t> allocations;
  /// A fault inside a kernel poisons the context, as on a real device.
  CUresult sticky = CUDA_SUCCESS;
  int launches = 0;
  TilecFakeLaunch lastLaunch{};
  /// Fake device time added by launches (`launch_ms=`); events read the
  /// host clock plus this, so a kernel can be made measurably slower
  /// without sleeping.
  std::chrono::nanoseconds deviceTime{0};
  int memsetD8Calls = 0;
  int tensorMaps = 0;
  TilecFakeTensorMap lastTensorMap{};
  int copiesDtoD = 0;
  int ptxLoads = 0;
  int cubinLoads = 0;
  std::vector<std::unique_ptr<FakeModule>> modules;
  CUcontext current = nullptr;
};

FakeState &state() {
  static FakeState *s = new FakeState();
  return *s;
}

/// The one context; any distinct non-null pointer will do.
CUcontext primaryContext() {
  static int token;
  return reinterpret_cast<CUcontext>(&token);
}

constexpr int kMaxSharedOptin = 227 * 1024;

bool inBoundsLocked(FakeState &s, uint64_t address, uint64_t bytes) {
  auto it = s.allocations.upper_bound(address);
  if (it == s.allocations.begin())
    return false;
  --it;
  return address >= it->first && address - it->first <= it->second &&
         bytes <= it->second - (address - it->first);
}

//===--- Errors -----------------------------------------------------------===//

struct ErrorText {
  CUresult code;
  const char *name;
  const char *text;
};

const ErrorText kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
};

const ErrorText *findError(CUresult code) {
  for (const ErrorText &e : kErrors)
    if (e.code == code)
      return &e;
  return nullptr;
}

CUresult fakeGetErrorName(CUresult error, const char **out) {
  const ErrorText *e = findError(error);
  *out = e ? e->name : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult fakeGetErrorString(CUresult error, const char **out) {
  const ErrorText *e = findError(error);
  *out = e ? e->text : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

//===--- Initialization, device, context ----------------------------------===//

CUresult fakeInit(unsigned flags) {
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  const char *noDevice = std::getenv("TILEC_FAKE_CUDA_NO_DEVICE");
  if (noDevice && std::strcmp(noDevice, "1") == 0)
    return CUDA_ERROR_NO_DEVICE;
  std::lock_guard<std::mutex> lock(state().mutex);
  state().initialized = true;
  return CUDA_SUCCESS;
}

CUresult fakeDriverGetVersion(int *version) {
  *version = 13000;
  return CUDA_SUCCESS;
}

CUresult fakeDeviceGetCount(int *count) {
  *count = state().initialized ? 1 : 0;
  return state().initialized ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult fakeDeviceGet(CUdevice *device, int ordinal) {
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult fakeDeviceGetName(char *name, int length, CUdevice) {
  std::strncpy(name, "tilec fake device (cpu)", length);
  return CUDA_SUCCESS;
}

CUresult fakeDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                                CUdevice) {
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = 9;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = 0;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 132;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *value = 1024;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = kMaxSharedOptin;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
    *value = 2147483647;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
    *value = 65535;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult fakeDeviceTotalMem(size_t *bytes, CUdevice) {
  *bytes = size_t(141) << 30;
  return CUDA_SUCCESS;
}

CUresult fakeDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  if (device != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *context = primaryContext();
  return CUDA_SUCCESS;
}

CUresult fakeCtxGetCurrent(CUcontext *context) {
  std::lock_guard<std::mutex> lock(state().mutex);
  *context = state().current;
  return CUDA_SUCCESS;
}

CUresult fakeCtxSetCurrent(CUcontext context) {
  if (context && context != primaryContext())
    return CUDA_ERROR_INVALID_CONTEXT;
  std::lock_guard<std::mutex> lock(state().mutex);
  state().current = context;
  return CUDA_SUCCESS;
}

/// Kernels run inside cuLaunchKernel, so synchronizing only reports a
/// fault left behind by one.
CUresult fakeSynchronize() {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().sticky;
}

CUresult fakeCtxSynchronize() { return fakeSynchronize(); }

//===--- Modules ----------------------------------------------------------===//

/// Copies \p text into a JIT log buffer and reports the bytes written.
void writeLog(char *buffer, void **sizeSlot, const std::string &text) {
  if (!buffer || !sizeSlot)
    return;
  size_t capacity = reinterpret_cast<uintptr_t>(*sizeSlot);
  if (capacity == 0)
    return;
  size_t bytes = std::min(capacity - 1, text.size());
  std::memcpy(buffer, text.data(), bytes);
  buffer[bytes] = '\0';
  *sizeSlot = reinterpret_cast<void *>(static_cast<uintptr_t>(bytes + 1));
}

/// Size in bytes of a PTX parameter type token such as ".u64" or ".b32".
size_t paramTypeBytes(const std::string &token) {
  if (token.size() < 3 || token[0] != '.')
    return 0;
  char kind = token[1];
  if (kind != 'u' && kind != 's' && kind != 'b' && kind != 'f')
    return 0;
  int bits = std::atoi(token.c_str() + 2);
  return bits % 8 == 0 ? bits / 8 : 0;
}

/// Size in bytes of a parameter declared as \p decl (after `.param`):
/// ".u32 name", ".u64 .ptr .global .align 16 name", or, as LLVM declares
/// fp16 scalars, ".align 2 .b8 name[2]". 0 if it is none of these.
size_t paramDeclBytes(const std::string &decl) {
  std::vector<std::string> tokens;
  for (size_t at = decl.find_first_not_of(" \t\n"); at != std::string::npos;) {
    size_t end = std::min(decl.find_first_of(" \t\n", at), decl.size());
    tokens.push_back(decl.substr(at, end - at));
    at = decl.find_first_not_of(" \t\n", end);
  }
  size_t i = 0;
  if (i < tokens.size() && tokens[i] == ".align")
    i += 2;
  if (i + 1 >= tokens.size())
    return 0;
  size_t bytes = paramTypeBytes(tokens[i]);
  const std::string &name = tokens.back();
  size_t open = name.find('[');
  if (open != std::string::npos)
    bytes *= std::strtoul(name.c_str() + open + 1, nullptr, 10);
  return bytes;
}

/// TILEC_FAKE_CUDA_CONSTANTS as KEY=VALUE lines.
std::vector<std::string> environmentConstants() {
  std::vector<std::string> lines;
  if (const char *defaults = std::getenv("TILEC_FAKE_CUDA_CONSTANTS")) {
    std::string list = defaults;
    for (size_t begin = 0; begin <= list.size();) {
      size_t comma = std::min(list.find(',', begin), list.size());
      lines.push_back(list.substr(begin, comma - begin));
      begin = comma + 1;
    }
  }
  return lines;
}

/// A cubin maps to the same emulated kernels as PTX does, by entry name;
/// its constants come from the environment only.
std::string parseCubin(const void *image, FakeModule &module) {
  std::vector<tilec::fake::CubinEntry> entries;
  std::string error = tilec::fake::readCubin(image, entries);
  if (!error.empty())
    return error;
  for (const std::string &line : environmentConstants()) {
    size_t equals = line.find('=');
    if (equals != std::string::npos)
      module.constants[line.substr(0, equals)] =
          std::atoll(line.c_str() + equals + 1);
  }
  for (tilec::fake::CubinEntry &entry : entries) {
    auto function = std::make_unique<FakeFunction>();
    function->name = entry.name;
    function->paramSizes = std::move(entry.paramSizes);
    module.functions.push_back(std::move(function));
  }
  return "";
}

/// Reads the stand-in PTX format described in FakeCuda.h; returns the JIT
/// error text, empty on success.
std::string parseModule(const std::string &ptx, FakeModule &module) {
  if (ptx.find(".version") == std::string::npos)
    return "ptxas application ptx input, line 1; fatal   : Missing .version "
           "directive at start of file";
  const std::string directive = "// tilec-fake: ";
  int maxThreads = 1024;
  double launchMs = 0;
  // Real PTX from tilec has no directives; the environment gives its
  // constants (KEY=VALUE, comma-separated), and directives override them.
  std::vector<std::string> lines = environmentConstants();
  for (size_t at = ptx.find(directive); at != std::string::npos;
       at = ptx.find(directive, at + 1)) {
    size_t begin = at + directive.size();
    lines.push_back(ptx.substr(begin, ptx.find('\n', begin) - begin));
  }
  for (const std::string &line : lines) {
    size_t equals = line.find('=');
    if (equals == std::string::npos)
      continue;
    std::string key = line.substr(0, equals), value = line.substr(equals + 1);
    if (key == "jit_error")
      return "ptxas application ptx input, line 9; error   : " + value;
    if (key == "max_threads")
      maxThreads = std::atoi(value.c_str());
    else if (key == "launch_ms")
      launchMs = std::atof(value.c_str());
    else
      module.constants[key] = std::atoll(value.c_str());
  }
  for (size_t at = ptx.find(".entry"); at != std::string::npos;
       at = ptx.find(".entry", at + 1)) {
    size_t open = ptx.find('(', at);
    size_t close = ptx.find(')', open);
    if (open == std::string::npos || close == std::string::npos)
      return "ptxas application ptx input: syntax error in .entry";
    auto function = std::make_unique<FakeFunction>();
    std::string name = ptx.substr(at + 6, open - at - 6);
    name.erase(0, name.find_first_not_of(" \t\n"));
    name.erase(name.find_last_not_of(" \t\n") + 1);
    function->name = name;
    function->maxThreads = maxThreads;
    function->launchMs = launchMs;
    std::string params = ptx.substr(open + 1, close - open - 1);
    for (size_t p = params.find(".param"); p != std::string::npos;
         p = params.find(".param", p + 1)) {
      size_t end = std::min(params.find(',', p), params.size());
      size_t bytes = paramDeclBytes(params.substr(p + 6, end - p - 6));
      if (bytes == 0)
        return "ptxas application ptx input: bad parameter type in " + name;
      function->paramSizes.push_back(bytes);
    }
    module.functions.push_back(std::move(function));
  }
  return "";
}

CUresult fakeModuleLoadDataEx(CUmodule *out, const void *image,
                              unsigned numOptions, CUjit_option *options,
                              void **values) {
  char *errorLog = nullptr, *infoLog = nullptr;
  void **errorSize = nullptr, **infoSize = nullptr;
  for (unsigned i = 0; i < numOptions; ++i) {
    switch (options[i]) {
    case CU_JIT_ERROR_LOG_BUFFER:
      errorLog = static_cast<char *>(values[i]);
      break;
    case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
      errorSize = &values[i];
      break;
    case CU_JIT_INFO_LOG_BUFFER:
      infoLog = static_cast<char *>(values[i]);
      break;
    case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
      infoSize = &values[i];
      break;
    default:
      break;
    }
  }
  auto module = std::make_unique<FakeModule>();
  bool cubin = tilec::fake::isCubin(image);
  std::string error =
      cubin ? parseCubin(image, *module)
            : parseModule(static_cast<const char *>(image), *module);
  if (!error.empty()) {
    writeLog(errorLog, errorSize, error);
    writeLog(infoLog, infoSize, "");
    return cubin ? CUDA_ERROR_INVALID_IMAGE : CUDA_ERROR_INVALID_PTX;
  }
  writeLog(errorLog, errorSize, "");
  writeLog(infoLog, infoSize,
           cubin ? "" : "ptxas info    : fake JIT (no code generated)");
  std::lock_guard<std::mutex> lock(state().mutex);
  ++(cubin ? state().cubinLoads : state().ptxLoads);
  *out = reinterpret_cast<CUmodule>(module.get());
  state().modules.push_back(std::move(module));
  return CUDA_SUCCESS;
}

CUresult fakeModuleUnload(CUmodule handle) {
  std::lock_guard<std::mutex> lock(state().mutex);
  auto &modules = state().modules;
  for (auto it = modules.begin(); it != modules.end(); ++it)
    if (reinterpret_cast<CUmodule>(it->get()) == handle) {
      modules.erase(it);
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_HANDLE;
}

CUresult fakeModuleGetFunction(CUfunction *out, CUmodule handle,
                               const char *name) {
  auto *module = reinterpret_cast<FakeModule *>(handle);
  for (auto &function : module->functions)
    if (function->name == name) {
      *out = reinterpret_cast<CUfunction>(function.get());
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}

FakeFunction *asFunction(CUfunction f) {
  return reinterpret_cast<FakeFunction *>(f);
}

/// The module owning \p function (for its constants).
FakeModule *owner(FakeFunction *function) {
  for (auto &module : state().modules)
    for (auto &candidate : module->functions)
      if (candidate.get() == function)
        return module.get();
  return nullptr;
}

CUresult fakeFuncGetAttribute(int *value, CUfunction_attribute attribute,
                              CUfunction f) {
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *value = asFunction(f)->maxThreads;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    *value = 32;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    *value = 0;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult fakeFuncSetAttribute(CUfunction f, CUfunction_attribute attribute,
                              int value) {
  if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    return CUDA_ERROR_INVALID_VALUE;
  if (value < 0 || value > kMaxSharedOptin)
    return CUDA_ERROR_INVALID_VALUE;
  asFunction(f)->maxDynamicShared = value;
  return CUDA_SUCCESS;
}

CUresult fakeFuncGetParamInfo(CUfunction f, size_t index, size_t *offset,
                              size_t *size) {
  const std::vector<size_t> &sizes = asFunction(f)->paramSizes;
  if (index >= sizes.size())
    return CUDA_ERROR_INVALID_VALUE;
  size_t at = 0;
  for (size_t i = 0; i <= index; ++i) {
    at = (at + sizes[i] - 1) / sizes[i] * sizes[i]; // natural alignment
    if (i < index)
      at += sizes[i];
  }
  *offset = at;
  *size = sizes[index];
  return CUDA_SUCCESS;
}

CUresult fakeLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                          unsigned bx, unsigned by, unsigned bz,
                          unsigned sharedBytes, CUstream, void **params,
                          void **extra) {
  FakeState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.sticky != CUDA_SUCCESS)
    return s.sticky;
  FakeFunction *function = asFunction(f);
  if (!function || extra || gx == 0 || gy == 0 || gz == 0 || bx == 0 ||
      by == 0 || bz == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (uint64_t(bx) * by * bz > uint64_t(function->maxThreads))
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  int sharedLimit = function->maxDynamicShared < 0 ? 48 * 1024
                                                   : function->maxDynamicShared;
  if (sharedBytes > unsigned(sharedLimit))
    return CUDA_ERROR_INVALID_VALUE;

  std::vector<uint64_t> values;
  // A parameter wider than 8 bytes (a tensor map) is recorded by its
  // first 8.
  for (size_t size : function->paramSizes) {
    uint64_t value = 0;
    std::memcpy(&value, params[values.size()], std::min(size, sizeof value));
    values.push_back(value);
  }
  ++s.launches;
  s.deviceTime += std::chrono::nanoseconds(
      static_cast<int64_t>(function->launchMs * 1.0e6));
  TilecFakeLaunch &record = s.lastLaunch;
  record = TilecFakeLaunch{};
  std::strncpy(record.name, function->name.c_str(), sizeof(record.name) - 1);
  record.grid[0] = gx, record.grid[1] = gy, record.grid[2] = gz;
  record.block[0] = bx, record.block[1] = by, record.block[2] = bz;
  record.dynamicSharedBytes = sharedBytes;
  record.paramCount = static_cast<unsigned>(values.size());
  for (size_t i = 0; i < values.size() && i < 16; ++i)
    record.params[i] = values[i];

  FakeModule *module = owner(function);
  // The emulated kernels index programs along x only, like the lecture's.
  tilec::fake::KernelOutcome outcome = tilec::fake::runKernel(
      function->name, module->constants, uint64_t(gx) * gy * gz, values,
      [&](uint64_t address, uint64_t bytes) {
        return inBoundsLocked(s, address, bytes);
      });
  if (outcome == tilec::fake::KernelOutcome::IllegalAddress)
    s.sticky = CUDA_ERROR_ILLEGAL_ADDRESS; // Seen at the next sync.
  if (outcome == tilec::fake::KernelOutcome::MissingConstant)
    return CUDA_ERROR_INVALID_IMAGE;
  // A kernel the fake cannot run must not look as if it ran (its outputs
  // would be whatever the buffers held), unless its module says that the
  // launch is only to be recorded.
  if (outcome == tilec::fake::KernelOutcome::Unknown) {
    auto recordOnly = module->constants.find("record_only");
    if (recordOnly != module->constants.end() && recordOnly->second)
      return CUDA_SUCCESS;
    std::fprintf(stderr,
                 "fake driver: kernel '%s' is not one it emulates (a test "
                 "that only records launches says record_only=1)\n",
                 function->name.c_str());
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  return CUDA_SUCCESS;
}

//===--- Memory -----------------------------------------------------------===//

CUresult fakeMemAlloc(CUdeviceptr *ptr, size_t bytes) {
  if (bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  // cuMemAlloc guarantees 256-byte alignment.
  void *memory = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::lock_guard<std::mutex> lock(state().mutex);
  *ptr = reinterpret_cast<CUdeviceptr>(memory);
  state().allocations[*ptr] = bytes;
  return CUDA_SUCCESS;
}

CUresult fakeMemFree(CUdeviceptr ptr) {
  std::lock_guard<std::mutex> lock(state().mutex);
  auto it = state().allocations.find(ptr);
  if (it == state().allocations.end())
    return CUDA_ERROR_INVALID_VALUE;
  state().allocations.erase(it);
  std::free(reinterpret_cast<void *>(ptr));
  return CUDA_SUCCESS;
}

CUresult checkedCopy(uint64_t device, size_t bytes) {
  FakeState &s = state();
  if (s.sticky != CUDA_SUCCESS)
    return s.sticky;
  return inBoundsLocked(s, device, bytes) ? CUDA_SUCCESS
                                          : CUDA_ERROR_INVALID_VALUE;
}

CUresult fakeMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (CUresult r = checkedCopy(dst, bytes))
    return r;
  std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  return CUDA_SUCCESS;
}

CUresult fakeMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (CUresult r = checkedCopy(src, bytes))
    return r;
  std::memcpy(dst, reinterpret_cast<const void *>(src), bytes);
  return CUDA_SUCCESS;
}

CUresult fakeMemsetD32(CUdeviceptr dst, unsigned int value, size_t count) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (CUresult r = checkedCopy(dst, count * 4))
    return r;
  auto *words = reinterpret_cast<uint32_t *>(dst);
  std::fill(words, words + count, value);
  return CUDA_SUCCESS;
}

CUresult fakeMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t count,
                            CUstream) {
  return fakeMemsetD32(dst, value, count);
}

CUresult fakeMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count,
                           CUstream) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (CUresult r = checkedCopy(dst, count))
    return r;
  std::memset(reinterpret_cast<void *>(dst), value, count);
  ++state().memsetD8Calls;
  return CUDA_SUCCESS;
}

CUresult fakeMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                             CUstream) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (CUresult r = checkedCopy(dst, bytes))
    return r;
  if (CUresult r = checkedCopy(src, bytes))
    return r;
  std::memmove(reinterpret_cast<void *>(dst),
               reinterpret_cast<const void *>(src), bytes);
  ++state().copiesDtoD;
  return CUDA_SUCCESS;
}

//===--- Streams and events -----------------------------------------------===//

CUresult fakeStreamCreate(CUstream *stream, unsigned) {
  *stream = reinterpret_cast<CUstream>(new int(0));
  return CUDA_SUCCESS;
}

CUresult fakeStreamDestroy(CUstream stream) {
  delete reinterpret_cast<int *>(stream);
  return CUDA_SUCCESS;
}

CUresult fakeStreamSynchronize(CUstream) { return fakeSynchronize(); }

CUresult fakeEventCreate(CUevent *event, unsigned) {
  *event = reinterpret_cast<CUevent>(new FakeEvent());
  return CUDA_SUCCESS;
}

CUresult fakeEventDestroy(CUevent event) {
  delete reinterpret_cast<FakeEvent *>(event);
  return CUDA_SUCCESS;
}

CUresult fakeEventRecord(CUevent event, CUstream) {
  auto *e = reinterpret_cast<FakeEvent *>(event);
  std::lock_guard<std::mutex> lock(state().mutex);
  e->time = std::chrono::steady_clock::now() + state().deviceTime;
  e->recorded = true;
  return CUDA_SUCCESS;
}

CUresult fakeEventSynchronize(CUevent) { return fakeSynchronize(); }

CUresult fakeEventElapsedTime(float *ms, CUevent start, CUevent end) {
  auto *a = reinterpret_cast<FakeEvent *>(start);
  auto *b = reinterpret_cast<FakeEvent *>(end);
  if (!a->recorded || !b->recorded)
    return CUDA_ERROR_INVALID_HANDLE;
  *ms = std::chrono::duration<float, std::milli>(b->time - a->time).count();
  return CUDA_SUCCESS;
}

} // namespace

//===--- Exported entry points --------------------------------------------===//
//
// Defined under cuda.h's names, which cuda.h maps to the versioned symbols
// the runtime looks up (cuMemAlloc -> cuMemAlloc_v2); a signature that
// differs from cuda.h's declaration does not compile.

extern "C" {

CUresult cuGetErrorName(CUresult e, const char **s) { return fakeGetErrorName(e, s); }
CUresult cuGetErrorString(CUresult e, const char **s) { return fakeGetErrorString(e, s); }
CUresult cuInit(unsigned int flags) { return fakeInit(flags); }
CUresult cuDriverGetVersion(int *v) { return fakeDriverGetVersion(v); }
CUresult cuDeviceGetCount(int *c) { return fakeDeviceGetCount(c); }
CUresult cuDeviceGet(CUdevice *d, int o) { return fakeDeviceGet(d, o); }
CUresult cuDeviceGetName(char *n, int l, CUdevice d) { return fakeDeviceGetName(n, l, d); }
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) {
  return fakeDeviceGetAttribute(v, a, d);
}
CUresult cuDeviceTotalMem(size_t *b, CUdevice d) { return fakeDeviceTotalMem(b, d); }
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  return fakeDevicePrimaryCtxRetain(c, d);
}
CUresult cuCtxGetCurrent(CUcontext *c) { return fakeCtxGetCurrent(c); }
CUresult cuCtxSetCurrent(CUcontext c) { return fakeCtxSetCurrent(c); }
CUresult cuCtxSynchronize(void) { return fakeCtxSynchronize(); }
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned int n,
                            CUjit_option *options, void **values) {
  return fakeModuleLoadDataEx(m, image, n, options, values);
}
CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  return fakeModuleLoadDataEx(m, image, 0, nullptr, nullptr);
}
CUresult cuModuleUnload(CUmodule m) { return fakeModuleUnload(m); }
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  return fakeModuleGetFunction(f, m, name);
}
CUresult cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction f) {
  return fakeFuncGetAttribute(v, a, f);
}
CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute a, int v) {
  return fakeFuncSetAttribute(f, a, v);
}
CUresult cuFuncGetParamInfo(CUfunction f, size_t i, size_t *offset, size_t *size) {
  return fakeFuncGetParamInfo(f, i, offset, size);
}
CUresult cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType type,
                                cuuint32_t rank, void *address,
                                const cuuint64_t *dims,
                                const cuuint64_t *strides,
                                const cuuint32_t *box,
                                const cuuint32_t *elementStrides,
                                CUtensorMapInterleave interleave,
                                CUtensorMapSwizzle swizzle,
                                CUtensorMapL2promotion l2,
                                CUtensorMapFloatOOBfill fill) {
  // The driver's documented requirements the runtime relies on.
  if (!map || reinterpret_cast<uintptr_t>(map) % 64 != 0 || rank < 1 ||
      rank > 5 || reinterpret_cast<uintptr_t>(address) % 16 != 0)
    return CUDA_ERROR_INVALID_VALUE;
  for (cuuint32_t i = 0; i < rank; ++i)
    if (dims[i] == 0 || box[i] == 0 || box[i] > 256)
      return CUDA_ERROR_INVALID_VALUE;
  for (cuuint32_t i = 0; i + 1 < rank; ++i)
    if (strides[i] % 16 != 0)
      return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(state().mutex);
  FakeState &s = state();
  ++s.tensorMaps;
  TilecFakeTensorMap &r = s.lastTensorMap;
  r = TilecFakeTensorMap{};
  r.dataType = type;
  r.rank = rank;
  r.address = reinterpret_cast<uintptr_t>(address);
  for (cuuint32_t i = 0; i < rank; ++i) {
    r.dims[i] = dims[i];
    r.box[i] = box[i];
    r.elementStrides[i] = elementStrides[i];
    if (i + 1 < rank)
      r.strides[i] = strides[i];
  }
  r.interleave = interleave;
  r.swizzle = swizzle;
  r.l2Promotion = l2;
  r.oobFill = fill;
  std::memset(map, 0, sizeof(CUtensorMap));
  std::memcpy(map, &r.address, sizeof r.address);
  return CUDA_SUCCESS;
}
int tilec_fake_tensor_map_count(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().tensorMaps;
}
int tilec_fake_last_tensor_map(TilecFakeTensorMap *out) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (!state().tensorMaps)
    return 0;
  *out = state().lastTensorMap;
  return 1;
}
CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy,
                        unsigned int gz, unsigned int bx, unsigned int by,
                        unsigned int bz, unsigned int shared, CUstream stream,
                        void **params, void **extra) {
  return fakeLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params,
                          extra);
}
CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                          void **params, void **extra) {
  if (!config || (config->numAttrs && !config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  bool programmatic = false;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &attribute = config->attrs[i];
    if (attribute.id != CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION)
      return CUDA_ERROR_NOT_SUPPORTED; // Nothing else is emulated.
    programmatic = attribute.value.programmaticStreamSerializationAllowed;
  }
  CUresult result = fakeLaunchKernel(
      f, config->gridDimX, config->gridDimY, config->gridDimZ,
      config->blockDimX, config->blockDimY, config->blockDimZ,
      config->sharedMemBytes, config->hStream, params, extra);
  std::lock_guard<std::mutex> lock(state().mutex);
  state().lastLaunch.programmatic = programmatic;
  return result;
}
CUresult cuMemAlloc(CUdeviceptr *p, size_t bytes) { return fakeMemAlloc(p, bytes); }
CUresult cuMemFree(CUdeviceptr p) { return fakeMemFree(p); }
CUresult cuMemcpyHtoD(CUdeviceptr d, const void *s, size_t n) {
  return fakeMemcpyHtoD(d, s, n);
}
CUresult cuMemcpyDtoH(void *d, CUdeviceptr s, size_t n) {
  return fakeMemcpyDtoH(d, s, n);
}
CUresult cuMemsetD32(CUdeviceptr d, unsigned int v, size_t n) {
  return fakeMemsetD32(d, v, n);
}
CUresult cuMemsetD32Async(CUdeviceptr d, unsigned int v, size_t n, CUstream s) {
  return fakeMemsetD32Async(d, v, n, s);
}
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, CUstream s) {
  return fakeMemsetD8Async(d, v, n, s);
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr d, CUdeviceptr s, size_t n,
                           CUstream stream) {
  return fakeMemcpyDtoDAsync(d, s, n, stream);
}
CUresult cuStreamCreate(CUstream *s, unsigned int flags) {
  return fakeStreamCreate(s, flags);
}
CUresult cuStreamDestroy(CUstream s) { return fakeStreamDestroy(s); }
CUresult cuStreamSynchronize(CUstream s) { return fakeStreamSynchronize(s); }
CUresult cuEventCreate(CUevent *e, unsigned int flags) {
  return fakeEventCreate(e, flags);
}
CUresult cuEventDestroy(CUevent e) { return fakeEventDestroy(e); }
CUresult cuEventRecord(CUevent e, CUstream s) { return fakeEventRecord(e, s); }
CUresult cuEventSynchronize(CUevent e) { return fakeEventSynchronize(e); }
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) {
  return fakeEventElapsedTime(ms, a, b);
}

// CUDA 13's context-taking variant, which the real driver hands out for
// "cuCtxSynchronize" through cuGetProcAddress. The runtime must call the
// form cuda.h declares; reaching this is a bug.
CUresult cuCtxSynchronize_v2(CUcontext) {
  std::fprintf(stderr, "fake CUDA driver: cuCtxSynchronize_v2 called; the "
                       "runtime must use cuda.h's cuCtxSynchronize\n");
  std::abort();
}

int tilec_fake_launch_count(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().launches;
}

int tilec_fake_last_launch(TilecFakeLaunch *out) {
  std::lock_guard<std::mutex> lock(state().mutex);
  *out = state().lastLaunch;
  return state().launches > 0;
}

int tilec_fake_memset_d8_count(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().memsetD8Calls;
}

int tilec_fake_cubin_load_count(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().cubinLoads;
}

int tilec_fake_copy_dtod_count(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().copiesDtoD;
}

size_t tilec_fake_live_allocations(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().allocations.size();
}

int tilec_fake_max_dynamic_shared(const char *name) {
  std::lock_guard<std::mutex> lock(state().mutex);
  for (auto &module : state().modules)
    for (auto &function : module->functions)
      if (function->name == name)
        return function->maxDynamicShared;
  return -1;
}

} // extern "C"
