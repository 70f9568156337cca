"""flash-linear-attention (fla-org/flash-linear-attention): chunked
cumulative sums, L2 and RMS norms, and the output of chunked linear
attention, with the arguments their host functions pass. Their
autotune configs (warps, BT, BS, BK/BV) are replaced by one pick each,
among the configs, that Hopper would plausibly keep; T is
do_not_specialize (a plain i32 for tilec too).
"""

from . import C, F, H, I, K, N, P, case, cdiv, np2, randn, zeros


def cumsum_scalar(b, t, h, bt=64):
    nt = cdiv(t, bt)

    def make(torch):
        return dict(s=randn(torch, (b, t, h)), o=zeros(torch, (b, t, h)))

    def reference(torch, buf):
        s = buf["s"]
        pad = nt * bt - t
        sp = torch.nn.functional.pad(s, (0, 0, 0, pad)).view(b, nt, bt, h)
        return dict(o=sp.cumsum(2).view(b, nt * bt, h)[:, :t])
    return case("fla", "fla/ops/utils/cumsum.py", f"chunk_local_cumsum_scalar_{b}x{t}x{h}",
                [K("chunk_local_cumsum_scalar_kernel", [
                    ("s", P("fp32", "s")), ("o", P("fp32", "o")), ("scale", N),
                    ("cu_seqlens", N), ("chunk_indices", N),
                    ("T", I(t, spec=False)), ("B", C(b)), ("H", C(h)),
                    ("BT", C(bt)), ("REVERSE", C(False)),
                    ("HAS_SCALE", H(False)), ("IS_VARLEN", H(False))],
                   grid=(nt, b * h), warps=4)],
                make, ["o"], (1e-5, 1e-5), reference=reference,
                reference_how=(1e-4, 1e-4), bytes=lambda buf: 8 * b * t * h)


def cumsum_vector(b, t, h, s, bt=64, bs=32):
    nt = cdiv(t, bt)

    def make(torch):
        return dict(s=randn(torch, (b, t, h, s)), o=zeros(torch, (b, t, h, s)))
    return case("fla", "fla/ops/utils/cumsum.py",
                f"chunk_local_cumsum_vector_{b}x{t}x{h}x{s}",
                [K("chunk_local_cumsum_vector_kernel", [
                    ("s", P("fp32", "s")), ("o", P("fp32", "o")), ("scale", N),
                    ("cu_seqlens", N), ("chunk_indices", N),
                    ("T", I(t, spec=False)), ("B", C(b)), ("H", C(h)), ("S", C(s)),
                    ("BT", C(bt)), ("BS", C(bs)), ("REVERSE", C(False)),
                    ("HAS_SCALE", H(False)), ("IS_VARLEN", H(False))],
                   grid=(cdiv(s, bs), nt, b * h), warps=4)],
                make, ["o"], (1e-5, 1e-5), bytes=lambda buf: 8 * b * t * h * s)


def l2norm_fwd(t, d, dt="bf16"):
    # D <= 512: BT rows a program (config BT 16, 4 warps); wider rows one
    # a program (l2norm_fwd_kernel1, 8 warps).
    bd = min(65536 // 2, np2(d))

    def make(torch):
        return dict(x=randn(torch, (t, d), dt), y=zeros(torch, (t, d), dt),
                    rstd=zeros(torch, (t,)))

    def reference(torch, b):
        x = b["x"].float()
        return dict(y=(x / x.norm(dim=-1, keepdim=True).clamp_min(1e-6)).to(
            b["x"].dtype))
    if d <= 512:
        step = K("l2norm_fwd_kernel", [
            ("x", P(dt, "x")), ("y", P(dt, "y")), ("rstd", P("fp32", "rstd")),
            ("eps", F(1e-6)), ("T", I(t, spec=False)), ("D", C(d)), ("BD", C(bd)),
            ("NB", C(cdiv(t, 2048 * 32))), ("BT", C(16))],
            grid=(cdiv(t, 16),), warps=4)
    else:
        step = K("l2norm_fwd_kernel1", [
            ("x", P(dt, "x")), ("y", P(dt, "y")), ("rstd", P("fp32", "rstd")),
            ("eps", F(1e-6)), ("D", I(d)), ("BD", C(bd))], grid=(t,), warps=8)
    return case("fla", "fla/modules/l2norm.py", f"{step.kernel}_{dt}_{t}x{d}", [step],
                make, ["y", "rstd"], (1e-2, 1e-2), reference=reference,
                reference_how=(2e-2, 2e-2), bytes=lambda b: 4 * t * d)


def rms_norm_fwd(t, d, dt="bf16", warps=8):
    bd = min(65536 // 2, np2(d))

    def make(torch):
        return dict(x=randn(torch, (t, d), dt), w=randn(torch, (d,), dt),
                    y=zeros(torch, (t, d), dt), rstd=zeros(torch, (t,)))

    def reference(torch, b):
        x = b["x"].float()
        rstd = torch.rsqrt(x.pow(2).mean(-1) + 1e-5)
        return dict(rstd=rstd, y=(x * rstd[:, None] * b["w"].float()).to(
            b["x"].dtype))
    return case("fla", "fla/modules/layernorm.py", f"rms_norm_fwd_{dt}_{t}x{d}",
                [K("layer_norm_fwd_kernel1", [
                    ("x", P(dt, "x")), ("y", P(dt, "y")), ("w", P(dt, "w")),
                    ("b", N), ("res", N), ("res_out", N), ("mean", N),
                    ("rstd", P("fp32", "rstd")), ("eps", F(1e-5)), ("G", C(1)),
                    ("D", C(d)), ("BD", C(bd)), ("IS_RMS_NORM", C(True)),
                    ("HAS_RESIDUAL", C(False)), ("STORE_RESIDUAL_OUT", C(False)),
                    ("HAS_WEIGHT", C(True)), ("HAS_BIAS", C(False))],
                   grid=(t,), warps=warps)],
                make, ["y", "rstd"], (2e-2, 2e-2), reference=reference,
                reference_how=(2e-2, 2e-2), bytes=lambda b: 4 * t * d)


def chunk_o(b, t, h, k, v, bt=64, dt="bf16"):
    # o = q h (the chunk's state) + causal (q k^T) v within the chunk,
    # without gates; config BK = BV = 64 on 4 warps, 3 stages.
    nt = cdiv(t, bt)
    scale = k ** -0.5

    def make(torch):
        return dict(q=randn(torch, (b, t, h, k), dt), k=randn(torch, (b, t, h, k), dt),
                    v=randn(torch, (b, t, h, v), dt),
                    h=randn(torch, (b, nt, h, k, v), dt, 0.1),
                    o=zeros(torch, (b, t, h, v), dt))
    return case("fla", "fla/ops/common/chunk_o.py", f"chunk_fwd_o_{dt}_{b}x{t}x{h}x{k}x{v}",
                [K("chunk_fwd_kernel_o", [
                    ("q", P(dt, "q")), ("k", P(dt, "k")), ("v", P(dt, "v")),
                    ("h", P(dt, "h")), ("g", N), ("g_gamma", N), ("o", P(dt, "o")),
                    ("cu_seqlens", N), ("chunk_indices", N), ("scale", F(scale)),
                    ("T", I(t, spec=False)), ("H", C(h)), ("HV", C(h)), ("K", C(k)),
                    ("V", C(v)), ("BT", C(bt)), ("BK", C(64)), ("BV", C(64)),
                    ("USE_G", H(False)), ("USE_G_GAMMA", H(False)),
                    ("STATE_V_FIRST", C(False)), ("IS_VARLEN", H(False))],
                   grid=(cdiv(v, 64), nt, b * h), warps=4, stages=3)],
                make, ["o"], (2e-2, 2e-2),
                flops=lambda buf: 2 * b * h * t * (k * v + bt * k + bt * v))


def cases():
    return [
        cumsum_scalar(8, 4096, 16), cumsum_scalar(3, 1000, 7),
        cumsum_vector(8, 4096, 16, 128), cumsum_vector(3, 1000, 7, 100),
        l2norm_fwd(32768, 128), l2norm_fwd(10001, 100),
        l2norm_fwd(4096, 4096), l2norm_fwd(1000, 3000),
        rms_norm_fwd(4096, 4096), rms_norm_fwd(1000, 3000),
        chunk_o(4, 4096, 16, 128, 128), chunk_o(2, 1000, 6, 128, 96),
    ]
