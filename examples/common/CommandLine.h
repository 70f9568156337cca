//===- CommandLine.h - the host programs' options, on CLI11 -----*- C++ -*-===//

#ifndef TILEC_EXAMPLES_COMMANDLINE_H
#define TILEC_EXAMPLES_COMMANDLINE_H

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace tilec::examples {

/// A host program's options, parsed by CLI11: each is declared with its help
/// text and bound to a variable holding its default, so `--help` lists them
/// all; unknown options, missing values and values out of range are errors.
class CommandLine {
public:
  /// \p description heads `--help`.
  CommandLine(const std::string &program, const std::string &description);

  /// A string option bound to \p value.
  CLI::Option *string(const std::string &name, std::string &value,
                      const std::string &help);
  /// An integer option in [min, max] bound to \p value; it may also be
  /// written as a power of two, "2^28".
  CLI::Option *integer(const std::string &name, int64_t &value, int64_t min,
                       int64_t max, const std::string &help);
  /// A flag (no value) bound to \p value.
  CLI::Option *flag(const std::string &name, bool &value,
                    const std::string &help);

  /// Parses the command line into the bound variables. Returns false after
  /// printing the help text for `--help` (the program exits 0); throws
  /// std::invalid_argument with CLI11's message on a malformed command line.
  bool parse(int argc, char **argv);

  /// The help text `--help` prints.
  std::string help() const;

private:
  CLI::App app;
};

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_COMMANDLINE_H
