//===- FakeCubin.h - entry points of a cubin, for the fake -----*- C++ -*-===//
//
// The fake driver runs kernels by name, so to accept a cubin (an ELF image
// from ptxas) it needs what a PTX .entry line tells it: each entry point's
// name and parameter sizes. Names are the global function symbols; sizes
// come from the EIATTR_KPARAM_INFO attributes in `.nv.info.<name>`.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_FAKECUBIN_H
#define TILEC_TEST_FAKECUBIN_H

#include <cstddef>
#include <string>
#include <vector>

namespace tilec::fake {

struct CubinEntry {
  std::string name;
  /// Parameter sizes in bytes, in order.
  std::vector<size_t> paramSizes;
};

/// Whether \p image starts with the ELF magic.
bool isCubin(const void *image);

/// Reads the entry points of the 64-bit little-endian ELF at \p image.
/// Returns an error text (as the driver's log would), empty on success.
std::string readCubin(const void *image, std::vector<CubinEntry> &entries);

} // namespace tilec::fake

#endif // TILEC_TEST_FAKECUBIN_H
