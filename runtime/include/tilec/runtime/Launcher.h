//===- Launcher.h - what tilec's generated C++ launchers build on -*- C++ -*-===//
//
// `tilec --emit cpp -o gelu.h` writes gelu.h and gelu.cpp: a function per
// kernel whose parameters have the kernel's C++ types, with the PTX embedded
// as a char array and the manifest as constants. They use what is here:
//
//  - PointerArg<T> and ScalarArg<T>, the parameter types, which accept only
//    arguments of the right C++ type, so a wrong one is a compile error;
//  - half and bfloat16, the element types of `*fp16` and `*bf16` pointers;
//  - LaunchStream, a Stream or a raw stream handle;
//  - EmbeddedKernelInfo, the constants, and EmbeddedKernel, which loads the
//    kernel from them once per CUDA context, on first use;
//  - EmbeddedVariants, several specialisations behind one launcher;
//  - EmbeddedAutotuneInfo and EmbeddedAutotuned, every config of an
//    @triton.autotune kernel, tuned per key by an AutotunedKernel.
//
// Run-time facts (alignment and divisibility promised by the signature,
// grid limits) are still checked by Kernel::launch before cuLaunchKernel.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_LAUNCHER_H
#define TILEC_RUNTIME_LAUNCHER_H

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/Autotuner.h"
#include "tilec/runtime/DeviceBuffer.h"
#include "tilec/runtime/Kernel.h"
#include "tilec/runtime/Launch.h"
#include "tilec/runtime/Manifest.h"
#include "tilec/runtime/Stream.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

struct CUctx_st;

namespace tilec::rt {

/// An IEEE binary16 value by its bits: the element type of `*fp16` pointers
/// and the type of `fp16` scalars. Same size and layout as CUDA's __half.
struct half {
  uint16_t bits = 0;
};

/// A bfloat16 value by its bits (`*bf16`, `bf16`); layout of __nv_bfloat16.
struct bfloat16 {
  uint16_t bits = 0;
};

static_assert(sizeof(half) == 2 && sizeof(bfloat16) == 2,
              "16-bit float types must be 2 bytes, as on the device");

namespace detail {

template <typename T> constexpr bool alwaysFalse = false;

/// Whether `T{u}` compiles for a U: a conversion that does not narrow.
template <typename T, typename U, typename = void>
struct ConvertsWithoutNarrowing : std::false_type {};
template <typename T, typename U>
struct ConvertsWithoutNarrowing<T, U,
                                std::void_t<decltype(T{std::declval<U>()})>>
    : std::true_type {};

/// Which arguments a ScalarArg<T> takes: for half and bfloat16 only
/// themselves (their bits are no number), for bool only bool, otherwise
/// arithmetic values that convert to T without narrowing (int to int64_t,
/// float to double; not int64_t or size_t to int32_t, not double to float).
template <typename T, typename U>
constexpr bool acceptsScalar =
    std::is_same_v<T, half> || std::is_same_v<T, bfloat16>
        ? std::is_same_v<U, T>
        : std::is_arithmetic_v<U> &&
              (std::is_same_v<T, bool> == std::is_same_v<U, bool>) &&
              ConvertsWithoutNarrowing<T, U>::value;

/// The launch argument for a kernel scalar of C++ type T. Unsigned values
/// stay unsigned (the manifest marks a `u32` parameter "unsigned").
inline Arg scalarArg(bool value) { return Arg(value); }
inline Arg scalarArg(int8_t value) { return Arg(value); }
inline Arg scalarArg(int16_t value) { return Arg(value); }
inline Arg scalarArg(int32_t value) { return Arg(value); }
inline Arg scalarArg(int64_t value) { return Arg(value); }
inline Arg scalarArg(uint8_t value) { return Arg(value); }
inline Arg scalarArg(uint16_t value) { return Arg(value); }
inline Arg scalarArg(uint32_t value) { return Arg(value); }
inline Arg scalarArg(uint64_t value) { return Arg(value); }
inline Arg scalarArg(float value) { return Arg(value); }
inline Arg scalarArg(double value) { return Arg(value); }
inline Arg scalarArg(half value) { return Arg::fp16Bits(value.bits); }
inline Arg scalarArg(bfloat16 value) { return Arg::bf16Bits(value.bits); }

} // namespace detail

/// A kernel scalar parameter of C++ type T (int32_t for i32, float for fp32,
/// ...). Takes a T, or an arithmetic value that converts to T without
/// narrowing; anything else does not compile.
template <typename T> class ScalarArg {
public:
  template <typename U,
            std::enable_if_t<detail::acceptsScalar<T, U>, int> = 0>
  ScalarArg(U value) : value{value} {}

  // A better message than "no matching function" for the wrong type.
  template <typename U,
            std::enable_if_t<!detail::acceptsScalar<T, U>, int> = 0>
  ScalarArg(U) {
    static_assert(detail::alwaysFalse<U>,
                  "tilec launcher: a scalar argument must have the kernel "
                  "parameter's C++ type, or one that converts to it without "
                  "narrowing (e.g. int32_t for i32, not int64_t or size_t; "
                  "float for fp32, not double)");
  }

  T get() const { return value; }
  Arg arg() const { return detail::scalarArg(value); }

private:
  T value{};
};

/// A kernel pointer parameter to elements of C++ type T (float for *fp32,
/// half for *fp16, ...): a device address as a T* or const T* (the
/// signature does not say which pointers the kernel writes through, so
/// both are taken), a DevicePtr or a DeviceBuffer (untyped, as with
/// Kernel::launch), or nullptr. A pointer to another element type does not
/// compile.
template <typename T> class PointerArg {
public:
  PointerArg(T *pointer) : address(reinterpret_cast<uintptr_t>(pointer)) {}
  PointerArg(const T *pointer)
      : address(reinterpret_cast<uintptr_t>(pointer)) {}
  PointerArg(std::nullptr_t) {}
  PointerArg(DevicePtr pointer) : address(pointer.address) {}
  PointerArg(const DeviceBuffer &buffer) : address(buffer.ptr().address) {}

  template <typename U> PointerArg(U *) {
    static_assert(detail::alwaysFalse<U>,
                  "tilec launcher: a pointer argument must point to the "
                  "kernel parameter's element type (float for *fp32, "
                  "tilec::rt::half for *fp16, int32_t for *i32, ...), or be "
                  "a tilec::rt::DeviceBuffer or DevicePtr");
  }

  uint64_t get() const { return address; }
  Arg arg() const { return Arg(DevicePtr{address}); }

private:
  uint64_t address = 0;
};

/// The stream a launch goes to: a Stream, or a raw handle (nullptr is the
/// legacy default stream).
class LaunchStream {
public:
  LaunchStream(const Stream &stream) : stream(stream.handle()) {}
  LaunchStream(StreamHandle stream) : stream(stream) {}

  StreamHandle handle() const { return stream; }

private:
  StreamHandle stream = nullptr;
};

/// One runtime parameter, as a generated launcher spells it in constants.
struct EmbeddedParam {
  const char *name;
  ParamKind kind;
  ScalarType type;
  int64_t divisibility;
  /// Whether the kernel was specialised for `equalTo` ("i32:1").
  bool hasEqualTo;
  int64_t equalTo;
  /// An unsigned integer parameter (launchers generated before this field
  /// leave it out: false).
  bool isUnsigned = false;
};

/// A constexpr the kernel was compiled with; the value as JSON text.
struct EmbeddedConstexpr {
  const char *name;
  const char *value;
};

/// A tensor map the kernel takes after its parameters (TensorMapInfo).
struct EmbeddedTensorMap {
  const char *name;
  ScalarType type;
  /// Indices of the base, the shapes and the strides but the last among
  /// the parameters.
  const size_t *leaves;
  size_t leafCount;
  /// The TMA box, outermost first (rank = leafCount / 2 sizes).
  const int64_t *box;
  unsigned swizzle;
};

/// A kernel's manifest and PTX as a generated launcher embeds them.
struct EmbeddedKernelInfo {
  const char *name;
  const char *arch;
  unsigned numWarps;
  uint64_t sharedBytes;
  bool dynamicShared;
  const EmbeddedParam *params;
  size_t paramCount;
  const EmbeddedConstexpr *constexprs;
  size_t constexprCount;
  /// The PTX text, `ptxSize` bytes (not counting a terminating NUL).
  const char *ptx;
  size_t ptxSize;
  /// Where the PTX is embedded, for messages ("gelu.cpp").
  const char *origin;
  /// The cubin ptxas made of the PTX, `cubinSize` bytes, and its target;
  /// null, 0 and null when tilec had no ptxas (launchers generated before
  /// cubins leave them out). The cubin is loaded when it fits the device.
  const unsigned char *cubin;
  size_t cubinSize;
  const char *cubinArch;
  /// The kernel's tensor maps (launchers generated before them leave these
  /// out: none).
  const EmbeddedTensorMap *tensorMaps = nullptr;
  size_t tensorMapCount = 0;
  /// Manifest::programmaticLaunch (older launchers leave it out: false).
  bool programmaticLaunch = false;
};

/// The Manifest \p info describes (directory and ptx empty).
Manifest makeManifest(const EmbeddedKernelInfo &info);

/// A kernel embedded in the program. Loads it from the embedded cubin or PTX
/// (as Kernel::load picks) once per CUDA context, on first use, and keeps it
/// for the life of the process. Thread-safe.
class EmbeddedKernel {
public:
  /// \p info must outlive this object (generated launchers keep it in
  /// static storage).
  explicit EmbeddedKernel(const EmbeddedKernelInfo &info);
  EmbeddedKernel(const EmbeddedKernel &) = delete;
  EmbeddedKernel &operator=(const EmbeddedKernel &) = delete;

  /// The embedded manifest; needs no driver.
  const Manifest &manifest() const { return info; }

  /// The kernel loaded in the current context (Context::current()); loads
  /// it on the first call there. Throws Error as Kernel::load does.
  const Kernel &get();

  /// get(), then Kernel::launch with \p args: the checks against the
  /// manifest (alignment, divisibility, grid) run before cuLaunchKernel.
  void launch(LaunchStream stream, const Grid &grid,
              std::initializer_list<Arg> args);

private:
  const EmbeddedKernelInfo &embedded;
  Manifest info;
  std::mutex mutex;
  /// Per context, its kernel. Never freed: a module unloaded during static
  /// destruction could outlive the driver's state, and the driver reclaims
  /// it at exit.
  std::vector<std::pair<CUctx_st *, const Kernel *>> loaded;
};

/// Several specialisations of one kernel behind one launcher (`tilec
/// --emit cpp` with several signatures, as Triton's AOT linker joins them):
/// each launch takes the first variant whose promises (`:16` alignment and
/// divisibility, `:1`) the arguments keep, so list the generic one last; if
/// none does, the last, whose check then names the broken promise.
class EmbeddedVariants {
public:
  /// \p infos (\p count of them, at least one) must outlive this object.
  EmbeddedVariants(const EmbeddedKernelInfo *const *infos, size_t count);

  size_t size() const { return variants.size(); }
  EmbeddedKernel &variant(size_t index) { return *variants.at(index); }
  /// The variant a launch with \p args takes; needs no driver.
  size_t pick(std::initializer_list<Arg> args) const;
  /// Launches variant pick(args) (EmbeddedKernel::launch).
  void launch(LaunchStream stream, const Grid &grid,
              std::initializer_list<Arg> args);

private:
  std::vector<std::unique_ptr<EmbeddedKernel>> variants;
};

/// One config of an autotuned kernel, as a generated launcher embeds it.
struct EmbeddedAutotuneConfig {
  const EmbeddedKernelInfo *kernel;
  /// Its position among the source's configs (tilec's `_cN`).
  uint64_t number;
  unsigned numWarps;
  unsigned numStages;
  /// The values the config sets.
  const EmbeddedConstexpr *constexprs;
  size_t constexprCount;
};

/// A config tilec did not compile (it did not fit the target), and why.
struct EmbeddedAutotuneSkip {
  uint64_t config;
  const char *reason;
};

/// An @triton.autotune kernel as a generated launcher embeds it: what
/// `tilec --autotune` writes in its index, with each config's code.
struct EmbeddedAutotuneInfo {
  const char *name;
  /// Parameter names: Triton's `key`, `reset_to_zero`, `restore_value`.
  const char *const *key;
  size_t keyCount;
  const char *const *resetToZero;
  size_t resetToZeroCount;
  const char *const *restoreValue;
  size_t restoreValueCount;
  const EmbeddedAutotuneConfig *configs;
  size_t configCount;
  const EmbeddedAutotuneSkip *skipped;
  size_t skippedCount;
  /// Where it is embedded, for messages ("matmul.cpp").
  const char *origin;
};

/// The AutotuneIndex \p info describes, its manifests filled and checked.
/// Throws Error if the configs disagree (they come from one tilec run, so
/// only a hand-edited launcher can).
AutotuneIndex makeAutotuneIndex(const EmbeddedAutotuneInfo &info);

/// An autotuned kernel embedded in the program: per CUDA context, on first
/// use, an AutotunedKernel over the embedded configs, which times them for
/// each new key and launches the fastest. Picks stay in memory unless
/// setOptions names a picks file. Thread-safe.
class EmbeddedAutotuned {
public:
  /// \p info must outlive this object.
  explicit EmbeddedAutotuned(const EmbeddedAutotuneInfo &info);
  EmbeddedAutotuned(const EmbeddedAutotuned &) = delete;
  EmbeddedAutotuned &operator=(const EmbeddedAutotuned &) = delete;

  /// The configs and key; needs no driver.
  const AutotuneIndex &index() const { return info; }
  /// How configs are timed and where picks are kept, for contexts whose
  /// tuner is made after this call (call it before the first launch).
  void setOptions(AutotuneOptions options);

  /// The tuner of the current context (setPick, picked, report); made on
  /// the first call there. Throws Error as AutotunedKernel::assemble does.
  AutotunedKernel &get();

  /// get().launch(grid, args, stream, bufferBytes): tunes for the key of
  /// \p args if no pick is known, then launches the pick. Returns the
  /// config launched.
  size_t launch(LaunchStream stream, const AutotunedKernel::GridFn &grid,
                std::initializer_list<Arg> args,
                const BufferSizes &bufferBytes = BufferSizes());

private:
  const EmbeddedAutotuneInfo &embedded;
  AutotuneIndex info;
  AutotuneOptions options;
  std::mutex mutex;
  /// Per context, its tuner; never freed, as EmbeddedKernel's kernels.
  std::vector<std::pair<CUctx_st *, AutotunedKernel *>> tuners;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_LAUNCHER_H
