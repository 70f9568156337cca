//===- CommandLine.cpp - tiny option parser for the host programs ---------===//

#include "common/CommandLine.h"

#include <charconv>
#include <stdexcept>

namespace tilec::examples {

CommandLine::CommandLine(int argc, char **argv, std::set<std::string> flags)
    : flagNames(std::move(flags)) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0)
      throw std::invalid_argument("unexpected argument '" + arg + "'");
    size_t equals = arg.find('=');
    std::string name = arg.substr(0, equals);
    if (values.count(name))
      throw std::invalid_argument("option " + name + " given twice");
    if (flagNames.count(name)) {
      if (equals != std::string::npos)
        throw std::invalid_argument("option " + name + " takes no value");
      values[name] = "1";
      continue;
    }
    if (equals != std::string::npos) {
      values[name] = arg.substr(equals + 1);
      continue;
    }
    if (i + 1 >= argc)
      throw std::invalid_argument("option " + name + " needs a value");
    values[name] = argv[++i];
  }
}

bool CommandLine::has(const std::string &name) {
  used.insert(name);
  return values.count(name) != 0;
}

bool CommandLine::flag(const std::string &name) { return has(name); }

std::string CommandLine::string(const std::string &name,
                                const std::string &fallback) {
  return has(name) ? values.at(name) : fallback;
}

static bool parseInt(const std::string &text, int64_t &out) {
  const char *begin = text.data();
  const char *end = begin + text.size();
  auto [ptr, ec] = std::from_chars(begin, end, out);
  return ec == std::errc() && ptr == end;
}

int64_t CommandLine::integer(const std::string &name, int64_t fallback,
                             int64_t min, int64_t max) {
  if (!has(name))
    return fallback;
  const std::string &text = values.at(name);
  int64_t value = 0;
  size_t caret = text.find('^');
  bool ok = false;
  if (caret == std::string::npos) {
    ok = parseInt(text, value);
  } else {
    int64_t base = 0, exponent = 0;
    ok = parseInt(text.substr(0, caret), base) &&
         parseInt(text.substr(caret + 1), exponent) && base == 2 &&
         exponent >= 0 && exponent < 63;
    value = ok ? int64_t(1) << exponent : 0;
  }
  if (!ok || value < min || value > max)
    throw std::invalid_argument("option " + name + " must be an integer in [" +
                                std::to_string(min) + ", " +
                                std::to_string(max) + "], got '" + text + "'");
  return value;
}

void CommandLine::finish() const {
  for (const auto &[name, value] : values)
    if (!used.count(name))
      throw std::invalid_argument("unknown option " + name);
}

} // namespace tilec::examples
