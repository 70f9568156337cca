# tools/fuzz/run.py's inputs: input i of seed S is a function of (S, i);
# every kind of input and every feature of features.py turns up within a
# few thousand inputs; inputs name only files of their own (relative
# paths, nothing above the scratch directory) besides /dev/full; and
# --inputs classic gives kernels only, the generated ones without features.
# RUN: python3 %s %S/../../tools/fuzz | FileCheck %s
# CHECK: deterministic: yes
# CHECK: kinds: command line, configs file, generated, imports, launcher, mutant, signature, values
# CHECK: features: combine, consts, dtypes, heuristics, i1, mix, scale
# CHECK: outside: none
# CHECK: classic kinds: generated, mutant
# CHECK: classic features: none
import os
import random
import sys

sys.path.insert(0, sys.argv[1])
import features  # noqa: E402
import mutate  # noqa: E402
import run  # noqa: E402

corpus = mutate.seeds(run.ROOT)


def same(a, b):
    return (a.files, a.args, a.origin, a.kind) == (b.files, b.args,
                                                   b.origin, b.kind)


inputs = [run.make_input(3, i, corpus) for i in range(1500)]
again = [run.make_input(3, i, corpus) for i in range(0, 1500, 7)]
print("deterministic: %s" % ("yes" if all(
    same(a, inputs[i * 7]) for i, a in enumerate(again)) else "no"))
print("kinds: %s" % ", ".join(sorted({i.kind for i in inputs})))
drawn = set()
for i in range(3000):
    drawn |= features.draw(random.Random(i))
print("features: %s" % ", ".join(sorted(drawn)))
outside = []
for inp in inputs:
    for name in inp.files:
        if os.path.isabs(name) or ".." in name.split("/"):
            outside.append(name)
    for a in inp.args:
        if a.startswith("/") and a != "/dev/full":
            outside.append(a)
print("outside: %s" % (", ".join(outside) or "none"))
classic = [run.make_input(3, i, corpus, extras=False) for i in range(300)]
print("classic kinds: %s" % ", ".join(sorted({i.kind for i in classic})))
found = [f for f in ("@triton.heuristics", "tl.float8", "tl.interleave",
                     "tl.reduce(", "chain0(", "*i1")
         if any(f in i.source() or f in i.value("--signature")
                for i in classic if i.kind == "generated")]
print("classic features: %s" % (", ".join(found) or "none"))
