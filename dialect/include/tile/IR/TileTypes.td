//===- TileTypes.td - tile dialect types ------------------*- tablegen -*-===//

#ifndef TILE_TYPES_TD
#define TILE_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "tile/IR/TileDialect.td"

class Tile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_PtrType : Tile_Type<"Ptr", "ptr"> {
  let summary = "pointer to global memory";
  let description = [{
    A pointer to an element of type `pointeeType` in global memory,
    e.g. `!tile.ptr<f32>`. Pointer arithmetic counts in elements.
  }];
  let parameters = (ins "Type":$pointeeType);
  let assemblyFormat = "`<` $pointeeType `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
  let genVerifyDecl = 1;
}

def Tile_MemDescType : Tile_Type<"MemDesc", "memdesc", [ShapedTypeInterface]> {
  let summary = "a buffer in the program's shared memory";
  let description = [{
    `!tile.memdesc<64x32xf16, #tile.swizzled_shared<...>>`: a block of
    shared memory holding a tensor of the given shape, elements placed by
    the shared layout `encoding` (which describes the trailing dimensions;
    leading ones, such as the stages of a multi-buffer, follow one another).
    Ops that allocate buffers get their byte offset from
    `tile-allocate-shared`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType, "::mlir::Attribute":$encoding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// ShapedTypeInterface: a memdesc always has a static shape.
    bool hasRank() const { return true; }
    /// ShapedTypeInterface: the same buffer kind with another shape/type.
    MemDescType cloneWith(std::optional<llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const;
    /// Bytes the buffer occupies.
    int64_t getSizeInBytes() const;
  }];
}

def Tile_AsyncTokenType : Tile_Type<"AsyncToken", "async_token"> {
  let summary = "an asynchronous copy, or a group of them";
  let description = [{
    Orders `tile.async_copy`, `tile.async_commit_group` and
    `tile.async_wait` in the IR; it has no value at run time.
  }];
}

def Tile_TensorMapType : Tile_Type<"TensorMap", "tensormap"> {
  let summary = "a CUDA tensor map kernel parameter";
  let description = [{
    The 128-byte `CUtensorMap` that describes a tensor descriptor's global
    tensor to the TMA unit. A `tensordesc` kernel parameter brings one, and
    so does a 2-d `tl.make_tensor_descriptor` of kernel parameters (after
    every other parameter; `tile.tensor_map_of` names the arguments it is
    encoded from). `tile-pipeline` drops those no TMA copy reads; the
    runtime encodes the others at launch with the box and swizzle the pass
    recorded. It lives in the parameter space (`.param .align 64 .b8
    [128]`) and is read only by `tile.tma_copy`.
  }];
}

// Scalars and tensors of them.
def Tile_Float : AnyTypeOf<[F16, BF16, F32, F64, F8E4M3FN, F8E5M2],
                           "floating-point">;
def Tile_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def Tile_Scalar : AnyTypeOf<[Tile_Float, Tile_Int, Tile_PtrType]>;

def Tile_FloatTensor : RankedTensorOf<[Tile_Float]>;
def Tile_IntTensor : RankedTensorOf<[Tile_Int]>;
def Tile_PtrTensor : RankedTensorOf<[Tile_PtrType]>;
def Tile_BoolTensor : RankedTensorOf<[I1]>;
def Tile_Tensor : RankedTensorOf<[Tile_Float, Tile_Int, Tile_PtrType]>;

def Tile_FloatLike : AnyTypeOf<[Tile_Float, Tile_FloatTensor]>;
def Tile_IntLike : AnyTypeOf<[Tile_Int, Tile_IntTensor]>;
def Tile_BoolLike : AnyTypeOf<[I1, Tile_BoolTensor]>;
def Tile_PtrLike : AnyTypeOf<[Tile_PtrType, Tile_PtrTensor]>;
def Tile_Type : AnyTypeOf<[Tile_Scalar, Tile_Tensor]>;

#endif // TILE_TYPES_TD
