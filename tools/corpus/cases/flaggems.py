"""FlagGems (FlagOpen/FlagGems): src/flag_gems/ops/, its ATen operators
in Triton: cumulative sums (a row scan, and the block scan with partial
sums of its scan-then-fan path) and the two stages of topk, launched as
its wrappers launch them (their @libentry decorators are host-side
caches, left out on Triton's side).
"""

from . import C, I, K, P, case, cdiv, np2, randn, zeros

OPS = "src/flag_gems/ops/"


def cumsum_row(rows, n):
    tile = np2(n)

    def make(torch):
        return dict(x=randn(torch, (rows, n)), out=zeros(torch, (rows, n)))

    def reference(torch, b):
        return dict(out=b["x"].double().cumsum(-1).float(),
                    **{"out:magnitude": b["x"].abs().double().cumsum(-1)})
    return case("flaggems", OPS + "cumsum.py", f"cumsum_row_{rows}x{n}",
                [K("reduce_then_scan_root_scan_kernel_row", [
                    ("in_ptr", P("fp32", "x")), ("out_ptr", P("fp32", "out")),
                    ("N", I(n)), ("TILE_SIZE", C(tile))],
                   grid=(rows, 1, 1), warps=8 if tile > 2048 else 4)],
                make, ["out"], (1e-5, 1e-5), reference=reference,
                reference_how=(1e-5, 1e-5), bytes=lambda b: 8 * rows * n)


def scan_part_sum(n):
    block = 1024 if n > 4096 else np2(n)
    parts = cdiv(n, block)

    def make(torch):
        return dict(x=randn(torch, (n,)), out=zeros(torch, (n,)),
                    partial=zeros(torch, (parts,)))
    return case("flaggems", OPS + "cumsum.py", f"scan_part_sum_n{n}",
                [K("scan_part_sum_kernel", [
                    ("inp", P("fp32", "x")), ("out", P("fp32", "out")),
                    ("partial_sum", P("fp32", "partial")),
                    ("n_elements", I(n, spec=False)), ("part_num", I(parts, spec=False)),
                    ("BLOCK_SIZE", C(block))], grid=(parts,))],
                make, ["out", "partial"], (1e-5, 1e-5), bytes=lambda b: 8 * n)


def topk(batch, n, k):
    # Stage 1: the top k of each chunk of 1024 (256 below 1024 columns);
    # stage 2: the top k of the chunks' candidates.
    chunk = 1024 if n >= 1024 else 256
    chunks = cdiv(n, chunk)
    stage2 = chunks * k

    def make(torch):
        return dict(x=randn(torch, (batch, n)),
                    y1=zeros(torch, (batch * chunks * k,)),
                    i1=zeros(torch, (batch * chunks * k,), "i64"),
                    y=zeros(torch, (batch, k)), i=zeros(torch, (batch, k), "i64"))

    def reference(torch, b):
        top = b["x"].topk(k, -1)
        return dict(y=top.values, i=top.indices)
    return case("flaggems", OPS + "topk.py", f"topk_{batch}x{n}_k{k}",
                [K("topk_stage1_kernel", [
                    ("y_ptr", P("fp32", "y1")), ("index_ptr", P("i64", "i1")),
                    ("x_ptr", P("fp32", "x")), ("k", I(k)), ("N", C(n)),
                    ("CHUNK_SIZE", C(chunk)), ("DESCENDING", C(True))],
                   grid=(batch, chunks)),
                 K("topk_stage2_kernel", [
                     ("y_ptr", P("fp32", "y")), ("index_ptr", P("i64", "i")),
                     ("chunk_x", P("fp32", "y1")), ("chunk_index", P("i64", "i1")),
                     ("sort_dim", C(1)), ("k", C(k)), ("N", C(stage2)),
                     ("BLOCK_SIZE", C(np2(stage2))), ("DESCENDING", C(True))],
                   grid=(batch,))],
                make, ["y", "i"], "exact", reference=reference, reference_how="exact",
                bytes=lambda b: 4 * batch * n)


def cases():
    return [
        cumsum_row(4096, 4096), cumsum_row(1000, 3000),
        scan_part_sum(1 << 24), scan_part_sum(1000 * 3001 + 7),
        topk(64, 128256, 50), topk(7, 50257, 40),
    ]
