import triton
import triton.language as tl


# tl.inline_asm_elementwise with pack > 1 (tools/gpu/compare_cases.py runs
# both beside Triton): four u8 values in one 32-bit register, masked and
# shifted together; two fp32 values rounded into one register of two fp16.
@triton.jit
def shift_bytes(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    y = tl.inline_asm_elementwise(
        "and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;",
        "=r,r", [x], dtype=tl.int8, is_pure=True, pack=4)
    tl.store(y_ptr + offs, y, mask=offs < n)


@triton.jit
def round_pairs(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    y = tl.inline_asm_elementwise(
        "cvt.rn.f16x2.f32 $0, $2, $1;", "=r,r,r", [x],
        dtype=tl.float16, is_pure=True, pack=2)
    tl.store(y_ptr + offs, y, mask=offs < n)
