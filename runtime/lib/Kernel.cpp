//===- Kernel.cpp - a compiled kernel, ready to launch --------------------===//

#include "tilec/runtime/Kernel.h"
#include "tilec/runtime/Arch.h"
#include "tilec/runtime/Context.h"
#include "tilec/runtime/Error.h"

#include "DriverApi.h"
#include "TensorMap.h"

namespace tilec::rt {

using detail::api;
using detail::check;

/// Above this a block's shared memory must be dynamic and opted in to.
static constexpr uint64_t kDefaultSharedLimit = 48 * 1024;

static int functionAttribute(CUfunction function, CUfunction_attribute which,
                             const std::string &kernel) {
  int value = 0;
  check(api().cuFuncGetAttribute(&value, which, function),
        "cuFuncGetAttribute", kernel);
  return value;
}

/// Whether a PTX parameter of \p ptxBytes can hold \p param. Scalars
/// narrower than 4 bytes may be widened by the compiler; Arg keeps every
/// value sign- or zero-extended in an 8-byte slot, so either size reads it
/// correctly.
static bool sizeFits(const ParamInfo &param, size_t ptxBytes) {
  if (param.kind == ParamKind::Pointer)
    return ptxBytes == 8;
  size_t bytes = byteSize(param.type);
  return ptxBytes == bytes || (bytes < 4 && ptxBytes >= bytes && ptxBytes <= 4);
}

/// Compares the entry point's parameter list, as the driver sees it, with
/// the manifest. A mismatch would make cuLaunchKernel read garbage.
static void checkParamSizes(CUfunction function, const Manifest &m,
                            const std::string &source) {
  if (!api().cuFuncGetParamInfo)
    return; // Drivers before CUDA 12.4 cannot tell us.
  std::vector<size_t> sizes;
  while (true) {
    size_t offset = 0, size = 0;
    CUresult result =
        api().cuFuncGetParamInfo(function, sizes.size(), &offset, &size);
    if (result == CUDA_ERROR_INVALID_VALUE)
      break; // Past the last parameter.
    // Any other answer means the driver cannot tell; the check is a safety
    // net, not a reason to refuse a kernel.
    if (result != CUDA_SUCCESS)
      return;
    sizes.push_back(size);
  }
  size_t expected = m.params.size() + m.tensorMaps.size();
  if (sizes.size() != expected)
    throw Error("kernel " + m.name + " in " + source + " takes " +
                std::to_string(sizes.size()) +
                " parameters but its manifest lists " +
                std::to_string(m.params.size()) +
                (m.tensorMaps.empty()
                     ? std::string()
                     : " and " + std::to_string(m.tensorMaps.size()) +
                           " tensor maps"));
  for (size_t i = m.params.size(); i < expected; ++i)
    if (sizes[i] != detail::kTensorMapBytes)
      throw Error("parameter " + std::to_string(i) + " of " + m.name +
                  " is " + std::to_string(sizes[i]) + " bytes in " + source +
                  " but the manifest says it is the tensor map of '" +
                  m.tensorMaps[i - m.params.size()].name + "' (128 bytes)");
  for (size_t i = 0; i < m.params.size(); ++i) {
    const ParamInfo &param = m.params[i];
    if (!sizeFits(param, sizes[i]))
      throw Error("parameter " + std::to_string(i) + " ('" + param.name +
                  "') of " + m.name + " is " + std::to_string(sizes[i]) +
                  " bytes in " + source + " but the manifest says " +
                  Manifest::describe(param));
  }
}

Kernel::Kernel(Manifest manifest, Module module)
    : info(std::move(manifest)), module(std::move(module)) {}

/// Throws Error unless the device can run \p manifest's kernel at all (a
/// target of its cubin or PTX, its shared memory); \p where names the
/// manifest in the message. Returns which form to load; \p hasPtx and
/// \p hasCubin say which there are.
static ImageKind checkDevice(const Manifest &manifest, bool hasPtx,
                             bool hasCubin, const DeviceInfo &device,
                             const std::string &where) {
  ImageKind kind =
      selectImage(manifest.arch, hasPtx, hasCubin ? manifest.cubinArch : "",
                  device.computeMajor, device.computeMinor,
                  manifest.name + " from " + where);
  if (manifest.sharedBytes > kDefaultSharedLimit && !manifest.dynamicShared)
    throw Error(manifest.name + " asks for " +
                std::to_string(manifest.sharedBytes) +
                " bytes of static shared memory; more than 48 KiB must be "
                "dynamic (\"dynamic_shared\": true)");
  if (manifest.sharedBytes >
      static_cast<uint64_t>(device.maxSharedPerBlockOptin))
    throw Error(manifest.name + " needs " +
                std::to_string(manifest.sharedBytes) +
                " bytes of shared memory; the device allows at most " +
                std::to_string(device.maxSharedPerBlockOptin) + " per block");
  return kind;
}

Kernel Kernel::load(const std::string &manifestPath) {
  // The driver first: without one, that is the error worth reporting.
  const DeviceInfo &device = Context::current().device();
  Manifest manifest = Manifest::load(manifestPath);
  ImageKind kind = checkDevice(manifest, !manifest.ptx.empty(),
                               !manifest.cubin.empty(), device, manifestPath);
  // Only the chosen file is read: a PTX-only fallback need not ship both.
  std::string path =
      kind == ImageKind::Cubin ? manifest.cubinPath() : manifest.ptxPath();
  std::string code =
      readFile(path, kind == ImageKind::Cubin ? "cubin file" : "PTX file");
  return loadChecked(std::move(manifest), kind, code, path);
}

Kernel Kernel::load(Manifest manifest, const std::string &ptx,
                    const std::string &sourceName) {
  return load(std::move(manifest), ptx, "", sourceName);
}

Kernel Kernel::load(Manifest manifest, const std::string &ptx,
                    const std::string &cubin, const std::string &sourceName) {
  ImageKind kind = checkDevice(manifest, !ptx.empty(),
                               !cubin.empty() && !manifest.cubinArch.empty(),
                               Context::current().device(), sourceName);
  return loadChecked(std::move(manifest), kind,
                     kind == ImageKind::Cubin ? cubin : ptx, sourceName);
}

Kernel Kernel::loadChecked(Manifest manifest, ImageKind kind,
                           const std::string &code,
                           const std::string &sourceName) {
  const DeviceInfo &device = Context::current().device();
  Module module = kind == ImageKind::Cubin ? Module::loadCubin(code, sourceName)
                                           : Module::loadPtx(code, sourceName);
  Kernel kernel(std::move(manifest), std::move(module));
  kernel.loadedImage = kind;
  const Manifest &m = kernel.info;
  kernel.function = kernel.module.function(m.name);
  kernel.limits = device.gridLimits;
  checkParamSizes(kernel.function, m, sourceName);

  KernelAttributes &a = kernel.attrs;
  a.registersPerThread =
      functionAttribute(kernel.function, CU_FUNC_ATTRIBUTE_NUM_REGS, m.name);
  a.staticSharedBytes = functionAttribute(
      kernel.function, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, m.name);
  a.localBytesPerThread = functionAttribute(
      kernel.function, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, m.name);
  a.maxThreadsPerBlock = functionAttribute(
      kernel.function, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, m.name);
  if (static_cast<unsigned>(a.maxThreadsPerBlock) < m.threadsPerBlock)
    throw Error("kernel " + m.name + " can run at most " +
                std::to_string(a.maxThreadsPerBlock) +
                " threads per block (it uses " +
                std::to_string(a.registersPerThread) +
                " registers per thread) but its manifest asks for " +
                std::to_string(m.threadsPerBlock));

  if (m.dynamicShared && m.sharedBytes > kDefaultSharedLimit)
    check(api().cuFuncSetAttribute(
              kernel.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
              static_cast<int>(m.sharedBytes)),
          "cuFuncSetAttribute", m.name + " max dynamic shared memory");
  return kernel;
}

void Kernel::launch(const Grid &grid, const std::vector<Arg> &args,
                    StreamHandle stream) const {
  launch(grid, args.data(), args.size(), stream);
}

void Kernel::launch(const Grid &grid, const Arg *args, size_t count,
                    StreamHandle stream) const {
  validateLaunch(info, grid, args, count, limits);
  // cuLaunchKernel only reads through these pointers. Kernels have few
  // parameters; a fixed array keeps the launch free of allocations.
  constexpr size_t kInline = 32;
  void *inlineParams[kInline];
  std::vector<void *> heapParams;
  void **params = inlineParams;
  size_t total = count + info.tensorMaps.size();
  if (total > kInline) {
    heapParams.resize(total);
    params = heapParams.data();
  }
  for (size_t i = 0; i < count; ++i)
    params[i] = const_cast<void *>(args[i].data());
  // Tensor maps follow the arguments, encoded from them; a few fit on the
  // stack, as the parameter pointers do.
  struct alignas(64) TensorMapBytes {
    unsigned char bytes[detail::kTensorMapBytes];
  };
  constexpr size_t kInlineMaps = 4;
  TensorMapBytes inlineMaps[kInlineMaps];
  std::vector<TensorMapBytes> heapMaps;
  TensorMapBytes *maps = inlineMaps;
  if (info.tensorMaps.size() > kInlineMaps) {
    heapMaps.resize(info.tensorMaps.size());
    maps = heapMaps.data();
  }
  for (size_t i = 0; i < info.tensorMaps.size(); ++i) {
    detail::encodeTensorMap(info, info.tensorMaps[i], args, maps[i].bytes);
    params[count + i] = maps[i].bytes;
  }
  unsigned dynamicShared =
      info.dynamicShared ? static_cast<unsigned>(info.sharedBytes) : 0;
  // A kernel that waits for the grid before it (griddepcontrol.wait) may
  // start while that grid finishes; without cuLaunchKernelEx it starts
  // after, and its wait returns at once.
  if (info.programmaticLaunch && api().cuLaunchKernelEx) {
    CUlaunchAttribute attribute{};
    attribute.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attribute.value.programmaticStreamSerializationAllowed = 1;
    CUlaunchConfig config{};
    config.gridDimX = static_cast<unsigned>(grid.x);
    config.gridDimY = static_cast<unsigned>(grid.y);
    config.gridDimZ = static_cast<unsigned>(grid.z);
    config.blockDimX = info.threadsPerBlock;
    config.blockDimY = 1;
    config.blockDimZ = 1;
    config.sharedMemBytes = dynamicShared;
    config.hStream = stream;
    config.attrs = &attribute;
    config.numAttrs = 1;
    check(api().cuLaunchKernelEx(&config, function, params, nullptr),
          "cuLaunchKernelEx", "launching " + info.name);
    return;
  }
  check(api().cuLaunchKernel(function, static_cast<unsigned>(grid.x),
                             static_cast<unsigned>(grid.y),
                             static_cast<unsigned>(grid.z),
                             info.threadsPerBlock, 1, 1, dynamicShared, stream,
                             params, nullptr),
        "cuLaunchKernel", "launching " + info.name);
}

} // namespace tilec::rt
