//===- Cubin.cpp - assembling PTX into a cubin with ptxas -----------------===//
//
// LLVM has no SASS back end, so cubins come from the CUDA toolkit's ptxas,
// run as a separate process on a temporary copy of the PTX.
//
//===----------------------------------------------------------------------===//

#include "tilec/Target/Target.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

StringRef tilec::getDefaultPtxasPath() {
#ifdef TILEC_PTXAS_PATH
  return TILEC_PTXAS_PATH;
#else
  return "";
#endif
}

/// Reads `path` whole, or "" if it cannot be read (for ptxas' messages).
static std::string readOrEmpty(StringRef path) {
  auto buffer = MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

Expected<std::string> tilec::runPtxas(StringRef ptx, StringRef arch,
                                      StringRef ptxasPath,
                                      ArrayRef<StringRef> extraArgs,
                                      std::string *messages) {
  if (ptxasPath.empty())
    return createStringError("no ptxas: none was found when tilec was "
                             "configured; give --ptxas PATH");
  if (!sys::fs::can_execute(ptxasPath))
    return createStringError("cannot run ptxas '" + ptxasPath +
                             "': not an executable file");
  SmallString<128> input, output, log;
  auto cleanup = make_scope_exit([&] {
    for (StringRef path : {StringRef(input), StringRef(output), StringRef(log)})
      if (!path.empty())
        sys::fs::remove(path);
  });
  if (std::error_code ec = sys::fs::createTemporaryFile("tilec", "ptx", input))
    return createStringError("cannot create a temporary file: " + ec.message());
  if (std::error_code ec =
          sys::fs::createTemporaryFile("tilec", "cubin", output))
    return createStringError("cannot create a temporary file: " + ec.message());
  if (std::error_code ec = sys::fs::createTemporaryFile("tilec", "log", log))
    return createStringError("cannot create a temporary file: " + ec.message());
  {
    std::error_code ec;
    raw_fd_ostream os(input, ec);
    if (ec)
      return createStringError("cannot write '" + input + "': " + ec.message());
    os << ptx;
  }
  std::string archFlag = ("-arch=" + arch).str();
  SmallVector<StringRef> args = {ptxasPath, archFlag};
  llvm::append_range(args, extraArgs);
  args.append({input, "-o", output});
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string error;
  int status = sys::ExecuteAndWait(ptxasPath, args, /*Env=*/std::nullopt,
                                   redirects, /*SecondsToWait=*/0,
                                   /*MemoryLimit=*/0, &error);
  if (status != 0) {
    std::string message = StringRef(readOrEmpty(log)).trim().str();
    if (message.empty())
      message = error.empty() ? "exit status " + std::to_string(status) : error;
    return createStringError("ptxas -arch=" + arch + " failed: " + message);
  }
  if (messages)
    *messages = readOrEmpty(log);
  auto cubin = MemoryBuffer::getFile(output, /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
  if (!cubin)
    return createStringError("cannot read the cubin ptxas wrote: " +
                             cubin.getError().message());
  return (*cubin)->getBuffer().str();
}

Expected<std::string> tilec::assembleCubin(StringRef ptx, StringRef arch,
                                           StringRef ptxasPath) {
  return runPtxas(ptx, arch, ptxasPath, {}, nullptr);
}

/// The first error line of a failed assembleCubin's message, without the
/// temporary file's name ("line 57; error : Unknown symbol 'x'").
static std::string firstPtxasError(StringRef message) {
  SmallVector<StringRef> lines;
  message.split(lines, '\n');
  for (StringRef line : lines) {
    size_t at = line.find(", line ");
    if (line.contains("error") && at != StringRef::npos)
      return line.drop_front(at + 2).trim().str();
  }
  return message.trim().str();
}

void tilec::reportInlineAsmRejection(ArrayRef<mlir::Location> inlineAsmLocs,
                                     Error error) {
  std::string message = toString(std::move(error));
  mlir::InFlightDiagnostic diag =
      mlir::emitError(inlineAsmLocs.front())
      << "ptxas rejected the PTX of the kernel's inline assembly: "
      << firstPtxasError(message);
  for (mlir::Location other : inlineAsmLocs.drop_front())
    diag.attachNote(other) << "the kernel has inline assembly here too";
}
