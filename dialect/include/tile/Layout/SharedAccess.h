//===- SharedAccess.h - how threads access a buffer in shared memory -----===//
//
// A thread's registers reach a shared buffer through an access layout,
// (register, lane, warp) -> element offset: the register layout composed
// with the inverse of the buffer's. This file says which registers one
// instruction can move together (a vector), how many shared-memory
// wavefronts a warp's instruction takes (bank conflicts), and which buffer
// layout a layout conversion should go through so that both its stores and
// its loads are wide and conflict-free.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LAYOUT_SHAREDACCESS_H
#define TILE_LAYOUT_SHAREDACCESS_H

#include "tile/Layout/LinearLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace tile {

/// The register bits of `access` whose registers one instruction moves
/// together: bit i of the result is the register bit that lands at element
/// offset 2^i, and every other basis keeps the vector aligned. At most
/// `maxBytes` per access. With `leadingOnly`, only registers 0, 1, 2, ...
/// in order qualify (what code that slices register runs needs); otherwise
/// any register bit may take a place, the lowest one first.
llvm::SmallVector<int32_t> getVectorRegisterBits(const LinearLayout &access,
                                                 unsigned elementBytes,
                                                 unsigned maxBytes,
                                                 bool leadingOnly);

/// The shared-memory wavefronts one warp's access through `access` takes
/// when each lane moves `vector` elements of `elementBytes`: lanes are
/// served in phases (one for accesses up to 4 bytes, 32 * 4 / bytes lanes
/// per phase above), and a phase takes as many wavefronts as the most
/// distinct 4-byte words any of the 32 banks holds. Every register (and
/// warp) of a linear access XORs all lanes' offsets with one constant,
/// which permutes the banks, so register 0 of warp 0 stands for all.
int64_t countWavefronts(const LinearLayout &access, int64_t vector,
                        unsigned elementBytes);

/// The buffer layout (offset -> coordinates of `shape`) for converting a
/// tensor from the register layout `from` to `to` through shared memory,
/// the cheaper (in instructions and wavefronts, both sides together) of
/// `fallback` and a layout whose lowest offsets are register bits `from`
/// and `to` share (so both sides move 16 bytes at a time where they share
/// enough) with the bank bits XORed by higher offset bits, chosen greedily,
/// so that neither side's phases conflict.
LinearLayout getConversionScratchLayout(const LinearLayout &from,
                                        const LinearLayout &to,
                                        llvm::ArrayRef<int64_t> shape,
                                        unsigned elementBytes,
                                        const LinearLayout &fallback);

/// The cost the choice above minimises for one side: instructions plus
/// their wavefronts, with vectors of any register bits.
int64_t getSharedAccessCost(const LinearLayout &registers,
                            const LinearLayout &buffer, unsigned elementBytes);

} // namespace tile

#endif // TILE_LAYOUT_SHAREDACCESS_H
