# Rows whose stride is not a multiple of 16 bytes start anywhere: their
# loads and stores are 2-byte accesses for bf16, and the whole row takes
# one element a thread, so that each warp access covers 64 consecutive
# bytes (lanes 2 bytes apart, then the next 256 bytes of the row); the
# 16-byte aligned weight narrows to that layout rather than giving the rows
# its 8 elements a thread (lanes 16 bytes apart: 16 sectors a warp access).
# With a stride that is a multiple of 16 everything moves 16 bytes a thread.
#
# RUN: tilec %s --kernel rms_norm_rows --signature '*bf16:16,*bf16:16,*bf16:16,i32,3000,4096' -o %t.ragged.ptx
# RUN: FileCheck %s --check-prefix=RAGGED --implicit-check-not=global.v4 < %t.ragged.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ragged.ptx -o %t.ragged.cubin %}
# RUN: tilec %s --kernel rms_norm_rows --signature '*bf16:16,*bf16:16,*bf16:16,i32:16,3000,4096' -o %t.aligned.ptx
# RUN: FileCheck %s --check-prefix=ALIGNED < %t.aligned.ptx

import triton
import triton.language as tl


@triton.jit
def rms_norm_rows(x_ptr, w_ptr, y_ptr, stride, N: tl.constexpr,
                  BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    x = x.to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask).to(tl.float32)
    rstd = 1.0 / tl.sqrt(tl.sum(x * x, axis=0) / N + 1e-6)
    tl.store(y_ptr + row * stride + cols, (x * rstd * w).to(tl.bfloat16),
             mask=mask)

# RAGGED: mov.u32 %r[[TID:[0-9]+]], %tid.x;
# RAGGED: mul.wide.u32 %rd{{[0-9]+}}, %r[[TID]], 2;
# RAGGED: add.s64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 256;
# RAGGED-COUNT-32: st.global.b16
# RAGGED-NOT: st.global

# ALIGNED-COUNT-4: ld.global.v4.b32
# ALIGNED-COUNT-4: st.global.v4.b32
