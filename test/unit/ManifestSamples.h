//===- ManifestSamples.h - manifests for the runtime's unit tests -*- C++ -*-===//

#ifndef TILEC_TEST_UNIT_MANIFESTSAMPLES_H
#define TILEC_TEST_UNIT_MANIFESTSAMPLES_H

namespace tilec::test {

/// The lecture's GeLU manifest, in the format exactly as tilec writes it.
inline const char *const kGeluManifest = R"({
  "name": "triton_gelu_kernel",
  "ptx": "gelu.ptx",
  "arch": "sm_90a",
  "num_warps": 4,
  "threads_per_block": 128,
  "shared_bytes": 0,
  "params": [
    {"name": "x_ptr", "kind": "pointer", "type": "fp32", "divisibility": 16},
    {"name": "y_ptr", "kind": "pointer", "type": "fp32", "divisibility": 16},
    {"name": "num_elements", "kind": "scalar", "type": "i32", "divisibility": 1}
  ],
  "constexprs": [{"name": "BLOCK_SIZE", "value": 1024}]
}
)";

} // namespace tilec::test

#endif // TILEC_TEST_UNIT_MANIFESTSAMPLES_H
