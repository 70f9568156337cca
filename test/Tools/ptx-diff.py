# tools/ptx-diff.sh diff: the kernels whose PTX or manifest differs between
# two compiled sets, PTX comments aside (the header names the output file),
# and those compiled on one side only; exit status 1 when any differs.
#
# RUN: rm -rf %t && mkdir -p %t/a/kernels %t/b/kernels
# RUN: printf '// a\nst.global.b16\n' > %t/a/kernels/same.ptx
# RUN: printf '// b\nst.global.b16\n' > %t/b/kernels/same.ptx
# RUN: printf 'st.global.v4.b32\n' > %t/a/kernels/changed.ptx
# RUN: printf 'st.global.b32\n' > %t/b/kernels/changed.ptx
# RUN: printf '{"shared_bytes": 0}\n' > %t/a/kernels/changed.json
# RUN: printf '{"shared_bytes": 0}\n' > %t/b/kernels/changed.json
# RUN: printf 'ret;\n' > %t/a/kernels/gone.ptx
# RUN: not %S/../../tools/ptx-diff.sh diff %t/a %t/b | FileCheck %s
# RUN: %S/../../tools/ptx-diff.sh diff %t/a %t/a | FileCheck %s --check-prefix=SAME
#
# CHECK: ONE SIDE ONLY ./kernels/gone.ptx
# CHECK: CHANGED kernels/changed.ptx
# CHECK-NOT: CHANGED
# CHECK: 1 of 3 files changed
# SAME: 0 of 4 files changed
