# tilec --cache-dir: --emit ptx through the compile cache (tilec::jit). The
# first run compiles and adds an entry named by the key; the second reads
# it; both write the same PTX and manifest as tilec without the cache.
# (--emit cubin through the cache: cache-dir-cubin.py.)
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' -o %t/direct.ptx
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --cache-dir %t/cache -o %t/first.ptx
# RUN: ls %t/cache | FileCheck %s --check-prefix=ENTRY
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --cache-dir %t/cache -o %t/direct.ptx.again
# RUN: diff %t/direct.ptx %t/first.ptx
# RUN: diff %t/direct.ptx %t/direct.ptx.again
# RUN: sed 's/direct.ptx/first.ptx/' %t/direct.json | diff - %t/first.json
#
# A different kernel is another entry; errors are the compiler's.
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,512' --cache-dir %t/cache -o %t/b512.ptx
# RUN: ls %t/cache | count 2
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16' --cache-dir %t/cache -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,512' --cache-dir %t/cache --emit llvm 2>&1 | FileCheck %s --check-prefix=STAGE

# ENTRY: {{^[0-9a-f]{64}\.tilec$}}
# BAD: gelu.py:{{[0-9]+}}:{{[0-9]+}}: error:
# STAGE: tilec: error: --cache-dir works with --emit ptx, cubin or cpp
