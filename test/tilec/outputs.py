# tilec checks the files it will write before writing any: an output that
# is the input file (by identity: through a link or "..", too) or that is
# another output is an error, and the source stays as it was. Each of these
# overwrote the source, or wrote the manifest where the PTX should be.
# A write that fails (/dev/full) is an error, not LLVM's "IO failure".
#
# RUN: rm -rf %t && mkdir -p %t/dir && cp %s %t/k.py && cp %s %t/original.py
# RUN: ln -s ../k.py %t/dir/link.py
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/k.py 2>&1 | FileCheck %s --check-prefix=INPUT
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/dir/../k.py 2>&1 | FileCheck %s --check-prefix=DOTDOT
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/dir/link.py 2>&1 | FileCheck %s --check-prefix=LINK
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/x.ptx --manifest %t/k.py 2>&1 | FileCheck %s --check-prefix=MANIFEST-INPUT
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/x.ptx --depfile %t/k.py 2>&1 | FileCheck %s --check-prefix=DEPFILE-INPUT
# RUN: not tilec %t/k.py --kernel k --emit ast -o %t/k.py 2>&1 | FileCheck %s --check-prefix=AST-INPUT
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' --cache-dir %t/k.py -o %t/x.ptx 2>&1 | FileCheck %s --check-prefix=CACHE-INPUT
# RUN: diff %t/original.py %t/k.py
#
# Two outputs in one file:
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/x.ptx --manifest %t/x.ptx 2>&1 | FileCheck %s --check-prefix=SAME
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/x.json 2>&1 | FileCheck %s --check-prefix=BESIDE
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' --emit cpp -o %t/x.h --depfile %t/x.cpp 2>&1 | FileCheck %s --check-prefix=CPP
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' --emit cubin -o %t/x.cubin --manifest %t/x.ptx 2>&1 | FileCheck %s --check-prefix=CUBIN
# RUN: not tilec %t/k.py --kernel tuned --signature '*fp32' --autotune -o %t/idx.json --depfile %t/idx_c1.json 2>&1 | FileCheck %s --check-prefix=CONFIG
# RUN: not ls %t/x.ptx %t/x.json %t/x.h %t/x.cpp %t/idx.json %t/idx_c0.ptx
# A device takes several outputs:
# RUN: tilec %t/k.py --kernel k --signature '*fp32' -o /dev/null --manifest /dev/null
#
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/y.ptx --manifest /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' -o %t/y.ptx --depfile /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not tilec %t/k.py --kernel k --signature '*fp32' --emit tile > /dev/full 2> %t/stdout.err
# RUN: FileCheck %s --check-prefix=STDOUT < %t/stdout.err

import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 1.0)


@triton.autotune(configs=[triton.Config({"V": 1}), triton.Config({"V": 2})],
                 key=[])
@triton.jit
def tuned(x_ptr, V: tl.constexpr):
    tl.store(x_ptr, V)

# INPUT: tilec: error: -o '{{.*}}k.py' names the input file, which it would overwrite
# DOTDOT: tilec: error: -o '{{.*}}dir/../k.py' names the input file, which it would overwrite
# LINK: tilec: error: -o '{{.*}}dir/link.py' names the input file, which it would overwrite
# MANIFEST-INPUT: tilec: error: --manifest '{{.*}}k.py' names the input file, which it would overwrite
# DEPFILE-INPUT: tilec: error: --depfile '{{.*}}k.py' names the input file, which it would overwrite
# AST-INPUT: tilec: error: -o '{{.*}}k.py' names the input file, which it would overwrite
# CACHE-INPUT: tilec: error: --cache-dir '{{.*}}k.py' names the input file, which it would overwrite
# SAME: tilec: error: --manifest '{{.*}}x.ptx' names the same file as -o '{{.*}}x.ptx'; each output needs a file of its own
# BESIDE: tilec: error: the manifest beside -o '{{.*}}x.json' names the same file as -o '{{.*}}x.json'; each output needs a file of its own
# CPP: tilec: error: --depfile '{{.*}}x.cpp' names the same file as the launcher source beside -o '{{.*}}x.cpp'; each output needs a file of its own
# CUBIN: tilec: error: --manifest '{{.*}}x.ptx' names the same file as the PTX beside -o '{{.*}}x.ptx'; each output needs a file of its own
# CONFIG: tilec: error: --depfile '{{.*}}idx_c1.json' names the same file as config 1's manifest '{{.*}}idx_c1.json'; each output needs a file of its own
# FULL: tilec: error: cannot write '/dev/full': No space left on device
# STDOUT: tilec: error: cannot write to standard output: No space left on device
