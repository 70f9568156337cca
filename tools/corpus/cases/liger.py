"""Liger-Kernel (linkedin/Liger-Kernel): src/liger_kernel/ops/.

Launch parameters as the ops' host functions pick them on an H100-class
GPU: `calculate_settings` for row kernels, one program per row, the SM
count for the backward passes' partial sums, 32 warps for cross entropy.
"""

from . import (C, F, I, K, N, P, TL, SMS, case, cdiv, np2, randn,
               row_settings, tol, zeros)

OPS = "src/liger_kernel/ops/"


def rms_norm_fwd(rows, cols, t="bf16"):
    block, warps = row_settings(cols)

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t), w=randn(torch, (cols,), t),
                    y=zeros(torch, (rows, cols), t), rstd=zeros(torch, (rows,)))

    def reference(torch, b):
        x = b["x"].float()
        rstd = torch.rsqrt(x.pow(2).mean(-1) + 1e-6)
        return dict(rstd=rstd, y=((x * rstd[:, None]).to(b["x"].dtype) * b["w"]))
    return case("liger", OPS + "rms_norm.py", f"rms_norm_fwd_{t}_{rows}x{cols}",
                [K("_rms_norm_forward_kernel", [
                    ("Y_ptr", P(t, "y")), ("Y_row_stride", I(cols)),
                    ("X_ptr", P(t, "x")), ("X_row_stride", I(cols)),
                    ("W_ptr", P(t, "w")), ("W_row_stride", I(1)),
                    ("RSTD_ptr", P("fp32", "rstd")), ("RSTD_row_stride", I(1)),
                    ("n_cols", I(cols)), ("eps", F(1e-6)), ("offset", F(0.0)),
                    ("casting_mode", C(0)), ("elementwise_affine", C(True)),
                    ("BLOCK_SIZE", C(block))], grid=(rows,), warps=warps)],
                make, ["y", "rstd"], tol(t), reference=reference,
                reference_how=(2e-2, 2e-2),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def block_rms_norm_fwd(rows, cols, t="bf16"):
    # Rows of at most 256 and at least 32768 of them: 16 rows a program.
    block, warps = row_settings(cols)

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t), w=randn(torch, (cols,), t),
                    y=zeros(torch, (rows, cols), t), rstd=zeros(torch, (rows,)))
    return case("liger", OPS + "rms_norm.py",
                f"block_rms_norm_fwd_{t}_{rows}x{cols}",
                [K("_block_rms_norm_forward_kernel", [
                    ("Y_ptr", P(t, "y")), ("Y_row_stride", I(cols)),
                    ("X_ptr", P(t, "x")), ("X_row_stride", I(cols)),
                    ("W_ptr", P(t, "w")), ("W_row_stride", I(1)),
                    ("RSTD_ptr", P("fp32", "rstd")), ("RSTD_row_stride", I(1)),
                    ("n_rows", I(rows)), ("n_cols", I(cols)), ("eps", F(1e-6)),
                    ("offset", F(0.0)), ("casting_mode", C(0)),
                    ("elementwise_affine", C(True)), ("BLOCK_SIZE", C(block)),
                    ("BLOCK_ROW", C(16))], grid=(cdiv(rows, 16),),
                   warps=warps)],
                make, ["y", "rstd"], tol(t),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def rms_norm_bwd(rows, cols, t="bf16"):
    block, warps = row_settings(cols)

    def make(torch):
        x = randn(torch, (rows, cols), t)
        return dict(x=x, w=randn(torch, (cols,), t), dy=randn(torch, (rows, cols), t),
                    rstd=torch.rsqrt(x.float().pow(2).mean(-1) + 1e-6),
                    dx=zeros(torch, (rows, cols), t), dw=zeros(torch, (SMS, cols)))
    return case("liger", OPS + "rms_norm.py", f"rms_norm_bwd_{t}_{rows}x{cols}",
                [K("_rms_norm_backward_kernel", [
                    ("dY_ptr", P(t, "dy")), ("dY_row_stride", I(cols)),
                    ("dX_ptr", P(t, "dx")), ("dX_row_stride", I(cols)),
                    ("X_ptr", P(t, "x")), ("X_row_stride", I(cols)),
                    ("X_dtype", C(TL({"bf16": "bfloat16", "fp16": "float16",
                                      "fp32": "float32"}[t]))),
                    ("W_ptr", P(t, "w")), ("W_row_stride", I(1)),
                    ("RSTD_ptr", P("fp32", "rstd")), ("RSTD_row_stride", I(1)),
                    ("dW_ptr", P("fp32", "dw")), ("dW_row_stride", I(cols)),
                    ("n_rows", I(rows)), ("n_cols", I(cols)), ("offset", F(0.0)),
                    ("rows_per_program", I(cdiv(rows, SMS))),
                    ("casting_mode", C(0)), ("elementwise_affine", C(True)),
                    ("BLOCK_SIZE", C(block))], grid=(SMS,), warps=warps)],
                make, ["dx", "dw"], tol(t),
                bytes=lambda b: 3 * b["x"].numel() * b["x"].element_size())


def layer_norm_fwd(rows, cols, t="bf16"):
    block, warps = row_settings(cols)

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t), w=randn(torch, (cols,), t),
                    b=randn(torch, (cols,), t), y=zeros(torch, (rows, cols), t),
                    mean=zeros(torch, (rows,), t), rstd=zeros(torch, (rows,), t))

    def reference(torch, b):
        y = torch.nn.functional.layer_norm(b["x"].float(), (cols,), b["w"].float(),
                                           b["b"].float(), 1e-6)
        return dict(y=y.to(b["x"].dtype))
    return case("liger", OPS + "layer_norm.py", f"layer_norm_fwd_{t}_{rows}x{cols}",
                [K("_layer_norm_forward_kernel", [
                    ("Y_ptr", P(t, "y")), ("Y_row_stride", I(cols)),
                    ("X_ptr", P(t, "x")), ("X_row_stride", I(cols)),
                    ("W_ptr", P(t, "w")), ("W_row_stride", I(1)),
                    ("B_ptr", P(t, "b")), ("B_row_stride", I(1)),
                    ("Mean_ptr", P(t, "mean")), ("Mean_row_stride", I(1)),
                    ("RSTD_ptr", P(t, "rstd")), ("RSTD_row_stride", I(1)),
                    ("n_cols", I(cols)), ("eps", F(1e-6)),
                    ("BLOCK_SIZE", C(block))], grid=(rows,), warps=warps)],
                make, ["y", "mean", "rstd"], tol(t), reference=reference,
                reference_how=(3e-2, 3e-2),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def layer_norm_bwd(rows, cols, t="bf16"):
    block, warps = row_settings(cols)

    def make(torch):
        x = randn(torch, (rows, cols), t)
        xf = x.float()
        return dict(x=x, w=randn(torch, (cols,), t), dy=randn(torch, (rows, cols), t),
                    mean=xf.mean(-1).to(x.dtype),
                    rstd=torch.rsqrt(xf.var(-1, unbiased=False) + 1e-6).to(x.dtype),
                    dx=zeros(torch, (rows, cols), t),
                    dw=zeros(torch, (SMS, cols)), db=zeros(torch, (SMS, cols)))
    return case("liger", OPS + "layer_norm.py", f"layer_norm_bwd_{t}_{rows}x{cols}",
                [K("_layer_norm_backward_kernel", [
                    ("X_ptr", P(t, "x")), ("stride_x", I(cols)),
                    ("W_ptr", P(t, "w")), ("Mean_ptr", P(t, "mean")),
                    ("stride_mean", I(1)), ("RSTD_ptr", P(t, "rstd")),
                    ("stride_rstd", I(1)), ("DX_ptr", P(t, "dx")),
                    ("stride_dx", I(cols)), ("DW_ptr", P("fp32", "dw")),
                    ("stride_dw", I(cols)), ("DB_ptr", P("fp32", "db")),
                    ("stride_db", I(cols)), ("DY_ptr", P(t, "dy")),
                    ("stride_dy", I(cols)), ("n_rows", I(rows)),
                    ("n_cols", I(cols)),
                    ("rows_per_program", C(cdiv(rows, SMS))),
                    ("BLOCK_SIZE", C(block))], grid=(SMS,), warps=warps)],
                make, ["dx", "dw", "db"], tol(t),
                bytes=lambda b: 3 * b["x"].numel() * b["x"].element_size())


def glu(kind, rows, cols, t="bf16", backward=False):
    # swiglu.py and geglu.py: c = act(a) * b a row a program; the
    # backward writes da and db over a and b.
    block, warps = row_settings(cols)
    swi = kind == "swiglu"
    kernel = (f"_swiglu_{'backward' if backward else 'forward'}_kernel" if swi
              else f"_geglu_tanh_{'backward' if backward else 'forward'}_kernel")

    def make(torch):
        b = dict(a=randn(torch, (rows, cols), t), b=randn(torch, (rows, cols), t))
        b["c"] = randn(torch, (rows, cols), t) if backward else zeros(
            torch, (rows, cols), t)
        return b

    def reference(torch, b):
        a, g = b["a"].float(), b["b"].float()
        act = (torch.nn.functional.silu(a) if swi else
               torch.nn.functional.gelu(a, approximate="tanh"))
        return dict(c=(act * g).to(b["a"].dtype))
    ptrs = ([("dc_ptr" if swi else "dc", P(t, "c")),
             ("a_ptr" if swi else "a", P(t, "a")),
             ("b_ptr" if swi else "b", P(t, "b"))] if backward else
            [("a_ptr" if swi else "a", P(t, "a")),
             ("b_ptr" if swi else "b", P(t, "b")),
             ("c_ptr" if swi else "c", P(t, "c"))])
    args = ptrs + [("stride", I(cols))]
    if swi:
        args.append(("gate_multiplier", F(1.0)))
    args += [("n_cols", C(cols)), ("BLOCK_SIZE", C(block))]
    return case("liger", OPS + f"{kind}.py",
                f"{kind}_{'bwd' if backward else 'fwd'}_{t}_{rows}x{cols}",
                [K(kernel, args, grid=(rows,), warps=warps)],
                make, ["a", "b"] if backward else ["c"], tol(t),
                reference=None if backward else reference,
                reference_how=(3e-2, 3e-2),
                bytes=lambda b: (5 if backward else 3) * b["a"].numel()
                * b["a"].element_size())


def rope(bsz, seq, nqh, nkh, hd, t="bf16"):
    block = max(np2(nqh), np2(nkh))

    def make(torch):
        angle = torch.rand(1, seq, hd // 2, device="cuda") * 6.28
        cos = torch.cat([angle.cos()] * 2, -1).to(getattr(torch, {
            "bf16": "bfloat16", "fp16": "float16"}[t]))
        sin = torch.cat([angle.sin()] * 2, -1).to(cos.dtype)
        return dict(q=randn(torch, (bsz, seq, nqh, hd), t),
                    k=randn(torch, (bsz, seq, nkh, hd), t), cos=cos, sin=sin)
    return case("liger", OPS + "rope.py", f"rope_fwd_{t}_{bsz}x{seq}x{nqh}x{nkh}x{hd}",
                [K("_triton_rope", [
                    ("q_ptr", P(t, "q")), ("q_row_stride", I(nqh * hd)),
                    ("k_ptr", P(t, "k")), ("k_row_stride", I(nkh * hd)),
                    ("cos", P(t, "cos")), ("cos_row_stride", I(hd)),
                    ("sin", P(t, "sin")), ("sin_row_stride", I(hd)),
                    ("sl", I(seq)), ("bs", C(bsz)), ("cos_bs", C(1)),
                    ("n_qh", C(nqh)), ("n_kh", C(nkh)), ("hd", C(hd)),
                    ("pad_n_qh", C(np2(nqh))), ("pad_n_kh", C(np2(nkh))),
                    ("pad_hd", C(np2(hd))), ("BLOCK_SIZE", C(block)),
                    ("BACKWARD_PASS", C(False))], grid=(bsz * seq,))],
                make, ["q", "k"], tol(t),
                bytes=lambda b: 2 * (b["q"].numel() + b["k"].numel())
                * b["q"].element_size())


def cross_entropy(bt, v, t="bf16"):
    block = min(32768, np2(v))

    def make(torch):
        return dict(x=randn(torch, (bt, v), t, 2.0),
                    y=torch.randint(0, v, (bt,), device="cuda"),
                    loss=zeros(torch, (bt,), t))
    return case("liger", OPS + "cross_entropy.py", f"cross_entropy_{t}_{bt}x{v}",
                [K("liger_cross_entropy_kernel", [
                    ("X_ptr", P(t, "x")), ("X_stride", I(v)),
                    ("Y_ptr", P("i64", "y")), ("Y_stride", I(1)),
                    ("weight_ptr", N), ("loss_ptr", P(t, "loss")),
                    ("z_loss_ptr", N), ("loss_stride", I(1)),
                    ("token_accuracy_ptr", N), ("token_accuracy_stride", I(0)),
                    ("predicted_tokens_ptr", N),
                    ("predicted_tokens_stride", I(0)),
                    ("n_cols", I(v)), ("n_non_ignore", I(bt)),
                    ("sum_non_ignore_weight", I(bt)), ("weight_sum", F(0.0)),
                    ("ignore_index", I(-100)), ("lse_square_scale", C(0.0)),
                    ("label_smoothing", C(0.0)), ("reduction", C("mean")),
                    ("softcap", N), ("RETURN_Z_LOSS", C(False)),
                    ("RETURN_TOKEN_ACCURACY", C(False)),
                    ("RETURN_PREDICTED_TOKENS", C(False)),
                    ("BLOCK_SIZE", C(block)), ("HAS_WEIGHT", C(False)),
                    ("HAS_SOFTCAPPING", C(False)), ("HAS_GRADIENTS", C(True))],
                   grid=(bt,), warps=32)],
                make, ["x", "loss"], tol(t),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def element_mul(bt, v, t="bf16"):
    block = min(32768, np2(v))

    def make(torch):
        return dict(x=randn(torch, (bt, v), t), g=randn(torch, (1,), t))

    def reference(torch, b):
        return dict(x=b["x"] * b["g"])
    return case("liger", OPS + "utils.py", f"element_mul_{t}_{bt}x{v}",
                [K("element_mul_kernel", [
                    ("X_ptr", P(t, "x")), ("X_stride", I(v)),
                    ("grad_output_ptr", P(t, "g")), ("n_cols", I(v)),
                    ("BLOCK_SIZE", C(block))], grid=(bt,), warps=32)],
                make, ["x"], "exact", reference=reference,
                reference_how=(1e-2, 1e-2),
                bytes=lambda b: 2 * b["x"].numel() * b["x"].element_size())


def kldiv(bt, v, backward=False):
    block = min(16384, np2(v))
    warps = 32 if block >= 32768 else 16 if block >= 8192 else \
        8 if block >= 2048 else 4

    def make(torch):
        p = torch.log_softmax(torch.randn(bt, v, device="cuda"), -1)
        q = torch.softmax(torch.randn(bt, v, device="cuda"), -1)
        return dict(y=p, gt=q, loss=zeros(torch, (bt,)),
                    grads=zeros(torch, (bt, v)))
    if backward:
        step = K("_kldiv_kernel_backward", [
            ("target_ptr", P("fp32", "gt")), ("target_stride", I(v)),
            ("new_grads_ptr", P("fp32", "grads")), ("new_grads_stride", I(v)),
            ("n_cols", I(v)), ("BLOCK_SIZE", C(block)),
            ("log_target", C(False))], grid=(bt,), warps=warps)
    else:
        step = K("_kldiv_kernel_forward", [
            ("y_ptr", P("fp32", "y")), ("y_stride", I(v)),
            ("gt_ptr", P("fp32", "gt")), ("gt_stride", I(v)),
            ("loss_ptr", P("fp32", "loss")), ("loss_stride", I(1)),
            ("n_cols", I(v)), ("eps", F(1e-10)), ("BLOCK_SIZE", C(block)),
            ("log_target", C(False)), ("reduction", C(3))],
            grid=(bt,), warps=warps)
    return case("liger", OPS + "kl_div.py",
                f"kldiv_{'bwd' if backward else 'fwd'}_{bt}x{v}", [step], make,
                ["grads"] if backward else ["loss"],
                "exact" if backward else (1e-5, 1e-5),
                bytes=lambda b: 2 * 4 * bt * v)


def jsd(bt, v):
    block = min(65536, np2(v))

    def make(torch):
        return dict(x=torch.log_softmax(torch.randn(bt, v, device="cuda"), -1),
                    y=torch.log_softmax(torch.randn(bt, v, device="cuda"), -1),
                    loss=zeros(torch, (bt, v)), dx=zeros(torch, (bt, v)),
                    label=zeros(torch, (1,)))
    return case("liger", OPS + "jsd.py", f"jsd_{bt}x{v}",
                [K("_jsd_kernel", [
                    ("X_ptr", P("fp32", "x")), ("X_stride", I(v)),
                    ("Y_ptr", P("fp32", "y")), ("Y_stride", I(v)),
                    ("loss_ptr", P("fp32", "loss")), ("loss_stride", I(v)),
                    ("dX_ptr", P("fp32", "dx")), ("dX_stride", I(v)),
                    ("label_ptr", P("fp32", "label")), ("beta", C(0.5)),
                    ("n_non_ignore", I(bt)), ("ignore_index", C(-100)),
                    ("n_cols", I(v)), ("BLOCK_SIZE", C(block)),
                    ("HAS_LABEL", C(False))], grid=(bt,))],
                make, ["loss", "dx"], (1e-5, 1e-6),
                bytes=lambda b: 4 * 4 * bt * v)


def softmax(rows, cols, t="fp32", backward=False):
    block, warps = row_settings(cols)

    def make(torch):
        x = randn(torch, (rows, cols), t, 3.0)
        return dict(x=x, y=torch.softmax(x.float(), -1).to(x.dtype),
                    dy=randn(torch, (rows, cols), t),
                    out=zeros(torch, (rows, cols), t))

    def reference(torch, b):
        return dict(out=b["y"])
    if backward:
        step = K("_softmax_single_block_backward_kernel", [
            ("dy_ptr", P(t, "dy")), ("dy_stride", I(cols)),
            ("y_ptr", P(t, "y")), ("y_stride", I(cols)),
            ("dx_ptr", P(t, "out")), ("dx_stride", I(cols)),
            ("n_cols", I(cols)), ("BLOCK_SIZE", C(block))],
            grid=(rows,), warps=warps)
    else:
        step = K("_softmax_single_block_forward_kernel", [
            ("Y_ptr", P(t, "out")), ("Y_row_stride", I(cols)),
            ("X_ptr", P(t, "x")), ("X_row_stride", I(cols)),
            ("n_cols", I(cols)), ("BLOCK_SIZE", C(block))],
            grid=(rows,), warps=warps)
    return case("liger", OPS + "softmax.py",
                f"softmax_{'bwd' if backward else 'fwd'}_{t}_{rows}x{cols}",
                [step], make, ["out"], tol(t),
                reference=None if backward else reference,
                bytes=lambda b: (3 if backward else 2) * b["x"].numel()
                * b["x"].element_size())


def cases():
    return [
        rms_norm_fwd(4096, 4096), rms_norm_fwd(1000, 3000),
        block_rms_norm_fwd(65536, 128), block_rms_norm_fwd(40000, 200),
        rms_norm_bwd(4096, 4096), rms_norm_bwd(1000, 3000),
        layer_norm_fwd(4096, 4096), layer_norm_fwd(1000, 3000),
        layer_norm_bwd(4096, 4096), layer_norm_bwd(1000, 3000),
        glu("swiglu", 4096, 14336), glu("swiglu", 1000, 11008),
        glu("swiglu", 4096, 14336, backward=True),
        glu("swiglu", 1000, 11008, backward=True),
        glu("geglu", 4096, 16384), glu("geglu", 1000, 9000),
        glu("geglu", 4096, 16384, backward=True),
        glu("geglu", 1000, 9000, backward=True),
        rope(4, 2048, 32, 8, 128), rope(3, 1000, 28, 4, 80),
        cross_entropy(4096, 128256), cross_entropy(1000, 50257),
        element_mul(4096, 32000), element_mul(1000, 50257),
        kldiv(4096, 32000), kldiv(1000, 50257),
        kldiv(4096, 32000, backward=True), kldiv(1000, 50257, backward=True),
        jsd(1024, 32000), jsd(333, 50257),
        softmax(8192, 4096), softmax(1000, 3000),
        softmax(8192, 4096, backward=True), softmax(1000, 3000, backward=True),
    ]
