//===- Compile.cpp - compiling kernels in process, through a disk cache ---===//

#include "tilec/JIT/Cache.h"
#include "tilec/JIT/JIT.h"

#include "tile/IR/Dialect.h"
#include "tilec/Analysis/Layout.h"
#include "tilec/Frontend/Frontend.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Target/Manifest.h"
#include "tilec/Target/Target.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilec::jit;

std::string tilec::jit::getDefaultCacheDir() {
  if (std::optional<std::string> dir = sys::Process::GetEnv("TILEC_CACHE_DIR"))
    if (!dir->empty())
      return *dir;
  SmallString<256> path;
  if (std::optional<std::string> xdg = sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty())
    path = *xdg;
  else if (std::optional<std::string> home = sys::Process::GetEnv("HOME"))
    sys::path::append(path, *home, ".cache");
  else
    return ""; // Nowhere to put it: no cache.
  sys::path::append(path, "tilec");
  return std::string(path);
}

CacheOptions tilec::jit::getDefaultCacheOptions() {
  CacheOptions options;
  options.directory = getDefaultCacheDir();
  return options;
}

std::string tilec::jit::computeKey(const Request &request) {
  SHA256 hash;
  // Each field as a tag, its length and its bytes, so that no two different
  // requests hash the same bytes ("ab" + "c" vs "a" + "bc").
  auto field = [&](StringRef tag, StringRef value) {
    hash.update(tag);
    uint64_t size = value.size();
    uint8_t bytes[8];
    for (int i = 0; i < 8; ++i)
      bytes[i] = uint8_t(size >> (8 * i));
    hash.update(ArrayRef<uint8_t>(bytes));
    hash.update(value);
  };
  field("format", "tilec-jit-key 1");
  field("tilec", TILEC_VERSION);
  field("commit", TILEC_GIT_HASH);
  field("llvm", LLVM_VERSION_STRING);
  field("libdevice", request.libdevicePath.empty()
                         ? tilec::getDefaultLibdevicePath()
                         : StringRef(request.libdevicePath));
  field("source", request.source);
  field("kernel", request.kernelName);
  field("signature", request.signature);
  for (const auto &[name, value] : request.defines) {
    field("define", name);
    field("value", value);
  }
  field("num_warps", utostr(request.numWarps));
  field("num_stages", utostr(std::max(1u, request.numStages)));
  field("arch", request.arch);
  field("unroll_loops", utostr(std::max(1u, request.unrollLoops)));
  field("streaming_loads", request.streamingLoads ? "1" : "0");
  field("prefetch_distance", utostr(request.prefetchDistance));
  field("fp_fusion", request.fpFusion ? "1" : "0");
  field("debug", request.debug ? "1" : "0");
  field("two_programs_per_sm", request.twoProgramsPerSM ? "1" : "0");
  field("ptxas", request.ptxasPath.empty()
                     ? tilec::getDefaultPtxasPath()
                     : StringRef(request.ptxasPath));
  return toHex(hash.final(), /*LowerCase=*/true);
}

/// The tilec pipeline, as `tilec --emit ptx` runs it; errors carry the
/// diagnostics printed on the way.
static Expected<CompiledKernel> compileWith(const Request &request) {
  std::string text;
  raw_string_ostream diagnostics(text);
  auto fail = [&]() -> Error {
    StringRef message = StringRef(text).trim();
    return createStringError(message.empty() ? "compilation failed"
                                             : message.str());
  };
  tilec::TargetOptions target;
  target.arch = request.arch;
  target.numWarps = request.numWarps;
  target.libdevicePath = request.libdevicePath;
  target.fpFusion = request.fpFusion;
  if (Error error = tilec::validateTargetOptions(target))
    return std::move(error);

  SourceMgr sourceMgr;
  sourceMgr.setDiagHandler(
      [](const SMDiagnostic &diagnostic, void *os) {
        diagnostic.print(nullptr, *static_cast<raw_ostream *>(os));
      },
      &diagnostics);
  sourceMgr.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(request.source, request.sourceName),
      SMLoc());
  std::unique_ptr<tilec::ast::Module> ast = tilec::parseModule(sourceMgr);
  if (!ast)
    return fail();

  mlir::DialectRegistry registry;
  registry.insert<tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::func::FuncDialect, mlir::cf::ControlFlowDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  tilec::registerTranslations(registry);
  // One small module: a thread pool per compile would cost more than it
  // saves.
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnostics);

  tilec::FrontendOptions frontend;
  frontend.kernelName = request.kernelName;
  frontend.signature = request.signature;
  frontend.defines.assign(request.defines.begin(), request.defines.end());
  frontend.debug = request.debug;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tilec::mlirGen(context, sourceMgr, *ast, frontend);
  if (!module)
    return fail();
  (*module)->setAttr(tilec::kTargetAttrName,
                     mlir::StringAttr::get(&context, target.arch));
  (*module)->setAttr("tile.num_warps", mlir::IntegerAttr::get(
                                           mlir::IntegerType::get(&context, 32),
                                           target.numWarps));
  if (failed(mlir::verify(*module)))
    return fail();
  auto kernels = module->getOps<mlir::func::FuncOp>();
  if (kernels.empty())
    return createStringError("no kernel to compile");
  auto manifest = tilec::describeKernel(*kernels.begin());
  if (!manifest)
    return manifest.takeError();
  // Where the inline assembly is, for ptxas' verdict on it (as tilec).
  SmallVector<mlir::Location> inlineAsmLocs;
  module->walk([&](tile::InlineAsmOp op) {
    inlineAsmLocs.push_back(op.getLoc());
  });

  tilec::PipelineOptions options;
  options.unrollLoops = std::max(1u, request.unrollLoops);
  options.streamingLoads = request.streamingLoads;
  options.numStages = std::max(1u, request.numStages);
  options.prefetchDistance =
      StringRef(target.arch).starts_with("sm_9") ? request.prefetchDistance : 0;
  mlir::PassManager pm(&context);
  tilec::buildTileToLLVMPipeline(pm, options);
  if (failed(pm.run(*module)))
    return fail();
  tilec::describeLoweredKernel(*module, *manifest);
  uint64_t limit = tilec::getMaxSharedBytes(target.arch);
  if (manifest->sharedBytes > limit)
    return createStringError("needs " + Twine(manifest->sharedBytes) +
                             " bytes of shared memory; " + target.arch +
                             " has " + Twine(limit) + " per program");

  LLVMContext llvmContext;
  auto llvmModule = tilec::translateToLLVMIR(*module, llvmContext, target);
  if (!llvmModule)
    return llvmModule.takeError();
  auto ptx = tilec::emitPTX(**llvmModule, target);
  if (!ptx)
    return ptx.takeError();
  StringRef ptxas = request.ptxasPath.empty() ? tilec::getDefaultPtxasPath()
                                              : StringRef(request.ptxasPath);
  // A cubin of the PTX with the directive: ptxas accepted it, inline
  // assembly included.
  std::string fittedCubin;
  if (request.twoProgramsPerSM)
    *ptx = tilec::fitTwoProgramsPerSM(*ptx, target, manifest->sharedBytes,
                                      ptxas, &fittedCubin);
  if (!inlineAsmLocs.empty() && !ptxas.empty() && fittedCubin.empty()) {
    auto assembled = tilec::assembleCubin(*ptx, target.arch, ptxas);
    if (!assembled) {
      tilec::reportInlineAsmRejection(inlineAsmLocs, assembled.takeError());
      return fail();
    }
  }

  manifest->arch = target.arch;
  manifest->numWarps = target.numWarps;
  manifest->numStages = options.numStages;
  manifest->ptxFile = manifest->name + ".ptx";
  CompiledKernel compiled;
  compiled.ptx = std::move(*ptx);
  raw_string_ostream os(compiled.manifest);
  tilec::writeManifest(*manifest, os);
  return compiled;
}

std::string tilec::jit::renamePtxFile(const CompiledKernel &compiled,
                                      StringRef ptxFile) {
  // writeManifest puts "ptx" first after "name"; entry names are
  // identifiers, so the pattern is the field and nothing else.
  std::string manifest = compiled.manifest;
  StringRef text(manifest);
  size_t name = text.find("\"name\": \"");
  if (name == StringRef::npos)
    return manifest;
  size_t begin = name + 9, end = text.find('"', begin);
  std::string from = ("\"ptx\": \"" + text.slice(begin, end) + ".ptx\"").str();
  size_t at = text.find(from);
  if (at != StringRef::npos)
    manifest.replace(at, from.size(), "\"ptx\": \"" + ptxFile.str() + "\"");
  return manifest;
}

Expected<CompiledKernel> tilec::jit::compileUncached(const Request &request) {
  Expected<CompiledKernel> compiled = compileWith(request);
  if (compiled)
    compiled->key = computeKey(request);
  return compiled;
}

Expected<CompiledKernel> tilec::jit::compile(const Request &request,
                                             const CacheOptions &options) {
  if (options.directory.empty())
    return compileUncached(request);
  DiskCache cache(options.directory, options.maxBytes);
  std::string key = computeKey(request);
  if (std::optional<CacheEntry> entry = cache.lookup(key))
    return CompiledKernel{std::move(entry->ptx), std::move(entry->manifest),
                          key, /*fromCache=*/true};
  Expected<CompiledKernel> compiled = compileUncached(request);
  if (!compiled)
    return compiled;
  // A cache that cannot be written costs a compile next time, nothing more.
  consumeError(cache.store(key, {compiled->ptx, compiled->manifest}));
  return compiled;
}

Expected<CompiledKernel> tilec::jit::compileFile(StringRef path,
                                                 Request request,
                                                 const CacheOptions &cache) {
  auto buffer = MemoryBuffer::getFile(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError())
    return createStringError("cannot read '" + path + "': " + ec.message());
  request.source = (*buffer)->getBuffer().str();
  request.sourceName = path.str();
  return compile(request, cache);
}
