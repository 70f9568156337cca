//===- DriverApi.h - resolved Driver API entry points (private) -*- C++ -*-===//
//
// The only place that includes cuda.h. Entry points are typed with decltype
// of cuda.h's declarations, so a call through the table is checked exactly
// like a call to the linked function would be.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_LIB_DRIVERAPI_H
#define TILEC_RUNTIME_LIB_DRIVERAPI_H

#include <cuda.h>

#include <string>
#include <string_view>

namespace tilec::rt::detail {

/// One pointer per entry point in DriverFunctions.def; optional ones may be
/// null.
struct DriverApi {
#define TILEC_DRIVER_FN(name) decltype(&::name) name = nullptr;
#include "DriverFunctions.def"
};

/// The loaded driver's table. Throws Error with the reason the driver is
/// unavailable.
const DriverApi &api();

/// "CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed)".
std::string describeResult(CUresult result);

/// Throws Error "<call> failed: <name> (<description>)[: <context>]" unless
/// \p result is CUDA_SUCCESS.
void check(CUresult result, std::string_view call,
           std::string_view context = {});

} // namespace tilec::rt::detail

#endif // TILEC_RUNTIME_LIB_DRIVERAPI_H
