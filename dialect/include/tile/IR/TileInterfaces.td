//===- TileInterfaces.td - layout attribute interfaces ----*- tablegen -*-===//
//
// Every layout attribute is a spelling of one linear layout (see
// tile/Layout/LinearLayout.h). Passes and lowerings ask these interfaces, not
// the attributes' parameters, which thread or which shared-memory offset
// holds which element.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_INTERFACES_TD
#define TILE_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Tile_DistributedLayoutInterface
    : AttrInterface<"DistributedLayoutInterface"> {
  let cppNamespace = "::tile";
  let description = [{
    A layout of a tensor in registers: a map from (register, lane, warp) to
    tensor coordinates (dim0, dim1, ...).
  }];
  let methods = [
    InterfaceMethod<"the linear layout of a tensor of `shape`",
      "::tile::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<"the number of tensor dimensions it describes",
      "unsigned", "getLayoutRank", (ins)>,
  ];
}

def Tile_SharedLayoutInterface : AttrInterface<"SharedLayoutInterface"> {
  let cppNamespace = "::tile";
  let description = [{
    A layout of a buffer in shared memory: a map from element offset to
    tensor coordinates (dim0, dim1, ...), a bijection.
  }];
  let methods = [
    InterfaceMethod<"the linear layout of a buffer of `shape`",
      "::tile::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<"the number of buffer dimensions it describes",
      "unsigned", "getLayoutRank", (ins)>,
  ];
}

#endif // TILE_INTERFACES_TD
