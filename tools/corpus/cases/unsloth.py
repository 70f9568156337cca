"""unsloth (unslothai/unsloth): unsloth/kernels/.

Row kernels take `calculate_settings` (one program a row); the gated
activations run 1024-element blocks over the flattened tensor; the fp8
kernels take 128-wide blocks, as their host functions do.
"""

from . import C, I, K, P, case, cdiv, randn, row_settings, tol, zeros

KERNELS = "unsloth/kernels/"


def rms_layernorm_fwd(rows, cols, gemma=False, t="bf16"):
    block, warps = row_settings(cols)
    kernel = "_gemma_rms_layernorm_forward" if gemma else "_rms_layernorm_forward"

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t), w=randn(torch, (cols,), t),
                    y=zeros(torch, (rows, cols), t), r=zeros(torch, (rows,)))
    return case("unsloth", KERNELS + "rms_layernorm.py",
                f"{'gemma_' if gemma else ''}rms_layernorm_fwd_{t}_{rows}x{cols}",
                [K(kernel, [
                    ("Y", P(t, "y")), ("Y_row_stride", C(cols)),
                    ("X", P(t, "x")), ("X_row_stride", C(cols)),
                    ("W", P(t, "w")), ("W_row_stride", C(1)),
                    ("r", P("fp32", "r")), ("r_row_stride", C(1)),
                    ("n_cols", C(cols)), ("eps", C(1e-6)),
                    ("BLOCK_SIZE", C(block))], grid=(rows,), warps=warps)],
                make, ["y", "r"], tol(t),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def rms_layernorm_bwd(rows, cols, t="bf16"):
    block, warps = row_settings(cols)

    def make(torch):
        x = randn(torch, (rows, cols), t)
        return dict(x=x, w=randn(torch, (cols,), t), dy=randn(torch, (rows, cols), t),
                    dx=zeros(torch, (rows, cols), t),
                    r=torch.rsqrt(x.float().pow(2).mean(-1) + 1e-6))
    return case("unsloth", KERNELS + "rms_layernorm.py",
                f"rms_layernorm_bwd_{t}_{rows}x{cols}",
                [K("_rms_layernorm_backward", [
                    ("dY", P(t, "dy")), ("dY_row_stride", C(cols)),
                    ("dX", P(t, "dx")), ("dX_row_stride", C(cols)),
                    ("X", P(t, "x")), ("X_row_stride", C(cols)),
                    ("W", P(t, "w")), ("W_row_stride", C(1)),
                    ("r", P("fp32", "r")), ("r_row_stride", C(1)),
                    ("n_cols", C(cols)), ("eps", C(1e-6)), ("GEMMA", C(False)),
                    ("BLOCK_SIZE", C(block))], grid=(rows,), warps=warps)],
                make, ["dx"], tol(t),
                bytes=lambda b: 3 * b["x"].numel() * b["x"].element_size())


def layernorm(rows, cols, backward=False, t="bf16"):
    block, warps = row_settings(cols)

    def make(torch):
        x = randn(torch, (rows, cols), t)
        xf = x.float()
        return dict(x=x, w=randn(torch, (cols,), t), b=randn(torch, (cols,), t),
                    y=zeros(torch, (rows, cols), t),
                    dy=randn(torch, (rows, cols), t),
                    r=torch.rsqrt(xf.var(-1, unbiased=False) + 1e-5)
                    if backward else zeros(torch, (rows,)),
                    mu=xf.mean(-1) if backward else zeros(torch, (rows,)))
    first = ("dY", P(t, "dy")) if backward else ("Y", P(t, "y"))
    return case("unsloth", KERNELS + "layernorm.py",
                f"layernorm_{'bwd' if backward else 'fwd'}_{t}_{rows}x{cols}",
                [K("layernorm_backward" if backward else "layernorm_forward", [
                    first, (first[0] + "_row_stride", I(cols)),
                    ("X", P(t, "x")), ("X_row_stride", I(cols)),
                    ("W", P(t, "w")), ("b", P(t, "b")), ("r", P("fp32", "r")),
                    ("mu", P("fp32", "mu")), ("n_cols", C(cols)),
                    ("eps", C(1e-5)), ("BLOCK_SIZE", C(block))],
                   grid=(rows,), warps=warps)],
                make, ["dy"] if backward else ["y", "r", "mu"], tol(t),
                bytes=lambda b: (3 if backward else 2) * b["x"].numel()
                * b["x"].element_size())


def gated(kernel, path, tokens, hidden, backward, t="bf16"):
    # e, g (and DW in the backward, which writes over all three), 1024 a
    # program over the flattened tensor; int32 indexing below 2^31.
    n = tokens * hidden

    def make(torch):
        return dict(e=randn(torch, (tokens, hidden), t),
                    g=randn(torch, (tokens, hidden), t),
                    h=zeros(torch, (tokens, hidden), t),
                    dw=randn(torch, (tokens, hidden), t))
    first = [("DW", P(t, "dw")), ("e", P(t, "e")), ("g", P(t, "g"))] if backward \
        else [("e", P(t, "e")), ("g", P(t, "g")), ("h", P(t, "h"))]
    return case("unsloth", KERNELS + path, f"{kernel.strip('_')}_{t}_{tokens}x{hidden}",
                [K(kernel, first + [("n_elements", I(n)), ("BLOCK_SIZE", C(1024)),
                                    ("LONG_INDEXING", C(0))],
                   grid=(cdiv(n, 1024),))],
                make, ["dw", "e", "g"] if backward else ["h"],
                tol(t), bytes=lambda b: (6 if backward else 3) * n * 2)


def cross_entropy(rows, vocab, t="bf16"):
    block, warps = row_settings(vocab)

    def make(torch):
        return dict(x=randn(torch, (rows, vocab), t, 2.0),
                    labels=torch.randint(0, vocab, (rows,), device="cuda"),
                    loss=zeros(torch, (rows,)), lse=zeros(torch, (rows,)))

    def reference(torch, b):
        x = b["x"].float()
        lse = torch.logsumexp(x, -1)
        return dict(lse=lse, loss=lse - x.gather(1, b["labels"][:, None])[:, 0])
    return case("unsloth", KERNELS + "cross_entropy_loss.py",
                f"cross_entropy_fwd_{t}_{rows}x{vocab}",
                [K("_cross_entropy_forward", [
                    ("logits_ptr", P(t, "x")), ("logits_row_stride", I(vocab)),
                    ("loss_ptr", P("fp32", "loss")),
                    ("logsumexp_ptr", P("fp32", "lse")),
                    ("labels_ptr", P("i64", "labels")),
                    ("VOCAB_SIZE", C(vocab)), ("BLOCK_SIZE", C(block)),
                    ("DO_SOFTCAPPING", C(False)), ("SOFTCAP", C(0)),
                    ("DO_LOGIT_SCALING", C(False)), ("LOGIT_SCALE", C(0))],
                   grid=(rows,), warps=warps)],
                make, ["loss", "lse"], (1e-5, 1e-5), reference=reference,
                reference_how=(1e-4, 1e-4),
                bytes=lambda b: b["x"].numel() * b["x"].element_size())


def weight_dequant(m, n, block=128):
    def make(torch):
        return dict(x=randn(torch, (m, n), "fp8e4nv"),
                    s=torch.rand(cdiv(m, block), cdiv(n, block), device="cuda"),
                    y=zeros(torch, (m, n), "bf16"))

    def reference(torch, b):
        s = b["s"].repeat_interleave(block, 0).repeat_interleave(block, 1)
        return dict(y=(b["x"].float() * s[:m, :n]).bfloat16())
    return case("unsloth", KERNELS + "fp8.py", f"weight_dequant_{m}x{n}",
                [K("weight_dequant_kernel", [
                    ("x_ptr", P("fp8e4nv", "x")), ("s_ptr", P("fp32", "s")),
                    ("y_ptr", P("bf16", "y")), ("M", I(m)), ("N", I(n)),
                    ("BLOCK_SIZE", C(block))],
                   grid=(cdiv(m, block), cdiv(n, block)))],
                make, ["y"], "exact", reference=reference,
                reference_how=(0, 0), bytes=lambda b: 3 * m * n)


def act_quant(tokens, hidden, block=128):
    def make(torch):
        return dict(x=randn(torch, (tokens, hidden), "bf16"),
                    y=zeros(torch, (tokens, hidden), "fp8e4nv"),
                    s=zeros(torch, (tokens, hidden // block)))
    return case("unsloth", KERNELS + "fp8.py", f"act_quant_{tokens}x{hidden}",
                [K("act_quant_kernel", [
                    ("x_ptr", P("bf16", "x")), ("y_ptr", P("fp8e4nv", "y")),
                    ("s_ptr", P("fp32", "s")), ("BLOCK_SIZE", C(block))],
                   grid=(tokens * hidden // block,))],
                make, ["y", "s"], "exact", bytes=lambda b: 3 * tokens * hidden)


def w8a8_block_matmul(m, n, k):
    # C = (A * As) (B * Bs)^T with 128x128 weight blocks and 1x128
    # activation groups; BLOCK_SIZE_M 128 (a power of two >= 16 for few
    # rows); the launch takes the kernel's defaults for warps and stages.
    bm = 128 if m >= 128 else max(16, 1 << (m - 1).bit_length())

    def make(torch):
        return dict(a=randn(torch, (m, k), "fp8e4nv"),
                    b=randn(torch, (n, k), "fp8e4nv"),
                    As=torch.rand(m, cdiv(k, 128), device="cuda"),
                    Bs=torch.rand(cdiv(n, 128), cdiv(k, 128), device="cuda"),
                    c=zeros(torch, (m, n)))

    def reference(torch, b):
        a = b["a"].float() * b["As"].repeat_interleave(128, 1)[:, :k]
        w = b["b"].float() * b["Bs"].repeat_interleave(128, 0).repeat_interleave(
            128, 1)[:n, :k]
        return dict(c=a @ w.t())
    return case("unsloth", KERNELS + "fp8.py", f"w8a8_block_fp8_matmul_{m}x{n}x{k}",
                [K("_w8a8_block_fp8_matmul", [
                    ("A", P("fp8e4nv", "a")), ("B", P("fp8e4nv", "b")),
                    ("C", P("fp32", "c")), ("As", P("fp32", "As")),
                    ("Bs", P("fp32", "Bs")), ("M", I(m)), ("N", I(n)), ("K", I(k)),
                    ("group_n", I(128)), ("group_k", I(128)),
                    ("stride_am", I(k)), ("stride_ak", I(1)),
                    ("stride_bk", I(1)), ("stride_bn", I(k)),
                    ("stride_cm", I(n)), ("stride_cn", I(1)),
                    ("stride_As_m", I(cdiv(k, 128))), ("stride_As_k", I(1)),
                    ("stride_Bs_k", I(1)), ("stride_Bs_n", I(cdiv(k, 128))),
                    ("BLOCK_SIZE_M", C(bm)), ("BLOCK_SIZE_N", C(128)),
                    ("BLOCK_SIZE_K", C(128)), ("GROUP_SIZE_M", C(8))],
                   grid=(cdiv(m, bm) * cdiv(n, 128),))],
                make, ["c"], (1e-3, 1e-2), reference=reference,
                reference_how=(1e-2, 1e-1), flops=lambda b: 2 * m * n * k)


def cases():
    return [
        rms_layernorm_fwd(4096, 4096), rms_layernorm_fwd(1000, 3000),
        rms_layernorm_fwd(4096, 3072, gemma=True),
        rms_layernorm_fwd(999, 2304, gemma=True),
        rms_layernorm_bwd(4096, 4096), rms_layernorm_bwd(1000, 3000),
        layernorm(4096, 4096), layernorm(1000, 3000),
        layernorm(4096, 4096, backward=True), layernorm(1000, 3000, backward=True),
        gated("_fg_kernel", "swiglu.py", 4096, 14336, False),
        gated("_fg_kernel", "swiglu.py", 1000, 11007, False),
        gated("_DWf_DW_dfg_kernel", "swiglu.py", 4096, 14336, True),
        gated("_DWf_DW_dfg_kernel", "swiglu.py", 1000, 11007, True),
        gated("_exact_forward_kernel", "geglu.py", 4096, 16384, False),
        gated("_exact_forward_kernel", "geglu.py", 999, 9001, False),
        gated("_exact_backward_kernel", "geglu.py", 4096, 16384, True),
        gated("_exact_backward_kernel", "geglu.py", 999, 9001, True),
        gated("_approx_forward_kernel", "geglu.py", 4096, 16384, False),
        gated("_approx_forward_kernel", "geglu.py", 999, 9001, False),
        gated("_approx_backward_kernel", "geglu.py", 4096, 16384, True),
        gated("_approx_backward_kernel", "geglu.py", 999, 9001, True),
        cross_entropy(4096, 32000), cross_entropy(1000, 50257),
        weight_dequant(4096, 4096), weight_dequant(1000, 3000),
        act_quant(4096, 4096), act_quant(1000, 3072),
        w8a8_block_matmul(4096, 4096, 4096), w8a8_block_matmul(77, 3000, 2944),
    ]
