# The lecture's GeLU kernel through every stage of tilec, down to PTX that
# ptxas assembles for the H200.
#
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --emit llvm-mlir | FileCheck %s --check-prefix=LLVMMLIR
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --emit llvm | FileCheck %s --check-prefix=LLVMIR
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --emit ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
#
# LLVMMLIR: llvm.func @triton_gelu_kernel(%{{.*}}: !llvm.ptr<1> {llvm.align = 16 : i64}
# LLVMMLIR-SAME: nvvm.kernel
# LLVMIR: define ptx_kernel void @triton_gelu_kernel(ptr addrspace(1) align 16
#
# Each thread holds eight elements as two 128-bit vectors; the mask (n has no
# divisibility promise) may change inside a vector, so the whole vector is
# loaded when all four lanes are in bounds, else lane by lane.
# PTX: .target sm_90a
# PTX: .visible .entry triton_gelu_kernel(
# PTX: .reqntid 128, 1, 1
# PTX: mov.u32 {{.*}}%ctaid.x
# PTX: mov.u32 {{.*}}%tid.x
# PTX: ld.global.v4.b32
# PTX: ld.global.v4.b32
# PTX: ex2.approx.f32
# PTX: div.full.f32
# PTX: st.global.v4.b32
# PTX: st.global.v4.b32
#
# MANIFEST: "name": "triton_gelu_kernel"
# MANIFEST: "ptx": "gelu-ptx.py.tmp.ptx"
# MANIFEST: "arch": "sm_90a"
# MANIFEST: "num_warps": 4
# MANIFEST: "threads_per_block": 128
# MANIFEST: "shared_bytes": 0
# MANIFEST: "name": "x_ptr"
# MANIFEST-NEXT: "kind": "pointer"
# MANIFEST-NEXT: "type": "fp32"
# MANIFEST-NEXT: "divisibility": 16
# MANIFEST: "name": "num_elements"
# MANIFEST-NEXT: "kind": "scalar"
# MANIFEST-NEXT: "type": "i32"
# MANIFEST-NEXT: "divisibility": 1
# MANIFEST: "name": "BLOCK_SIZE"
# MANIFEST-NEXT: "value": 1024
#
# Pass names work with MLIR's IR-printing options.
# RUN: tilec %S/../../examples/gelu/gelu.py --kernel triton_gelu_kernel --signature '*fp32:16,*fp32:16,i32,1024' --mlir-print-ir-after=tile-assign-layouts -o %t.2.ptx 2>&1 | FileCheck %s --check-prefix=AFTER
# AFTER: IR Dump After TileAssignLayouts (tile-assign-layouts)
# AFTER: #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
