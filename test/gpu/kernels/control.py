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
    # Unsigned integers print as such (%u): the first four wrap past 2^31.
    tl.device_print("u", (offs - 4).to(tl.uint32))


@triton.jit
def rotate_clamp(x_ptr, rot_ptr, lo_ptr, hi_ptr, n, BLOCK: tl.constexpr):
    # tl.inline_asm_elementwise: a 32-bit rotate by 3 (one output), and
    # min/max against 0 of the same bits read as floats (two outputs).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    rot = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $1, 3;", "=r,r",
                                    [x], dtype=tl.int32, is_pure=True, pack=1)
    f = x.to(tl.float32, bitcast=True)
    lo, hi = tl.inline_asm_elementwise(
        "min.f32 $0, $2, 0f00000000; max.f32 $1, $2, 0f00000000;", "=f,=f,f",
        [f], dtype=(tl.float32, tl.float32), is_pure=True, pack=1)
    tl.store(rot_ptr + offs, rot, mask=m)
    tl.store(lo_ptr + offs, lo, mask=m)
    tl.store(hi_ptr + offs, hi, mask=m)


@triton.jit
def _classify(v):
    # Early returns from a helper: -1, 0, 2 or 1 for negative, zero, even
    # and odd.
    if v < 0:
        return -1
    if v == 0:
        return 0
    if v % 2 == 0:
        return 2
    return 1


@triton.jit
def early_exit(x_ptr, y_ptr, n):
    # Programs past n return before touching memory (the grid is larger).
    i = tl.program_id(0)
    if i >= n:
        return
    tl.store(y_ptr + i, _classify(tl.load(x_ptr + i)))


@triton.jit
def gdc_produce(x_ptr, n, k, BLOCK: tl.constexpr):
    # x[i] = 3 i + k; lets the next grid launch early (programmatic
    # dependent launch), which must still wait for these stores.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.extra.cuda.gdc_launch_dependents()
    tl.store(x_ptr + offs, 3 * offs + k, mask=offs < n)


@triton.jit
def gdc_consume(x_ptr, y_ptr, n, k, BLOCK: tl.constexpr):
    # y[k n + i] = 2 x[i], read only after the grid before has finished.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.extra.cuda.gdc_wait()
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + k * n + offs, 2 * x, mask=offs < n)
