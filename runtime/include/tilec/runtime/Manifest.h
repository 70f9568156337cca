//===- Manifest.h - the JSON description tilec writes per kernel -*- C++
//-*-===//
//
// Next to every <out>.ptx, tilec writes <out>.json:
//
//   {"name": "triton_gelu_kernel", "ptx": "gelu.ptx", "arch": "sm_90a",
//    "num_warps": 4, "threads_per_block": 128, "shared_bytes": 0,
//    "params": [{"name": "x_ptr", "kind": "pointer", "type": "fp32",
//                "divisibility": 16}, ...],
//    "constexprs": [{"name": "BLOCK_SIZE", "value": 1024}]}
//
// `params` lists only the runtime parameters, in order; a pointer's type is
// its pointee. A pointer's divisibility is the byte alignment its address was
// promised to have; an integer's is a divisor its value was promised to have.
// Optional: "dynamic_shared" (default false), "constexprs" (default empty),
// per integer parameter "equal_to" (the value it was specialised for);
// "cubin" and "cubin_arch" (tilec --emit cubin: the ptxas output and the
// target it was assembled for). "ptx" may be left out when "cubin" is there.
// "tensor_maps" (default empty): one entry per `tensordesc` parameter,
//   {"name": "a_desc", "type": "fp16", "leaves": [0, 1, 2, 3],
//    "box": [128, 64], "swizzle": 128}
// where leaves index `params`: the descriptor's base, shapes, and strides
// but the last (which is 1). The
// kernel takes one 128-byte CUtensorMap per entry after `params`, which
// Kernel::launch encodes from those arguments; an empty box means no TMA
// copy reads it (it is passed as zeros).
// Unknown keys are ignored so the compiler can add fields.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_MANIFEST_H
#define TILEC_RUNTIME_MANIFEST_H

#include "tilec/runtime/ScalarType.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilec::rt {

/// Whether a kernel parameter is a device pointer or a scalar value.
enum class ParamKind { Pointer, Scalar };

/// One runtime parameter of a kernel.
struct ParamInfo {
  std::string name;
  ParamKind kind = ParamKind::Scalar;
  /// The scalar's type, or the pointee type of a pointer.
  ScalarType type = ScalarType::I32;
  /// Pointer: required byte alignment of the address. Integer: required
  /// divisor of the value. Always 1 for floating-point scalars.
  int64_t divisibility = 1;
  /// Integer: the value the kernel was specialised for ("i32:1" in the
  /// signature, "equal_to" in the manifest); launches must pass exactly it.
  std::optional<int64_t> equalTo;
  /// An unsigned integer ("u32" in the signature, "unsigned": true in the
  /// manifest): negative arguments are rejected. For a pointer, its pointee.
  bool isUnsigned = false;
};

/// The CUtensorMap a kernel takes for one tensor descriptor parameter.
struct TensorMapInfo {
  /// The descriptor parameter's name.
  std::string name;
  ScalarType type = ScalarType::FP16;
  /// Indices into Manifest::params: the base pointer, the shapes (i32),
  /// the strides (i32 or i64, in elements) but the last, which is 1;
  /// outermost first.
  std::vector<size_t> leaves;
  /// The box each TMA copy moves, outermost first; empty when unused.
  std::vector<int64_t> box;
  /// The shared-memory swizzle in bytes: 0, 32, 64 or 128.
  unsigned swizzle = 0;
  /// The tensor's rank.
  size_t rank() const { return leaves.size() / 2; }
};

/// A constexpr parameter bound at compile time.
struct ConstexprInfo {
  std::string name;
  /// The value's JSON text (e.g. "1024", "true", "0.5"); a string's text;
  /// "None" for null (Python's None).
  std::string text;
  /// The value if it is an integer.
  std::optional<int64_t> intValue;
};

/// The parsed, checked manifest of one compiled kernel.
struct Manifest {
  /// The PTX entry point.
  std::string name;
  /// The PTX file, relative to the manifest's directory; "" when there is
  /// only a cubin.
  std::string ptx;
  /// The target, e.g. "sm_90a".
  std::string arch;
  /// The cubin file, relative to the manifest's directory; "" when none.
  std::string cubin;
  /// The target the cubin was assembled for ("" when there is none).
  std::string cubinArch;
  unsigned numWarps = 0;
  unsigned threadsPerBlock = 0;
  uint64_t sharedBytes = 0;
  /// Whether sharedBytes must be passed at launch as dynamic shared memory.
  bool dynamicShared = false;
  /// Whether the kernel waits for the grid before it (griddepcontrol.wait):
  /// launched with programmatic stream serialization where the driver has
  /// cuLaunchKernelEx, so it may start while that grid finishes.
  bool programmaticLaunch = false;
  std::vector<ParamInfo> params;
  std::vector<ConstexprInfo> constexprs;
  /// The kernel's tensor maps, passed after `params`.
  std::vector<TensorMapInfo> tensorMaps;
  /// Where the manifest was read from ("" when parsed from a string).
  std::string directory;

  /// Parses and checks \p text; \p sourceName prefixes error messages.
  /// Throws Error naming the field and its line:column.
  static Manifest parse(std::string_view text, std::string_view sourceName);

  /// Reads and parses the file at \p path; directory is set to its folder.
  static Manifest load(const std::string &path);

  /// The PTX file's path (directory joined with ptx).
  std::string ptxPath() const;
  /// The cubin file's path (directory joined with cubin).
  std::string cubinPath() const;

  /// The integer value of constexpr \p name, if bound to an integer.
  std::optional<int64_t> constexprInt(std::string_view name) const;

  /// The integer value of constexpr \p name; throws Error naming the kernel
  /// and its constexprs if there is none or it is not an integer. Meant for
  /// grid functions: `cdiv(M, m.requireConstexprInt("BLOCK_SIZE_M"))`.
  int64_t requireConstexprInt(std::string_view name) const;

  /// A one-line description of a parameter for messages, e.g.
  /// "a pointer to fp32" or "an i32 scalar".
  static std::string describe(const ParamInfo &param);
};

/// Reads a whole file into a string; throws Error naming \p what and the
/// path on failure.
std::string readFile(const std::string &path, std::string_view what);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_MANIFEST_H
