"""lightning-thunder (Lightning-AI/lightning-thunder): the cross-entropy
kernels of its Triton executor, thunder/executors/triton_crossentropy_impl.py,
with class indices, no weights or smoothing, an fp32 buffer for bf16
logits, and the autotune config of 4096-wide blocks on 8 warps (one stage).
"""

import math

from . import C, F, I, K, N, P, TL, case, cdiv, randn, zeros

FILE = "thunder/executors/triton_crossentropy_impl.py"


def make_inputs(torch, rows, vocab):
    x = randn(torch, (rows, vocab), "bf16", 2.0)
    idx = torch.randint(0, vocab, (rows,), device="cuda")
    nlp = -torch.log_softmax(x.float(), -1)
    return dict(x=x, idx=idx, probs=zeros(torch, (rows, vocab)),
                loss=zeros(torch, (rows,), "bf16"), wbuf=zeros(torch, (rows,)),
                nlp=nlp, dloss=randn(torch, (rows,), "bf16"),
                din=zeros(torch, (rows, vocab)))


def flags(rows):
    return [("smoothing_factor", F(0.0)),
            ("log_size_logits", I(int(math.log(rows)))),
            ("WEIGHTS", C(False)), ("CLASS_INDICES", C(True)),
            ("LABEL_SMOOTHING", C(False)), ("IGNORE_INDEX", C(-100)),
            ("BUFFER_DTYPE", C(TL("float32"))), ("BLOCK", C(4096))]


def forward(rows, vocab):
    def reference(torch, b):
        nlp = -torch.log_softmax(b["x"].float(), -1)
        return dict(loss=nlp.gather(1, b["idx"][:, None])[:, 0].bfloat16())
    return case("thunder", FILE, f"crossentropy_fwd_{rows}x{vocab}",
                [K("_forward", [
                    ("LOGITS", P("bf16", "x")), ("PROBS", P("fp32", "probs")),
                    ("IDX", P("i64", "idx")), ("LOSS", P("bf16", "loss")),
                    ("weight", N), ("N", I(vocab)),
                    ("WEIGHT_BUFFER", P("fp32", "wbuf"))] + flags(rows),
                   grid=(rows,), warps=8, stages=1)],
                lambda torch: make_inputs(torch, rows, vocab),
                ["probs", "loss"], (1e-5, 1e-5), reference=reference,
                reference_how=(2e-2, 2e-2),
                bytes=lambda b: 6 * rows * vocab)


def backward(rows, vocab):
    return case("thunder", FILE, f"crossentropy_bwd_{rows}x{vocab}",
                [K("_backward", [
                    ("PROBS", P("fp32", "nlp")), ("IDX", P("i64", "idx")),
                    ("DPROBS", P("bf16", "dloss")), ("dprob_stride", I(1)),
                    ("DIN", P("fp32", "din")), ("weight", N), ("N", I(vocab)),
                    ("WEIGHT_BUFFER", P("fp32", "wbuf"))] + flags(rows),
                   grid=(rows, cdiv(vocab, 4096)), warps=8, stages=1)],
                lambda torch: make_inputs(torch, rows, vocab),
                ["din", "nlp"], (1e-5, 1e-6), bytes=lambda b: 8 * rows * vocab)


def cases():
    return [forward(4096, 32000), forward(1000, 50257),
            backward(4096, 32000), backward(1000, 50257)]
