//===- Target.h - from the LLVM dialect to PTX ------------------*- C++ -*-===//
//
// The back end of tilec: translation of the LLVM/NVVM dialects to LLVM IR,
// LLVM's optimisation pipeline, and PTX from the NVPTX TargetMachine, all in
// process; and cubins from the PTX through the CUDA toolkit's ptxas.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TARGET_TARGET_H
#define TILEC_TARGET_TARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilec {

/// What the code is generated for.
struct TargetOptions {
  /// NVPTX processor: sm_80, sm_90 or sm_90a.
  std::string arch = "sm_90a";
  /// Warps per program; a program runs as one CTA of numWarps * 32 threads.
  unsigned numWarps = 4;
  /// The CUDA toolkit's libdevice bitcode, linked in when the kernel calls
  /// one of its functions (`__nv_*`); empty for the one found when tilec was
  /// configured (getDefaultLibdevicePath).
  std::string libdevicePath;
  /// Whether a * b + c may become one fma (Triton's enable_fp_fusion,
  /// default on).
  bool fpFusion = true;
};

/// The libdevice.10.bc found when tilec was configured, or "".
llvm::StringRef getDefaultLibdevicePath();

/// The most shared memory one program may use on `arch` (bytes, with the
/// opt-in that the runtime requests).
uint64_t getMaxSharedBytes(llvm::StringRef arch);

/// Checks that `arch` is one tilec can target; the error says which are.
llvm::Error validateTargetOptions(const TargetOptions &options);

/// Registers the translations from the MLIR dialects tilec emits to LLVM IR.
void registerTranslations(mlir::DialectRegistry &registry);

/// Translates a module in the LLVM/NVVM dialects to LLVM IR for NVPTX and
/// runs LLVM's O3 pipeline on it.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext,
                  const TargetOptions &options);

/// Whether emitPTX leaves NVPTX's straight-line strength reduction out of
/// `module` for its size: a function with more than 6000 instructions that
/// compute something (lane extractions, bitcasts and phis do not count),
/// where the pass would take minutes.
bool isLargeForStrengthReduction(const llvm::Module &module);

/// The most pairs of integer additions, subtractions, multiplications and
/// shifts of one basic block that share an operand (for each value, the
/// square of its readers among them): what NVPTX's straight-line strength
/// reduction compares. emitPTX leaves that pass out past
/// kStrengthReductionPairLimit.
uint64_t getSharedOperandPairs(const llvm::Module &module);
constexpr uint64_t kStrengthReductionPairLimit = 16384;

/// Generates PTX assembly for `module` with the NVPTX back end.
llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    const TargetOptions &options);

/// The ptxas found when tilec was configured, or "".
llvm::StringRef getDefaultPtxasPath();

/// Reports that ptxas rejected (`error`, from assembleCubin) the PTX of a
/// kernel whose inline assembly is at `inlineAsmLocs` (not empty): an error
/// at the first call with ptxas' first error line, a note at every other.
void reportInlineAsmRejection(llvm::ArrayRef<mlir::Location> inlineAsmLocs,
                              llvm::Error error);

/// Assembles `ptx` into a cubin (an ELF image) for `arch` with the ptxas at
/// `ptxasPath`; the error carries ptxas' messages.
llvm::Expected<std::string> assembleCubin(llvm::StringRef ptx,
                                          llvm::StringRef arch,
                                          llvm::StringRef ptxasPath);

/// assembleCubin with more ptxas arguments (such as -v); what ptxas printed
/// goes to `messages` when it is not null.
llvm::Expected<std::string> runPtxas(llvm::StringRef ptx, llvm::StringRef arch,
                                     llvm::StringRef ptxasPath,
                                     llvm::ArrayRef<llvm::StringRef> extraArgs,
                                     std::string *messages);

/// Two programs per SM for a tensor-core kernel of 8 or more warps on sm_90
/// whose shared memory (`sharedBytes`) leaves room for two: returns `ptx`
/// with `.minnctapersm 2` on the kernel when the ptxas at `ptxasPath` then
/// fits it in registers without spilling, else `ptx` as it is (also without
/// a ptxas). ptxas left alone gives such kernels more registers than two
/// programs can have (Triton's attention forward: 149 where 128 suffice).
/// When the directive stays, the cubin ptxas made of that PTX goes to
/// `cubin` (if not null), so that callers wanting one need not run ptxas
/// again.
std::string fitTwoProgramsPerSM(llvm::StringRef ptx,
                                const TargetOptions &options,
                                uint64_t sharedBytes,
                                llvm::StringRef ptxasPath,
                                std::string *cubin = nullptr);

} // namespace tilec

#endif // TILEC_TARGET_TARGET_H
