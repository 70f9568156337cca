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

// Scalars and tensors of them.
def Tile_Float : AnyTypeOf<[F16, BF16, F32, F64], "floating-point">;
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
