//===- PTX.cpp - LLVM dialect to PTX --------------------------------------===//

#include "tilec/Target/Target.h"
#include "tilec/Target/Arch.h"

#include "Peepholes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"

#include <mutex>

using namespace tilec;

static constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";

llvm::Error tilec::validateTargetOptions(const TargetOptions &options) {
  if (options.arch != "sm_80" && options.arch != "sm_90" &&
      options.arch != "sm_90a")
    return llvm::createStringError(
        "unsupported architecture '" + options.arch +
        "' (expected sm_80, sm_90 or sm_90a)");
  if (options.numWarps == 0 || options.numWarps > 32 ||
      (options.numWarps & (options.numWarps - 1)) != 0)
    return llvm::createStringError(
        "number of warps must be a power of two between 1 and 32, got " +
        std::to_string(options.numWarps));
  return llvm::Error::success();
}

uint64_t tilec::getMaxSharedBytes(llvm::StringRef arch) {
  return getMaxSharedBytesPerBlock(arch);
}

void tilec::registerTranslations(mlir::DialectRegistry &registry) {
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
}

/// The NVPTX TargetMachine for `options`. PTX ISA 8.0 is what sm_90a's
/// wgmma and TMA need, and CUDA 12+ drivers accept it for every arch we emit.
static llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetOptions &options) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // 32-bit pointers to shared memory (its addresses are below 2^18): no
    // 64-bit address arithmetic for buffers, stages and swizzles.
    if (llvm::cl::Option *shortPointers =
            llvm::cl::getRegisteredOptions().lookup("nvptx-short-ptr"))
      shortPointers->addOccurrence(0, "nvptx-short-ptr", "true");
  });
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("cannot find the NVPTX target: " + error);
  llvm::TargetOptions targetOptions;
  // Comments in the PTX (loop headers and depths, as Triton's PTX has):
  // for people and tests reading it; ptxas ignores them.
  targetOptions.MCOptions.AsmVerbose = true;
  // a * b + c becomes one fma, as Triton's default (enable_fp_fusion)
  // has it: a softmax's x * scale - max is one instruction, not two.
  targetOptions.AllowFPOpFusion =
      options.fpFusion ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Standard;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, options.arch, "+ptx80", targetOptions, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return llvm::createStringError("cannot create the NVPTX target machine");
  return machine;
}

llvm::StringRef tilec::getDefaultLibdevicePath() {
#ifdef TILEC_LIBDEVICE_PATH
  return TILEC_LIBDEVICE_PATH;
#else
  return "";
#endif
}

/// Links the libdevice functions `module` calls (declarations named
/// `__nv_*`) from the bitcode at `path`, internalised so that O3 inlines
/// them and drops the rest. Denormals are kept (nvvm-reflect-ftz 0), as the
/// rest of the kernel keeps them.
static llvm::Error linkLibdevice(llvm::Module &module, llvm::StringRef path) {
  llvm::SmallVector<std::string> needed;
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with("__nv_"))
      needed.push_back(function.getName().str());
  if (needed.empty())
    return llvm::Error::success();
  if (path.empty())
    return llvm::createStringError(
        "the kernel calls " + needed.front() +
        " from libdevice, but no libdevice.10.bc was found when tilec was "
        "configured; pass --libdevice PATH");
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> library =
      llvm::parseIRFile(path, diagnostic, module.getContext());
  if (!library)
    return llvm::createStringError("cannot read libdevice '" + path.str() +
                                   "': " + diagnostic.getMessage().str());
  library->setTargetTriple(module.getTargetTriple());
  library->setDataLayout(module.getDataLayout());
  bool failed = llvm::Linker::linkModules(
      module, std::move(library), llvm::Linker::LinkOnlyNeeded,
      [](llvm::Module &linked, const llvm::StringSet<> &fromLibrary) {
        llvm::internalizeModule(linked, [&](const llvm::GlobalValue &value) {
          return !value.hasName() || !fromLibrary.count(value.getName());
        });
      });
  if (failed)
    return llvm::createStringError("cannot link libdevice '" + path.str() +
                                   "'");
  for (const std::string &name : needed)
    if (llvm::Function *function = module.getFunction(name);
        !function || function->isDeclaration())
      return llvm::createStringError("libdevice '" + path.str() +
                                     "' has no function " + name);
  module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(0));
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::Module>>
tilec::translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext,
                         const TargetOptions &options) {
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, llvmContext, "tilec");
  if (!llvmModule)
    return llvm::createStringError("translation to LLVM IR failed");

  auto machine = createTargetMachine(options);
  if (!machine)
    return machine.takeError();
  llvmModule->setTargetTriple(llvm::Triple(kTriple));
  llvmModule->setDataLayout((*machine)->createDataLayout());
  if (llvm::Error error = linkLibdevice(
          *llvmModule, options.libdevicePath.empty()
                           ? getDefaultLibdevicePath()
                           : llvm::StringRef(options.libdevicePath)))
    return std::move(error);

  // O3 as clang -O3 would run it for this target (NVVMReflect included).
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  // SLP vectorization on, as clang -O3 and Triton have it (PassBuilder's
  // default tuning leaves it off): element-wise fp16/bf16 math on two
  // values becomes one f16x2 instruction, and a value merged by a phi after
  // an if stays one 32-bit register for two halves. Tutorial 05's layer-norm
  // backward kept 32 lone halves across its lock loop without it (168
  // registers, one program per SM; 128 with it, as Triton's).
  llvm::PipelineTuningOptions tuning;
  tuning.SLPVectorization = true;
  llvm::PassBuilder passBuilder(machine->get(), tuning);
  passBuilder.registerModuleAnalyses(mam);
  passBuilder.registerCGSCCAnalyses(cgam);
  passBuilder.registerFunctionAnalyses(fam);
  passBuilder.registerLoopAnalyses(lam);
  passBuilder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm =
      passBuilder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(*llvmModule, mam);
  runNVPTXPeepholes(*llvmModule);

  if (llvm::verifyModule(*llvmModule, &llvm::errs()))
    return llvm::createStringError("optimised LLVM IR does not verify");
  return std::move(llvmModule);
}

bool tilec::isLargeForStrengthReduction(const llvm::Module &module) {
  // NVPTX's straight-line strength reduction takes time that grows much
  // faster than the code on long blocks of related integer arithmetic (a
  // fuzzed 32x64 i32 kernel of 7664 instructions spent 36 s in it, 98% of
  // the compile; a 256x1024 block, 70 s). Past this size emitPTX leaves that
  // pass out (until the tenth session it assembled such kernels at codegen
  // level O0, whose PTX took ptxas over 30 s on some fuzzed 256x256
  // blocks). The count leaves out what computes nothing: the aggregate and
  // vector element accesses of a block's lanes, bitcasts and phis.
  // (Attention's backward has 1856 of them among 6052 instructions.)
  constexpr size_t kLimit = 6000;
  for (const llvm::Function &function : module) {
    size_t count = 0;
    for (const llvm::Instruction &instruction : llvm::instructions(function))
      if (!llvm::isa<llvm::ExtractValueInst, llvm::InsertValueInst,
                     llvm::ExtractElementInst, llvm::InsertElementInst,
                     llvm::BitCastInst, llvm::PHINode>(instruction))
        ++count;
    if (count > kLimit)
      return true;
  }
  return false;
}

uint64_t tilec::getSharedOperandPairs(const llvm::Module &module) {
  // SLSR pairs every candidate with the earlier candidates of its block
  // that share its base or stride, and keeps searching while the deltas it
  // finds are not constants, building the difference of the two as a SCEV
  // each time. Integer additions, subtractions, multiplications and shifts
  // that share an operand are what it pairs: for each value, the square of
  // the number of such instructions of one block that read it.
  uint64_t worst = 0;
  llvm::DenseMap<const llvm::Value *, uint64_t> readers;
  for (const llvm::Function &function : module)
    for (const llvm::BasicBlock &block : function) {
      readers.clear();
      for (const llvm::Instruction &instruction : block) {
        unsigned opcode = instruction.getOpcode();
        if (opcode != llvm::Instruction::Add &&
            opcode != llvm::Instruction::Sub &&
            opcode != llvm::Instruction::Mul &&
            opcode != llvm::Instruction::Shl)
          continue;
        for (const llvm::Value *operand : instruction.operands())
          if (!llvm::isa<llvm::Constant>(operand))
            ++readers[operand];
      }
      uint64_t pairs = 0;
      for (const auto &entry : readers)
        pairs += entry.second * entry.second;
      worst = std::max(worst, pairs);
    }
  return worst;
}

namespace {
/// Lets every pass run except NVPTX's straight-line strength reduction
/// ("slsr" to the pass gate).
class SkipStrengthReduction : public llvm::OptPassGate {
public:
  bool isEnabled() const override { return true; }
  bool shouldRunPass(llvm::StringRef pass, llvm::StringRef) const override {
    return pass != "slsr";
  }
};
} // namespace

llvm::Expected<std::string> tilec::emitPTX(llvm::Module &module,
                                           const TargetOptions &options) {
  auto machine = createTargetMachine(options);
  if (!machine)
    return machine.takeError();

  // SLSR (straight-line strength reduction) is left out of large kernels
  // (isLargeForStrengthReduction), and of smaller ones where its time still
  // grows about with the cube of the integer arithmetic that shares an
  // operand: a fuzzed i32 kernel (a block's sum added to each of 128
  // elements a thread, twice) spent 2.9 s of its 3 s there, 22 s at 256
  // elements a thread; they score 34079 and 133663 pairs
  // (getSharedOperandPairs), the address arithmetic of every kernel of our
  // tests and of the Triton comparisons at most 4843 (tutorial 03's matmul
  // at 128x128x64). Past 16384 the pass alone is left out; the rest of O3
  // codegen runs. The gate is stateless, so one instance serves every
  // thread's context.
  static SkipStrengthReduction skipStrengthReduction;
  llvm::LLVMContext &context = module.getContext();
  llvm::OptPassGate &previousGate = context.getOptPassGate();
  bool skip = isLargeForStrengthReduction(module) ||
              getSharedOperandPairs(module) > kStrengthReductionPairLimit;
  if (skip)
    context.setOptPassGate(skipStrengthReduction);
  auto restoreGate = llvm::make_scope_exit([&] {
    if (skip)
      context.setOptPassGate(previousGate);
  });
  std::string ptx;
  {
    llvm::raw_string_ostream stream(ptx);
    llvm::buffer_ostream bufferStream(stream);
    llvm::legacy::PassManager passManager;
    if ((*machine)->addPassesToEmitFile(passManager, bufferStream, nullptr,
                                        llvm::CodeGenFileType::AssemblyFile))
      return llvm::createStringError("NVPTX cannot emit assembly");
    passManager.run(module);
  }
  return ptx;
}
