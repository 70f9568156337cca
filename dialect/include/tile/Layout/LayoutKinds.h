//===- LayoutKinds.h - linear layouts of each layout kind -------*- C++ -*-===//
//
// Builds the LinearLayout of each layout kind the compiler knows, from plain
// parameters (no MLIR types), so that the attributes, the lowering and the
// unit tests share one definition.
//
// Distributed (register) layouts have input dims register, lane, warp (in
// that order) and output dims dim0..dim{rank-1} (in that order), whose sizes
// are the tensor shape. Shared layouts have the single input dim offset (the
// element offset in the buffer) and the same output dims.
//
// Where the layout's tile is larger than the shape, coordinates wrap modulo
// the shape: a basis value reaching past shape[d] becomes 0, and the threads
// (or registers) that differ only in that bit hold copies.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LAYOUT_LAYOUTKINDS_H
#define TILE_LAYOUT_LAYOUTKINDS_H

#include "tile/Layout/LinearLayout.h"

#include "llvm/ADT/ArrayRef.h"

namespace tile {

/// The identity of a tensor of `shape` indexed by the single input dim
/// `inDim`, `order[0]` fastest: its row-major (or any order) linearization.
LinearLayout identityStandardND(llvm::ArrayRef<int64_t> shape,
                                llvm::ArrayRef<unsigned> order,
                                llvm::StringRef inDim);

/// A blocked layout exactly as the lowering distributes it: per dim d a
/// thread holds size = min(sizePerThread[d], shape[d]) consecutive elements,
/// lanes and then warps tile that (the lane and warp ids split with
/// `order[0]` fastest), and the resulting tile repeats over the shape in
/// further registers. Registers enumerate, for each dim in `order`, first the
/// run of `size` and then the repetitions.
LinearLayout blockedToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<unsigned> sizePerThread,
                                   llvm::ArrayRef<unsigned> threadsPerWarp,
                                   llvm::ArrayRef<unsigned> warpsPerCTA,
                                   llvm::ArrayRef<unsigned> order);

/// The slice of `parent` along `dim`: that output dim removed (registers
/// that become copies are dropped), later dims renamed down by one.
LinearLayout sliceToLinearLayout(const LinearLayout &parent, unsigned dim);

/// The accumulator of mma.sync m16n8k16 (fp32 C/D fragments), shape [M, N],
/// warpsPerCTA [wm, wn]. Lane l holds (l/4, 2*(l%4) + {0,1}) and the same
/// at row +8. The warp id splits with N fastest; the warps' tile repeats
/// over N, then over M, in further registers.
LinearLayout
mmaV2AccumulatorToLinearLayout(llvm::ArrayRef<int64_t> shape,
                               llvm::ArrayRef<unsigned> warpsPerCTA);

/// Operand `opIdx` (0: A, [M, K]; 1: B, [K, N]) of mma.sync, one element per
/// register. `elementBits` 16 selects m16n8k16 (f16/bf16), 32 selects
/// m16n8k8 (tf32). Warps along the other operand's dim hold copies; the
/// warps' tile repeats over K first, then over M (A) or N (B).
LinearLayout mmaV2OperandToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                        unsigned opIdx,
                                        llvm::ArrayRef<unsigned> warpsPerCTA,
                                        unsigned elementBits);

/// The accumulator of wgmma with instruction shape m64 n`instrN`, shape
/// [M, N], warpsPerCTA [wm, wn] (wm a multiple of 4: whole warpgroups along
/// M). Each warp of a warpgroup holds 16 rows in the m16n8 pattern, repeated
/// every 8 columns up to instrN.
LinearLayout
wgmmaAccumulatorToLinearLayout(llvm::ArrayRef<int64_t> shape,
                               llvm::ArrayRef<unsigned> warpsPerCTA,
                               unsigned instrN);

/// wgmma's register operand A of a 16-bit product (m64nNk16), shape [M, K],
/// warpsPerCTA [wm, wn] of the accumulator: per warp's 16 rows the mma.sync
/// A fragments, lane l holding (l/4, 2*(l%4) + {0,1}), row +8, and K +8.
/// Registers: K +1, row +8, K +8, then K steps of 16, then the 64-row tiles
/// of each warpgroup (rows 16*wm apart); warps along N hold copies. The
/// register order is the accumulator's (wgmmaAccumulatorToLinearLayout) with
/// N read as K, so a product's accumulator, rounded to 16 bits, is the next
/// product's A without moving a register.
LinearLayout wgmmaOperandAToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                         llvm::ArrayRef<unsigned> warpsPerCTA);

/// A product D = A B (shape [M, N]) that wgmma computes transposed, as
/// D^T = B^T A^T: the instruction's rows (64 per warpgroup, `wm / 4`
/// warpgroups, then repeated in registers) run along N and its `instrN`
/// columns along M, so B is the instruction's register operand and A its
/// K-major shared one. The instruction's row labels are free, so they are
/// permuted (the same way for the accumulator and for B): a thread's rows
/// (+8, and the repeats) come first, so that it holds 2 or 4 consecutive
/// elements along N, and lane bit 2 moves to N bit 4, so that the 16-byte
/// reads of B from a 128-byte-swizzled buffer do not conflict. Register
/// indices are those of the unpermuted layouts (the instruction's order):
/// `wgmmaAccumulatorToLinearLayout({N, M}, {wm, 1}, instrN)` and
/// `wgmmaRegisterOperandToLinearLayout({N, K}, wm)`.
LinearLayout wgmmaTransposedAccumulatorToLinearLayout(
    llvm::ArrayRef<int64_t> shape, unsigned wm, unsigned instrN);

/// B ([K, N]) of a transposed product (above) in the registers wgmma reads
/// as its A fragments.
LinearLayout wgmmaTransposedOperandToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                                  unsigned wm);

/// wgmma's register A operand of tf32 (m64k8 fragments, in the
/// instruction's frame [rows, K]): a0 (g, t), a1 (g+8, t), a2 (g, t+4), a3
/// (g+8, t+4) per warp's 16 rows; registers: row +8, then the 64-row tiles
/// of a warpgroup (rows 16*wm apart), then K +4, then K steps of 8.
LinearLayout wgmmaRegisterOperandToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                                unsigned wm);

/// A swizzled shared layout: rows along order[1], contiguous along order[0]
/// (row length C = shape[order[0]]), further dims outermost in `order`. The
/// element at (row r, column c) is stored at
///   r*C + ((c/vec) ^ ((r/perPhase) % maxPhase)) * vec + c % vec.
/// Phase bits that would reach past the row are dropped.
LinearLayout swizzledSharedToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                          unsigned vec, unsigned perPhase,
                                          unsigned maxPhase,
                                          llvm::ArrayRef<unsigned> order);

/// The shared layout TMA, ldmatrix and wgmma descriptors use, rank 2, with
/// the 16-byte chunks of each 128-byte line XORed by the line's address bits
/// (see the definition in LayoutKinds.cpp). `swizzleBytes` is 0 (no swizzle,
/// plain row-major), 32, 64 or 128; the contiguous dim (dim1, or dim0 when
/// `transposed`) must span at least `swizzleBytes`, and is cut into column
/// blocks of `swizzleBytes` stored one after another.
LinearLayout nvmmaSharedToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                       unsigned swizzleBytes,
                                       unsigned elementBits, bool transposed);

} // namespace tile

#endif // TILE_LAYOUT_LAYOUTKINDS_H
