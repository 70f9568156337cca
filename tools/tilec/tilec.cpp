//===- tilec.cpp - the tile DSL compiler driver ---------------------------===//
//
// tilec FILE --kernel K --signature '*fp32:16,*fp32:16,i32,1024' [-D N=V]
//       [--emit ast|tile|llvm-mlir|llvm|ptx] [--num-warps N] [--arch sm_90a]
//       [-o OUT]
//
// Parses the Python source, specialises one @triton.jit kernel, lowers it
// through the tile dialect to the LLVM/NVVM dialects, LLVM IR and PTX, and
// prints the requested stage. With --emit ptx and -o, a JSON manifest for the
// runtime is written beside the PTX (OUT with its extension replaced by
// .json).
//
//===----------------------------------------------------------------------===//

#include "tile/IR/Dialect.h"
#include "tilec/Analysis/Layout.h"
#include "tilec/Frontend/Frontend.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Target/Manifest.h"
#include "tilec/Target/Target.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace {
enum class Stage { AST, Tile, LLVMMLIR, LLVMIR, PTX };
} // namespace

static cl::OptionCategory category("tilec options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .py>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("output file"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel", cl::desc("the @triton.jit kernel to compile"),
               cl::value_desc("name"), cl::cat(category));
static cl::opt<std::string> signature(
    "signature",
    cl::desc("Triton AOT signature, e.g. '*fp32:16,*fp32:16,i32,1024'"),
    cl::value_desc("sig"), cl::cat(category));
static cl::list<std::string>
    defines("D", cl::desc("bind a constexpr parameter: -D NAME=VALUE"),
            cl::value_desc("NAME=VALUE"), cl::Prefix, cl::cat(category));
static cl::opt<Stage> emitStage(
    "emit", cl::desc("the stage to print"), cl::init(Stage::PTX),
    cl::values(clEnumValN(Stage::AST, "ast", "the parsed kernel"),
               clEnumValN(Stage::Tile, "tile", "tile dialect after MLIRGen"),
               clEnumValN(Stage::LLVMMLIR, "llvm-mlir",
                          "LLVM/NVVM dialects after lowering"),
               clEnumValN(Stage::LLVMIR, "llvm", "optimised LLVM IR"),
               clEnumValN(Stage::PTX, "ptx", "PTX assembly")),
    cl::cat(category));
static cl::opt<unsigned> numWarps("num-warps",
                                  cl::desc("warps per program (default 4)"),
                                  cl::init(4), cl::cat(category));
static cl::opt<unsigned> numStages(
    "num-stages",
    cl::desc("K tiles in flight in loops that feed tl.dot (pass "
             "tile-pipeline; default 3 as Triton's, 1 turns it off)"),
    cl::init(3), cl::cat(category));
static cl::opt<std::string> arch("arch",
                                 cl::desc("sm_80, sm_90 or sm_90a (default)"),
                                 cl::init("sm_90a"), cl::cat(category));
static cl::opt<unsigned> unrollLoops(
    "unroll-loops",
    cl::desc("unroll factor of innermost loops that load blocks (default 1: "
             "none)"),
    cl::init(1), cl::cat(category));
static cl::opt<bool> streamingLoads(
    "streaming-loads",
    cl::desc("mark loads whose data is read once and only reduced as "
             "last-use, ld.global.lu (pass tile-mark-streaming-loads; "
             "default on)"),
    cl::init(true), cl::cat(category));
static cl::opt<unsigned> prefetchDistance(
    "l2-prefetch-distance",
    cl::desc("bytes of blocks ahead that each program prefetches into L2 for "
             "a later program (pass tile-prefetch-next-programs; default "
             "2 MiB on sm_90/sm_90a, 0 turns it off; sm_80 has no bulk "
             "prefetch)"),
    cl::init(2u << 20), cl::cat(category));
static cl::opt<std::string>
    manifestFile("manifest",
                 cl::desc("where to write the JSON manifest (default: beside "
                          "the PTX output)"),
                 cl::value_desc("file"), cl::cat(category));

static int fail(const Twine &message) {
  WithColor::error(errs(), "tilec") << message << "\n";
  return 1;
}

/// Writes `text` to `path` ("-" for stdout).
static LogicalResult writeFile(StringRef path,
                               function_ref<void(raw_ostream &)> write) {
  std::string error;
  auto output = mlir::openOutputFile(path, &error);
  if (!output) {
    WithColor::error(errs(), "tilec") << error << "\n";
    return failure();
  }
  write(output->os());
  output->keep();
  return success();
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  // Pass names for --mlir-print-ir-after=<pass> and friends; registered
  // before the pass manager's options, which list them.
  tilec::registerTilecPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSCFToControlFlowPass();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerConvertMathToLLVMPass();
  mlir::registerConvertControlFlowToLLVMPass();
  mlir::registerReconcileUnrealizedCastsPass();
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "tilec: the tile DSL compiler\n");

  // The manifest names the PTX file the runtime loads beside it.
  if (!manifestFile.empty() && outputFile == "-")
    return fail("--manifest needs the PTX in a file (-o FILE)");

  tilec::TargetOptions target;
  target.arch = arch;
  target.numWarps = numWarps;
  if (Error error = tilec::validateTargetOptions(target))
    return fail(toString(std::move(error)));

  auto buffer = MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/true);
  if (std::error_code ec = buffer.getError())
    return fail("cannot read '" + inputFile + "': " + ec.message());
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), SMLoc());

  std::unique_ptr<tilec::ast::Module> ast = tilec::parseModule(sourceMgr);
  if (!ast)
    return 1;
  if (emitStage == Stage::AST) {
    return failed(writeFile(outputFile, [&](raw_ostream &os) {
             tilec::dumpAST(*ast, kernelName, os);
           }))
               ? 1
               : 0;
  }

  mlir::DialectRegistry registry;
  registry.insert<tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::func::FuncDialect, mlir::cf::ControlFlowDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  tilec::registerTranslations(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Users see their source line and a caret, not the IR of the failing op.
  context.printOpOnDiagnostic(false);
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  tilec::FrontendOptions options;
  options.kernelName = kernelName;
  options.signature = signature;
  for (StringRef define : defines) {
    auto [name, value] = define.split('=');
    if (name.empty() || value.empty() || !define.contains('='))
      return fail("-D expects NAME=VALUE, got '" + define + "'");
    options.defines.emplace_back(name.str(), value.str());
  }
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tilec::mlirGen(context, sourceMgr, *ast, options);
  if (!module)
    return 1;
  // Passes choose instructions by target (wgmma needs sm_90a).
  (*module)->setAttr(tilec::kTargetAttrName,
                     mlir::StringAttr::get(&context, target.arch));
  (*module)->setAttr("tile.num_warps",
                     mlir::IntegerAttr::get(
                         mlir::IntegerType::get(&context, 32), target.numWarps));
  if (failed(mlir::verify(*module)))
    return 1;
  if (emitStage == Stage::Tile)
    return failed(writeFile(outputFile,
                            [&](raw_ostream &os) { module->print(os); }))
               ? 1
               : 0;

  // The manifest describes the kernel's parameters as MLIRGen typed them.
  auto kernels = module->getOps<mlir::func::FuncOp>();
  if (kernels.empty())
    return fail("no kernel to compile");
  auto manifest = tilec::describeKernel(*kernels.begin());
  if (!manifest)
    return fail(toString(manifest.takeError()));

  mlir::PassManager pm(&context);
  if (failed(mlir::applyPassManagerCLOptions(pm)))
    return 1;
  mlir::DefaultTimingManager timing;
  mlir::applyDefaultTimingManagerCLOptions(timing);
  mlir::TimingScope timingScope = timing.getRootScope();
  pm.enableTiming(timingScope);
  tilec::PipelineOptions pipelineOptions;
  pipelineOptions.unrollLoops = std::max(1u, unrollLoops.getValue());
  pipelineOptions.streamingLoads = streamingLoads;
  pipelineOptions.numStages = std::max(1u, numStages.getValue());
  // The bulk prefetch (cp.async.bulk.prefetch) is new in sm_90.
  pipelineOptions.prefetchDistance =
      StringRef(arch).starts_with("sm_9") ? prefetchDistance.getValue() : 0;
  tilec::buildTileToLLVMPipeline(pm, pipelineOptions);
  if (failed(pm.run(*module)))
    return 1;
  if (emitStage == Stage::LLVMMLIR)
    return failed(writeFile(outputFile,
                            [&](raw_ostream &os) { module->print(os); }))
               ? 1
               : 0;

  LLVMContext llvmContext;
  auto llvmModule = tilec::translateToLLVMIR(*module, llvmContext, target);
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));
  if (emitStage == Stage::LLVMIR)
    return failed(writeFile(outputFile,
                            [&](raw_ostream &os) { (*llvmModule)->print(os, nullptr); }))
               ? 1
               : 0;

  auto ptx = tilec::emitPTX(**llvmModule, target);
  if (!ptx)
    return fail(toString(ptx.takeError()));
  if (failed(writeFile(outputFile, [&](raw_ostream &os) { os << *ptx; })))
    return 1;

  // The manifest goes beside the PTX unless it was asked for elsewhere.
  std::string manifestPath = manifestFile;
  if (manifestPath.empty() && outputFile != "-") {
    SmallString<256> path(outputFile);
    sys::path::replace_extension(path, "json");
    manifestPath = std::string(path);
  }
  if (manifestPath.empty())
    return 0;
  manifest->ptxFile = outputFile == "-"
                          ? std::string()
                          : sys::path::filename(outputFile).str();
  manifest->arch = target.arch;
  manifest->numWarps = target.numWarps;
  manifest->numStages = std::max(1u, numStages.getValue());
  if (auto shared = (*module)->getAttrOfType<mlir::IntegerAttr>(
          "tile.shared_bytes"))
    manifest->sharedBytes = shared.getInt();
  return failed(writeFile(manifestPath, [&](raw_ostream &os) {
           tilec::writeManifest(*manifest, os);
         }))
             ? 1
             : 0;
}
