//===- DeviceBuffer.h - owned device memory ---------------------*- C++ -*-===//

#ifndef TILEC_RUNTIME_DEVICEBUFFER_H
#define TILEC_RUNTIME_DEVICEBUFFER_H

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/Stream.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tilec::rt {

/// A device allocation (cuMemAlloc, at least 256-byte aligned). Move-only;
/// frees itself. Copies are synchronous and bounds-checked.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  /// Allocates \p bytes (contents undefined). Throws Error naming the size
  /// on failure.
  explicit DeviceBuffer(size_t bytes);
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer();

  /// A buffer holding a copy of \p values.
  template <typename T> static DeviceBuffer fromHost(const std::vector<T> &values) {
    DeviceBuffer buffer(values.size() * sizeof(T));
    buffer.copyFromHost(values.data(), values.size() * sizeof(T));
    return buffer;
  }

  DevicePtr ptr() const { return {address}; }
  size_t size() const { return bytes; }

  /// Copies \p count bytes from host memory to offset \p offset.
  void copyFromHost(const void *source, size_t count, size_t offset = 0);
  /// Copies \p count bytes at offset \p offset to host memory.
  void copyToHost(void *destination, size_t count, size_t offset = 0) const;
  /// Sets every 32-bit word to \p pattern (size must be a multiple of 4);
  /// e.g. 0x7fc00000 poisons fp32 data with NaN.
  void fill32(uint32_t pattern);
  /// fill32 enqueued on \p stream without waiting for it.
  void fill32Async(uint32_t pattern, StreamHandle stream);

  /// The first \p count elements as type T.
  template <typename T> std::vector<T> toHost(size_t count) const {
    std::vector<T> values(count);
    copyToHost(values.data(), count * sizeof(T));
    return values;
  }

private:
  void checkRange(size_t count, size_t offset, const char *what) const;
  void checkWords() const;

  uint64_t address = 0;
  size_t bytes = 0;
};

/// Enqueues a copy of \p bytes from \p source to \p destination, both
/// device memory (possibly owned elsewhere, e.g. by PyTorch), on \p stream.
void copyDeviceAsync(DevicePtr destination, DevicePtr source, size_t bytes,
                     StreamHandle stream);

/// Enqueues setting \p bytes bytes at \p destination to \p value on
/// \p stream (cuMemsetD8Async: any size and alignment).
void fillBytesAsync(DevicePtr destination, uint8_t value, size_t bytes,
                    StreamHandle stream);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_DEVICEBUFFER_H
