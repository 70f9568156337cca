# tilec --emit cubin: ptxas assembles the PTX for the target; the cubin, the
# PTX and a manifest naming both are written (cubin_arch is the target the
# runtime matches against the device). Launchers embed the cubin as well.
#
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin --ptxas %ptxas -o %t/gelu.cubin
# RUN: od -An -c -N4 %t/gelu.cubin | FileCheck %s --check-prefix=MAGIC
# RUN: FileCheck %s --check-prefix=MANIFEST < %t/gelu.json
# RUN: FileCheck %s --check-prefix=ASM < %t/gelu.ptx
#
# Without --ptxas, the one found at configure time; another target.
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --arch sm_80 --emit cubin -o %t/gelu80.cubin
# RUN: od -An -c -N4 %t/gelu80.cubin | FileCheck %s --check-prefix=MAGIC
# RUN: FileCheck %s --check-prefix=SM80 < %t/gelu80.json
#
# The launcher embeds the cubin next to the PTX, and still compiles cleanly.
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --emit cpp --ptxas %ptxas -o %t/gelu.h
# RUN: FileCheck %s --check-prefix=LAUNCHER < %t/gelu.cpp
# RUN: %cxx -Wall -Wextra -Werror -c %t/gelu.cpp -o %t/gelu.o
#
# Errors.
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin -o %t/gelu.ptx 2>&1 | FileCheck %s --check-prefix=NAME
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin --ptxas %t/no-ptxas -o %t/x.cubin 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin --ptxas false-ptxas -o %t/x.cubin 2>&1 | FileCheck %s --check-prefix=MISSING2
# RUN: printf '#!/bin/sh\necho "ptxas fatal   : broken on purpose" >&2\nexit 1\n' > %t/bad-ptxas && chmod +x %t/bad-ptxas
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin --ptxas %t/bad-ptxas -o %t/x.cubin 2>&1 | FileCheck %s --check-prefix=FAILED
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cpp --ptxas %t/bad-ptxas -o %t/y.h 2>&1 | FileCheck %s --check-prefix=FAILED

# MAGIC: 177 E L F

# MANIFEST:      "name": "triton_gelu_kernel",
# MANIFEST-NEXT: "ptx": "gelu.ptx",
# MANIFEST-NEXT: "arch": "sm_90a",
# MANIFEST-NEXT: "cubin": "gelu.cubin",
# MANIFEST-NEXT: "cubin_arch": "sm_90a",
# MANIFEST-NEXT: "num_warps": 4,

# ASM: .target sm_90a
# ASM: .entry triton_gelu_kernel(

# SM80: "arch": "sm_80",
# SM80-NEXT: "cubin": "gelu80.cubin",
# SM80-NEXT: "cubin_arch": "sm_80",

# LAUNCHER: constexpr char kPtx[] =
# LAUNCHER: // The cubin ptxas assembled from it for sm_90a, loaded instead on a device
# LAUNCHER: alignas(64) constexpr unsigned char kCubin[] = {
# LAUNCHER-NEXT: 0x7f, 0x45, 0x4c, 0x46,
# LAUNCHER: kPtx, sizeof(kPtx) - 1,
# LAUNCHER-NEXT: "gelu.cpp",
# LAUNCHER-NEXT: kCubin, sizeof(kCubin), "sm_90a",
# LAUNCHER-NEXT: };

# NAME: tilec: error: --emit cubin writes a cubin and its PTX: give -o NAME.cubin (NAME.ptx and NAME.json go beside it)
# MISSING: tilec: error: cannot run ptxas '{{.*}}no-ptxas': not an executable file
# MISSING2: tilec: error: cannot run ptxas 'false-ptxas': not an executable file
# FAILED: tilec: error: ptxas -arch=sm_90a failed: ptxas fatal   : broken on purpose
