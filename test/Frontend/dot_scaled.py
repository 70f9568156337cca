# tl.dot_scaled decomposes as Triton does on Hopper: each operand upcast to
# bf16 (fp16 when a format is fp16), e2m1 nibbles decoded (low nibble
# first along K) and interleaved, multiplied by its scale 2^(s-127)
# broadcast along K, NaN where the scale byte is 0xFF unless fast_math, then tl.dot with an fp32 accumulator. ptxas
# assembles the result. (test/gpu/kernels/dot_scaled.py runs it against
# Triton on the H200: tools/gpu/compare_cases.py.)
# RUN: tilec %S/../gpu/kernels/dot_scaled.py --signature "*u8:16,*u8:16,*u8:16,*u8:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,64,64,128,'e2m1','e4m3',False" --emit tile | FileCheck %s
# RUN: tilec %S/../gpu/kernels/dot_scaled.py --signature "*fp16:16,*u8:16,*u8:16,*u8:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,64,64,128,'fp16','e5m2',True" --emit tile | FileCheck %s --check-prefix=FP16
# RUN: tilec %S/../gpu/kernels/dot_scaled.py --signature "*u8:16,*u8:16,*u8:16,*u8:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,64,64,128,'e2m1','e4m3',False" -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

# e2m1: nibbles as fp32 bits, then bf16, joined and reshaped to 64 x 128.
# CHECK: scf.for
# CHECK: arith.bitcast {{.*}} : tensor<64x64xi32> to tensor<64x64xf32>
# CHECK: arith.truncf {{.*}} : tensor<64x64xf32> to tensor<64x64xbf16>
# CHECK: tile.join
# CHECK: tile.reshape {{.*}} : tensor<64x64x2xbf16> -> tensor<64x128xbf16>
# Its scale: s << 23 as fp32, broadcast along K, then the NaN test on the
# bytes (0xFF), broadcast too.
# CHECK: arith.shli
# CHECK: tile.reshape {{.*}} : tensor<64x4x32xbf16> -> tensor<64x128xbf16>
# CHECK: arith.mulf {{.*}} : tensor<64x128xbf16>
# CHECK: arith.cmpi eq
# CHECK: tile.reshape {{.*}} : tensor<64x4x32xi1> -> tensor<64x128xi1>
# CHECK: arith.select
# e4m3 rhs: bits to fp8, widened; its scale transposed to K-major.
# CHECK: arith.bitcast {{.*}} to tensor<128x64xf8E4M3FN>
# CHECK: arith.extf {{.*}} to tensor<128x64xbf16>
# CHECK: tile.trans
# CHECK: tile.reshape {{.*}} : tensor<4x32x64xbf16> -> tensor<128x64xbf16>
# CHECK: tile.dot {{.*}} -> tensor<64x64xf32>

# An fp16 operand makes fp16 the compute type; fast_math drops the test.
# FP16: scf.for
# FP16: arith.extf {{.*}} to tensor<128x64xf16>
# FP16-NOT: arith.select
# FP16: tile.dot {{.*}} tensor<64x128xf16>, tensor<128x64xf16>
