//===- gpu_attention_test.cpp - fused attention forward on the GPU --------===//
//
// Runs attention_fwd (test/gpu/kernels/attention.py: block pointers, two
// tl.dot per step, an online softmax, a causal mask, a jit helper) on fp16
// Q, K, V of [heads, seq_len, 64] and compares O with attention computed in
// float64 on the CPU from the same fp16 values: max abs error <= 1e-2 (P is
// rounded to fp16 before the second product, as in Triton's tutorial).
// Rows past seq_len must keep their poison. Exits 0 if all pass, 1 if any
// fails, 77 (skip) without a CUDA driver or under the fake driver.
//   gpu-test-attention [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kHeadDim = 64;
constexpr uint16_t kPoison = 0x7e00; // fp16 NaN

class AttentionCase final : public KernelCase {
public:
  AttentionCase(const std::string &dir, const std::string &variant,
                int64_t heads, int64_t seqLen, bool causal)
      : kernel(rt::Kernel::load(manifestPath(dir, variant))), heads(heads),
        seqLen(seqLen), causal(causal) {
    blockM = kernel.manifest().requireConstexprInt("BLOCK_M");
    caseInfo.kernel = "attention_fwd";
    caseInfo.shape = fmt::format("heads={} seq={} d={}{}", heads, seqLen,
                                 kHeadDim, causal ? " causal" : "");
    caseInfo.id = fmt::format("attention_{}x{}{}", heads, seqLen,
                              causal ? "_causal" : "");
    caseInfo.variant = variant;
    caseInfo.block = blockM;
    caseInfo.warps = kernel.manifest().numWarps;
    // Rows padded past kHeadDim; the signature promises the strides are
    // multiples of 16.
    stride = kHeadDim + 16;
    size_t count = size_t(heads * seqLen * stride);
    uint64_t seed = uint64_t(heads * 7919 + seqLen);
    for (auto *host : {&q, &k, &v}) {
      std::vector<float> values = uniformFloats(count, -1.0f, 1.0f, seed++);
      host->resize(count);
      for (size_t i = 0; i < count; ++i)
        (*host)[i] = fp16Bits(values[i] * (host == &q ? 2.0f : 1.0f));
    }
    dq = rt::DeviceBuffer::fromHost(q);
    dk = rt::DeviceBuffer::fromHost(k);
    dv = rt::DeviceBuffer::fromHost(v);
    // One poisoned row past the end of the last head.
    dout = rt::DeviceBuffer((count + size_t(stride)) * 2);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({(seqLen + blockM - 1) / blockM, heads},
                  {dq, dk, dv, dout, float(1.0 / std::sqrt(double(kHeadDim))),
                   static_cast<int32_t>(seqLen),
                   static_cast<int32_t>(seqLen * stride),
                   static_cast<int32_t>(stride)});
  }
  CheckResult check() override {
    dout.fill32(uint32_t(kPoison) | (uint32_t(kPoison) << 16));
    launch();
    rt::Context::current().synchronize();
    size_t count = size_t(heads * seqLen * stride);
    std::vector<uint16_t> got = dout.toHost<uint16_t>(count + size_t(stride));
    CheckResult result;
    double worst = 0, scale = 1.0 / std::sqrt(double(kHeadDim));
    std::vector<double> scores(static_cast<size_t>(seqLen));
    for (int64_t h = 0; h < heads; ++h) {
      for (int64_t i = 0; i < seqLen; ++i) {
        const uint16_t *qi = &q[size_t((h * seqLen + i) * stride)];
        int64_t last = causal ? i : seqLen - 1;
        double mx = -INFINITY;
        for (int64_t j = 0; j <= last; ++j) {
          const uint16_t *kj = &k[size_t((h * seqLen + j) * stride)];
          double s = 0;
          for (int64_t d = 0; d < kHeadDim; ++d)
            s += fp16Value(qi[d]) * fp16Value(kj[d]);
          scores[j] = s * scale;
          mx = std::max(mx, scores[j]);
        }
        double sum = 0;
        for (int64_t j = 0; j <= last; ++j)
          sum += (scores[j] = std::exp(scores[j] - mx));
        for (int64_t d = 0; d < kHeadDim; ++d) {
          double o = 0;
          for (int64_t j = 0; j <= last; ++j)
            o += scores[j] * fp16Value(v[size_t((h * seqLen + j) * stride + d)]);
          o /= sum;
          double g = fp16Value(got[size_t((h * seqLen + i) * stride + d)]);
          double error = std::fabs(g - o);
          if (!(error <= 1e-2) && worst <= 1e-2)
            result.fail(fmt::format("o[{}][{}][{}] is {}, expected {}", h, i,
                                    d, g, o));
          worst = std::max(worst, std::isnan(error) ? INFINITY : error);
        }
      }
    }
    for (size_t i = count; i < count + size_t(kHeadDim); ++i)
      if (got[i] != kPoison) {
        result.fail("the row past the last head was written");
        break;
      }
    result.errors.push_back({"max_abs_err", worst});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t heads, seqLen, blockM = 0, stride = 0;
  bool causal;
  CaseInfo caseInfo;
  std::vector<uint16_t> q, k, v;
  rt::DeviceBuffer dq, dk, dv, dout;
};

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-attention",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        for (bool causal : {false, true})
          for (auto [heads, seqLen] : {std::pair<int64_t, int64_t>{1, 1},
                                       {2, 100},
                                       {3, 256},
                                       {2, 1000}}) {
            std::string variant =
                causal ? "attention_fwd_causal" : "attention_fwd";
            cases.push_back(
                {fmt::format("{} heads={} seq={}", variant, heads, seqLen),
                 [=] {
                   return std::make_unique<AttentionCase>(dir, variant, heads,
                                                          seqLen, causal);
                 }});
          }
        return cases;
      },
      "attention_fwd");
}
