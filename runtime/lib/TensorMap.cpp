//===- TensorMap.cpp - encoding a kernel's CUtensorMap parameters ---------===//
//
// A kernel compiled with TMA copies for a `tensordesc` parameter takes a
// 128-byte CUtensorMap after its other parameters. The map is encoded at
// every launch from the descriptor's arguments (base, shapes, strides), with
// the box and swizzle the compiler chose; TMA fills what lies outside the
// tensor with zeros, as a descriptor load pads.
//
//===----------------------------------------------------------------------===//

#include "TensorMap.h"

#include "tilec/runtime/Error.h"

#include "DriverApi.h"

#include <cstring>

namespace tilec::rt::detail {

static CUtensorMapDataType dataType(ScalarType type) {
  switch (type) {
  case ScalarType::FP16:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  case ScalarType::BF16:
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  case ScalarType::FP32:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  case ScalarType::FP64:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  case ScalarType::I16:
    return CU_TENSOR_MAP_DATA_TYPE_UINT16;
  case ScalarType::I32:
    return CU_TENSOR_MAP_DATA_TYPE_INT32;
  case ScalarType::I64:
    return CU_TENSOR_MAP_DATA_TYPE_INT64;
  default: // i8 and the fp8 types: bytes.
    return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  }
}

static CUtensorMapSwizzle swizzleMode(unsigned bytes) {
  switch (bytes) {
  case 32:
    return CU_TENSOR_MAP_SWIZZLE_32B;
  case 64:
    return CU_TENSOR_MAP_SWIZZLE_64B;
  case 128:
    return CU_TENSOR_MAP_SWIZZLE_128B;
  default:
    return CU_TENSOR_MAP_SWIZZLE_NONE;
  }
}

void encodeTensorMap(const Manifest &manifest, const TensorMapInfo &map,
                     const Arg *args, void *out) {
  static_assert(sizeof(CUtensorMap) == kTensorMapBytes,
                "a CUtensorMap is 128 bytes");
  std::memset(out, 0, kTensorMapBytes);
  if (map.box.empty())
    return; // No TMA copy reads it.
  std::string what = "launch of " + manifest.name + ": tensor descriptor '" +
                     map.name + "'";
  if (!api().cuTensorMapEncodeTiled)
    throw Error(what + " needs cuTensorMapEncodeTiled, which this driver "
                       "lacks (CUDA 12.0 or newer)");
  size_t rank = map.rank();
  uint64_t elementBytes = byteSize(map.type);
  // The driver counts dimensions innermost first and strides in bytes.
  cuuint64_t dims[5], strides[5];
  cuuint32_t box[5], elementStrides[5];
  for (size_t d = 0; d < rank; ++d) {
    size_t inner = rank - 1 - d;
    int64_t shape = args[map.leaves[1 + d]].intValue();
    if (shape < 1)
      throw Error(what + ": shape[" + std::to_string(d) + "] = " +
                  std::to_string(shape) +
                  "; a TMA tensor needs every dimension at least 1");
    dims[inner] = static_cast<cuuint64_t>(shape);
    box[inner] = static_cast<cuuint32_t>(map.box[d]);
    elementStrides[inner] = 1;
    if (d + 1 == rank)
      continue;
    int64_t stride = args[map.leaves[1 + rank + d]].intValue();
    uint64_t bytes = static_cast<uint64_t>(stride) * elementBytes;
    if (stride < 1 || bytes >= (uint64_t(1) << 40) || bytes % 16 != 0)
      throw Error(what + ": strides[" + std::to_string(d) + "] = " +
                  std::to_string(stride) + " elements (" +
                  std::to_string(bytes) +
                  " bytes); a descriptor's strides but the last must be "
                  "positive multiples of 16 bytes, below 2^40");
    strides[inner - 1] = static_cast<cuuint64_t>(bytes);
  }
  uint64_t address = args[map.leaves[0]].address();
  if (address % 16 != 0)
    throw Error(what + ": its base is not 16-byte aligned");
  void *base = reinterpret_cast<void *>(static_cast<uintptr_t>(address));
  check(api().cuTensorMapEncodeTiled(
            static_cast<CUtensorMap *>(out), dataType(map.type),
            static_cast<cuuint32_t>(rank), base, dims, strides, box,
            elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzleMode(map.swizzle), CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
        "cuTensorMapEncodeTiled", what);
}

} // namespace tilec::rt::detail
