//===- Layout.h - questions about tensor layouts ----------------*- C++ -*-===//
//
// Layout-generic helpers: what a layout says about the elements a thread
// holds, how to slice a layout, and how the coalescing rule builds a blocked
// layout. New encodings (MMA, shared memory) extend the switches here, so
// that passes stay written against `mlir::Attribute`.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_ANALYSIS_LAYOUT_H
#define TILEC_ANALYSIS_LAYOUT_H

#include "tile/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"

namespace tilec {

/// The module attribute giving the number of warps per program.
inline constexpr llvm::StringLiteral kNumWarpsAttrName = "tile.num_warps";
/// The module attribute naming the target (`sm_90a`, ...); absent in tests
/// that do not care, which then get sm_80 instructions.
inline constexpr llvm::StringLiteral kTargetAttrName = "tile.target";

/// The target of the module enclosing `op` (or `op` itself): its
/// kTargetAttrName, or sm_80 when absent. tilec/Target/Arch.h says what
/// each target offers.
llvm::StringRef getTargetArch(mlir::Operation *op);

/// Whether the module targets sm_90a (wgmma).
bool targetsSm90a(mlir::Operation *op);

/// Warps per program when the module does not say.
inline constexpr unsigned kDefaultNumWarps = 4;
/// Lanes per warp.
inline constexpr unsigned kWarpSize = 32;
/// Widest global access of one thread, in bytes.
inline constexpr unsigned kMaxAccessBytes = 16;

/// `tile.num_warps` of the module enclosing `op` (or `op` itself), or
/// kDefaultNumWarps when absent. Does not validate the value.
int64_t getNumWarps(mlir::Operation *op);

/// Bytes one element of `type` (or of the pointee of a pointer type)
/// occupies in memory; i1 occupies a byte.
unsigned getElementBytes(mlir::Type type);

/// Number of tensor dimensions a layout describes; 0 for unknown layouts.
unsigned getLayoutRank(mlir::Attribute layout);

/// Consecutive elements one thread holds along each dimension.
/// Empty for unknown layouts.
llvm::SmallVector<unsigned> getSizePerThread(mlir::Attribute layout);

/// Dimensions from the fastest varying to the slowest. Empty for unknown
/// layouts.
llvm::SmallVector<unsigned> getOrder(mlir::Attribute layout);

/// The layout of a tensor with dimension `dim` of a `parent`-laid-out tensor
/// removed, or null when `parent` cannot be sliced (dot operand layouts
/// cannot).
mlir::Attribute getSliceLayout(unsigned dim, mlir::Attribute parent);

/// Where each coordinate bit of `axis` lives under a register layout: one
/// (input dim, bit) per axis bit, lowest first. std::nullopt when some axis
/// bit is not exactly one input bit's basis (tile.scan needs the layout to
/// say it), or for a layout that is not a register layout.
std::optional<llvm::SmallVector<std::pair<std::string, int32_t>>>
getAxisBits(mlir::Attribute layout, llvm::ArrayRef<int64_t> shape,
            unsigned axis);

/// The layout of the block whose dimension i is dimension `order[i]` of a
/// `layout`-laid-out block (tile.trans): blocked stays blocked, any other
/// register layout becomes a `#tile.linear`. Null for layouts that are not
/// register layouts. `shape` is the operand's (the `layout`-laid-out one).
mlir::Attribute permuteLayout(mlir::Attribute layout,
                              llvm::ArrayRef<int32_t> order,
                              llvm::ArrayRef<int64_t> shape);

/// The layout under which a block of shape `to`, holding a `from`-shaped
/// block's elements in the same row-major order (tile.reshape), stays in
/// the registers that hold them under `layout`: a `#tile.linear` (or
/// `layout` itself when the shapes agree). Null when `layout` is no register
/// layout.
mlir::Attribute reshapeLayout(mlir::Attribute layout,
                              llvm::ArrayRef<int64_t> from,
                              llvm::ArrayRef<int64_t> to);
/// The layout of tile.join's result when both operands (of shape `shape`)
/// have `layout`: the new last dim of 2 is the lowest register bit, each
/// thread holding an element of the left operand next to the right one's.
mlir::Attribute joinLayout(mlir::Attribute layout,
                           llvm::ArrayRef<int64_t> shape);
/// The layout of tile.split's results when its operand (of shape `shape`,
/// the last dim 2) has `layout`, or null unless the last dim is one register
/// bit and nothing else: then each thread already holds both halves.
mlir::Attribute splitLayout(mlir::Attribute layout,
                            llvm::ArrayRef<int64_t> shape);

/// `type` with `layout` as its encoding (`type` must be a ranked tensor).
mlir::RankedTensorType withLayout(mlir::Type type, mlir::Attribute layout);

/// The blocked layout the coalescing rule builds for a tensor of `shape`:
/// `vector` consecutive elements per thread along `order[0]` (capped by the
/// dimension), lanes filling `order` from the fastest dimension, leftover
/// lanes wrapping along the fastest one, warps filling from the slowest
/// dimension, leftover warps on the slowest one. `order` must be a
/// permutation of the dimensions; `numWarps` and `vector` powers of two.
tile::BlockedEncodingAttr
buildBlockedLayout(mlir::MLIRContext *context, llvm::ArrayRef<int64_t> shape,
                   llvm::ArrayRef<unsigned> order, unsigned vector,
                   unsigned numWarps);

/// The mma.sync layout of an M x N tile.dot accumulator, with the warps
/// tiled over M and N. Null when the shape does not fit: M a multiple of 16,
/// N of 8, and room for every warp's own 16 x 8 tiles.
tile::MmaEncodingAttr getMmaAccumulatorLayout(mlir::MLIRContext *context,
                                              llvm::ArrayRef<int64_t> shape,
                                              unsigned numWarps);

/// The shared-memory layout a 2-D tensor of `srcType` (with its register
/// layout) goes through on its way to a dot operand layout: the dimension
/// the source holds contiguously stays contiguous, in 16-byte vectors
/// XOR-swizzled so that ldmatrix reads are free of bank conflicts.
tile::SwizzledSharedEncodingAttr
getDotOperandSharedLayout(mlir::RankedTensorType srcType);

/// The wgmma layout of an M x N tile.dot accumulator: warpgroups stacked
/// along M (64 rows each), one instruction as wide as N. Null unless the
/// warps form whole warpgroups, M is 64 or 128 per warpgroup, N a power of
/// two from 16 to 256, and a thread holds at most 128 accumulators.
tile::WgmmaEncodingAttr getWgmmaAccumulatorLayout(mlir::MLIRContext *context,
                                                  llvm::ArrayRef<int64_t> shape,
                                                  unsigned numWarps);

/// The transposed wgmma layout (D^T = B^T A^T) of an M x N tf32 product:
/// warpgroups along N, 64 or 128 rows of N each (one or two instructions),
/// one instruction as wide as M. Null unless the warps form whole
/// warpgroups, M is a power of two from 16 to 256, and a thread holds at
/// most 128 accumulators.
tile::WgmmaEncodingAttr
getTransposedWgmmaAccumulatorLayout(mlir::MLIRContext *context,
                                    llvm::ArrayRef<int64_t> shape,
                                    unsigned numWarps);

/// The shared-memory layout factor `opIdx` (0: A, M x K; 1: B, K x N) of a
/// wgmma product goes into: PTX's canonical swizzle as wide as the rows
/// along the buffer's contiguous dim (at most 128 bytes). 16-bit factors
/// keep the source's contiguous dim (transposed when it is dim0); 32-bit
/// (tf32) ones are K-major whatever the source, as wgmma reads tf32 only
/// so.
tile::NvmmaSharedEncodingAttr
getWgmmaOperandSharedLayout(mlir::RankedTensorType srcType, unsigned opIdx);

/// The buffer a tf32 B contiguous along N goes through on its way to the
/// registers of a transposed wgmma product: N contiguous, 128-byte swizzle
/// (as wide as the rows allow), so that 16-byte copies fill it and the
/// fragments' 16-byte reads do not conflict.
tile::NvmmaSharedEncodingAttr
getTransposedOperandSharedLayout(mlir::RankedTensorType srcType);

/// The register layout a tf32 factor's load takes when its contiguous dim
/// is not K: one element a thread, 8 lanes along the contiguous dim and 4
/// along K, so that a warp reads 32-byte sectors and its stores into the
/// K-major, 128-byte swizzled buffer hit 32 different banks.
tile::BlockedEncodingAttr
getTransposingFactorLayout(mlir::MLIRContext *context,
                           llvm::ArrayRef<int64_t> shape, unsigned opIdx,
                           unsigned numWarps);

/// Whether converting a tensor from `from`'s layout to `to`'s only renumbers
/// each thread's registers: lanes and warps hold the same elements under
/// both, and every register of `to` holds what some register of `from`
/// holds. Such a conversion needs no shared memory.
bool isRegisterPermutation(mlir::RankedTensorType from,
                           mlir::RankedTensorType to);

/// The layout of a tensor nothing else constrains: one element per thread,
/// row-major order.
tile::BlockedEncodingAttr getDefaultLayout(mlir::MLIRContext *context,
                                           llvm::ArrayRef<int64_t> shape,
                                           unsigned numWarps);

} // namespace tilec

#endif // TILEC_ANALYSIS_LAYOUT_H
