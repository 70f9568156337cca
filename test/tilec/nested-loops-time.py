# Loops nested 30 deep, each trip reducing a block across warps (scratch
# shared memory that tile-insert-barriers guards): the pass walked a loop's
# body until its end was stable and every loop inside it again at each
# walk, 2^depth walks of the innermost (25 deep took 40 s, 30 would take
# twenty minutes). It now remembers what a loop gave for a state. The
# time limit makes a regression fail instead of crawl.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %s > %t/nested.py
# RUN: timeout 60 tilec %t/nested.py --signature '*fp32,i32' --num-warps 4 --emit llvm-mlir -o %t/nested.mlir
# RUN: FileCheck %s < %t/nested.mlir

# CHECK: nvvm.barrier0

DEPTH = 30

lines = ["import triton", "import triton.language as tl", "", "",
         "@triton.jit", "def nested(x_ptr, n):",
         "    acc = tl.zeros([256], dtype=tl.float32)"]
for level in range(DEPTH):
    lines.append("    " * (level + 1) + f"for i{level} in range(n):")
body = "    " * (DEPTH + 1)
lines.append(body + "acc += tl.sum(tl.load(x_ptr + tl.arange(0, 256)))")
lines.append("    tl.store(x_ptr + tl.arange(0, 256), acc)")
print("\n".join(lines))
