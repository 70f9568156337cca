//===- Passes.td - tilec transformation passes ------------*- tablegen -*-===//

#ifndef TILEC_TRANSFORMS_PASSES_TD
#define TILEC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileAssignLayouts : Pass<"tile-assign-layouts", "mlir::ModuleOp"> {
  let summary = "give every tensor a layout, coalescing memory accesses";
  let description = [{
    Gives each `tile.load`/`tile.store` on tensors the blocked layout that
    coalesces it (vector width from the axis analysis, fastest dimension the
    most contiguous one, `tile.num_warps` warps, default 4), then spreads
    layouts through the function: elementwise ops share one layout,
    `tile.expand_dims` takes the slice of its result's layout, `tile.reduce`
    gives the slice of its operand's, and loop-carried values keep one
    layout around `scf.for`/`scf.if`. Memory ops are anchors, widest vector
    first (then most elements, then stores of the widest element type, so
    that a narrower type's layout never makes a store write half sectors);
    a memory op joins a neighbour's blocked layout with the same
    fastest dimension, and otherwise keeps its own. What no memory op
    reaches gets a default layout. Where a value is needed in a layout other
    than its own, cheap producers (ranges, splats, constants and integer
    arithmetic on them) are recomputed in that layout; anything else goes
    through `tile.convert_layout`.
  }];
  let options = [
    Option<"rematerialize", "rematerialize", "bool", /*default=*/"true",
           "recompute cheap values in the layout a user needs instead of "
           "converting them">,
    Option<"wgmma", "wgmma", "bool", /*default=*/"true",
           "on sm_90a (module attribute tile.target), give fp16/bf16 "
           "products of whole warpgroups the wgmma layout">,
    Option<"transposedTf32", "transposed-tf32", "bool", /*default=*/"true",
           "on sm_90a, compute tf32 products of a row-major A and B as "
           "D^T = B^T A^T (the transposed wgmma layout, B from registers)">,
  ];
  let dependentDialects = ["tile::TileDialect"];
}

def TileRemoveLayoutConversions
    : Pass<"tile-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "recompute cheap values instead of converting their layout";
  let description = [{
    Removes `tile.convert_layout` ops whose operand has the target layout
    already, and those whose operand is computed by a short chain of cheap,
    side-effect-free ops (`tile.make_range`, `tile.splat`, `arith.constant`,
    `tile.broadcast`, `tile.expand_dims`, `tile.addptr` and arith ops) by
    recomputing that chain directly in the target layout; then moves a
    narrowing cast (`arith.truncf`, `arith.trunci`) that is a conversion's
    only user before it, so the narrow values are converted.
    (tile-assign-layouts does both after it assigns layouts.)
  }];
  let dependentDialects = ["tile::TileDialect"];
}

def TileUnrollLoops : Pass<"tile-unroll-loops", "mlir::ModuleOp"> {
  let summary = "unroll innermost loops that load blocks";
  let description = [{
    A loop such as row-sum's `for start in range(0, N, BLOCK)` issues its
    loads and then waits for them before the next iteration can issue more,
    so each thread has one iteration's loads in flight. Unrolling the
    innermost `scf.for` loops that contain a `tile.load` by `factor` puts the
    loads of `factor` iterations in flight together; a remainder loop takes
    the iterations left over when the trip count (often a runtime value) is
    not a multiple of `factor`.
  }];
  let options = [
    Option<"factor", "factor", "unsigned", /*default=*/"2",
           "how many iterations each unrolled iteration runs (1: none)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TileMarkStreamingLoads
    : Pass<"tile-mark-streaming-loads", "mlir::ModuleOp"> {
  let summary = "mark loads of data read once and only reduced as last-use";
  let description = [{
    Gives `cache = lu` (PTX `ld.global.lu`, "last use") to each block load
    without cache hints of its own whose data
    - reaches no store, load or return except through a `tile.reduce`
      (row-sum: the block goes into an accumulator, then `tl.sum`);
    - comes from a pointer argument no other load or store of the kernel
      uses (the kernel reads those bytes once; a second pass over the same
      rows, as in a two-pass layer norm, would want them kept in cache);
    - comes from addresses that depend on `tl.program_id` (each program
      reads its own bytes; a block every program loads stays cached).
    Such a kernel streams its input and writes next to nothing, and telling
    the caches so made the lecture's row-sum 0.5-3% faster on the H200,
    while the same hint on loads whose data is stored again (softmax) made
    them 2-4% slower (docs/performance.md). The hint changes where lines
    are cached, never what a thread reads.
  }];
  let dependentDialects = ["tile::TileDialect"];
}

def TilePrefetchNextPrograms
    : Pass<"tile-prefetch-next-programs", "mlir::ModuleOp"> {
  let summary = "prefetch into L2 the row a later program will load";
  let description = [{
    A program of softmax loads one row and waits for it; with one short row
    per program, the memory system sees few requests at a time. This pass
    has each program also ask L2 (`tile.prefetch`, a bulk prefetch issued
    by one thread) for the bytes that program `pid + D` will load, so that
    they are on their way when that program starts. D is `distance-bytes`
    divided by the bytes of one block (2 MiB / 4 KiB = 512 programs ahead
    for a 1024-float row), and at least `min-programs`: big blocks leave
    few programs resident per SM, and on the H200 softmax over 16384-float
    rows ran faster 64 programs ahead than 32. Programs run roughly in order
    of their id, so program `pid + D` starts shortly after.

    Applies to rank-1 block loads outside loops, without cache hints, whose
    pointers are `base + s + arange(a, b)` with a scalar `base` and `s`
    (computed from `tl.program_id` and the arguments by scalar arithmetic),
    and whose mask is absent or `t + arange(a, b) < n`: then program
    `pid + D` loads elements [0, min(b - a, n - t - a)) of that range, and
    the pass recomputes those scalars for `pid + D` (nothing is fetched past
    the last program). Loads whose data is only reduced (row-sum) are left
    alone: prefetching made them slower on the H200 (docs/performance.md).
    So are kernels doing more than `max-arith-per-load` block arith/math
    ops per block they load (Philox-based dropout): they wait on their
    arithmetic, not their loads, and ran slower with the prefetch.
  }];
  let options = [
    Option<"distanceBytes", "distance-bytes", "unsigned",
           /*default=*/"2097152",
           "how far ahead to prefetch, in bytes of blocks (0: off)">,
    Option<"minPrograms", "min-programs", "unsigned", /*default=*/"64",
           "prefetch at least this many programs ahead">,
    Option<"maxArithPerLoad", "max-arith-per-load", "unsigned",
           /*default=*/"64",
           "skip kernels with more block arith/math ops than this per "
           "block load (compute-bound; 0: never skip)">,
  ];
  let dependentDialects = ["tile::TileDialect",
                           "mlir::arith::ArithDialect"];
}

def TileDotOperandsToShared
    : Pass<"tile-dot-operands-to-shared", "mlir::ModuleOp"> {
  let summary = "move tensor-core factors into registers through shared memory";
  let description = [{
    A factor of a tensor-core `tile.dot` arrives in the layout that
    coalesced its load and must be in a `#tile.dot_operand` layout. This
    pass replaces each such `tile.convert_layout` with a `tile.local_alloc`
    of the tensor into a `#tile.swizzled_shared` buffer and a
    `tile.local_load` from it: the buffer keeps the source layout's
    contiguous dimension (so the stores are as wide as the loads were:
    16 bytes), and its XOR swizzle puts the eight 16-byte rows that one
    `ldmatrix` reads in distinct banks. A product with a `#tile.wgmma`
    accumulator instead gets both factors in `#tile.nvmma_shared` buffers
    (PTX's canonical swizzle, as wide as the rows) and becomes a
    `tile.warpgroup_dot` of the buffers, with three exceptions: a 16-bit A
    that its registers already hold as wgmma's register operand wants (a
    product's accumulator rounded to 16 bits, as attention's P) stays in
    registers (a `tile.convert_layout` that only renumbers them); a factor
    `tile.trans(x)` is stored as x and read through `tile.memdesc_trans`,
    so that x's load can become an asynchronous copy; and a factor that a
    loop around the product does not change is stored once, before the
    outermost such loop.
  }];
  let dependentDialects = ["tile::TileDialect"];
}

def TilePipeline : Pass<"tile-pipeline", "mlir::ModuleOp"> {
  let summary = "overlap the loads of later iterations with this one's work";
  let description = [{
    For each `scf.for` (i32 induction variable) in which a block load goes
    only into a `tile.local_alloc` read by `tile.local_load` (the factors of
    a tensor-core `tile.dot`, after `tile-dot-operands-to-shared`): the
    buffer becomes a stack of `num-stages` buffers allocated before the
    loop; a prologue starts the copies (`tile.async_copy`, `cp.async`) of
    iterations 0 .. S-2 into stages 0 .. S-2; each iteration waits for its
    own stage (`tile.async_wait {num = S-2}`), reads it, starts the copies
    of iteration i + S - 1 into the stage read in iteration i - 1, and
    computes. Copies past the last iteration are masked off. The ops that
    compute the loads' pointers and masks must be pure and use only the
    induction variable, loop invariants and loop-carried values: the loop
    carries those S - 1 iterations ahead, and carries a second copy of one
    that this iteration also needs (a row offset that a mask uses too;
    a loop that stores to global memory is left alone then). The load's
    `other` must be absent or zero (masked copies fill zeros) and each
    thread's accesses at least 4 bytes wide. A load may fill several
    buffers of one type (a block that feeds two products, one through a
    `tile.memdesc_trans` view): they become one stack. Other loads whose
    blocks reach a product of the loop (attention's row statistics) go
    ahead too, unless the loop stores to global memory: each gets a plain
    buffer of its own, read back in the layout each use wants (a layout
    conversion of it becomes the read). With TMA
    copies and several warpgroups, a barrier precedes each iteration's
    copies, which overwrite the stage every warpgroup read one iteration
    before (the mbarrier waits order only the copies' own writes).
    A loop with a `tile.num_stages` attribute (`tl.range(...,
    num_stages=N)`) takes its own depth instead of `num-stages`.
    Loops that do not have this shape are left alone. `num-stages` 1 leaves
    loops without the attribute alone; Triton's meaning and default (3).
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"3",
           "K tiles in flight: buffers per pipelined load (1: off)">,
  ];
  let dependentDialects = ["tile::TileDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TileAllocateShared : Pass<"tile-allocate-shared", "mlir::ModuleOp"> {
  let summary = "give every shared-memory buffer and scratch area its offset";
  let description = [{
    Each `tile.local_alloc` gets a byte offset (`offset`) for its buffer,
    and each op whose lowering needs scratch space (a reduction across
    warps, a layout conversion, an FMA `tile.dot`) gets
    `tile.scratch_offset`. A buffer is live from its allocation to its last
    use (a use inside a loop keeps it live for the whole loop); scratch is
    live during its op (`tile-insert-barriers` sees the op read and write
    all of it, and puts a barrier before whatever uses those bytes next).
    Regions whose lives do not overlap may share bytes: first fit in
    program order, 16-byte aligned (1024 for buffers in an NVIDIA swizzle
    mode). Two scratch areas share bytes only when keeping every scratch
    area apart would pass the target's shared memory for one program
    (sharing costs a barrier between their ops); then a scratch area takes
    bytes no other scratch area used when those fit within the total that
    first fit needs anyway. The module's `tile.shared_bytes` is the total, which
    the manifest reports and the launch requests.
  }];
  let options = [
    Option<"maxSharedBytes", "max-shared-bytes", "uint64_t", /*default=*/"0",
           "the shared memory one program may have, past which scratch "
           "areas share bytes (0: the target's)">,
  ];
  let dependentDialects = ["tile::TileDialect"];
}

def TileInsertBarriers : Pass<"tile-insert-barriers", "mlir::ModuleOp"> {
  let summary = "order shared-memory accesses of different threads";
  let description = [{
    After `tile-allocate-shared`: walks each function in program order
    keeping the byte ranges written and read since the last barrier, and
    puts a `tile.barrier` before an access that reads what was written
    (RAW) or writes what was read or written (WAR, WAW), including across
    loop iterations (a loop body is walked twice, the second time starting
    from what the first left pending) and out of `scf.if` branches. Scratch
    users (reductions, conversions, FMA products) access their whole range.
    In functions with `tile.warpgroup_dot`, a barrier (placed or already
    there) after stores from registers to shared memory gets a
    `tile.fence_async_shared` before it, since wgmma reads through the
    async proxy; copies by `tile.async_copy` need none. A scalar atomic
    that releases is lowered after a barrier of its own (every thread's
    writes are released with the one thread's atomic), which counts as one
    here; when no thread but thread 0 may have written global memory since
    the last barrier (stores, block atomics and unknown writing ops count)
    it needs none, and is marked `tile.no_release_barrier`.
  }];
  let dependentDialects = ["tile::TileDialect"];
}

def TileTestAxisInfo : Pass<"tile-test-axis-info", "mlir::ModuleOp"> {
  let summary = "print the axis analysis as remarks (for tests)";
  let description = [{
    Emits one remark per integer or pointer result (`result #i: ` prefixed
    when an op has several) and per integer or pointer block argument
    (`arg #i: `, on the op owning the region) with its contiguity,
    divisibility and constancy per dimension, and its value when constant.
    With `accesses-only`, emits instead one remark per `tile.load` and
    `tile.store` whose pointers have a layout: the vector width the lowering
    may use (AxisInfoAnalysis::getAccessVectorWidth).
  }];
  let options = [
    Option<"accessesOnly", "accesses-only", "bool", /*default=*/"false",
           "only report the vector width of loads and stores">,
  ];
}

#endif // TILEC_TRANSFORMS_PASSES_TD
