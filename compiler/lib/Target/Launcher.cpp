//===- Launcher.cpp - typed C++ launchers (tilec --emit cpp) --------------===//

#include "tilec/Target/Launcher.h"

#include <algorithm>
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"

using namespace tilec;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {

/// How a manifest type appears in the generated C++.
struct CppType {
  /// The C++ type of a scalar or of a pointer's elements.
  StringRef name;
  /// The tilec::rt::ScalarType enumerator.
  StringRef scalarType;
};

} // namespace

/// The C++ spelling of `param`'s type (its pointee for pointers), or none.
static std::optional<CppType> getCppType(const KernelManifest::Param &param) {
  bool u = param.isUnsigned;
  return llvm::StringSwitch<std::optional<CppType>>(param.type)
      .Case("fp16", CppType{"tilec::rt::half", "FP16"})
      .Case("bf16", CppType{"tilec::rt::bfloat16", "BF16"})
      .Case("fp32", CppType{"float", "FP32"})
      .Case("fp64", CppType{"double", "FP64"})
      // fp8 has no C++ type: pointers to its bytes.
      .Case("fp8e4nv", CppType{"uint8_t", "FP8E4NV"})
      .Case("fp8e5", CppType{"uint8_t", "FP8E5"})
      .Case("i1", CppType{"bool", "I1"})
      .Case("i8", CppType{u ? "uint8_t" : "int8_t", "I8"})
      .Case("i16", CppType{u ? "uint16_t" : "int16_t", "I16"})
      .Case("i32", CppType{u ? "uint32_t" : "int32_t", "I32"})
      .Case("i64", CppType{u ? "uint64_t" : "int64_t", "I64"})
      .Default(std::nullopt);
}

bool tilec::isCppIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()) || name.contains("__") ||
      (name.size() > 1 && name[0] == '_' && llvm::isUpper(name[1])))
    return false;
  if (!llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return false;
  // C++17's keywords and alternative tokens (Python's are fine there).
  static const llvm::StringSet<> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
      "bool", "break", "case", "catch", "char", "char16_t", "char32_t",
      "class", "compl", "const", "constexpr", "const_cast", "continue",
      "decltype", "default", "delete", "do", "double", "dynamic_cast", "else",
      "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace",
      "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
      "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this",
      "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t",
      "while", "xor", "xor_eq"};
  return !keywords.contains(name);
}

/// Whether `name` is a type or macro that the launcher's headers, or the C
/// and POSIX headers a program includes beside it, define (errno and
/// assert are macros; int32_t a type, INT32_MAX a macro; linux and unix
/// macros in GNU modes): a function of that name would not compile, or
/// would call something else, where they are included.
static bool isHeaderName(StringRef name) {
  static const llvm::StringSet<> names = {
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
      "uint32_t", "uint64_t", "intptr_t", "uintptr_t", "intmax_t",
      "uintmax_t", "size_t", "ssize_t", "ptrdiff_t", "max_align_t",
      "nullptr_t", "wint_t", "off_t", "FILE", "NULL", "EOF", "BUFSIZ",
      "errno", "assert", "offsetof", "stdin", "stdout", "stderr",
      "CUDA_VERSION", "linux", "unix", "i386", "SIZE_MAX", "PTRDIFF_MAX",
      "PTRDIFF_MIN", "INTPTR_MAX", "INTPTR_MIN", "UINTPTR_MAX", "INTMAX_MAX",
      "INTMAX_MIN", "UINTMAX_MAX", "EXIT_SUCCESS", "EXIT_FAILURE",
      "RAND_MAX", "MB_CUR_MAX", "CHAR_BIT", "INT_MAX", "INT_MIN",
      "UINT_MAX", "LONG_MAX", "LONG_MIN", "ULONG_MAX", "EDOM", "ERANGE",
      "EINVAL", "ENOMEM", "EILSEQ", "va_list", "va_arg", "va_start",
      "va_end", "va_copy", "setjmp", "longjmp", "jmp_buf", "alloca", "NAN",
      "INFINITY", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL", "FP_NAN",
      "FP_INFINITE", "FP_ZERO", "FP_NORMAL", "FP_SUBNORMAL", "M_PI", "M_E",
      "isnan", "isinf", "isfinite", "signbit", "fpclassify"};
  if (names.contains(name))
    return true;
  // The launcher's own constants (kInfo, kParams, kConstexprs, kConfigs,
  // with a variant's suffix).
  for (StringRef own : {"kInfo", "kParams", "kConstexprs", "kConfigs"})
    if (name.starts_with(own))
      return true;
  // INT8_MIN ... UINT64_MAX, INT32_C, UINT64_C and the like.
  for (StringRef prefix : {"INT", "UINT"})
    if (name.consume_front(prefix))
      for (StringRef width : {"8", "16", "32", "64"})
        if (name.consume_front(width))
          return name == "_MAX" || name == "_MIN" || name == "_C";
  return false;
}

llvm::Error tilec::checkLauncher(ArrayRef<LauncherVariant> variants,
                                 const LauncherOptions &options) {
  if (variants.empty())
    return llvm::createStringError("a launcher needs a compiled kernel");
  if (!isCppIdentifier(options.functionName))
    return llvm::createStringError(
        "cannot name a C++ launcher '" + options.functionName +
        "': not a C++ identifier (choose one with --launcher-name)");
  if (isHeaderName(options.functionName))
    return llvm::createStringError(
        "cannot name a C++ launcher '" + options.functionName +
        "': the C and C++ headers a program includes, or the launcher "
        "itself, define that name (choose another with --launcher-name)");
  const KernelManifest &first = variants.front().manifest;
  for (const KernelManifest::Param &param : first.params)
    if (!getCppType(param))
      return llvm::createStringError("parameter '" + param.name +
                                     "' has type '" + param.type +
                                     "', which a C++ launcher cannot take");
  const AutotuneIndex *tuned = options.autotune;
  if (tuned && tuned->configs.size() != variants.size())
    return llvm::createStringError(
        "an autotuned launcher needs one compiled kernel per config");
  // One C++ signature serves every variant: only the promises may differ
  // (or, between autotune configs, the constexprs they set).
  for (auto [i, variant] : llvm::enumerate(variants.drop_front())) {
    const KernelManifest &other = variant.manifest;
    std::string which =
        tuned ? "config " + std::to_string(tuned->configs[i + 1].number) +
                    " of the launcher differs from the first "
              : "signature " + std::to_string(i + 2) +
                    " of the launcher differs from the first ";
    // (Signatures of one kernel give the same parameters today; the zip
    // below must not run past the shorter list if that ever changes.)
    if (other.params.size() != first.params.size())
      return llvm::createStringError(
          which + "in its number of runtime parameters (" +
          std::to_string(other.params.size()) + " against " +
          std::to_string(first.params.size()) + ")");
    for (auto [a, b] : llvm::zip(first.params, other.params))
      if (a.name != b.name || a.isPointer != b.isPointer ||
          a.type != b.type || a.isUnsigned != b.isUnsigned)
        return llvm::createStringError(
            which + "in parameter '" + b.name + "' (" +
            (b.isPointer ? "*" : "") + b.type + " against " +
            (a.isPointer ? "*" : "") + a.type +
            "); variants may differ only in ':16' and ':1'");
    if (tuned)
      continue; // Configs set their own constexprs.
    bool sameConstexprs =
        other.constexprs.size() == first.constexprs.size() &&
        llvm::all_of(llvm::zip(first.constexprs, other.constexprs),
                     [](auto pair) {
                       return std::get<0>(pair).name == std::get<1>(pair).name &&
                              std::get<0>(pair).value ==
                                  std::get<1>(pair).value;
                     });
    if (!sameConstexprs)
      return llvm::createStringError(
          which + "in its constexprs; variants may differ only in ':16' and "
                  "':1'");
  }
  return llvm::Error::success();
}

/// The C++ names of the launcher's parameters: each kernel parameter's name
/// with `_` appended, and `p` prepended when it starts with `_`. No
/// keyword, no macro or name of the headers the launcher includes (NULL,
/// EOF, assert, errno, int32_t, linux under GNU modes) and none of the
/// launcher's own (grid, stream, bufferBytes, <fn>_embedded) is spelled
/// that way, so any Python identifier works. A tensor descriptor's leaf
/// `desc.base` is `desc_base_`, a byte outside ASCII `xHH`; a name taken
/// already gets more `_`.
static llvm::SmallVector<std::string>
getArgNames(const KernelManifest &manifest) {
  llvm::StringSet<> taken;
  llvm::SmallVector<std::string> names;
  for (const KernelManifest::Param &param : manifest.params) {
    std::string name = StringRef(param.name).starts_with("_") ? "p" : "";
    for (char c : param.name) {
      if (llvm::isAlnum(c) || c == '_')
        name += c;
      else if (c == '.')
        name += '_';
      else
        name += "x" + llvm::utohexstr(static_cast<unsigned char>(c),
                                      /*LowerCase=*/false, /*Width=*/2);
    }
    do
      name += "_";
    while (!taken.insert(name).second);
    names.push_back(name);
  }
  return names;
}

/// `text` as the inside of a C++ string literal. Non-printable bytes become
/// three-digit octal escapes (a hex escape would swallow following digits),
/// and the second `?` of `??` is escaped so that no trigraph warning fires.
static std::string escape(StringRef text) {
  std::string out;
  llvm::raw_string_ostream os(out);
  char previous = 0;
  for (char c : text) {
    if (c == '\\' || c == '"' || (c == '?' && previous == '?'))
      os << '\\' << c;
    else if (c == '\t')
      os << "\\t";
    else if (llvm::isPrint(c))
      os << c;
    else
      os << llvm::format("\\%03o", static_cast<unsigned char>(c));
    previous = c;
  }
  return out;
}

/// The comment both files start with.
static void writeBanner(const KernelManifest &manifest,
                        const LauncherOptions &options,
                        llvm::raw_ostream &os) {
  os << "// Typed launcher for the kernel " << manifest.name
     << ", generated by tilec; do not edit.\n"
     << "//   " << options.command << "\n";
  if (options.autotune) {
    size_t count = options.autotune->configs.size();
    os << "// Target " << manifest.arch << ", " << count << " config"
       << (count == 1 ? "" : "s") << " of its @triton.autotune.\n";
    return;
  }
  os << "// Target " << manifest.arch << ", " << manifest.numWarps
     << " warps (" << manifest.numWarps * 32 << " threads per program), "
     << manifest.sharedBytes << " bytes of shared memory.\n";
  if (!manifest.constexprs.empty()) {
    os << "// Compiled for";
    llvm::ListSeparator comma(",");
    // A string constexpr may hold a newline, which would end the comment.
    for (const KernelManifest::Constexpr &c : manifest.constexprs)
      os << comma << " " << c.name << " = "
         << llvm::join(llvm::split(c.value, '\n'), " ");
    os << ".\n";
  }
}

/// The launcher's parameter list after `grid`, one per line.
static void writeParams(const KernelManifest &manifest,
                        llvm::ArrayRef<std::string> names,
                        llvm::raw_ostream &os) {
  for (auto [param, name] : llvm::zip(manifest.params, names)) {
    CppType type = *getCppType(param);
    os << ",\n    tilec::rt::"
       << (param.isPointer ? "PointerArg<" : "ScalarArg<") << type.name
       << "> " << name;
  }
}

/// The promises of `manifest`'s signature, in words, one per parameter
/// that has any.
static llvm::SmallVector<std::string>
getPromises(const KernelManifest &manifest, ArrayRef<std::string> names) {
  llvm::SmallVector<std::string> promises;
  for (auto [param, name] : llvm::zip(manifest.params, names)) {
    if (param.divisibility > 1)
      promises.push_back(name + (param.isPointer ? " is " : " is a multiple of ") +
                         std::to_string(param.divisibility) +
                         (param.isPointer ? "-byte aligned" : ""));
    if (param.equalTo)
      promises.push_back(name + " is " + std::to_string(*param.equalTo));
  }
  return promises;
}

/// Whether an autotuned launcher takes buffer sizes: tuning zeroes or
/// restores buffers, and must know how many bytes.
static bool takesBufferSizes(const AutotuneIndex &tuned) {
  return !tuned.resetToZero.empty() || !tuned.restoreValue.empty();
}

/// The autotuned launcher's parameter list: `grid`, the kernel's, and the
/// buffer sizes if tuning needs them.
static void writeAutotunedParams(const KernelManifest &manifest,
                                 llvm::ArrayRef<std::string> names,
                                 const AutotuneIndex &tuned, bool defaults,
                                 llvm::raw_ostream &os) {
  os << "const tilec::rt::AutotunedKernel::GridFn &grid";
  writeParams(manifest, names, os);
  if (takesBufferSizes(tuned))
    os << ",\n    const tilec::rt::BufferSizes &bufferBytes"
       << (defaults ? " = {}" : "");
}

/// The header's functions for an autotuned kernel.
static void writeAutotunedDeclarations(const KernelManifest &manifest,
                                       llvm::ArrayRef<std::string> names,
                                       const LauncherOptions &options,
                                       llvm::raw_ostream &os) {
  const AutotuneIndex &tuned = *options.autotune;
  const std::string &fn = options.functionName;
  os << "/// Launches " << manifest.name << " on `stream` with the config "
     << "picked for the\n/// arguments' key, timing every config first if "
     << "the key is new; `grid`\n/// gives a config's grid from its "
     << "manifest (e.g. its BLOCK_SIZE_M through\n/// "
     << "requireConstexprInt). Returns the config launched (a position in\n"
     << "/// " << fn << "_autotuned().index().configs).";
  if (takesBufferSizes(tuned))
    os << " `bufferBytes` gives the\n/// byte size of each reset_to_zero "
       << "and restore_value buffer ("
       << llvm::join(llvm::concat<const std::string>(tuned.resetToZero,
                                                     tuned.restoreValue),
                     ", ")
       << "),\n/// which tuning zeroes or restores between runs; it may "
       << "also be set once in\n/// AutotuneOptions::bufferBytes.";
  os << "\n/// Throws tilec::rt::Error if a check, the tuning or the launch "
     << "fails.\n"
     << "size_t " << fn << "(\n    tilec::rt::LaunchStream stream, ";
  writeAutotunedParams(manifest, names, tuned, /*defaults=*/true, os);
  os << ");\n\n"
     << "/// The same on the default stream.\n"
     << "size_t " << fn << "(\n    ";
  writeAutotunedParams(manifest, names, tuned, /*defaults=*/true, os);
  os << ");\n\n"
     << "/// The embedded configs: index() needs no driver; setOptions() "
     << "before the\n/// first launch (a picks file, timing), get() is the "
     << "context's tuner\n/// (setPick, report).\n"
     << "tilec::rt::EmbeddedAutotuned &" << fn << "_autotuned();\n\n";
}

void tilec::writeLauncherHeader(ArrayRef<LauncherVariant> variants,
                                const LauncherOptions &options,
                                llvm::raw_ostream &os) {
  const KernelManifest &manifest = variants.front().manifest;
  const std::string &fn = options.functionName;
  llvm::SmallVector<std::string> names = getArgNames(manifest);
  std::string guard = "TILEC_KERNELS_" + llvm::StringRef(fn).upper() + "_H";
  writeBanner(manifest, options, os);
  os << "//\n"
     << "// Pointers take a device address as T* or const T*, a\n"
     << "// tilec::rt::DevicePtr or a tilec::rt::DeviceBuffer; scalars their\n"
     << "// C++ type or one that converts to it without narrowing. Anything\n"
     << "// else does not compile. The PTX is loaded once per CUDA context, on\n"
     << "// the first launch.\n";
  const AutotuneIndex *tuned = options.autotune;
  if (tuned) {
    os << "// Autotuned as its @triton.autotune says: the first launch of each key\n"
       << "// (" << (tuned->key.empty() ? std::string("no key: one tuning")
                                         : llvm::join(tuned->key, ", "))
       << ") times every config and launches the fastest\n"
       << "// (tilec::rt::EmbeddedAutotuned). Configs:\n";
    for (auto [config, variant] : llvm::zip(tuned->configs, variants)) {
      os << "//   " << config.number << ":";
      for (const KernelManifest::Constexpr &c : config.constexprs)
        os << " " << c.name << "=" << c.value;
      os << " num_warps=" << config.numWarps
         << " num_stages=" << config.numStages << "\n";
    }
    for (const AutotuneIndex::Skipped &skip : tuned->skipped)
      os << "//   " << skip.config << ": not compiled ("
         << llvm::join(llvm::split(skip.reason, '\n'), " ") << ")\n";
    llvm::SmallVector<std::string> promises = getPromises(manifest, names);
    if (!promises.empty()) {
      os << "// Checked before every launch, as the signature promised:\n";
      for (const std::string &promise : promises)
        os << "//   " << promise << "\n";
    }
  } else if (variants.size() == 1) {
    llvm::SmallVector<std::string> promises = getPromises(manifest, names);
    if (!promises.empty()) {
      os << "// Checked before every launch, as the signature promised:\n";
      for (const std::string &promise : promises)
        os << "//   " << promise << "\n";
    }
  } else {
    os << "// " << variants.size() << " variants; each launch takes the "
       << "first whose promises the\n// arguments keep (the last if none "
       << "does, whose check then fails):\n";
    for (auto [i, variant] : llvm::enumerate(variants)) {
      llvm::SmallVector<std::string> promises =
          getPromises(variant.manifest, names);
      os << "//   " << i << ": "
         << (promises.empty() ? std::string("no promises")
                              : llvm::join(promises, ", "))
         << "\n";
    }
  }

  os << "\n#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include \"tilec/runtime/Launcher.h\"\n\n"
     << "#include <cstdint>\n\n"
     << "namespace tilec::kernels {\n\n";
  if (tuned) {
    writeAutotunedDeclarations(manifest, names, options, os);
    os << "} // namespace tilec::kernels\n\n"
       << "#endif // " << guard << "\n";
    return;
  }
  os << "/// Launches " << manifest.name << " with `grid` programs on "
     << "`stream`.\n/// Throws tilec::rt::Error if a check or the launch "
     << "fails.\n"
     << "void " << fn << "(\n    tilec::rt::LaunchStream stream, "
     << "tilec::rt::Grid grid";
  writeParams(manifest, names, os);
  os << ");\n\n"
     << "/// The same on the default stream.\n"
     << "void " << fn << "(\n    tilec::rt::Grid grid";
  writeParams(manifest, names, os);
  os << ");\n\n"
     << (variants.size() == 1
             ? "/// The embedded kernel: manifest() needs no driver; get() "
               "loads it\n/// (attributes(), jitLog()).\n"
               "tilec::rt::EmbeddedKernel &" +
                   fn + "_embedded();\n\n"
             : "/// The embedded variants: pick(args) says which a launch "
               "takes, variant(i)\n/// is one (manifest(), get()).\n"
               "tilec::rt::EmbeddedVariants &" +
                   fn + "_variants();\n\n")
     << "} // namespace tilec::kernels\n\n"
     << "#endif // " << guard << "\n";
}

/// `constexprs` as the C++ array `array` of EmbeddedConstexpr, `comment`
/// after its opening brace.
static void writeConstexprArray(StringRef array, StringRef comment,
                                ArrayRef<KernelManifest::Constexpr> constexprs,
                                llvm::raw_ostream &os) {
  os << "constexpr tilec::rt::EmbeddedConstexpr " << array << "[] = {"
     << comment << "\n";
  for (const KernelManifest::Constexpr &c : constexprs)
    os << "    {\"" << escape(c.name) << "\", \"" << escape(c.value)
       << "\"},\n";
  os << "};\n";
}

/// The manifest as the constants kParams, kConstexprs and kInfo.
static void writeConstants(const KernelManifest &manifest,
                           const LauncherOptions &options, StringRef sfx,
                           llvm::raw_ostream &os) {
  if (!manifest.params.empty()) {
    os << "constexpr tilec::rt::EmbeddedParam kParams" << sfx << "[] = {\n";
    for (const KernelManifest::Param &param : manifest.params)
      os << "    {\"" << escape(param.name) << "\", tilec::rt::ParamKind::"
         << (param.isPointer ? "Pointer" : "Scalar")
         << ", tilec::rt::ScalarType::" << getCppType(param)->scalarType
         << ", " << param.divisibility << ", "
         << (param.equalTo ? "true" : "false") << ", "
         << param.equalTo.value_or(0) << ", "
         << (param.isUnsigned ? "true" : "false") << "},\n";
    os << "};\n\n";
  }
  if (!manifest.constexprs.empty()) {
    writeConstexprArray(("kConstexprs" + sfx).str(), "", manifest.constexprs,
                        os);
    os << "\n";
  }
  // Each tensor map: its leaves and box, then the entry.
  for (auto [i, map] : llvm::enumerate(manifest.tensorMaps)) {
    os << "constexpr size_t kLeaves" << sfx << i << "[] = {";
    llvm::interleaveComma(map.leaves, os);
    os << "};\nconstexpr int64_t kBox" << sfx << i << "[] = {";
    llvm::interleaveComma(map.box, os);
    os << "};\n";
  }
  if (!manifest.tensorMaps.empty()) {
    os << "constexpr tilec::rt::EmbeddedTensorMap kTensorMaps" << sfx
       << "[] = {\n";
    for (auto [i, map] : llvm::enumerate(manifest.tensorMaps)) {
      KernelManifest::Param element;
      element.type = map.type;
      os << "    {\"" << escape(map.name) << "\", tilec::rt::ScalarType::"
         << getCppType(element)->scalarType << ", kLeaves" << sfx << i
         << ", " << map.leaves.size() << ", kBox" << sfx << i << ", "
         << map.swizzle
         << "},\n";
    }
    os << "};\n\n";
  }
  bool params = !manifest.params.empty();
  bool constexprs = !manifest.constexprs.empty();
  os << "constexpr tilec::rt::EmbeddedKernelInfo kInfo" << sfx << " = {\n"
     << "    \"" << manifest.name << "\", // the PTX entry point\n"
     << "    \"" << manifest.arch << "\",\n"
     << "    " << manifest.numWarps << ", // num_warps\n"
     << "    " << manifest.sharedBytes << ", // shared_bytes\n"
     << "    " << (manifest.sharedBytes > 0 ? "true" : "false")
     << ", // dynamic_shared\n"
     << "    " << (params ? "kParams" + sfx.str() : "nullptr") << ", "
     << manifest.params.size() << ",\n"
     << "    " << (constexprs ? "kConstexprs" + sfx.str() : "nullptr")
     << ", " << manifest.constexprs.size() << ",\n"
     << "    kPtx" << sfx << ", sizeof(kPtx" << sfx << ") - 1,\n"
     << "    \"" << escape(options.sourceName) << "\",\n";
  if (manifest.cubinArch.empty())
    os << "    nullptr, 0, nullptr, // no cubin\n";
  else
    os << "    kCubin" << sfx << ", sizeof(kCubin" << sfx << "), \""
       << manifest.cubinArch << "\",\n";
  if (!manifest.tensorMaps.empty())
    os << "    kTensorMaps" << sfx << ", " << manifest.tensorMaps.size()
       << ", // encoded at each launch\n";
  else if (manifest.programmaticLaunch)
    os << "    nullptr, 0, // no tensor maps\n";
  if (manifest.programmaticLaunch)
    os << "    true, // programmatic launch (it waits: gdc_wait)\n";
  os << "};\n";
}

/// The cubin as a byte array, 16 bytes a line.
static void writeCubin(const KernelManifest &manifest, StringRef cubin,
                       StringRef sfx, llvm::raw_ostream &os) {
  os << "// The cubin ptxas assembled from it for " << manifest.cubinArch
     << ", loaded instead on a device\n// of that compute capability.\n"
     << "alignas(64) constexpr unsigned char kCubin" << sfx << "[] = {";
  for (auto [i, byte] : llvm::enumerate(cubin.bytes()))
    os << (i % 16 ? " " : "\n    ") << llvm::format_hex(byte, 4) << ",";
  os << "\n};\n\n";
}

/// One variant's PTX, cubin and constants, their names ending in `sfx`.
static void writeVariant(const LauncherVariant &variant,
                         const LauncherOptions &options, StringRef sfx,
                         llvm::raw_ostream &os) {
  const KernelManifest &manifest = variant.manifest;
  os << "// The PTX of " << manifest.name << ", as tilec --emit ptx writes "
     << "it.\n"
     << "constexpr char kPtx" << sfx << "[] =";
  llvm::SmallVector<StringRef> lines;
  StringRef(variant.ptx).split(lines, '\n');
  // split gives an empty last line after a final newline.
  if (!lines.empty() && lines.back().empty())
    lines.pop_back();
  if (lines.empty())
    os << " \"\"";
  for (StringRef line : lines)
    os << "\n    \"" << escape(line) << "\\n\"";
  os << ";\n\n";
  if (!manifest.cubinArch.empty())
    writeCubin(manifest, variant.cubin, sfx, os);
  writeConstants(manifest, options, sfx, os);
}

/// `names` as a C++ array of string literals `array`, or nothing when
/// empty; returns the pointer to pass ("kKey" or "nullptr").
static std::string writeNameArray(StringRef array,
                                  llvm::ArrayRef<std::string> names,
                                  llvm::raw_ostream &os) {
  if (names.empty())
    return "nullptr";
  os << "constexpr const char *" << array << "[] = {";
  llvm::ListSeparator comma(", ");
  for (const std::string &name : names)
    os << comma << "\"" << escape(name) << "\"";
  os << "};\n";
  return array.str();
}

/// The source of an autotuned launcher: each config's kernel (names ending
/// in `C<number>_`), the configs, and the functions.
static void writeAutotunedSource(ArrayRef<LauncherVariant> variants,
                                 llvm::ArrayRef<std::string> names,
                                 const LauncherOptions &options,
                                 llvm::raw_ostream &os) {
  const AutotuneIndex &tuned = *options.autotune;
  const KernelManifest &manifest = variants.front().manifest;
  const std::string &fn = options.functionName;
  for (auto [config, variant] : llvm::zip(tuned.configs, variants)) {
    std::string sfx = "C" + std::to_string(config.number) + "_";
    os << "// Config " << config.number << ".\n";
    writeVariant(variant, options, sfx, os);
    if (!config.constexprs.empty()) {
      os << "\n";
      writeConstexprArray("kSet" + sfx, "  // what the config sets",
                          config.constexprs, os);
    }
    os << "\n";
  }
  os << "constexpr tilec::rt::EmbeddedAutotuneConfig kConfigs[] = {\n";
  for (const AutotuneIndex::Config &config : tuned.configs) {
    std::string sfx = "C" + std::to_string(config.number) + "_";
    os << "    {&kInfo" << sfx << ", " << config.number << ", "
       << config.numWarps << ", " << config.numStages << ", "
       << (config.constexprs.empty() ? "nullptr" : "kSet" + sfx) << ", "
       << config.constexprs.size() << "},\n";
  }
  os << "};\n";
  if (!tuned.skipped.empty()) {
    os << "constexpr tilec::rt::EmbeddedAutotuneSkip kSkipped[] = {\n";
    for (const AutotuneIndex::Skipped &skip : tuned.skipped)
      os << "    {" << skip.config << ", \"" << escape(skip.reason)
         << "\"},\n";
    os << "};\n";
  }
  std::string key = writeNameArray("kKey", tuned.key, os);
  std::string reset = writeNameArray("kResetToZero", tuned.resetToZero, os);
  std::string restore = writeNameArray("kRestoreValue", tuned.restoreValue, os);
  os << "constexpr tilec::rt::EmbeddedAutotuneInfo kAutotune = {\n"
     << "    \"" << escape(tuned.name) << "\",\n"
     << "    " << key << ", " << tuned.key.size() << ",\n"
     << "    " << reset << ", " << tuned.resetToZero.size() << ",\n"
     << "    " << restore << ", " << tuned.restoreValue.size() << ",\n"
     << "    kConfigs, " << tuned.configs.size() << ",\n"
     << "    " << (tuned.skipped.empty() ? "nullptr" : "kSkipped") << ", "
     << tuned.skipped.size() << ",\n"
     << "    \"" << escape(options.sourceName) << "\",\n"
     << "};\n\n"
     << "} // namespace\n\n"
     << "tilec::rt::EmbeddedAutotuned &" << fn << "_autotuned() {\n"
     << "  static tilec::rt::EmbeddedAutotuned tuned(kAutotune);\n"
     << "  return tuned;\n"
     << "}\n";

  std::string args;
  for (const std::string &name : names)
    args += (args.empty() ? "" : ", ") + name + ".arg()";
  std::string sizes = takesBufferSizes(tuned) ? ", bufferBytes" : "";
  os << "\nsize_t " << fn << "(\n    tilec::rt::LaunchStream stream, ";
  writeAutotunedParams(manifest, names, tuned, /*defaults=*/false, os);
  os << ") {\n  return " << fn << "_autotuned().launch(stream, grid, {"
     << args << "}" << sizes << ");\n}\n";
  os << "\nsize_t " << fn << "(\n    ";
  writeAutotunedParams(manifest, names, tuned, /*defaults=*/false, os);
  os << ") {\n  return " << fn << "_autotuned().launch(nullptr, grid, {"
     << args << "}" << sizes << ");\n}\n\n"
     << "} // namespace tilec::kernels\n";
}

void tilec::writeLauncherSource(ArrayRef<LauncherVariant> variants,
                                const LauncherOptions &options,
                                llvm::raw_ostream &os) {
  const KernelManifest &manifest = variants.front().manifest;
  const std::string &fn = options.functionName;
  llvm::SmallVector<std::string> names = getArgNames(manifest);
  writeBanner(manifest, options, os);
  os << "\n#include \"" << escape(options.headerName) << "\"\n\n"
     << "namespace tilec::kernels {\n"
     << "namespace {\n\n";
  if (options.autotune) {
    writeAutotunedSource(variants, names, options, os);
    return;
  }
  // One variant keeps the names it always had; several are kPtxV0_, ...
  bool single = variants.size() == 1;
  for (auto [i, variant] : llvm::enumerate(variants)) {
    if (!single)
      os << "// Variant " << i << ".\n";
    writeVariant(variant, options, single ? "" : "V" + std::to_string(i) + "_",
                 os);
    if (!single && i + 1 < variants.size())
      os << "\n";
  }
  if (!single) {
    os << "\nconstexpr const tilec::rt::EmbeddedKernelInfo *kVariants[] = {";
    llvm::ListSeparator comma(",");
    for (size_t i = 0; i < variants.size(); ++i)
      os << comma << "\n    &kInfoV" << i << "_";
    os << "};\n";
  }
  os << "\n} // namespace\n\n";
  std::string target;
  if (single) {
    os << "tilec::rt::EmbeddedKernel &" << fn << "_embedded() {\n"
       << "  static tilec::rt::EmbeddedKernel kernel(kInfo);\n"
       << "  return kernel;\n"
       << "}\n";
    target = fn + "_embedded()";
  } else {
    os << "tilec::rt::EmbeddedVariants &" << fn << "_variants() {\n"
       << "  static tilec::rt::EmbeddedVariants variants(kVariants, "
       << variants.size() << ");\n"
       << "  return variants;\n"
       << "}\n";
    target = fn + "_variants()";
  }

  std::string args;
  for (const std::string &name : names)
    args += (args.empty() ? "" : ", ") + name + ".arg()";
  os << "\nvoid " << fn << "(\n    tilec::rt::LaunchStream stream, "
     << "tilec::rt::Grid grid";
  writeParams(manifest, names, os);
  os << ") {\n  " << target << ".launch(stream, grid, {" << args
     << "});\n}\n";
  os << "\nvoid " << fn << "(\n    tilec::rt::Grid grid";
  writeParams(manifest, names, os);
  os << ") {\n  " << target << ".launch(nullptr, grid, {" << args
     << "});\n}\n\n"
     << "} // namespace tilec::kernels\n";
}
