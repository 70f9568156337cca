//===- WarpGroupDotOpToLLVM.cpp - Hopper's wgmma ----------------------------===//
//
// tile.warpgroup_dot becomes, for each warpgroup, one
// `wgmma.mma_async.sync.aligned.m64nNk16` per 16 elements of K between a
// `wgmma.fence`, a `wgmma.commit_group` and a `wgmma.wait_group pendings`
// that hands the accumulators back. Both factors are read from shared memory
// through 64-bit matrix descriptors: the start address, the byte offsets
// between 8-row groups (SBO) and between swizzle atoms along M or N (LBO,
// only for MN-major factors), and the swizzle mode. The accumulator
// registers are tied through every instruction so that nothing reads them
// while the tensor cores write them; with both factors in shared memory one
// asm statement holds all K steps of a 64-row tile, which leaves LLVM no
// accumulator copies to place between the instructions.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "tile/Layout/LayoutKinds.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace tilec;

/// Inline PTX with side effects (so that it stays between its barriers).
static LLVM::InlineAsmOp emitAsm(OpBuilder &builder, Location loc,
                                 Type resultType, ValueRange operands,
                                 StringRef text, StringRef constraints) {
  return LLVM::InlineAsmOp::create(
      builder, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(),
                                LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

/// Runs `text` with the accumulators tied in and out; returns them.
static SmallVector<Value> emitTiedAsm(OpBuilder &builder, Location loc,
                                      ValueRange acc, ValueRange extra,
                                      StringRef text,
                                      StringRef extraConstraints) {
  MLIRContext *context = builder.getContext();
  size_t count = acc.size();
  std::string constraints;
  for (size_t i = 0; i < count; ++i)
    constraints += (i ? ",=f" : "=f");
  for (size_t i = 0; i < count; ++i)
    constraints += "," + std::to_string(i);
  if (!extraConstraints.empty())
    constraints += "," + extraConstraints.str();
  SmallVector<Value> operands(acc.begin(), acc.end());
  operands.append(extra.begin(), extra.end());
  Type resultType = LLVM::LLVMStructType::getLiteral(
      context, SmallVector<Type>(count, Float32Type::get(context)));
  Value result =
      emitAsm(builder, loc, resultType, operands, text, constraints).getResult(0);
  SmallVector<Value> values;
  for (size_t i = 0; i < count; ++i)
    values.push_back(LLVM::ExtractValueOp::create(builder, loc, result, i));
  return values;
}

/// "$0, $1, ..., $<count - 1>": the accumulators of one instruction.
static std::string accumulatorOperands(size_t count) {
  std::string list;
  for (size_t i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(i);
  return list;
}

/// Runs `text` on the accumulators of one tile (`tile`: their indices in
/// `acc`), tied in and out, with `extra` operands after them; puts the
/// results back in `acc`.
static void emitTileAsm(OpBuilder &builder, Location loc,
                        SmallVectorImpl<Value> &acc, ArrayRef<int64_t> tile,
                        ValueRange extra, StringRef text,
                        StringRef extraConstraints) {
  SmallVector<Value> tileAcc;
  for (int64_t index : tile)
    tileAcc.push_back(acc[index]);
  tileAcc = emitTiedAsm(builder, loc, tileAcc, extra, text, extraConstraints);
  for (auto [index, value] : llvm::zip(tile, tileAcc))
    acc[index] = value;
}

/// The accumulator registers of each 64-row tile of the warpgroups (rows
/// `rowsPerStep` apart), in the instruction's order: n / 2 a tile.
static FailureOr<SmallVector<SmallVector<int64_t>>>
getAccumulatorTiles(tile::WarpGroupDotOp op, ConversionPatternRewriter &rewriter,
                    int64_t m, int64_t n, int64_t rowsPerStep) {
  std::optional<Distribution> accDist =
      Distribution::get(cast<RankedTensorType>(op.getType()));
  if (!accDist)
    return rewriter.notifyMatchFailure(op, "no accumulator layout");
  SmallVector<SmallVector<int64_t>> tiles(m / rowsPerStep);
  for (auto [index, offset] : llvm::enumerate(accDist->getOffsets()))
    tiles[offset[0] / rowsPerStep].push_back(index);
  for (const SmallVector<int64_t> &tile : tiles)
    if (tile.size() != size_t(n / 2))
      return op.emitOpError("expected ")
             << n / 2 << " accumulators a thread per 64-row tile";
  return tiles;
}

namespace {

/// How one factor's buffer is described to wgmma.
struct FactorDescriptor {
  /// Whether K runs along the contiguous dimension.
  bool kMajor = true;
  unsigned swizzle = 128;
  /// Bytes from one 8-row group to the next, and between swizzle atoms
  /// along M or N.
  uint64_t strideBytes = 0, leadingBytes = 0;
  /// Rows of the buffer (the non-contiguous dimension).
  int64_t rows = 0;
};

} // namespace

/// The descriptor of factor `opIdx` (0: A, M x K; 1: B, K x N) in `type`.
static std::optional<FactorDescriptor>
describeFactor(tile::MemDescType type, unsigned opIdx) {
  auto layout = dyn_cast<tile::NvmmaSharedEncodingAttr>(type.getEncoding());
  if (!layout || layout.getSwizzle() == 0)
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  unsigned contiguous = layout.getTransposed() ? 0 : 1;
  unsigned kDim = opIdx == 0 ? 1 : 0;
  FactorDescriptor desc;
  desc.kMajor = contiguous == kDim;
  desc.swizzle = layout.getSwizzle();
  desc.rows = shape[1 - contiguous];
  desc.strideBytes = 8 * desc.swizzle;
  // Column blocks of `swizzle` bytes follow one another, all rows each.
  desc.leadingBytes = desc.rows * desc.swizzle;
  return desc;
}

/// The 64-bit matrix descriptor for a factor starting at byte `start` of
/// shared memory (an i32 value). Later parts of the same buffer are this
/// descriptor plus their byte offset over 16: the address field holds bits
/// 4..17 of a shared address, and every shared address is below 2^18, so the
/// sum never carries into the fields above.
static Value emitDescriptor(OpBuilder &builder, Location loc, Value start,
                            const FactorDescriptor &desc) {
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  uint64_t mode = desc.swizzle == 128 ? 1 : desc.swizzle == 64 ? 2 : 3;
  // K-major swizzled factors never cross an atom along M or N within one
  // instruction's 8-row group; PTX then takes a leading offset of 1.
  uint64_t leading = desc.kMajor ? 1 : desc.leadingBytes >> 4;
  uint64_t fixed = ((leading & 0x3fff) << 16) |
                   (((desc.strideBytes >> 4) & 0x3fff) << 32) | (mode << 62);
  // 32-bit arithmetic: cheaper than the 64-bit kind on every warp.
  Value address = LLVM::LShrOp::create(
      builder, loc,
      LLVM::AndOp::create(builder, loc, start,
                          LLVM::ConstantOp::create(
                              builder, loc, i32,
                              builder.getI32IntegerAttr(0x3ffff))),
      LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(4)));
  return LLVM::OrOp::create(
      builder, loc, LLVM::ZExtOp::create(builder, loc, i64, address),
      LLVM::ConstantOp::create(builder, loc, i64,
                               builder.getI64IntegerAttr(fixed)));
}

/// `desc` moved on by `offset` bytes (a multiple of 16; see emitDescriptor).
static Value advanceDescriptor(OpBuilder &builder, Location loc, Value desc,
                               uint64_t offset) {
  assert(offset % 16 == 0 && "descriptor offsets are in units of 16 bytes");
  if (!offset)
    return desc;
  return LLVM::AddOp::create(
      builder, loc, desc,
      LLVM::ConstantOp::create(builder, loc, builder.getI64Type(),
                               builder.getI64IntegerAttr(offset >> 4)));
}

/// Byte offset, from A's start, of row `row` (along M).
static uint64_t getRowOffset(const FactorDescriptor &desc, int64_t row,
                             unsigned elementBytes) {
  if (desc.kMajor)
    return row * desc.swizzle;
  // MN-major: M runs along the contiguous rows, in column blocks.
  uint64_t mBytes = row * elementBytes;
  return (mBytes / desc.swizzle) * desc.leadingBytes + mBytes % desc.swizzle;
}

/// Byte offset, from a factor's start, of the 16 elements of K from `k` on.
static uint64_t getKStepOffset(const FactorDescriptor &desc, int64_t k,
                               unsigned elementBytes) {
  uint64_t kBytes = k * elementBytes;
  if (desc.kMajor)
    return (kBytes / desc.swizzle) * desc.leadingBytes + kBytes % desc.swizzle;
  // MN-major: K runs along the rows.
  return k * desc.swizzle;
}

namespace {

struct WarpGroupDotOpLowering
    : public OpConversionPattern<tile::WarpGroupDotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::WarpGroupDotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto accType = cast<RankedTensorType>(op.getType());
    auto layout = cast<tile::WgmmaEncodingAttr>(accType.getEncoding());
    if (layout.getTransposed())
      return lowerTransposed(op, adaptor, rewriter, layout);
    if (isa<RankedTensorType>(op.getA().getType()))
      return lowerRegisterA(op, adaptor, rewriter, layout);
    Location loc = op.getLoc();
    auto aType = cast<tile::MemDescType>(op.getA().getType());
    auto bType = cast<tile::MemDescType>(op.getB().getType());
    std::optional<FactorDescriptor> a = describeFactor(aType, 0);
    std::optional<FactorDescriptor> b = describeFactor(bType, 1);
    if (!a || !b)
      return op.emitOpError("factors need swizzled #tile.nvmma_shared buffers");
    int64_t m = aType.getShape()[0], k = aType.getShape()[1],
            n = bType.getShape()[1];
    Type element = aType.getElementType();
    bool tf32 = element.isF32();
    // k16 for fp16/bf16, k8 for tf32, k32 for fp8: 32 bytes of K each.
    unsigned bytes = element.getIntOrFloatBitWidth() / 8;
    int64_t instrK = 32 / bytes;
    // Only 16-bit factors may be MN-major (transpose flags).
    bool kMajorOnly = bytes != 2;
    unsigned warpgroups = layout.getWarpsPerCTA()[0] / 4;
    int64_t rowsPerStep = 64 * warpgroups;
    if (layout.getWarpsPerCTA()[1] != 1 || m % rowsPerStep != 0 ||
        layout.getInstrN() != n || k % instrK != 0)
      return op.emitOpError("wgmma lowering takes m64n")
             << n << "k" << instrK << " tiles stacked along M, warpgroups first";
    if (kMajorOnly && (!a->kMajor || !b->kMajor))
      return op.emitOpError("tf32 and fp8 factors must both be K-major");
    StringRef typeName = tf32                                ? "tf32"
                         : element.isBF16()                  ? "bf16"
                         : isa<Float8E4M3FNType>(element)    ? "e4m3"
                         : isa<Float8E5M2Type>(element)      ? "e5m2"
                                                             : "f16";

    FailureOr<SmallVector<SmallVector<int64_t>>> tiles =
        getAccumulatorTiles(op, rewriter, m, n, rowsPerStep);
    if (failed(tiles))
      return failure();

    Type i32 = rewriter.getI32Type();
    auto toAddress = [&](Value ptr) -> Value {
      return LLVM::PtrToIntOp::create(rewriter, loc, i32, ptr);
    };
    Value aBase = toAddress(adaptor.getA().front());
    Value bBase = toAddress(adaptor.getB().front());
    // Warpgroup g multiplies rows 64g.. of each step of A.
    if (warpgroups > 1) {
      Value group = arith::DivUIOp::create(rewriter, loc,
                                           emitThreadId(rewriter, loc),
                                           emitI32(rewriter, loc, 128));
      Value offset = arith::MulIOp::create(
          rewriter, loc, group,
          emitI32(rewriter, loc, getRowOffset(*a, 64, bytes)));
      aBase = LLVM::AddOp::create(rewriter, loc, aBase, offset);
    }
    Value aStart = emitDescriptor(rewriter, loc, aBase, *a);
    Value bStart = emitDescriptor(rewriter, loc, bBase, *b);

    SmallVector<Value> acc(adaptor.getAcc().begin(), adaptor.getAcc().end());
    size_t count = n / 2;
    emitAsm(rewriter, loc, LLVM::LLVMVoidType::get(getContext()), {},
            "wgmma.fence.sync.aligned;", "");
    std::string operandList = accumulatorOperands(count);
    // tf32 and fp8 take no transpose flags (both factors are K-major).
    std::string transpose =
        kMajorOnly ? std::string()
             : llvm::formatv(", {0}, {1}", a->kMajor ? 0 : 1, b->kMajor ? 0 : 1)
                   .str();
    // A product from zero (every tl.dot without an accumulator; fp8 ones
    // always, as tile-assign-layouts sums them in fp32 outside wgmma): the
    // first K step ignores the accumulator (scale-d = 0), which then needs
    // no zeros in its registers.
    Value scaleFirst = emitI32(rewriter, loc, 1);
    if (tile::isZeroBits(op.getAcc())) {
      scaleFirst = emitI32(rewriter, loc, 0);
      Value undef = LLVM::UndefOp::create(rewriter, loc, rewriter.getF32Type());
      acc.assign(acc.size(), undef);
    }
    // One asm statement per 64-row tile holds all of its K steps: between
    // separate statements LLVM may copy the accumulators (large kernels,
    // attention's backward), and ptxas then finds moves reading registers
    // that wgmma is still writing and serializes every wgmma (C7514).
    int64_t kSteps = k / instrK;
    std::string tileText = "{ .reg .pred p, q; setp.ne.b32 p, $" +
                           std::to_string(2 * count + 2 * kSteps) +
                           ", 0; setp.eq.u32 q, 0, 0; ";
    for (int64_t s = 0; s < kSteps; ++s)
      tileText += llvm::formatv(
          "wgmma.mma_async.sync.aligned.m64n{0}k{1}.f32.{2}.{2} {{{3}}, ${4}, "
          "${5}, {6}, 1, 1{7}; ",
          n, instrK, typeName, operandList, 2 * count + 2 * s,
          2 * count + 2 * s + 1, s == 0 ? "p" : "q", transpose);
    tileText += "}";
    std::string constraints;
    for (int64_t s = 0; s < kSteps; ++s)
      constraints += s ? ",l,l" : "l,l";
    constraints += ",r";
    for (auto [step, tile] : llvm::enumerate(*tiles)) {
      SmallVector<Value> extra;
      for (int64_t kk = 0; kk < k; kk += instrK) {
        uint64_t aOffset = getKStepOffset(*a, kk, bytes) +
                           getRowOffset(*a, step * rowsPerStep, bytes);
        extra.push_back(advanceDescriptor(rewriter, loc, aStart, aOffset));
        extra.push_back(advanceDescriptor(rewriter, loc, bStart,
                                          getKStepOffset(*b, kk, bytes)));
      }
      extra.push_back(scaleFirst);
      emitTileAsm(rewriter, loc, acc, tile, extra, tileText, constraints);
    }
    finish(op, rewriter, acc);
    return success();
  }

private:
  /// Commits the group, waits until `pendings` groups run on and replaces
  /// `op` with the accumulators.
  void finish(tile::WarpGroupDotOp op, ConversionPatternRewriter &rewriter,
              SmallVector<Value> acc) const {
    Location loc = op.getLoc();
    emitAsm(rewriter, loc, LLVM::LLVMVoidType::get(getContext()), {},
            "wgmma.commit_group.sync.aligned;", "");
    acc = emitTiedAsm(rewriter, loc, acc, {},
                      "wgmma.wait_group.sync.aligned " +
                          std::to_string(op.getPendings()) + ";",
                      "");
    rewriter.replaceOpWithMultiple(op, {acc});
  }

  /// A in registers (#tile.dot_operand<opIdx = 0> of the accumulator's
  /// layout), B in shared memory: per K step of 16 and per 64-row tile of
  /// the warpgroup, one m64nNk16 instruction whose A is four registers of
  /// two 16-bit elements each: (g, 2t..), (g+8, 2t..), (g, 2t+8..),
  /// (g+8, 2t+8..) for lane 4g+t of each warp's 16 rows.
  LogicalResult lowerRegisterA(tile::WarpGroupDotOp op, OneToNOpAdaptor adaptor,
                               ConversionPatternRewriter &rewriter,
                               tile::WgmmaEncodingAttr layout) const {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<tile::MemDescType>(op.getB().getType());
    std::optional<FactorDescriptor> b = describeFactor(bType, 1);
    if (!b)
      return op.emitOpError("b needs a swizzled #tile.nvmma_shared buffer");
    int64_t m = aType.getShape()[0], k = aType.getShape()[1],
            n = bType.getShape()[1];
    unsigned warpgroups = layout.getWarpsPerCTA()[0] / 4;
    int64_t rowsPerStep = 64 * warpgroups;
    if (layout.getWarpsPerCTA()[1] != 1 || m % rowsPerStep != 0 ||
        layout.getInstrN() != n || k % 16 != 0)
      return op.emitOpError("wgmma lowering takes m64n")
             << n << "k16 tiles stacked along M, warpgroups first";
    std::optional<Distribution> aDist = Distribution::get(aType);
    if (!aDist)
      return rewriter.notifyMatchFailure(op, "no register layout");
    FailureOr<SmallVector<SmallVector<int64_t>>> tiles =
        getAccumulatorTiles(op, rewriter, m, n, rowsPerStep);
    if (failed(tiles))
      return failure();
    ValueRange aValues = adaptor.getA();
    Type i32 = rewriter.getI32Type();
    Type pairType = VectorType::get({2}, aValues.front().getType());
    // The register of A holding elements (row, kk) and (row, kk + 1).
    auto packPair = [&](int64_t row, int64_t kk) -> FailureOr<Value> {
      int64_t first = aDist->find({row, kk});
      int64_t second = aDist->find({row, kk + 1});
      if (first < 0 || second < 0)
        return failure();
      Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
      pair = LLVM::InsertElementOp::create(rewriter, loc, pair,
                                           aValues[first],
                                           emitI32(rewriter, loc, 0));
      pair = LLVM::InsertElementOp::create(rewriter, loc, pair,
                                           aValues[second],
                                           emitI32(rewriter, loc, 1));
      return LLVM::BitcastOp::create(rewriter, loc, i32, pair).getResult();
    };

    Value bStart = emitDescriptor(
        rewriter, loc,
        LLVM::PtrToIntOp::create(rewriter, loc, i32, adaptor.getB().front()),
        *b);
    Type element = aType.getElementType();
    StringRef typeName = element.isBF16() ? "bf16" : "f16";
    SmallVector<Value> acc(adaptor.getAcc().begin(), adaptor.getAcc().end());
    size_t count = n / 2;
    size_t first = 2 * count;
    std::string text = llvm::formatv(
        "{{ .reg .pred p; setp.ne.b32 p, ${0}, 0; "
        "wgmma.mma_async.sync.aligned.m64n{1}k16.f32.{2}.{2} {{{3}}, "
        "{{${4}, ${5}, ${6}, ${7}}, ${8}, p, 1, 1, {9}; }",
        first + 5, n, typeName, accumulatorOperands(count), first, first + 1,
        first + 2, first + 3, first + 4, b->kMajor ? 0 : 1);
    Value one = emitI32(rewriter, loc, 1);
    // Every fragment register is written before the fence: a register
    // operand written after it makes ptxas fence each instruction (C7519).
    // Per K step, per tile: a0a1, a2a3, a4a5, a6a7. The offsets
    // Distribution lists are from the thread's base row.
    SmallVector<SmallVector<Value>> fragments;
    for (int64_t kk = 0; kk < k; kk += 16)
      for (size_t step = 0; step < tiles->size(); ++step) {
        int64_t row = int64_t(step) * rowsPerStep;
        SmallVector<Value> &regs = fragments.emplace_back();
        for (auto [dr, dk] : {std::pair<int64_t, int64_t>{0, 0},
                              {8, 0}, {0, 8}, {8, 8}}) {
          FailureOr<Value> reg = packPair(row + dr, kk + dk);
          if (failed(reg))
            return op.emitOpError("a's layout lacks a fragment register");
          regs.push_back(*reg);
        }
      }
    emitAsm(rewriter, loc, LLVM::LLVMVoidType::get(getContext()), {},
            "wgmma.fence.sync.aligned;", "");
    SmallVector<Value> *fragment = fragments.begin();
    for (int64_t kk = 0; kk < k; kk += 16) {
      Value bDesc =
          advanceDescriptor(rewriter, loc, bStart, getKStepOffset(*b, kk, 2));
      for (const SmallVector<int64_t> &tile : *tiles) {
        SmallVector<Value> extra(*fragment++);
        extra.push_back(bDesc);
        extra.push_back(one);
        emitTileAsm(rewriter, loc, acc, tile, extra, text, "r,r,r,r,l,r");
      }
    }
    finish(op, rewriter, acc);
    return success();
  }

  /// D^T = B^T A^T (see #tile.wgmma's `transposed`): per K step of 8 and
  /// per 64-row tile of the warpgroup, one m64n{M}k8 tf32 instruction with
  /// B's fragments as its register operand and A's buffer as its K-major B
  /// operand. Accumulators and fragments are passed in the instruction's
  /// register order, which the layouts keep (they only relabel rows).
  LogicalResult lowerTransposed(tile::WarpGroupDotOp op,
                                OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter,
                                tile::WgmmaEncodingAttr layout) const {
    Location loc = op.getLoc();
    auto aType = cast<tile::MemDescType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    std::optional<FactorDescriptor> a = describeFactor(aType, 0);
    if (!a || !a->kMajor)
      return op.emitOpError("a needs a swizzled K-major #tile.nvmma_shared "
                            "buffer");
    int64_t m = aType.getShape()[0], k = aType.getShape()[1],
            n = bType.getShape()[1];
    unsigned wm = layout.getWarpsPerCTA()[0];
    int64_t rowsPerTile = 16 * int64_t(wm);
    if (k % 8 != 0 || n % rowsPerTile != 0 || layout.getInstrN() != m)
      return op.emitOpError("transposed wgmma takes m64n")
             << m << "k8 tiles along N, warpgroups first";
    int64_t tiles = n / rowsPerTile;

    // Instruction (tile, register) -> the operand's register index, from
    // the layouts in the instruction's frame (rows along N).
    tile::LinearLayout accHw = tile::wgmmaAccumulatorToLinearLayout(
        {n, m}, {wm, 1}, m);
    tile::LinearLayout bHw =
        tile::wgmmaRegisterOperandToLinearLayout({n, k}, wm);
    auto regCoords = [](const tile::LinearLayout &hw, int32_t reg) {
      auto out = hw.apply({{tile::kRegister.str(), reg}});
      return std::make_pair(int64_t(out[0].second), int64_t(out[1].second));
    };
    SmallVector<SmallVector<int64_t>> accTiles(tiles);
    for (int32_t r = 0, e = accHw.getInDimSize(tile::kRegister); r < e; ++r)
      accTiles[regCoords(accHw, r).first / rowsPerTile].push_back(r);
    llvm::DenseMap<std::pair<int64_t, int64_t>, int64_t> bIndex;
    for (int32_t r = 0, e = bHw.getInDimSize(tile::kRegister); r < e; ++r)
      bIndex[regCoords(bHw, r)] = r;
    ValueRange bValues = adaptor.getB();
    SmallVector<Value> acc(adaptor.getAcc().begin(), adaptor.getAcc().end());
    size_t count = m / 2;
    if (acc.size() != size_t(tiles) * count ||
        bValues.size() != size_t(bIndex.size()))
      return op.emitOpError("unexpected register counts for a transposed "
                            "wgmma product");

    Value aStart = emitDescriptor(
        rewriter, loc,
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                 adaptor.getA().front()),
        *a);
    emitAsm(rewriter, loc, LLVM::LLVMVoidType::get(getContext()), {},
            "wgmma.fence.sync.aligned;", "");
    std::string operandList = accumulatorOperands(count);
    size_t first = 2 * count;
    std::string text = llvm::formatv(
        "{{ .reg .pred p; setp.ne.b32 p, ${0}, 0; "
        "wgmma.mma_async.sync.aligned.m64n{1}k8.f32.tf32.tf32 {{{2}}, "
        "{{${3}, ${4}, ${5}, ${6}}, ${7}, p, 1, 1; }",
        first + 5, m, operandList, first, first + 1, first + 2, first + 3,
        first + 4);
    Value one = emitI32(rewriter, loc, 1);
    Type i32 = rewriter.getI32Type();
    for (int64_t kk = 0; kk < k; kk += 8) {
      Value aDesc =
          advanceDescriptor(rewriter, loc, aStart, getKStepOffset(*a, kk, 4));
      for (int64_t t = 0; t < tiles; ++t) {
        SmallVector<Value> extra;
        // a0 (g, t), a1 (g+8, t), a2 (g, t+4), a3 (g+8, t+4).
        for (auto [dk, dr] : {std::pair<int64_t, int64_t>{0, 0},
                              {0, 8}, {4, 0}, {4, 8}}) {
          auto it = bIndex.find({t * rowsPerTile + dr, kk + dk});
          if (it == bIndex.end())
            return op.emitOpError("b's layout lacks a fragment register");
          extra.push_back(LLVM::BitcastOp::create(rewriter, loc, i32,
                                                  bValues[it->second]));
        }
        extra.push_back(aDesc);
        extra.push_back(one);
        emitTileAsm(rewriter, loc, acc, accTiles[t], extra, text,
                    "r,r,r,r,l,r");
      }
    }
    finish(op, rewriter, acc);
    return success();
  }
};

struct WarpGroupDotWaitOpLowering
    : public OpConversionPattern<tile::WarpGroupDotWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::WarpGroupDotWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> acc =
        emitTiedAsm(rewriter, op.getLoc(), adaptor.getAcc(), {},
                    "wgmma.wait_group.sync.aligned " +
                        std::to_string(op.getPendings()) + ";",
                    "");
    rewriter.replaceOpWithMultiple(op, {acc});
    return success();
  }
};

struct FenceAsyncSharedOpLowering
    : public OpConversionPattern<tile::FenceAsyncSharedOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::FenceAsyncSharedOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitAsm(rewriter, op.getLoc(), LLVM::LLVMVoidType::get(getContext()), {},
            "fence.proxy.async.shared::cta;", "");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::populateWarpGroupDotPatterns(TileTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<WarpGroupDotOpLowering, WarpGroupDotWaitOpLowering,
               FenceAsyncSharedOpLowering>(
      converter, patterns.getContext());
}
