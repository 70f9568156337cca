# Device assertions on the GPU: @triton.jit(debug=True) compiles them
# whatever tilec's --debug (as Triton's debug=True). test/gpu/
# gpu_asserts_test.cpp launches check_positive with data that satisfies
# it and, in a child process, with data that does not.
import triton
import triton.language as tl


@triton.jit(debug=True)
def check_positive(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # y = 2x where every x is positive; masked-off elements (loaded as -1)
    # must not trip the assertion.
    assert n > 0, "n must be positive"
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=-1.0)
    tl.device_assert(x > 0, "x must be positive", mask=mask)
    tl.store(y_ptr + offs, x * 2, mask=mask)
