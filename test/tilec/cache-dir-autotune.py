# tilec --cache-dir with --autotune and --emit cpp: every config, and every
# launcher's kernel, goes through the compile cache; the files written are
# the same bytes as without the cache, on a miss and on a hit. A config
# that needs too much shared memory is skipped with the same warning.
#
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t/direct %t/miss %t/hit
# RUN: tilec %S/autotune.py --kernel big --signature '*fp16:16,*fp32:16' --autotune -o %t/direct/big.json 2>%t/direct/warn
# RUN: tilec %S/autotune.py --kernel big --signature '*fp16:16,*fp32:16' --autotune -o %t/miss/big.json --cache-dir %t/cache 2>%t/miss/warn
# RUN: tilec %S/autotune.py --kernel big --signature '*fp16:16,*fp32:16' --autotune -o %t/hit/big.json --cache-dir %t/cache 2>%t/hit/warn
# RUN: diff -r %t/direct %t/miss
# RUN: diff -r %t/direct %t/hit
# RUN: FileCheck %s --check-prefix=WARN < %t/hit/warn
#
# One launcher of every config, and a launcher of one kernel:
# RUN: tilec %S/emit-cpp-autotune.py --kernel scale --signature '*fp16:16,*fp32:16,i32' --autotune --emit cpp -o %t/direct/scale.h 2>/dev/null
# RUN: tilec %S/emit-cpp-autotune.py --kernel scale --signature '*fp16:16,*fp32:16,i32' --autotune --emit cpp -o %t/miss/scale.h --cache-dir %t/cache 2>/dev/null
# RUN: tilec %S/emit-cpp-autotune.py --kernel scale --signature '*fp16:16,*fp32:16,i32' --autotune --emit cpp -o %t/hit/scale.h --cache-dir %t/cache 2>/dev/null
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cpp -o %t/direct/gelu.h
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cpp -o %t/miss/gelu.h --cache-dir %t/cache
# RUN: tilec %S/../../examples/gelu/gelu.py --signature '*fp32:16,*fp32:16,i32,1024' --emit cpp -o %t/hit/gelu.h --cache-dir %t/cache
# RUN: diff -r %t/direct %t/miss
# RUN: diff -r %t/direct %t/hit
# RUN: FileCheck %s --check-prefix=EMBED < %t/hit/gelu.cpp
#
# One config on its own that needs too much shared memory is an error; the
# cache's comes without the kernel's location (docs/tilec.md).
# RUN: not tilec %S/autotune.py --kernel big --signature '*fp16:16,*fp32:16' --config 1 -o %t/big1.ptx --cache-dir %t/cache 2>&1 | FileCheck %s --check-prefix=TOOBIG

# WARN: warning: config {{[0-9]+}} skipped: needs {{[0-9]+}} bytes of shared memory
# EMBED: kCubin
# TOOBIG: tilec: error: needs {{[0-9]+}} bytes of shared memory; sm_90a has 232448 per program
