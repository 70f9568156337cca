// RUN: tile-opt %s -split-input-file -verify-diagnostics
// A #tile.dot_operand layout on a tensor whose elements have no bit width
// (pointers: a tile.load's pointer block placed like the factor it loads)
// is rejected with the element-type error, not by a crash in
// DotOperandEncodingAttr::verifyEncoding. Kept apart from
// invalid-layouts.mlir so that a crash here does not hide those checks.

#mma = #tile.mma<warpsPerCTA = [2, 2]>
// expected-error @+1 {{a dot operand of kWidth 2 holds 16-bit elements, got '!tile.ptr<f16>'}}
func.func @dot_operand_pointers(%p: tensor<64x32x!tile.ptr<f16>, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>) {
  return
}

// -----

#mma = #tile.mma<warpsPerCTA = [2, 2]>
#dotB = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 1>
func.func @dot_operand_pointer_splat(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{a dot operand of kWidth 1 holds 32-bit elements, got '!tile.ptr<f32>'}}
  %s = tile.splat %p : tensor<16x64x!tile.ptr<f32>, #dotB>
  return
}
