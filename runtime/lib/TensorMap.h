//===- TensorMap.h - encoding CUtensorMap parameters (private) -*- C++ -*-===//

#ifndef TILEC_RUNTIME_LIB_TENSORMAP_H
#define TILEC_RUNTIME_LIB_TENSORMAP_H

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/Manifest.h"

#include <cstddef>

namespace tilec::rt::detail {

/// Bytes of one CUtensorMap parameter.
constexpr size_t kTensorMapBytes = 128;

/// Writes the CUtensorMap of \p map to \p out (128 bytes, 64-byte aligned)
/// from the launch's arguments \p args, which validateLaunch has checked;
/// zeros when no copy uses it. Throws Error naming the kernel and the
/// descriptor when the arguments cannot be encoded.
void encodeTensorMap(const Manifest &manifest, const TensorMapInfo &map,
                     const Arg *args, void *out);

} // namespace tilec::rt::detail

#endif // TILEC_RUNTIME_LIB_TENSORMAP_H
