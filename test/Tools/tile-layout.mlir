// tile-layout prints the linear layout of a layout attribute over a shape and
// a picture of the tensor. The expected cells are written from the PTX ISA's
// fragment figures (groupID = lane / 4, threadID_in_group = lane % 4), not
// from the tool's output.

// The mma.sync m16n8 accumulator (c0..c3): lane l holds rows l/4 and l/4 + 8,
// columns 2*(l%4) and 2*(l%4) + 1; c0, c1 in the upper row, c2, c3 eight rows
// down.
// RUN: tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16x8 | FileCheck %s --check-prefix=MMA
// MMA:      #tile.mma<warpsPerCTA = [1, 1]> on 16x8
// MMA-NEXT: in dims:
// MMA-NEXT:   register (4): (0, 1) (8, 0)
// MMA-NEXT:   lane (32): (0, 2) (0, 4) (1, 0) (2, 0) (4, 0)
// MMA-NEXT:   warp (1): -
// MMA-NEXT: out dims: dim0 (16), dim1 (8)
// MMA-NEXT: copies (free-variable masks): register 0x0, lane 0x0, warp 0x0
// MMA:      first owner of each element, t<thread>:r<register> (thread = lane + 32 * warp):
// MMA-NEXT:   0 1 2 3 4 5 6 7
// MMA-NEXT:  0: t0:r0 t0:r1 t1:r0 t1:r1 t2:r0 t2:r1 t3:r0 t3:r1
// MMA-NEXT:  1: t4:r0 t4:r1 t5:r0 t5:r1 t6:r0 t6:r1 t7:r0 t7:r1
// MMA:       5: t20:r0 t20:r1 t21:r0 t21:r1 t22:r0 t22:r1 t23:r0 t23:r1
// MMA:       7: t28:r0 t28:r1 t29:r0 t29:r1 t30:r0 t30:r1 t31:r0 t31:r1
// MMA-NEXT:  8: t0:r2 t0:r3 t1:r2 t1:r3 t2:r2 t2:r3 t3:r2 t3:r3
// MMA:      13: t20:r2 t20:r3 t21:r2 t21:r3 t22:r2 t22:r3 t23:r2 t23:r3
// MMA:      15: t28:r2 t28:r3 t29:r2 t29:r3 t30:r2 t30:r3 t31:r2 t31:r3
// MMA-NOT:  {{.}}

// Four warps as 2 x 2, warp ids filling N first: warp 1 (threads 32..63)
// holds columns 8..15 of rows 0..15, warp 2 rows 16..31 of columns 0..7.
// RUN: tile-layout '#tile.mma<warpsPerCTA = [2, 2]>' --shape 32x16 --show threads | FileCheck %s --check-prefix=WARPS
// WARPS-NOT: in dims
// WARPS:      first owner of each element
// WARPS:       0: t0:r0 t0:r1 t1:r0 t1:r1 t2:r0 t2:r1 t3:r0 t3:r1 t32:r0 t32:r1 t33:r0 t33:r1 t34:r0 t34:r1 t35:r0 t35:r1
// WARPS:       8: t0:r2 t0:r3 t1:r2 t1:r3 t2:r2 t2:r3 t3:r2 t3:r3 t32:r2 t32:r3 t33:r2 t33:r3 t34:r2 t34:r3 t35:r2 t35:r3
// WARPS:      16: t64:r0 t64:r1 t65:r0 t65:r1 t66:r0 t66:r1 t67:r0 t67:r1 t96:r0 t96:r1 t97:r0 t97:r1 t98:r0 t98:r1 t99:r0 t99:r1

// Operand A of mma.m16n8k16 (f16): a0, a1 at row groupID, columns
// 2*threadID_in_group + {0, 1}; a2, a3 eight rows down; a4..a7 the same
// eight columns to the right.
// RUN: tile-layout '#tile.dot_operand<opIdx = 0, parent = #tile.mma<warpsPerCTA = [1, 1]>, kWidth = 2>' --shape 16x16 | FileCheck %s --check-prefix=DOTA
// DOTA:      register (8): (0, 1) (8, 0) (0, 8)
// DOTA-NEXT: lane (32): (0, 2) (0, 4) (1, 0) (2, 0) (4, 0)
// DOTA:       0: t0:r0 t0:r1 t1:r0 t1:r1 t2:r0 t2:r1 t3:r0 t3:r1 t0:r4 t0:r5 t1:r4 t1:r5 t2:r4 t2:r5 t3:r4 t3:r5
// DOTA:       9: t4:r2 t4:r3 t5:r2 t5:r3 t6:r2 t6:r3 t7:r2 t7:r3 t4:r6 t4:r7 t5:r6 t5:r7 t6:r6 t6:r7 t7:r6 t7:r7

// The same operand over 2 x 2 warps: the two warps along N read the same
// rows of A, so warp bit 0 selects copies.
// RUN: tile-layout '#tile.dot_operand<opIdx = 0, parent = #tile.mma<warpsPerCTA = [2, 2]>, kWidth = 2>' --shape 32x16 --show bases | FileCheck %s --check-prefix=DOTA-WARPS
// DOTA-WARPS: warp (4): (0, 0) (16, 0)
// DOTA-WARPS: copies (free-variable masks): register 0x0, lane 0x0, warp 0x1
// DOTA-WARPS-NOT: first owner

// Operand B (K x N): b0, b1 at rows 2*threadID_in_group + {0, 1} of column
// groupID; b2, b3 eight rows down. Row 3, column 5 is lane 4*5 + 1.
// RUN: tile-layout '#tile.dot_operand<opIdx = 1, parent = #tile.mma<warpsPerCTA = [1, 1]>, kWidth = 2>' --shape 16x8 | FileCheck %s --check-prefix=DOTB
// DOTB:      register (4): (1, 0) (8, 0)
// DOTB:       3: t1:r1 t5:r1 t9:r1 t13:r1 t17:r1 t21:r1 t25:r1 t29:r1
// DOTB:      11: t1:r3 t5:r3 t9:r3 t13:r3 t17:r3 t21:r3 t25:r3 t29:r3

// A slice holds copies: the lanes of a row of the mma layout (lane bits 0-1)
// and the warps along N (warp bit 0) hold the same row sums.
// RUN: tile-layout '#tile.slice<dim = 1, parent = #tile.mma<warpsPerCTA = [2, 2]>>' --shape 64 | FileCheck %s --check-prefix=SLICE
// SLICE:      copies (free-variable masks): register 0x0, lane 0x3, warp 0x1
// SLICE:       0: t0:r0 t4:r0 t8:r0 t12:r0 t16:r0 t20:r0 t24:r0 t28:r0 t0:r1 t4:r1 t8:r1 t12:r1 t16:r1 t20:r1 t24:r1 t28:r1
// SLICE-NEXT: 16: t64:r0 t68:r0 t72:r0 t76:r0 t80:r0 t84:r0 t88:r0 t92:r0 t64:r1 t68:r1 t72:r1 t76:r1 t80:r1 t84:r1 t88:r1 t92:r1

// A buffer of 8 x 32 fp16, 64-byte rows, as tile-dot-operands-to-shared
// swizzles the A tile of the lecture's matmul: element (r, c) at
// r*32 + ((c/8) ^ ((r/2) % 4))*8 + c%8. PTX's 64-byte swizzle mode (16-byte
// chunk bits 4-5 XOR line bits 7-8) places this tile the same way.
// RUN: tile-layout '#tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>' --shape 8x32 | FileCheck %s --check-prefix=SWZ64
// RUN: tile-layout '#tile.nvmma_shared<swizzle = 64, elementBits = 16, transposed = false>' --shape 8x32 --show offsets | FileCheck %s --check-prefix=SWZ64
// SWZ64:      element offset of each element:
// SWZ64-NEXT:  0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
// SWZ64-NEXT: 0: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
// SWZ64-NEXT: 1: 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
// SWZ64-NEXT: 2: 72 73 74 75 76 77 78 79 64 65 66 67 68 69 70 71 88 89 90 91 92 93 94 95 80 81 82 83 84 85 86 87
// SWZ64:      7: 248 249 250 251 252 253 254 255 240 241 242 243 244 245 246 247 232 233 234 235 236 237 238 239 224 225 226 227 228 229 230 231

// The bases of a shared layout: offset bits 0-4 run along a row, bit 5 is
// the next row, bits 6-7 (rows 2 and 4) also flip 16-byte chunks.
// RUN: tile-layout '#tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>' --shape 8x32 --show bases | FileCheck %s --check-prefix=SWZ64-BASES
// SWZ64-BASES:      in dims:
// SWZ64-BASES-NEXT:   offset (256): (0, 1) (0, 2) (0, 4) (0, 8) (0, 16) (1, 0) (2, 8) (4, 16)
// SWZ64-BASES-NEXT: out dims: dim0 (8), dim1 (32)
// SWZ64-BASES-NOT:  copies
// SWZ64-BASES-NOT:  element offset

// Where each register goes in a shared buffer: the register layout composed
// with the inverse of the buffer's layout, as local_alloc and local_load are
// lowered. The lecture's 64x32 fp16 A tile: its coalesced layout puts
// register bits 0-2 at offsets 1, 2, 4 (16-byte vectors, every other basis a
// multiple of 8: aligned); its dot operand layout puts register bit 0 and
// lane bits 0-1 there (the eight 16-bit elements of an ldmatrix row).
// Lane bit 3 is row 2 of the buffer: 64 elements on, and the swizzle's
// phase 1 flips the 8-element vector (64 ^ 8 = 72).
// RUN: tile-layout '#tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>' --shape 64x32 --show bases --compose-with '#tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>' | FileCheck %s --check-prefix=STORE-A
// STORE-A:      stored in #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]> (register layout composed with the inverse of the shared layout):
// STORE-A-NEXT: in dims:
// STORE-A-NEXT:   register (16): (1) (2) (4) (1024)
// STORE-A-NEXT:   lane (32): (8) (16) (32) (72) (144)
// STORE-A-NEXT:   warp (4): (256) (512)
// STORE-A-NEXT: out dims: offset (2048)
// STORE-A-NOT:  first owner
// RUN: tile-layout '#tile.dot_operand<opIdx = 0, parent = #tile.mma<warpsPerCTA = [2, 2]>, kWidth = 2>' --shape 64x32 --show threads --compose-with '#tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>' | FileCheck %s --check-prefix=LOAD-A
// LOAD-A-NOT:   on 64x32
// LOAD-A:       stored in #tile.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// LOAD-A-NEXT:  in dims:
// LOAD-A-NEXT:    register (32): (1) (256) (8) (16) (1024)
// LOAD-A-NEXT:    lane (32): (2) (4) (32) (72) (144)
// LOAD-A-NEXT:    warp (4): (0) (512)
// LOAD-A-NEXT:  out dims: offset (2048)
// LOAD-A-EMPTY:
// LOAD-A-NEXT:  first owner of each element

// Larger than --max-elements: the bases, and a note instead of the picture.
// RUN: tile-layout '#tile.mma<warpsPerCTA = [2, 2]>' --shape 64x64 --max-elements 1024 | FileCheck %s --check-prefix=BIG
// BIG: register (32): (0, 1) (8, 0) (0, 16) (0, 32) (32, 0)
// BIG: (no picture: 4096 elements is more than 1024; use --show threads or --max-elements)
// BIG-NOT: first owner
