//===- Stream.h - CUDA streams and events -----------------------*- C++ -*-===//

#ifndef TILEC_RUNTIME_STREAM_H
#define TILEC_RUNTIME_STREAM_H

struct CUstream_st;
struct CUevent_st;

namespace tilec::rt {

/// A raw stream handle as cuLaunchKernel takes it; nullptr is the legacy
/// default stream.
using StreamHandle = CUstream_st *;

/// An owned stream. Move-only; destroys itself.
class Stream {
public:
  /// Creates a stream that synchronizes with the legacy default stream, so
  /// mixing it with default-stream copies stays ordered.
  Stream();
  Stream(Stream &&other) noexcept;
  Stream &operator=(Stream &&other) noexcept;
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  ~Stream();

  StreamHandle handle() const { return stream; }
  /// Waits for the stream's work; throws Error if a kernel on it failed.
  void synchronize() const;

private:
  StreamHandle stream = nullptr;
};

/// An owned timing event. Move-only; destroys itself.
class Event {
public:
  Event();
  Event(Event &&other) noexcept;
  Event &operator=(Event &&other) noexcept;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  ~Event();

  /// Records the event on \p stream.
  void record(StreamHandle stream = nullptr);
  /// Waits until the event has completed.
  void synchronize() const;
  /// Milliseconds between two completed events (resolution ~0.5 us).
  static float elapsedMs(const Event &start, const Event &end);

private:
  CUevent_st *event = nullptr;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_STREAM_H
