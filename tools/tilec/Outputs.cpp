//===- Outputs.cpp - the files tilec writes, checked before any is --------===//

#include "Outputs.h"

#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/LogicalResult.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <optional>

using namespace llvm;

void tilec::OutputFiles::add(StringRef path, StringRef role) {
  outputs.push_back({path.str(), role.str()});
}

namespace {
/// What makes two paths one file: the device and inode of an existing
/// file, else those of its directory and its name (a file not yet written),
/// else the spelling made absolute.
struct FileIdentity {
  std::string key;
  /// An existing file that is not a regular one (/dev/null, a pipe):
  /// several outputs may go there.
  bool special = false;

  bool operator==(const FileIdentity &other) const { return key == other.key; }
};
} // namespace

static std::string describeID(const sys::fs::UniqueID &id) {
  return std::to_string(id.getDevice()) + ":" + std::to_string(id.getFile());
}

static FileIdentity identify(StringRef path) {
  if (path == "-")
    return {"<stdout>"};
  sys::fs::UniqueID id;
  sys::fs::file_status status;
  if (!sys::fs::status(path, status) && !sys::fs::getUniqueID(path, id))
    return {"file " + describeID(id),
            status.type() != sys::fs::file_type::regular_file};
  SmallString<256> absolute(path);
  sys::fs::make_absolute(absolute);
  sys::path::remove_dots(absolute, /*remove_dot_dot=*/false);
  StringRef parent = sys::path::parent_path(absolute);
  if (!sys::fs::getUniqueID(parent, id))
    return {"in " + describeID(id) + " " +
            sys::path::filename(absolute).str()};
  return {"path " + absolute.str().str()};
}

Error tilec::OutputFiles::check(StringRef input) const {
  std::optional<FileIdentity> source;
  if (input != "-")
    source = identify(input);
  std::vector<FileIdentity> seen;
  for (const Output &output : outputs) {
    FileIdentity identity = identify(output.path);
    if (source && identity == *source)
      return createStringError(output.role + " '" + output.path +
                               "' names the input file, which it would "
                               "overwrite");
    for (auto [i, other] : llvm::enumerate(seen))
      if (other == identity && !identity.special)
        return createStringError(output.role + " '" + output.path +
                                 "' names the same file as " +
                                 outputs[i].role + " '" + outputs[i].path +
                                 "'; each output needs a file of its own");
    seen.push_back(identity);
  }
  return Error::success();
}

mlir::LogicalResult
tilec::writeOutput(StringRef path, function_ref<void(raw_ostream &)> write) {
  auto fail = [&](const Twine &message) {
    WithColor::error(errs(), "tilec") << message << "\n";
    return mlir::failure();
  };
  std::string error;
  std::unique_ptr<ToolOutputFile> output = mlir::openOutputFile(path, &error);
  if (!output)
    return fail(error);
  raw_fd_ostream &os = output->os();
  write(os);
  // Standard output stays open for what follows; a file is closed here, so
  // that a failure to write its last bytes is seen too.
  if (path == "-")
    os.flush();
  else
    os.close();
  if (std::error_code ec = os.error()) {
    // Without keep() the output file goes (a device is never removed).
    os.clear_error();
    return fail((path == "-" ? Twine("cannot write to standard output")
                             : "cannot write '" + path + "'") +
                ": " + ec.message());
  }
  output->keep();
  return mlir::success();
}
