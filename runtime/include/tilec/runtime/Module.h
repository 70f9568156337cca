//===- Module.h - a module loaded from PTX or a cubin -----------*- C++ -*-===//

#ifndef TILEC_RUNTIME_MODULE_H
#define TILEC_RUNTIME_MODULE_H

#include <string>

struct CUmod_st;
struct CUfunc_st;

namespace tilec::rt {

/// A loaded module. Move-only; unloads itself.
class Module {
public:
  /// JIT-compiles \p ptx with cuModuleLoadDataEx. On failure throws Error
  /// naming \p sourceName, the CUDA error and the JIT's error log.
  static Module loadPtx(const std::string &ptx, const std::string &sourceName);

  /// Loads \p cubin, an ELF image from ptxas, with cuModuleLoadData (no
  /// JIT, so no log). On failure throws Error naming \p sourceName.
  static Module loadCubin(const std::string &cubin,
                          const std::string &sourceName);

  Module(Module &&other) noexcept;
  Module &operator=(Module &&other) noexcept;
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;
  ~Module();

  /// The entry point \p name; throws Error if the module has none.
  CUfunc_st *function(const std::string &name) const;

  /// The JIT's informational log (ptxas register and spill counts).
  const std::string &infoLog() const { return jitInfoLog; }
  const std::string &sourceName() const { return source; }

private:
  Module() = default;

  CUmod_st *module = nullptr;
  std::string source;
  std::string jitInfoLog;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_MODULE_H
