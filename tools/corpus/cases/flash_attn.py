"""flash-attention's Triton code (Dao-AILab/flash-attention):
flash_attn/ops/triton/ (cross entropy, rotary, layer norm), with the
launch parameters of their host functions. (The Triton FlashAttention of
flash_attn/flash_attn_triton.py is left out: it calls tl.dot(q, k,
trans_b=True), which Triton 3.6 no longer has.)
"""

from . import C, F, H, I, K, N, P, case, cdiv, np2, randn, tol, zeros  # noqa: F401

OPS = "flash_attn/ops/triton/"


def cross_entropy_fwd(rows, vocab, t="bf16"):
    block = min(np2(vocab), 16 * 1024)
    warps = 4 if block < 2048 else 8 if block < 8192 else 16

    def make(torch):
        return dict(x=randn(torch, (rows, vocab), t, 2.0),
                    labels=torch.randint(0, vocab, (rows,), device="cuda"),
                    loss=zeros(torch, (rows,)), lse=zeros(torch, (rows,)),
                    z=zeros(torch, (rows,)))

    def reference(torch, b):
        x = b["x"].float()
        lse = torch.logsumexp(x, -1)
        return dict(lse=lse, loss=lse - x.gather(1, b["labels"][:, None])[:, 0])
    return case("flash_attn", OPS + "cross_entropy.py",
                f"cross_entropy_fwd_{t}_{rows}x{vocab}",
                [K("cross_entropy_fwd_kernel", [
                    ("loss_ptr", P("fp32", "loss")), ("lse_ptr", P("fp32", "lse")),
                    ("z_loss_ptr", P("fp32", "z")), ("logits_ptr", P(t, "x")),
                    ("labels_ptr", P("i64", "labels")), ("smoothing", F(0.0)),
                    ("logit_scale", F(1.0)), ("lse_square_scale", F(0.0)),
                    ("ignore_index", I(-100)), ("total_classes", I(vocab)),
                    ("class_start_idx", I(0)), ("n_cols", I(vocab)),
                    ("logits_row_stride", I(vocab)), ("BLOCK_SIZE", C(block)),
                    ("HAS_SMOOTHING", H(False)), ("SPLIT", C(False)),
                    ("PRECOMPUTED_LSE", C(False))], grid=(rows,), warps=warps)],
                make, ["loss", "lse"], (1e-5, 1e-5), reference=reference,
                reference_how=(1e-4, 1e-4),
                bytes=lambda b: b["x"].numel() * b["x"].element_size())


def cross_entropy_bwd(rows, vocab, t="bf16"):
    block = min(np2(vocab), 4 * 1024)
    warps = 4 if block < 2048 else 8 if block < 8192 else 16

    def make(torch):
        x = randn(torch, (rows, vocab), t, 2.0)
        return dict(x=x, labels=torch.randint(0, vocab, (rows,), device="cuda"),
                    lse=torch.logsumexp(x.float(), -1),
                    dloss=torch.rand(rows, device="cuda"),
                    dx=zeros(torch, (rows, vocab), t))
    return case("flash_attn", OPS + "cross_entropy.py",
                f"cross_entropy_bwd_{t}_{rows}x{vocab}",
                [K("cross_entropy_bwd_kernel", [
                    ("dlogits_ptr", P(t, "dx")), ("dloss_ptr", P("fp32", "dloss")),
                    ("logits_ptr", P(t, "x")), ("lse_ptr", P("fp32", "lse")),
                    ("labels_ptr", P("i64", "labels")), ("smoothing", F(0.0)),
                    ("logit_scale", F(1.0)), ("lse_square_scale", F(0.0)),
                    ("ignore_index", I(-100)), ("total_classes", I(vocab)),
                    ("class_start_idx", I(0)), ("n_cols", I(vocab)),
                    ("logits_row_stride", I(vocab)),
                    ("dlogits_row_stride", I(vocab)), ("dloss_row_stride", I(1)),
                    ("BLOCK_SIZE", C(block)), ("HAS_SMOOTHING", H(False))],
                   grid=(rows, cdiv(vocab, block)), warps=warps)],
                make, ["dx"], tol(t),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def rotary(batch, seqlen, nheads, headdim, t="bf16"):
    # Not interleaved, not in place, a fixed offset 0; BLOCK_M 8 up to
    # rotary_dim 128, BLOCK_H 2.
    def make(torch):
        angle = torch.rand(seqlen, headdim // 2, device="cuda") * 6.28
        dtype = randn(torch, (1,), t).dtype
        return dict(x=randn(torch, (batch, seqlen, nheads, headdim), t),
                    out=zeros(torch, (batch, seqlen, nheads, headdim), t),
                    cos=angle.cos().to(dtype), sin=angle.sin().to(dtype))

    def reference(torch, b):
        x = b["x"].float()
        x1, x2 = x[..., :headdim // 2], x[..., headdim // 2:]
        c, s = b["cos"].float()[None, :, None], b["sin"].float()[None, :, None]
        return dict(out=torch.cat([x1 * c - x2 * s, x1 * s + x2 * c], -1).to(
            b["x"].dtype))
    sb, ss, sh = seqlen * nheads * headdim, nheads * headdim, headdim
    return case("flash_attn", OPS + "rotary.py",
                f"rotary_{t}_{batch}x{seqlen}x{nheads}x{headdim}",
                [K("rotary_kernel", [
                    ("OUT", P(t, "out")), ("X", P(t, "x")), ("COS", P(t, "cos")),
                    ("SIN", P(t, "sin")), ("CU_SEQLENS", N),
                    ("SEQLEN_OFFSETS", I(0)), ("seqlen", I(seqlen)),
                    ("nheads", I(nheads)), ("seqlen_ro", I(seqlen)),
                    ("stride_out_batch", I(sb)), ("stride_out_seqlen", I(ss)),
                    ("stride_out_nheads", I(sh)), ("stride_out_headdim", I(1)),
                    ("stride_x_batch", I(sb)), ("stride_x_seqlen", I(ss)),
                    ("stride_x_nheads", I(sh)), ("stride_x_headdim", I(1)),
                    ("ROTARY_DIM", C(headdim)),
                    ("IS_SEQLEN_OFFSETS_TENSOR", C(False)),
                    ("IS_VARLEN", C(False)), ("INTERLEAVED", C(False)),
                    ("CONJUGATE", C(False)), ("BLOCK_H", C(2)),
                    ("BLOCK_M", C(8 if headdim <= 128 else 4))],
                   grid=(cdiv(nheads, 2), cdiv(seqlen, 8 if headdim <= 128 else 4),
                         batch))],
                make, ["out"], tol(t), reference=reference,
                reference_how=(2e-2, 2e-2),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def rms_norm_fwd(rows, cols, warps, t="bf16"):
    # _layer_norm_fwd_1pass_kernel as RMSNorm without residual, bias,
    # dropout or a second input: what RMSNorm modules call. Its autotune
    # tries 1-32 warps and nothing else; `warps` is the pick.
    block = min(65536 // 2, np2(cols))

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t), w=randn(torch, (cols,), t),
                    y=zeros(torch, (rows, cols), t), rstd=zeros(torch, (rows,)))

    def reference(torch, b):
        x = b["x"].float()
        rstd = torch.rsqrt(x.pow(2).mean(-1) + 1e-6)
        return dict(rstd=rstd, y=(x * rstd[:, None] * b["w"].float()).to(
            b["x"].dtype))
    return case("flash_attn", OPS + "layer_norm.py",
                f"rms_norm_fwd_{t}_{rows}x{cols}",
                [K("_layer_norm_fwd_1pass_kernel", [
                    ("X", P(t, "x")), ("Y", P(t, "y")), ("W", P(t, "w")),
                    ("B", N), ("RESIDUAL", N), ("X1", N), ("W1", N), ("B1", N),
                    ("Y1", N), ("RESIDUAL_OUT", N), ("ROWSCALE", N), ("SEEDS", N),
                    ("DROPOUT_MASK", N), ("DROPOUT_MASK1", N), ("Mean", N),
                    ("Rstd", P("fp32", "rstd")), ("stride_x_row", I(cols)),
                    ("stride_y_row", I(cols)), ("stride_res_row", I(0)),
                    ("stride_res_out_row", I(0)), ("stride_x1_row", I(0)),
                    ("stride_y1_row", I(0)), ("M", I(rows)), ("N", I(cols)),
                    ("eps", F(1e-6)), ("dropout_p", F(0.0)),
                    ("zero_centered_weight", I(0)), ("IS_RMS_NORM", C(True)),
                    ("BLOCK_N", C(block)), ("HAS_RESIDUAL", C(False)),
                    ("STORE_RESIDUAL_OUT", C(False)), ("HAS_BIAS", C(False)),
                    ("HAS_DROPOUT", C(False)), ("STORE_DROPOUT_MASK", C(False)),
                    ("HAS_ROWSCALE", C(False)), ("HAS_X1", C(False)),
                    ("HAS_W1", C(False)), ("HAS_B1", C(False))],
                   grid=(rows,), warps=warps)],
                make, ["y", "rstd"], tol(t), reference=reference,
                reference_how=(2e-2, 2e-2),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def cases():
    return [
        cross_entropy_fwd(4096, 32000), cross_entropy_fwd(1000, 50257),
        cross_entropy_bwd(4096, 32000), cross_entropy_bwd(1000, 50257),
        rotary(4, 2048, 32, 128), rotary(3, 1001, 12, 80),
        rms_norm_fwd(4096, 4096, 8), rms_norm_fwd(1000, 3000, 8),
    ]
