# The lecture's matmul + ReLU (fp16, the _d16 signature of matmul-ptx.py)
# through tilec for sm_80 (the mma.sync path; sm_90a takes wgmma, see
# wgmma-ptx.py) with software pipelining (tile-pipeline), to PTX that
# ptxas assembles for sm_90a. By default 3 stages: both factors go from
# global to shared memory with 16-byte cp.async.cg (no ld.global, no
# st.shared; shared addresses in 32-bit registers, global ones in 64-bit),
# each K tile as one commit group; the prologue starts the
# copies of iterations 0 and 1; each iteration waits until one group is
# left in flight (wait_group 1), passes the one barrier of the loop, reads
# its stage with ldmatrix, starts the copies of iteration i + 2 and
# multiplies; after the loop every group is waited for, and the product
# goes through shared memory to the layout that stores it 16 bytes a
# thread. Two 3-deep stacks
# of 4 KiB buffers: 24 KiB of shared memory. --num-stages 2 keeps one
# K tile in flight (one prologue group, wait_group 0 in the loop, 16 KiB);
# --num-stages 4 three (wait_group 2, 32 KiB).
#
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' --arch sm_80 -o %t.s3.ptx
# RUN: FileCheck %s --check-prefixes=CHECK,S3 < %t.s3.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST3 < %t.s3.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.s3.ptx -o %t.s3.cubin %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' --num-stages 2 --arch sm_80 -o %t.s2.ptx
# RUN: FileCheck %s --check-prefixes=CHECK,S2 < %t.s2.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST2 < %t.s2.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.s2.ptx -o %t.s2.cubin %}
# RUN: tilec %S/../../examples/matmul/matmul.py --kernel matmul_relu_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1,64,64,32' --num-stages 4 --arch sm_80 -o %t.s4.ptx
# RUN: FileCheck %s --check-prefix=S4 < %t.s4.ptx
# RUN: FileCheck %s --check-prefix=MANIFEST4 < %t.s4.json
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.s4.ptx -o %t.s4.cubin %}
#
# CHECK: .extern .shared .align 16 .b8 tile_shared[];
# CHECK: .visible .entry matmul_relu_kernel(
# CHECK: .reqntid 128, 1, 1
# CHECK-NOT: ld.global
# CHECK-NOT: st.shared
# The barrier before the prologue (its copies may overwrite what code
# before the loop reads), then the prologue: per group, each thread copies
# two 16-byte vectors of A and two of B.
# CHECK: bar.sync 0;
# CHECK-COUNT-4: cp.async.cg.shared.global [%r{{[0-9]+}}{{[^]]*}}], [%rd{{[0-9]+}}{{[^]]*}}], 16, %r{{[0-9]+}};
# CHECK-NEXT: cp.async.commit_group;
# S3-COUNT-4: cp.async.cg.shared.global [%r{{[0-9]+}}{{[^]]*}}], [%rd{{[0-9]+}}{{[^]]*}}], 16, %r{{[0-9]+}};
# S3-NEXT: cp.async.commit_group;
# CHECK-NOT: cp.async
# CHECK-NOT: bar.sync
# CHECK: // =>This Inner Loop Header
# CHECK-NOT: bar.sync
# CHECK-NOT: ldmatrix
# S3: cp.async.wait_group 1;
# S2: cp.async.wait_group 0;
# CHECK-NOT: ldmatrix
# CHECK: bar.sync 0;
# CHECK-NOT: bar.sync
# CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{[^}]+}}}, [%r{{[0-9]+}}{{[^]]*}}];
# CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# CHECK-NOT: bar.sync
# CHECK-COUNT-4: cp.async.cg.shared.global [%r{{[0-9]+}}{{[^]]*}}], [%rd{{[0-9]+}}{{[^]]*}}], 16, %r{{[0-9]+}};
# CHECK-NEXT: cp.async.commit_group;
# CHECK-NOT: bar.sync
# CHECK-NOT: cp.async
# CHECK-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# CHECK-NOT: bar.sync
# CHECK-NOT: cp.async
# CHECK: @%p{{[0-9]+}} bra {{.*}}$L__BB{{[0-9_]+}};
# CHECK-NOT: bar.sync
# CHECK: cp.async.wait_group 0;
# CHECK-NOT: cp.async
# The product goes to the store's layout through shared memory (a barrier
# before, as the scratch reuses the stages; one between) and is stored 16
# bytes a thread.
# CHECK: bar.sync 0;
# CHECK-COUNT-8: st.shared.v4.b32
# CHECK-NEXT: bar.sync 0;
# CHECK-COUNT-8: ld.shared.v4.b32
# CHECK-NOT: bar.sync
# CHECK: st.global.v4.b32
# CHECK-NOT: bar.sync
# CHECK: ret;
#
# S4: .visible .entry matmul_relu_kernel(
# S4-COUNT-3: cp.async.commit_group;
# S4-NOT: cp.async
# S4: // =>This Inner Loop Header
# S4-NOT: bar.sync
# S4: cp.async.wait_group 2;
# S4: bar.sync 0;
# S4-NOT: bar.sync
# S4: @%p{{[0-9]+}} bra {{.*}}$L__BB{{[0-9_]+}};
# S4: cp.async.wait_group 0;
#
# MANIFEST3: "num_stages": 3,
# MANIFEST3-NEXT: "shared_bytes": 24576,
# MANIFEST2: "num_stages": 2,
# MANIFEST2-NEXT: "shared_bytes": 16384,
# MANIFEST4: "num_stages": 4,
# MANIFEST4-NEXT: "shared_bytes": 32768,
