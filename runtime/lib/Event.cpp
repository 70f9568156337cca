//===- Event.cpp - CUDA timing events -------------------------------------===//

#include "tilec/runtime/Context.h"
#include "tilec/runtime/Stream.h"

#include "DriverApi.h"

#include <utility>

namespace tilec::rt {

using detail::api;
using detail::check;

Event::Event() {
  Context::current();
  check(api().cuEventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
}

Event::Event(Event &&other) noexcept
    : event(std::exchange(other.event, nullptr)) {}

Event &Event::operator=(Event &&other) noexcept {
  if (this != &other) {
    if (event)
      api().cuEventDestroy(event);
    event = std::exchange(other.event, nullptr);
  }
  return *this;
}

Event::~Event() {
  // Destruction cannot report errors; a failure here only leaks the handle.
  if (event)
    api().cuEventDestroy(event);
}

void Event::record(StreamHandle stream) {
  check(api().cuEventRecord(event, stream), "cuEventRecord");
}

void Event::synchronize() const {
  check(api().cuEventSynchronize(event), "cuEventSynchronize");
}

float Event::elapsedMs(const Event &start, const Event &end) {
  float ms = 0;
  check(api().cuEventElapsedTime(&ms, start.event, end.event),
        "cuEventElapsedTime");
  return ms;
}

} // namespace tilec::rt
