# tools/fuzz/fold.py against a stand-in for tilec (Inputs/fold_tilec.py)
# that prints each expression's value with Python but for two planted
# faults: -0.0 printed as 0.0, and octal literals a located error. The
# mode finds both: the first by comparing what was printed, the second by
# taking the expression the error names out of its batch; everything else
# agrees, errors included (CPython's errors must be located errors on the
# expression's line).
# RUN: rm -rf %t
# RUN: not python3 %S/../../tools/fuzz/fold.py --seed 2 --count 420 --batch 70 --modes kernel --out %t/k --tilec %S/Inputs/fold_tilec.py | FileCheck %s --check-prefix=KERNEL
# RUN: cat %t/k/failures/*/expected.txt | FileCheck %s --check-prefix=FOUND
# RUN: not python3 %S/../../tools/fuzz/fold.py --seed 2 --start 330 --count 20 --modes heuristics --out %t/h --tilec %S/Inputs/fold_tilec.py | FileCheck %s --check-prefix=HEURISTICS
# RUN: FileCheck %s --check-prefix=LAMBDA < %t/h/failures/00338-heuristics/input.py
# KERNEL: fold seed 2: 420 expressions
# KERNEL-NEXT: kernel agreed {{[1-9][0-9]+}}, mismatched {{[1-9][0-9]*}}, skipped {{[0-9]+}}
# FOUND-DAG: CPython: -0.0
# FOUND-DAG: tilec: 0.0
# FOUND-DAG: expression: {{.*}}0o17
# FOUND-DAG: tilec: error
# HEURISTICS: heuristics agreed {{[1-9][0-9]*}}, mismatched 1,
# LAMBDA: @triton.heuristics(values={
# LAMBDA-NEXT: 'X338': lambda args: {{.*}}0o17
# LAMBDA: def fold(X338: tl.constexpr):
# LAMBDA-NEXT: tl.static_print('e338', X338)
