# A fused attention forward in Triton's idioms: block pointers for Q, K^T,
# V and O, two tl.dot per step, an online softmax in base 2, a causal mask
# and a jit helper for the step. test/gpu/gpu_attention_test.cpp checks it
# against float64 attention on the CPU.
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
