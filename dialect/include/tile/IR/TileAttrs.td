//===- TileAttrs.td - tile layouts and enums --------------*- tablegen -*-===//

#ifndef TILE_ATTRS_TD
#define TILE_ATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/TensorEncoding.td"
include "tile/IR/TileDialect.td"

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_BlockedEncodingAttr : Tile_Attr<"BlockedEncoding", "blocked",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
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
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the layout of a tensor with one dimension of its parent removed";
  let description = [{
    The result of reducing a tensor of layout `parent` along `dim`, and the
    operand of `tile.expand_dims` along `dim` that yields the parent layout.
  }];
  let parameters = (ins "unsigned":$dim, "Attribute":$parent);
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

/// L1 eviction priority of a global load or store (`.L1::evict_first`, ...).
def Tile_EvictionPolicyAttr : I32EnumAttr<"EvictionPolicy",
    "L1 eviction priority of a global access", [
    I32EnumAttrCase<"EvictNormal", 0, "evict_normal">,
    I32EnumAttrCase<"EvictFirst", 1, "evict_first">,
    I32EnumAttrCase<"EvictLast", 2, "evict_last">]> {
  let cppNamespace = "::tile";
}

#endif // TILE_ATTRS_TD
