//===- Lowering.h - shared pieces of the tile-to-llvm patterns --*- C++ -*-===//

#ifndef TILEC_CONVERSION_TILETOLLVM_LOWERING_H
#define TILEC_CONVERSION_TILETOLLVM_LOWERING_H

#include "Distribution.h"

#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Analysis/SharedMemory.h"
#include "tile/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"

namespace tilec {

/// Global memory is NVPTX address space 1, shared memory 3.
enum AddressSpace : unsigned { kGlobal = 1, kShared = 3 };

/// Widest shared-memory access of one thread, in bytes.
inline constexpr unsigned kMaxSharedAccessBytes = 16;

/// Converts tile types: pointers to `!llvm.ptr<1>`, a tensor to the values
/// its thread holds (1:N), a shared-memory buffer to a `!llvm.ptr<3>` to its
/// first byte, everything else as the LLVM type converter does.
class TileTypeConverter : public mlir::LLVMTypeConverter {
public:
  explicit TileTypeConverter(mlir::MLIRContext *context);
};

/// Facts computed once per module and shared by all patterns.
struct LoweringState {
  /// Byte offset into the CTA's shared memory of each op that uses scratch
  /// (tile-allocate-shared's `tile.scratch_offset`).
  llvm::DenseMap<mlir::Operation *, uint64_t> sharedOffsets;
  /// Contiguity, divisibility and constancy of the tile-level values (query
  /// with the original operands, not the adaptor's).
  const AxisInfoAnalysis *axisInfo = nullptr;
};

/// Pointer to byte `offset` of the CTA's shared memory.
mlir::Value emitSharedPointer(mlir::OpBuilder &builder, mlir::Location loc,
                              uint64_t offset);

/// Pointer to element `index` (i32) of the shared-memory array of `element`
/// at `base`.
mlir::Value emitSharedElementPointer(mlir::OpBuilder &builder,
                                     mlir::Location loc, mlir::Value base,
                                     mlir::Type element, mlir::Value index);

/// Shared-memory pointers to the elements a thread holds under
/// `distribution`, at their row-major positions in the array at `base`;
/// with `rowPitch` > `rowLength` (rows of `rowLength` elements, rank 2),
/// rows start `rowPitch` elements apart instead.
llvm::SmallVector<mlir::Value>
emitSharedElementPointers(mlir::OpBuilder &builder, mlir::Location loc,
                          const Distribution &distribution, mlir::Value base,
                          mlir::Type element, int64_t rowLength = 0,
                          int64_t rowPitch = 0);

/// Stores `values` (a thread's values of a `type`-laid-out tensor) at slots
/// linear * stride + offset of the `element` array at `base`, linear being
/// each element's row-major index. Fails for layouts Distribution refuses.
mlir::LogicalResult storeSlots(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::Value base, mlir::Type element,
                               mlir::RankedTensorType type,
                               mlir::ValueRange values, int64_t stride,
                               int64_t offset);

/// A generic pointer to a null-terminated constant global copy of `text`,
/// named `prefix` and a hash of the text (one global per distinct text).
mlir::Value emitGlobalString(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::ModuleOp module, llvm::StringRef prefix,
                             llvm::StringRef text);

/// Name of the module's shared-memory symbol.
inline constexpr llvm::StringLiteral kSharedSymbol = "tile_shared";

/// Bytes an element of `type` occupies in memory.
unsigned getByteWidth(mlir::Type type);

void populateElementwisePatterns(TileTypeConverter &converter,
                                 const LoweringState &state,
                                 mlir::RewritePatternSet &patterns);
void populateMemoryPatterns(TileTypeConverter &converter,
                            const LoweringState &state,
                            mlir::RewritePatternSet &patterns);
void populateAtomicPatterns(TileTypeConverter &converter,
                            const LoweringState &state,
                            mlir::RewritePatternSet &patterns);
void populateReshapePatterns(TileTypeConverter &converter,
                             const LoweringState &state,
                             mlir::RewritePatternSet &patterns);
/// Scalar fp8 conversions, constants and selects (Fp8OpToLLVM.cpp).
void populateFp8Patterns(TileTypeConverter &converter,
                         mlir::RewritePatternSet &patterns);
/// Whether `op` has an fp8 operand or result (such scalars are illegal
/// here: arith-to-llvm cannot lower them).
bool involvesFp8(mlir::Operation *op);
void populatePrintPatterns(TileTypeConverter &converter,
                           mlir::RewritePatternSet &patterns);
void populateGatherPatterns(TileTypeConverter &converter,
                            const LoweringState &state,
                            mlir::RewritePatternSet &patterns);
void populateHistogramPatterns(TileTypeConverter &converter,
                               const LoweringState &state,
                               mlir::RewritePatternSet &patterns);
void populateSortPatterns(TileTypeConverter &converter,
                          const LoweringState &state,
                          mlir::RewritePatternSet &patterns);
void populateAssertPatterns(TileTypeConverter &converter,
                            mlir::RewritePatternSet &patterns);
void populateScanPatterns(TileTypeConverter &converter,
                          const LoweringState &state,
                          mlir::RewritePatternSet &patterns);
/// tile.combine_reduce and tile.combine_scan (CombineOpToLLVM.cpp).
void populateCombinePatterns(TileTypeConverter &converter,
                             const LoweringState &state,
                             mlir::RewritePatternSet &patterns);
void populateReducePatterns(TileTypeConverter &converter,
                            const LoweringState &state,
                            mlir::RewritePatternSet &patterns);
void populateDotPatterns(TileTypeConverter &converter,
                         const LoweringState &state,
                         mlir::RewritePatternSet &patterns);
void populateConvertLayoutPatterns(TileTypeConverter &converter,
                                   const LoweringState &state,
                                   mlir::RewritePatternSet &patterns);
void populateSharedMemoryPatterns(TileTypeConverter &converter,
                                  const LoweringState &state,
                                  mlir::RewritePatternSet &patterns);
void populateWarpGroupDotPatterns(TileTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateMathApproxPatterns(TileTypeConverter &converter,
                                mlir::RewritePatternSet &patterns);
/// Whether `op` is math that becomes a libdevice call (MathToNVVM.cpp).
bool needsLibdevice(mlir::Operation *op);
void populateLibdevicePatterns(TileTypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
void populateTmaPatterns(TileTypeConverter &converter,
                         mlir::RewritePatternSet &patterns);
void populateFuncPatterns(TileTypeConverter &converter,
                          mlir::RewritePatternSet &patterns);

/// How the registers of a tensor map to element offsets of a buffer.
struct SharedAccess {
  /// (register, lane, warp) -> offset.
  tile::LinearLayout layout;
  /// Registers per access (2^vectorBits.size()), at most
  /// kMaxSharedAccessBytes, aligned in every thread.
  int64_t vector = 1;
  /// The register bits whose registers an access moves together: element j
  /// of a vector is the register with j's bits at these bits. Registers 0,
  /// 1, 2, ... unless planned with `anyRegisters`.
  llvm::SmallVector<int32_t> vectorBits;
};
/// The access plan for a tensor whose register layout is `registers` in a
/// buffer whose layout is `buffer` (offset -> coordinates). With
/// `anyRegisters` a vector may gather registers that are not consecutive
/// (storeToBuffer and loadFromBuffer handle that; code that slices runs of
/// registers must not ask for it).
SharedAccess planSharedAccess(const tile::LinearLayout &registers,
                              const tile::LinearLayout &buffer,
                              unsigned elementBytes, bool anyRegisters = false);
/// Stores the values a thread holds of a tensor into the buffer at `base`.
void storeToBuffer(mlir::OpBuilder &builder, mlir::Location loc,
                   const SharedAccess &access, mlir::Value base,
                   mlir::Type element, mlir::ValueRange values);
/// Loads the `count` values a thread holds of a tensor from the buffer at
/// `base`.
llvm::SmallVector<mlir::Value> loadFromBuffer(mlir::OpBuilder &builder,
                                              mlir::Location loc,
                                              const SharedAccess &access,
                                              mlir::Value base,
                                              mlir::Type element, size_t count);

/// `shfl.sync.bfly` of a value of any width up to 64 bits: the value of the
/// lane whose id is this lane's XOR `laneMask`.
mlir::Value emitShuffleXor(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Value value, unsigned laneMask);

/// PTX `text` as LLVM inline assembly (AT&T dialect) with one result of
/// `resultType` (a struct for several outputs), which it returns.
mlir::Value emitInlineAsm(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Type resultType, mlir::ValueRange operands,
                          llvm::StringRef text, llvm::StringRef constraints,
                          bool hasSideEffects);

/// The same for asm that produces nothing (a store, a copy, a fence).
void emitInlineAsmVoid(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::ValueRange operands, llvm::StringRef text,
                       llvm::StringRef constraints);

/// Emits a barrier among the CTA's threads.
void emitBarrier(mlir::OpBuilder &builder, mlir::Location loc);

/// Exchanges `values` (a thread's registers) with the thread whose id
/// differs in bit `warpBit` of its warp id, through the shared scratch at
/// `scratch` (slot thread * values.size() + register), with a barrier
/// before the loads and one after them, so the next exchange's stores wait.
/// Returns the partner's values.
llvm::SmallVector<mlir::Value>
emitWarpExchange(mlir::OpBuilder &builder, mlir::Location loc,
                 mlir::Value scratch, mlir::Type element,
                 llvm::ArrayRef<mlir::Value> values, unsigned warpBit);

/// For each element `resultType`'s layout gives this thread, a value the
/// thread already holds of one of `sources` (a type and its values):
/// `locate(offset)` names the source and the element's offset there, both
/// offsets relative to the thread's base (the layouts must share it, as
/// derived layouts do). Failure when the thread does not hold an element.
template <typename LocateFn>
mlir::FailureOr<llvm::SmallVector<mlir::Value>> gatherHeldValues(
    mlir::RankedTensorType resultType,
    llvm::ArrayRef<std::pair<mlir::RankedTensorType, mlir::ValueRange>>
        sources,
    LocateFn locate) {
  std::optional<Distribution> to = Distribution::get(resultType);
  if (!to)
    return mlir::failure();
  llvm::SmallVector<Distribution, 2> from;
  for (const auto &source : sources) {
    std::optional<Distribution> distribution = Distribution::get(source.first);
    if (!distribution)
      return mlir::failure();
    from.push_back(std::move(*distribution));
  }
  llvm::SmallVector<mlir::Value> values;
  for (llvm::ArrayRef<int64_t> offset : to->getOffsets()) {
    auto [which, at] = locate(offset);
    int64_t index = from[which].find(at);
    if (index < 0)
      return mlir::failure();
    values.push_back(sources[which].second[index]);
  }
  return values;
}

/// gatherHeldValues from one source, `project` mapping a result offset to
/// the source's.
template <typename ProjectFn>
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
gatherValues(mlir::RankedTensorType srcType, mlir::ValueRange src,
             mlir::RankedTensorType resultType, ProjectFn project) {
  return gatherHeldValues(resultType, {{srcType, src}},
                          [&](llvm::ArrayRef<int64_t> offset) {
                            return std::make_pair(
                                0u, llvm::SmallVector<int64_t>(project(offset)));
                          });
}

} // namespace tilec

#endif // TILEC_CONVERSION_TILETOLLVM_LOWERING_H
