//===- Error.h - the runtime's exception type -------------------*- C++ -*-===//
//
// Every runtime failure (no driver, a CUDA error, a malformed manifest, a
// launch that does not match the kernel's signature) is reported by throwing
// tilec::rt::Error with a message that names what failed and why.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_ERROR_H
#define TILEC_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

namespace tilec::rt {

/// The one exception type thrown by the runtime. what() is a complete,
/// lowercase, human-readable message.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_ERROR_H
