# tilec --cache-dir --emit cubin: the entry holds the cubin too, and a hit
# writes the same cubin, PTX and manifest as tilec without the cache. An
# entry for --emit ptx (no cubin) is another key.
#
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin -o %t/direct.cubin
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin --cache-dir %t/cache -o %t/first.cubin
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cubin --cache-dir %t/cache -o %t/again.cubin
# RUN: ls %t/cache | count 1
# RUN: cmp %t/direct.cubin %t/first.cubin
# RUN: cmp %t/direct.cubin %t/again.cubin
# RUN: diff %t/direct.ptx %t/again.ptx
# RUN: sed 's/direct\./again./' %t/direct.json | diff - %t/again.json
# RUN: FileCheck %s --input-file %t/again.json
#
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --cache-dir %t/cache -o %t/plain.ptx
# RUN: ls %t/cache | count 2
# RUN: not grep cubin %t/plain.json
#
# No ptxas: the error tilec gives without the cache.
# RUN: not tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,256' --emit cubin --cache-dir %t/cache --ptxas %t/none -o %t/x.cubin 2>&1 | FileCheck %s --check-prefix=NOPTXAS

# CHECK: "ptx": "again.ptx",
# CHECK: "cubin": "again.cubin",
# CHECK-NEXT: "cubin_arch": "sm_90a",
# NOPTXAS: tilec: error: cannot run ptxas '{{.*}}none': not an executable file
