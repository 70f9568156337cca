//===- TileOps.td - tile dialect operations ---------------*- tablegen -*-===//
//
// Element-wise arithmetic on blocks uses arith/math on tensors; the ops here
// are what those dialects lack: program ids, index ranges, shape changes,
// pointer arithmetic, memory access, reductions and layout conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_OPS_TD
#define TILE_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "tile/IR/TileDialect.td"
include "tile/IR/TileTypes.td"
include "tile/IR/TileAttrs.td"

//===----------------------------------------------------------------------===//
// Program identity
//===----------------------------------------------------------------------===//

def Tile_ProgramIdOp : Tile_Op<"program_id", [Pure]> {
  let summary = "index of this program along a grid axis";
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def Tile_NumProgramsOp : Tile_Op<"num_programs", [Pure]> {
  let summary = "number of programs along a grid axis";
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Creating and reshaping blocks
//===----------------------------------------------------------------------===//

def Tile_MakeRangeOp : Tile_Op<"make_range", [Pure]> {
  let summary = "the block [start, end) of consecutive i32 values";
  let description = [{
    `tl.arange(start, end)`. `end - start` must be a power of two and equal
    the result's single dimension.
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "$start `,` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [Pure,
    TypesMatchWith<"element type of the result is the operand's type",
                   "result", "src",
                   "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "a block filled with one scalar";
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure]> {
  let summary = "insert a dimension of size one (`x[:, None]`)";
  let arguments = (ins Tile_Tensor:$src, I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure]> {
  let summary = "repeat a block along its dimensions of size one";
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_ConvertLayoutOp : Tile_Op<"convert_layout", [Pure]> {
  let summary = "move a block to another distribution over threads";
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def Tile_AddPtrOp : Tile_Op<"addptr", [Pure,
    AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance pointers by a number of elements";
  let arguments = (ins Tile_PtrLike:$ptr, Tile_IntLike:$offset);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasVerifier = 1;
}

def Tile_LoadOp : Tile_Op<"load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead]>,
    TypesMatchWith<"result holds what the pointers point to", "ptr", "result",
                   "::tile::getPointeeLike($_self)">,
    OptionalTypesMatchWith<"mask has the shape of the pointers", "ptr", "mask",
                   "::tile::getI1Like($_self)">,
    OptionalTypesMatchWith<"other has the type of the result", "ptr", "other",
                   "::tile::getPointeeLike($_self)">]> {
  let summary = "load a block (or a scalar) through pointers";
  let description = [{
    Lanes whose `mask` is false read nothing and yield `other` (undefined
    when `other` is absent). `cache` (one of `ca`, `cg`, `cs`, `lu`, `cv`)
    and `evict` are PTX cache hints (`tl.load`'s `cache_modifier` and
    `eviction_policy`); PTX takes one or the other, not both.
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Optional<Tile_BoolLike>:$mask,
                       Optional<Tile_Type>:$other,
                       OptionalAttr<Tile_CacheModifierAttr>:$cache,
                       OptionalAttr<Tile_EvictionPolicyAttr>:$evict);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $ptr (`mask` $mask^)? (`other` $other^)? (`cache` `=` $cache^)?
    (`evict` `=` $evict^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [MemoryEffects<[MemWrite]>,
    TypesMatchWith<"value holds what the pointers point to", "ptr", "value",
                   "::tile::getPointeeLike($_self)">,
    OptionalTypesMatchWith<"mask has the shape of the pointers", "ptr", "mask",
                   "::tile::getI1Like($_self)">]> {
  let summary = "store a block (or a scalar) through pointers";
  let description = [{
    Lanes whose `mask` is false write nothing. `cache` (one of `wb`, `cg`,
    `cs`, `wt`) and `evict` are PTX cache hints, as on `tile.load`.
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_Type:$value,
                       Optional<Tile_BoolLike>:$mask,
                       OptionalAttr<Tile_CacheModifierAttr>:$cache,
                       OptionalAttr<Tile_EvictionPolicyAttr>:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`mask` $mask^)? (`cache` `=` $cache^)?
    (`evict` `=` $evict^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

// Declared to write memory only so that it is not dead code: a prefetch has
// no result, and an op that only reads and has no result would be erased.
def Tile_PrefetchOp : Tile_Op<"prefetch", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "ask the L2 cache to fetch a byte range before it is loaded";
  let description = [{
    A hint with no effect on what any thread reads: one thread of the
    program asks for the 16-byte-aligned part of [`ptr`, `ptr` + `bytes`)
    to be brought into L2 (`cp.async.bulk.prefetch.L2`, sm_90). Nothing is
    fetched when `bytes` is zero or negative; every address in the range
    must be one the kernel could load.
  }];
  let arguments = (ins Tile_PtrType:$ptr, I32:$bytes);
  let assemblyFormat = "$ptr `,` $bytes attr-dict `:` qualified(type($ptr))";
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [Pure]> {
  let summary = "combine a block along one axis";
  let description = [{
    `tl.sum`, `tl.max` and `tl.min`. Reducing a rank-1 block gives a scalar;
    otherwise the result drops dimension `axis`, and its layout is the slice
    of the operand's layout along `axis`.
  }];
  let arguments = (ins Tile_Tensor:$src, I32Attr:$axis, Tile_ReduceKindAttr:$kind);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = "$kind $src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [Pure,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "block matrix product with an accumulator: acc + a @ b";
  let description = [{
    `tl.dot`. `a` is M x K and `b` K x N, both fp16, both bf16 or both fp32;
    `acc` and the result are M x N fp32. Products are summed in fp32 (IEEE
    fp32 multiplies for fp32 inputs, at least as precise as Triton's default
    tf32). The operands may have any layout; the result has `acc`'s.
  }];
  let arguments = (ins Tile_Tensor:$a, Tile_Tensor:$b, Tile_Tensor:$acc);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TILE_OPS_TD
