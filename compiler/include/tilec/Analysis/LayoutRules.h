//===- LayoutRules.h - how ops tie their tensors' layouts -------*- C++ -*-===//
//
// Each op with tensor operands or results has one layout of its own from
// which the layouts of all its tensors follow:
//
//   Same        every tensor operand and result has the op's layout
//               (arith/math, select, addptr, load, store, splat, make_range,
//               constants, broadcast);
//   ExpandDims  the result has the op's layout, the operand its slice along
//               the new axis;
//   Reduce      the operand has the op's layout, a tensor result its slice
//               along the reduced axis;
//   Trans       the result has the op's layout, the operand the same layout
//               with its dimensions permuted back (blocked layouts only);
//   Dot         the accumulator and the result have the op's layout; with
//               an mma layout the factors have its dot operand layouts,
//               with any other (the FMA path) they keep their own;
//   Free        the results have the op's layout, the operands any (they go
//               through shared memory: reshape, join, split, histogram);
//   Gather      the result and the index have the op's layout, the source
//               any (it goes through shared memory).
//
// Layout propagation and rematerialisation are written against these
// functions only, so a new op (tl.dot) or encoding (MMA) is one more case
// here.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_ANALYSIS_LAYOUTRULES_H
#define TILEC_ANALYSIS_LAYOUTRULES_H

#include "tile/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace tilec {

enum class LayoutRule {
  None,       ///< no tensor operands or results
  Same,       ///< all tensors share the op's layout
  ExpandDims, ///< the result has the op's layout, the operand its slice
  Reduce,     ///< the operand has the op's layout, the result its slice
  Dot,        ///< acc and result have the op's layout, a and b any
  Trans,      ///< the result has the op's layout, the operand it permuted
              ///< back
  Regroup,    ///< results have the op's layout, operands the layout that
              ///< holds the same elements in the same registers (reshape,
              ///< join, split)
  Free,       ///< results have the op's layout, operands any (their values
              ///< go through shared memory: histogram)
  Gather,     ///< result and index have the op's layout, the source any
  Unknown,    ///< tensors, but no rule: the op cannot be laid out
};

LayoutRule getLayoutRule(mlir::Operation *op);

/// The layout factor `index` (0 or 1) of `op` needs when the product has
/// layout `opLayout`: the dot operand layout of an mma layout, null (any
/// layout) otherwise.
mlir::Attribute getDotOperandLayout(tile::DotOp op, unsigned index,
                                    mlir::Attribute opLayout);

/// The tensor type whose shape the op's own layout describes (the operand
/// for Reduce, the result for ExpandDims, the first tensor otherwise).
mlir::RankedTensorType getOpLayoutType(mlir::Operation *op);

/// Layout of operand / result `index` when the op's layout is `opLayout`;
/// null for non-tensors or when no layout fits (e.g. a slice of a layout
/// that cannot be sliced).
mlir::Attribute getOperandLayout(mlir::Operation *op, unsigned index,
                                 mlir::Attribute opLayout);

/// Whether a tile.reshape, tile.join or tile.split moves nothing between
/// threads: its operands have the layouts its result's layout asks for
/// (Regroup), up to the order of each thread's registers, so each thread
/// only renumbers the values it holds; otherwise they go through scratch
/// shared memory.
bool isRegroupInRegisters(mlir::Operation *op);
mlir::Attribute getResultLayout(mlir::Operation *op, unsigned index,
                                mlir::Attribute opLayout);

/// The op layout under which operand / result `index` has `layout`, or null
/// when there is none. The returned layout is valid for every tensor of the
/// op.
mlir::Attribute inferOpLayoutFromOperand(mlir::Operation *op, unsigned index,
                                         mlir::Attribute layout);
mlir::Attribute inferOpLayoutFromResult(mlir::Operation *op, unsigned index,
                                        mlir::Attribute layout);

} // namespace tilec

#endif // TILEC_ANALYSIS_LAYOUTRULES_H
