"""lightllm (ModelTC/lightllm): the Llama kernels of its serving engine
(lightllm/models/llama/triton_kernel/, lightllm/common/basemodel/):
RMSNorm, rotary embedding, embedding lookup, the KV-cache copy through
destination indices, decode attention scores and prefill attention through
the request-to-token table, with the launch parameters of their host
functions.
"""

from . import C, F, I, K, P, case, cdiv, np2, randn, tol, zeros

LLAMA = "lightllm/models/llama/triton_kernel/"


def rmsnorm(rows, cols, t="bf16"):
    block = min(65536 // 2, np2(cols))
    warps = np2(min(max(block // 256, 1), 4))
    block = min(block, 16384)

    def make(torch):
        return dict(x=randn(torch, (rows, cols), t), w=randn(torch, (cols,), t),
                    y=zeros(torch, (rows, cols), t))

    def reference(torch, b):
        x = b["x"].float()
        rstd = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
        return dict(y=(x * rstd * b["w"].float()).to(b["x"].dtype))
    return case("lightllm", LLAMA + "rmsnorm.py", f"rmsnorm_{t}_{rows}x{cols}",
                [K("_rms_norm_fwd_fused", [
                    ("X", P(t, "x")), ("Y", P(t, "y")), ("W", P(t, "w")),
                    ("x_stride0", I(cols)), ("x_stride1", I(1)),
                    ("y_stride0", I(cols)), ("y_stride1", I(1)), ("N", I(cols)),
                    ("eps", F(1e-6)), ("BLOCK_SIZE", C(block))],
                   grid=(rows,), warps=warps)],
                make, ["y"], tol(t), reference=reference, reference_how=(2e-2, 2e-2),
                bytes=lambda b: 2 * rows * cols * 2)


def rotary(tokens, hq, hk, hd, t="bf16"):
    def make(torch):
        angle = torch.rand(tokens, hd // 2, device="cuda") * 6.28
        dtype = randn(torch, (1,), t).dtype
        return dict(q=randn(torch, (tokens, hq, hd), t), k=randn(torch, (tokens, hk, hd), t),
                    cos=angle.cos().to(dtype), sin=angle.sin().to(dtype))
    return case("lightllm", LLAMA + "rotary_emb.py", f"rotary_emb_{t}_{tokens}x{hq}x{hk}x{hd}",
                [K("_rotary_kernel", [
                    ("Q", P(t, "q")), ("K", P(t, "k")), ("Cos", P(t, "cos")),
                    ("Sin", P(t, "sin")), ("stride_qbs", I(hq * hd)),
                    ("stride_qh", I(hd)), ("stride_qd", I(1)),
                    ("stride_kbs", I(hk * hd)), ("stride_kh", I(hd)), ("stride_kd", I(1)),
                    ("stride_cosbs", I(hd // 2)), ("stride_cosd", I(1)),
                    ("stride_sinbs", I(hd // 2)), ("stride_sind", I(1)),
                    ("max_total_len", I(tokens)), ("HEAD_Q", I(hq)), ("HEAD_K", I(hk)),
                    ("BLOCK_HEAD", C(4)), ("BLOCK_SEQ", C(16)), ("BLOCK_DMODEL", C(hd))],
                   grid=(cdiv(hq, 4), cdiv(tokens, 16)), warps=8 if hd >= 128 else 4,
                   stages=1)],
                make, ["q", "k"], tol(t), bytes=lambda b: 4 * tokens * (hq + hk) * hd)


def embedding(tokens, vocab, hidden, t="bf16"):
    def make(torch):
        return dict(w=randn(torch, (vocab, hidden), t),
                    ids=torch.randint(0, vocab, (tokens,), device="cuda"),
                    out=zeros(torch, (tokens, hidden), t))

    def reference(torch, b):
        return dict(out=b["w"][b["ids"]])
    return case("lightllm", LLAMA + "embedding.py", f"embedding_{t}_{tokens}x{vocab}x{hidden}",
                [K("embedding_kernel", [
                    ("weight", P(t, "w")), ("input_ids", P("i64", "ids")),
                    ("out", P(t, "out")), ("vob_start_id", I(0)),
                    ("vob_end_id", I(vocab)), ("stride_weight_seq", I(hidden)),
                    ("stride_out_seq", I(hidden)), ("n_ctx", I(tokens)),
                    ("hiden_size", C(hidden)), ("BLOCK_DMODEL", C(np2(hidden))),
                    ("BLOCK_N", C(64)), ("BLOCK_NN", C(1))],
                   grid=(cdiv(tokens, 64), 1, 1), warps=1, stages=1)],
                make, ["out"], "exact", reference=reference, reference_how="exact",
                bytes=lambda b: 2 * tokens * hidden * 2)


def destindex_copy_kv(tokens, heads, hd, cache, t="bf16"):
    def make(torch):
        return dict(k=randn(torch, (tokens, heads, hd), t),
                    loc=torch.randperm(cache, device="cuda")[:tokens],
                    out=zeros(torch, (cache, heads, hd), t))

    def reference(torch, b):
        out = b["out"].clone()
        out[b["loc"]] = b["k"]
        return dict(out=out)
    return case("lightllm", "lightllm/common/basemodel/triton_kernel/destindex_copy_kv.py",
                f"destindex_copy_kv_{t}_{tokens}x{heads}x{hd}",
                [K("_fwd_kernel_destindex_copy_kv", [
                    ("K", P(t, "k")), ("Dest_loc", P("i64", "loc")), ("Out", P(t, "out")),
                    ("stride_k_bs", I(heads * hd)), ("stride_k_h", I(hd)),
                    ("stride_k_d", I(1)), ("stride_o_bs", I(heads * hd)),
                    ("stride_o_h", I(hd)), ("stride_o_d", I(1)), ("head_num", I(heads)),
                    ("BLOCK_DMODEL", C(hd)), ("BLOCK_HEAD", C(np2(heads)))],
                   grid=(tokens,), warps=1, stages=1)],
                make, ["out"], "exact", reference=reference, reference_how="exact",
                bytes=lambda b: 2 * tokens * heads * hd * 2)


def token_attention_scores(lengths, heads, kv_heads, hd, t="fp16"):
    # Decode: one query token a request, K from the paged cache through
    # Req_to_tokens; scores for every cached token, 32 a program.
    batch, total, max_len = len(lengths), sum(lengths), max(lengths)
    starts = [sum(lengths[:i]) for i in range(batch)]
    group = heads // kv_heads

    # Every request's row of Req_to_tokens holds max_len distinct cache
    # slots (the rows are padded to the longest request), so the cache has
    # room for all of them, not only for the `total` tokens read.
    slots = batch * max_len + 4096

    def make(torch):
        table = torch.randperm(slots, device="cuda")[:batch * max_len]
        return dict(q=randn(torch, (batch, heads, hd), t),
                    k=randn(torch, (slots, kv_heads, hd), t),
                    table=table.view(batch, max_len).to(torch.int32),
                    req=torch.arange(batch, device="cuda", dtype=torch.int32),
                    start=torch.tensor(starts, device="cuda", dtype=torch.int32),
                    seqlen=torch.tensor(lengths, device="cuda", dtype=torch.int32),
                    att=zeros(torch, (heads, total), t))
    return case("lightllm", LLAMA + "token_attention_nopad_att1.py",
                f"token_att1_{t}_b{batch}x{heads}x{kv_heads}x{hd}_t{total}",
                [K("_fwd_kernel_token_att1", [
                    ("Q", P(t, "q")), ("K", P(t, "k")), ("sm_scale", F(hd ** -0.5)),
                    ("Req_to_tokens", P("i32", "table")), ("B_req_idx", P("i32", "req")),
                    ("B_Start_Loc", P("i32", "start")), ("B_Seqlen", P("i32", "seqlen")),
                    ("Att_Out", P(t, "att")), ("stride_req_to_tokens_b", I(max_len)),
                    ("stride_req_to_tokens_s", I(1)), ("stride_qbs", I(heads * hd)),
                    ("stride_qh", I(hd)), ("stride_qd", I(1)),
                    ("stride_kbs", I(kv_heads * hd)), ("stride_kh", I(hd)),
                    ("stride_kd", I(1)), ("att_stride_h", I(total)),
                    ("att_stride_bs", I(1)), ("kv_group_num", I(group)),
                    ("BLOCK_DMODEL", C(hd)), ("BLOCK_N", C(32))],
                   grid=(batch, heads, cdiv(max_len, 32)),
                   warps=4 if group == 1 else 2, stages=1)],
                make, ["att"], (1e-2, 1e-2),
                bytes=lambda b: 2 * total * kv_heads * hd * group)


def context_attention(lengths, heads, kv_heads, hd, t="fp16"):
    # Prefill: causal attention over each request's tokens (packed, no
    # padding), K and V read from the paged cache through Req_to_tokens;
    # BLOCK_M = BLOCK_N = 128, 4 warps up to head dim 64 and 8 above, one
    # stage. sm_scale carries 1/ln 2 for the kernel's exp2.
    batch, total, max_len = len(lengths), sum(lengths), max(lengths)
    starts = [sum(lengths[:i]) for i in range(batch)]
    group = heads // kv_heads

    def make(torch):
        slots = torch.randperm(total + 1024, device="cuda")
        table = torch.zeros(batch, max_len, dtype=torch.int32, device="cuda")
        for i, (s, n) in enumerate(zip(starts, lengths)):
            table[i, :n] = slots[s:s + n].int()
        return dict(q=randn(torch, (total, heads, hd), t),
                    k=randn(torch, (total + 1024, kv_heads, hd), t),
                    v=randn(torch, (total + 1024, kv_heads, hd), t),
                    o=zeros(torch, (total, heads, hd), t), table=table,
                    req=torch.arange(batch, device="cuda", dtype=torch.int32),
                    start=torch.tensor(starts, device="cuda", dtype=torch.int32),
                    seqlen=torch.tensor(lengths, device="cuda", dtype=torch.int32),
                    cache_len=torch.zeros(batch, device="cuda", dtype=torch.int32))

    def reference(torch, b):
        out = torch.zeros_like(b["o"])
        for i, (s, n) in enumerate(zip(starts, lengths)):
            rows = b["table"][i, :n].long()
            q = b["q"][s:s + n].float().transpose(0, 1)
            k = b["k"][rows].float().repeat_interleave(group, 1).transpose(0, 1)
            v = b["v"][rows].float().repeat_interleave(group, 1).transpose(0, 1)
            o = torch.nn.functional.scaled_dot_product_attention(q, k, v,
                                                                 is_causal=True)
            out[s:s + n] = o.transpose(0, 1).to(out.dtype)
        return dict(o=out)
    return case("lightllm", LLAMA + "context_flashattention_nopad.py",
                f"context_attention_{t}_b{batch}x{heads}x{kv_heads}x{hd}_t{total}",
                [K("_fwd_kernel", [
                    ("Q", P(t, "q")), ("K", P(t, "k")), ("V", P(t, "v")),
                    ("sm_scale", F(hd ** -0.5 * 1.4426950408889634)),
                    ("Out", P(t, "o")), ("B_Start_Loc", P("i32", "start")),
                    ("B_Seqlen", P("i32", "seqlen")), ("Req_to_tokens", P("i32", "table")),
                    ("B_req_idx", P("i32", "req")), ("stride_qbs", I(heads * hd)),
                    ("stride_qh", I(hd)), ("stride_qd", I(1)),
                    ("stride_kbs", I(kv_heads * hd)), ("stride_kh", I(hd)),
                    ("stride_kd", I(1)), ("stride_vbs", I(kv_heads * hd)),
                    ("stride_vh", I(hd)), ("stride_vd", I(1)),
                    ("stride_obs", I(heads * hd)), ("stride_oh", I(hd)),
                    ("stride_od", I(1)), ("stride_req_to_tokens_b", I(max_len)),
                    ("stride_req_to_tokens_s", I(1)), ("kv_group_num", I(group)),
                    ("b_prompt_cache_len", P("i32", "cache_len")), ("H", C(heads)),
                    ("BLOCK_DMODEL", C(hd)), ("BLOCK_M", C(128)), ("BLOCK_N", C(128))],
                   grid=(cdiv(max_len, 128), batch * heads, 1),
                   warps=4 if hd <= 64 else 8, stages=1)],
                make, ["o"], (2e-2, 2e-2), reference=reference,
                reference_how=(2e-2, 2e-2),
                flops=lambda b: sum(2 * heads * n * n * hd for n in lengths))


def cases():
    return [
        rmsnorm(4096, 4096), rmsnorm(1000, 3000),
        rotary(4096, 32, 8, 128), rotary(1000, 28, 4, 64),
        embedding(4096, 128256, 4096), embedding(1000, 32000, 3000),
        destindex_copy_kv(4096, 8, 128, 65536), destindex_copy_kv(1000, 5, 64, 10007),
        token_attention_scores([2048] * 64, 32, 8, 128),
        token_attention_scores([1000, 17, 333, 1999, 5, 640, 1234], 28, 4, 128),
        context_attention([2048] * 8, 32, 8, 128),
        context_attention([1000, 17, 333, 1999, 5, 640, 1234], 28, 4, 64),
    ]
