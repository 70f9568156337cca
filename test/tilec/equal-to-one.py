# "i32:1" in a signature promises the value 1 (Triton's AOT convention, as
# its JIT specialises arguments equal to 1): the kernel computes with the
# constant, so a unit stride makes the accesses contiguous and vectorised,
# and the manifest records the promise for the runtime to check.
#
# RUN: tilec %s --kernel strided_copy --signature '*fp32:16,*fp32:16,i32:1,i32' -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: tilec %s --kernel strided_copy --signature '*fp32:16,*fp32:16,i32,i32' --emit ptx | FileCheck %s --check-prefix=RUNTIME
# RUN: tilec %s --kernel strided_copy --signature '*fp32:16,*fp32:16,i32:1,i32' --emit tile | FileCheck %s --check-prefix=TILE

import triton
import triton.language as tl


@triton.jit
def strided_copy(x_ptr, y_ptr, stride, n):
    offs = tl.arange(0, 1024)
    x = tl.load(x_ptr + offs * stride)
    tl.store(y_ptr + offs, x)

# CHECK: ld.global{{.*}}.v4.b32
# CHECK: st.global{{.*}}.v4.b32
# MANIFEST: "name": "stride"
# MANIFEST: "equal_to": 1
# MANIFEST-NEXT: }
# RUNTIME-NOT: ld.global{{.*}}.v4
# TILE: func.func @strided_copy(%arg0: !tile.ptr<f32> {{.*}}, %arg1: !tile.ptr<f32> {{.*}}, %arg2: i32 {tile.divisibility = 1 : i32, tile.equal_to = 1 : i32, tile.name = "stride"}, %arg3: i32
