"""mamba (state-spaces/mamba): the Mamba-2 SSD chunked-scan pieces of
mamba_ssm/ops/triton/ (dt cumsum, chunk states, state passing, C^T B per
chunk) and the decode step (selective_state_update), with the layouts
mamba_chunk_scan_combined gives them. Autotuned block shapes are one pick
among each kernel's configs.
"""

from . import C, F, H, I, K, N, P, TL, case, cdiv, np2, randn, zeros

OPS = "mamba_ssm/ops/triton/"


def contiguous(*shape):
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= n
    return list(reversed(strides))


def chunk_cumsum(batch, seqlen, nheads, cs=256, bh=16):
    nc = cdiv(seqlen, cs)
    sdt = contiguous(batch, seqlen, nheads)
    so = contiguous(batch, nheads, nc, cs)

    def make(torch):
        return dict(dt=randn(torch, (batch, seqlen, nheads)),
                    A=-torch.rand(nheads, device="cuda") * 4,
                    dt_bias=randn(torch, (nheads,), scale=0.5),
                    dt_out=zeros(torch, (batch, nheads, nc, cs)),
                    dA=zeros(torch, (batch, nheads, nc, cs)))
    return case("mamba", OPS + "ssd_chunk_state.py",
                f"chunk_cumsum_fwd_{batch}x{seqlen}x{nheads}",
                [K("_chunk_cumsum_fwd_kernel", [
                    ("dt_ptr", P("fp32", "dt")), ("A_ptr", P("fp32", "A")),
                    ("dt_bias_ptr", P("fp32", "dt_bias")),
                    ("dt_out_ptr", P("fp32", "dt_out")),
                    ("dA_cumsum_ptr", P("fp32", "dA")), ("batch", I(batch)),
                    ("seqlen", I(seqlen)), ("nheads", I(nheads)),
                    ("chunk_size", I(cs)), ("dt_min", F(0.0)),
                    ("dt_max", F(float("inf"))),
                    ("stride_dt_batch", I(sdt[0])), ("stride_dt_seqlen", I(sdt[1])),
                    ("stride_dt_head", I(sdt[2])), ("stride_A_head", I(1)),
                    ("stride_dt_bias_head", I(1)),
                    ("stride_dt_out_batch", I(so[0])), ("stride_dt_out_chunk", I(so[2])),
                    ("stride_dt_out_head", I(so[1])), ("stride_dt_out_csize", I(1)),
                    ("stride_dA_cs_batch", I(so[0])), ("stride_dA_cs_chunk", I(so[2])),
                    ("stride_dA_cs_head", I(so[1])), ("stride_dA_cs_csize", I(1)),
                    ("DT_SOFTPLUS", C(True)), ("HAS_DT_BIAS", C(True)),
                    ("BLOCK_SIZE_H", C(bh)), ("BLOCK_SIZE_CHUNK", C(np2(cs)))],
                   grid=(batch, nc, cdiv(nheads, bh)))],
                make, ["dt_out", "dA"], (1e-5, 1e-5),
                bytes=lambda b: 4 * batch * seqlen * nheads * 3)


def chunk_state(batch, seqlen, nheads, hd, dstate, ngroups=1, cs=256):
    # Config BLOCK_SIZE_M 64, N 128, K 32 on 4 warps, 4 stages.
    nc = cdiv(seqlen, cs)
    sx = contiguous(batch, seqlen, nheads, hd)
    sb = contiguous(batch, seqlen, ngroups, dstate)
    ss = contiguous(batch, nc, nheads, hd, dstate)
    sd = contiguous(batch, nheads, nc, cs)

    def make(torch):
        dA = -torch.rand(batch, nheads, nc, cs, device="cuda").cumsum(-1) * 0.01
        return dict(x=randn(torch, (batch, seqlen, nheads, hd), "bf16"),
                    B=randn(torch, (batch, seqlen, ngroups, dstate), "bf16"),
                    states=zeros(torch, (batch, nc, nheads, hd, dstate)),
                    dt=torch.rand(batch, nheads, nc, cs, device="cuda") * 0.1, dA=dA)
    return case("mamba", OPS + "ssd_chunk_state.py",
                f"chunk_state_fwd_{batch}x{seqlen}x{nheads}x{hd}x{dstate}",
                [K("_chunk_state_fwd_kernel", [
                    ("x_ptr", P("bf16", "x")), ("b_ptr", P("bf16", "B")),
                    ("states_ptr", P("fp32", "states")), ("dt_ptr", P("fp32", "dt")),
                    ("dA_cumsum_ptr", P("fp32", "dA")), ("seq_idx_ptr", N),
                    ("hdim", I(hd)), ("dstate", I(dstate)), ("chunk_size", I(cs)),
                    ("batch", I(batch)), ("seqlen", I(seqlen)),
                    ("nheads_ngroups_ratio", I(nheads // ngroups)),
                    ("stride_x_batch", I(sx[0])), ("stride_x_seqlen", I(sx[1])),
                    ("stride_x_head", I(sx[2])), ("stride_x_hdim", I(1)),
                    ("stride_b_batch", I(sb[0])), ("stride_b_seqlen", I(sb[1])),
                    ("stride_b_head", I(sb[2])), ("stride_b_dstate", I(1)),
                    ("stride_states_batch", I(ss[0])), ("stride_states_chunk", I(ss[1])),
                    ("stride_states_head", I(ss[2])), ("stride_states_hdim", I(ss[3])),
                    ("stride_states_dstate", I(1)),
                    ("stride_dt_batch", I(sd[0])), ("stride_dt_chunk", I(sd[2])),
                    ("stride_dt_head", I(sd[1])), ("stride_dt_csize", I(1)),
                    ("stride_dA_cs_batch", I(sd[0])), ("stride_dA_cs_chunk", I(sd[2])),
                    ("stride_dA_cs_head", I(sd[1])), ("stride_dA_cs_csize", I(1)),
                    ("stride_seq_idx_batch", I(0)), ("stride_seq_idx_seqlen", I(0)),
                    ("HAS_SEQ_IDX", C(False)), ("BLOCK_SIZE_M", C(64)),
                    ("BLOCK_SIZE_N", C(128)), ("BLOCK_SIZE_K", C(32))],
                   grid=(cdiv(hd, 64) * cdiv(dstate, 128), batch * nc, nheads),
                   warps=4, stages=4)],
                make, ["states"], (1e-3, 1e-3),
                flops=lambda b: 2 * batch * seqlen * nheads * hd * dstate)


def state_passing(batch, nheads, dim, seqlen, cs=256, block=256):
    # The chunk states (as batch x nchunks x nheads x hd*dstate) and the
    # last dA cumsum of each chunk: a strided view that is not 16-byte
    # aligned, as the host passes dA_cumsum[:, :, :, -1].
    nc = cdiv(seqlen, cs)
    ss = contiguous(batch, nc, nheads, dim)
    sd = contiguous(batch, nheads, nc, cs)

    def make(torch):
        return dict(states=randn(torch, (batch, nc, nheads, dim)),
                    out=zeros(torch, (batch, nc, nheads, dim)),
                    final=zeros(torch, (batch, nheads, dim)),
                    dA=-torch.rand(batch, nheads, nc, cs, device="cuda"))
    return case("mamba", OPS + "ssd_state_passing.py",
                f"state_passing_fwd_{batch}x{nheads}x{dim}_c{nc}",
                [K("_state_passing_fwd_kernel", [
                    ("states_ptr", P("fp32", "states")), ("out_ptr", P("fp32", "out")),
                    ("final_states_ptr", P("fp32", "final")),
                    ("dA_cs_ptr", P("fp32", lambda b: b["dA"][:, :, :, -1], align=0)),
                    ("initstates_ptr", N), ("seq_idx_ptr", N), ("dim", I(dim)),
                    ("nchunks", I(nc)), ("seqlen", I(0)), ("chunk_size", I(0)),
                    ("stride_states_batch", I(ss[0])), ("stride_states_chunk", I(ss[1])),
                    ("stride_states_head", I(ss[2])), ("stride_states_dim", I(1)),
                    ("stride_out_batch", I(ss[0])), ("stride_out_chunk", I(ss[1])),
                    ("stride_out_head", I(ss[2])), ("stride_out_dim", I(1)),
                    ("stride_final_states_batch", I(nheads * dim)),
                    ("stride_final_states_head", I(dim)),
                    ("stride_final_states_dim", I(1)),
                    ("stride_dA_cs_batch", I(sd[0])), ("stride_dA_cs_chunk", I(sd[2])),
                    ("stride_dA_cs_head", I(sd[1])),
                    ("stride_initstates_batch", I(0)), ("stride_initstates_head", I(0)),
                    ("stride_initstates_dim", I(0)), ("stride_seq_idx_batch", I(0)),
                    ("stride_seq_idx_seqlen", I(0)), ("HAS_INITSTATES", C(False)),
                    ("HAS_SEQ_IDX", C(False)), ("BLOCK_SIZE", C(block))],
                   grid=(cdiv(dim, block), batch, nheads))],
                make, ["out", "final"], (1e-5, 1e-5),
                bytes=lambda b: 8 * batch * nc * nheads * dim)


def bmm_chunk(batch, seqlen, ngroups, dstate, cs=256):
    # C^T B within each chunk (with groups), fp32 out; config 64x64x32 on
    # 2 warps, 4 stages.
    nc = cdiv(seqlen, cs)
    sa = contiguous(batch, seqlen, ngroups, dstate)
    so = contiguous(batch, nc, ngroups, cs, cs)

    def make(torch):
        return dict(a=randn(torch, (batch, seqlen, ngroups, dstate), "bf16"),
                    b=randn(torch, (batch, seqlen, ngroups, dstate), "bf16"),
                    out=zeros(torch, (batch, nc, ngroups, cs, cs)))
    return case("mamba", OPS + "ssd_bmm.py", f"bmm_chunk_fwd_{batch}x{seqlen}x{ngroups}x{dstate}",
                [K("_bmm_chunk_fwd_kernel", [
                    ("a_ptr", P("bf16", "a")), ("b_ptr", P("bf16", "b")),
                    ("out_ptr", P("fp32", "out")), ("seq_idx_ptr", N),
                    ("seqlen", I(seqlen)), ("chunk_size", I(cs)), ("K", I(dstate)),
                    ("ngroups", I(ngroups)),
                    ("stride_a_batch", I(sa[0])), ("stride_a_seqlen", I(sa[1])),
                    ("stride_a_head", I(sa[2])), ("stride_ak", I(1)),
                    ("stride_b_batch", I(sa[0])), ("stride_b_seqlen", I(sa[1])),
                    ("stride_b_head", I(sa[2])), ("stride_bk", I(1)),
                    ("stride_out_batch", I(so[0])), ("stride_out_chunk", I(so[1])),
                    ("stride_out_head", I(so[2])), ("stride_outm", I(cs)),
                    ("stride_outn", I(1)), ("stride_seq_idx_batch", I(0)),
                    ("stride_seq_idx_seqlen", I(0)), ("IS_CAUSAL", C(False)),
                    ("dot_dtype", C(TL("bfloat16"))), ("HAS_SEQ_IDX", C(False)),
                    ("BLOCK_SIZE_M", C(64)), ("BLOCK_SIZE_N", C(64)),
                    ("BLOCK_SIZE_K", C(32))],
                   grid=(cdiv(cs, 64) * cdiv(cs, 64), batch, nc * ngroups),
                   warps=2, stages=4)],
                make, ["out"], (1e-3, 1e-3),
                flops=lambda b: 2 * batch * nc * ngroups * cs * cs * dstate)


def state_update(batch, nheads, dim, dstate, ngroups=1):
    # Mamba-2 decode: A, dt, dt_bias and D per head, broadcast over the head
    # dimension by stride-0 views (tie_hdim); BLOCK_SIZE_M and warps from
    # the host's table by dstate.
    bm, warps = ((32, 4) if dstate <= 16 else (16, 4) if dstate <= 32 else
                 (8, 4) if dstate <= 64 else (4, 4) if dstate <= 128 else (4, 8))

    def make(torch):
        return dict(state=randn(torch, (batch, nheads, dim, dstate)),
                    x=randn(torch, (batch, nheads, dim), "bf16"),
                    dt=randn(torch, (batch, nheads), "bf16"),
                    dt_bias=randn(torch, (nheads,), scale=0.5),
                    A=-torch.rand(nheads, device="cuda"),
                    B=randn(torch, (batch, ngroups, dstate), "bf16"),
                    C=randn(torch, (batch, ngroups, dstate), "bf16"),
                    D=randn(torch, (nheads,)),
                    out=zeros(torch, (batch, nheads, dim), "bf16"))
    sg = contiguous(batch, ngroups, dstate)
    return case("mamba", OPS + "selective_state_update.py",
                f"selective_state_update_{batch}x{nheads}x{dim}x{dstate}",
                [K("_selective_scan_update_kernel", [
                    ("state_ptr", P("fp32", "state")), ("x_ptr", P("bf16", "x")),
                    ("dt_ptr", P("bf16", "dt")), ("dt_bias_ptr", P("fp32", "dt_bias")),
                    ("A_ptr", P("fp32", "A")), ("B_ptr", P("bf16", "B")),
                    ("C_ptr", P("bf16", "C")), ("D_ptr", P("fp32", "D")),
                    ("z_ptr", N), ("out_ptr", P("bf16", "out")),
                    ("state_batch_indices_ptr", N), ("batch", I(batch)),
                    ("nheads", I(nheads)), ("dim", I(dim)), ("dstate", I(dstate)),
                    ("nheads_ngroups_ratio", I(nheads // ngroups)),
                    ("stride_state_batch", I(nheads * dim * dstate)),
                    ("stride_state_head", I(dim * dstate)),
                    ("stride_state_dim", I(dstate)), ("stride_state_dstate", I(1)),
                    ("stride_x_batch", I(nheads * dim)), ("stride_x_head", I(dim)),
                    ("stride_x_dim", I(1)), ("stride_dt_batch", I(nheads)),
                    ("stride_dt_head", I(1)), ("stride_dt_dim", I(0)),
                    ("stride_dt_bias_head", I(1)), ("stride_dt_bias_dim", I(0)),
                    ("stride_A_head", I(1)), ("stride_A_dim", I(0)),
                    ("stride_A_dstate", I(0)),
                    ("stride_B_batch", I(sg[0])), ("stride_B_group", I(sg[1])),
                    ("stride_B_dstate", I(1)),
                    ("stride_C_batch", I(sg[0])), ("stride_C_group", I(sg[1])),
                    ("stride_C_dstate", I(1)),
                    ("stride_D_head", I(1)), ("stride_D_dim", I(0)),
                    ("stride_z_batch", I(0)), ("stride_z_head", I(0)),
                    ("stride_z_dim", I(0)),
                    ("stride_out_batch", I(nheads * dim)), ("stride_out_head", I(dim)),
                    ("stride_out_dim", I(1)), ("DT_SOFTPLUS", C(True)),
                    ("TIE_HDIM", C(True)), ("BLOCK_SIZE_M", C(bm)),
                    ("HAS_DT_BIAS", H(True)), ("HAS_D", H(True)), ("HAS_Z", H(False)),
                    ("HAS_STATE_BATCH_INDICES", H(False)),
                    ("BLOCK_SIZE_DSTATE", H(np2(dstate)))],
                   grid=(cdiv(dim, bm), batch, nheads), warps=warps)],
                make, ["state", "out"], (1e-4, 1e-2),
                bytes=lambda b: 8 * batch * nheads * dim * dstate)


def cases():
    return [
        chunk_cumsum(2, 2048, 80), chunk_cumsum(1, 1000, 24),
        chunk_state(2, 2048, 80, 64, 128), chunk_state(1, 1000, 24, 64, 48),
        state_passing(2, 80, 64 * 128, 2048), state_passing(1, 24, 64 * 48, 1000),
        bmm_chunk(2, 2048, 1, 128), bmm_chunk(1, 1000, 2, 48),
        state_update(64, 80, 64, 128), state_update(7, 24, 64, 48),
    ]
