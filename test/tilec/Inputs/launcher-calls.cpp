// Calls of the GeLU launcher that emit-cpp.py generates: CASE 0 compiles
// (every accepted argument form), every other CASE must not.

#include "gelu.h"

#include <cstdint>

namespace k = tilec::kernels;
namespace rt = tilec::rt;

void calls(float *x, const float *cx, float *y, rt::DevicePtr p,
           const rt::DeviceBuffer &buffer, rt::Stream &stream, int32_t n,
           int16_t small, int64_t big, double *dx, unsigned long count) {
#if CASE == 0
  k::triton_gelu_kernel({4}, x, y, n);                   // default stream
  k::triton_gelu_kernel(stream, {4, 1, 1}, cx, y, 1024); // const input
  k::triton_gelu_kernel(nullptr, {4}, p, buffer, small); // widening is fine
  k::triton_gelu_kernel(stream.handle(), {4}, buffer, nullptr, n);
  (void)big, (void)dx, (void)count;
#elif CASE == 1
  k::triton_gelu_kernel({4}, dx, y, n); // double* for *fp32
#elif CASE == 2
  k::triton_gelu_kernel({4}, x, y, big); // int64_t for i32 narrows
#elif CASE == 3
  k::triton_gelu_kernel({4}, x, y, count); // size_t for i32 narrows
#elif CASE == 4
  k::triton_gelu_kernel({4}, x, y, 1.0f); // a float for i32
#elif CASE == 5
  k::triton_gelu_kernel({4}, x, reinterpret_cast<int32_t *>(y), n);
#elif CASE == 6
  k::triton_gelu_kernel({4}, x, y); // an argument missing
#elif CASE == 7
  k::triton_gelu_kernel({4}, x, y, n, n); // one too many
#elif CASE == 8
  k::triton_gelu_kernel({4}, x, y, true); // bool for i32
#endif
}
