# Runtime control flow: `while` loops on scalars (inside an `if`) and on
# blocks. test/gpu/gpu_control_test.cpp checks them against the CPU.
import triton
import triton.language as tl


@triton.jit
def halvings(x_ptr, y_ptr, n):
    # y[i]: how many times x[i] halves (integer division) before it is <= 1.
    i = tl.program_id(0)
    if i < n:
        v = tl.load(x_ptr + i)
        steps = 0
        while v > 1:
            v = v // 2
            steps += 1
        tl.store(y_ptr + i, steps)


@triton.jit
def newton_sqrt(x_ptr, y_ptr, n, iters, BLOCK: tl.constexpr):
    # iters Newton steps for sqrt(x), from r = x.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    r = x
    t = 0
    while t < iters:
        r = 0.5 * (r + x / r)
        t += 1
    tl.store(y_ptr + offs, r, mask=m)


@triton.jit
def show(x_ptr, n, BLOCK: tl.constexpr):
    # tl.device_print of a block (one line per element) and of scalars (one
    # line per program).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-1.0)
    tl.device_print("x", offs, x)
    tl.device_print("n ", n, tl.program_id(0), hex=True)
