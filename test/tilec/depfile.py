# tilec --depfile: a Makefile rule making the -o file depend on the source
# and every Python file it imports, directly or not (each once, cycles
# included), for CMake's DEPFILE (cmake/TilecKernels.cmake). Paths with
# spaces are escaped; files that are no Python file beside it (torch,
# triton) are not listed.
# RUN: rm -rf %t.dir && cp -r %S/../Frontend/Inputs/imports %t.dir && cp %S/../Frontend/imports.py %t.dir/kernel.py
# RUN: cd %t.dir && tilec kernel.py --signature '*fp32:16,*fp32:16,i32,1024' -o "out put.ptx" --depfile k.d
# RUN: FileCheck %s --input-file %t.dir/k.d --match-full-lines --strict-whitespace
# A compile that fails still writes it (the output is missing anyway).
# RUN: cd %t.dir && not tilec kernel.py --signature '*fp32' -o x.ptx --depfile x.d 2>/dev/null
# RUN: FileCheck %s --input-file %t.dir/x.d --check-prefix=FAILED

# CHECK:out\ put.ptx: \
# CHECK-NEXT:  kernel.py \
# CHECK-NEXT:  activations.py \
# CHECK-NEXT:  pkg/scales.py \
# CHECK-NEXT:  star.py \
# CHECK-NEXT:  reexport.py
# CHECK-EMPTY:
# FAILED: x.ptx:
# FAILED: activations.py
