//===- Arch.cpp - matching a manifest's target to a device ----------------===//

#include "tilec/runtime/Arch.h"
#include "tilec/runtime/Error.h"

namespace tilec::rt {

std::optional<Arch> parseArch(std::string_view text) {
  if (text.substr(0, 3) != "sm_")
    return std::nullopt;
  std::string_view rest = text.substr(3);
  Arch arch;
  if (!rest.empty() && (rest.back() == 'a' || rest.back() == 'f')) {
    arch.suffix = rest.back();
    rest.remove_suffix(1);
  }
  // At least two digits: the last is the minor version, the rest the major.
  if (rest.size() < 2 || rest.size() > 4 || rest.front() == '0')
    return std::nullopt;
  for (char c : rest)
    if (c < '0' || c > '9')
      return std::nullopt;
  arch.minor = rest.back() - '0';
  for (char c : rest.substr(0, rest.size() - 1))
    arch.major = arch.major * 10 + (c - '0');
  return arch;
}

std::optional<std::string> archMismatch(std::string_view archText, int major,
                                        int minor) {
  std::optional<Arch> arch = parseArch(archText);
  if (!arch)
    return "unknown target '" + std::string(archText) + "'";
  std::string device = "compute capability " + std::to_string(major) + "." +
                       std::to_string(minor);
  std::string target(archText);
  unsigned have = major * 10 + minor;
  unsigned want = arch->major * 10 + arch->minor;
  if (arch->suffix == 'a') {
    if (have == want)
      return std::nullopt;
    return target + " code runs only on compute capability " +
           std::to_string(arch->major) + "." + std::to_string(arch->minor) +
           ", this device has " + device;
  }
  if (arch->suffix == 'f') {
    if (static_cast<unsigned>(major) == arch->major &&
        static_cast<unsigned>(minor) >= arch->minor)
      return std::nullopt;
    return target + " code runs only on compute capability " +
           std::to_string(arch->major) + ".x with x >= " +
           std::to_string(arch->minor) + ", this device has " + device;
  }
  if (have >= want)
    return std::nullopt;
  return target + " code needs compute capability " +
         std::to_string(arch->major) + "." + std::to_string(arch->minor) +
         " or newer, this device has " + device;
}

std::optional<std::string> cubinArchMismatch(std::string_view archText,
                                             int major, int minor) {
  std::optional<Arch> arch = parseArch(archText);
  if (!arch)
    return "unknown target '" + std::string(archText) + "'";
  // Architecture-specific code needs exactly its version, as PTX does.
  if (arch->suffix == 'a')
    return archMismatch(archText, major, minor);
  if (static_cast<unsigned>(major) == arch->major &&
      static_cast<unsigned>(minor) >= arch->minor)
    return std::nullopt;
  return "a cubin for " + std::string(archText) +
         " runs only on compute capability " + std::to_string(arch->major) +
         ".x with x >= " + std::to_string(arch->minor) +
         ", this device has compute capability " + std::to_string(major) + "." +
         std::to_string(minor);
}

ImageKind selectImage(std::string_view ptxArch, bool hasPtx,
                      std::string_view cubinArch, int major, int minor,
                      const std::string &what) {
  std::optional<std::string> cubinWhy =
      cubinArch.empty() ? std::optional<std::string>("there is no cubin")
                        : cubinArchMismatch(cubinArch, major, minor);
  if (!cubinWhy)
    return ImageKind::Cubin;
  std::optional<std::string> ptxWhy =
      hasPtx ? archMismatch(ptxArch, major, minor)
             : std::optional<std::string>("there is no PTX");
  if (!ptxWhy)
    return ImageKind::Ptx;
  // With only one form, its reason alone is the clearest message.
  if (cubinArch.empty())
    throw Error("cannot run " + what + ": " + *ptxWhy);
  throw Error("cannot run " + what + ": neither the cubin (" +
              std::string(cubinArch) + ": " + *cubinWhy + ") nor the PTX (" +
              (hasPtx ? std::string(ptxArch) + ": " + *ptxWhy
                      : std::string("there is none")) +
              ") fits");
}

const char *toString(ImageKind kind) {
  return kind == ImageKind::Cubin ? "cubin" : "ptx";
}

} // namespace tilec::rt
