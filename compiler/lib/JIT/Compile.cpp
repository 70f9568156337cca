//===- Compile.cpp - compiling kernels in process, through a disk cache ---===//

#include "tilec/JIT/Cache.h"
#include "tilec/JIT/JIT.h"

#include "tile/IR/Dialect.h"
#include "tilec/Analysis/Layout.h"
#include "tilec/Frontend/Frontend.h"
#include "tilec/Frontend/Imports.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Target/Arch.h"
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

char SharedMemoryError::ID = 0;

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
  field("format", "tilec-jit-key 2");
  field("tilec", TILEC_VERSION);
  field("commit", TILEC_GIT_HASH);
  field("llvm", LLVM_VERSION_STRING);
  field("libdevice", request.libdevicePath.empty()
                         ? tilec::getDefaultLibdevicePath()
                         : StringRef(request.libdevicePath));
  field("source", request.source);
  // The files it imports (their functions may be inlined), by the path
  // they were found at and their bytes.
  for (const std::string &file :
       tilec::findImportedFiles(request.sourceName, request.source)) {
    field("import", file);
    auto buffer = MemoryBuffer::getFile(file, /*IsText=*/true);
    field("import_text", buffer ? (*buffer)->getBuffer() : "<unreadable>");
  }
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
  field("cubin", request.cubin ? "1" : "0");
  field("max_ops", utostr(request.maxOps));
  field("check_inline_asm", request.checkInlineAsm ? "1" : "0");
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
      tilec::normalizeNewlines(
          MemoryBuffer::getMemBufferCopy(request.source, request.sourceName)),
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
  frontend.maxOps = request.maxOps;
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
      tilec::hasBulkPrefetch(target.arch) ? request.prefetchDistance : 0;
  mlir::PassManager pm(&context);
  tilec::buildTileToLLVMPipeline(pm, options);
  if (failed(pm.run(*module)))
    return fail();
  tilec::describeLoweredKernel(*module, *manifest);
  uint64_t limit = tilec::getMaxSharedBytes(target.arch);
  if (manifest->sharedBytes > limit)
    return make_error<SharedMemoryError>(
        ("needs " + Twine(manifest->sharedBytes) + " bytes of shared memory; " +
         target.arch + " has " + Twine(limit) + " per program")
            .str());

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
  // The cubin asked for; inline assembly is assembled either way, so that
  // ptxas' verdict on it is an error at the call.
  std::string cubin;
  bool assembles =
      !ptxas.empty() &&
      (request.cubin || (!inlineAsmLocs.empty() && request.checkInlineAsm));
  if (assembles && !fittedCubin.empty()) {
    cubin = std::move(fittedCubin);
  } else if (assembles) {
    auto assembled = tilec::assembleCubin(*ptx, target.arch, ptxas);
    if (!assembled && !inlineAsmLocs.empty()) {
      tilec::reportInlineAsmRejection(inlineAsmLocs, assembled.takeError());
      return fail();
    }
    if (!assembled)
      return assembled.takeError();
    cubin = std::move(*assembled);
  }

  manifest->arch = target.arch;
  manifest->numWarps = target.numWarps;
  manifest->numStages = options.numStages;
  manifest->ptxFile = manifest->name + ".ptx";
  CompiledKernel compiled;
  if (request.cubin && !cubin.empty()) {
    manifest->cubinFile = manifest->name + ".cubin";
    manifest->cubinArch = target.arch;
    compiled.cubin = std::move(cubin);
  }
  compiled.ptx = std::move(*ptx);
  raw_string_ostream os(compiled.manifest);
  tilec::writeManifest(*manifest, os);
  return compiled;
}

std::string tilec::jit::renameFiles(const CompiledKernel &compiled,
                                    StringRef ptxFile, StringRef cubinFile) {
  // The manifest is writeManifest's, and reads back to the same bytes.
  auto manifest = tilec::readManifest(compiled.manifest);
  if (!manifest) {
    consumeError(manifest.takeError());
    return compiled.manifest;
  }
  manifest->ptxFile = ptxFile.str();
  manifest->cubinFile = cubinFile.str();
  if (cubinFile.empty())
    manifest->cubinArch.clear();
  std::string text;
  raw_string_ostream os(text);
  tilec::writeManifest(*manifest, os);
  return text;
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
  std::optional<CacheEntry> entry = cache.lookup(key);
  // An entry whose manifest does not read back is damaged, as one whose
  // checksum fails: a miss, which the compile below replaces. (Its readers,
  // tilec and renameFiles, would otherwise fail on a hit.)
  if (entry) {
    auto manifest = tilec::readManifest(entry->manifest);
    if (!manifest) {
      consumeError(manifest.takeError());
      entry.reset();
    }
  }
  if (entry) {
    CompiledKernel hit;
    hit.ptx = std::move(entry->ptx);
    hit.manifest = std::move(entry->manifest);
    hit.cubin = std::move(entry->cubin);
    hit.key = std::move(key);
    hit.fromCache = true;
    return hit;
  }
  Expected<CompiledKernel> compiled = compileUncached(request);
  if (!compiled)
    return compiled;
  // A cache that cannot be written costs a compile next time, nothing more.
  consumeError(
      cache.store(key, {compiled->ptx, compiled->manifest, compiled->cubin}));
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
