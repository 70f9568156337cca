//===- DeviceBuffer.cpp - owned device memory -----------------------------===//

#include "tilec/runtime/DeviceBuffer.h"
#include "tilec/runtime/Context.h"
#include "tilec/runtime/Error.h"

#include "DriverApi.h"

#include <utility>

namespace tilec::rt {

using detail::api;
using detail::check;

DeviceBuffer::DeviceBuffer(size_t size) : bytes(size) {
  Context::current();
  if (size == 0)
    return;
  CUdeviceptr ptr = 0;
  check(api().cuMemAlloc(&ptr, size), "cuMemAlloc",
        "allocating " + std::to_string(size) + " bytes");
  address = ptr;
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : address(std::exchange(other.address, 0)),
      bytes(std::exchange(other.bytes, 0)) {}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    if (address)
      api().cuMemFree(address);
    address = std::exchange(other.address, 0);
    bytes = std::exchange(other.bytes, 0);
  }
  return *this;
}

DeviceBuffer::~DeviceBuffer() {
  // Destruction cannot report errors (after a sticky kernel fault cuMemFree
  // fails too); the memory goes away with the context.
  if (address)
    api().cuMemFree(address);
}

void DeviceBuffer::checkRange(size_t count, size_t offset,
                              const char *what) const {
  if (offset > bytes || count > bytes - offset)
    throw Error(std::string(what) + " of " + std::to_string(count) +
                " bytes at offset " + std::to_string(offset) +
                " overruns a device buffer of " + std::to_string(bytes) +
                " bytes");
}

void DeviceBuffer::copyFromHost(const void *source, size_t count,
                                size_t offset) {
  checkRange(count, offset, "copy to the device");
  if (count == 0)
    return;
  check(api().cuMemcpyHtoD(address + offset, source, count), "cuMemcpyHtoD");
}

void DeviceBuffer::copyToHost(void *destination, size_t count,
                              size_t offset) const {
  checkRange(count, offset, "copy from the device");
  if (count == 0)
    return;
  check(api().cuMemcpyDtoH(destination, address + offset, count),
        "cuMemcpyDtoH");
}

void DeviceBuffer::checkWords() const {
  if (bytes % 4 != 0)
    throw Error("fill32 needs a buffer size that is a multiple of 4, got " +
                std::to_string(bytes));
}

void DeviceBuffer::fill32(uint32_t pattern) {
  checkWords();
  if (bytes == 0)
    return;
  check(api().cuMemsetD32(address, pattern, bytes / 4), "cuMemsetD32");
}

void DeviceBuffer::fill32Async(uint32_t pattern, StreamHandle stream) {
  checkWords();
  if (bytes == 0)
    return;
  check(api().cuMemsetD32Async(address, pattern, bytes / 4, stream),
        "cuMemsetD32Async");
}

void copyDeviceAsync(DevicePtr destination, DevicePtr source, size_t bytes,
                     StreamHandle stream) {
  if (bytes == 0)
    return;
  check(api().cuMemcpyDtoDAsync(destination.address, source.address, bytes,
                                stream),
        "cuMemcpyDtoDAsync",
        "copying " + std::to_string(bytes) + " bytes on the device");
}

void fillBytesAsync(DevicePtr destination, uint8_t value, size_t bytes,
                    StreamHandle stream) {
  if (bytes == 0)
    return;
  check(api().cuMemsetD8Async(destination.address, value, bytes, stream),
        "cuMemsetD8Async", "setting " + std::to_string(bytes) + " bytes");
}

} // namespace tilec::rt
