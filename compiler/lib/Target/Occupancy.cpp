//===- Occupancy.cpp - two programs per SM where ptxas can fit them --------===//
//
// ptxas allocates registers for speed unless told how many programs should
// share an SM. A tensor-core kernel of 8 warps then often takes more than
// the 128 registers a thread that two such programs can have, though it
// fits in 128 without spilling: Triton's attention forward took 149, one
// program per SM, and ran at 453 us where two programs per SM (128
// registers, no spills) ran at 370 us on the H200. The decision needs
// ptxas' verdict, so it is made on the PTX, by asking ptxas.
//
//===----------------------------------------------------------------------===//

#include "tilec/Target/Target.h"
#include "tilec/Target/Arch.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

/// Bytes of shared memory an SM of sm_90 has for programs, and what the
/// driver reserves for each (cudaDevAttrReservedSharedMemoryPerBlock).
static constexpr uint64_t kSm90SharedPerSM = 233472;
static constexpr uint64_t kReservedPerProgram = 1024;

/// The bytes ptxas -v reports spilled ("N bytes spill stores, M bytes spill
/// loads"), summed over both, or std::nullopt if it printed none.
static std::optional<uint64_t> getSpillBytes(StringRef messages) {
  std::optional<uint64_t> total;
  SmallVector<StringRef> lines;
  messages.split(lines, '\n');
  for (StringRef line : lines) {
    for (StringRef what : {" bytes spill stores", " bytes spill loads"}) {
      size_t at = line.find(what);
      if (at == StringRef::npos)
        continue;
      StringRef number = line.take_front(at).rtrim();
      number = number.drop_front(number.find_last_of(" ,") + 1);
      uint64_t bytes = 0;
      if (number.getAsInteger(10, bytes))
        return std::nullopt;
      total = total.value_or(0) + bytes;
    }
  }
  return total;
}

std::string tilec::fitTwoProgramsPerSM(StringRef ptx,
                                       const TargetOptions &options,
                                       uint64_t sharedBytes,
                                       StringRef ptxasPath,
                                       std::string *cubin) {
  if (ptxasPath.empty() || !hasHopperSharedMemory(options.arch) ||
      options.numWarps < 8 || !ptx.contains("wgmma.mma_async") ||
      2 * (sharedBytes + kReservedPerProgram) > kSm90SharedPerSM)
    return ptx.str();
  // The directive goes with the kernel's other performance-tuning ones,
  // after `.reqntid` (FuncOpToLLVM gives every kernel one).
  size_t at = ptx.find("\n.reqntid ");
  if (at == StringRef::npos)
    return ptx.str();
  size_t end = ptx.find('\n', at + 1);
  if (end == StringRef::npos)
    return ptx.str();
  std::string candidate =
      (ptx.take_front(end + 1) + ".minnctapersm 2\n" + ptx.drop_front(end + 1))
          .str();
  std::string messages;
  auto assembled =
      runPtxas(candidate, options.arch, ptxasPath, {"-v"}, &messages);
  if (!assembled) {
    consumeError(assembled.takeError());
    return ptx.str();
  }
  std::optional<uint64_t> spilled = getSpillBytes(messages);
  if (!spilled || *spilled != 0)
    return ptx.str();
  if (cubin)
    *cubin = std::move(*assembled);
  return candidate;
}
