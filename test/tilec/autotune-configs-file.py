# Configs that host code computes (here a comprehension over a host list)
# make tilec ignore @triton.autotune with a warning; --autotune-configs
# gives them in a JSON file instead, in triton.Config's terms (kwargs,
# num_warps, num_stages) with the key. --config N takes config N of the
# file. Errors name the file and what is wrong.
# RUN: rm -rf %t && mkdir -p %t
# RUN: printf '{"key": ["n"], "configs": [{"kwargs": {"BLOCK": 256}, "num_warps": 4}, {"kwargs": {"BLOCK": 1024}, "num_warps": 8, "num_stages": 2}]}' > %t/good.json
# RUN: tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/good.json -o %t/scale.json 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: FileCheck %s --check-prefix=INDEX < %t/scale.json
# RUN: FileCheck %s --check-prefix=C1 < %t/scale_c1.json
# RUN: tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --config 1 --autotune-configs %t/good.json -o %t/one.ptx 2>/dev/null
# RUN: FileCheck %s --check-prefix=ONE < %t/one.json
#
# Without the file there is nothing to tune:
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune -o %t/none.json 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: printf '{"configs": [{"kwargs": {"BLOCK": 256}}]}' > %t/nokey.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/nokey.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=NOKEY
# RUN: printf '{"key": ["n"], "configs": [{"kwargs": {"n": 256}}]}' > %t/runtime.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/runtime.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=RUNTIME
# RUN: printf '{"key": ["Q"], "configs": [{"kwargs": {"BLOCK": 256}}]}' > %t/badkey.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/badkey.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=BADKEY
# RUN: printf '{"key": ["n"], "configs": [{"kwargs": {"BLOCK": "big"}}]}' > %t/string.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/string.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=STRING
# RUN: printf '{"key": ["n"], "configs": [{"kwargs": {}, "num_warp": 4}]}' > %t/field.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/field.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=FIELD
# RUN: printf '{"key": ["n"], "configs": [' > %t/broken.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/broken.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=BROKEN
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/missing.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: printf '{"key": ["n"], "configs": [{"kwargs": {"BLOCK": 256}, "num_warps": 64}]}' > %t/warps.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/warps.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=WARPS
# A file nested deeper than any config needs (which overflowed the JSON
# reader's stack) is an error at the bracket too deep:
# RUN: python3 -c "print('{\"configs\": ' + '[' * 100000 + ']' * 100000 + '}')" > %t/deep.json
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32' --autotune --autotune-configs %t/deep.json -o %t/x.json 2>&1 | FileCheck %s --check-prefix=DEEP
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32,256' --autotune-configs %t/good.json -o %t/x.ptx 2>&1 | FileCheck %s --check-prefix=ALONE

import triton
import triton.language as tl

SIZES = [256, 1024]


@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=w)
                          for b in SIZES for w in [4, 8]], key=["n"])
@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, 2.0 * tl.load(x_ptr + offs, mask=mask), mask=mask)

# WARN: warning: @triton.autotune is ignored: configs must be a list of triton.Config
# INDEX: "kind": "autotune",
# INDEX-NEXT: "name": "scale",
# INDEX-NEXT: "key": [
# INDEX-NEXT: "n"
# INDEX-NEXT: ],
# INDEX: "num_warps": 4,
# INDEX-NEXT: "num_stages": 3,
# INDEX: "BLOCK": 256
# INDEX: "num_warps": 8,
# INDEX-NEXT: "num_stages": 2,
# INDEX: "BLOCK": 1024
# C1: "num_warps": 8,
# C1: "name": "BLOCK",
# C1-NEXT: "value": 1024
# ONE: "num_warps": 8,
# ONE: "name": "BLOCK",
# ONE-NEXT: "value": 1024
# NONE: error: kernel 'scale' has no @triton.autotune configs (host code computes them? give them with --autotune-configs)
# NOKEY: error: {{.*}}nokey.json: no 'key': give the runtime parameters whose values pick the config
# RUNTIME: error: {{.*}}runtime.json: config 0 sets 'n', which is not a tl.constexpr parameter of 'scale'
# BADKEY: error: {{.*}}badkey.json: 'key' names 'Q', which is not a parameter of 'scale'
# STRING: error: {{.*}}string.json: config 0: 'BLOCK' must be an integer, a float or a bool
# FIELD: error: {{.*}}field.json: config 0: unknown field 'num_warp' (kwargs, num_warps, num_stages)
# BROKEN: error: {{.*}}broken.json: not JSON:
# MISSING: error: {{.*}}missing.json: cannot read:
# WARPS: tilec: error: {{.*}}warps.json: config 0: 'num_warps' must be a power of two from 1 to 32, got 64
# DEEP: tilec: error: {{.*}}deep.json:1:268: JSON nested too deeply (more than 256 levels)
# ALONE: error: --autotune-configs goes with --autotune or --config
