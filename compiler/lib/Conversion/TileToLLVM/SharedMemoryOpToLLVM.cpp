//===- SharedMemoryOpToLLVM.cpp - buffers in shared memory ----------------===//
//
// A `!tile.memdesc` becomes a pointer to its first byte in shared memory.
// Storing a register tensor into a buffer and loading it back both follow
// one linear layout, (register, lane, warp) -> element offset: the register
// layout composed with the inverse of the buffer's layout. Its leading
// register bases say how many consecutive registers land at consecutive
// offsets, which is how wide each access can be (up to 16 bytes). Loads
// into a dot operand layout of 16-bit elements use ldmatrix where that
// layout puts each 8 x 8 block's rows in 16 contiguous bytes.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"
#include "tile/Layout/SharedAccess.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec;
using tile::LinearLayout;

SharedAccess tilec::planSharedAccess(const LinearLayout &registers,
                                     const LinearLayout &buffer,
                                     unsigned elementBytes,
                                     bool anyRegisters) {
  SharedAccess access;
  access.layout = registers.invertAndCompose(buffer);
  access.vectorBits = tile::getVectorRegisterBits(
      access.layout, elementBytes, kMaxSharedAccessBytes, !anyRegisters);
  access.vector = int64_t(1) << access.vectorBits.size();
  return access;
}

/// The access plan for a tensor of `tensorType` in a buffer of
/// `bufferType`, or std::nullopt when their layouts do not compose.
static std::optional<SharedAccess>
planSharedAccess(RankedTensorType tensorType, tile::MemDescType bufferType) {
  auto registers = dyn_cast_or_null<tile::DistributedLayoutInterface>(
      tensorType.getEncoding());
  auto shared = dyn_cast<tile::SharedLayoutInterface>(bufferType.getEncoding());
  if (!registers || !shared ||
      shared.getLayoutRank() != bufferType.getShape().size())
    return std::nullopt;
  return planSharedAccess(registers.toLinearLayout(tensorType.getShape()),
                          shared.toLinearLayout(bufferType.getShape()),
                          getByteWidth(tensorType.getElementType()));
}

/// The thread's part of the offset (lane and warp bits), as an i32.
static Value emitThreadOffset(OpBuilder &builder, Location loc,
                              const LinearLayout &layout) {
  Value lane = emitLinearCoord(builder, loc, layout, tile::kLane,
                               emitLaneId(builder, loc), tile::kOffset);
  Value warp = emitLinearCoord(builder, loc, layout, tile::kWarp,
                               emitWarpId(builder, loc), tile::kOffset);
  return arith::XOrIOp::create(builder, loc, lane, warp);
}

/// Offset (elements) of register `reg` in the thread at `threadOffset`.
static Value emitRegisterOffset(OpBuilder &builder, Location loc,
                                const LinearLayout &layout, Value threadOffset,
                                int64_t reg) {
  int64_t regOffset =
      layout.apply({{tile::kRegister.str(), int32_t(reg)}}).front().second;
  if (regOffset == 0)
    return threadOffset;
  return arith::XOrIOp::create(builder, loc, threadOffset,
                               emitI32(builder, loc, regOffset));
}

/// The register that holds element `j` of the vector starting at register
/// `first`: j's bits deposited at the vector's register bits.
static int64_t getVectorRegister(const SharedAccess &access, int64_t first,
                                 int64_t j) {
  int64_t reg = first;
  for (auto [i, bit] : llvm::enumerate(access.vectorBits))
    if (j & (int64_t(1) << i))
      reg |= int64_t(1) << bit;
  return reg;
}

/// The first register of each vector access, in increasing order: the
/// registers with every vector bit clear.
static SmallVector<int64_t> getVectorStarts(const SharedAccess &access,
                                            size_t count) {
  int64_t mask = 0;
  for (int32_t bit : access.vectorBits)
    mask |= int64_t(1) << bit;
  SmallVector<int64_t> starts;
  for (int64_t i = 0, e = count; i < e; ++i)
    if (!(i & mask))
      starts.push_back(i);
  return starts;
}

/// The type an element has in shared memory: a byte for i1, whose vectors
/// LLVM packs a bit an element (a <4 x i1> load reads 4 bits, not the 4
/// bytes that 4 i1 stores wrote).
static Type getMemoryType(Type element) {
  if (element.isInteger(1))
    return IntegerType::get(element.getContext(), 8);
  return element;
}

void tilec::storeToBuffer(OpBuilder &builder, Location loc,
                          const SharedAccess &access, Value base, Type element,
                          ValueRange values) {
  Value threadOffset = emitThreadOffset(builder, loc, access.layout);
  unsigned bytes = getByteWidth(element);
  Type memory = getMemoryType(element);
  auto toMemory = [&](Value value) -> Value {
    if (memory == element)
      return value;
    return LLVM::ZExtOp::create(builder, loc, memory, value);
  };
  // Copies of an element are equal, so every holder may write it.
  for (int64_t first : getVectorStarts(access, values.size())) {
    Value offset =
        emitRegisterOffset(builder, loc, access.layout, threadOffset, first);
    Value ptr = emitSharedElementPointer(builder, loc, base, memory, offset);
    Value value = toMemory(values[first]);
    if (access.vector > 1) {
      auto vectorType = VectorType::get({access.vector}, memory);
      value = LLVM::UndefOp::create(builder, loc, vectorType);
      for (int64_t j = 0; j < access.vector; ++j)
        value = LLVM::InsertElementOp::create(
            builder, loc, value,
            toMemory(values[getVectorRegister(access, first, j)]),
            LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                     builder.getI32IntegerAttr(j)));
    }
    LLVM::StoreOp::create(builder, loc, value, ptr, access.vector * bytes);
  }
}

SmallVector<Value> tilec::loadFromBuffer(OpBuilder &builder, Location loc,
                                         const SharedAccess &access,
                                         Value base, Type element,
                                         size_t count) {
  Value threadOffset = emitThreadOffset(builder, loc, access.layout);
  unsigned bytes = getByteWidth(element);
  Type memory = getMemoryType(element);
  auto fromMemory = [&](Value value) -> Value {
    if (memory == element)
      return value;
    return LLVM::TruncOp::create(builder, loc, element, value);
  };
  SmallVector<Value> values(count);
  for (int64_t first : getVectorStarts(access, count)) {
    Value offset =
        emitRegisterOffset(builder, loc, access.layout, threadOffset, first);
    Value ptr = emitSharedElementPointer(builder, loc, base, memory, offset);
    if (access.vector == 1) {
      values[first] = fromMemory(
          LLVM::LoadOp::create(builder, loc, memory, ptr, bytes));
      continue;
    }
    auto vectorType = VectorType::get({access.vector}, memory);
    Value loaded = LLVM::LoadOp::create(builder, loc, vectorType, ptr,
                                        access.vector * bytes);
    for (int64_t j = 0; j < access.vector; ++j)
      values[getVectorRegister(access, first, j)] =
          fromMemory(LLVM::ExtractElementOp::create(
              builder, loc, loaded,
              LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                       builder.getI32IntegerAttr(j))));
  }
  return values;
}

/// Whether `bases` of `inDim` (bit -> expected offset, 0 for "any multiple
/// of 8") hold in `layout`, every other basis keeping 8-element alignment.
static bool hasLdmatrixRows(const LinearLayout &layout,
                            ArrayRef<std::pair<StringRef, int32_t>> rowBits) {
  for (StringRef inDim : {tile::kRegister, tile::kLane, tile::kWarp})
    for (int32_t bit = 0, e = layout.getInDimSizeLog2(inDim); bit < e; ++bit) {
      int32_t value = layout.getBasis(inDim, bit, tile::kOffset);
      auto it = llvm::find_if(rowBits, [&](const auto &rowBit) {
        return rowBit.first == inDim && rowBit.second == bit;
      });
      if (it != rowBits.end()) {
        int32_t expected = 1 << (it - rowBits.begin());
        if (value != expected)
          return false;
        continue;
      }
      if (value & 7)
        return false;
    }
  return true;
}

/// Loads a dot operand of 16-bit elements with ldmatrix: each 32-bit word
/// (two consecutive registers) of the operand is one thread's share of an
/// 8 x 8 block, and a block's rows must be 16 contiguous bytes. Without
/// transposition the two registers and lane bits 0-1 run along a row (lane
/// bits 2-4 pick the row); with it lane bits 2-4 run along a row (register
/// bit 0 and lane bits 0-1 pick the row). Returns std::nullopt when neither
/// fits the buffer's layout.
static std::optional<SmallVector<Value>>
loadWithLdmatrix(OpBuilder &builder, Location loc, const SharedAccess &access,
                 Value base, Type element, size_t count) {
  const LinearLayout &layout = access.layout;
  if (getByteWidth(element) != 2 || count % 2 != 0 ||
      layout.getInDimSizeLog2(tile::kLane) != 5)
    return std::nullopt;
  bool plain = hasLdmatrixRows(layout, {{tile::kRegister, 0},
                                        {tile::kLane, 0},
                                        {tile::kLane, 1}});
  bool transposed = !plain && hasLdmatrixRows(layout, {{tile::kLane, 2},
                                                        {tile::kLane, 3},
                                                        {tile::kLane, 4}});
  if (!plain && !transposed)
    return std::nullopt;
  // Blocks per instruction: four where the registers allow.
  int64_t words = count / 2;
  int64_t num = words % 4 == 0 ? 4 : words % 2 == 0 ? 2 : 1;

  MLIRContext *context = builder.getContext();
  Type i32 = builder.getI32Type();
  auto c = [&](int64_t v) { return emitI32(builder, loc, v); };
  Value lane = emitLaneId(builder, loc);
  Value warp = emitWarpId(builder, loc);
  // Lane L gives the address of row L % 8 of block L / 8.
  Value row = arith::AndIOp::create(builder, loc, lane, c(7));
  Value block = arith::AndIOp::create(
      builder, loc, arith::ShRUIOp::create(builder, loc, lane, c(3)),
      c(num - 1));
  Value regInBlock = arith::ShLIOp::create(builder, loc, block, c(1));
  Value laneIn;
  if (plain) {
    laneIn = arith::ShLIOp::create(builder, loc, row, c(2));
  } else {
    regInBlock = arith::OrIOp::create(
        builder, loc, regInBlock, arith::AndIOp::create(builder, loc, row, c(1)));
    laneIn = arith::ShRUIOp::create(builder, loc, row, c(1));
  }
  Value threadPart = arith::XOrIOp::create(
      builder, loc,
      emitLinearCoord(builder, loc, layout, tile::kLane, laneIn, tile::kOffset),
      emitLinearCoord(builder, loc, layout, tile::kWarp, warp, tile::kOffset));
  Value rowPart = arith::XOrIOp::create(
      builder, loc, threadPart,
      emitLinearCoord(builder, loc, layout, tile::kRegister, regInBlock,
                      tile::kOffset));

  SmallVector<Value> values;
  auto pairType = VectorType::get({2}, element);
  Type resultType =
      num == 1 ? i32
               : LLVM::LLVMStructType::getLiteral(context,
                                                  SmallVector<Type>(num, i32));
  for (int64_t first = 0; first < int64_t(count); first += 2 * num) {
    int64_t firstOffset =
        layout.apply({{tile::kRegister.str(), int32_t(first)}}).front().second;
    Value offset = firstOffset ? arith::XOrIOp::create(builder, loc, rowPart,
                                                       c(firstOffset))
                                     .getResult()
                               : rowPart;
    Value ptr = emitSharedElementPointer(builder, loc, base, element, offset);
    Value result = NVVM::LdMatrixOp::create(
        builder, loc, resultType, ptr, num,
        transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(context, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (int64_t j = 0; j < num; ++j) {
      Value word = num == 1 ? result
                            : LLVM::ExtractValueOp::create(builder, loc,
                                                           result, j)
                                  .getResult();
      Value pair = LLVM::BitcastOp::create(builder, loc, pairType, word);
      for (int64_t k = 0; k < 2; ++k)
        values.push_back(LLVM::ExtractElementOp::create(
            builder, loc, pair,
            LLVM::ConstantOp::create(builder, loc, i32,
                                     builder.getI32IntegerAttr(k))));
    }
  }
  return values;
}

namespace {

struct LocalAllocOpLowering
    : public OpConversionPattern<tile::LocalAllocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::LocalAllocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // tile-to-llvm checked that every buffer has one.
    std::optional<uint64_t> offset = op.getOffset();
    if (!offset)
      return failure();
    Location loc = op.getLoc();
    Value base = emitSharedPointer(rewriter, loc, *offset);
    if (Value src = op.getSrc()) {
      auto srcType = cast<RankedTensorType>(src.getType());
      std::optional<SharedAccess> access =
          planSharedAccess(srcType, op.getType());
      if (!access)
        return op.emitOpError("cannot store a tensor of layout ")
               << srcType.getEncoding() << " into this buffer";
      storeToBuffer(rewriter, loc, *access, base,
                    getTypeConverter()->convertType(srcType.getElementType()),
                    adaptor.getSrc());
    }
    rewriter.replaceOp(op, base);
    return success();
  }
};

struct LocalStoreOpLowering
    : public OpConversionPattern<tile::LocalStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::LocalStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    std::optional<SharedAccess> access =
        planSharedAccess(srcType, op.getDst().getType());
    if (!access)
      return op.emitOpError("cannot store a tensor of layout ")
             << srcType.getEncoding() << " into this buffer";
    storeToBuffer(rewriter, op.getLoc(), *access,
                  adaptor.getDst().front(),
                  getTypeConverter()->convertType(srcType.getElementType()),
                  adaptor.getSrc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpLowering : public OpConversionPattern<tile::LocalLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::LocalLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    std::optional<SharedAccess> access =
        planSharedAccess(type, op.getSrc().getType());
    if (!access)
      return op.emitOpError("cannot load a tensor of layout ")
             << type.getEncoding() << " from this buffer";
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertType(type, resultTypes)))
      return failure();
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(type.getElementType());
    Value base = adaptor.getSrc().front();
    std::optional<SmallVector<Value>> values;
    if (isa<tile::DotOperandEncodingAttr>(type.getEncoding()))
      values = loadWithLdmatrix(rewriter, loc, *access, base, element,
                                resultTypes.size());
    if (!values)
      values = loadFromBuffer(rewriter, loc, *access, base, element,
                              resultTypes.size());
    rewriter.replaceOpWithMultiple(op, {*values});
    return success();
  }
};

struct MemDescSubviewOpLowering
    : public OpConversionPattern<tile::MemDescSubviewOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::MemDescSubviewOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Buffers of the stack follow one another.
    int64_t bytes = op.getType().getSizeInBytes();
    Value index = adaptor.getIndex().front();
    Value offset = arith::MulIOp::create(rewriter, loc, index,
                                         emitI32(rewriter, loc, bytes));
    Value ptr = LLVM::GEPOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(getContext(), kShared),
        rewriter.getI8Type(), adaptor.getSrc().front(), ValueRange{offset});
    rewriter.replaceOp(op, ptr);
    return success();
  }
};

/// A transposed view is the same bytes: only its type's layout differs.
struct MemDescTransOpLowering
    : public OpConversionPattern<tile::MemDescTransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::MemDescTransOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(op, {adaptor.getSrc()});
    return success();
  }
};

/// Each thread copies its vectors with cp.async: as wide as both the buffer
/// layout and the pointers' alignment and mask allow (4, 8 or 16 bytes);
/// a masked-off vector copies 0 bytes, which fills it with zeros.

/// One copy of `ptrs.size()` consecutive elements of `bytes` bytes each to
/// `dst` under a mask that may change inside it: cp.async moves it whole
/// when every lane is in and zero-fills it when none is; otherwise (the
/// tensor's edge) each lane is loaded on its own, 0 where masked off, and
/// stored to shared memory at once. The cp.async is predicated off then, so
/// that its zero fill cannot land after the lanes' stores.
static void lanesCopy(OpBuilder &builder, Location loc, Value dst,
                      ValueRange ptrs, ValueRange masks, unsigned bytes,
                      Value owner) {
  Value all = masks.front(), any = masks.front();
  for (Value mask : masks.drop_front()) {
    all = arith::AndIOp::create(builder, loc, all, mask);
    any = arith::OrIOp::create(builder, loc, any, mask);
  }
  Value one = arith::ConstantIntOp::create(builder, loc, 1, 1);
  Value partial = arith::AndIOp::create(
      builder, loc, any, arith::XOrIOp::create(builder, loc, all, one));
  Value whole = arith::XOrIOp::create(builder, loc, partial, one);
  if (owner) {
    partial = arith::AndIOp::create(builder, loc, partial, owner);
    whole = arith::AndIOp::create(builder, loc, whole, owner);
  }
  unsigned copyBytes = bytes * ptrs.size();
  Value size = arith::SelectOp::create(builder, loc, all,
                                       emitI32(builder, loc, copyBytes),
                                       emitI32(builder, loc, 0));
  Value address = LLVM::PtrToIntOp::create(builder, loc,
                                           builder.getI32Type(), dst);
  auto asmVoid = [&](ValueRange operands, StringRef text,
                     StringRef constraints) {
    emitInlineAsmVoid(builder, loc, operands, text, constraints);
  };
  std::string copy = (llvm::Twine("@$0 cp.async.") +
                      (copyBytes == 16 ? "cg" : "ca") +
                      ".shared.global [ $1 + 0 ], [ $2 + 0 ], " +
                      llvm::Twine(copyBytes) + ", $3;")
                         .str();
  asmVoid({whole, address, ptrs.front(), size}, copy, "b,r,l,r");
  // Lanes: 8- and 16-bit values travel in 16-bit registers.
  unsigned bits = std::max(16u, bytes * 8);
  std::string reg = bits == 64 ? "l" : bits == 32 ? "r" : "h";
  std::string loadType = bytes == 1 ? "u8" : "b" + std::to_string(bits);
  std::string storeType = bytes == 1 ? "b8" : loadType;
  Type regType = builder.getIntegerType(bits);
  for (auto [j, ptr] : llvm::enumerate(ptrs)) {
    Value lanePred = arith::AndIOp::create(builder, loc, masks[j], partial);
    Value lane = emitInlineAsm(
        builder, loc, regType, ValueRange{ptr, lanePred},
        "mov.b" + std::to_string(bits) + " $0, 0;\n\t@$2 ld.global." +
            loadType + " $0, [ $1 + 0 ];",
        "=" + reg + ",l,b", /*hasSideEffects=*/true);
    asmVoid({partial, address, lane},
            "@$0 st.shared." + storeType + " [ $1 + " +
                std::to_string(j * bytes) + " ], $2;",
            "b,r," + reg);
  }
}

struct AsyncCopyOpLowering : public OpConversionPattern<tile::AsyncCopyOp> {
  AsyncCopyOpLowering(const TypeConverter &converter, MLIRContext *context,
                      const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::AsyncCopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    tile::MemDescType bufferType = op.getDst().getType();
    auto registers = dyn_cast_or_null<tile::DistributedLayoutInterface>(
        ptrType.getEncoding());
    auto shared =
        dyn_cast<tile::SharedLayoutInterface>(bufferType.getEncoding());
    if (!registers || !shared)
      return op.emitOpError("needs register and shared layouts");
    Type element =
        getTypeConverter()->convertType(bufferType.getElementType());
    unsigned bytes = getByteWidth(element);
    SharedAccess access = planSharedAccess(
        registers.toLinearLayout(ptrType.getShape()),
        shared.toLinearLayout(bufferType.getShape()), bytes);
    // The global side: contiguous and aligned pointers, a uniform mask.
    std::optional<Distribution> distribution = Distribution::get(ptrType);
    if (!distribution)
      return op.emitOpError("needs a register layout");
    auto [dim, run] = distribution->getContiguity();
    int64_t vector = std::min<int64_t>(
        {access.vector, run,
         state.axisInfo->getPtrVectorWidth(op.getPtr(), dim)});
    vector = std::max<int64_t>(1, llvm::bit_floor(uint64_t(vector)));
    // Copies narrow to the mask's runs while those are 4 bytes or more. A
    // mask that changes more often (a row whose length has no known
    // divisor) keeps the copy whole where all its lanes are in, and moves
    // the edge's copies lane by lane (lanesCopy).
    bool uniformMask = true;
    if (Value mask = op.getMask()) {
      int64_t constancy = state.axisInfo->getMaskConstancy(mask, dim);
      if (constancy * bytes >= 4)
        vector = std::min<int64_t>(vector, constancy);
      else
        uniformMask = constancy >= vector;
    }
    int64_t copyBytes = vector * bytes;
    if (copyBytes < 4)
      return op.emitOpError("copies ")
             << copyBytes << " bytes a thread; cp.async needs 4, 8 or 16";
    access.vector = vector;

    Value base = adaptor.getDst().front();
    ValueRange ptrs = adaptor.getPtr();
    ValueRange masks = op.getMask() ? adaptor.getMask() : ValueRange();
    Value threadOffset = emitThreadOffset(rewriter, loc, access.layout);
    Value full = emitI32(rewriter, loc, copyBytes);
    Value none = emitI32(rewriter, loc, 0);
    auto modifier = copyBytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                    : NVVM::LoadCacheModifierKind::CA;
    // Where threads hold copies of the same elements (attention's row
    // statistics: 32 values over 128 threads), only the first holder copies:
    // the others' identical writes would race (compute-sanitizer racecheck
    // reports them) and cost bandwidth.
    Value owner = distribution->emitIsOwner(rewriter, loc);
    std::string ownerCopy =
        (Twine("@$0 cp.async.") + (copyBytes == 16 ? "cg" : "ca") +
         ".shared.global [ $1 + 0 ], [ $2 + 0 ], " + Twine(copyBytes) +
         ", $3;")
            .str();
    for (size_t i = 0, e = ptrs.size(); i < e; i += vector) {
      Value offset =
          emitRegisterOffset(rewriter, loc, access.layout, threadOffset, i);
      Value dst = emitSharedElementPointer(rewriter, loc, base, element,
                                           offset);
      if (!uniformMask) {
        lanesCopy(rewriter, loc, dst, ptrs.slice(i, vector),
                  masks.slice(i, vector), bytes, owner);
        continue;
      }
      Value size;
      if (!masks.empty())
        size = arith::SelectOp::create(rewriter, loc, masks[i], full, none);
      if (owner) {
        Value address = LLVM::PtrToIntOp::create(rewriter, loc,
                                                 rewriter.getI32Type(), dst);
        emitInlineAsmVoid(rewriter, loc,
                          {owner, address, ptrs[i], size ? size : full},
                          ownerCopy, "b,r,l,r");
        continue;
      }
      NVVM::CpAsyncOp::create(rewriter, loc, dst, ptrs[i], copyBytes,
                              modifier, size);
    }
    rewriter.replaceOp(op, emitI32(rewriter, loc, 0));
    return success();
  }

  const LoweringState &state;
};

struct AsyncCommitGroupOpLowering
    : public OpConversionPattern<tile::AsyncCommitGroupOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::AsyncCommitGroupOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.replaceOp(op, emitI32(rewriter, op.getLoc(), 0));
    return success();
  }
};

struct AsyncWaitOpLowering : public OpConversionPattern<tile::AsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::AsyncWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getNum());
    rewriter.replaceOp(op, emitI32(rewriter, op.getLoc(), 0));
    return success();
  }
};

struct BarrierOpLowering : public OpConversionPattern<tile::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::BarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::populateSharedMemoryPatterns(TileTypeConverter &converter,
                                         const LoweringState &state,
                                         RewritePatternSet &patterns) {
  patterns.add<LocalAllocOpLowering, LocalStoreOpLowering, LocalLoadOpLowering,
               MemDescSubviewOpLowering, MemDescTransOpLowering,
               AsyncCommitGroupOpLowering,
               AsyncWaitOpLowering, BarrierOpLowering>(converter,
                                                       patterns.getContext());
  patterns.add<AsyncCopyOpLowering>(converter, patterns.getContext(), state);
}
