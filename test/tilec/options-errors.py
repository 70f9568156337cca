# Bad driver options are reported, not crashed on.
#
# RUN: not tilec %s --kernel k --signature 'i32' --arch sm_75 2>&1 | FileCheck %s --check-prefix=ARCH
# RUN: not tilec %s --kernel k --signature 'i32' --num-warps 3 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: not tilec %s --kernel k --signature 'i32' -D X 2>&1 | FileCheck %s --check-prefix=DEFN
# RUN: not tilec %t.missing.py 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec %s --kernel k --signature 'i32' --manifest %t.json 2>&1 | FileCheck %s --check-prefix=MANIFEST
# --help lists tilec's options, not the LLVM back ends' (--help-hidden does).
# RUN: tilec --help | FileCheck %s --check-prefix=HELP
# RUN: tilec --help-hidden | FileCheck %s --check-prefix=HIDDEN
# --version names tilec's version and commit, and LLVM's.
# RUN: tilec --version | FileCheck %s --check-prefix=VERSION
# -o /dev/null (no regular file) gets no manifest beside it.
# RUN: rm -f /dev/null.json && tilec %s --kernel k --signature 'i32' -o /dev/null && not ls /dev/null.json
#
# ARCH: error: unsupported architecture 'sm_75' (expected sm_80, sm_90 or sm_90a)
# WARPS: error: number of warps must be a power of two between 1 and 32, got 3
# DEFN: error: -D expects NAME=VALUE, got 'X'
# MISSING: error: cannot read '{{.*}}.missing.py'
# MANIFEST: error: --manifest needs the PTX in a file (-o FILE)
# HELP: tilec options:
# HELP-NOT: amdgpu
# HELP-NOT: mlir-print-ir
# HELP: --autotune
# HELP: --num-stages
# HIDDEN: --amdgpu
# HIDDEN: --mlir-print-ir-after-all
# VERSION: tilec {{[0-9]+\.[0-9]+\.[0-9]+}} (configured at commit {{[0-9a-f]+|unknown}})
# VERSION-NEXT: LLVM and MLIR 22.
import triton
import triton.language as tl


@triton.jit
def k(n):
    pass
