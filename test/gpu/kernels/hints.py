# Kernels whose loads and stores are vectorised only because of hints
# (tl.multiple_of, tl.max_contiguous, tl.max_constancy), compiled without
# the `:16` promise. test/gpu/gpu_hints_test.cpp checks them exactly on
# inputs that keep the hints' promises; test/Frontend/hints.py checks the
# 128-bit accesses in the PTX.
import triton
import triton.language as tl


@triton.jit
def hinted_copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # y[i] = 2 x[i] + 1 where n, and both pointers, are multiples of 16.
    x_ptr = tl.multiple_of(x_ptr, 16)
    y_ptr = tl.multiple_of(y_ptr, 16)
    n = tl.multiple_of(n, 16)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, 2.0 * x + 1.0, mask=mask)


@triton.jit
def group_scale(x_ptr, scale_ptr, y_ptr, n, GROUP: tl.constexpr,
                BLOCK: tl.constexpr):
    # y[i] = x[i] * scale[i // GROUP]: the scale index is constant over runs
    # of GROUP elements, which max_constancy says.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    group = tl.max_constancy(offs // GROUP, GROUP)
    s = tl.load(scale_ptr + group, mask=mask)
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x * s, mask=mask)
