//===- Manifest.h - what the runtime needs to know of a kernel --*- C++ -*-===//
//
// Next to each PTX file tilec writes a JSON manifest: the kernel's name, its
// runtime parameters with kinds, types and divisibility promises, the bound
// constexprs, warps, shared memory and architecture. The runtime checks every
// launch against it before calling the driver.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TARGET_MANIFEST_H
#define TILEC_TARGET_MANIFEST_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace tilec {

/// The description of one compiled kernel.
struct KernelManifest {
  struct Param {
    std::string name;
    bool isPointer = false;
    /// Element type (the pointee for pointers): fp32, fp16, bf16, i32, ...
    std::string type;
    /// Pointers: byte alignment of the address; integers: a divisor of the
    /// value. 1 when nothing is promised.
    int64_t divisibility = 1;
    /// The value an integer was specialised for ("i32:1"), if any.
    std::optional<int64_t> equalTo;
    /// An integer scalar the signature typed unsigned (u32); the manifest
    /// says i32, generated C++ launchers take a uint32_t.
    bool isUnsigned = false;
  };
  struct Constexpr {
    std::string name;
    /// Its value as text: an integer's digits, "true"/"false", a float, a
    /// string's text, a dtype's name (fp16), or "None".
    std::string value;
    /// Python's None (a None argument, or a None default): JSON null, so
    /// that it stays apart from the string 'None'.
    bool isNone = false;
  };
  /// The CUtensorMap of a `tensordesc` parameter: the kernel takes one
  /// 128-byte parameter per entry after `params`, which the runtime encodes
  /// at launch from the descriptor's leaves among `params`.
  struct TensorMap {
    /// The descriptor parameter's name (its leaves are `name.base`, ...).
    std::string name;
    /// Element type, as for parameters.
    std::string type;
    /// Indices into `params`: the base, then the shapes, then the strides
    /// but the last (which is 1).
    llvm::SmallVector<unsigned> leaves;
    /// The box TMA copies (outermost first) and the shared memory swizzle
    /// in bytes (32, 64, 128).
    llvm::SmallVector<int64_t> box;
    unsigned swizzle = 0;
  };
  std::string name;
  std::string ptxFile;
  std::string arch;
  /// The cubin ptxas made of the PTX, and its target; empty when none.
  std::string cubinFile;
  std::string cubinArch;
  unsigned numWarps = 4;
  /// K tiles in flight in pipelined loops (tilec --num-stages).
  unsigned numStages = 1;
  uint64_t sharedBytes = 0;
  /// Whether the kernel waits for the grid before it (gdc_wait): the
  /// runtime then launches it with programmatic stream serialization.
  bool programmaticLaunch = false;
  llvm::SmallVector<Param> params;
  llvm::SmallVector<Constexpr> constexprs;
  llvm::SmallVector<TensorMap> tensorMaps;
};

/// Reads the parameters and constexprs of a tile-level kernel (as MLIRGen
/// emits it: `tile.name` and `tile.divisibility` argument attributes and a
/// `tile.constexprs` dictionary).
llvm::Expected<KernelManifest> describeKernel(mlir::func::FuncOp kernel);

/// Adds what the pass pipeline decided to `manifest`: the module's
/// `tile.shared_bytes` and the tensor maps the kernel takes after its
/// parameters (`tile.tensor_maps`, which tile-pipeline writes).
void describeLoweredKernel(mlir::ModuleOp module, KernelManifest &manifest);

/// The name tilec and the runtime use for an element type (fp32, i32, ...).
std::string getTypeName(mlir::Type type);

/// Writes `manifest` as JSON.
void writeManifest(const KernelManifest &manifest, llvm::raw_ostream &os);

/// Reads what writeManifest wrote back (for kernels that come from the
/// compile cache as text); writing the result again gives the same bytes.
/// Errors name the field that is missing or malformed.
llvm::Expected<KernelManifest> readManifest(llvm::StringRef json);

/// The index of an autotuned kernel's compiled configs (tilec --autotune):
/// the runtime times the configs per value of `key` and keeps the fastest.
struct AutotuneIndex {
  struct Config {
    /// Its number among the decorator's configs (the N of <stem>_cN).
    unsigned number = 0;
    /// The config's manifest, relative to the index.
    std::string manifestFile;
    unsigned numWarps = 4;
    unsigned numStages = 3;
    /// The constexprs the config binds; values as JSON text (128, 0.5,
    /// true).
    llvm::SmallVector<KernelManifest::Constexpr> constexprs;
  };
  /// A config that was not compiled, and why (its number in the decorator).
  struct Skipped {
    unsigned config = 0;
    std::string reason;
  };
  std::string name;
  llvm::SmallVector<std::string> key, resetToZero, restoreValue;
  llvm::SmallVector<Config> configs;
  llvm::SmallVector<Skipped> skipped;
};

/// Writes `index` as JSON ({"kind": "autotune", ...}; runtime/README.md).
void writeAutotuneIndex(const AutotuneIndex &index, llvm::raw_ostream &os);

} // namespace tilec

#endif // TILEC_TARGET_MANIFEST_H
