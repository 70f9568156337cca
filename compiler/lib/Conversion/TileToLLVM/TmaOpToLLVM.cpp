//===- TmaOpToLLVM.cpp - TMA copies and mbarriers --------------------------===//
//
// tile.tma_copy becomes `cp.async.bulk.tensor` issued by thread 0, one per
// box: a box row spans at most the buffer's swizzle width, so a buffer
// wider than that is filled box by box, each a column block of rows x
// swizzle bytes (the #tile.nvmma_shared placement). The mbarrier ops are
// PTX's, the one-thread ones predicated on thread 0. The tensor map is the
// generic address of its kernel parameter (`cvta.param`).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tilec;

namespace {

/// Whether this is thread 0 of the program, and `pred` when given.
static Value leaderAnd(OpBuilder &builder, Location loc, Value pred) {
  Value tid = NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
  Value leader = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                       tid, emitI32(builder, loc, 0));
  return pred ? arith::AndIOp::create(builder, loc, leader, pred) : leader;
}

/// The 32-bit shared-memory address `ptr` (+ `bytes`) holds.
static Value sharedAddress(OpBuilder &builder, Location loc, Value ptr,
                           int64_t bytes = 0) {
  Value address =
      LLVM::PtrToIntOp::create(builder, loc, builder.getI32Type(), ptr);
  if (!bytes)
    return address;
  return arith::AddIOp::create(builder, loc, address,
                               emitI32(builder, loc, bytes));
}

struct TmaCopyOpLowering : public OpConversionPattern<tile::TmaCopyOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::TmaCopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tile::MemDescType dst = op.getDst().getType();
    auto layout = cast<tile::NvmmaSharedEncodingAttr>(dst.getEncoding());
    int64_t rows = dst.getShape()[0], cols = dst.getShape()[1];
    int64_t swizzle = layout.getSwizzle();
    int64_t boxCols =
        swizzle ? swizzle * 8 / dst.getElementTypeBitWidth() : cols;
    Value pred = leaderAnd(rewriter, loc, adaptor.getPred().front());
    Value map = adaptor.getMap().front();
    Value barrier = sharedAddress(rewriter, loc, adaptor.getBarrier().front());
    Value row = adaptor.getCoords()[0].front();
    Value col = adaptor.getCoords()[1].front();
    for (int64_t block = 0; block * boxCols < cols; ++block) {
      Value x = block ? arith::AddIOp::create(
                            rewriter, loc, col,
                            emitI32(rewriter, loc, block * boxCols))
                      : col;
      Value address = sharedAddress(rewriter, loc, adaptor.getDst().front(),
                                    block * rows * swizzle);
      emitInlineAsmVoid(
          rewriter, loc, {pred, address, map, x, row, barrier},
          "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
          "complete_tx::bytes [$1], [$2, {$3, $4}], [$5];",
          "b,r,l,r,r,r");
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// The mbarrier ops that one thread runs: `text` (PTX with the predicate
/// as $0 and the barrier's address as $1) under thread 0 and the op's
/// predicate, if any.
template <typename OpTy>
struct LeaderMBarrierOpLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OneToNOpAdaptor =
      typename OpConversionPattern<OpTy>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = leaderAnd(rewriter, loc, predicateOf(op, adaptor));
    Value address = sharedAddress(rewriter, loc, adaptor.getBarrier().front());
    emitInlineAsmVoid(rewriter, loc, {pred, address}, text(op), "b,r");
    rewriter.eraseOp(op);
    return success();
  }

private:
  static Value predicateOf(tile::MBarrierExpectOp, OneToNOpAdaptor adaptor) {
    return adaptor.getPred().front();
  }
  template <typename Other> static Value predicateOf(Other, OneToNOpAdaptor) {
    return Value();
  }
  // The fence makes the initialisation visible to the async proxy (the
  // TMA unit that completes transactions on it).
  static std::string text(tile::MBarrierInitOp op) {
    return "@$0 mbarrier.init.shared::cta.b64 [$1], " +
           std::to_string(op.getCount()) +
           ";\n\t@$0 fence.mbarrier_init.release.cluster;";
  }
  static std::string text(tile::MBarrierExpectOp op) {
    return "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], " +
           std::to_string(op.getBytes()) + ";";
  }
  static std::string text(tile::MBarrierInvalOp) {
    return "@$0 mbarrier.inval.shared::cta.b64 [$1];";
  }
};

struct MBarrierWaitOpLowering
    : public OpConversionPattern<tile::MBarrierWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::MBarrierWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address = sharedAddress(rewriter, loc, adaptor.getBarrier().front());
    // The label is local to the braces, so the loop may be repeated.
    emitInlineAsmVoid(rewriter, loc, {address, adaptor.getPhase().front()},
                      "{\n\t.reg .pred done;\n\twait_mbarrier:\n\t"
                      "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], "
                      "$1;\n\t@!done bra.uni wait_mbarrier;\n\t}",
                      "r,r");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::populateTmaPatterns(TileTypeConverter &converter,
                                RewritePatternSet &patterns) {
  patterns.add<TmaCopyOpLowering, LeaderMBarrierOpLowering<tile::MBarrierInitOp>,
               LeaderMBarrierOpLowering<tile::MBarrierInvalOp>,
               LeaderMBarrierOpLowering<tile::MBarrierExpectOp>,
               MBarrierWaitOpLowering>(converter, patterns.getContext());
}
