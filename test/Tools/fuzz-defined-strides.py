# tools/fuzz/gen.py with defined=True (the kernels the GPU differential run
# compares) never makes rows of a 2-D block overlap: a stride specialised
# to 1 (`i32:1`) only where a program has one row. Before, 303 of 2008
# kernels were skipped by the differential run for it.
# RUN: python3 %s %S/../../tools/fuzz | FileCheck %s
# CHECK: defined: 0 overlapping of {{[1-9][0-9]*}} 2-d
# CHECK: undefined: {{[1-9][0-9]*}} overlapping
import random
import sys

sys.path.insert(0, sys.argv[1])
import gen  # noqa: E402


def overlapping(defined):
    count = two_d = 0
    for index in range(600):
        _, _, sig = gen.generate(random.Random("3:%d" % index), defined)
        fields = sig.split(",")
        if len(fields) != 8:
            continue
        two_d += 1
        if fields[5] == "i32:1" and int(fields[6]) > 1:
            count += 1
    return count, two_d


count, two_d = overlapping(True)
print("defined: %d overlapping of %d 2-d" % (count, two_d))
count, _ = overlapping(False)
print("undefined: %d overlapping" % count)
