# A compile-cache entry whose checksum holds but whose manifest does not
# read (here 100000 nested lists, which overflowed the stack of the JSON
# reader) is a miss: tilec compiles the kernel again, writes what it writes
# without the cache, and replaces the entry.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' -o %t/direct.ptx
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --cache-dir %t/cache -o %t/first.ptx
# RUN: python3 %S/Inputs/damage_cache_manifest.py %t/cache
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --cache-dir %t/cache -o %t/again.ptx
# RUN: diff %t/direct.ptx %t/again.ptx
# RUN: sed 's/direct.ptx/again.ptx/' %t/direct.json | diff - %t/again.json
# The entry holds the manifest again: a hit now gives the same files.
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --cache-dir %t/cache -o %t/hit.ptx
# RUN: sed 's/direct.ptx/hit.ptx/' %t/direct.json | diff - %t/hit.json
# The same through a launcher (--emit cpp reads the entry's manifest):
# RUN: python3 %S/Inputs/damage_cache_manifest.py %t/cache
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --cache-dir %t/cache --emit cpp -o %t/gelu.h
# RUN: FileCheck %s < %t/gelu.h

# CHECK: void triton_gelu_kernel(
