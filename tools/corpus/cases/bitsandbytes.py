"""bitsandbytes (bitsandbytes-foundation/bitsandbytes):
bitsandbytes/backends/triton/, its Triton backend: 4-bit (NF4, FP4) and
8-bit blockwise quantisation and dequantisation, and the 32-bit
optimizers, launched as the backend's functions launch them.
"""

from . import B, C, F, I, K, N, P, case, cdiv, randn, zeros

BACKEND = "bitsandbytes/backends/triton/"


def quantize_4bit(kind, n, blocksize=64, t="bf16"):
    # Four blocks a program (split_num_blocks = 4); two codes a byte.
    blocks = cdiv(n, blocksize)

    def make(torch):
        return dict(a=randn(torch, (n,), t), absmax=zeros(torch, (blocks,)),
                    out=zeros(torch, ((n + 1) // 2,), "u8"))
    return case("bitsandbytes", BACKEND + "kernels_4bit.py",
                f"quantize_{kind}_blockwise_{t}_n{n}",
                [K(f"quantize_{kind}_blockwise_kernel", [
                    ("A_ptr", P(t, "a")), ("absmax_ptr", P("fp32", "absmax")),
                    ("out_ptr", P("u8", "out")), ("n_elements", I(n)),
                    ("absmax_elements", I(blocks)),
                    ("BLOCK_SIZE", C(blocksize)), ("SPLIT_NUM_BLOCKS", C(4))],
                   grid=(cdiv(blocks, 4),))],
                make, ["out", "absmax"], "exact",
                bytes=lambda b: n * 2 + n // 2)


def dequantize_4bit(kind, n, blocksize=64, t="bf16"):
    # 256 packed bytes (512 values) a program.
    pairs = n // 2

    def make(torch):
        return dict(a=torch.randint(0, 256, (pairs,), dtype=torch.uint8,
                                    device="cuda"),
                    absmax=torch.rand(cdiv(n, blocksize), device="cuda") + 0.1,
                    out=zeros(torch, (n,), t))
    return case("bitsandbytes", BACKEND + "kernels_4bit.py",
                f"dequant_{kind}_{t}_n{n}",
                [K(f"dequant_{kind}_kernel", [
                    ("a_ptr", P("u8", "a")), ("c_ptr", P(t, "out")),
                    ("absmax_ptr", P("fp32", "absmax")),
                    ("num_paired_elements", I(pairs)),
                    ("num_output_elements", I(n)), ("QUANT_BLOCK", C(blocksize)),
                    ("SPLIT_SIZE", C(256))], grid=(cdiv(pairs, 256),))],
                make, ["out"], "exact", bytes=lambda b: pairs + 2 * n)


def code_table(torch):
    # A sorted 256-entry map of [-1, 1], as the dynamic map is.
    return torch.linspace(-1.0, 1.0, 256, device="cuda")


def quantize_8bit(n, blocksize=256):
    blocks = cdiv(n, blocksize)

    def make(torch):
        return dict(a=randn(torch, (n,)), code=code_table(torch),
                    absmax=zeros(torch, (blocks,)), out=zeros(torch, (n,), "u8"))
    return case("bitsandbytes", BACKEND + "kernels_8bit_quant.py",
                f"quantize_8bit_blockwise_n{n}",
                [K("quantize_8bit_blockwise_kernel", [
                    ("A_ptr", P("fp32", "a")), ("code_ptr", P("fp32", "code")),
                    ("absmax_ptr", P("fp32", "absmax")), ("out_ptr", P("u8", "out")),
                    ("n_elements", I(n)), ("BLOCK_SIZE", C(blocksize)),
                    ("CODE_SIZE", C(256)), ("SPLIT_NUM_BLOCKS", C(1))],
                   grid=(blocks,))],
                make, ["out", "absmax"], "exact", bytes=lambda b: 5 * n)


def dequantize_8bit(n, blocksize=256, t="bf16"):
    def make(torch):
        return dict(a=torch.randint(0, 256, (n,), dtype=torch.uint8, device="cuda"),
                    code=code_table(torch),
                    absmax=torch.rand(cdiv(n, blocksize), device="cuda"),
                    out=zeros(torch, (n,), t))

    def reference(torch, b):
        scale = b["absmax"].repeat_interleave(blocksize)[:n]
        return dict(out=(b["code"][b["a"].long()] * scale).to(b["out"].dtype))
    return case("bitsandbytes", BACKEND + "kernels_8bit_quant.py",
                f"dequant_8bit_{t}_n{n}",
                [K("dequant_8bit_kernel", [
                    ("a_ptr", P("u8", "a")), ("out_ptr", P(t, "out")),
                    ("code_ptr", P("fp32", "code")),
                    ("absmax_ptr", P("fp32", "absmax")), ("n", I(n)),
                    ("QUANT_BLOCK", C(blocksize)), ("SPLIT_SIZE", C(256))],
                   grid=(cdiv(n, 256),))],
                make, ["out"], "exact", reference=reference,
                reference_how=(1e-2, 1e-6), bytes=lambda b: 3 * n)


def optimizer_update(kind, n, step=10):
    # Adam (2 states) or momentum (1 state) at step 10, without max_unorm
    # (no unorm vector) or weight decay; 256 elements a program, 2 warps.
    two = kind == "adam"
    beta1, beta2 = (0.9, 0.999) if two else (0.9, 0.0)
    kernel = (f"_optimizer_update_{'2' if two else '1'}state_32bit_triton_kernel")

    def make(torch):
        return dict(g=randn(torch, (n,), scale=1e-2), p=randn(torch, (n,)),
                    s1=randn(torch, (n,), scale=1e-2),
                    s2=torch.rand(n, device="cuda") * 1e-4)
    return case("bitsandbytes", BACKEND + "kernels_optim.py",
                f"{kind}_32bit_update_n{n}",
                [K(kernel, [
                    ("g_ptr", P("fp32", "g")), ("p_ptr", P("fp32", "p")),
                    ("state1_ptr", P("fp32", "s1")),
                    ("state2_ptr", P("fp32", "s2") if two else N),
                    ("unorm_ptr", N), ("max_unorm", C(0.0)), ("param_norm", F(0.0)),
                    ("beta1", C(beta1)), ("beta2", C(beta2)), ("beta3", F(0.0)),
                    ("alpha", F(0.0)), ("eps", C(1e-8)), ("weight_decay", C(0.0)),
                    ("step", I(step)), ("beta1_step", F(beta1 ** step)),
                    ("beta2_step", F(beta2 ** step)), ("lr", F(1e-3)),
                    ("gnorm_scale", C(1.0)), ("skip_zeros", B(False)),
                    ("n_elements", I(n)), ("OPTIMIZER_ID", C(3 if two else 0)),
                    ("BLOCK_SIZE", C(256)), ("N_PER_TH", C(1))],
                   grid=(cdiv(n, 256),), warps=2)],
                make, ["p", "s1", "s2"] if two else ["p", "s1"], (1e-6, 1e-7),
                bytes=lambda b: (7 if two else 5) * 4 * n)


def cases():
    big, odd = 4096 * 4096, 1000 * 3001 + 37
    return [
        quantize_4bit("nf4", big), quantize_4bit("nf4", odd),
        quantize_4bit("fp4", big), quantize_4bit("fp4", odd),
        dequantize_4bit("nf4", big), dequantize_4bit("nf4", odd - 1),
        dequantize_4bit("fp4", big), dequantize_4bit("fp4", odd - 1),
        quantize_8bit(big), quantize_8bit(odd),
        dequantize_8bit(big), dequantize_8bit(odd),
        optimizer_update("adam", 64 * 1024 * 1024), optimizer_update("adam", odd),
        optimizer_update("momentum", 64 * 1024 * 1024),
        optimizer_update("momentum", odd),
    ]
