"""DeepSpeed (microsoft/DeepSpeed): the Triton kernels of its inference
transformer, deepspeed/ops/transformer/inference/triton/ (layer norms,
GeLU, softmax with and without an attention mask, the residual add) and
the block-pointer attention of triton_ops.py, in fp16 as DeepSpeed
inference runs them, with their host functions' block sizes and warps.
"""

from . import C, F, I, K, P, case, cdiv, np2, randn, zeros

TRITON = "deepspeed/ops/transformer/inference/triton/"


def ln_settings(n):
    block = min(65536 // 2, np2(n))
    block = min(max(block, 128), 4096)
    block = block if n <= 4096 else 8192
    return block, min(max(block // 256, 1), 8)


def layer_norm(rows, cols, residual=False, t="fp16"):
    block, warps = ln_settings(cols)

    def make(torch):
        return dict(a=randn(torch, (rows, cols), t), r=randn(torch, (rows, cols), t),
                    w=randn(torch, (cols,), t), b=randn(torch, (cols,), t),
                    out=zeros(torch, (rows, cols), t), ln_in=zeros(torch, (rows, cols), t))

    def reference(torch, buf):
        x = buf["a"].float() + (buf["r"].float() if residual else 0)
        y = torch.nn.functional.layer_norm(x, (cols,), buf["w"].float(),
                                           buf["b"].float(), 1e-5)
        return dict(out=y.half())
    if residual:
        args = [("Out", P(t, "out")), ("A", P(t, "a")), ("Residual", P(t, "r")),
                ("ln_input", P(t, "ln_in")), ("Weight", P(t, "w")), ("Bias", P(t, "b"))]
    else:
        args = [("Out", P(t, "out")), ("A", P(t, "a")), ("Weight", P(t, "w")),
                ("Bias", P(t, "b"))]
    args += [("stride", I(cols)), ("N", I(cols)), ("eps", F(1e-5)),
             ("BLOCK_SIZE", C(block))]
    return case("deepspeed", TRITON + "layer_norm.py",
                f"layer_norm{'_residual' if residual else ''}_{t}_{rows}x{cols}",
                [K("layer_norm_residual_kernel" if residual else "layer_norm_kernel",
                   args, grid=(rows,), warps=warps)],
                make, ["out", "ln_in"] if residual else ["out"], (1e-2, 1e-2),
                reference=reference, reference_how=(2e-2, 2e-2),
                bytes=lambda b: (4 if residual else 2) * rows * cols * 2)


def gelu(n, t="fp16"):
    def make(torch):
        return dict(x=randn(torch, (n,), t), y=zeros(torch, (n,), t))

    def reference(torch, b):
        return dict(y=torch.nn.functional.gelu(b["x"].float()).half())
    # Within one fp16 ulp (2^-10 relative) plus 2^-22: both sides compute
    # x / sqrt(2), erf and the product in fp32 as Triton's rules say, but
    # erf is libdevice's __nv_erff, and Triton links the libdevice.10.bc it
    # bundles (beside its CUDA 12.8 ptxas in Triton 3.6), tilec the CUDA
    # toolkit's (13.0 where the corpus is compiled). Their polynomials for
    # |x / sqrt(2)| >= 1.00295 differ, so erf can differ in its last bit:
    # the output then rounds to neighbouring fp16 values (150 of the 65536
    # fp16 inputs, 1.1e-4 of N(0, 1) ones, as in the H200 run), or, below
    # x = -4 where 1 + erf cancels, lands up to 3 steps of 2^-24 apart.
    # Emulating both polynomials over every fp16 x stays within this.
    return case("deepspeed", TRITON + "gelu.py", f"gelu_{t}_n{n}",
                [K("gelu_kernel", [
                    ("x_ptr", P(t, "x")), ("output_ptr", P(t, "y")),
                    ("n_elements", I(n)), ("BLOCK_SIZE", C(1024))],
                   grid=(cdiv(n, 1024),))],
                make, ["y"], (2**-10, 2**-22), reference=reference,
                reference_how=(1e-3, 1e-3),
                bytes=lambda b: 4 * n)


def softmax(rows, cols, masked=False, t="fp16"):
    # Attention scores [batch * heads * q, k]; the mask is one row of
    # additive biases per batch entry broadcast over heads (mask_stride 0
    # for a single row).
    block = max(np2(cols), 2)
    warps = 16 if block >= 4096 else 8 if block >= 2048 else 4

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t, 3.0), out=zeros(torch, (rows, cols), t),
                    mask=torch.where(torch.rand(1, cols, device="cuda") < 0.1,
                                     -10000.0, 0.0).half())

    def reference(torch, b):
        x = b["x"].float() + (b["mask"].float() if masked else 0)
        return dict(out=torch.softmax(x, -1).half())
    if masked:
        step = K("masked_softmax_kernel", [
            ("output_ptr", P(t, "out")), ("input_ptr", P(t, "x")), ("stride", I(cols)),
            ("mask_ptr", P(t, "mask")), ("mask_stride", I(0)), ("n_cols", I(cols)),
            ("BLOCK_SIZE", C(block))], grid=(rows,), warps=warps)
    else:
        step = K("softmax_kernel", [
            ("output_ptr", P(t, "out")), ("input_ptr", P(t, "x")), ("stride", I(cols)),
            ("n_cols", I(cols)), ("BLOCK_SIZE", C(block))], grid=(rows,), warps=warps)
    return case("deepspeed", TRITON + "softmax.py",
                f"{'masked_' if masked else ''}softmax_{t}_{rows}x{cols}", [step],
                make, ["out"], (1e-3, 1e-3), reference=reference,
                reference_how=(2e-3, 2e-3), bytes=lambda b: 2 * rows * cols * 2)


def residual_add(tokens, hidden, t="fp16"):
    # GPT-style: MLP after attention, pre-attention norm, one GPU.
    n = tokens * hidden

    def make(torch):
        return dict(h=randn(torch, (tokens, hidden), t), r=randn(torch, (tokens, hidden), t),
                    a=randn(torch, (tokens, hidden), t), ab=randn(torch, (hidden,), t),
                    fb=randn(torch, (hidden,), t), out=zeros(torch, (tokens, hidden), t))
    return case("deepspeed", TRITON + "residual_add.py", f"residual_add_bias_{t}_{tokens}x{hidden}",
                [K("residual_add_bias_kernel", [
                    ("hidden_state_ptr", P(t, "h")), ("residual_ptr", P(t, "r")),
                    ("attn_output_ptr", P(t, "a")), ("hidden_state_size", I(n)),
                    ("attn_bias_ptr", P(t, "ab")), ("final_bias_ptr", P(t, "fb")),
                    ("bias_size", I(hidden)), ("output_ptr", P(t, "out")),
                    ("mp_size", C(1)), ("mlp_after_attn", C(True)),
                    ("pre_attn_norm", C(True)), ("add_attn_bias", C(True)),
                    ("BLOCK_SIZE", C(1024))], grid=(cdiv(n, 1024),))],
                make, ["out"], "exact", bytes=lambda b: 4 * n * 2)


def flash_attention(z, h, n_ctx, d, block=128):
    # Block pointers, no causal mask and no boundary checks: N_CTX a
    # multiple of the block, as DeepSpeed's callers pad it.
    scale = d ** -0.5

    def make(torch):
        return dict(q=randn(torch, (z, h, n_ctx, d), "fp16"),
                    k=randn(torch, (z, h, n_ctx, d), "fp16"),
                    v=randn(torch, (z, h, n_ctx, d), "fp16"),
                    o=zeros(torch, (z, h, n_ctx, d), "fp16"))

    def reference(torch, b):
        q, k, v = (b[n].float() for n in "qkv")
        return dict(o=torch.nn.functional.scaled_dot_product_attention(
            q, k, v, scale=scale).half())
    st = [h * n_ctx * d, n_ctx * d, d, 1]
    args = [("Q", P("fp16", "q")), ("K", P("fp16", "k")), ("V", P("fp16", "v")),
            ("sm_scale", F(scale)), ("Out", P("fp16", "o"))]
    for name, dims in (("q", "zhmk"), ("k", "zhnk"), ("v", "zhkn"), ("o", "zhmn")):
        args += [(f"stride_{name}{dim}", I(v)) for dim, v in zip(dims, st)]
    args += [("Z", I(z)), ("H", I(h)), ("N_CTX", I(n_ctx)), ("BLOCK_M", C(block)),
             ("BLOCK_DMODEL", C(d)), ("BLOCK_N", C(block))]
    return case("deepspeed", "deepspeed/ops/transformer/inference/triton_ops.py",
                f"flash_attention_fwd_{z}x{h}x{n_ctx}x{d}",
                [K("_fwd_kernel", args, grid=(cdiv(n_ctx, block), z * h),
                   warps=4 if d <= 64 else 8, stages=1)],
                make, ["o"], (2e-2, 2e-2), reference=reference,
                reference_how=(2e-2, 2e-2),
                flops=lambda b: 4 * z * h * n_ctx * n_ctx * d)


def cases():
    return [
        layer_norm(4096, 4096), layer_norm(1000, 3000),
        layer_norm(4096, 4096, residual=True), layer_norm(1000, 3000, residual=True),
        gelu(4096 * 16384), gelu(1000 * 3001 + 7),
        softmax(16 * 32 * 128, 2048), softmax(3 * 12 * 77, 1000),
        softmax(16 * 32 * 128, 2048, masked=True), softmax(3 * 12 * 77, 1000, masked=True),
        residual_add(4096, 4096), residual_add(1000, 3000),
        flash_attention(4, 16, 2048, 64), flash_attention(3, 12, 1152, 128),
    ]
