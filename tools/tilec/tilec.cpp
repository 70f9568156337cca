//===- tilec.cpp - the tile DSL compiler driver ---------------------------===//
//
// tilec FILE --kernel K --signature '*fp32:16,*fp32:16,i32,1024' [-D N=V]
//       [--emit ast|tile|llvm-mlir|llvm|ptx|cubin|cpp] [--num-warps N]
//       [--arch sm_90a] [-o OUT]
//
// Parses the Python source, specialises one @triton.jit kernel, lowers it
// through the tile dialect to the LLVM/NVVM dialects, LLVM IR and PTX, and
// prints the requested stage. With --emit ptx and -o, a JSON manifest for the
// runtime is written beside the PTX (OUT with its extension replaced by
// .json). --emit cubin -o NAME.cubin also runs ptxas and writes NAME.cubin,
// NAME.ptx and NAME.json. --emit cpp -o NAME.h writes a typed C++ launcher
// instead, NAME.h and NAME.cpp, with the PTX and the manifest embedded.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/Dialect.h"
#include "tilec/Analysis/Layout.h"
#include "tilec/Frontend/AutotuneFile.h"
#include "tilec/Frontend/Frontend.h"
#include "tilec/Frontend/Imports.h"
#include "tilec/JIT/JIT.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Target/Arch.h"
#include "tilec/Target/Launcher.h"
#include "tilec/Target/Manifest.h"
#include "tilec/Target/Target.h"

#include "Outputs.h"

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

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <cstdlib>

using namespace llvm;

namespace {
enum class Stage { AST, Tile, LLVMMLIR, LLVMIR, PTX, Cubin, Cpp };
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
static cl::list<std::string> signatures(
    "signature",
    cl::desc("Triton AOT signature, e.g. '*fp32:16,*fp32:16,i32,1024'; with "
             "--emit cpp it may be given several times: one launcher for "
             "the variants, which takes the first whose promises the "
             "arguments keep"),
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
               clEnumValN(Stage::PTX, "ptx", "PTX assembly"),
               clEnumValN(Stage::Cubin, "cubin",
                          "a cubin from ptxas: -o NAME.cubin writes NAME.cubin "
                          "and NAME.ptx"),
               clEnumValN(Stage::Cpp, "cpp",
                          "a typed C++ launcher: -o NAME.h writes NAME.h and "
                          "NAME.cpp, with the PTX embedded")),
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
static cl::opt<std::string> libdevice(
    "libdevice",
    cl::desc("the CUDA toolkit's libdevice.10.bc, for kernels that call its "
             "functions (default: the one found when tilec was built)"),
    cl::value_desc("path"), cl::cat(category));
static cl::opt<std::string> ptxasPath(
    "ptxas",
    cl::desc("the ptxas that makes cubins for --emit cubin and --emit cpp "
             "(default: the one found when tilec was built)"),
    cl::value_desc("path"), cl::cat(category));
static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("with --emit ptx or cubin: take the kernel from this compile "
             "cache, or compile it and add it there (see docs/tilec.md)"),
    cl::value_desc("dir"), cl::cat(category));
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
static cl::opt<bool> twoProgramsPerSM(
    "two-programs-per-sm",
    cl::desc("on sm_90, ask ptxas to fit two programs per SM "
             "(.minnctapersm 2) of a tensor-core kernel of 8 or more warps "
             "whose shared memory leaves room for two, when ptxas then spills "
             "nothing (needs a ptxas; default on)"),
    cl::init(true), cl::cat(category));
static cl::opt<bool> fpFusion(
    "fp-fusion",
    cl::desc("let a * b + c become one fma instruction (Triton's "
             "enable_fp_fusion; default on)"),
    cl::init(true), cl::cat(category));
static cl::opt<unsigned> prefetchDistance(
    "l2-prefetch-distance",
    cl::desc("bytes of blocks ahead that each program prefetches into L2 for "
             "a later program (pass tile-prefetch-next-programs; default "
             "2 MiB on sm_90/sm_90a, 0 turns it off; sm_80 has no bulk "
             "prefetch)"),
    cl::init(2u << 20), cl::cat(category));
static cl::opt<bool> autotune(
    "autotune",
    cl::desc("compile every config of the kernel's @triton.autotune: -o "
             "names the JSON index; each config's PTX and manifest go beside "
             "it as <stem>_c<N>.ptx/.json"),
    cl::cat(category));
static cl::opt<std::string> autotuneConfigs(
    "autotune-configs",
    cl::desc("with --autotune or --config: take the kernel's configs from "
             "this JSON file ({\"key\": [...], \"configs\": [{\"kwargs\": "
             "{...}, \"num_warps\": N, \"num_stages\": N}, ...]}) instead "
             "of its @triton.autotune, for configs host code computes"),
    cl::value_desc("file"), cl::cat(category));
static cl::opt<int> configIndex(
    "config",
    cl::desc("compile only config N of the kernel's @triton.autotune (its "
             "constexprs, warps and stages)"),
    cl::init(-1), cl::value_desc("N"), cl::cat(category));
static cl::opt<std::string>
    manifestFile("manifest",
                 cl::desc("where to write the JSON manifest (default: beside "
                          "the PTX output)"),
                 cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string> depFile(
    "depfile",
    cl::desc("write a Makefile rule that makes the -o file depend on the "
             "source and every Python file it imports (for build systems: "
             "CMake's DEPFILE, Ninja's depfile)"),
    cl::value_desc("file"), cl::cat(category));

/// Triton compiles device assertions when TRITON_DEBUG is set to anything
/// but 0; so does tilec unless --debug says otherwise.
static bool debugFromEnvironment() {
  const char *value = std::getenv("TRITON_DEBUG");
  return value && *value && StringRef(value) != "0";
}
static cl::opt<uint64_t> maxOps(
    "max-ops", cl::init(100000), cl::value_desc("N"), cl::cat(category),
    cl::desc("the most tile IR operations the front end may create; an "
             "unrolled tl.static_range that takes the kernel past them is an "
             "error (default 100000, 0: no limit)"));
static cl::opt<bool> debug(
    "debug",
    cl::desc("compile tl.device_assert and assert statements (default: off "
             "as in Triton, on when TRITON_DEBUG is set to anything but 0; a "
             "kernel decorated @triton.jit(debug=True) has them either way)"),
    cl::init(debugFromEnvironment()), cl::cat(category));

static cl::opt<std::string> launcherName(
    "launcher-name",
    cl::desc("with --emit cpp: the launcher function's name in namespace "
             "tilec::kernels (default: the kernel's)"),
    cl::value_desc("name"), cl::cat(category));

static int fail(const Twine &message) {
  WithColor::error(errs(), "tilec") << message << "\n";
  return 1;
}

namespace {

/// One kernel to compile and where its outputs go.
struct Job {
  tilec::FrontendOptions frontend;
  tilec::TargetOptions target;
  unsigned numStages = 3;
  std::string output;
  /// Where the manifest goes; empty: none.
  std::string manifestPath;
  /// How tilec was asked for this kernel, for the launcher's comment.
  std::string command;
};

/// What the driver shares between the jobs of one invocation.
struct Session {
  SourceMgr &sourceMgr;
  const tilec::ast::Module &ast;
  mlir::DialectRegistry &registry;
  /// The source file's text (the compile cache's request holds it).
  StringRef source;
};

} // namespace

static cl::opt<bool> checkInlineAsm(
    "check-inline-asm", cl::init(true), cl::cat(category),
    cl::desc("run ptxas on the PTX of a kernel with tl.inline_asm_elementwise "
             "(when there is a ptxas), so that assembly it rejects is an error "
             "at the call (default: on)"));

/// The ptxas to run: --ptxas, else the one found at configure time ("" if
/// none).
static StringRef getPtxas() {
  return ptxasPath.empty() ? tilec::getDefaultPtxasPath()
                           : StringRef(ptxasPath);
}

/// Writes the launcher for `variants`: job.output (NAME.h) and NAME.cpp
/// beside it, each variant's cubin embedded too when its cubinArch is set.
static llvm::Error
writeLauncher(const Job &job, ArrayRef<tilec::LauncherVariant> variants,
              const tilec::AutotuneIndex *autotune = nullptr) {
  auto silent = [] { return createStringError(""); };
  const tilec::KernelManifest &manifest = variants.front().manifest;
  tilec::LauncherOptions options;
  options.functionName = launcherName.empty() ? manifest.name : launcherName;
  SmallString<256> source(job.output);
  sys::path::replace_extension(source, "cpp");
  options.headerName = sys::path::filename(job.output).str();
  options.sourceName = sys::path::filename(source).str();
  options.command = job.command;
  options.autotune = autotune;
  if (llvm::Error error = tilec::checkLauncher(variants, options))
    return error;
  if (failed(tilec::writeOutput(job.output, [&](raw_ostream &os) {
        tilec::writeLauncherHeader(variants, options, os);
      })))
    return silent();
  if (failed(tilec::writeOutput(source, [&](raw_ostream &os) {
        tilec::writeLauncherSource(variants, options, os);
      })))
    return silent();
  return llvm::Error::success();
}

/// Compiles `job` to the stage asked for. Fails with a message, or with an
/// empty one when diagnostics were already printed. A kernel that needs more
/// shared memory than the target has fails with `*tooBig` set. With
/// `variant`, --emit cpp keeps the compiled kernel there instead of writing
/// a launcher (for one launcher of several signatures).
static llvm::Error compileCached(const Job &job, StringRef source,
                                 bool *tooBig,
                                 tilec::LauncherVariant *variant);

static llvm::Error compile(const Session &session, const Job &job,
                           bool *tooBig = nullptr,
                           tilec::LauncherVariant *variant = nullptr) {
  // (main refuses --cache-dir with the other stages.)
  if (!cacheDir.empty())
    return compileCached(job, session.source, tooBig, variant);
  auto silent = [] { return createStringError(""); };
  mlir::MLIRContext context(session.registry);
  context.loadAllAvailableDialects();
  // Users see their source line and a caret, not the IR of the failing op.
  context.printOpOnDiagnostic(false);
  mlir::SourceMgrDiagnosticHandler diagnostics(session.sourceMgr, &context);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      tilec::mlirGen(context, session.sourceMgr, session.ast, job.frontend);
  if (!module)
    return silent();
  // Passes choose instructions by target (wgmma needs sm_90a).
  (*module)->setAttr(tilec::kTargetAttrName,
                     mlir::StringAttr::get(&context, job.target.arch));
  (*module)->setAttr("tile.num_warps",
                     mlir::IntegerAttr::get(mlir::IntegerType::get(&context, 32),
                                            job.target.numWarps));
  if (failed(mlir::verify(*module)))
    return silent();
  auto print = [&](function_ref<void(raw_ostream &)> write) -> llvm::Error {
    return failed(tilec::writeOutput(job.output, write)) ? silent()
                                                : llvm::Error::success();
  };
  if (emitStage == Stage::Tile)
    return print([&](raw_ostream &os) { module->print(os); });

  // The manifest describes the kernel's parameters as MLIRGen typed them.
  auto kernels = module->getOps<mlir::func::FuncOp>();
  if (kernels.empty())
    return createStringError("no kernel to compile");
  auto manifest = tilec::describeKernel(*kernels.begin());
  if (!manifest)
    return manifest.takeError();

  // The pipeline turns the kernel into an llvm.func; keep where it was
  // defined for errors about the whole kernel, and where its inline
  // assembly is, for ptxas' verdict on it.
  mlir::Location kernelLoc = (*kernels.begin()).getLoc();
  SmallVector<mlir::Location> inlineAsmLocs;
  module->walk([&](tile::InlineAsmOp op) {
    inlineAsmLocs.push_back(op.getLoc());
  });

  mlir::PassManager pm(&context);
  if (failed(mlir::applyPassManagerCLOptions(pm)))
    return silent();
  mlir::DefaultTimingManager timing;
  mlir::applyDefaultTimingManagerCLOptions(timing);
  mlir::TimingScope timingScope = timing.getRootScope();
  pm.enableTiming(timingScope);
  tilec::PipelineOptions pipelineOptions;
  pipelineOptions.unrollLoops = std::max(1u, unrollLoops.getValue());
  pipelineOptions.streamingLoads = streamingLoads;
  pipelineOptions.numStages = job.numStages;
  // The bulk prefetch (cp.async.bulk.prefetch) is new in sm_90.
  pipelineOptions.prefetchDistance =
      tilec::hasBulkPrefetch(job.target.arch) ? prefetchDistance.getValue()
                                              : 0;
  tilec::buildTileToLLVMPipeline(pm, pipelineOptions);
  if (failed(pm.run(*module)))
    return silent();
  tilec::describeLoweredKernel(*module, *manifest);
  uint64_t limit = tilec::getMaxSharedBytes(job.target.arch);
  if (manifest->sharedBytes > limit) {
    std::string message = ("needs " + Twine(manifest->sharedBytes) +
                           " bytes of shared memory; " + job.target.arch +
                           " has " + Twine(limit) + " per program")
                              .str();
    // --autotune skips such a config with a warning; a single kernel's
    // error points at its definition.
    if (tooBig) {
      *tooBig = true;
      return createStringError(message);
    }
    mlir::emitError(kernelLoc)
        << "kernel '" << manifest->name << "' " << message
        << " (use smaller blocks or fewer --num-stages)";
    return silent();
  }
  if (emitStage == Stage::LLVMMLIR)
    return print([&](raw_ostream &os) { module->print(os); });

  LLVMContext llvmContext;
  auto llvmModule = tilec::translateToLLVMIR(*module, llvmContext, job.target);
  if (!llvmModule)
    return llvmModule.takeError();
  if (emitStage == Stage::LLVMIR)
    return print(
        [&](raw_ostream &os) { (*llvmModule)->print(os, nullptr); });

  auto ptx = tilec::emitPTX(**llvmModule, job.target);
  if (!ptx)
    return ptx.takeError();
  // ptxas' cubin of the PTX with the directive, when it stays.
  std::string fittedCubin;
  if (twoProgramsPerSM)
    *ptx = tilec::fitTwoProgramsPerSM(*ptx, job.target, manifest->sharedBytes,
                                      getPtxas(), &fittedCubin);
  // tilec cannot read the PTX of tl.inline_asm_elementwise: ptxas does,
  // and its verdict is an error at the call rather than at the driver's
  // load. (Cubins and launchers run ptxas anyway.)
  std::string cubin;
  // Launchers embed a cubin whenever there is a ptxas to make one.
  bool wantsCubin = emitStage == Stage::Cubin ||
                    (emitStage == Stage::Cpp && !getPtxas().empty());
  bool assembles = wantsCubin || (!inlineAsmLocs.empty() &&
                                  !getPtxas().empty() && checkInlineAsm);
  if (assembles && !fittedCubin.empty()) {
    cubin = std::move(fittedCubin);
  } else if (assembles) {
    auto assembled = tilec::assembleCubin(*ptx, job.target.arch, getPtxas());
    if (!assembled && !inlineAsmLocs.empty()) {
      tilec::reportInlineAsmRejection(inlineAsmLocs, assembled.takeError());
      return silent();
    }
    if (!assembled)
      return assembled.takeError();
    cubin = std::move(*assembled);
  }
  manifest->arch = job.target.arch;
  manifest->numWarps = job.target.numWarps;
  manifest->numStages = job.numStages;
  if (wantsCubin)
    manifest->cubinArch = job.target.arch;
  if (emitStage == Stage::Cpp) {
    tilec::LauncherVariant compiled{std::move(*manifest), std::move(*ptx),
                                    std::move(cubin)};
    if (!variant)
      return writeLauncher(job, compiled);
    *variant = std::move(compiled);
    return llvm::Error::success();
  }
  std::string ptxOutput = job.output;
  if (emitStage == Stage::Cubin) {
    // The PTX goes beside the cubin, for devices the cubin does not fit.
    if (llvm::Error error = print([&](raw_ostream &os) { os << cubin; }))
      return error;
    SmallString<256> path(job.output);
    sys::path::replace_extension(path, "ptx");
    ptxOutput = std::string(path);
    manifest->cubinFile = sys::path::filename(job.output).str();
    if (failed(tilec::writeOutput(ptxOutput, [&](raw_ostream &os) { os << *ptx; })))
      return silent();
  } else if (llvm::Error error = print([&](raw_ostream &os) { os << *ptx; })) {
    return error;
  }
  if (job.manifestPath.empty())
    return llvm::Error::success();
  manifest->ptxFile =
      ptxOutput == "-" ? std::string() : sys::path::filename(ptxOutput).str();
  return failed(tilec::writeOutput(job.manifestPath,
                          [&](raw_ostream &os) {
                            tilec::writeManifest(*manifest, os);
                          }))
             ? silent()
             : llvm::Error::success();
}

/// compile() through the compile cache (tilec::jit) for --emit ptx, cubin
/// and cpp: the same files, without compiling on a hit.
static llvm::Error compileCached(const Job &job, StringRef source,
                                 bool *tooBig,
                                 tilec::LauncherVariant *variant) {
  auto silent = [] { return createStringError(""); };
  // As compile(): launchers embed a cubin whenever there is a ptxas.
  bool wantsCubin = emitStage == Stage::Cubin ||
                    (emitStage == Stage::Cpp && !getPtxas().empty());
  tilec::jit::Request request;
  request.source = source.str();
  request.sourceName = inputFile;
  request.kernelName = job.frontend.kernelName;
  request.signature = job.frontend.signature;
  request.defines.assign(job.frontend.defines.begin(),
                         job.frontend.defines.end());
  request.numWarps = job.target.numWarps;
  request.numStages = job.numStages;
  request.arch = job.target.arch;
  request.unrollLoops = unrollLoops;
  request.streamingLoads = streamingLoads;
  request.prefetchDistance = prefetchDistance;
  request.fpFusion = job.target.fpFusion;
  request.debug = job.frontend.debug;
  request.maxOps = job.frontend.maxOps;
  request.checkInlineAsm = checkInlineAsm;
  request.libdevicePath = job.target.libdevicePath;
  request.twoProgramsPerSM = twoProgramsPerSM;
  request.ptxasPath = ptxasPath;
  request.cubin = wantsCubin;
  tilec::jit::CacheOptions cache = tilec::jit::getDefaultCacheOptions();
  cache.directory = cacheDir;
  auto compiled = tilec::jit::compile(request, cache);
  if (!compiled) {
    std::string message;
    handleAllErrors(
        compiled.takeError(),
        [&](const tilec::jit::SharedMemoryError &error) {
          message = error.message();
          // --autotune skips such a config, as compile() says.
          if (tooBig)
            *tooBig = true;
        },
        [&](const ErrorInfoBase &error) { message = error.message(); });
    // Source diagnostics come as printed text.
    if (!StringRef(message).contains(": error: "))
      return createStringError(message);
    errs() << message << "\n";
    return silent();
  }
  // The JIT makes no cubin without a ptxas; say why as compile() would.
  if (emitStage == Stage::Cubin && compiled->cubin.empty()) {
    auto assembled =
        tilec::assembleCubin(compiled->ptx, job.target.arch, getPtxas());
    if (!assembled)
      return assembled.takeError();
    compiled->cubin = std::move(*assembled);
  }

  if (emitStage == Stage::Cpp) {
    auto manifest = tilec::readManifest(compiled->manifest);
    if (!manifest)
      return manifest.takeError();
    // Launchers name no files: compile() sets only the cubin's arch.
    manifest->ptxFile.clear();
    manifest->cubinFile.clear();
    if (compiled->cubin.empty())
      manifest->cubinArch.clear();
    tilec::LauncherVariant kernel{std::move(*manifest),
                                  std::move(compiled->ptx),
                                  std::move(compiled->cubin)};
    if (!variant)
      return writeLauncher(job, kernel);
    *variant = std::move(kernel);
    return llvm::Error::success();
  }

  std::string ptxOutput = job.output;
  std::string cubinFile;
  if (emitStage == Stage::Cubin) {
    if (failed(tilec::writeOutput(job.output,
                         [&](raw_ostream &os) { os << compiled->cubin; })))
      return silent();
    SmallString<256> path(job.output);
    sys::path::replace_extension(path, "ptx");
    ptxOutput = std::string(path);
    cubinFile = sys::path::filename(job.output).str();
  }
  if (failed(
          tilec::writeOutput(ptxOutput, [&](raw_ostream &os) { os << compiled->ptx; })))
    return silent();
  if (job.manifestPath.empty())
    return llvm::Error::success();
  std::string ptxFile =
      ptxOutput == "-" ? std::string() : sys::path::filename(ptxOutput).str();
  if (failed(tilec::writeOutput(job.manifestPath, [&](raw_ostream &os) {
        os << tilec::jit::renameFiles(*compiled, ptxFile, cubinFile);
      })))
    return silent();
  return llvm::Error::success();
}

/// Spells `path` for a Makefile rule: spaces, '#' and '$' escaped.
static std::string escapeForMake(StringRef path) {
  std::string escaped;
  for (char c : path) {
    if (c == ' ' || c == '#')
      escaped += '\\';
    if (c == '$')
      escaped += '$';
    escaped += c;
  }
  return escaped;
}

/// --depfile: `OUTPUT: SOURCE IMPORTED...`, so that a build reruns tilec
/// when a file whose functions the kernel may inline changes. Written
/// before compiling: if the compile fails, the output is missing anyway.
static LogicalResult writeDepFile(StringRef source) {
  return tilec::writeOutput(depFile, [&](raw_ostream &os) {
    os << escapeForMake(outputFile) << ":";
    if (inputFile != "-")
      os << " \\\n  " << escapeForMake(inputFile);
    for (const std::string &file : tilec::findImportedFiles(
             inputFile == "-" ? StringRef("<stdin>") : StringRef(inputFile),
             source))
      os << " \\\n  " << escapeForMake(file);
    os << "\n";
  });
}

/// The options that decide the kernel's code, as a command line for the
/// launcher's comment (the file by name only, so that generated files do
/// not depend on where the build is).
static std::string describeCommand() {
  std::string text;
  raw_string_ostream os(text);
  os << "tilec " << sys::path::filename(inputFile);
  if (!kernelName.empty())
    os << " --kernel " << kernelName;
  for (const std::string &signature : signatures)
    os << " --signature '" << signature << "'";
  for (const std::string &define : defines)
    os << " -D " << define;
  if (debug)
    os << " --debug";
  if (configIndex >= 0)
    os << " --config " << configIndex;
  else
    os << " --num-warps " << numWarps << " --num-stages " << numStages;
  os << " --arch " << arch << " --emit cpp";
  // One line: a newline inside an option would end the comment.
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

/// Prints `error` unless it is the empty one of already printed diagnostics.
static int report(llvm::Error error) {
  int status = 0;
  handleAllErrors(std::move(error), [&](const ErrorInfoBase &info) {
    status = 1;
    std::string message = info.message();
    if (!message.empty())
      WithColor::error(errs(), "tilec") << message << "\n";
  });
  return status;
}

/// The kernel tilec is asked for (the only one when no name is given), or
/// null when mlirGen will report why there is none.
static const tilec::ast::Function *findKernel(const tilec::ast::Module &ast) {
  if (!kernelName.empty())
    return ast.lookup(kernelName);
  if (ast.getKernels().size() == 1)
    return ast.getKernels().front().get();
  return nullptr;
}

/// `job` with config `config` of the kernel's @triton.autotune applied.
static Job applyConfig(Job job, const tilec::ast::TuneConfig &config) {
  for (const auto &[name, value] : config.values) {
    std::string text;
    switch (value.kind) {
    case tilec::ConstantValue::Kind::Int: {
      SmallString<32> digits;
      value.getBigInt().toStringSigned(digits, 10);
      text = std::string(digits);
      break;
    }
    case tilec::ConstantValue::Kind::Float: {
      raw_string_ostream os(text);
      os << format("%.17g", value.floatValue);
      // A whole float (1.0) must read back as a float, not the int 1.
      if (StringRef(text).find_first_of(".eEn") == StringRef::npos)
        text += ".0";
      break;
    }
    case tilec::ConstantValue::Kind::Bool:
      text = value.boolValue ? "True" : "False";
      break;
    }
    job.frontend.defines.emplace_back(name, text);
  }
  job.target.numWarps = config.numWarps;
  job.numStages = config.numStages;
  return job;
}

/// Checks config `index`'s warps as --num-warps is checked. A num_warps
/// the decorator gives is an error at its value in the source
/// (`num_warps=3`); false after printing the error.
static bool checkConfigTarget(SourceMgr &sourceMgr, const Job &job,
                              const tilec::ast::TuneConfig &config,
                              size_t index) {
  Error error = tilec::validateTargetOptions(job.target);
  if (!error)
    return true;
  if (!config.numWarpsLoc.loc.isValid()) {
    fail("config " + Twine(index) + ": " + toString(std::move(error)));
    return false;
  }
  consumeError(std::move(error));
  sourceMgr.PrintMessage(config.numWarpsLoc.loc, SourceMgr::DK_Error,
                         "num_warps must be a power of two from 1 to 32, got " +
                             Twine(config.numWarps));
  return false;
}

/// Where --autotune writes config `index`'s PTX or manifest (`extension`):
/// beside the index, `<stem>_c<index>.<extension>`.
static std::string getConfigOutput(StringRef index, size_t config,
                                   StringRef extension) {
  SmallString<256> path(index);
  sys::path::replace_extension(path, "");
  return (path + "_c" + Twine(config) + "." + extension).str();
}

/// The same path with another extension (a launcher's .cpp beside its .h, a
/// cubin's .ptx).
static std::string replaceExtension(StringRef path, StringRef extension) {
  SmallString<256> result(path);
  sys::path::replace_extension(result, extension);
  return std::string(result);
}

/// Every file this run will write, with the option that names it: `job`'s,
/// or with --autotune those of every config of `autotuneSpec`.
static tilec::OutputFiles
getPlannedOutputs(const Job &job,
                  const tilec::ast::AutotuneSpec *autotuneSpec) {
  tilec::OutputFiles outputs;
  outputs.add(job.output, "-o");
  if (emitStage == Stage::Cpp) {
    outputs.add(replaceExtension(job.output, "cpp"),
                "the launcher source beside -o");
  } else if (autotuneSpec) {
    for (size_t i = 0; i < autotuneSpec->configs.size(); ++i) {
      outputs.add(getConfigOutput(job.output, i, "ptx"),
                  "config " + std::to_string(i) + "'s PTX");
      outputs.add(getConfigOutput(job.output, i, "json"),
                  "config " + std::to_string(i) + "'s manifest");
    }
  } else {
    if (emitStage == Stage::Cubin)
      outputs.add(replaceExtension(job.output, "ptx"), "the PTX beside -o");
    if (!job.manifestPath.empty())
      outputs.add(job.manifestPath, manifestFile.empty()
                                        ? "the manifest beside -o"
                                        : "--manifest");
  }
  if (!depFile.empty())
    outputs.add(depFile, "--depfile");
  // The cache writes only its own entries there, but the directory itself
  // must be neither the input nor an output.
  if (!cacheDir.empty())
    outputs.add(cacheDir, "--cache-dir");
  return outputs;
}

/// Before the first file is written: checks that no output is the input or
/// another output, then writes the depfile. False when it printed an
/// error.
static bool startWriting(const Job &job,
                         const tilec::ast::AutotuneSpec *autotuneSpec,
                         StringRef source) {
  if (Error error = getPlannedOutputs(job, autotuneSpec).check(inputFile)) {
    fail(toString(std::move(error)));
    return false;
  }
  return depFile.empty() || succeeded(writeDepFile(source));
}

/// The decorator's key as the runtime computes it: runtime parameters and
/// constexprs the launch binds. Constexprs a config sets or a heuristic
/// computes are left out, as Triton's key skips the names its launch was
/// not given.
static std::vector<std::string>
getIndexKey(const tilec::ast::Function &kernel,
            const tilec::ast::AutotuneSpec &spec) {
  std::vector<std::string> key;
  for (const std::string &name : spec.key) {
    bool tuned = llvm::any_of(spec.configs, [&](const auto &config) {
      return llvm::any_of(config.values,
                          [&](const auto &value) { return value.first == name; });
    });
    bool computed = llvm::any_of(kernel.getHeuristics(), [&](const auto &h) {
      return h.name == name;
    });
    if (!tuned && !computed)
      key.push_back(name);
  }
  return key;
}

/// tilec --autotune: every config, and the index that lists them; with
/// --emit cpp, one launcher that embeds every config instead.
static int compileConfigs(const Session &session, const Job &base,
                          const tilec::ast::Function &kernel,
                          const tilec::ast::AutotuneSpec &spec) {
  bool launcher = emitStage == Stage::Cpp;
  std::vector<tilec::LauncherVariant> variants;
  tilec::AutotuneIndex index;
  index.name = kernel.getName().str();
  std::vector<std::string> key = getIndexKey(kernel, spec);
  index.key.assign(key.begin(), key.end());
  index.resetToZero.assign(spec.resetToZero.begin(), spec.resetToZero.end());
  index.restoreValue.assign(spec.restoreValue.begin(),
                            spec.restoreValue.end());
  // Every config is checked before any is compiled.
  for (auto [i, config] : llvm::enumerate(spec.configs))
    if (!checkConfigTarget(session.sourceMgr, applyConfig(base, config),
                           config, i))
      return 1;
  for (auto [i, config] : llvm::enumerate(spec.configs)) {
    Job job = applyConfig(base, config);
    if (!launcher) {
      job.output = getConfigOutput(base.output, i, "ptx");
      job.manifestPath = getConfigOutput(base.output, i, "json");
    }
    bool tooBig = false;
    tilec::LauncherVariant variant;
    if (llvm::Error error =
            compile(session, job, &tooBig, launcher ? &variant : nullptr)) {
      if (!tooBig)
        return report(std::move(error));
      // As Triton drops configs that run out of resources.
      std::string reason = toString(std::move(error));
      WithColor::warning(errs(), "tilec")
          << "config " << i << " skipped: " << reason << "\n";
      index.skipped.push_back({unsigned(i), reason});
      continue;
    }
    if (launcher)
      variants.push_back(std::move(variant));
    tilec::AutotuneIndex::Config entry;
    entry.number = i;
    entry.manifestFile = sys::path::filename(job.manifestPath).str();
    entry.numWarps = job.target.numWarps;
    entry.numStages = job.numStages;
    for (auto &[name, value] :
         ArrayRef(job.frontend.defines).take_back(config.values.size()))
      entry.constexprs.push_back({name, value == "True"    ? "true"
                                        : value == "False" ? "false"
                                                           : value});
    index.configs.push_back(std::move(entry));
  }
  if (index.configs.empty())
    return fail("no config of '" + kernel.getName() + "' fits the target");
  if (launcher)
    return report(writeLauncher(base, variants, &index));
  return failed(tilec::writeOutput(base.output, [&](raw_ostream &os) {
           tilec::writeAutotuneIndex(index, os);
         }))
             ? 1
             : 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  // Pass names for --mlir-print-ir-after=<pass> and friends; registered
  // before the pass manager's options, which list them.
  tilec::registerTilecPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerConvertMathToLLVMPass();
  mlir::registerConvertControlFlowToLLVMPass();
  mlir::registerReconcileUnrealizedCastsPass();
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  // --help lists tilec's options; --help-hidden also LLVM's and MLIR's.
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    bool shown = llvm::is_contained(option->Categories, &category) ||
                 entry.first.starts_with("help") || entry.first == "version";
    if (!shown && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
  cl::SetVersionPrinter([](raw_ostream &os) {
    os << "tilec " << TILEC_VERSION << " (configured at commit "
       << TILEC_GIT_HASH << ")\nLLVM and MLIR " << LLVM_VERSION_STRING
       << ", targets sm_80, sm_90, sm_90a (PTX ISA 8.0)\n";
  });
  cl::ParseCommandLineOptions(argc, argv, "tilec: the tile DSL compiler\n");

  // The manifest names the PTX file the runtime loads beside it.
  if (!manifestFile.empty() && outputFile == "-")
    return fail("--manifest needs the PTX in a file (-o FILE)");
  if (emitStage == Stage::Cpp) {
    // Two files come out, so standard output will not do.
    if (!StringRef(outputFile).ends_with(".h"))
      return fail("--emit cpp writes a header and a source file: give -o "
                  "NAME.h (NAME.cpp goes beside it)");
    if (!manifestFile.empty())
      return fail("--emit cpp embeds the manifest in the launcher; drop "
                  "--manifest");
    if (!launcherName.empty() && !tilec::isCppIdentifier(launcherName))
      return fail("--launcher-name '" + launcherName +
                  "' is not a C++ identifier");
  } else if (!launcherName.empty()) {
    return fail("--launcher-name needs --emit cpp");
  }
  // The PTX goes beside the cubin, so the two names must differ.
  if (emitStage == Stage::Cubin && !StringRef(outputFile).ends_with(".cubin"))
    return fail("--emit cubin writes a cubin and its PTX: give -o NAME.cubin "
                "(NAME.ptx and NAME.json go beside it)");
  if (!autotuneConfigs.empty() && !autotune && configIndex < 0)
    return fail("--autotune-configs goes with --autotune or --config");
  if (autotune || configIndex >= 0) {
    const char *flag = autotune ? "--autotune" : "--config";
    if (autotune && configIndex >= 0)
      return fail("--autotune and --config exclude each other");
    if (numWarps.getNumOccurrences() || numStages.getNumOccurrences())
      return fail(Twine(flag) + " takes warps and stages from the config; "
                                "drop --num-warps and --num-stages");
    if (autotune && (outputFile == "-" || !manifestFile.empty() ||
                     (emitStage != Stage::PTX && emitStage != Stage::Cpp)))
      return fail("--autotune writes PTX files beside its index (give -o "
                  "INDEX.json, without --manifest or --emit) or, with --emit "
                  "cpp, one launcher of every config");
  }

  // The cache holds PTX, cubins and manifests, nothing else.
  if (!cacheDir.empty() && emitStage != Stage::PTX &&
      emitStage != Stage::Cubin && emitStage != Stage::Cpp)
    return fail("--cache-dir works with --emit ptx, cubin or cpp");

  Job job;
  job.target.arch = arch;
  job.target.numWarps = numWarps;
  job.target.libdevicePath = libdevice;
  job.target.fpFusion = fpFusion;
  job.numStages = std::max(1u, numStages.getValue());
  if (Error error = tilec::validateTargetOptions(job.target))
    return fail(toString(std::move(error)));

  auto buffer = MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/true);
  if (std::error_code ec = buffer.getError())
    return fail("cannot read '" + inputFile + "': " + ec.message());
  std::string sourceText = (*buffer)->getBuffer().str();
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(tilec::normalizeNewlines(std::move(*buffer)),
                               SMLoc());

  std::unique_ptr<tilec::ast::Module> ast = tilec::parseModule(sourceMgr);
  if (!ast)
    return 1;
  if (emitStage == Stage::AST) {
    Job dump;
    dump.output = outputFile;
    if (!startWriting(dump, nullptr, sourceText))
      return 1;
    return failed(tilec::writeOutput(outputFile, [&](raw_ostream &os) {
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
  Session session{sourceMgr, *ast, registry, sourceText};

  job.frontend.kernelName = kernelName;
  if (signatures.size() > 1 && emitStage != Stage::Cpp)
    return fail("several --signature make one launcher of variants: they "
                "need --emit cpp");
  if (signatures.size() > 1 && (autotune || configIndex >= 0))
    return fail("several --signature exclude --autotune and --config");
  job.frontend.signature = signatures.empty() ? "" : signatures.front();
  job.frontend.debug = debug;
  job.frontend.maxOps = maxOps;
  for (StringRef define : defines) {
    auto [name, value] = define.split('=');
    if (name.empty() || value.empty() || !define.contains('='))
      return fail("-D expects NAME=VALUE, got '" + define + "'");
    job.frontend.defines.emplace_back(name.str(), value.str());
  }
  job.output = outputFile;
  job.command = describeCommand();
  // The manifest goes beside the PTX unless it was asked for elsewhere.
  job.manifestPath = manifestFile;
  // Not beside an output that is no regular file (-o /dev/null).
  bool special = sys::fs::exists(outputFile) &&
                 !sys::fs::is_regular_file(outputFile);
  if (job.manifestPath.empty() && outputFile != "-" && !special &&
      (emitStage == Stage::PTX || emitStage == Stage::Cubin)) {
    SmallString<256> path(outputFile);
    sys::path::replace_extension(path, "json");
    job.manifestPath = std::string(path);
  }

  if (autotune || configIndex >= 0) {
    const tilec::ast::Function *kernel = findKernel(*ast);
    if (!kernel) // mlirGen says why: no such kernel, none, or several.
      return report(compile(session, job));
    std::optional<tilec::ast::AutotuneSpec> fromFile;
    if (!autotuneConfigs.empty()) {
      Expected<tilec::ast::AutotuneSpec> spec = tilec::readAutotuneFile(
          autotuneConfigs, *kernel,
          kernel->getAutotune() ? &*kernel->getAutotune() : nullptr);
      if (!spec)
        return fail(toString(spec.takeError()));
      fromFile = std::move(*spec);
    }
    const tilec::ast::AutotuneSpec *spec =
        fromFile ? &*fromFile
                 : (kernel->getAutotune() ? &*kernel->getAutotune() : nullptr);
    if (!spec)
      return fail("kernel '" + kernel->getName() +
                  "' has no @triton.autotune configs (host code computes "
                  "them? give them with --autotune-configs)");
    const auto &configs = spec->configs;
    if (autotune) {
      if (!startWriting(job, spec, sourceText))
        return 1;
      return compileConfigs(session, job, *kernel, *spec);
    }
    if (size_t(configIndex) >= configs.size())
      return fail("--config " + Twine(configIndex.getValue()) + ": '" +
                  kernel->getName() + "' has " + Twine(configs.size()) +
                  " configs");
    job = applyConfig(job, configs[configIndex]);
    if (!checkConfigTarget(sourceMgr, job, configs[configIndex], configIndex))
      return 1;
  }
  if (!startWriting(job, nullptr, sourceText))
    return 1;
  if (signatures.size() > 1) {
    std::vector<tilec::LauncherVariant> variants(signatures.size());
    for (auto [signature, variant] : llvm::zip(signatures, variants)) {
      job.frontend.signature = signature;
      if (int status = report(compile(session, job, nullptr, &variant)))
        return status;
    }
    return report(writeLauncher(job, variants));
  }
  return report(compile(session, job));
}
