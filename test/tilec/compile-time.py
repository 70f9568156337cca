# Long programs compile in time linear in their length through tilec's own
# stages (front end, tile passes, lowering to the LLVM dialect): a kernel
# of 1000 for loops in a row, each carrying one value on, then an if with
# 1999 elifs on a runtime value. The loops walked the chain of loops before
# them at each use of the value (signedness), the elifs nested an scf.if
# each, and convert-scf-to-cf moved every op after each block split. The
# elif chain alone goes on to PTX. The time limits make a regression fail
# instead of crawl. (LLVM's O3, which tilec runs on the LLVM IR, is left
# out for the loops: its IndVarSimplify, InstCombine and LoopRotate take
# time quadratic in the number of loops in a row.)
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %s both > %t/both.py
# RUN: python3 %s elifs > %t/elifs.py
# RUN: timeout 60 tilec %t/both.py --kernel kernel --signature '*i32,i32' --emit llvm-mlir -o %t/both.mlir
# RUN: FileCheck %s --check-prefix=BOTH < %t/both.mlir
# RUN: timeout 60 tilec %t/elifs.py --kernel kernel --signature '*i32,i32' -o %t/elifs.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t/elifs.ptx

# BOTH: llvm.func @kernel
# BOTH-COUNT-1000: llvm.icmp "slt"
# PTX: .entry kernel

import sys

LOOPS = 1000
BRANCHES = 2000


def loops():
    body = ["    acc = tl.load(x_ptr)"]
    for k in range(LOOPS):
        body += [f"    for i{k} in range(n):", f"        acc += i{k}"]
    return body


def elifs():
    body = ["    v = 0"]
    for k in range(BRANCHES):
        body += [f"    {'if' if k == 0 else 'elif'} n == {k}:",
                 f"        v = {k}"]
    return body


mode = sys.argv[1]
body = {"both": loops() + elifs(), "elifs": elifs()}[mode]
result = "acc + v" if mode == "both" else "v"
print("\n".join(["import triton", "import triton.language as tl", "", "",
                 "@triton.jit", "def kernel(x_ptr, n):"] + body +
                [f"    tl.store(x_ptr, {result})"]))
