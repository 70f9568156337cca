//===- CommandLine.cpp - the host programs' options, on CLI11 -------------===//

#include "common/CommandLine.h"

#include <charconv>
#include <iostream>
#include <stdexcept>

namespace tilec::examples {

CommandLine::CommandLine(const std::string &program,
                         const std::string &description)
    : app(description, program) {
  app.option_defaults()->always_capture_default();
}

CLI::Option *CommandLine::string(const std::string &name, std::string &value,
                                 const std::string &help) {
  return app.add_option(name, value, help);
}

/// "2^k" as the decimal text of 2^k, for 0 <= k < 63; other text unchanged.
static std::string expandPowerOfTwo(std::string text) {
  size_t caret = text.find('^');
  if (caret == std::string::npos || text.substr(0, caret) != "2")
    return text;
  std::string exponentText = text.substr(caret + 1);
  int exponent = -1;
  const char *end = exponentText.data() + exponentText.size();
  auto [ptr, ec] = std::from_chars(exponentText.data(), end, exponent);
  if (ec != std::errc() || ptr != end || exponent < 0 || exponent >= 63)
    return text;
  return std::to_string(int64_t(1) << exponent);
}

CLI::Option *CommandLine::integer(const std::string &name, int64_t &value,
                                  int64_t min, int64_t max,
                                  const std::string &help) {
  CLI::Option *option = app.add_option(name, value, help);
  // Transforms run before checks: the power of two is spelled out before
  // the range reads it.
  option->transform(expandPowerOfTwo);
  option->check(CLI::Range(min, max));
  return option;
}

CLI::Option *CommandLine::flag(const std::string &name, bool &value,
                               const std::string &help) {
  return app.add_flag(name, value, help);
}

bool CommandLine::parse(int argc, char **argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &) {
    std::cout << app.help();
    return false;
  } catch (const CLI::ParseError &error) {
    throw std::invalid_argument(error.what());
  }
  return true;
}

std::string CommandLine::help() const { return app.help(); }

} // namespace tilec::examples
