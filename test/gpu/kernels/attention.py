# A fused attention forward in Triton's idioms: block pointers for Q, K^T,
# V and O, two tl.dot per step, an online softmax in base 2, a causal mask
# and a jit helper for the step; and the backward's key/value half (dK, dV
# of a block of keys, looping over blocks of queries) with pointer blocks.
# test/gpu/gpu_attention_test.cpp checks both against float64 on the CPU.
import triton
import triton.language as tl


@triton.jit
def _online_step(acc, m_i, l_i, q, kt, v, keep, scale):
    # One block of keys: scores, the running max and sum, the rescaled
    # accumulator.
    s = tl.dot(q, kt) * scale
    s = tl.where(keep, s, float("-inf"))
    m_new = tl.maximum(m_i, tl.max(s, 1))
    p = tl.math.exp2(s - m_new[:, None])
    alpha = tl.math.exp2(m_i - m_new)
    l_i = l_i * alpha + tl.sum(p, 1)
    acc = acc * alpha[:, None]
    acc = tl.dot(p.to(v.dtype), v, acc)
    return acc, m_new, l_i


@triton.jit
def attention_fwd(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len,
                  stride_head, stride_row,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    # q, k, v, o: [heads, seq_len, HEAD_DIM], rows stride_row apart.
    start_m = tl.program_id(0)
    head_offset = tl.program_id(1).to(tl.int64) * stride_head
    q_block = tl.make_block_ptr(q_ptr + head_offset, (seq_len, HEAD_DIM),
                                (stride_row, 1), (start_m * BLOCK_M, 0),
                                (BLOCK_M, HEAD_DIM), (1, 0))
    kt_block = tl.make_block_ptr(k_ptr + head_offset, (HEAD_DIM, seq_len),
                                 (1, stride_row), (0, 0),
                                 (HEAD_DIM, BLOCK_N), (0, 1))
    v_block = tl.make_block_ptr(v_ptr + head_offset, (seq_len, HEAD_DIM),
                                (stride_row, 1), (0, 0),
                                (BLOCK_N, HEAD_DIM), (1, 0))
    o_block = tl.make_block_ptr(o_ptr + head_offset, (seq_len, HEAD_DIM),
                                (stride_row, 1), (start_m * BLOCK_M, 0),
                                (BLOCK_M, HEAD_DIM), (1, 0))
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    q = tl.load(q_block, boundary_check=(0,), padding_option="zero")
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    scale = sm_scale * 1.4426950408889634  # scores in base 2
    end = seq_len
    if CAUSAL:
        end = tl.minimum((start_m + 1) * BLOCK_M, seq_len)
    for start_n in range(0, end, BLOCK_N):
        cols = start_n + offs_n
        keep = cols[None, :] < seq_len
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= cols[None, :])
        kt = tl.load(kt_block, boundary_check=(1,), padding_option="zero")
        v = tl.load(v_block, boundary_check=(0,), padding_option="zero")
        acc, m_i, l_i = _online_step(acc, m_i, l_i, q, kt, v, keep, scale)
        kt_block = tl.advance(kt_block, (0, BLOCK_N))
        v_block = tl.advance(v_block, (BLOCK_N, 0))
    out = acc / l_i[:, None]
    tl.store(o_block, out.to(o_ptr.dtype.element_ty), boundary_check=(0,))


@triton.jit
def attention_bwd_kv(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr,
                     dk_ptr, dv_ptr, sm_scale, seq_len, stride_head,
                     stride_row, HEAD_DIM: tl.constexpr,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     CAUSAL: tl.constexpr):
    # dK and dV of the keys [start_n, start_n + BLOCK_N) of one head. lse:
    # [heads, seq_len] base-2 log-sum-exp of each query's scaled scores;
    # delta: [heads, seq_len] rowsum(O * dO). Each step reads a block of
    # queries twice over: Q^T (for S^T, and transposed for dK) and dO (for
    # dV, and transposed for dP^T).
    start_n = tl.program_id(0) * BLOCK_N
    head = tl.program_id(1)
    base = head.to(tl.int64) * stride_head
    offs_n = start_n + tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    keys = offs_n[:, None] < seq_len
    kv_offsets = offs_n[:, None] * stride_row + offs_d[None, :]
    k = tl.load(k_ptr + base + kv_offsets, mask=keys, other=0.0)
    v = tl.load(v_ptr + base + kv_offsets, mask=keys, other=0.0)
    dk = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    scale = sm_scale * 1.4426950408889634  # scores in base 2
    # Queries before start_n see none of these keys under the mask.
    first = start_n if CAUSAL else 0
    first = first // BLOCK_M * BLOCK_M
    qt_ptrs = q_ptr + base + offs_d[:, None] + (first + tl.arange(
        0, BLOCK_M))[None, :] * stride_row
    do_ptrs = do_ptr + base + offs_d[None, :] + (first + tl.arange(
        0, BLOCK_M))[:, None] * stride_row
    row = first
    for _ in range(0, tl.cdiv(seq_len - first, BLOCK_M)):
        offs_m = row + tl.arange(0, BLOCK_M)
        queries = offs_m < seq_len
        qt = tl.load(qt_ptrs, mask=queries[None, :], other=0.0)
        lse = tl.load(lse_ptr + head * seq_len + offs_m, mask=queries,
                      other=0.0)
        pt = tl.math.exp2(tl.dot(k, qt) * scale - lse[None, :])
        keep = queries[None, :]
        if CAUSAL:
            keep = keep & (offs_m[None, :] >= offs_n[:, None])
        pt = tl.where(keep, pt, 0.0)
        do = tl.load(do_ptrs, mask=queries[:, None], other=0.0)
        dv = tl.dot(pt.to(tl.float16), do, dv)
        delta = tl.load(delta_ptr + head * seq_len + offs_m, mask=queries,
                        other=0.0)
        dpt = tl.dot(v, tl.trans(do))
        dst = pt * (dpt - delta[None, :])
        dk = tl.dot(dst.to(tl.float16), tl.trans(qt), dk)
        qt_ptrs += BLOCK_M * stride_row
        do_ptrs += BLOCK_M * stride_row
        row += BLOCK_M
    tl.store(dk_ptr + base + kv_offsets, (dk * sm_scale).to(tl.float16),
             mask=keys)
    tl.store(dv_ptr + base + kv_offsets, dv.to(tl.float16), mask=keys)
