"""lmdeploy (InternLM/lmdeploy): lmdeploy/pytorch/kernels/cuda/, its
PyTorch engine's kernels, launched as their host functions launch them on
an sm_90 GPU (132 SMs, 64 warps and 32 blocks an SM in lmdeploy's table).
"""

from . import C, I, K, N, P, case, cdiv, np2, randn, tol, zeros

CUDA = "lmdeploy/pytorch/kernels/cuda/"
SMS, WARPS_PER_SM, BLOCKS_PER_SM = 132, 64, 32


def rms_norm(tokens, hidden, residual=False, t="bf16"):
    # A persistent grid: at most as many programs as fit on the GPU.
    block = np2(hidden)
    warps = min(cdiv(block, 2048), 4)
    grid = min(tokens, SMS * min(BLOCKS_PER_SM, WARPS_PER_SM // warps))

    def make(torch):
        return dict(x=randn(torch, (tokens, hidden), t), w=randn(torch, (hidden,), t),
                    r=randn(torch, (tokens, hidden), t),
                    out=zeros(torch, (tokens, hidden), t),
                    rout=zeros(torch, (tokens, hidden), t))

    def reference(torch, b):
        x = b["x"].float() + (b["r"].float() if residual else 0)
        rstd = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
        return dict(out=(x * rstd * b["w"].float()).to(b["x"].dtype))
    # 2-d tensors become [1, tokens, hidden]: one batch of `tokens` groups.
    strides = []
    for name in ("i", "r", "o", "ro"):
        strides += [(f"stride_{name}b", I(tokens * hidden)),
                    (f"stride_{name}h", I(hidden)), (f"stride_{name}d", C(1))]
    return case("lmdeploy", CUDA + "rms_norm.py",
                f"{'add_' if residual else ''}rms_norm_{t}_{tokens}x{hidden}",
                [K("add_rms_norm_kernel", [
                    ("input", P(t, "x")), ("weight", P(t, "w")),
                    ("residual", P(t, "r" if residual else "x")),
                    ("output", P(t, "out")),
                    ("out_residual", P(t, "rout" if residual else "out")),
                    ("num_feats", I(tokens)), ("num_groups", I(tokens))] + strides + [
                    ("has_residual", C(residual)), ("eps", C(1e-6)),
                    ("N_COLS", C(hidden)), ("BLOCK_N", C(block)),
                    ("NUM_STAGES", C(1))], grid=(grid,), warps=warps, stages=1)],
                make, ["out", "rout"] if residual else ["out"], tol(t),
                reference=reference, reference_how=(2e-2, 2e-2),
                bytes=lambda b: (4 if residual else 2) * b["x"].numel() * 2)


def silu_and_mul(tokens, inter, t="bf16"):
    block = min(np2(inter), 512)
    grid = (cdiv(inter, block), min(tokens, SMS * WARPS_PER_SM // 4))

    def make(torch):
        return dict(gu=randn(torch, (tokens, 2 * inter), t),
                    out=zeros(torch, (tokens, inter), t))

    def reference(torch, b):
        g, u = b["gu"].float().chunk(2, -1)
        return dict(out=(torch.nn.functional.silu(g) * u).to(b["gu"].dtype))
    return case("lmdeploy", CUDA + "activation.py", f"silu_and_mul_{t}_{tokens}x{inter}",
                [K("_silu_and_mul_kernel", [
                    ("gateup_ptr", P(t, "gu")), ("out_ptr", P(t, "out")),
                    ("N", C(inter)), ("M", I(tokens)), ("stride_gum", C(2 * inter)),
                    ("stride_gun", C(1)), ("stride_om", C(inter)), ("stride_on", C(1)),
                    ("BLOCK_SIZE_N", C(block))], grid=grid, warps=4, stages=1)],
                make, ["out"], tol(t), reference=reference, reference_how=(2e-2, 2e-2),
                bytes=lambda b: 3 * tokens * inter * 2)


def per_token_quant_int8(tokens, hidden, t="bf16"):
    block = np2(hidden)

    def make(torch):
        return dict(x=randn(torch, (tokens, hidden), t),
                    q=zeros(torch, (tokens, hidden), "i8"), s=zeros(torch, (tokens, 1)))
    return case("lmdeploy", CUDA + "w8a8_triton_kernels.py",
                f"per_token_quant_int8_{t}_{tokens}x{hidden}",
                [K("_per_token_quant_int8", [
                    ("y_ptr", P(t, "x")), ("y_q_ptr", P("i8", "q")),
                    ("y_s_ptr", P("fp32", "s")), ("y_stride", C(hidden)),
                    ("yq_stride", C(hidden)), ("N", I(hidden)), ("eps", C(1e-7)),
                    ("BLOCK", C(block)), ("Q_MAX", C(127)),
                    ("IS_FLOATING_POINT", C(False))],
                   grid=(tokens,), warps=min(max(block // 256, 1), 8))],
                make, ["q", "s"], (0, 1), bytes=lambda b: 3 * tokens * hidden)


def awq_linear(m, n, k, group=128):
    # int4 weights packed eight to an int32 (AWQ order), fp16 scales and
    # packed zeros per group of 128 rows of K; split K above 4096; autotune
    # config BLOCK_SIZE_N 128, GROUP_SIZE_M 8 (4 warps, 3 stages).
    split = max(1, k // 4096)
    bm = max(16, min(128, np2(m)))

    def make(torch):
        def packed(rows, cols):
            return torch.randint(-2**31, 2**31, (rows, cols), dtype=torch.int32,
                                 device="cuda")
        return dict(x=randn(torch, (m, k), "fp16"), qw=packed(k, n // 8),
                    s=(torch.rand(k // group, n, device="cuda") * 0.01).half(),
                    qz=packed(k // group, n // 8), out=zeros(torch, (m, n), "fp16"))
    return case("lmdeploy", CUDA + "awq_kernels.py", f"awq_linear_{m}x{n}x{k}",
                [K("awq_linear_kernel", [
                    ("a_ptr", P("fp16", "x")), ("qw_ptr", P("i32", "qw")),
                    ("s_ptr", P("fp16", "s")), ("qz_ptr", P("i32", "qz")),
                    ("c_ptr", P("fp16", "out")), ("M", I(m)), ("N", C(n)), ("K", C(k)),
                    ("stride_am", I(k)), ("stride_ak", C(1)),
                    ("stride_wk", C(n // 8)), ("stride_wn", C(1)),
                    ("stride_sk", C(n)), ("stride_sn", C(1)),
                    ("stride_zk", C(n // 8)), ("stride_zn", C(1)),
                    ("stride_cm", I(n)), ("stride_cn", C(1)), ("SPLIT_K", C(split)),
                    ("NUM_STAGES", C(2)), ("BLOCK_SIZE_M", C(bm)),
                    ("BLOCK_SIZE_N", C(128)), ("BLOCK_SIZE_K", C(group)),
                    ("GROUP_SIZE_M", C(8))],
                   grid=(cdiv(m, bm) * cdiv(n, 128), split), warps=4, stages=3)],
                make, ["out"], (1e-2, 1e-2), flops=lambda b: 2 * m * n * k)


def moe_routes(torch, tokens, experts, top_k):
    """Routes sorted by expert, as _get_sorted_idx gives them: sorted_idx
    (route ids), and each expert's [start, end) among them."""
    logits = torch.randn(tokens, experts, device="cuda")
    ids = logits.topk(top_k, -1).indices.flatten()
    order = torch.sort(ids, stable=True).indices
    counts = torch.bincount(ids, minlength=experts)
    end = counts.cumsum(0)
    return order, end - counts, end


def fused_moe(tokens, experts, top_k, n, k, config):
    # sm_90's configs: (128, 256, 64) on 8 warps, 3 stages, or (64, 256,
    # 32) on 4 warps, 4 stages; GROUP_SIZE_M 1.
    bm, bn, bk, warps, stages = config
    m_np2 = max(64, np2(tokens))

    def make(torch):
        order, start, end = moe_routes(torch, tokens, experts, top_k)
        return dict(a=randn(torch, (tokens, k), "bf16"),
                    b=randn(torch, (experts, n, k), "bf16", 0.05),
                    c=zeros(torch, (tokens * top_k, n), "bf16"),
                    idx=order, start=start, end=end)
    return case("lmdeploy", CUDA + "fused_moe.py",
                f"fused_moe_{tokens}x{experts}e_top{top_k}_{n}x{k}",
                [K("fused_moe_kernel", [
                    ("A", P("bf16", "a")), ("B", P("bf16", "b")), ("bias", N),
                    ("C", P("bf16", "c")), ("SortedIdx", P("i64", "idx")),
                    ("ExpStart", P("i64", "start")), ("ExpEnd", P("i64", "end")),
                    ("N", C(n)), ("K", C(k)), ("stride_am", C(k)), ("stride_ak", C(1)),
                    ("stride_be", C(n * k)), ("stride_bn", C(k)), ("stride_bk", C(1)),
                    ("stride_cm", C(n)), ("stride_cn", C(1)), ("stride_bie", C(0)),
                    ("stride_bin", C(0)), ("BLOCK_SIZE_M", C(bm)),
                    ("BLOCK_SIZE_N", C(bn)), ("BLOCK_SIZE_K", C(bk)),
                    ("GROUP_SIZE_M", C(1)), ("M_NP2", C(m_np2)),
                    ("tune_hint", C(min(2, cdiv(m_np2, 512)))), ("top_k", C(top_k)),
                    ("expert_offset", C(0)), ("reindex_a", C(True)),
                    ("reindex_c", C(True))],
                   grid=(cdiv(m_np2, bm) * cdiv(n, bn), experts),
                   warps=warps, stages=stages)],
                make, ["c"], (2e-2, 2e-2),
                flops=lambda b: 2 * tokens * top_k * n * k)


def rotary_qk(tokens, nq, nk, hd, t="bf16"):
    # 2 warps; BLOCK tokens so that a thread loads 16 bytes of a half row.
    half = hd // 2
    block_n = np2(half)
    block = max(1, 2 * 32 * (16 // 2) // block_n)

    def make(torch):
        angle = torch.rand(tokens, half, device="cuda") * 6.28
        dtype = randn(torch, (1,), t).dtype
        return dict(q=randn(torch, (tokens, nq, hd), t), k=randn(torch, (tokens, nk, hd), t),
                    cos=torch.cat([angle.cos()] * 2, -1).to(dtype),
                    sin=torch.cat([angle.sin()] * 2, -1).to(dtype),
                    qe=zeros(torch, (tokens, nq, hd), t),
                    ke=zeros(torch, (tokens, nk, hd), t))
    strides = []
    for name, heads in (("q", nq), ("k", nk), ("qe", nq), ("ke", nk)):
        strides += [(f"stride_{name}s", C(heads * hd)), (f"stride_{name}h", C(hd)),
                    (f"stride_{name}d", C(1))]
    return case("lmdeploy", CUDA + "apply_rotary_pos_emb.py",
                f"rotary_qk_{t}_{tokens}x{nq}x{nk}x{hd}",
                [K("apply_rotary_pos_emb_qk_kernel", [
                    ("Q", P(t, "q")), ("K", P(t, "k")), ("COS", P(t, "cos")),
                    ("SIN", P(t, "sin")), ("Q_EMB", P(t, "qe")), ("K_EMB", P(t, "ke")),
                    ("seq_len", I(tokens, spec=False))] + strides + [
                    ("half_size", C(half)), ("BLOCK", C(block)), ("BLOCK_QH", C(nq)),
                    ("BLOCK_N", C(block_n))],
                   grid=(nq + nk, cdiv(tokens, block)), warps=2, stages=1)],
                make, ["qe", "ke"], tol(t),
                bytes=lambda b: 2 * tokens * (nq + nk) * hd * 2)


def same_draws(torch, name, got, want, b):
    """The sampled tokens agree up to the rounding of the cumulative sums.

    Each program adds 128 scores at a time with tl.cumsum onto a running
    fp32 total and takes the token whose interval (total - score, total]
    holds its uniform draw. tl.cumsum's order of additions is the
    compiler's (Triton's own changes with num_warps), so a draw within a
    rounding error of an interval's end may take the neighbouring token.
    Emulating 8192 draws over 128256 scores: tilec's order and Triton's
    at 1 warp pick different tokens in 8, Triton's at 1 and at 4 warps in
    16, always neighbours. So: at most 2% of the draws differ, and the
    scores between the two tokens sum to less than 1e-4, more than the
    two sums' rounding can differ (1002 fp32 additions of partial sums
    below 1 each, 2^-25 at most a rounding: 3e-5 a side)."""
    differ = (got != want).nonzero().flatten().tolist()
    if len(differ) > max(1, got.numel() // 50):
        return f"{name}: {len(differ)} of {got.numel()} draws differ"
    cumulative = b["scores"].double().cumsum(-1)
    for row in differ:
        ids = b["indices"][row]
        a = int((ids == got[row]).nonzero()[0].item())
        c = int((ids == want[row]).nonzero()[0].item())
        lo, hi = min(a, c), max(a, c)
        between = float(cumulative[row, hi - 1] - cumulative[row, lo])
        if between > 1e-4:
            return (f"{name}: draw {row} took token {int(got[row])} (position "
                    f"{a}) vs {int(want[row])} (position {c}): scores "
                    f"{between:.3g} apart")
    return ""


def multinomial_sampling(batch, vocab):
    # Scores sorted in descending order with their token ids; one uniform
    # draw a request from tl.rand(seed, offset); 128 scores a step, 1 warp.
    def make(torch):
        probs = torch.softmax(torch.randn(batch, vocab, device="cuda") * 3, -1)
        scores, indices = probs.sort(-1, descending=True)
        return dict(scores=scores, indices=indices,
                    seeds=torch.randint(0, 2**31, (batch,), device="cuda"),
                    offsets=torch.randint(0, 2**20, (batch,), device="cuda"),
                    out=indices[:, 0].clone())
    return case("lmdeploy", CUDA + "multinomial_sampling.py",
                f"multinomial_sampling_{batch}x{vocab}",
                [K("_multinomial_sampling_kernel", [
                    ("Scores", P("fp32", "scores")), ("Seeds", P("i64", "seeds")),
                    ("Offsets", P("i64", "offsets")), ("Indices", P("i64", "indices")),
                    ("Outputs", P("i64", "out")), ("stride_sb", I(vocab)),
                    ("stride_st", I(1)), ("stride_ib", I(vocab)), ("stride_it", I(1)),
                    ("num_tokens", I(vocab)), ("BLOCK_N", C(128))],
                   grid=(batch,), warps=1)],
                make, ["out"], same_draws, bytes=lambda b: 12 * batch * vocab)


def cases():
    return [
        rms_norm(4096, 4096), rms_norm(1000, 3000),
        rms_norm(4096, 4096, residual=True), rms_norm(1000, 3000, residual=True),
        silu_and_mul(4096, 14336), silu_and_mul(1000, 11008),
        per_token_quant_int8(4096, 4096), per_token_quant_int8(1000, 3000),
        awq_linear(2048, 4096, 4096), awq_linear(37, 11008, 8192),
        fused_moe(4096, 8, 2, 28672, 4096, (128, 256, 64, 8, 3)),
        fused_moe(1000, 8, 2, 2800, 1024, (64, 256, 32, 4, 4)),
        rotary_qk(4096, 32, 8, 128), rotary_qk(1000, 28, 4, 80),
        multinomial_sampling(256, 128256), multinomial_sampling(7, 50257),
    ]
