//===- Module.cpp - a module loaded from PTX or a cubin -------------------===//

#include "tilec/runtime/Module.h"
#include "tilec/runtime/Context.h"
#include "tilec/runtime/Error.h"

#include "DriverApi.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace tilec::rt {

using detail::api;

/// Trims the unused tail of a JIT log buffer.
static std::string logText(const std::vector<char> &buffer, size_t written) {
  size_t length = 0;
  while (length < buffer.size() && length < written && buffer[length] != '\0')
    ++length;
  std::string text(buffer.data(), length);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  return text;
}

Module Module::loadPtx(const std::string &ptx, const std::string &sourceName) {
  Context::current();
  constexpr size_t kLogBytes = 16 * 1024;
  std::vector<char> errorLog(kLogBytes, '\0');
  std::vector<char> infoLog(kLogBytes, '\0');
  CUjit_option options[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER,  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_LOG_VERBOSE,
  };
  // Size options are passed by value in the pointer slot; the driver writes
  // the number of bytes it used back into the same slot.
  void *values[] = {
      errorLog.data(),
      reinterpret_cast<void *>(static_cast<uintptr_t>(kLogBytes - 1)),
      infoLog.data(),
      reinterpret_cast<void *>(static_cast<uintptr_t>(kLogBytes - 1)),
      reinterpret_cast<void *>(static_cast<uintptr_t>(1)),
  };
  Module loaded;
  loaded.source = sourceName;
  CUresult result = api().cuModuleLoadDataEx(
      &loaded.module, ptx.c_str(), sizeof(options) / sizeof(options[0]),
      options, values);
  std::string errors =
      logText(errorLog, reinterpret_cast<uintptr_t>(values[1]));
  loaded.jitInfoLog = logText(infoLog, reinterpret_cast<uintptr_t>(values[3]));
  if (result != CUDA_SUCCESS) {
    loaded.module = nullptr;
    std::string message = "cuModuleLoadDataEx failed: " +
                          detail::describeResult(result) + " while loading " +
                          sourceName;
    if (!errors.empty())
      message += "\njit error log:\n" + errors;
    throw Error(message);
  }
  return loaded;
}

Module Module::loadCubin(const std::string &cubin,
                         const std::string &sourceName) {
  Context::current();
  // An ELF image starts with these four bytes; anything else would reach
  // the driver as PTX text and fail with a confusing JIT error.
  if (cubin.compare(0, 4,
                    "\x7f"
                    "ELF") != 0)
    throw Error(sourceName + " is not a cubin (no ELF header)");
  Module loaded;
  loaded.source = sourceName;
  CUresult result = api().cuModuleLoadData(&loaded.module, cubin.data());
  if (result != CUDA_SUCCESS) {
    loaded.module = nullptr;
    throw Error("cuModuleLoadData failed: " + detail::describeResult(result) +
                " while loading " + sourceName);
  }
  return loaded;
}

Module::Module(Module &&other) noexcept
    : module(std::exchange(other.module, nullptr)),
      source(std::move(other.source)),
      jitInfoLog(std::move(other.jitInfoLog)) {}

Module &Module::operator=(Module &&other) noexcept {
  if (this == &other)
    return *this;
  if (module)
    api().cuModuleUnload(module);
  module = std::exchange(other.module, nullptr);
  source = std::move(other.source);
  jitInfoLog = std::move(other.jitInfoLog);
  return *this;
}

Module::~Module() {
  // Errors cannot propagate out of a destructor; a failed unload leaks the
  // module until the context goes away, which is harmless.
  if (module)
    api().cuModuleUnload(module);
}

CUfunc_st *Module::function(const std::string &name) const {
  CUfunction function = nullptr;
  CUresult result = api().cuModuleGetFunction(&function, module, name.c_str());
  if (result == CUDA_ERROR_NOT_FOUND)
    throw Error("kernel '" + name + "' not found in " + source);
  detail::check(result, "cuModuleGetFunction", name);
  return function;
}

} // namespace tilec::rt
