// RUN: tile-opt %s -tile-pipeline | FileCheck %s
// tile-pipeline carries the loop-carried values that its stage 0 uses
// (the pointers) S-1 iterations ahead, so it must leave a loop alone when
// anything else uses them (pipeline.mlir: a store of the carried pointers
// themselves, their use after the loop). That includes uses through an op
// of stage 0: here the load's pointers %p = %pa + offsets are also the
// pointers of a store of this iteration. Pipelined, %p would be computed
// from the pointers of iteration i + S - 1 and the store would write two K
// tiles ahead.

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotA = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

module attributes {tile.num_warps = 4 : i32} {
// CHECK-LABEL: func.func @stage0_value_used_by_store(
// CHECK-NOT: tile.async
// CHECK: scf.for
// CHECK-NEXT: %[[P:.*]] = tile.addptr
// CHECK-NEXT: tile.load %[[P]]
// CHECK-NEXT: tile.local_alloc %
// CHECK: tile.store %[[P]],
// CHECK-NOT: tile.async
// CHECK: return
func.func @stage0_value_used_by_store(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %K: i32, %b: tensor<32x64xf16, #dotB>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %zA = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %rk = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>>
  %k = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #tile.slice<dim = 0, parent = #blocked>> -> tensor<1x32xi32, #blocked>
  %kb = tile.broadcast %k : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %as = tile.splat %a : tensor<64x32x!tile.ptr<f16>, #blocked>
  %inc = tile.splat %c32 : tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %zero, %pa = %as) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %p = tile.addptr %pa, %kb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %av = tile.load %p : tensor<64x32x!tile.ptr<f16>, #blocked>
    %ma = tile.local_alloc %av : tensor<64x32xf16, #blocked> -> !tile.memdesc<64x32xf16, #shared>
    %la = tile.local_load %ma : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #dotA>
    %d = tile.dot %la, %b, %acc : tensor<64x32xf16, #dotA>, tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    tile.store %p, %zA : tensor<64x32x!tile.ptr<f16>, #blocked>
    %pa2 = tile.addptr %pa, %inc : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %d, %pa2 : tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  return %r#0 : tensor<64x64xf32, #mma>
}

}
