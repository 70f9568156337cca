//===- gpu_attention_test.cpp - fused attention forward on the GPU --------===//
//
// Runs attention_fwd (test/gpu/kernels/attention.py: block pointers, two
// tl.dot per step, an online softmax, a causal mask, a jit helper) on fp16
// Q, K, V of [heads, seq_len, 64] and compares O with attention computed in
// float64 on the CPU from the same fp16 values: max abs error <= 1e-2 (P is
// rounded to fp16 before the second product, as in Triton's tutorial).
// Rows past seq_len must keep their poison. Then attention_bwd_kv (the
// backward's dK and dV: Q^T and dO each feed two products, one through
// tl.trans; the row statistics lse and delta are loaded per step) against
// the same gradients in float64 from the same fp16 Q, K, V, dO, with lse
// and delta computed on the CPU: |error| <= 2e-2 + 2e-2 |expected|. Exits 0
// if all pass, 1 if any fails, 77 (skip) without a CUDA driver or under the
// fake driver.
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
// Rows padded past kHeadDim; the signatures promise the strides are
// multiples of 16.
constexpr int64_t kStride = kHeadDim + 16;
constexpr uint16_t kPoison = 0x7e00; // fp16 NaN

/// How a case of `kernel` (block size `block`) prints: `name` and `idBase`
/// with the heads, length and mask.
CaseInfo describeCase(const rt::Kernel &kernel, const char *name,
                      const char *idBase, const std::string &variant,
                      int64_t heads, int64_t seqLen, bool causal,
                      int64_t block) {
  CaseInfo info;
  info.kernel = name;
  info.shape = fmt::format("heads={} seq={} d={}{}", heads, seqLen, kHeadDim,
                           causal ? " causal" : "");
  info.id = fmt::format("{}_{}x{}{}", idBase, heads, seqLen,
                        causal ? "_causal" : "");
  info.variant = variant;
  info.block = block;
  info.warps = kernel.manifest().numWarps;
  return info;
}

/// `count` fp16 values uniform in [-scale, scale] from `seed`.
std::vector<uint16_t> randomHalves(size_t count, float scale, uint64_t seed) {
  std::vector<float> values = uniformFloats(count, -1.0f, 1.0f, seed);
  std::vector<uint16_t> halves(count);
  for (size_t i = 0; i < count; ++i)
    halves[i] = fp16Bits(values[i] * scale);
  return halves;
}

class AttentionCase final : public KernelCase {
public:
  AttentionCase(const std::string &dir, const std::string &variant,
                int64_t heads, int64_t seqLen, bool causal)
      : kernel(rt::Kernel::load(manifestPath(dir, variant))), heads(heads),
        seqLen(seqLen), causal(causal) {
    blockM = kernel.manifest().requireConstexprInt("BLOCK_M");
    caseInfo = describeCase(kernel, "attention_fwd", "attention", variant,
                            heads, seqLen, causal, blockM);
    size_t count = size_t(heads * seqLen * stride);
    uint64_t seed = uint64_t(heads * 7919 + seqLen);
    q = randomHalves(count, 2.0f, seed);
    k = randomHalves(count, 1.0f, seed + 1);
    v = randomHalves(count, 1.0f, seed + 2);
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
  int64_t heads, seqLen, blockM = 0, stride = kStride;
  bool causal;
  CaseInfo caseInfo;
  std::vector<uint16_t> q, k, v;
  rt::DeviceBuffer dq, dk, dv, dout;
};

/// dK and dV of attention_bwd_kv against float64 gradients.
class BackwardCase final : public KernelCase {
public:
  BackwardCase(const std::string &dir, const std::string &variant,
               int64_t heads, int64_t seqLen, bool causal)
      : kernel(rt::Kernel::load(manifestPath(dir, variant))), heads(heads),
        seqLen(seqLen), causal(causal) {
    blockN = kernel.manifest().requireConstexprInt("BLOCK_N");
    caseInfo = describeCase(kernel, "attention_bwd_kv", "attention_bwd",
                            variant, heads, seqLen, causal, blockN);
    size_t count = size_t(heads * seqLen * stride);
    uint64_t seed = uint64_t(heads * 104729 + seqLen);
    q = randomHalves(count, 1.0f, seed);
    k = randomHalves(count, 1.0f, seed + 1);
    v = randomHalves(count, 1.0f, seed + 2);
    dout = randomHalves(count, 1.0f, seed + 3);
    computeReference();
    std::vector<float> lse32(lse.begin(), lse.end()),
        delta32(delta.begin(), delta.end());
    dq = rt::DeviceBuffer::fromHost(q);
    dk = rt::DeviceBuffer::fromHost(k);
    dv = rt::DeviceBuffer::fromHost(v);
    ddo = rt::DeviceBuffer::fromHost(dout);
    dlse = rt::DeviceBuffer::fromHost(lse32);
    ddelta = rt::DeviceBuffer::fromHost(delta32);
    // One poisoned row past the end of the last head.
    gradK = rt::DeviceBuffer((count + size_t(stride)) * 2);
    gradV = rt::DeviceBuffer((count + size_t(stride)) * 2);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({(seqLen + blockN - 1) / blockN, heads},
                  {dq, dk, dv, ddo, dlse, ddelta, gradK, gradV, float(scale()),
                   static_cast<int32_t>(seqLen),
                   static_cast<int32_t>(seqLen * stride),
                   static_cast<int32_t>(stride)});
  }
  CheckResult check() override {
    for (rt::DeviceBuffer *grad : {&gradK, &gradV})
      grad->fill32(uint32_t(kPoison) | (uint32_t(kPoison) << 16));
    launch();
    rt::Context::current().synchronize();
    size_t count = size_t(heads * seqLen * stride);
    CheckResult result;
    double worst = 0;
    for (auto [name, grad, want] :
         {std::tuple{"dk", &gradK, &refK}, std::tuple{"dv", &gradV, &refV}}) {
      std::vector<uint16_t> got = grad->toHost<uint16_t>(count + size_t(stride));
      for (int64_t h = 0; h < heads; ++h)
        for (int64_t j = 0; j < seqLen; ++j)
          for (int64_t d = 0; d < kHeadDim; ++d) {
            size_t at = size_t((h * seqLen + j) * stride + d);
            double expected = (*want)[size_t((h * seqLen + j) * kHeadDim + d)];
            double g = fp16Value(got[at]);
            double error = std::fabs(g - expected);
            bool ok = error <= 2e-2 + 2e-2 * std::fabs(expected);
            if (!ok && result.passed)
              result.fail(fmt::format("{}[{}][{}][{}] is {}, expected {}",
                                      name, h, j, d, g, expected));
            worst = std::max(worst, std::isnan(error) ? INFINITY : error);
          }
      for (size_t i = count; i < count + size_t(kHeadDim); ++i)
        if (got[i] != kPoison) {
          result.fail(fmt::format("{}: the row past the last head was written",
                                  name));
          break;
        }
    }
    result.errors.push_back({"max_abs_err", worst});
    return result;
  }

private:
  double scale() const { return 1.0 / std::sqrt(double(kHeadDim)); }
  double at(const std::vector<uint16_t> &x, int64_t h, int64_t row,
            int64_t d) const {
    return fp16Value(x[size_t((h * seqLen + row) * stride + d)]);
  }

  /// lse (base 2), delta = rowsum(O * dO), and dK = scale * dS^T Q, dV =
  /// P^T dO with dS = P * (dO V^T - delta), all in float64.
  void computeReference() {
    size_t n = size_t(seqLen);
    lse.assign(size_t(heads) * n, 0);
    delta.assign(size_t(heads) * n, 0);
    refK.assign(size_t(heads) * n * kHeadDim, 0);
    refV.assign(size_t(heads) * n * kHeadDim, 0);
    std::vector<double> p(n), dp(n);
    for (int64_t h = 0; h < heads; ++h)
      for (int64_t i = 0; i < seqLen; ++i) {
        int64_t last = causal ? i : seqLen - 1;
        double mx = -INFINITY;
        for (int64_t j = 0; j <= last; ++j) {
          double s = 0;
          for (int64_t d = 0; d < kHeadDim; ++d)
            s += at(q, h, i, d) * at(k, h, j, d);
          p[j] = s * scale();
          mx = std::max(mx, p[j]);
        }
        double sum = 0;
        for (int64_t j = 0; j <= last; ++j)
          sum += (p[j] = std::exp(p[j] - mx));
        double rowDelta = 0;
        for (int64_t j = 0; j <= last; ++j) {
          p[j] /= sum;
          dp[j] = 0;
          for (int64_t d = 0; d < kHeadDim; ++d)
            dp[j] += at(dout, h, i, d) * at(v, h, j, d);
          rowDelta += p[j] * dp[j];
        }
        lse[size_t(h * seqLen + i)] = (mx + std::log(sum)) / std::log(2.0);
        delta[size_t(h * seqLen + i)] = rowDelta;
        for (int64_t j = 0; j <= last; ++j) {
          double ds = p[j] * (dp[j] - rowDelta);
          for (int64_t d = 0; d < kHeadDim; ++d) {
            size_t out = size_t((h * seqLen + j) * kHeadDim + d);
            refV[out] += p[j] * at(dout, h, i, d);
            refK[out] += scale() * ds * at(q, h, i, d);
          }
        }
      }
  }

  rt::Kernel kernel;
  int64_t heads, seqLen, blockN = 0, stride = kStride;
  bool causal;
  CaseInfo caseInfo;
  std::vector<uint16_t> q, k, v, dout;
  std::vector<double> lse, delta, refK, refV;
  rt::DeviceBuffer dq, dk, dv, ddo, dlse, ddelta, gradK, gradV;
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
        for (bool causal : {false, true})
          for (auto [heads, seqLen] : {std::pair<int64_t, int64_t>{1, 1},
                                       {2, 100},
                                       {3, 256},
                                       {2, 1000}}) {
            std::string variant =
                causal ? "attention_bwd_kv_causal" : "attention_bwd_kv";
            cases.push_back(
                {fmt::format("{} heads={} seq={}", variant, heads, seqLen),
                 [=] {
                   return std::make_unique<BackwardCase>(dir, variant, heads,
                                                         seqLen, causal);
                 }});
          }
        return cases;
      },
      "attention_fwd");
}
