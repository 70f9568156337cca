//===- Kernel.h - a compiled kernel, ready to launch ------------*- C++ -*-===//
//
// Kernel::load reads a manifest and its cubin or PTX (the cubin when the
// device's compute capability matches its target, else the PTX, which the
// driver JIT-compiles), loads it, and checks
// that what the driver sees (the entry point, its parameter sizes, the thread
// count its registers allow, the shared memory) agrees with the manifest.
// launch() checks the arguments against the manifest before cuLaunchKernel.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_KERNEL_H
#define TILEC_RUNTIME_KERNEL_H

#include "tilec/runtime/Arch.h"
#include "tilec/runtime/Arg.h"
#include "tilec/runtime/Launch.h"
#include "tilec/runtime/Manifest.h"
#include "tilec/runtime/Module.h"
#include "tilec/runtime/Stream.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tilec::rt {

/// Resource usage the driver reports for a loaded kernel.
struct KernelAttributes {
  int registersPerThread = 0;
  int staticSharedBytes = 0;
  int localBytesPerThread = 0;
  int maxThreadsPerBlock = 0;
};

/// A loaded kernel. Move-only.
class Kernel {
public:
  /// Loads the manifest at \p manifestPath, its cubin or PTX (selectImage)
  /// and the entry point. Throws Error if any step fails or the code
  /// disagrees with the manifest.
  static Kernel load(const std::string &manifestPath);

  /// Loads kernel \p manifest from \p ptx, PTX text already in memory (a
  /// generated launcher embeds both; see Launcher.h). \p sourceName stands
  /// for the PTX file in error messages. Checks as load(path) does.
  static Kernel load(Manifest manifest, const std::string &ptx,
                     const std::string &sourceName);

  /// The same with a cubin for manifest.cubinArch as well (either may be
  /// empty: absent); picks one as load(path) does.
  static Kernel load(Manifest manifest, const std::string &ptx,
                     const std::string &cubin, const std::string &sourceName);

  const Manifest &manifest() const { return info; }
  const std::string &name() const { return info.name; }
  unsigned threadsPerBlock() const { return info.threadsPerBlock; }
  const KernelAttributes &attributes() const { return attrs; }
  /// Which form was loaded.
  ImageKind image() const { return loadedImage; }
  /// The JIT's informational log.
  const std::string &jitLog() const { return module.infoLog(); }

  /// Validates \p args and \p grid (see validateLaunch), then launches
  /// num_warps * 32 threads per block on \p stream. Launch errors throw;
  /// faults inside the kernel surface at the next synchronization.
  void launch(const Grid &grid, const std::vector<Arg> &args,
              StreamHandle stream = nullptr) const;
  /// The same for the \p count arguments at \p args, without a vector.
  void launch(const Grid &grid, const Arg *args, size_t count,
              StreamHandle stream = nullptr) const;

private:
  Kernel(Manifest manifest, Module module);
  /// Every load once the manifest is known to fit the device: \p code is
  /// the PTX or the cubin, as \p kind says.
  static Kernel loadChecked(Manifest manifest, ImageKind kind,
                            const std::string &code,
                            const std::string &sourceName);

  Manifest info;
  Module module;
  CUfunc_st *function = nullptr;
  KernelAttributes attrs;
  GridLimits limits;
  ImageKind loadedImage = ImageKind::Ptx;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_KERNEL_H
