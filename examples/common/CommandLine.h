//===- CommandLine.h - tiny option parser for the host programs -*- C++ -*-===//

#ifndef TILEC_EXAMPLES_COMMANDLINE_H
#define TILEC_EXAMPLES_COMMANDLINE_H

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tilec::examples {

/// Parses `--name value`, `--name=value` and boolean `--flag` options.
/// Reading an option marks it known; finish() rejects any option that was
/// given but never read, so a typo is an error rather than ignored.
class CommandLine {
public:
  /// \p flags lists the options that take no value. Throws
  /// std::invalid_argument on a malformed command line.
  CommandLine(int argc, char **argv, std::set<std::string> flags);

  bool has(const std::string &name);
  bool flag(const std::string &name);
  std::string string(const std::string &name, const std::string &fallback);
  /// An integer option in [min, max]; accepts 2^k and k-suffixed forms
  /// such as "2^28" and "1024".
  int64_t integer(const std::string &name, int64_t fallback, int64_t min,
                  int64_t max);
  /// Throws std::invalid_argument naming the first unknown option.
  void finish() const;

private:
  std::set<std::string> flagNames;
  std::map<std::string, std::string> values;
  std::set<std::string> used;
};

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_COMMANDLINE_H
