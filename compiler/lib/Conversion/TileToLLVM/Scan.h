//===- Scan.h - the steps of tile.scan and tile.combine_scan ----*- C++ -*-===//
//
// Both scans take the same steps over the axis bits of their layout and
// differ only in how two tuples combine and how a tuple reaches the partner
// warp; emitScan takes the steps, its callers say those two things.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOLLVM_SCAN_H
#define TILEC_CONVERSION_TILETOLLVM_SCAN_H

#include "mlir/IR/Builders.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <utility>

namespace tilec {

/// One value of each of a scan's operands.
using ScanTuple = llvm::SmallVector<mlir::Value, 2>;

/// What a scan does with its values, emitted at the builder's insertion
/// point.
struct ScanCallbacks {
  /// a op b, where a's elements come before b's along the axis.
  llvm::function_ref<ScanTuple(mlir::ValueRange a, mlir::ValueRange b)>
      combine;
  /// The tuples of the thread whose warp id differs in bit `warpBit`, one
  /// for each of `tuples` (this thread's), through the op's scratch.
  llvm::function_ref<llvm::SmallVector<ScanTuple>(
      llvm::ArrayRef<ScanTuple> tuples, unsigned warpBit)>
      exchangeWarps;
  /// Whether combine(a, b) is combine(b, a): then a total does not need
  /// its two halves put in order first.
  bool commutative = false;
};

/// The most 32-bit words of scan operands that a thread may hold, all the
/// scans of a kernel together. A thread's whole block is alive across the
/// straight-line code of a scan; past this many words ptxas can take
/// minutes (a 128x128 fp64 tl.cumsum on one warp, 1024 words).
constexpr uint64_t kMaxScanWords = 512;

/// Emits the located error and fails when `op` (a tile.scan or
/// tile.combine_scan) or all the scans of its function together hold more
/// than kMaxScanWords words a thread.
mlir::LogicalResult checkScanBudget(mlir::Operation *op);

/// The inclusive scan (from the end with `reverse`) of `values`, the tuples
/// of a thread's registers, along an axis whose coordinate bits live in
/// `axisBits` (getAxisBits: one register, lane or warp bit each, lowest
/// first). Returns one tuple a register.
llvm::SmallVector<ScanTuple>
emitScan(mlir::OpBuilder &builder, mlir::Location loc,
         llvm::ArrayRef<std::pair<std::string, int32_t>> axisBits,
         llvm::ArrayRef<ScanTuple> values, bool reverse,
         const ScanCallbacks &callbacks);

} // namespace tilec

#endif // TILEC_CONVERSION_TILETOLLVM_SCAN_H
