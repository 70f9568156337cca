"""torchao (pytorch/ao): the blockwise fp8 training kernels of
torchao/prototype/blockwise_fp8_training/kernels.py (DeepSeek-V3 style
1x128 activation and 128x128 weight scales), as its triton_ops launch
them, with one autotune config each.
"""

from . import C, I, K, P, TL, case, cdiv, randn, zeros

FILE = "torchao/prototype/blockwise_fp8_training/kernels.py"
FP8_MAX = 448.0
EPS = 1e-12


def act_quant_lhs(m, k, block=128, groups=16):
    # y row-major, reciprocal scales (m, k / 128) column-major.
    def make(torch):
        return dict(x=randn(torch, (m, k), "bf16"),
                    y=zeros(torch, (m, k), "fp8e4nv"),
                    s=zeros(torch, (k // block, m)).t())
    return case("torchao", FILE, f"fp8_blockwise_act_quant_lhs_{m}x{k}",
                [K("triton_fp8_blockwise_act_quant_lhs_kernel", [
                    ("x_ptr", P("bf16", "x")), ("x_stride_dim_0", I(k)),
                    ("x_stride_dim_1", I(1)), ("y_ptr", P("fp8e4nv", "y")),
                    ("y_stride_dim_0", I(k)), ("y_stride_dim_1", I(1)),
                    ("s_ptr", P("fp32", "s")), ("s_stride_dim_0", I(1)),
                    ("s_stride_dim_1", I(m)), ("M", I(m)), ("K", C(k)),
                    ("BLOCK_SIZE", C(block)), ("NUM_GROUPS", C(groups)),
                    ("EPS", C(EPS)), ("FP8_MAX", C(FP8_MAX))],
                   grid=(cdiv(m, groups), cdiv(k, block)), warps=4, stages=2)],
                make, ["y", "s"], "exact", bytes=lambda b: 3 * m * k)


def weight_quant_rhs(m, n, block=128):
    # y column-major, scales (m / 128, n / 128) column-major.
    mb, nb = cdiv(m, block), cdiv(n, block)

    def make(torch):
        return dict(x=randn(torch, (m, n), "bf16"),
                    y=zeros(torch, (n, m), "fp8e4nv").t(),
                    s=zeros(torch, (nb, mb)).t())
    return case("torchao", FILE, f"fp8_blockwise_weight_quant_rhs_{m}x{n}",
                [K("triton_fp8_blockwise_weight_quant_rhs_kernel", [
                    ("x_ptr", P("bf16", "x")), ("x_stride_dim_0", I(n)),
                    ("x_stride_dim_1", I(1)), ("y_ptr", P("fp8e4nv", "y")),
                    ("y_stride_dim_0", I(1)), ("y_stride_dim_1", I(m)),
                    ("s_ptr", P("fp32", "s")), ("s_stride_dim_0", I(1)),
                    ("s_stride_dim_1", I(mb)), ("M", C(m)), ("N", C(n)),
                    ("BLOCK_SIZE", C(block)), ("EPS", C(EPS)), ("FP8_MAX", C(FP8_MAX))],
                   grid=(cdiv(m, block), cdiv(n, block)), warps=4, stages=2)],
                make, ["y", "s"], "exact", bytes=lambda b: 3 * m * n)


def fp8_gemm(m, n, k, block=128, bm=128, bn=128, warps=8):
    # a (m, k) row-major with 1x128 scales (column-major), b (k, n)
    # column-major with 128x128 scales (row-major); fp32 out.
    def make(torch):
        return dict(a=randn(torch, (m, k), "fp8e4nv"),
                    b=randn(torch, (n, k), "fp8e4nv").t(),
                    a_s=torch.rand(k // block, m, device="cuda").t(),
                    b_s=torch.rand(k // block, cdiv(n, block), device="cuda"),
                    c=zeros(torch, (m, n)))

    def reference(torch, b):
        a = b["a"].float() * b["a_s"].repeat_interleave(block, 1)
        w = b["b"].float() * b["b_s"].repeat_interleave(block, 0).repeat_interleave(
            block, 1)[:, :n]
        return dict(c=a @ w)
    return case("torchao", FILE, f"fp8_gemm_1x128_128x128_{m}x{n}x{k}",
                [K("triton_fp8_gemm_1x128_128x128_kernel", [
                    ("a_ptr", P("fp8e4nv", "a")), ("a_stride_dim_0", I(k)),
                    ("a_stride_dim_1", I(1)), ("b_ptr", P("fp8e4nv", "b")),
                    ("b_stride_dim_0", I(1)), ("b_stride_dim_1", I(k)),
                    ("c_ptr", P("fp32", "c")), ("c_stride_dim_0", I(n)),
                    ("c_stride_dim_1", I(1)), ("a_s_ptr", P("fp32", "a_s")),
                    ("a_s_stride_dim_0", I(1)), ("a_s_stride_dim_1", I(m)),
                    ("b_s_ptr", P("fp32", "b_s")),
                    ("b_s_stride_dim_0", I(cdiv(n, block))), ("b_s_stride_dim_1", I(1)),
                    ("M", I(m)), ("N", C(n)), ("K", C(k)),
                    ("out_dtype", C(TL("float32"))), ("BLOCK_SIZE_M", C(bm)),
                    ("BLOCK_SIZE_N", C(bn)), ("BLOCK_SIZE_K", C(block))],
                   grid=(cdiv(m, bm), cdiv(n, bn)), warps=warps, stages=2)],
                make, ["c"], (1e-3, 1e-2), reference=reference,
                reference_how=(1e-2, 1e-1), flops=lambda b: 2 * m * n * k)


def cases():
    return [
        act_quant_lhs(8192, 4096), act_quant_lhs(1000, 3072),
        weight_quant_rhs(4096, 4096), weight_quant_rhs(1152, 2944),
        fp8_gemm(4096, 4096, 4096), fp8_gemm(1000, 2944, 2944),
    ]
