# @triton.autotune's key may name tl.constexpr parameters, as Triton's
# does (lmdeploy's key=['N', 'K'] with N and K constexprs): their values
# are part of the key. Bound by the signature or -D, such a constexpr has
# one value in every config, and the runtime adds it to the key it tunes
# per ("n=4096,N=128"); a constexpr a config sets or a heuristic computes
# is left out of the index's key, as Triton's key skips the names its
# launch was not given. The runtime's side is in
# test/unit/runtime_autotune_test.cpp.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %s --kernel k --signature '*fp32:16,i32,128' --autotune -o %t/k.json
# RUN: FileCheck %s --check-prefix=INDEX < %t/k.json
# RUN: FileCheck %s --check-prefix=MANIFEST < %t/k_c0.json
# RUN: tilec %s --kernel k --signature '*fp32:16,i32,128' --emit cpp -o %t/k.h --autotune
# RUN: FileCheck %s --check-prefix=CPP < %t/k.cpp
# RUN: %cxx -Wall -Wextra -Werror -c %t/k.cpp -o %t/k.o

import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 64}), triton.Config({"BLOCK": 128})],
                 key=["n", "N", "BLOCK", "WIDE"])
@triton.heuristics({"WIDE": lambda args: args["BLOCK"] >= 128})
@triton.jit
def k(x_ptr, n, N: tl.constexpr, BLOCK: tl.constexpr, WIDE: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, N, mask=offs < n)

# INDEX: "key": [
# INDEX-NEXT: "n",
# INDEX-NEXT: "N"
# INDEX-NEXT: ],
# MANIFEST: "name": "N",
# MANIFEST-NEXT: "value": 128
# CPP: kKey[] = {"n", "N"}
