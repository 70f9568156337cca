//===- Stream.cpp - CUDA streams ------------------------------------------===//

#include "tilec/runtime/Stream.h"
#include "tilec/runtime/Context.h"

#include "DriverApi.h"

#include <utility>

namespace tilec::rt {

using detail::api;
using detail::check;

Stream::Stream() {
  Context::current();
  check(api().cuStreamCreate(&stream, CU_STREAM_DEFAULT), "cuStreamCreate");
}

Stream::Stream(Stream &&other) noexcept
    : stream(std::exchange(other.stream, nullptr)) {}

Stream &Stream::operator=(Stream &&other) noexcept {
  if (this != &other) {
    if (stream)
      api().cuStreamDestroy(stream);
    stream = std::exchange(other.stream, nullptr);
  }
  return *this;
}

Stream::~Stream() {
  // Destruction cannot report errors; a failure here only leaks the handle.
  if (stream)
    api().cuStreamDestroy(stream);
}

void Stream::synchronize() const {
  check(api().cuStreamSynchronize(stream), "cuStreamSynchronize");
}

} // namespace tilec::rt
