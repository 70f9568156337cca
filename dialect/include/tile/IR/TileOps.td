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

def Tile_ExternElementwiseOp : Tile_Op<"extern_elementwise", [Pure,
    Elementwise, SameOperandsAndResultShape]> {
  let summary = "an external function (libdevice's) applied element-wise";
  let description = [{
    Calls `symbol` on each element (or on the scalars). The lowering
    declares the function; tilec links libdevice for `__nv_*` symbols.
  }];
  let arguments = (ins Variadic<Tile_Type>:$srcs, StrAttr:$symbol);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $symbol `(` $srcs `)` attr-dict `:` functional-type($srcs, $result)
  }];
  let hasVerifier = 1;
}

def Tile_InlineAsmOp : Tile_Op<"inline_asm", [Elementwise,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "PTX inline assembly applied element-wise";
  let description = [{
    `tl.inline_asm_elementwise`: `asm` runs once per element with that
    element of each operand, under LLVM inline-assembly `constraints`
    (outputs first, e.g. "=r,r"). Several results give the assembly several
    outputs. Without `pure` it is assumed to have side effects and is never
    removed or reordered past memory operations. With `pack` = p > 1, one
    instance takes p consecutive elements of the thread: operands and
    results narrower than 32 bits travel min(32 / bits, p) to a register
    (a vector), wider ones one each, so the constraints list p / that many
    registers per operand and result.
  }];
  let arguments = (ins Variadic<Tile_Type>:$srcs, StrAttr:$asm_string,
                       StrAttr:$constraints, UnitAttr:$pure,
                       I32Attr:$pack);
  let results = (outs Variadic<Tile_Type>:$results);
  let assemblyFormat = [{
    $asm_string `,` $constraints `(` $srcs `)` attr-dict `:`
      functional-type($srcs, $results)
  }];
  let hasVerifier = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure]> {
  let summary = "insert a dimension of size one (`x[:, None]`)";
  let arguments = (ins Tile_Tensor:$src, I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_TransOp : Tile_Op<"trans", [Pure]> {
  let summary = "permute the dimensions of a block";
  let description = [{
    Result dimension i is operand dimension `order[i]` (tl.trans,
    tl.permute, `x.T`). On registers it moves nothing: the result's layout
    is the operand's with its dimensions permuted.
  }];
  let arguments = (ins Tile_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src `,` $order attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure]> {
  let summary = "the same elements in row-major order, another shape";
  let description = [{
    tl.reshape / tl.view: element i in row-major order stays element i.
    Its operand may have any layout; the lowering goes through scratch
    shared memory when the layouts do not line up.
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_JoinOp : Tile_Op<"join", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "two blocks side by side along a new last dimension of 2";
  let arguments = (ins Tile_Tensor:$lhs, Tile_Tensor:$rhs);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SplitOp : Tile_Op<"split", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "the two halves of a block's last dimension of 2";
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$lhs, Tile_Tensor:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let hasVerifier = 1;
}

def Tile_GatherOp : Tile_Op<"gather", [Pure]> {
  let summary = "elements of a block picked by an index block along an axis";
  let description = [{
    tl.gather (and tl.flip): result[i0, .., ik, ..] is
    src[i0, .., index[i0, .., ik, ..], ..] with the index along `axis`. The
    index has the source's rank and, except along `axis`, its shape; the
    result has the index's shape. An index outside the axis wraps around
    (Triton leaves it undefined). The source may have any layout: the
    lowering reads it back from scratch shared memory.
  }];
  let arguments = (ins Tile_Tensor:$src, RankedTensorOf<[Tile_Int]>:$index,
                       I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` type($src) `,` type($index) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SortOp : Tile_Op<"sort", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "sort a block along its last dimension (tl.sort)";
  let description = [{
    Triton's bitonic sorting network along the last dimension, ascending or
    (`descending`) descending. Its compare-exchange keeps an element unless
    it compares greater (`>`) than its partner on the wrong side, so NaN
    and -0.0/+0.0 end where Triton's network leaves them. The layout must
    give every coordinate bit of the last dimension to one register, lane
    or warp bit, as tile.scan's.
  }];
  let arguments = (ins Tile_Tensor:$src, UnitAttr:$descending);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src (`descending` $descending^)? attr-dict `:` type($src)";
  let hasVerifier = 1;
}

def Tile_HistogramOp : Tile_Op<"histogram", [Pure]> {
  let summary = "counts of a 1-d block's values in bins 0..n-1 (tl.histogram)";
  let description = [{
    Result element b (i32) counts the elements of `src` equal to b; values
    outside [0, n), n the result's size, are not counted (Triton leaves
    them undefined; its mask is folded in as such values). The source may
    have any layout: the lowering counts into scratch shared memory with
    atomic adds.
  }];
  let arguments = (ins RankedTensorOf<[Tile_Int]>:$src);
  let results = (outs RankedTensorOf<[I32]>:$result);
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

def Tile_PtrCastOp : Tile_Op<"ptr_cast", [Pure, Elementwise]> {
  let summary = "reinterpret pointers as other pointers or as 64-bit integers";
  let description = [{
    Elementwise: a pointer as a pointer to another element type (the same
    address), a pointer as its address in an `i64`, or an `i64` address as
    a pointer (Triton's `x.to(tl.pointer_type(...))` and `ptr.to(tl.int64)`).
    Operand and result have the same shape and layout.
  }];
  let arguments = (ins Tile_Type:$src);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `to` type($result)";
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

    A load through a tensor descriptor parameter also names the block as
    `tma %map[coords]` (coordinates outermost first): the same elements,
    which `tile-pipeline` may copy with TMA instead. Every other pass may
    drop it; the pointers, mask and `other` always say what is loaded.
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Optional<Tile_BoolLike>:$mask,
                       Optional<Tile_Type>:$other,
                       Optional<Tile_TensorMapType>:$tmaMap,
                       Variadic<I32>:$tmaCoords,
                       OptionalAttr<Tile_CacheModifierAttr>:$cache,
                       OptionalAttr<Tile_EvictionPolicyAttr>:$evict);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $ptr (`mask` $mask^)? (`other` $other^)?
    (`tma` $tmaMap^ `[` $tmaCoords `]`)? (`cache` `=` $cache^)?
    (`evict` `=` $evict^)? attr-dict `:` type($ptr)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$ptr,
                   "::mlir::Value":$mask, "::mlir::Value":$other,
                   "::tile::CacheModifierAttr":$cache,
                   "::tile::EvictionPolicyAttr":$evict), [{
      build($_builder, $_state, result, ptr, mask, other, ::mlir::Value(),
            ::mlir::ValueRange(), cache, evict);
    }]>
  ];
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

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
    MemoryEffects<[MemRead, MemWrite]>,
    TypesMatchWith<"value holds what the pointers point to", "ptr", "value",
                   "::tile::getPointeeLike($_self)">,
    TypesMatchWith<"result holds what the pointers point to", "ptr", "result",
                   "::tile::getPointeeLike($_self)">,
    OptionalTypesMatchWith<"mask has the shape of the pointers", "ptr", "mask",
                   "::tile::getI1Like($_self)">]> {
  let summary = "atomic read-modify-write through pointers";
  let description = [{
    For every lane whose `mask` is true, atomically replaces `*ptr` with
    `kind(*ptr, value)` and yields the old `*ptr` (undefined for masked-off
    lanes). Each element is one atomic, done once however many threads hold
    it; a scalar is done by one thread and its result given to all.
    Integers (32 and 64 bits) take every kind; f32 and f64 take `add`,
    `max`, `min` and `xchg`; f16 and bf16 take `add`.
  }];
  let arguments = (ins Tile_AtomicKindAttr:$kind, Tile_PtrLike:$ptr,
                       Tile_Type:$value, Optional<Tile_BoolLike>:$mask,
                       Tile_MemSemanticAttr:$sem, Tile_MemScopeAttr:$scope);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $kind `,` $ptr `,` $value (`mask` $mask^)? `sem` `=` $sem `scope` `=`
    $scope attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
    MemoryEffects<[MemRead, MemWrite]>,
    TypesMatchWith<"cmp holds what the pointers point to", "ptr", "cmp",
                   "::tile::getPointeeLike($_self)">,
    TypesMatchWith<"value holds what the pointers point to", "ptr", "value",
                   "::tile::getPointeeLike($_self)">,
    TypesMatchWith<"result holds what the pointers point to", "ptr", "result",
                   "::tile::getPointeeLike($_self)">]> {
  let summary = "atomic compare-and-swap through pointers";
  let description = [{
    For every element, atomically stores `value` to `*ptr` if `*ptr` equals
    `cmp` (bitwise) and yields the old `*ptr`. Done once per element, as
    `tile.atomic_rmw`. 16-, 32- and 64-bit elements.
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_Type:$cmp, Tile_Type:$value,
                       Tile_MemSemanticAttr:$sem, Tile_MemScopeAttr:$scope);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $ptr `,` $cmp `,` $value `sem` `=` $sem `scope` `=` $scope attr-dict `:`
    type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "print values with vprintf (tl.device_print)";
  let description = [{
    Each element of the block operands (one shape) is printed once, by a
    thread holding it, with the program id and its index; scalars are
    printed by one thread of the program. `unsigned_args`, one entry per
    operand, prints integers as unsigned.
  }];
  let arguments = (ins StrAttr:$prefix, UnitAttr:$hex,
                       Variadic<Tile_Type>:$args,
                       OptionalAttr<DenseBoolArrayAttr>:$unsigned_args);
  let assemblyFormat = [{
    $prefix (`hex` $hex^)? ($args^ `:` type($args))? attr-dict
  }];
  let hasVerifier = 1;
}

def Tile_AssertOp : Tile_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "stop the kernel where a condition is false (tl.device_assert)";
  let description = [{
    A thread holding an element of `cond` that is false calls CUDA's
    `__assertfail` with `message` and the op's file, line and function: the
    kernel traps and the launch fails with CUDA_ERROR_ASSERT. The frontend
    emits it only under --debug, as Triton does under TRITON_DEBUG.
  }];
  let arguments = (ins Tile_BoolLike:$cond, StrAttr:$message);
  let assemblyFormat = "$cond `,` $message attr-dict `:` type($cond)";
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
// Shared memory
//===----------------------------------------------------------------------===//

def Tile_LocalAllocOp : Tile_Op<"local_alloc", [
    MemoryEffects<[MemAlloc<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "a shared-memory buffer, optionally filled from registers";
  let description = [{
    Allocates a buffer of the result's type in the program's shared memory
    and, with `src`, stores the tensor into it (each thread writes the
    elements it holds, as wide as the two layouts allow). The buffer lives
    until its last use; `tile-allocate-shared` gives it its byte offset
    (`offset`) and `tile-insert-barriers` orders its accesses.
  }];
  let arguments = (ins Optional<Tile_Tensor>:$src,
                       OptionalAttr<I64Attr>:$offset);
  let results = (outs Tile_MemDescType:$result);
  let assemblyFormat = [{
    ($src^ `:` type($src))? attr-dict `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_LocalStoreOp : Tile_Op<"local_store", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "store a register tensor into a shared-memory buffer";
  let arguments = (ins Tile_Tensor:$src, Tile_MemDescType:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def Tile_LocalLoadOp : Tile_Op<"local_load", [
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "load a shared-memory buffer into registers";
  let description = [{
    Each thread reads the elements the result's layout gives it. Into a
    `#tile.dot_operand` layout of 16-bit elements the read is one `ldmatrix`
    per 8x8 block pair where the buffer's layout allows.
  }];
  let arguments = (ins Tile_MemDescType:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_MemDescSubviewOp : Tile_Op<"memdesc_subview", [Pure]> {
  let summary = "one buffer of a stack of buffers";
  let description = [{
    Buffer `index` along the leading dimension of `src` (stage `index` of a
    multi-buffered tile): the result drops that dimension.
  }];
  let arguments = (ins Tile_MemDescType:$src, I32:$index);
  let results = (outs Tile_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_MemDescTransOp : Tile_Op<"memdesc_trans", [Pure]> {
  let summary = "a buffer seen with its two dimensions swapped";
  let description = [{
    The same bytes as `src`, indexed [j, i] where `src` is indexed [i, j]:
    a `#tile.nvmma_shared` layout with `transposed` flipped. A block that
    `tl.trans` or `.T` turns into a wgmma factor is stored as it was loaded
    (so that a TMA or cp.async copy can fill its buffer) and read through
    this view; wgmma takes either orientation of a 16-bit factor.
  }];
  let arguments = (ins Tile_MemDescType:$src);
  let results = (outs Tile_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_AsyncCopyOp : Tile_Op<"async_copy", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
    OptionalTypesMatchWith<"mask has the shape of the pointers", "ptr", "mask",
                   "::tile::getI1Like($_self)">]> {
  let summary = "start copying a block from global to shared memory";
  let description = [{
    Each thread starts copying the elements its pointers address into their
    places in `dst` (`cp.async`, 4, 8 or 16 bytes at a time, as the two
    layouts allow); elements whose `mask` is false are filled with zeros.
    The copy completes at a `tile.async_wait` that waits for the group it
    was committed in, and is visible to other threads after a barrier
    following that wait.
  }];
  let arguments = (ins Tile_PtrTensor:$ptr, Tile_MemDescType:$dst,
                       Optional<Tile_BoolTensor>:$mask);
  let results = (outs Tile_AsyncTokenType:$token);
  let assemblyFormat = [{
    $ptr `,` $dst (`mask` $mask^)? attr-dict `:` type($ptr) `->`
    qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def Tile_AsyncCommitGroupOp : Tile_Op<"async_commit_group", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "close the group of asynchronous copies started so far";
  let arguments = (ins Variadic<Tile_AsyncTokenType>:$tokens);
  let results = (outs Tile_AsyncTokenType:$token);
  let assemblyFormat = "$tokens attr-dict";
}

def Tile_AsyncWaitOp : Tile_Op<"async_wait", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until at most `num` groups of copies are in flight";
  let description = [{
    `cp.async.wait_group num`: the thread's copies of all but its `num`
    most recently committed groups have completed.
  }];
  let arguments = (ins Variadic<Tile_AsyncTokenType>:$tokens,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$num);
  let results = (outs Tile_AsyncTokenType:$token);
  let assemblyFormat = "$tokens attr-dict";
}

// Declared to read and write memory so that nothing moves across it.
def Tile_BarrierOp : Tile_Op<"barrier", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until every thread of the program arrives";
  let description = [{
    `bar.sync 0`: shared-memory writes before it are visible to every
    thread's reads after it. `tile-insert-barriers` places them.
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def Tile_ScanOp : Tile_Op<"scan", [Pure,
    AllTypesMatch<["src", "result"]>]> {
  let summary = "inclusive prefix combination along an axis";
  let description = [{
    Element i along `axis` becomes src[0] op ... op src[i] (with `reverse`,
    src[i] op ... op src[n-1]); tl.cumsum and tl.cumprod. Its layout must
    give every coordinate bit of the axis to one register, lane or warp bit
    (blocked layouts do).
  }];
  let arguments = (ins Tile_Tensor:$src, Tile_ScanKindAttr:$kind,
                       I32Attr:$axis, UnitAttr:$reverse);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$kind $src attr-dict `:` type($src)";
  let hasVerifier = 1;
}

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

// Reductions and scans with a combine region: tl.reduce and
// tl.associative_scan with a @triton.jit combine_fn, and tl.xor_sum. The
// fixed-kind ops above stay for the common combiners; these carry several
// operands together (a value and its index, say).

def Tile_CombineReduceOp : Tile_Op<"combine_reduce", [Pure,
    SingleBlockImplicitTerminator<"CombineReturnOp">]> {
  let summary = "combine blocks along one axis with a combine region";
  let description = [{
    The k operands share one shape and layout. The region takes 2k scalars,
    (a_0, ..., a_k-1, b_0, ..., b_k-1) of the operands' element types, and
    returns the k combined values with `tile.combine_return`; it must be
    associative and commutative (the combination order across threads is
    free, as in Triton). Each result drops dimension `axis` of its operand
    (a scalar for rank 1) and has the slice of the operand layout.
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Tile_Type>:$result);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat =
      "$srcs attr-dict `:` type($srcs) `->` type($result) $combiner";
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_CombineScanOp : Tile_Op<"combine_scan", [Pure,
    SingleBlockImplicitTerminator<"CombineReturnOp">]> {
  let summary = "inclusive prefix combination with a combine region";
  let description = [{
    Element i of each result along `axis` is the combination of elements 0
    to i (with `reverse`, i to n-1) of the operands, in order: the region
    (as for `tile.combine_reduce`) must be associative, not commutative. The
    results have the operands' types; the layout rules are tile.scan's.
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<Tile_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat =
      "$srcs attr-dict `:` type($srcs) `->` type($result) $combiner";
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_CombineReturnOp : Tile_Op<"combine_return", [Pure, Terminator,
    ParentOneOf<["CombineReduceOp", "CombineScanOp"]>]> {
  let summary = "the combined values of a combine region";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def Tile_MapElementwiseOp : Tile_Op<"map_elementwise", [Elementwise,
    RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"MapReturnOp">]> {
  let summary = "a scalar region applied to every element";
  let description = [{
    `tl.map_elementwise(scalar_fn, *args, pack=p)`: the operands share one
    shape (and layout); the region takes p scalars of each operand's
    element type, operand by operand (x0..x(p-1), y0..y(p-1)), and returns
    p scalars of each result's element type, result by result, with
    `tile.map_return`. It runs once per p consecutive elements of a thread
    (the last run padded with poison), in the thread that holds them, so
    it may branch on an element (`scf.if`) where `arith.select` would
    compute both sides. The results have the operands' shape and layout.
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs,
                       DefaultValuedAttr<I32Attr, "1">:$pack);
  let results = (outs Variadic<Tile_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat =
      "$srcs attr-dict `:` functional-type($srcs, $results) $body";
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_MapReturnOp : Tile_Op<"map_return", [Pure, Terminator,
    HasParent<"MapElementwiseOp">]> {
  let summary = "the values of one element in a tile.map_elementwise region";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [Pure,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "block matrix product with an accumulator: acc + a @ b";
  let description = [{
    `tl.dot`. `a` is M x K and `b` K x N, both fp16, both bf16 or both fp32;
    `acc` and the result are M x N fp32. Products are summed in fp32. fp32
    factors are multiplied in tf32 on the tensor cores (`precision = tf32`,
    Triton's default) or exactly (`ieee`, and `tf32x3`, which needs no less). The result has `acc`'s layout. With a `#tile.mma` accumulator the
    factors are in the matching `#tile.dot_operand` layouts and the product
    runs on the tensor cores; otherwise they may have any layout.
  }];
  let arguments = (ins Tile_Tensor:$a, Tile_Tensor:$b, Tile_Tensor:$acc,
                       DefaultValuedAttr<Tile_InputPrecisionAttr,
                                         "::tile::InputPrecision::TF32">:$precision);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc (`precision` `=` $precision^)? attr-dict `:` type($a)
    `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tile_WarpGroupDotOp : Tile_Op<"warpgroup_dot", [
    MemoryEffects<[MemRead<DefaultResource>]>,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "acc + a @ b on Hopper's tensor cores, factors in shared memory";
  let description = [{
    `wgmma.mma_async` (sm_90a): each warpgroup multiplies its 64-row slices
    of `a` (M x K) and `b` (K x N), read straight from their buffers
    (`#tile.nvmma_shared`, as the matrix descriptors name them), into the
    fp32 accumulator in the `#tile.wgmma` layout. With a transposed
    accumulator layout the instruction computes the product's transpose:
    `b` is then a register tensor (`#tile.dot_operand<opIdx = 1>` of that
    layout), read as wgmma's register operand, and each warpgroup takes its
    own slice of N against all of `a`. A 16-bit `a` may instead be a
    register tensor in `#tile.dot_operand<opIdx = 0>` of the (untransposed)
    accumulator layout, read as wgmma's register operand: a product of a
    block computed in registers, such as attention's probabilities, then
    skips shared memory. When the op ends, at most
    `pendings` groups of products are still running (`wgmma.wait_group`):
    with 0 its buffers may be overwritten after a barrier that follows it;
    with 1 (set by tile-pipeline for a loop's accumulation) the previous
    product is complete, this one runs on, and the accumulator must not be
    read except by the next product until a `tile.warpgroup_dot_wait`.
  }];
  let arguments = (ins AnyTypeOf<[Tile_MemDescType, Tile_FloatTensor]>:$a,
                       AnyTypeOf<[Tile_MemDescType, Tile_FloatTensor]>:$b,
                       Tile_FloatTensor:$acc,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntMinValue<0>]>,
                                         "0">:$pendings);
  let results = (outs Tile_FloatTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` qualified(type($a)) `,`
    qualified(type($b)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_WarpGroupDotWaitOp : Tile_Op<"warpgroup_dot_wait", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "wait for the products still writing an accumulator";
  let description = [{
    `wgmma.wait_group pendings`: the accumulator of earlier
    `tile.warpgroup_dot`s with pending products, usable once at most
    `pendings` groups are still running.
  }];
  let arguments = (ins Tile_FloatTensor:$acc,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let results = (outs Tile_FloatTensor:$result);
  let assemblyFormat = "$acc attr-dict `:` type($acc)";
}

def Tile_FenceAsyncSharedOp : Tile_Op<"fence_async_shared", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "order this thread's shared-memory writes before async reads";
  let description = [{
    `fence.proxy.async.shared::cta`: writes to shared memory by ordinary
    stores and `cp.async` become visible to the async proxy (`wgmma`, TMA)
    once a barrier follows. `tile-insert-barriers` places it.
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// TMA copies and the mbarriers they complete
//===----------------------------------------------------------------------===//

def Tile_TmaCopyOp : Tile_Op<"tma_copy", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start a TMA copy of a descriptor's block into shared memory";
  let description = [{
    When `pred` holds, one thread of the program starts
    `cp.async.bulk.tensor` copies of the block of `map` at `coords`
    (outermost first) into `dst`, in as many boxes as `dst`'s swizzle needs
    (a box row spans at most the swizzle's width); elements outside the
    tensor are filled as the tensor map says (zero or NaN). The copies count
    their bytes against the transaction count of `barrier` (a 1x1 buffer of
    one i64), on which a
    `tile.mbarrier_expect` of the same bytes was made.
  }];
  let arguments = (ins Tile_TensorMapType:$map, Variadic<I32>:$coords,
                       Tile_MemDescType:$dst, Tile_MemDescType:$barrier,
                       I1:$pred);
  let assemblyFormat = [{
    $map `[` $coords `]` `,` $dst `,` $barrier `,` $pred attr-dict `:`
    qualified(type($dst)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def Tile_MBarrierInitOp : Tile_Op<"mbarrier_init", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "initialise an mbarrier for `count` arrivals";
  let description = [{
    One thread runs `mbarrier.init.shared.b64` and then
    `fence.mbarrier_init`; a `tile.barrier` must follow before any thread
    uses the mbarrier.
  }];
  let arguments = (ins Tile_MemDescType:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$count);
  let assemblyFormat = [{
    $barrier `,` $count attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def Tile_MBarrierInvalOp : Tile_Op<"mbarrier_inval", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "invalidate an mbarrier before its bytes are reused";
  let description = [{
    One thread runs `mbarrier.inval.shared.b64`, after a `tile.barrier`
    that follows every thread's last wait on it.
  }];
  let arguments = (ins Tile_MemDescType:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def Tile_MBarrierExpectOp : Tile_Op<"mbarrier_expect", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "arrive on an mbarrier, expecting `bytes` of TMA copies";
  let description = [{
    When `pred` holds, one thread runs `mbarrier.arrive.expect_tx`: the
    barrier's current phase completes once the copies that name it have
    written `bytes` bytes.
  }];
  let arguments = (ins Tile_MemDescType:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$bytes,
                       I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $bytes `,` $pred attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def Tile_MBarrierWaitOp : Tile_Op<"mbarrier_wait", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait for an mbarrier's phase of parity `phase` to complete";
  let description = [{
    Every thread spins on `mbarrier.try_wait.parity` until the phase whose
    parity is `phase` (0 or 1) has completed; the copies that completed it
    are then visible to the thread.
  }];
  let arguments = (ins Tile_MemDescType:$barrier, I32:$phase);
  let assemblyFormat = [{
    $barrier `,` $phase attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

#endif // TILE_OPS_TD
