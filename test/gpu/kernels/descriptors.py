import triton
import triton.language as tl


# Tensor descriptors (tools/gpu/compare_cases.py runs these beside Triton,
# whose loads and stores through them are TMA on the H200; ours are masked
# pointer blocks for now).


# y = 2x + 1 over an M x N matrix with row stride `stride`, one BM x BN block
# per program; descriptors made in the kernel, blocks past the edges clipped.
@triton.jit
def desc_affine(x_ptr, y_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[stride, 1],
                                       block_shape=[BM, BN])
    y_desc = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[stride, 1],
                                       block_shape=[BM, BN])
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    x = x_desc.load([m0, n0])
    y_desc.store([m0, n0], x * 2.0 + 1.0)


# counts[pid_m, pid_n] = how many elements of the block were padding: a
# descriptor with padding_option="nan" fills lanes outside the tensor with
# NaN (the input holds no NaN).
@triton.jit
def desc_nan_padding(x_ptr, counts_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1],
                                     block_shape=[BM, BN], padding_option="nan")
    x = desc.load([tl.program_id(0) * BM, tl.program_id(1) * BN])
    count = tl.sum(tl.sum(tl.where(x != x, 1, 0), axis=1), axis=0)
    tl.store(counts_ptr + tl.program_id(0) * tl.num_programs(1) + tl.program_id(1), count)


# out = relu(A B) in fp16 with fp32 accumulation, every operand through a
# descriptor made in the kernel.
@triton.jit
def desc_matmul_relu(a_ptr, b_ptr, c_ptr, M, N, K,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1],
                                       block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BM, BN])
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([m0, k * BK])
        b = b_desc.load([k * BK, n0])
        acc = tl.dot(a, b, acc)
    c_desc.store([m0, n0], tl.maximum(acc, 0.0).to(tl.float16))


# The same with descriptors the host made (Triton's TensorDescriptor;
# tilec's `tensordesc<...>` parameters): the loads become TMA copies.
@triton.jit
def desc_param_matmul_relu(a_desc, b_desc, c_desc, K,
                           BM: tl.constexpr, BN: tl.constexpr,
                           BK: tl.constexpr):
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([m0, k * BK])
        b = b_desc.load([k * BK, n0])
        acc = tl.dot(a, b, acc)
    c_desc.store([m0, n0], tl.maximum(acc, 0.0).to(tl.float16))


# out = x * factor through descriptors the host made (Triton's
# TensorDescriptor; tilec's `tensordesc<...>` parameters).
@triton.jit
def desc_args_scale(in_desc, out_desc, factor, BM: tl.constexpr, BN: tl.constexpr):
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    x = in_desc.load([m0, n0])
    out_desc.store([m0, n0], (x * factor).to(out_desc.dtype))


# acc += x block by block through desc.atomic_add (each element once).
@triton.jit
def desc_atomic_add(x_ptr, acc_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BM, BN])
    acc_desc = tl.make_tensor_descriptor(acc_ptr, shape=[M, N], strides=[N, 1],
                                         block_shape=[BM, BN])
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    acc_desc.atomic_add([m0, n0], x_desc.load([m0, n0]))


# desc_matmul_relu without descriptors: pointer blocks, masked along K only
# (the baseline that separates the cost of descriptor accesses from TMA's
# gain on Triton's side).
@triton.jit
def ptr_matmul_relu(a_ptr, b_ptr, c_ptr, M, N, K,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    # Rows and columns past M and N wrap around (their results are not
    # stored), as in Triton's matmul tutorial.
    a = a_ptr + (rm % M)[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + (rn % N)[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a_tile = tl.load(a, mask=rk[None, :] < K - k * BK, other=0.0)
        b_tile = tl.load(b, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a_tile, b_tile, acc)
        a += BK
        b += BK * N
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.maximum(acc, 0.0).to(tl.float16), mask=mask)
