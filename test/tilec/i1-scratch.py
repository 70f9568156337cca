# Masks (i1 blocks) that go through shared memory (here a layout conversion
# before a transpose) are stored and loaded a byte an element: LLVM packs
# <N x i1> vectors a bit an element, so a vector load of what scalar i1
# stores wrote read the wrong bits (regroup_masks' transposed half was
# wrong on the H200 before).
# RUN: tilec %S/../gpu/kernels/regroup.py --kernel regroup_masks --signature '*u8:16,*u8:16,*fp32:16,*fp32:16,*fp32:16,64,4' --emit llvm-mlir | FileCheck %s

# CHECK-NOT: xi1>
# CHECK: llvm.store {{.*}} : i8, !llvm.ptr<3>
# CHECK: llvm.load {{.*}} -> vector<4xi8>
# CHECK: llvm.trunc {{.*}} : i8 to i1
# CHECK-NOT: xi1>
