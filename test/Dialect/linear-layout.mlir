// RUN: tile-opt %s | tile-opt | FileCheck %s
// Round trip of #tile.linear (a register layout given by its bases: one
// coordinate list per register, lane and warp bit, lowest first), with no
// register bases, with copies (zero bases), and as a slice's parent.

#pairs = #tile.linear<shape = [64, 32, 2], register = [[0, 0, 1], [0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 16, 0]], lane = [[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[16, 0, 0], [32, 0, 0]]>
#one = #tile.linear<shape = [128], register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]]>
#copies = #tile.linear<shape = [16], register = [[1]], lane = [[2], [4], [8], [0], [0]], warp = []>

// CHECK-LABEL: func.func @linear_layouts
// CHECK-SAME: tensor<64x32x2xf32, #tile.linear<shape = [64, 32, 2], register = {{\[\[}}0, 0, 1], [0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 16, 0]], lane = {{\[\[}}0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = {{\[\[}}16, 0, 0], [32, 0, 0]]>>
// CHECK-SAME: tensor<128xf16, #tile.linear<shape = [128], register = [], lane = {{\[\[}}1], [2], [4], [8], [16]], warp = {{\[\[}}32], [64]]>>
// CHECK-SAME: tensor<16xi32, #tile.linear<shape = [16], register = {{\[\[}}1]], lane = {{\[\[}}2], [4], [8], [0], [0]], warp = []>>
// CHECK-SAME: tensor<64x2xf32, #tile.slice<dim = 1, parent = #tile.linear<shape = [64, 32, 2],
func.func @linear_layouts(%a: tensor<64x32x2xf32, #pairs>,
                          %b: tensor<128xf16, #one>,
                          %c: tensor<16xi32, #copies>,
                          %d: tensor<64x2xf32, #tile.slice<dim = 1, parent = #pairs>>) {
  return
}
