//===- TileAttrs.td - tile layouts and enums --------------*- tablegen -*-===//

#ifndef TILE_ATTRS_TD
#define TILE_ATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/TensorEncoding.td"
include "tile/IR/TileDialect.td"
include "tile/IR/TileInterfaces.td"

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_BlockedEncodingAttr : Tile_Attr<"BlockedEncoding", "blocked",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>]> {
  let summary = "a tensor distributed over registers, lanes and warps";
  let description = [{
    Each thread owns `sizePerThread[d]` consecutive elements along dimension
    d; `threadsPerWarp` lanes and `warpsPerCTA` warps tile the block, lanes
    and warps filling `order[0]` (the fastest-varying dimension) first. A
    tensor larger than one such tile wraps around: each thread then holds
    several repetitions. The product of `threadsPerWarp` is 32.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
    /// Number of warps this layout spreads over.
    unsigned getNumWarps() const;
  }];
}

def Tile_SliceEncodingAttr : Tile_Attr<"SliceEncoding", "slice",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>]> {
  let summary = "the layout of a tensor with one dimension of its parent removed";
  let description = [{
    The result of reducing a tensor of layout `parent` along `dim`, and the
    operand of `tile.expand_dims` along `dim` that yields the parent layout.
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Tile_LinearEncodingAttr : Tile_Attr<"LinearEncoding", "linear",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>]> {
  let summary = "a register layout given by its linear map";
  let description = [{
    The layout as a linear layout over GF(2) (tile/Layout/LinearLayout.h):
    for each bit of the register index, the lane id and the warp id, the
    coordinates of the element it selects, XORed together. It spells the
    layouts that reshaping, joining, splitting or permuting another layout
    in registers gives and that no other attribute can (a wgmma accumulator
    reshaped to 3-d, say). It describes tensors of exactly `shape`: every
    element must be held by some thread, copies are allowed.

    Printed with one list of coordinates per input bit, lowest first:
    `#tile.linear<shape = [64, 2], register = [[0, 1], [1, 0]],
    lane = [[2, 0], ...], warp = [...]>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int32_t">:$registerBases,
                        ArrayRefParameter<"int32_t">:$laneBases,
                        ArrayRefParameter<"int32_t">:$warpBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The attribute spelling `layout`, whose input dims must be among
    /// register, lane and warp and whose output dims must be dim0, dim1, ...
    /// in order.
    static LinearEncodingAttr get(::mlir::MLIRContext *context,
                                  const ::tile::LinearLayout &layout);
    /// The layout this attribute spells.
    ::tile::LinearLayout getLinearLayout() const;
  }];
}

//===----------------------------------------------------------------------===//
// Tensor-core layouts
//===----------------------------------------------------------------------===//

def Tile_MmaEncodingAttr : Tile_Attr<"MmaEncoding", "mma",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>]> {
  let summary = "the accumulator of mma.sync m16n8 (sm_80 and later)";
  let description = [{
    An M x N fp32 accumulator as `mma.sync.aligned.m16n8k*` leaves it: in
    each 16 x 8 tile lane l holds rows l/4 and l/4 + 8, columns 2*(l%4) and
    2*(l%4) + 1. `warpsPerCTA = [wm, wn]` tiles the warps over M and N (warp
    ids fill N first) at the granularity of one instruction tile; a tensor
    larger than 16*wm x 8*wn repeats over registers, along N first.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$warpsPerCTA);
  let assemblyFormat = "`<` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of warps the layout spreads over.
    unsigned getNumWarps() const;
  }];
}

def Tile_WgmmaEncodingAttr : Tile_Attr<"WgmmaEncoding", "wgmma",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>]> {
  let summary = "the accumulator of wgmma.mma_async m64nNk* (sm_90a)";
  let description = [{
    An M x N fp32 accumulator as a warpgroup's `wgmma.mma_async` with
    instruction width `instrN` leaves it: warp w of a warpgroup holds rows
    16w..16w+15 of each 64-row tile, in the mma.sync pattern per 16 x 8
    piece. `warpsPerCTA = [wm, wn]`, wm a multiple of 4, tiles warpgroups
    over M (64 rows each) and then N (`instrN` columns each).

    With `transposed`, the product is computed as D^T = B^T A^T: the
    instruction's rows run along N (`warpsPerCTA = [wm, 1]`, 64 rows per
    warpgroup, repeated in registers) and its `instrN` columns along M. B is
    then wgmma's register operand (`#tile.dot_operand<opIdx = 1>` of this
    layout) and A its K-major shared one: how tf32 products take a B that
    is contiguous along N. The rows are relabelled so that each thread
    holds consecutive elements along N (see LayoutKinds.h).
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        "unsigned":$instrN,
                        DefaultValuedParameter<"bool", "false">:$transposed);
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "unsigned":$instrN,
                     CArg<"bool", "false">:$transposed), [{
      return $_get($_ctxt, warpsPerCTA, instrN, transposed);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let assemblyFormat = [{
    `<` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,` `instrN` `=` $instrN
    (`,` `transposed` `=` $transposed^)? `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_DotOperandEncodingAttr : Tile_Attr<"DotOperandEncoding", "dot_operand",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>]> {
  let summary = "a factor of a tensor-core product, in its registers";
  let description = [{
    Operand `opIdx` (0: A, M x K; 1: B, K x N) of a `tile.dot` whose result
    has layout `parent` (`#tile.mma`), placed as the instruction reads its
    fragments: `kWidth` consecutive K elements per 32-bit register (2 for
    fp16/bf16, m16n8k16; 1 for tf32, m16n8k8). Warps along the other
    operand's dimension hold copies. With a transposed `#tile.wgmma`
    parent, operand 1 (tf32, kWidth 1) is the register operand wgmma reads.
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        "unsigned":$kWidth);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Shared-memory layouts
//===----------------------------------------------------------------------===//

def Tile_SwizzledSharedEncodingAttr
    : Tile_Attr<"SwizzledSharedEncoding", "swizzled_shared",
                [DeclareAttrInterfaceMethods<Tile_SharedLayoutInterface>]> {
  let summary = "a row-major buffer whose vectors are XOR-swizzled per row";
  let description = [{
    Rows along `order[1]`, `order[0]` contiguous. The element at row r,
    column c is stored at r * C + ((c / vec) ^ ((r / perPhase) % maxPhase))
    * vec + c % vec: groups of `perPhase` rows rotate their `vec`-element
    vectors differently, so that the rows `ldmatrix` reads together fall in
    distinct banks. `vec = 1, perPhase = 1, maxPhase = 1` is plain
    row-major. `order` is a permutation of the dims, fastest first: a
    rank-1 buffer is plain, and dims after the first two hold whole
    matrices.
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `vec` `=` $vec `,` `perPhase` `=` $perPhase `,` `maxPhase` `=`
    $maxPhase `,` `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_NvmmaSharedEncodingAttr
    : Tile_Attr<"NvmmaSharedEncoding", "nvmma_shared",
                [DeclareAttrInterfaceMethods<Tile_SharedLayoutInterface>]> {
  let summary = "a buffer in one of PTX's canonical swizzle modes";
  let description = [{
    The layouts wgmma matrix descriptors and TMA copies name: the
    contiguous dimension (dim1, or dim0 when `transposed`) is cut into
    blocks of `swizzle` bytes (0: no swizzle, 32, 64 or 128); within a block
    the 16-byte chunk index of each row is XORed with the row index bits
    that PTX's swizzle mode uses.
  }];
  let parameters = (ins "unsigned":$swizzle, "unsigned":$elementBits,
                        "bool":$transposed);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Tile_ReduceKindAttr : I32EnumAttr<"ReduceKind", "reduction combiner", [
    I32EnumAttrCase<"Sum", 0, "sum">,
    I32EnumAttrCase<"Max", 1, "max">,
    I32EnumAttrCase<"Min", 2, "min">]> {
  let cppNamespace = "::tile";
}

/// PTX cache operators of a global load or store (`ld.global.cg`, ...). They
/// are hints: they change where lines are kept, never what a thread reads.
def Tile_CacheModifierAttr : I32EnumAttr<"CacheModifier",
    "cache operator of a global access", [
    I32EnumAttrCase<"CA", 0, "ca">,
    I32EnumAttrCase<"CG", 1, "cg">,
    I32EnumAttrCase<"CS", 2, "cs">,
    I32EnumAttrCase<"LU", 3, "lu">,
    I32EnumAttrCase<"CV", 4, "cv">,
    I32EnumAttrCase<"WB", 5, "wb">,
    I32EnumAttrCase<"WT", 6, "wt">]> {
  let cppNamespace = "::tile";
}

/// How tl.dot multiplies fp32 factors (`input_precision`): on the tensor
/// cores in tf32 (Triton's default), or exactly in fp32 (`ieee`). `tf32x3`
/// (Triton's three-pass split) is computed as `ieee`, which is at least as
/// precise. fp16 and bf16 factors ignore it.
def Tile_InputPrecisionAttr : I32EnumAttr<"InputPrecision",
    "precision of fp32 matrix products", [
    I32EnumAttrCase<"TF32", 0, "tf32">,
    I32EnumAttrCase<"TF32x3", 1, "tf32x3">,
    I32EnumAttrCase<"IEEE", 2, "ieee">]> {
  let cppNamespace = "::tile";
}

/// L1 eviction priority of a global load or store (`.L1::evict_first`, ...).
def Tile_EvictionPolicyAttr : I32EnumAttr<"EvictionPolicy",
    "L1 eviction priority of a global access", [
    I32EnumAttrCase<"EvictNormal", 0, "evict_normal">,
    I32EnumAttrCase<"EvictFirst", 1, "evict_first">,
    I32EnumAttrCase<"EvictLast", 2, "evict_last">]> {
  let cppNamespace = "::tile";
}

/// The combiner of `tile.scan` (tl.cumsum, tl.cumprod).
def Tile_ScanKindAttr : I32EnumAttr<"ScanKind", "scan combiner", [
    I32EnumAttrCase<"Sum", 0, "sum">,
    I32EnumAttrCase<"Prod", 1, "prod">,
    I32EnumAttrCase<"Max", 2, "max">,
    I32EnumAttrCase<"Min", 3, "min">]> {
  let cppNamespace = "::tile";
}

/// The read-modify-write of `tile.atomic_rmw`. `max`/`min` compare signed
/// integers or floats; `umax`/`umin` compare integers as unsigned.
def Tile_AtomicKindAttr : I32EnumAttr<"AtomicKind",
    "atomic read-modify-write operation", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Max", 1, "max">,
    I32EnumAttrCase<"Min", 2, "min">,
    I32EnumAttrCase<"UMax", 3, "umax">,
    I32EnumAttrCase<"UMin", 4, "umin">,
    I32EnumAttrCase<"And", 5, "and">,
    I32EnumAttrCase<"Or", 6, "or">,
    I32EnumAttrCase<"Xor", 7, "xor">,
    I32EnumAttrCase<"Xchg", 8, "xchg">]> {
  let cppNamespace = "::tile";
}

/// Memory ordering of an atomic (PTX `.relaxed`, `.acquire`, `.release`,
/// `.acq_rel`; Triton's `sem=`).
def Tile_MemSemanticAttr : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic", [
    I32EnumAttrCase<"Relaxed", 0, "relaxed">,
    I32EnumAttrCase<"Acquire", 1, "acquire">,
    I32EnumAttrCase<"Release", 2, "release">,
    I32EnumAttrCase<"AcqRel", 3, "acq_rel">]> {
  let cppNamespace = "::tile";
}

/// Which threads an atomic orders against (PTX `.cta`, `.gpu`, `.sys`;
/// Triton's `scope=`).
def Tile_MemScopeAttr : I32EnumAttr<"MemScope", "scope of an atomic", [
    I32EnumAttrCase<"CTA", 0, "cta">,
    I32EnumAttrCase<"GPU", 1, "gpu">,
    I32EnumAttrCase<"Sys", 2, "sys">]> {
  let cppNamespace = "::tile";
}

#endif // TILE_ATTRS_TD
