"""xformers (facebookresearch/xformers): xformers/ops/_triton/, with the
launch parameters of the ops' host functions."""

from . import C, F, I, K, P, case, cdiv, np2, randn, tol, zeros

OPS = "xformers/ops/_triton/"


def rms_norm(rows, cols, add=False, t="bf16"):
    # BLOCK_SIZE: the row's power of two, 128 to 8192 (and 64 KiB);
    # warps BLOCK_SIZE / 256 within 1-8.
    block = min(max(min(65536 // 2, np2(cols)), 128), 8192)
    warps = min(max(block // 256, 1), 8)

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t), y=randn(torch, (rows, cols), t),
                    w=randn(torch, (cols,), t), out=zeros(torch, (rows, cols), t))

    def reference(torch, b):
        x = b["x"].float() + (b["y"].float() if add else 0)
        rstd = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
        return dict(out=(x * rstd * b["w"].float()).to(b["x"].dtype))
    args = [("x_ptr", P(t, "x"))] + ([("y_ptr", P(t, "y"))] if add else []) + [
        ("h1_ptr", P(t, "out")), ("w_ptr", P(t, "w")), ("eps", F(1e-6)),
        ("stride", I(cols)), ("N_COLS", C(cols)), ("BLOCK_SIZE", C(block)),
        ("INCLUDE_WEIGHT", C(True))]
    return case("xformers", OPS + "rmsnorm_kernels.py",
                f"rms_norm{'_add' if add else ''}_{t}_{rows}x{cols}",
                [K("_rms_norm_add_kernel" if add else "_rms_norm_kernel", args,
                   grid=(rows,), warps=warps)],
                make, ["out", "x"] if add else ["out"], tol(t),
                reference=None if add else reference, reference_how=(2e-2, 2e-2),
                bytes=lambda b: (3 if add else 2) * b["x"].numel()
                * b["x"].element_size())


def index_select_cat(rows, cols, picks, backward=False, t="fp16"):
    # One index a program along dim 0, 512 columns along dim 1 (the ops'
    # BLOCK_SIZE_INDEX=1, BLOCK_SIZE_COL=512; default warps).
    def make(torch):
        return dict(src=randn(torch, (rows, cols), t),
                    index=torch.randperm(rows, device="cuda")[:picks],
                    out=zeros(torch, (picks, cols), t),
                    gout=randn(torch, (picks, cols), t),
                    gsrc=zeros(torch, (rows, cols), t))

    def reference(torch, b):
        return dict(out=b["src"][b["index"]])
    if backward:
        step = K("index_select_cat_bwd_kernel", [
            ("grad_source_ptr", P(t, "gsrc")), ("index_ptr", P("i64", "index")),
            ("grad_output_ptr", P(t, "gout")), ("num_rows", I(rows)),
            ("num_indices", I(picks)), ("num_cols", I(cols)),
            ("stride0", I(cols)), ("stride1", I(1)),
            ("BLOCK_SIZE_INDEX", C(1)), ("BLOCK_SIZE_COL", C(512))],
            grid=(picks, cdiv(cols, 512)))
    else:
        step = K("index_select_cat_fwd_kernel", [
            ("output_ptr", P(t, "out")), ("source_ptr", P(t, "src")),
            ("index_ptr", P("i64", "index")), ("num_indices", I(picks)),
            ("num_cols", I(cols)), ("stride0", I(cols)), ("stride1", I(1)),
            ("BLOCK_SIZE_INDEX", C(1)), ("BLOCK_SIZE_COL", C(512))],
            grid=(picks, cdiv(cols, 512)))
    return case("xformers", OPS + "k_index_select_cat.py",
                f"index_select_cat_{'bwd' if backward else 'fwd'}_{t}_{rows}x{cols}_{picks}",
                [step], make, ["gsrc"] if backward else ["out"], "exact",
                reference=None if backward else reference, reference_how="exact",
                bytes=lambda b: 2 * picks * cols * 2)


def scaled_index_add(n, rows, cols, picks, t="fp16"):
    # x[index] += alpha * source * scaling over (n, rows, cols) tensors.
    def make(torch):
        return dict(x=randn(torch, (n, rows, cols), t),
                    index=torch.randperm(n, device="cuda")[:picks],
                    src=randn(torch, (picks, rows, cols), t),
                    scaling=randn(torch, (cols,), t))

    def reference(torch, b):
        x = b["x"].float().clone()
        x[b["index"]] += 0.5 * b["src"].float() * b["scaling"].float()
        return dict(x=x.to(b["x"].dtype))
    return case("xformers", OPS + "k_scaled_index_add.py",
                f"scaled_index_add_fwd_{t}_{n}x{rows}x{cols}_{picks}",
                [K("scaled_index_add_fwd_kernel", [
                    ("input_ptr", P(t, "x")), ("index_ptr", P("i64", "index")),
                    ("source_ptr", P(t, "src")), ("scaling_ptr", P(t, "scaling")),
                    ("alpha", F(0.5)), ("num_inp_indices", I(n)),
                    ("num_src_indices", I(picks)), ("num_rows", I(rows)),
                    ("num_cols", I(cols)), ("stride0", I(rows * cols)),
                    ("stride1", I(cols)), ("stride2", I(1)),
                    ("BLOCK_SIZE_INDEX", C(1)), ("BLOCK_SIZE_ROW", C(1)),
                    ("BLOCK_SIZE_COL", C(512)), ("HAS_SCALING", C(True))],
                   grid=(picks, rows, cdiv(cols, 512)))],
                make, ["x"], tol(t), reference=reference,
                reference_how=(1e-2, 1e-2),
                bytes=lambda b: 3 * picks * rows * cols * 2)


def cases():
    return [
        rms_norm(4096, 4096), rms_norm(1000, 3000),
        rms_norm(4096, 4096, add=True), rms_norm(1000, 3000, add=True),
        index_select_cat(65536, 1024, 16384), index_select_cat(10007, 1000, 3333),
        index_select_cat(65536, 1024, 16384, backward=True),
        index_select_cat(10007, 1000, 3333, backward=True),
        scaled_index_add(256, 197, 1024, 128), scaled_index_add(101, 77, 1000, 50),
    ]
