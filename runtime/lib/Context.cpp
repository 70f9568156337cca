//===- Context.cpp - the device and its primary context -------------------===//

#include "tilec/runtime/Context.h"

#include "DriverApi.h"

namespace tilec::rt {

using detail::api;
using detail::check;

static int attribute(CUdevice device, CUdevice_attribute which,
                     const char *what) {
  int value = 0;
  check(api().cuDeviceGetAttribute(&value, which, device),
        "cuDeviceGetAttribute", what);
  return value;
}

Context::Context() {
  CUdevice device = 0;
  check(api().cuDeviceGet(&device, 0), "cuDeviceGet");
  check(api().cuDevicePrimaryCtxRetain(&context, device),
        "cuDevicePrimaryCtxRetain");
  check(api().cuCtxSetCurrent(context), "cuCtxSetCurrent");

  char name[256] = {};
  check(api().cuDeviceGetName(name, sizeof(name) - 1, device),
        "cuDeviceGetName");
  info.name = name;
  info.computeMajor = attribute(
      device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "compute major");
  info.computeMinor = attribute(
      device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "compute minor");
  info.multiprocessors = attribute(
      device, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "multiprocessors");
  info.maxThreadsPerBlock = attribute(
      device, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "threads per block");
  info.maxSharedPerBlockOptin =
      attribute(device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                "shared memory per block");
  info.gridLimits.maxX =
      attribute(device, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, "grid x");
  info.gridLimits.maxY =
      attribute(device, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, "grid y");
  info.gridLimits.maxZ =
      attribute(device, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, "grid z");
  size_t total = 0;
  check(api().cuDeviceTotalMem(&total, device), "cuDeviceTotalMem");
  info.totalMemoryBytes = total;
}

Context &Context::current() {
  // Never destroyed: buffers and modules released during static destruction
  // must still find a live context, and the driver reclaims it at exit.
  static Context *instance = new Context();
  CUcontext active = nullptr;
  check(api().cuCtxGetCurrent(&active), "cuCtxGetCurrent");
  if (active != instance->context)
    check(api().cuCtxSetCurrent(instance->context), "cuCtxSetCurrent");
  return *instance;
}

void Context::synchronize() const {
  check(api().cuCtxSynchronize(), "cuCtxSynchronize");
}

} // namespace tilec::rt
