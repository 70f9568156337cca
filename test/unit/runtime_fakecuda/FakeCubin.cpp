//===- FakeCubin.cpp - the entry points of a cubin, for the fake driver ---===//

#include "FakeCubin.h"

#include <elf.h>

#include <cstdint>
#include <cstring>
#include <map>

namespace tilec::fake {

/// Attribute format with a 16-bit size and a payload (EIFMT_SVAL), and the
/// attribute that describes one kernel parameter (EIATTR_KPARAM_INFO).
constexpr uint8_t kFormatSizedValue = 0x04;
constexpr uint8_t kAttrParamInfo = 0x17;
/// Formats with a fixed 2-byte payload or none (EIFMT_HVAL, EIFMT_BVAL,
/// EIFMT_NVAL).
constexpr uint8_t kFormatHalf = 0x03, kFormatByte = 0x02, kFormatNone = 0x01;

bool isCubin(const void *image) {
  return std::memcmp(image, ELFMAG, SELFMAG) == 0;
}

template <typename T> static T readAt(const uint8_t *at) {
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

/// Parameter sizes by ordinal from one `.nv.info.<kernel>` section.
static std::string readParamInfo(const uint8_t *data, size_t size,
                                 std::map<unsigned, size_t> &sizes) {
  size_t at = 0;
  while (at + 2 <= size) {
    uint8_t format = data[at], attribute = data[at + 1];
    if (format == kFormatNone) {
      at += 2;
      continue;
    }
    if (format == kFormatByte || format == kFormatHalf) {
      at += 4;
      continue;
    }
    if (format != kFormatSizedValue || at + 4 > size)
      return "unknown .nv.info attribute format " + std::to_string(format);
    uint16_t length = readAt<uint16_t>(data + at + 2);
    if (at + 4 + length > size)
      return "truncated .nv.info attribute";
    // Payload: index (u32), ordinal (u16), offset (u16), then a word whose
    // bits 18 and up hold the size in bytes.
    if (attribute == kAttrParamInfo && length >= 12) {
      const uint8_t *payload = data + at + 4;
      unsigned ordinal = readAt<uint16_t>(payload + 4);
      sizes[ordinal] = (readAt<uint32_t>(payload + 8) >> 18) & 0x3fff;
    }
    at += 4 + length;
  }
  return "";
}

std::string readCubin(const void *image, std::vector<CubinEntry> &entries) {
  const auto *bytes = static_cast<const uint8_t *>(image);
  Elf64_Ehdr header = readAt<Elf64_Ehdr>(bytes);
  if (header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_ident[EI_DATA] != ELFDATA2LSB)
    return "not a 64-bit little-endian ELF image";
  if (header.e_shentsize != sizeof(Elf64_Shdr) || header.e_shstrndx == 0 ||
      header.e_shstrndx >= header.e_shnum)
    return "malformed ELF section table";
  auto section = [&](unsigned i) {
    return readAt<Elf64_Shdr>(bytes + header.e_shoff + i * sizeof(Elf64_Shdr));
  };
  const char *sectionNames = reinterpret_cast<const char *>(
      bytes + section(header.e_shstrndx).sh_offset);

  // Global functions are the entry points.
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr symtab = section(i);
    if (symtab.sh_type != SHT_SYMTAB)
      continue;
    const char *names = reinterpret_cast<const char *>(
        bytes + section(symtab.sh_link).sh_offset);
    for (size_t s = 0; s < symtab.sh_size / sizeof(Elf64_Sym); ++s) {
      Elf64_Sym symbol =
          readAt<Elf64_Sym>(bytes + symtab.sh_offset + s * sizeof(Elf64_Sym));
      if (ELF64_ST_TYPE(symbol.st_info) == STT_FUNC &&
          ELF64_ST_BIND(symbol.st_info) == STB_GLOBAL)
        entries.push_back({names + symbol.st_name, {}});
    }
  }
  if (entries.empty())
    return "the cubin has no entry point";

  for (CubinEntry &entry : entries) {
    std::string wanted = ".nv.info." + entry.name;
    std::map<unsigned, size_t> sizes;
    for (unsigned i = 0; i < header.e_shnum; ++i) {
      Elf64_Shdr info = section(i);
      if (wanted != sectionNames + info.sh_name)
        continue;
      std::string error =
          readParamInfo(bytes + info.sh_offset, info.sh_size, sizes);
      if (!error.empty())
        return error + " in " + wanted;
    }
    for (unsigned ordinal = 0; ordinal < sizes.size(); ++ordinal) {
      auto it = sizes.find(ordinal);
      if (it == sizes.end() || it->second == 0)
        return "no size for parameter " + std::to_string(ordinal) + " of " +
               entry.name;
      entry.paramSizes.push_back(it->second);
    }
  }
  return "";
}

} // namespace tilec::fake
